"""The settings of one run: the one record the command line hands to the checking code.

``check`` and ``audit`` build it from their options (after the settings file,
:mod:`wixoss_deckcheck.checking.settings_file`); a :class:`~wixoss_deckcheck.checking.session.CheckSession`
and every audit worker are made from it, so they all check a deck the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class RunSettings(NamedTuple):
    """How to check: pool, language, checks left out, format, day, encoding (picklable)."""

    cardpool: str | None = None
    #: Why ``cardpool``: ``settings`` when the settings file named it (None: --cardpool, or none).
    cardpool_origin: str | None = None
    lang: str | None = None
    disable: tuple[str, ...] = ()
    format_id: str | None = None
    format_file: str | None = None
    as_of: str | None = None
    encoding: str | None = None
    #: Also run the play-legality analysis (``check --play``).
    play: bool = False
    #: Also word each result as JSON in the audit's workers (:meth:`DeckResult.to_json`),
    #: for a JSON report: the workers share that work instead of the parent doing it at the end.
    json_in_workers: bool = False
    #: Format id, format file and date for a deck without its own ``# format:`` / ``# date:``
    #: header: the settings file's (below the deck's header, above the built-in defaults).
    defaults: tuple[str | None, str | None, str | None] = (None, None, None)

    @classmethod
    def from_options(cls, options: Mapping[str, Any], **extra: Any) -> RunSettings:
        """The settings of a command's merged options (command line over settings file)."""
        values: dict[str, Any] = {name: options.get(name) for name in cls._fields if name in options}
        values["disable"] = tuple(options.get("disable") or ())
        values["play"] = bool(options.get("play"))
        values["defaults"] = tuple(options.get(f"default_{name}") for name in ("format_id", "format_file", "as_of"))
        values.update(extra)
        return cls(**values)

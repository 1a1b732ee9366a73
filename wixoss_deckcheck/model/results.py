"""Results: the verdict on one deck, and the report of one run (every deck checked),
as reporters and exit codes see them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wixoss_deckcheck import __version__
from wixoss_deckcheck.errors import MAX_PATH, InputError, printable
from wixoss_deckcheck.model.violation import Violation


@dataclass
class DeckResult:
    """The verdict on one deck: its violations, or the input error that stopped it."""

    path: str
    format: str | None = None
    as_of: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    error: InputError | None = None
    #: A file that is not a decklist but another kind of file (``format_table``...: see
    #: decklist/other_files.py), which ``audit`` skips; its ``error`` says why it was no deck.
    skipped: str | None = None
    #: :meth:`to_dict` as compact JSON, once :meth:`to_json` has made it.
    json_text: str | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Every reporter shows this path: control characters, newlines and undecodable
        # bytes in a file name are escaped once here, so no report can be steered by one.
        self.path = printable(self.path, limit=MAX_PATH)

    def __reduce__(self) -> tuple[type[DeckResult], tuple[Any, ...]]:
        # Compact when crossing to the parent process of a parallel audit (see Violation).
        return (
            DeckResult,
            (self.path, self.format, self.as_of, self.counts, self.violations, self.error, self.skipped,
             self.json_text),
        )

    def to_json(self) -> str:
        """:meth:`to_dict` as compact JSON text (``json.dumps`` with its default separators),
        made once: a parallel audit has its workers make it for the JSON reports. Call it
        only on a finished result."""
        if self.json_text is None:
            import json  # only for a JSON report: a check in text never loads it

            self.json_text = json.dumps(self.to_dict(), ensure_ascii=False)
        return self.json_text

    @property
    def legal(self) -> bool:
        return self.error is None and not any(v.is_error for v in self.violations)

    @property
    def has_input_problem(self) -> bool:
        """Unreadable, or holding cards the pool cannot name (exit code 2): an input error
        (an input warning, such as a name the rest of the deck decided, is no problem)."""
        return self.error is not None or any(v.kind == "input" and v.is_error for v in self.violations)

    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.is_error]

    def warnings(self) -> list[Violation]:
        return [v for v in self.violations if not v.is_error]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "path": self.path,
            "format": self.format,
            "as_of": self.as_of,
            "legal": self.legal,
            "counts": self.counts,
            "violations": [v.to_dict() for v in self.violations],
        }
        if self.error is not None:
            data["error"] = {"message": self.error.message, "line": self.error.line}
        return data


@dataclass
class RunReport:
    """Everything a reporter needs; reporters never decide pass or fail."""

    results: list[DeckResult]
    format: str | None
    format_name: str | None
    as_of: str | None
    pool_path: str
    pool_cards: int
    pool_origin: str
    lang: str = "en"
    list_problems: list[dict[str, Any]] = field(default_factory=list)
    strict: bool = False
    #: The settings file the run used, if any (``-v`` and the JSON report say which).
    settings_path: str | None = None
    #: The command that made the run (``check`` or ``audit``): the closing count speaks of it.
    command: str = "audit"
    #: The files ``audit`` skipped as not decklists: (path, kind), for ``-v``.
    skipped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        legal = sum(1 for r in self.results if r.error is None and r.legal)
        unreadable = sum(1 for r in self.results if r.error is not None)
        return {
            "total": len(self.results),
            "legal": legal,
            "illegal": len(self.results) - legal - unreadable,
            "unreadable": unreadable,
        }

    def per_code(self) -> dict[str, int]:
        """How many violations of each check code the decks have, by code."""
        counts: dict[str, int] = {}
        for result in self.results:
            for violation in result.violations:
                counts[violation.code] = counts.get(violation.code, 0) + 1
        return dict(sorted(counts.items()))

    def exit_code(self, strict: bool = False) -> int:
        """0 clean, 1 a deck breaks a rule, 2 an input problem (unreadable deck, unknown card, broken list)."""
        if any(r.has_input_problem for r in self.results) or any(p["severity"] == "error" for p in self.list_problems):
            return 2
        if any(not r.legal for r in self.results):
            return 1
        if strict and any(r.violations for r in self.results):
            return 1
        return 0

    def to_dict(self, decks: bool = True) -> dict[str, Any]:
        """The whole report as plain data (``decks=False``: everything but the decks)."""
        return {
            "tool": "wixoss-deckcheck",
            "version": __version__,
            "format": self.format,
            "format_name": self.format_name,
            "as_of": self.as_of,
            "lang": self.lang,
            "cardpool": {"path": self.pool_path, "cards": self.pool_cards, "origin": self.pool_origin},
            "settings": self.settings_path,
            "list_problems": self.list_problems,
            "summary": {**self.counts, "violations_per_code": self.per_code()},
            **({"decks": [result.to_dict() for result in self.results]} if decks else {}),
        }

"""Project settings: ``[tool.wixoss-deckcheck]`` in ``pyproject.toml`` or ``.wixoss-deckcheck.yaml``.

The settings file is found by walking up from the current directory; the first
directory that has one wins (``.wixoss-deckcheck.yaml`` before ``pyproject.toml``),
and the walk stops at the root of a git checkout. Settings are defaults for the
``check`` and ``audit`` commands, and ``cardpool`` the pool of every command that reads one
(:func:`~wixoss_deckcheck.cli.options.settings_pool`): an option given on the command line wins.

Every file is validated against ``schemas/config.schema.json`` completed with the output
formats of the reporter registry (unknown keys are refused, since they are usually
typos; :func:`~wixoss_deckcheck.checking.settings_read.settings_schema`): a problem is an :class:`InputError` naming
the file, the line and the JSON path. A file read once is remembered in the user cache
until it changes (:mod:`~wixoss_deckcheck.checking.settings_read` reads it the first
time). Relative paths (``cardpool``, ``format-file``) are relative to the settings file.
``cardpool`` names a pool file, a folder of card lists, or ``update``
(:mod:`~wixoss_deckcheck.cli.pool_choice` turns each into a pool file).
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.cache import file_stamp, load_marshalled, store_marshalled
from wixoss_deckcheck.files.resources import schemas_dir
from wixoss_deckcheck.files.text import MAX_YAML_BYTES, read_text_file
from wixoss_deckcheck.reporters.registry import reporter_names

YAML_NAMES = (".wixoss-deckcheck.yaml", ".wixoss-deckcheck.yml")
TABLE = "wixoss-deckcheck"
#: Settings whose value is a path, resolved against the settings file's folder.
PATH_KEYS = ("cardpool", "format-file")
#: The ``cardpool`` value that is no path: the installed pool, downloaded on first use.
POOL_UPDATE = "update"

_TABLE_HEADER = re.compile(
    r"^\s*\[\s*tool\s*\.\s*(?:\"wixoss-deckcheck\"|'wixoss-deckcheck'|wixoss-deckcheck)\s*\]", re.MULTILINE
)


@dataclass
class Config:
    """Settings read from one file (``values`` keyed as in the file, paths made absolute)."""

    path: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)
    #: The line of each key in the file (for errors about a value, e.g. an unknown check).
    lines: dict[str, int | None] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


def find_config(start: Path | None = None) -> Path | None:
    """The settings file that applies in ``start`` (default: the current directory), if any."""
    directory = (start or Path.cwd()).resolve()
    for folder in (directory, *directory.parents):
        for name in YAML_NAMES:
            candidate = folder / name
            if candidate.is_file():
                return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_table(pyproject):
            return pyproject
        if (folder / ".git").exists():
            break
    return None


def _has_table(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text(encoding="utf-8-sig", errors="replace")
    except OSError:
        return False
    return bool(_TABLE_HEADER.search(text))


def load_config(path: str | Path | None = None, start: Path | None = None) -> Config:
    """Read the settings file ``path`` (default: the one :func:`find_config` finds)."""
    if path is None:
        found = find_config(start)
        if found is None:
            return Config()
        path = found
    path = Path(path)
    data, lines = _validated(path)
    values = dict(data)
    if "as-of" in values:
        try:
            values["as-of"] = _dt.date.fromisoformat(values["as-of"].strip()).isoformat()
        except ValueError:
            raise InputError(
                f"as-of is not a date (YYYY-MM-DD): {values['as-of']!r} at /as-of", str(path), lines.get("as-of")
            ) from None
    for key in PATH_KEYS:
        if key in values and values[key] != POOL_UPDATE and not Path(values[key]).is_absolute():
            values[key] = str((path.parent / values[key]).resolve())
    return Config(path, values, lines)


def _validated(path: Path) -> tuple[dict[str, Any], dict[str, int | None]]:
    """The validated settings of a file and the line of each: from the cache while the
    file and the settings schema are unchanged, else read (and cached)."""
    text = read_text_file(path, "settings file", MAX_YAML_BYTES)
    # the schema file, and the output formats it is completed with (the reporter registry)
    depends = f"{file_stamp(schemas_dir() / 'config.schema.json')}:{','.join(reporter_names())}"
    cached = load_marshalled("settings", path, depends)
    if cached is not None:
        data, lines = cached
        return data, lines
    from wixoss_deckcheck.checking.settings_read import read_settings  # the slow path: TOML or YAML, the schema

    data, lines = read_settings(text, path, TABLE, _TABLE_HEADER)
    store_marshalled("settings", path, (data, lines), depends)
    return data, lines

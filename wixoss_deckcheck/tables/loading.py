"""Format tables: loading, schema validation, ``extends``, and the rules in force on a day.

Built-in formats live in ``formats/*.yaml``; a user format file (``--format-file``)
has the same shape and may ``extends:`` a built-in format (or another file).
Every table is validated against ``formats/schema.json`` before use; a table
that passed once is remembered in the user cache (by its size and modification time,
and the schema's stamp) so that a normal ``check`` does not pay for loading the validator.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.files.cache import load_marshalled, store_marshalled
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.tables.mayus_room import MayuEntry, mayu_entries

_DATE_KEYS = ("since", "until", "announced", "effective")


DEFAULT_FORMAT = "diva"


class Rule(NamedTuple):
    """One dated rule of a format: run ``check`` with ``params`` between since and until."""

    id: str
    check: str
    params: dict
    severity: str | None = None
    since: str | None = None
    until: str | None = None
    source: str | None = None
    note: str | None = None

    def in_force(self, day: str) -> bool:
        return (self.since is None or self.since <= day) and (self.until is None or day < self.until)


@dataclass
class FormatTable:
    """A format as declared (after ``extends`` is applied), valid for any date."""

    id: str
    name: str
    names: dict
    since: str | None
    until: str | None
    source: str | None
    description: str | None
    icons: list[dict]
    rules: list[Rule]
    mayus_room: list[MayuEntry]
    files: list[str] = field(default_factory=list)

    def display_name(self, lang: str | None = "en") -> str:
        from wixoss_deckcheck.messages import pick_name

        return pick_name(self.names, lang, self.name)

    def check_date(self, day: str) -> None:
        """A date before the format existed (or after it ended) is a usage error."""
        if self.since and day < self.since:
            raise UsageError(f"{self.name} ({self.id}) starts on {self.since}; there is no such format on {day}")
        if self.until and day >= self.until:
            raise UsageError(f"{self.name} ({self.id}) ended on {self.until}; there is no such format on {day}")

    def rules_in_force(self, day: str) -> list[Rule]:
        return [rule for rule in self.rules if rule.in_force(day)]

    def mayus_room_in_force(self, day: str) -> list[MayuEntry]:
        return [entry for entry in self.mayus_room if entry.in_force(day)]


# -- finding and reading tables ---------------------------------------------------

_ID_LINE = re.compile(r"^id:\s*['\"]?([^'\"\s#]+)", re.MULTILINE)
#: What a format's id, name or alias is compared without: case, width, spaces, hyphens,
#: underscores, dots and middle dots (``Diva Selection``, ``diva-selection``, ``ディーヴァ・セレクション``).
_NAME_NOISE = re.compile(r"[\s\-_・·.]+")


def fold_format_name(name: str) -> str:
    """A format's id, name or alias as it is compared (NFKC, case-folded, without the noise above)."""
    return _NAME_NOISE.sub("", unicodedata.normalize("NFKC", name).casefold())


class BuiltinFormat(NamedTuple):
    """A shipped table (``formats/*.yaml``) as the lists of formats need it."""

    id: str
    path: Path
    abstract: bool
    since: str | None
    #: Every way of writing it: its id, ``name``, ``names`` and ``aliases``.
    spellings: tuple[str, ...]


@lru_cache(maxsize=1)
def builtin_formats() -> tuple[BuiltinFormat, ...]:
    """The shipped tables, read as tables (through the table cache), in the order the formats
    began (``since``; a format without one first). A file without an ``id`` (``play-rules.yaml``)
    is no format table. The list is remembered in the user cache with the size and time of
    every table, so a warm start reads no table for it."""
    folder = formats_dir()
    paths = sorted(folder.glob("*.yaml"))
    depends = "".join(f"{path.name}:{info.st_size}:{info.st_mtime_ns};" for path in paths for info in [path.stat()])
    cached = load_marshalled("format-list", folder, depends)
    if cached is None:
        cached = [_builtin_format(path) for path in paths if _ID_LINE.search(path.read_text(encoding="utf-8"))]
        store_marshalled("format-list", folder, cached, depends)
    found = [
        BuiltinFormat(key, folder / name, abstract, since, tuple(spellings))
        for key, name, abstract, since, spellings in cached
    ]
    return tuple(sorted(found, key=lambda item: (item.since or "", item.id)))


def _builtin_format(path: Path) -> tuple[str, str, bool, str | None, list[str]]:
    """What :class:`BuiltinFormat` holds of a shipped table, as plain data for the cache."""
    data = read_table(path)
    abstract = bool(data.get("abstract"))
    spellings = [data["id"]]
    if not abstract:  # a base table is named only by its id (extends: common)
        spellings += [data.get("name") or "", *(data.get("names") or {}).values(), *(data.get("aliases") or ())]
    return data["id"], path.name, abstract, data.get("since"), spellings


@lru_cache(maxsize=1)
def builtin_index() -> dict[str, BuiltinFormat]:
    """Each way of writing a built-in format (folded: :func:`fold_format_name`) to the format;
    two formats written alike are an error of the second table."""
    index: dict[str, BuiltinFormat] = {}
    for item in builtin_formats():
        for spelling in item.spellings:
            key = fold_format_name(spelling)
            other = index.setdefault(key, item) if key else item
            if other is not item:
                raise InputError(f"{spelling!r} already names the format {other.id!r}", str(item.path))
    return index


def builtin_format_ids() -> list[str]:
    """Ids of the built-in formats (not abstract base tables), in the order they began."""
    return [item.id for item in builtin_formats() if not item.abstract]


def builtin_format_id(name: str) -> str | None:
    """The id of the built-in format ``name`` writes (an id, a name or an alias, as people
    write them), or None."""
    found = builtin_index().get(fold_format_name(name))
    return found.id if found is not None else None


def builtin_path(format_id: str) -> Path:
    found = builtin_index().get(fold_format_name(format_id))
    if found is None:
        known = ", ".join(builtin_format_ids())
        raise UsageError(f"unknown format {format_id!r} (known: {known}; or give --format-file)")
    return found.path


def validate_table(data: Any, path: Path, text: str) -> None:
    """Validate a format table; raise InputError with file, line and JSON path."""
    from wixoss_deckcheck.files.schema import validate
    from wixoss_deckcheck.tables.schema import format_schema

    if not isinstance(data, dict):
        raise InputError("a format table must be a YAML mapping (id:, rules:, mayus_room:)", str(path), 1)
    validate(data, format_schema(), str(path), lambda parts: _line_of(text, parts))


def _line_of(text: str, parts: list) -> int | None:
    """The line of the entry at a JSON path in a format file's text."""
    from wixoss_deckcheck.files.yamllines import compose_with_lines, line_at

    try:
        return line_at(compose_with_lines(text, ""), parts)
    except InputError:
        return None


def _check_dates(value, parts: list, path: Path, text: str) -> None:
    """Every since/until/announced/effective must be a real calendar day."""
    if _has_bad_date(value, set()):
        _name_bad_date(value, parts, path, text)


def _has_bad_date(value, good: set) -> bool:
    """Whether a date key anywhere holds text that is no calendar day (a quick walk that
    tries each distinct date once; :func:`_name_bad_date` then finds where)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _DATE_KEYS and isinstance(item, str):
                if item not in good:
                    try:
                        _dt.date.fromisoformat(item)
                    except ValueError:
                        return True
                    good.add(item)
            elif isinstance(item, (dict, list)) and _has_bad_date(item, good):
                return True
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)) and _has_bad_date(item, good):
                return True
    return False


def _name_bad_date(value, parts: list, path: Path, text: str) -> None:
    """Raise the InputError for the first bad date, with its JSON path and line."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _DATE_KEYS and isinstance(item, str):
                try:
                    _dt.date.fromisoformat(item)
                except ValueError:
                    where = parts + [key]
                    raise InputError(
                        f"{item!r} is not a calendar date (YYYY-MM-DD) at /{'/'.join(map(str, where))}",
                        str(path),
                        _line_of(text, where),
                    ) from None
            else:
                _name_bad_date(item, parts + [key], path, text)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _name_bad_date(item, parts + [index], path, text)


def read_table(path: Path) -> dict:
    """Read and validate one format file (validation remembered in the cache)."""
    from wixoss_deckcheck.files.cache import load_marshalled, store_marshalled
    from wixoss_deckcheck.files.text import read_text_file
    from wixoss_deckcheck.tables.schema import schema_stamp

    text = read_text_file(path, "format file")
    depends = schema_stamp()
    cached = load_marshalled("table", path, depends)
    if cached is not None:
        return cached
    from wixoss_deckcheck.files.yamllines import load_plain

    data = load_plain(text, str(path))
    validate_table(data, path, text)
    _check_dates(data, [], path, text)
    store_marshalled("table", path, data, depends)
    return data


#: How many format files one may extend in a chain (the built-in ones extend none).
MAX_EXTENDS = 16


def load_table(path: Path, _seen: tuple = ()) -> FormatTable:
    """Load a format file and everything it extends (at most :data:`MAX_EXTENDS` deep)."""
    path = Path(path)
    if path.resolve() in _seen:
        raise InputError("format files extend each other in a circle", str(path))
    if len(_seen) >= MAX_EXTENDS:
        raise InputError(f"more than {MAX_EXTENDS} format files extend one another in a chain", str(path))
    data = read_table(path)
    parent: FormatTable | None = None
    if data.get("extends"):
        target = data["extends"]
        candidate = (path.parent / target) if target.endswith((".yaml", ".yml")) else None
        if candidate is not None and os.path.isfile(candidate):  # False on any OSError (a name too long)
            parent_path = candidate
        else:
            try:
                parent_path = builtin_path(target)
            except UsageError:
                raise InputError(
                    f"extends {target!r}, which is neither a built-in format nor a file", str(path)
                ) from None
        parent = load_table(parent_path, _seen + (path.resolve(),))
    rules = [
        Rule(
            r["id"],
            r["check"],
            dict(r.get("params") or {}),
            r.get("severity"),
            r.get("since"),
            r.get("until"),
            r.get("source"),
            r.get("note"),
        )
        for r in data.get("rules", [])
    ]
    if parent is not None:
        replaced = {rule.id for rule in rules} | set(data.get("disable", []))
        unknown = set(data.get("disable", [])) - {rule.id for rule in parent.rules}
        if unknown:
            raise InputError(
                f"disable names rule(s) the parent format does not have: {', '.join(sorted(unknown))}", str(path)
            )
        rules = [rule for rule in parent.rules if rule.id not in replaced] + rules
    mayu = list(parent.mayus_room) if parent else []
    mayu += mayu_entries(data.get("mayus_room", []), start=len(mayu))
    return FormatTable(
        id=data["id"],
        name=data.get("name") or (parent.name if parent else data["id"]),
        names=data.get("names") or (parent.names if parent and not data.get("name") else {}),
        since=data.get("since", parent.since if parent else None),
        until=data.get("until", parent.until if parent else None),
        source=data.get("source") or (parent.source if parent else None),
        description=data.get("description") or (parent.description if parent else None),
        icons=data.get("icons") or (parent.icons if parent else []),
        rules=rules,
        mayus_room=mayu,
        files=(parent.files if parent else []) + [str(path)],
    )


def load_format(format_id: str | None = None, format_file: str | None = None) -> FormatTable:
    """Load a built-in format by id/alias, or a user format file."""
    if format_file:
        return load_table(Path(format_file))
    return load_table(builtin_path(format_id or DEFAULT_FORMAT))

"""Format tables: loading, ``extends``, and the rules in force on a day.

Built-in formats live in ``formats/*.yaml``; a user format file (``--format-file``)
has the same shape and may ``extends:`` a built-in format (or another file).
Every table is validated against ``formats/schema.json`` before use; a table
that passed once is remembered in the user cache (by its size and modification time,
and :func:`schema_stamp`) so that a normal ``check`` does not pay for YAML or the
validator. A table not yet cached is validated by :mod:`~wixoss_deckcheck.tables.schema`.
"""

from __future__ import annotations

import os
import re
import unicodedata
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from wixoss_deckcheck.checks import REGISTRY
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.files.cache import file_stamp, load_marshalled, store_marshalled
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.files.text import MAX_YAML_BYTES, read_text_file
from wixoss_deckcheck.messages import pick_name
from wixoss_deckcheck.tables.mayus_room import MayuEntry, mayu_entries
from wixoss_deckcheck.tables.table_values import cached_values_ok, remember_schema

DEFAULT_FORMAT = "diva"


class Rule(NamedTuple):
    """One dated rule of a format: run ``check`` with ``params`` between since and until."""

    id: str
    check: str
    params: dict[str, Any]
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
    names: dict[str, str]
    since: str | None
    until: str | None
    source: str | None
    description: str | None
    icons: list[dict[str, Any]]
    rules: list[Rule]
    mayus_room: list[MayuEntry]
    files: list[str] = field(default_factory=list)

    def display_name(self, lang: str | None = "en") -> str:
        return pick_name(self.names, lang, self.name)

    def check_date(self, day: str) -> None:
        """A date before the format existed (or after it ended) is a usage error."""
        if self.since and day < self.since:
            raise UsageError(f"{self.name} ({self.id}) starts on {self.since}; there is no such format on {day}")
        if self.until and day >= self.until:
            raise UsageError(f"{self.name} ({self.id}) ended on {self.until}; there is no such format on {day}")

    def rules_in_force(self, day: str) -> list[Rule]:
        return [rule for rule in self.rules if rule.in_force(day)]

    def summary(self) -> dict[str, Any]:
        """The table as ``formats -O json`` lists it (and ``serve``'s ``GET /api/formats``)."""
        return {
            "id": self.id,
            "name": self.name,
            "names": self.names,
            "since": self.since,
            "until": self.until,
            "rules": len(self.rules),
            "mayus_room": len(self.mayus_room),
            "file": self.files[-1],
        }

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
    if cached is None or not _format_list_ok(cached, {path.name for path in paths}):  # absent, stale, wrong shape
        cached = [_builtin_format(path) for path in paths if _ID_LINE.search(path.read_text(encoding="utf-8"))]
        store_marshalled("format-list", folder, cached, depends)
    found = [
        BuiltinFormat(key, folder / name, abstract, since, tuple(spellings))
        for key, name, abstract, since, spellings in cached
    ]
    return tuple(sorted(found, key=lambda item: (item.since or "", item.id)))


def _format_list_ok(cached: Any, names: set[str]) -> bool:
    """Whether a cached list of the shipped formats has the shape :func:`builtin_formats` reads
    (and names only the tables in the folder)."""
    return cached.__class__ is list and all(
        item.__class__ in (list, tuple) and len(item) == 5
        and item[0].__class__ is str and item[1].__class__ is str and item[2].__class__ is bool
        and (item[3] is None or item[3].__class__ is str)
        and item[4].__class__ in (list, tuple) and all(name.__class__ is str for name in item[4])
        and item[1] in names
        for item in cached
    )


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


# -- reading one table ---------------------------------------------------------------


@lru_cache(maxsize=1)
def schema_stamp() -> str:
    """What a cached table was validated with: ``formats/schema.json`` and every check's
    name and parameter schemas (:mod:`~wixoss_deckcheck.tables.schema` completes the one
    with the others); when either changes, the table is validated again."""
    registry = [(info.code, info.slug, info.table_rule, info.params, info.params_required)
                for info in sorted(REGISTRY.values(), key=lambda info: info.code)]
    # repr, not marshal: marshal's bytes vary from process to process (its back-references
    # follow reference counts), which made every run miss the table cache.
    text = repr(registry)
    return f"{file_stamp(formats_dir() / 'schema.json')}:{zlib.crc32(text.encode('utf-8')):08x}"


def _format_schema() -> dict[str, Any]:
    """The table schema completed from the registry (a cache miss of it only)."""
    from wixoss_deckcheck.tables.schema import format_schema  # the slow path: the schema's JSON

    return format_schema()


def read_table(path: Path, use_cache: bool = True) -> dict[str, Any]:
    """Read and validate one format file (validation remembered in the cache; a cached
    table whose dates or patterns are not good is a cache miss)."""
    text = read_text_file(path, "format file", MAX_YAML_BYTES)
    depends = schema_stamp()
    cached: dict[str, Any] | None = load_marshalled("table", path, depends) if use_cache else None
    if cached is not None and cached_values_ok(cached, depends, _format_schema):
        return cached
    from wixoss_deckcheck.tables.schema import parse_table  # the slow path: YAML, the schema, the dates

    data = parse_table(text, path)
    store_marshalled("table", path, data, depends)
    remember_schema(depends, _format_schema)
    return data


#: How many format files one may extend in a chain (the built-in ones extend none).
MAX_EXTENDS = 16


def load_table(path: Path, _seen: tuple[Path, ...] = ()) -> FormatTable:
    """Load a format file and everything it extends (at most :data:`MAX_EXTENDS` deep)."""
    path = Path(path)
    if path.resolve() in _seen:
        raise InputError("format files extend each other in a circle", str(path))
    if len(_seen) >= MAX_EXTENDS:
        raise InputError(f"more than {MAX_EXTENDS} format files extend one another in a chain", str(path))
    data = read_table(path)
    parent = load_table(_parent_path(path, data["extends"]), (*_seen, path.resolve())) if data.get("extends") else None
    try:
        return _built(data, parent, path)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # values of the wrong shape can only come from a cache written otherwise (the slow
        # path validates the file against the schema): read the file itself instead
        return _built(read_table(path, use_cache=False), parent, path)


def _built(data: dict[str, Any], parent: FormatTable | None, path: Path) -> FormatTable:
    """The table of a file's validated data over its parent's."""
    rules = [_rule(raw) for raw in data.get("rules", [])]
    mayu = list(parent.mayus_room) if parent else []
    if parent is not None:
        rules = _inherit_rules(parent, rules, data.get("disable", []), path)
    mayu += mayu_entries(data.get("mayus_room", []), start=len(mayu))
    return _table(data, parent, rules, mayu, path)


def _parent_path(path: Path, target: str) -> Path:
    """The file a table extends: a ``.yaml`` file beside it, else a built-in format."""
    candidate = (path.parent / target) if target.endswith((".yaml", ".yml")) else None
    if candidate is not None and os.path.isfile(candidate):  # False on any OSError (a name too long)
        return candidate
    try:
        return builtin_path(target)
    except UsageError:
        raise InputError(f"extends {target!r}, which is neither a built-in format nor a file", str(path)) from None


def _rule(raw: dict[str, Any]) -> Rule:
    get = raw.get
    return Rule(raw["id"], raw["check"], dict(get("params") or {}), get("severity"), get("since"), get("until"),
                get("source"), get("note"))


def _inherit_rules(parent: FormatTable, rules: list[Rule], disable: list[str], path: Path) -> list[Rule]:
    """The parent's rules, less those the table replaces (by ``id``) or disables, then the table's own."""
    unknown = set(disable) - {rule.id for rule in parent.rules}
    if unknown:
        raise InputError(
            f"disable names rule(s) the parent format does not have: {', '.join(sorted(unknown))}", str(path)
        )
    replaced = {rule.id for rule in rules} | set(disable)
    return [rule for rule in parent.rules if rule.id not in replaced] + rules


def _table(
    data: dict[str, Any], parent: FormatTable | None, rules: list[Rule], mayu: list[MayuEntry], path: Path
) -> FormatTable:
    """The table of a file's data over its parent's: what the file leaves out, it inherits
    (``since`` and ``until`` only when the file has no such key at all; ``names`` only
    when it has no ``name`` either)."""
    base = parent or FormatTable(data["id"], data["id"], {}, None, None, data.get("source"), data.get("description"),
                                 [], [], [])
    return FormatTable(
        id=data["id"],
        name=data.get("name") or base.name,
        names=data.get("names") or ({} if data.get("name") else base.names),
        since=data.get("since", base.since),
        until=data.get("until", base.until),
        source=data.get("source") or base.source,
        description=data.get("description") or base.description,
        icons=data.get("icons") or base.icons,
        rules=rules,
        mayus_room=mayu,
        files=[*base.files, str(path)],
    )


def load_format(format_id: str | None = None, format_file: str | None = None) -> FormatTable:
    """Load a built-in format by id/alias, or a user format file."""
    if format_file:
        return load_table(Path(format_file))
    return load_table(builtin_path(format_id or DEFAULT_FORMAT))

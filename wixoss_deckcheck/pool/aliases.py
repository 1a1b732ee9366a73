"""Name aliases: names that deck editors write for a card, mapped to its card number.

Some deck editors use names that no official or community card list has, such as
the English names the public WIXOSS Cockatrice plugin gives to Key-era cards
(``Code Ride Futsuji`` for コードライド　フツージ, WDK01-016). An alias table maps
such a written name to a card number. The pool consults the tables only after
every exact number and name lookup failed, and loads them on the first such miss,
so checking a deck whose cards all resolve never reads them.

Tables, later ones overriding earlier ones name by name:

1. the shipped tables, ``cardpool/aliases/*.yaml`` (package data);
2. ``aliases.yaml`` in the user data directory, when it exists;
3. the files named by ``WIXOSS_DECKCHECK_ALIASES`` (paths separated by
   ``os.pathsep``), in that order.

Every table is validated against ``schemas/aliases.schema.json``; a broken table is
an :class:`InputError` naming the file, the line and the JSON path.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.cache import file_stamp, load_marshalled, store_marshalled
from wixoss_deckcheck.files.dirs import user_data_dir
from wixoss_deckcheck.files.resources import cardpool_dir, schemas_dir
from wixoss_deckcheck.pool.normalize import looks_like_number, search_key

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.lookup import NumberLookup

ALIASES_ENV = "WIXOSS_DECKCHECK_ALIASES"
USER_ALIASES_NAME = "aliases.yaml"


@dataclass(frozen=True)
class Alias:
    """One written name and the card number it stands for, with where it was defined."""

    name: str
    number: str
    reprint_of: str | None = None
    note: str | None = None
    path: str | None = None
    line: int | None = None

    @property
    def numbers(self) -> tuple[str, ...]:
        """The numbers to look up in a pool, preferred first."""
        return (self.number, self.reprint_of) if self.reprint_of else (self.number,)


class AliasRows(list[Alias]):
    """The aliases of one table file, and its ``set_codes`` (deck editors' set codes → series)."""

    def __init__(self, aliases: Iterable[Alias] = (), set_codes: dict[str, str] | None = None):
        super().__init__(aliases)
        self.set_codes: dict[str, str] = dict(set_codes or {})


class AliasTable:
    """Aliases by the loose search key of their name; a later alias of a name wins (and a
    later table's meaning of a set code)."""

    def __init__(
        self, aliases: Iterable[Alias] = (), paths: Iterable[str] = (), set_codes: dict[str, str] | None = None
    ):
        self._by_key: dict[str, Alias] = {}
        for alias in aliases:
            self._by_key[search_key(alias.name)] = alias
        #: The files the table was read from, in the order they were applied.
        self.paths: tuple[str, ...] = tuple(paths)
        self._set_codes = {code.casefold(): series for code, series in (set_codes or {}).items()}

    def get(self, name: str) -> Alias | None:
        return self._by_key.get(search_key(name))

    def set_code(self, code: str) -> str | None:
        """The series a deck editor's set code stands for (``WDi-08`` → ``WXDi-D08``), if a table says."""
        return self._set_codes.get(code.casefold())

    def __iter__(self) -> Iterator[Alias]:
        return iter(self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)


def shipped_alias_paths() -> list[Path]:
    """The alias tables shipped with the package, in name order."""
    folder = cardpool_dir() / "aliases"
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def user_alias_paths() -> list[Path]:
    """The user's tables: ``aliases.yaml`` in the data directory, then ``$WIXOSS_DECKCHECK_ALIASES``.

    A file named in the environment must exist (a typo there is an error); the one in
    the data directory is optional.
    """
    paths = []
    in_data_dir = user_data_dir() / USER_ALIASES_NAME
    if in_data_dir.is_file():
        paths.append(in_data_dir)
    for part in os.environ.get(ALIASES_ENV, "").split(os.pathsep):
        if part.strip():
            paths.append(Path(part.strip()))
    return paths


def load_aliases(paths: Iterable[str | os.PathLike] | None = None) -> AliasTable:
    """Read the alias tables (default: shipped, then the user's; see the module doc)."""
    if paths is None:
        paths = [*shipped_alias_paths(), *user_alias_paths()]
    aliases: list[Alias] = []
    used: list[str] = []
    codes: dict[str, str] = {}
    for path in paths:
        rows = read_alias_file(path)
        aliases.extend(rows)
        codes.update(getattr(rows, "set_codes", {}))
        used.append(str(path))
    return AliasTable(aliases, used, codes)


def read_alias_file(path: str | os.PathLike) -> AliasRows:
    """Read and validate one alias table; any problem is an :class:`InputError` with file and line.

    A table read once is kept in the user cache directory (until the file changes), so
    later runs need no YAML parser for it.
    """
    where = str(path)
    depends = file_stamp(schemas_dir() / "aliases.schema.json")
    cached = load_marshalled("aliases", Path(path), depends)
    if not (isinstance(cached, tuple) and len(cached) == 2):
        cached = _read_and_validate(path)
        store_marshalled("aliases", Path(path), cached, depends)
    rows, codes = cached
    return AliasRows(
        (Alias(name, number, reprint_of, note, where, line) for name, number, reprint_of, note, line in rows), codes
    )


def _read_and_validate(
    path: str | os.PathLike,
) -> tuple[list[tuple[str, str, str | None, str | None, int | None]], dict[str, str]]:
    """(name, number, reprint_of, note, line) of every alias of a table not yet cached, and its set codes."""
    from wixoss_deckcheck.files import schema, yamllines  # the slow path: YAML and the schema

    where = str(path)
    data, root = yamllines.load_yaml_file(path, "alias file")
    if data is None:
        raise InputError("alias file is empty (expected a mapping with an `aliases` list)", where, 1)

    def line_of(parts: list[Any]) -> int | None:
        return yamllines.line_at(root, parts)

    schema.validate(data, schema.load_schema(schemas_dir() / "aliases.schema.json"), where, line_of)
    rows: list[tuple[str, str, str | None, str | None, int | None]] = []
    seen: dict[str, int | None] = {}
    for index, raw in enumerate(data["aliases"]):
        line = line_of(["aliases", index])
        _check_numbers(raw, index, where, line_of)
        name_key = search_key(raw["name"])
        if not name_key:
            raise InputError(f"name {raw['name']!r} is blank at /aliases/{index}/name", where, line)
        if name_key in seen:
            raise InputError(
                f"name {raw['name']!r} is listed twice (first on line {seen[name_key]}) at /aliases/{index}/name",
                where,
                line_of(["aliases", index, "name"]),
            )
        seen[name_key] = line
        reprint_of = (raw.get("reprint_of") or "").strip() or None
        rows.append((raw["name"].strip(), raw["number"].strip(), reprint_of, raw.get("note"), line))
    return rows, dict(data.get("set_codes") or {})


def _check_numbers(raw: dict[str, Any], index: int, where: str, line_of: Callable[[list[Any]], int | None]) -> None:
    """An alias's ``number`` and ``reprint_of`` must be card numbers."""
    for key in ("number", "reprint_of"):
        value = raw.get(key)
        if value is not None and not looks_like_number(value):
            raise InputError(
                f"{key} {value!r} is not a card number (like WDK01-016) at /aliases/{index}/{key}",
                where,
                line_of(["aliases", index, key]),
            )


def unknown_numbers(table: AliasTable, pool: NumberLookup) -> list[Alias]:
    """The aliases that resolve to nothing in ``pool`` (none of their numbers is known).

    Such an alias is ignored when resolving against that pool; this lists them so a
    table can be checked against the pool it is meant for.
    """
    return [alias for alias in table if not any(pool.by_number(number) for number in alias.numbers)]

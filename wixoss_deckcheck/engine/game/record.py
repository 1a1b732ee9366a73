"""Reading a game record: JSON Lines (or a YAML list), checked against the shipped schema.

The first line is the header ``{"game": {"format", "as_of", "deck", "player", "start"}}``,
every other line one event ``{"turn": N, "action": A, ...}`` (``schemas/record.schema.json``).
A record that cannot be read (not JSON or YAML, a line the schema refuses) raises
:class:`~wixoss_deckcheck.errors.InputError` naming the file, the line and the problem.
:func:`describe` says what an event does, as a phrase the reporters word.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.decklist.reading import inside
from wixoss_deckcheck.engine.game.state import Say, say, zone_name
from wixoss_deckcheck.errors import InputError, quoted
from wixoss_deckcheck.files.fastschema import Check, compile_schema
from wixoss_deckcheck.files.resources import schemas_dir
from wixoss_deckcheck.files.schema import pointer, schema_problem
from wixoss_deckcheck.files.text import read_regular_file
from wixoss_deckcheck.files.yamllines import compose_with_lines, plain

SCHEMA_PATH = schemas_dir() / "record.schema.json"
MAX_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Event:
    """One event of a record: its 1-based index among the events, its line and its fields."""

    index: int
    line: int
    data: dict[str, Any]

    @property
    def turn(self) -> int:
        """The event's turn: your own turn N (0 = setup)."""
        return int(self.data["turn"])

    @property
    def action(self) -> str:
        """The event's action name."""
        return str(self.data["action"])


@dataclass(frozen=True)
class Game:
    """One game of a record: its header (the ``game`` mapping) and its events."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    line: int = 1  # the header's line


@dataclass(frozen=True)
class Record:
    """A read record: where it is, and its games (usually one)."""

    path: str
    games: tuple[Game, ...]

    def deck_path(self, game: Game) -> Path:
        """The decklist of ``game``, relative to the record's folder."""
        return Path(self.path).parent / str(game.header["deck"])

    def refuse_decks_outside(self) -> None:
        """A game's deck outside the record's folder and the current folder (``/etc/passwd``,
        ``../../secrets.txt``, or a link out of them) is an error: a record in a pull request
        cannot make CI read and echo a file of the machine. (``replay --allow-outside`` does
        not ask this.)"""
        folder = Path(self.path).parent
        for game in self.games:
            path = self.deck_path(game)
            if "\x00" in str(path):
                continue  # no file has such a name: reading it says so
            if not (inside(path, folder) or inside(path, os.getcwd())):
                reference = quoted(str(game.header["deck"]))
                raise InputError(
                    f"the record's deck {reference!r} is outside the record's folder and the current folder: "
                    "not read (--allow-outside reads it)",
                    self.path,
                    game.line,
                )


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The shipped record schema (read once)."""
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


@lru_cache(maxsize=32)
def _validator(name: str) -> Check:
    """A compiled check of ``$defs/name`` (the fast validator; jsonschema only to word a problem)."""
    return compile_schema({"$ref": f"#/$defs/{name}", "$defs": schema()["$defs"]})


@lru_cache(maxsize=1)
def _event_checks() -> dict[str, Check]:
    """The compiled check of each action's own schema, by action name: an event its action's
    schema accepts is an event the generic ``event`` schema accepts too (every action's schema
    requires ``turn`` and ``action``, with the same ``turn`` and its own name as the action;
    ``tests/test_record_fast.py`` checks this of the shipped schema), so one check suffices."""
    names = schema()["$defs"]["event"]["properties"]["action"]["enum"]
    return {name: _validator(name) for name in names}


def event_problem(data: Any) -> str | None:
    """Why an event line does not match the record schema (None: it does). The fast path: the
    action's own compiled check alone; only a refused line goes through both schemas again to
    word the problem."""
    if isinstance(data, dict):
        action = data.get("action")
        check = _event_checks().get(action) if isinstance(action, str) else None
        if check is not None and check(data):
            return None
    return _problem("event", data) or _problem(str(data["action"]), data)


def _problem(name: str, data: Any) -> str | None:
    if _validator(name)(data):
        return None
    found = schema_problem({"$ref": f"#/$defs/{name}", "$defs": schema()["$defs"]}, data)
    if found is None:  # pragma: no cover - the two validators agree on our schema
        return "does not match the record schema"
    message, parts = found
    return f"{message} at {pointer(parts)}"


def read_record(path: str) -> Record:
    """Read and validate a record file (JSON Lines, or YAML for .yaml/.yml)."""
    raw = read_regular_file(path, "record", MAX_BYTES)  # a regular file, bounded: never a FIFO or /dev/zero
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", path) from None
    yaml = path.lower().endswith((".yaml", ".yml"))
    lines: Iterable[tuple[int, Any]] = _yaml_lines(text, path) if yaml else _json_lines(text, path)
    return build_record(path, lines)


#: The json module's scanner (its C accelerator): one value from a position of a string.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_JSON_SPACE = " \t\n\r"


def loads_line(line: str) -> Any:
    """One line's JSON value, exactly as ``json.loads(line)`` reads it (the same value, the same
    errors), in about half its time: the json module's own scanner on the line without its JSON
    white space, which must end where the line does; anything else goes to ``json.loads``,
    which gives the value or raises its error (``tests/test_record_fast.py`` checks that they agree)."""
    bare = line.strip(_JSON_SPACE)
    try:
        value, end = _SCAN(bare, 0)
    except (StopIteration, ValueError, RecursionError):
        return json.loads(line)
    return value if end == len(bare) else json.loads(line)


def _json_lines(text: str, path: str) -> Iterator[tuple[int, Any]]:
    """(line number, value) per non-blank line, parsed as it is reached (the first problem in file order)."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield number, loads_line(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"not JSON: {exc.msg} (column {exc.colno})", path, number) from None
        except (ValueError, RecursionError) as exc:  # a number of 5,000 digits, nesting 100,000 deep
            raise InputError(f"not JSON: {exc}", path, number) from None


def _yaml_lines(text: str, path: str) -> list[tuple[int, Any]]:
    root = compose_with_lines(text, path)
    data = plain(root, path)
    if not isinstance(data, list) or root is None:
        raise InputError("a YAML record is a list: the game header first, then one event per item", path, 1)
    return [(node.start_mark.line + 1, item) for node, item in zip(root.value, data, strict=False)]


def build_record(path: str, lines: Iterable[tuple[int, Any]]) -> Record:
    """Check the headers and events against the schema; the problem names its line.

    A header line (``{"game": ...}``) starts a game; a record may hold several games
    one after the other (a goldfish trace of many games).
    """
    stream = iter(lines)
    first = next(stream, None)
    if first is None:
        raise InputError("the record is empty: its first line is the game header", path, 1)
    line, header = first
    problem = _problem("header", header)
    if problem:
        raise InputError(f"the first line must be the game header: {problem}", path, line)
    games: list[Game] = []
    events: list[Event] = []
    header_line = line
    for line, data in stream:
        if isinstance(data, dict) and "game" in data:
            games.append(Game(header["game"], tuple(events), header_line))
            header_line = line
            problem = _problem("header", data)
            if problem:
                raise InputError(f"game header: {problem}", path, line)
            header, events = data, []
            continue
        problem = event_problem(data)
        if problem:
            raise InputError(f"event {len(events) + 1}: {problem}", path, line)
        events.append(Event(len(events) + 1, line, data))
    games.append(Game(header["game"], tuple(events), header_line))
    return Record(path, tuple(games))


# -- what an event says, worded by the reporters (replay's action column) --------------------------


def _cards(data: dict[str, Any], key: str = "cards") -> list[str] | Say:
    return list(data.get(key, [])) or say("paid_nothing")


def _describe_grow(data: dict[str, Any]) -> Say:
    if data["action"] == "assist_grow":
        return say("do_assist_grow", side=say("side_" + str(data["side"])), card=data.get("card", ""))
    return say("do_grow", card=data.get("card", ""))


def _describe_move(data: dict[str, Any]) -> Say:
    where = {"card": data.get("card", ""), "source": zone_name(data["from"]), "target": zone_name(data["to"])}
    return say("do_move_by", by=data["by"], **where) if data.get("by") else say("do_move", **where)


def _describe_charge(data: dict[str, Any]) -> Say:
    return say("do_charge_field" if data.get("from") == "field" else "do_charge", card=data.get("card", ""))


def _describe_attack(data: dict[str, Any]) -> Say:
    return say("do_attack_zone", zone=data["zone"]) if "zone" in data else say("do_attack_lrig")


def _target(data: dict[str, Any]) -> Say:
    return say("target_zone", zone=data["zone"]) if "zone" in data else say("target_lrig")


def _describe_state(data: dict[str, Any]) -> Say:
    """freeze, down, up: the card (a zone's SIGNI or the center), and the card whose effect does it."""
    return say("do_" + data["action"], target=_target(data), by=data.get("by") or say("by_rules"))


_DESCRIPTIONS: dict[str, Callable[[dict[str, Any]], Say]] = {
    "attacked": lambda data: say("do_attacked", by=say("attacker_" + str(data["by"]))),
    "freeze": _describe_state,
    "down": _describe_state,
    "up": _describe_state,
    "draw": lambda data: say("do_draw", cards=_cards(data)),
    "life_cloth": lambda data: say("do_life_cloth", cards=_cards(data)),
    "trash": lambda data: say("do_trash", cards=_cards(data)),
    "mulligan": lambda data: say("do_mulligan", returned=_cards(data, "return"), cards=_cards(data)),
    "grow": _describe_grow,
    "assist_grow": _describe_grow,
    "place": lambda data: say(
        "do_rise" if data.get("rise") else "do_place", card=data.get("card", ""), zone=data["zone"]
    ),
    "accessory": lambda data: say("do_accessory", card=data.get("card", ""), zone=data["zone"]),
    "resona": lambda data: say("do_resona", card=data.get("card", ""), zone=data["zone"]),
    "attack": _describe_attack,
    "move": _describe_move,
    "end": lambda data: say("do_end", cards=_cards(data, "discard")),
    "charge": _describe_charge,
}


def describe(data: dict[str, Any]) -> Say:
    """A short description of an event (``grow to X``, ``draw A, B`` ...), worded by the reporters."""
    action = data["action"]
    if action in _DESCRIPTIONS:
        return _DESCRIPTIONS[action](data)
    return say("do_" + action, card=data.get("card", ""))

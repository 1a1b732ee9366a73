"""Helpers for the rules-engine tests: decks written to a folder and records built as data."""

from __future__ import annotations

import json
from pathlib import Path

WD01_MAIN = [f"WD01-{n:03d}" for n in range(9, 19)]
WD01_LRIG = [f"WD01-{n:03d}" for n in range(1, 9)]


def write_deck(folder: Path, name: str, main: list[tuple[int, str]], lrig: list[str]) -> Path:
    path = folder / name
    lines = ["[main]", *(f"{n} {card}" for n, card in main), "[lrig]", *lrig]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def wd01(folder: Path, swap: dict[str, str] | None = None, extra_lrig: tuple[str, ...] = ()) -> Path:
    """The WD01 starter deck (all-star), some main cards swapped for others."""
    swap = swap or {}
    return write_deck(folder, "wd01.txt", [(4, swap.get(c, c)) for c in WD01_MAIN], [*WD01_LRIG, *extra_lrig])


def header(
    deck: str = "wd01.txt",
    player: str = "first",
    start: tuple[str, ...] = ("WD01-005",),
    fmt: str = "all-star",
    as_of: str = "2026-11-30",
) -> dict:
    return {"game": {"format": fmt, "as_of": as_of, "deck": deck, "player": player, "start": list(start)}}


def ev(turn: int, action: str, **fields) -> dict:
    return {"turn": turn, "action": action, **fields}


def wd01_setup() -> list[dict]:
    """Setup of a WD01 game: a known hand and Life Cloth."""
    return [
        ev(0, "draw", cards=["WD01-013", "WD01-014", "WD01-012", "WD01-010", "WD01-016"]),
        ev(0, "mulligan", **{"return": ["WD01-010"]}, cards=["WD01-017"]),
        ev(0, "life_cloth", cards=["WD01-012", "WD01-009", "WD01-009", "WD01-011", "WD01-015", "WD01-018", "WD01-013"]),
    ]


def wd01_two_turns() -> list[dict]:
    """A legal start of a WD01 game as the first player: turns 1 and 2 and the opponent's turn between."""
    return [
        *wd01_setup(),
        ev(1, "draw", cards=["WD01-015"]),
        ev(1, "charge", card="WD01-015"),
        ev(1, "grow", card="WD01-004"),
        ev(1, "place", card="WD01-013", zone=1),
        ev(1, "end"),
        ev(1, "crushed", card="WD01-012"),
        ev(1, "guard", card="WD01-016"),
        ev(2, "draw", cards=["WD01-010", "WD01-011"]),
        ev(2, "charge", card="WD01-011"),
        ev(2, "grow", card="WD01-003", pay=["WD01-015"]),
        ev(2, "place", card="WD01-012", zone=2),
        ev(2, "attack", zone=1),
        ev(2, "attack", zone=2),
        ev(2, "attack", lrig="center"),
        ev(2, "end"),
    ]


def write_record(folder: Path, lines: list[dict], name: str = "game.jsonl") -> Path:
    path = folder / name
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


D05_MAIN = [f"WXDi-D05-{n:03d}" for n in range(12, 22)]
D05_LRIG = [f"WXDi-D05-{n:03d}" for n in range(1, 12)]
D05_START = ("WXDi-D05-001", "WXDi-D05-005", "WXDi-D05-008")  # Dr.タマゴ, ノヴァ and バン at level 0


def d05(folder: Path) -> Path:
    """The WXDi-D05 starter deck (diva): its assists ノヴァ and バン print their grow timings."""
    return write_deck(folder, "d05.txt", [(4, c) for c in D05_MAIN], D05_LRIG)


def d05_two_turns() -> list[dict]:
    """A legal start of a WXDi-D05 game as the first player, up to turn 2's main phase (center Lv2)."""
    return [
        ev(0, "draw", cards=["WXDi-D05-012", "WXDi-D05-013", "WXDi-D05-014", "WXDi-D05-018", "WXDi-D05-019"]),
        ev(0, "life_cloth", cards=["WXDi-D05-015"] * 4 + ["WXDi-D05-016"] * 3),
        ev(1, "draw", cards=["WXDi-D05-012"]),
        ev(1, "charge", card="WXDi-D05-012"),
        ev(1, "grow", card="WXDi-D05-002"),
        ev(1, "assist_grow", card="WXDi-D05-006", side="left"),
        ev(1, "end"),
        ev(2, "draw", cards=["WXDi-D05-017", "WXDi-D05-017"]),
        ev(2, "charge", card="WXDi-D05-014"),
        ev(2, "grow", card="WXDi-D05-003", pay=["WXDi-D05-012"]),
    ]

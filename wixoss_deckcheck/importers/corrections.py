"""Corrections to the public card lists (``cardpool/corrections.yaml``), applied when the
pool is built: numbers a source has the wrong way round, and collaboration prints that
play under a WIXOSS card's name."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.files.resources import cardpool_dir
from wixoss_deckcheck.files.text import read_text_file
from wixoss_deckcheck.files.yamllines import load_plain
from wixoss_deckcheck.pool.normalize import number_key


@lru_cache(maxsize=1)
def _table(path: Path | None = None) -> dict[str, Any]:
    target = path or cardpool_dir() / "corrections.yaml"
    return load_plain(read_text_file(target, "corrections file"), str(target)) or {}


def corrected_numbers(source: str) -> dict[str, str]:
    """Number key → the right number, for the records ``source`` has the wrong way round."""
    fixes: dict[str, str] = {}
    for swap in _table().get("swaps", []):
        if swap["source"] == source:
            first, second = swap["numbers"]
            fixes[number_key(first)] = second
            fixes[number_key(second)] = first
    return fixes


def apply_plays_as(cards: Iterable[dict]) -> None:
    """Give collaboration prints the name they have under the rules (``plays_as``)."""
    names = {number_key(number): entry["name"] for entry in _table().get("plays_as", []) for number in entry["numbers"]}
    if not names:
        return
    for card in cards:
        for number in (card["number"], *card.get("reprints", ())):
            name = names.get(number_key(number))
            if name is not None and name != card["name"]:
                card["plays_as"] = name
                break


def apply_missing_reprints(cards: Iterable[dict]) -> None:
    """Add the prints no card list has (``reprints``) to the card they reprint; a print of a
    print added here (WDK-F02-04 of WDK04-004) joins the same card."""
    wanted: dict[str, list[str]] = {}
    for entry in _table().get("reprints", []):
        wanted.setdefault(number_key(entry["reprint_of"]), []).append(entry["number"])
    if not wanted:
        return
    known = {number_key(n) for card in cards for n in (card["number"], *card.get("reprints", ()))}
    for card in cards:
        numbers = [card["number"], *card.get("reprints", ())]
        for number in numbers:  # grows with the prints added
            for extra in wanted.get(number_key(number), ()):
                if number_key(extra) not in known:
                    card.setdefault("reprints", []).append(extra)
                    numbers.append(extra)
                    known.add(number_key(extra))

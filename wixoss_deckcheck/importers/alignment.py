"""Pairing the prints of a set numbered otherwise than the Japanese one with the Japanese
set's cards, by the order of their card types (the English WXDi-D02 counts 001–021 where
the Japanese deck counts 01LAT–29; the English edition keeps the Japanese order and leaves
cards out)."""

from __future__ import annotations

from collections.abc import Iterable

from wixoss_deckcheck.importers.precedence import VARIANT_SUFFIX, natural_key
from wixoss_deckcheck.pool.normalize import number_key, series_of


def align_by_type(series: str, records: list[dict], cards: Iterable[dict]) -> list[tuple[dict, dict]]:
    """Pair the base prints among ``records`` (those stating a card type) with the cards of
    ``series``, in number order, by the longest common sequence of card types (earliest
    Japanese card first). Accepted only when it pairs at least 90% of those prints; else no pair."""
    base = sorted((r for r in records if _base_print(r)), key=lambda r: natural_key(r["number"]))
    japanese = sorted((c for c in cards if series_of(c["number"]) == series), key=lambda c: natural_key(c["number"]))
    pairs = _common_sequence([r["_type"] for r in base], [c["type"] for c in japanese])
    return [(base[i], japanese[j]) for i, j in pairs] if len(pairs) >= 0.9 * len(base) else []


def _base_print(record: dict) -> bool:
    """A print stating its card type, and no parallel print (``…P``/``S``/``D``)."""
    return bool(record.get("_type")) and not VARIANT_SUFFIX.search(number_key(record["number"]))


def _common_sequence(first: list[str], second: list[str]) -> list[tuple[int, int]]:
    """The index pairs of a longest common subsequence of ``first`` and ``second``, taking
    the earliest item of ``second`` at each step."""
    rows, cols = len(first), len(second)
    table = [[0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(cols - 1, -1, -1):
            if first[i] == second[j]:
                table[i][j] = 1 + table[i + 1][j + 1]
            else:
                table[i][j] = max(table[i + 1][j], table[i][j + 1])
    pairs, i, j = [], 0, 0
    while i < rows and j < cols:
        if first[i] == second[j] and table[i][j] == 1 + table[i + 1][j + 1]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif table[i][j + 1] == table[i][j]:
            j += 1
        else:
            i += 1
    return pairs

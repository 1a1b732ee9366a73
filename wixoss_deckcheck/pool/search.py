"""Finding cards the way a player writes them (``wixoss-deckcheck cards search/show``).

A query may be a card number (or the start of one), a name in Japanese (kana, width,
``#``/``♯`` and spacing do not matter), English, or Chinese (Simplified or
Traditional: the pool keeps both). Matches are sorted by relevance (the number, numbers
starting with it, the exact name, names starting with the query, names containing it,
close matches), then by card number. An optional format keeps only the cards
that format's card-pool rule lets in (by icon, with the same-name carve-out).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.normalize import looks_like_number, number_key, search_key

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool


@dataclass(frozen=True)
class Match:
    """One card found, the number it was found by, and how (number/name/contains/close)."""

    card: Card
    number: str
    how: str


def format_filter(pool: CardPool, format_id: str, day: str | None = None) -> Callable[[Card], bool]:
    """A predicate: may this card be played in ``format_id`` (icon rule, as of ``day``)?"""
    from wixoss_deckcheck.tables.icons import IconIndex
    from wixoss_deckcheck.tables.loading import load_format

    table = load_format(format_id)
    day = day or _dt.date.today().isoformat()
    rules = [rule for rule in table.rules_in_force(day) if rule.check == "card-pool"]
    icons = IconIndex(pool, table.icons)

    def allowed(card: Card) -> bool:
        if card.token:
            return False
        for rule in rules:
            wanted = set(rule.params.get("icons", ()))
            if rule.params.get("exempt_level_zero_lrigs") and card.is_lrig and card.level == 0:
                continue
            carried = icons.icons_of_name(card) if rule.params.get("same_name", True) else icons.icons_of_card(card)
            if wanted and not wanted & carried:
                return False
        return True

    return allowed


#: Relevance of each way of matching, best first.
_RANK = {"number": 0, "number-prefix": 1, "name": 2, "starts": 3, "contains": 4, "close": 5}


def _natural(number: str) -> tuple:
    """A card number's sort key, numbers by value: WX2-010 before WX10-001."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", number.upper()))


def search_cards(pool: CardPool, query: str, *, format_id: str | None = None, day: str | None = None) -> list[Match]:
    """Every card matching ``query``, by relevance (the number itself, numbers starting with
    it, the exact name, names starting with it, names containing it, close matches), then
    by card number."""
    allowed = format_filter(pool, format_id, day) if format_id else (lambda card: True)
    found: dict[str, Match] = {}

    def add(card: Card, number: str, how: str) -> None:
        known = found.get(card.number)
        if (known is None or _RANK[how] < _RANK[known.how]) and allowed(card):
            found[card.number] = Match(card, number, how)

    text = query.strip()
    if not text:
        return []
    if looks_like_number(text):
        wanted = number_key(text)
        card = pool.by_number(text)
        if card is not None:
            add(card, pool.printed_number(card, text), "number")
        for key, card in pool.all_numbers():
            if key.startswith(wanted):
                add(card, pool.printed_number(card, key), "number-prefix")
    resolution = pool.resolve_name(query, text)
    for card in [resolution.card] if resolution and resolution.card else resolution.candidates if resolution else []:
        for same in pool.same_name(card):
            add(same, same.number, "name")
    key = search_key(text)
    if len(key) >= 2 or not found:
        for name_key_, cards in pool.name_index():
            if key in name_key_:
                for card in cards:
                    add(card, card.number, "starts" if name_key_.startswith(key) else "contains")
    if not found:
        for line in pool.suggest(text, limit=5):
            number = line.split(" ", 1)[0]
            card = pool.by_number(number)
            if card is not None:
                add(card, number, "close")
    return sorted(found.values(), key=lambda match: (_RANK[match.how], _natural(match.number)))


def find_cards(pool: CardPool, query: str, *, format_id: str | None = None, limit: int = 20) -> list[Match]:
    """The first ``limit`` cards :func:`search_cards` finds."""
    return search_cards(pool, query, format_id=format_id)[:limit]

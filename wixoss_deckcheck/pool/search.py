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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.normalize import looks_like_number, number_key, search_key
from wixoss_deckcheck.pool.suggest import suggest_cards
from wixoss_deckcheck.tables.icons import IconIndex
from wixoss_deckcheck.tables.loading import load_format

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


class _Found(dict[str, Match]):
    """The matches so far by card number, each kept by its best way of matching."""

    def __init__(self, allowed: Callable[[Card], bool] | None) -> None:
        super().__init__()
        self.allowed = allowed

    def add(self, matches: Iterable[tuple[Card, str, str]]) -> None:
        for card, number, how in matches:
            known = self.get(card.number)
            if (known is None or _RANK[how] < _RANK[known.how]) and (self.allowed is None or self.allowed(card)):
                self[card.number] = Match(card, number, how)


def search_cards(pool: CardPool, query: str, *, format_id: str | None = None, day: str | None = None) -> list[Match]:
    """Every card matching ``query``, by relevance (the number itself, numbers starting with
    it, the exact name, names starting with it, names containing it, close matches), then
    by card number."""
    found = _Found(format_filter(pool, format_id, day) if format_id else None)
    text = query.strip()
    if not text:
        return []
    if looks_like_number(text):
        found.add(_by_number(pool, text))
    found.add(_by_name(pool, query, text))
    key = search_key(text)
    if len(key) >= 2 or not found:
        found.add(_by_part_of_name(pool, key))
    if not found:
        found.add(_close(pool, text))
    return sorted(found.values(), key=lambda match: (_RANK[match.how], _natural(match.number)))


def _by_number(pool: CardPool, text: str) -> Iterator[tuple[Card, str, str]]:
    """The card of the number itself, and every card whose number starts with it."""
    card = pool.by_number(text)
    if card is not None:
        yield card, pool.printed_number(card, text), "number"
    wanted = number_key(text)
    for key, card in pool.all_numbers():
        if key.startswith(wanted):
            yield card, pool.printed_number(card, key), "number-prefix"


def _by_name(pool: CardPool, query: str, text: str) -> Iterator[tuple[Card, str, str]]:
    """Every print of the card (or the cards) of exactly this name."""
    resolution = pool.resolve_name(query, text)
    if resolution is None:
        return
    for card in [resolution.card] if resolution.card else resolution.candidates:
        for same in pool.same_name(card):
            yield same, same.number, "name"


def _by_part_of_name(pool: CardPool, key: str) -> Iterator[tuple[Card, str, str]]:
    """Every card whose name (in any language) starts with, or holds, the search key."""
    for name_key_, cards in pool.name_index():
        if key in name_key_:
            how = "starts" if name_key_.startswith(key) else "contains"
            for card in cards:
                yield card, card.number, how


def _close(pool: CardPool, text: str) -> Iterator[tuple[Card, str, str]]:
    """The close matches the suggestions give."""
    for line in suggest_cards(pool, text, limit=5):
        number = line.split(" ", 1)[0]
        card = pool.by_number(number)
        if card is not None:
            yield card, number, "close"


def find_cards(pool: CardPool, query: str, *, format_id: str | None = None, limit: int = 20) -> list[Match]:
    """The first ``limit`` cards :func:`search_cards` finds."""
    return search_cards(pool, query, format_id=format_id)[:limit]

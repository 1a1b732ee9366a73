"""Format icons: which cards carry the key and diva icons.

The official card pages print the icons; when the pool records them
(``formats`` on a card) they are used as they are. Otherwise they are derived
from the card number with the format table's ``icons`` patterns (RULES.md §4).
A name carries an icon when any print of it (reprints included) does: that is the
same-name carve-out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from wixoss_deckcheck.model.cards import Card

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool


class IconIndex:
    """Icons per number and per name, for one pool and one icon table."""

    def __init__(self, pool: CardPool, table: Iterable[dict]):
        self.pool = pool
        self._patterns = [(re.compile(row["pattern"]), frozenset(row["icons"])) for row in table]
        self._by_name: dict[str, frozenset[str]] = {}
        self._by_number: dict[str, frozenset[str]] = {}
        #: Card-pool checks remember the (number, name) pairs they found legal, per rule.
        self._level_zero: dict[frozenset[str], set[tuple[frozenset[str], str]]] = {}

    def icons_of_number(self, number: str) -> frozenset[str]:
        found = self._by_number.get(number)
        if found is None:
            found = frozenset()
            for pattern, icons in self._patterns:
                if pattern.match(number):
                    found = icons
                    break
            self._by_number[number] = found
        return found

    def icons_of_card(self, card: Card) -> frozenset[str]:
        """Icons of one card row: recorded ones, else derived from all its numbers."""
        if card.formats is not None:
            return frozenset(card.formats)
        icons: set[str] = set()
        for number in (card.number, *card.reprints):
            icons |= self.icons_of_number(number)
        return frozenset(icons)

    def icons_of_name(self, card: Card) -> frozenset[str]:
        """Icons of any card with the same name as ``card`` (the same-name carve-out)."""
        cached = self._by_name.get(card.key)
        if cached is None:
            icons: set[str] = set()
            for same in self.pool.same_name(card):
                icons |= self.icons_of_card(same)
            cached = self._by_name[card.key] = frozenset(icons)
        return cached

    def level_zero_signatures(self, required: frozenset[str]) -> set[tuple[frozenset[str], str]]:
        """(colours, LRIG type) of every level-0 LRIG carrying one of ``required`` icons."""
        found = self._level_zero.get(required)
        if found is None:
            found = set()
            for card in self.pool.cards:
                if card.is_lrig and card.level == 0 and not card.token and self.icons_of_card(card) & required:
                    for lrig_type in card.lrig_types:
                        found.add((frozenset(card.colors), lrig_type))
            self._level_zero[required] = found
        return found

"""A decklist resolved against a card pool: the view every check reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from wixoss_deckcheck.cards import PIECE_TYPES, Card
from wixoss_deckcheck.decklist.model import Deck, DeckEntry

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.icons import IconIndex
    from wixoss_deckcheck.pool import CardPool


class ResolvedEntry:
    """A decklist line with its card. ``section`` is where the card ended up.

    One is made for every line of every deck, so it is a plain slotted object, cheap to
    build and to read. Treat it as read-only; compare entries by identity (``is``).
    """

    __slots__ = ("entry", "card", "number", "section", "count", "line")

    def __init__(self, entry: DeckEntry, card: Card, number: str, section: str):
        self.entry = entry
        self.card = card
        self.number = number  # the number the player used, or the card's own number
        self.section = section
        self.count = entry.count
        self.line = entry.line

    def __repr__(self) -> str:
        return f"ResolvedEntry({self.count} {self.number} {self.section} line {self.line})"


@dataclass
class ResolvedDeck:
    """The cards of one deck, split into the main deck and the LRIG deck."""

    deck: Deck
    pool: "CardPool"
    icons: "IconIndex"
    entries: list[ResolvedEntry] = field(default_factory=list)
    #: Lines whose card could not be resolved; they still count toward the size of
    #: the section they were listed under, so a typo does not also break the size rule.
    unresolved: list[DeckEntry] = field(default_factory=list)

    #: The entries of each deck, in decklist order (filled by :meth:`add`).
    main: list[ResolvedEntry] = field(default_factory=list)
    lrig: list[ResolvedEntry] = field(default_factory=list)
    #: Cards per section (unresolved lines included), kept up to date by :meth:`add`.
    totals: dict = field(default_factory=lambda: {"main": 0, "lrig": 0})

    #: Main-deck Life Burst cards, and LRIG-deck PIECEs (kept up to date by :meth:`add`).
    life_burst_count: int = 0
    piece_total: int = 0

    def add(self, entry: ResolvedEntry) -> None:
        """Add a resolved line to the deck of its section."""
        self.entries.append(entry)
        if entry.section == "main":
            self.main.append(entry)
            self.totals["main"] += entry.count
            if entry.card.life_burst:
                self.life_burst_count += entry.count
        else:
            self.lrig.append(entry)
            self.totals["lrig"] += entry.count
            if entry.card.type in PIECE_TYPES:
                self.piece_total += entry.count

    def add_unresolved(self, entry: DeckEntry) -> None:
        """A line the pool could not resolve: it still counts toward its section's size."""
        self.unresolved.append(entry)
        if entry.section in self.totals:
            self.totals[entry.section] += entry.count

    def section(self, name: str) -> list[ResolvedEntry]:
        return self.main if name == "main" else self.lrig

    def count(self, section: str) -> int:
        """Cards in a section, lines the pool could not resolve included."""
        return self.totals[section]

    def name_counts(self, section: str) -> dict[str, int]:
        """Copies per same-name key in a section (reprints and split lines together)."""
        memo = self.__dict__.setdefault("_name_counts", {})
        counts = memo.get(section)
        if counts is None:
            counts = memo[section] = {}
            for entry in self.section(section):
                key = entry.card.key
                counts[key] = counts.get(key, 0) + entry.count
        return counts

    def by_name(self, section: str | None = None) -> dict[str, list[ResolvedEntry]]:
        """Entries grouped by same-name key (reprints and split lines together)."""
        memo = self.__dict__.setdefault("_groups", {})
        groups = memo.get(section)
        if groups is None:
            groups = memo[section] = {}
            for entry in self.entries if section is None else self.section(section):
                key = entry.card.key
                if key in groups:
                    groups[key].append(entry)
                else:
                    groups[key] = [entry]
        return groups

    @cached_property
    def level_zero_lrigs(self) -> list[ResolvedEntry]:
        """Level-0 LRIGs (and level-0 assist LRIGs) of the LRIG deck."""
        return [e for e in self.lrig if e.card.is_lrig and e.card.level == 0]

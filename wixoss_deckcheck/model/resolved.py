"""A decklist resolved against a card pool: the view every check reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wixoss_deckcheck.model.cards import LRIG_TYPES, PIECE_TYPES, Card
from wixoss_deckcheck.model.deck import Deck, DeckEntry

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool
    from wixoss_deckcheck.tables.icons import IconIndex


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


class ResolvedDeck:
    """The cards of one deck, split into the main deck and the LRIG deck.

    Besides the entries it keeps what several checks read, filled as lines are added
    (:meth:`add`, or the checker's own resolution loop, which keeps the same figures):
    cards per section, Life Burst cards, PIECEs, copies per same-name key, the card
    types of each section and the level-0 LRIGs.
    """

    __slots__ = (
        "deck",
        "pool",
        "icons",
        "entries",
        "unresolved",
        "main",
        "lrig",
        "totals",
        "life_burst_count",
        "piece_total",
        "level_zero_lrigs",
        "names",
        "types",
        "_groups",
    )

    def __init__(self, deck: Deck, pool: CardPool | None, icons: IconIndex | None):
        self.deck = deck
        self.pool = pool
        self.icons = icons
        self.entries: list[ResolvedEntry] = []
        #: Lines whose card could not be resolved; they still count toward the size of
        #: the section they were listed under, so a typo does not also break the size rule.
        self.unresolved: list[DeckEntry] = []
        #: The entries of each deck, in decklist order.
        self.main: list[ResolvedEntry] = []
        self.lrig: list[ResolvedEntry] = []
        #: Cards per section, unresolved lines included.
        self.totals = {"main": 0, "lrig": 0}
        #: Main-deck Life Burst cards, and LRIG-deck PIECEs.
        self.life_burst_count = 0
        self.piece_total = 0
        #: Level-0 LRIGs (and level-0 assist LRIGs) of the LRIG deck.
        self.level_zero_lrigs: list[ResolvedEntry] = []
        #: Copies per same-name key in each section (reprints and split lines together).
        self.names: dict[str, dict[str, int]] = {"main": {}, "lrig": {}}
        #: The card types present in each section.
        self.types: dict[str, set[str]] = {"main": set(), "lrig": set()}
        self._groups: dict = {}

    def add(self, entry: ResolvedEntry) -> None:
        """Add a resolved line to the deck of its section."""
        card, count, section = entry.card, entry.count, entry.section
        self.entries.append(entry)
        self.totals[section] = self.totals.get(section, 0) + count
        names = self.names.setdefault(section, {})
        names[card.key] = names.get(card.key, 0) + count
        self.types.setdefault(section, set()).add(card.type)
        if section == "main":
            self.main.append(entry)
            if card.life_burst:
                self.life_burst_count += count
        else:
            self.lrig.append(entry)
            if card.type in PIECE_TYPES:
                self.piece_total += count
            if card.level == 0 and card.type in LRIG_TYPES:
                self.level_zero_lrigs.append(entry)

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
        return self.names[section]

    def by_name(self, section: str | None = None) -> dict[str, list[ResolvedEntry]]:
        """Entries grouped by same-name key (reprints and split lines together)."""
        groups = self._groups.get(section)
        if groups is None:
            groups = self._groups[section] = {}
            for entry in self.entries if section is None else self.section(section):
                key = entry.card.key
                if key in groups:
                    groups[key].append(entry)
                else:
                    groups[key] = [entry]
        return groups

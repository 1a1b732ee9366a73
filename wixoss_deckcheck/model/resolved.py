"""A decklist resolved against a card pool: the view every check reads."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from wixoss_deckcheck.model.cards import LRIG_TYPES, PIECE_TYPES, Card
from wixoss_deckcheck.model.deck import Deck, DeckEntry, WrittenCount

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool
    from wixoss_deckcheck.tables.icons import IconIndex


_DECKS = ("main", "lrig")
_NONE: frozenset[str] = frozenset()


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


class KnownCard(NamedTuple):
    """What placing a line needs of the card its query names: the card, the printed number
    the player used (else the card's own), the card's own deck and the figures the deck
    keeps of it. Worked out once per query (:meth:`of`): the decks of one audit share most
    lines. :meth:`ResolvedDeck.add_lines` unpacks it by position (fastest); the field
    order is its contract."""

    card: Card
    number: str
    section: str  # the card's own deck: main or lrig
    life_burst: bool
    piece: bool
    key: str  # the same-name key
    type: str
    level_zero_lrig: bool

    @classmethod
    def of(cls, card: Card, number: str | None = None) -> KnownCard:
        """The facts of ``card`` printed as ``number`` (default: the card's own number)."""
        return cls(
            card,
            number or card.number,
            card.deck,
            bool(card.life_burst),
            card.type in PIECE_TYPES,
            card.key,
            card.type,
            card.type in LRIG_TYPES and card.level == 0,
        )


class ResolvedDeck:
    """The cards of one deck, split into the main deck and the LRIG deck.

    Besides the entries it keeps what several checks read, filled as lines are added
    (:meth:`add_lines`, the one place that keeps them; :meth:`add` for one line): cards
    per section, Life Burst cards, PIECEs, copies per same-name key, the card types of
    each section and the level-0 LRIGs.
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
        self._groups: dict[str | None, dict[str, list[ResolvedEntry]]] = {}

    def add(self, entry: ResolvedEntry) -> None:
        """Add one resolved line to the deck of its section (through :meth:`add_lines`)."""
        line = entry.entry
        if line.section != entry.section:
            line = line._replace(section=entry.section)
        self.add_lines((line,), {line.query: KnownCard.of(entry.card, entry.number)})

    def add_lines(self, lines: Iterable[DeckEntry], known: Mapping[str, Any]) -> list[tuple[DeckEntry, Any]]:
        """Add decklist lines: a line whose query ``known`` maps to a :class:`KnownCard`
        goes to the deck it is listed under (else the card's own), every figure kept;
        any other line is unresolved (:meth:`add_unresolved`) and returned with what
        ``known`` says of it (the checker's :class:`~wixoss_deckcheck.pool.resolution.Resolution`:
        why not), in order.

        The loop every line of every deck of an audit goes through: figures are kept in
        locals and the known facts unpacked by position.
        """
        entries, main, lrig, zeros = self.entries, self.main, self.lrig, self.level_zero_lrigs
        main_names, lrig_names = self.names["main"], self.names["lrig"]
        main_types, lrig_types = self.types["main"], self.types["lrig"]
        main_total = lrig_total = life_burst = pieces = 0
        missed: list[tuple[DeckEntry, Any]] = []
        for entry in lines:
            found = known[entry.query]
            if found.__class__ is not KnownCard:
                missed.append((entry, found))
                continue
            card, number, own_section, has_burst, is_piece, key, kind, level_zero = found
            section = entry.section or own_section
            placed = ResolvedEntry(entry, card, number, section)
            entries.append(placed)
            count = entry.count
            if section == "main":
                main.append(placed)
                main_total += count
                main_names[key] = main_names.get(key, 0) + count
                main_types.add(kind)
                if has_burst:
                    life_burst += count
            else:
                lrig.append(placed)
                lrig_total += count
                lrig_names[key] = lrig_names.get(key, 0) + count
                lrig_types.add(kind)
                if is_piece:
                    pieces += count
                if level_zero:
                    zeros.append(placed)
        totals = self.totals
        totals["main"] += main_total
        totals["lrig"] += lrig_total
        self.life_burst_count += life_burst
        self.piece_total += pieces
        if missed:
            missed = [(entry, why) for entry, why in missed if not self.add_counted(entry, why)]
        for entry, _why in missed:
            self.add_unresolved(entry)
        return missed

    def add_counted(self, entry: DeckEntry, why: Any) -> bool:
        """Add a line the pool did not resolve as written when it is a card number, its name and a
        bare count at an end (``WD01-009 甲冑　ローメイル 2``: the resolution's ``counted``), as
        that many copies; whether it was added. Only a line that wrote no count of its own (its
        count is the reader's 1, not a :class:`~wixoss_deckcheck.model.deck.WrittenCount`) takes
        it. The one reading of such a line, for the checker and the rules engine alike."""
        counted = getattr(why, "counted", None)
        if counted is None or entry.count != 1 or entry.count.__class__ is WrittenCount:
            return False
        card, number, copies = counted
        self.add(ResolvedEntry(entry._replace(count=copies), card, number, entry.section or card.deck))
        return True

    def add_unresolved(self, entry: DeckEntry) -> None:
        """A line the pool could not resolve: it still counts toward its section's size."""
        self.unresolved.append(entry)
        if entry.section in self.totals:
            self.totals[entry.section] += entry.count

    def settle(self, entry: DeckEntry, card: Card, number: str) -> None:
        """A line first unresolved that the rest of the deck decided (the checker says which
        card it took and why): it leaves the unresolved lines and joins the deck as ``card``."""
        self.unresolved.remove(entry)
        if entry.section in self.totals:
            self.totals[entry.section] -= entry.count
        self.add(ResolvedEntry(entry, card, number, entry.section or card.deck))

    def unknown_decks(self) -> frozenset[str]:
        """The decks (``main``, ``lrig``) holding a line the pool could not resolve; a line
        listed under no heading may belong to either, so it makes both unknown."""
        if not self.unresolved:
            return _NONE
        return frozenset(
            deck for entry in self.unresolved for deck in ((entry.section,) if entry.section in _DECKS else _DECKS)
        )

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

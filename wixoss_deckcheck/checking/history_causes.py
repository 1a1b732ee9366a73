"""What a deck's verdict reads from the tables, and which changes explain a new verdict.

:class:`DeckReads` lists, for one resolved deck in one format, the prints whose release
the verdict can read and the products they belong to; :class:`CauseWords` picks, among the
changes of one day, those that explain the difference between two verdicts and words them
(a rule replaced by another of the same id on that day is one change).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from wixoss_deckcheck.checks import REGISTRY
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.history import Cause, Verdict
from wixoss_deckcheck.model.resolved import ResolvedDeck
from wixoss_deckcheck.pool.cardpool import CardPool
from wixoss_deckcheck.tables.change_words import describe, describe_rule_change
from wixoss_deckcheck.tables.changes import FORMAT, RELEASE, RULE, Change, FormatChanges, Product, earliest_of
from wixoss_deckcheck.tables.icons import IconIndex
from wixoss_deckcheck.tables.loading import FormatTable, Rule

#: The checks whose findings the release of a print can change (through the icon index).
RELEASE_CHECKS = ("not-yet-released", "card-pool", "level-zero-lrig-pool")
#: The kind of cause of a history's first period when it is not a change: the first day
#: asked for (``--from``), or the first day the tables know.
RANGE = "range"
#: Where the release dates come from (each product there with its own source).
CALENDAR_SOURCE = "formats/data/releases.yaml"


def codes_of(change: Change) -> frozenset[str] | None:
    """The check codes a change can touch (None: any)."""
    if change.rule is not None:
        info = REGISTRY.get(change.rule.check)
        return frozenset({info.code}) if info else None
    if change.entry is not None:
        info = REGISTRY.get(f"mayus-room-{change.entry.kind}")
        return frozenset({info.code}) if info else None
    if change.kind == RELEASE:
        return frozenset(REGISTRY[slug].code for slug in RELEASE_CHECKS if slug in REGISTRY)
    return None


def _touches(change: Change, codes: set[str]) -> bool:
    """Whether a change can touch one of ``codes``."""
    touched = codes_of(change)
    return touched is None or not touched.isdisjoint(codes)


def _narrowed(changes: list[Change], products: set[str]) -> list[Change]:
    """The changes, the releases among them kept to ``products`` when one of them is there."""
    releases = [change for change in changes if change.product is not None]
    kept = [change for change in releases if change.product is not None and change.product.label in products]
    if not kept:
        return changes
    return [change for change in changes if change.product is None or change in kept]


def _replaced_rules(changes: Sequence[Change]) -> dict[str, Rule]:
    """The rules that end on the day another of the same id starts, by id."""
    ending = {change.rule.id: change.rule for change in changes if change.rule is not None and not change.starts}
    starting = {change.rule.id for change in changes if change.rule is not None and change.starts}
    return {rule_id: rule for rule_id, rule in ending.items() if rule_id in starting}


def level_zero_pool_icons(table: FormatTable) -> frozenset[str]:
    """The icons of the table's level-0 LRIG pool rules that compare colours and LRIG types
    (Diva's), whose verdict reads the release of other level-0 LRIGs."""
    icons: set[str] = set()
    for rule in table.rules:
        if rule.check == "level-zero-lrig-pool" and rule.params.get("match") != "any":
            icons.update(rule.params.get("icons") or ())
    return frozenset(icons)


def card_pool_icons(table: FormatTable) -> frozenset[str]:
    """Every icon some version of the table's card-pool rule asks for."""
    icons: set[str] = set()
    for rule in table.rules:
        if rule.check == "card-pool":
            icons.update(rule.params.get("icons") or ())
    return frozenset(icons)


class DeckReads:
    """The prints whose release one deck's verdict in one format can read: every print of
    its cards and of the cards with the same names, and, under a Diva-like level-0 rule, of
    the level-0 LRIGs of the colours and types of the deck's own level-0 LRIGs that lack the
    icon on the first day (a name's icons only grow as prints come out).

    What a release can change only grows as prints come out: a card's name is out or not
    yet, and has the icons the format asks for or not yet. :meth:`live_products` names the
    products whose release can still change the verdict, given the icon index of a day.
    """

    def __init__(
        self,
        pool: CardPool,
        resolved: ResolvedDeck,
        changes: FormatChanges,
        icons: IconIndex,
        level_zero: Callable[[], Sequence[Card]],
    ):
        self.keys = frozenset(entry.card.key for entry in resolved.entries)
        #: The prints each card of the deck (by the number the deck names) is read through.
        self.by_card = _prints_by_card(pool, resolved)
        self.prints: set[str] = set().union(*self.by_card.values())
        self.changes = changes
        self.cards = {entry.number: entry.card for entry in resolved.entries}
        self.pool_icons = card_pool_icons(changes.table)
        self.zero_icons = level_zero_pool_icons(changes.table)
        zero = [(entry.number, entry.card) for entry in resolved.level_zero_lrigs] if self.zero_icons else []
        self.zero_lrigs = dict(zero)
        #: The prints of the level-0 LRIGs alike each of the deck's own (by the number the deck
        #: names), when it lacks the icon on the first day.
        self.alike = {
            number: _prints_of(_alike([card], level_zero))
            for number, card in self.zero_lrigs.items()
            if not icons.icons_of_name(card) & self.zero_icons
        }
        self.prints.update(*self.alike.values())

    def live_products(self, icons: IconIndex) -> set[str]:
        """The products whose release can still change the verdict after the icon index's
        day: those of a card whose name is not out yet or lacks an icon the format asks
        for, and of the level-0 LRIGs alike a level-0 LRIG of the deck that lacks its icon."""
        live: set[str] = set()
        for number, card in self.cards.items():
            lacks = bool(self.pool_icons) and not icons.icons_of_name(card) & self.pool_icons
            prints = tuple(self.by_card.get(number, ()))
            if lacks or not icons.name_released(card) or icons.release_state(icons.name_numbers(card)) == "window":
                live |= self._products(prints)
        for number, card in self.zero_lrigs.items():
            if not icons.icons_of_name(card) & self.zero_icons:
                live |= self._products((*self.by_card.get(number, ()), *self.alike.get(number, ())))
        return live

    def _products(self, numbers: Iterable[str]) -> set[str]:
        return {product.label for product in map(self.changes.product_of, numbers) if product is not None}

    def first_day(self) -> str | None:
        """The day the deck's last card came out (None: no card has a known date)."""
        days = [earliest_of(self.changes.calendar, prints) for prints in self.by_card.values()]
        known = [day for day in days if day]
        return max(known) if known else None

    def relevant(self) -> list[Change]:
        return self.changes.relevant(self.prints, self.keys)

    def products_of(self, cards: Iterable[str]) -> set[str]:
        """The products holding a print that the cards (numbers as the deck names them) are read through."""
        return self._products(number for card in cards for number in self.by_card.get(card, ()))

    def _undated_print(self, prints: set[str], day: str) -> str | None:
        """The first print without any bound that makes a card count as out on ``day``: only
        when no print of its name has a date or a bound (issue 20: such a print never makes a
        card available earlier than its other prints); None otherwise."""
        calendar = self.changes.calendar
        if any(calendar.earliest(number) is not None for number in prints):
            return None
        undated = sorted(prints)
        return undated[0] if undated else None

    def undated(self, day: str) -> tuple[list[Product], list[str]]:
        """The products without a known date that let a card of the deck count as out on
        ``day`` (when no dated print of its name is out by then), and the deck's cards of
        that kind with a print the calendar does not know at all."""
        products: dict[str, Product] = {}
        unknown = set()
        for number, prints in self.by_card.items():
            undated = self._undated_print(prints, day)
            product = self.changes.product_of(undated) if undated else None
            if product is not None:
                products.setdefault(product.label, product)
            elif undated:
                unknown.add(number)
        return [products[label] for label in sorted(products)], sorted(unknown)

    def products_out_on(self, day: str) -> list[Change]:
        """The releases of the deck's prints on ``day``, by product label."""
        products = {p.label: p for p in map(self.changes.product_of, self.prints) if p and p.release.earliest == day}
        return [Change(day, RELEASE, True, product=products[label]) for label in sorted(products)]


def _prints_of(cards: Iterable[Card]) -> set[str]:
    return {number for card in cards for number in (card.number, *card.reprints)}


def _prints_by_card(pool: CardPool, resolved: ResolvedDeck) -> dict[str, set[str]]:
    """Per card of the deck (by the number it names): that number and every print of the
    cards of its name."""
    found: dict[str, set[str]] = {}
    for entry in resolved.entries:
        found.setdefault(entry.number, {entry.number}).update(_prints_of((entry.card, *pool.same_name(entry.card))))
    return found


def _alike(lrigs: Sequence[Card], level_zero: Callable[[], Sequence[Card]]) -> list[Card]:
    """The level-0 LRIGs sharing the colours and an LRIG type with one of ``lrigs``."""
    if not lrigs:
        return []
    wanted = {(frozenset(card.colors), kind) for card in lrigs for kind in card.lrig_types}
    return [c for c in level_zero() if any((frozenset(c.colors), kind) in wanted for kind in c.lrig_types)]


class CauseWords:
    """Causes in the run's language, cards an entry names shown by their names in it."""

    def __init__(self, pool: CardPool, messages: Messages):
        self.pool = pool
        self.messages = messages
        self._names: dict[str, str] = {}

    def card_name(self, ref: Mapping[str, Any]) -> str:
        """A card an entry names, in the run's language when the pool knows it."""
        name = ref.get("name")
        if not name:
            return ", ".join(ref.get("numbers") or ())
        shown = self._names.get(name)
        if shown is None:
            cards = self.pool.cards_named(name)
            shown = self._names[name] = cards[0].display_name(self.messages.lang) if cards else name
        return shown

    def cause(self, change: Change, table: FormatTable) -> Cause:
        text = describe(change, self.messages, self.card_name, table.display_name(self.messages.lang))
        source = table.source if change.kind == FORMAT else change.source
        return Cause(change.kind, text, source, change.day)

    def causes(
        self, changes: Sequence[Change], table: FormatTable, before: Verdict, after: Verdict, reads: DeckReads
    ) -> list[Cause]:
        """The changes of one day that explain ``after`` following ``before``: those that can
        touch a code whose findings changed (releases: of a product holding a print of a card
        whose findings changed, when one does), else all of them."""
        moved = before.changed_codes(after)
        picked = [change for change in changes if _touches(change, moved)]
        picked = _narrowed(picked, reads.products_of(before.changed_cards(after)))
        return self._merged(picked or list(changes), table)

    def _merged(self, changes: Sequence[Change], table: FormatTable) -> list[Cause]:
        """The causes of ``changes``, a rule that ends and one of the same id that starts on
        the same day as one change of that rule."""
        replaced = _replaced_rules(changes)
        out = []
        for change in changes:
            rule = change.rule
            if rule is None or rule.id not in replaced:
                out.append(self.cause(change, table))
            elif change.starts:
                text = describe_rule_change(replaced[rule.id], rule, change.day, self.messages)
                out.append(Cause(RULE, text, rule.source, change.day))
        return out

    def start_causes(
        self, day: str, asked: bool, deck_day: str | None, table: FormatTable, reads: DeckReads
    ) -> tuple[Cause, ...]:
        """What the first period began with: the first day asked for, the release of the
        deck's last card, the format's first day, or the tables' first day; then the products
        without a known date that count as out from the start."""
        return (self._start(day, asked, deck_day, table, reads), *self._undated(day, reads))

    def _start(self, day: str, asked: bool, deck_day: str | None, table: FormatTable, reads: DeckReads) -> Cause:
        if asked:
            return Cause(RANGE, self.messages.history("start_range", day=day), None, day)
        if day == deck_day:
            releases = reads.products_out_on(day)
            if releases:
                return self.cause(releases[0], table)
        if day == table.since:
            return self.cause(Change(day, FORMAT, True), table)
        return Cause(RANGE, self.messages.history("start_tables", day=day), None, day)

    def _undated(self, day: str, reads: DeckReads) -> list[Cause]:
        """One cause for the deck's cards that count as out from the start for want of a date."""
        products, unknown = reads.undated(day)
        out = []
        if products:
            names = " / ".join(product.name for product in products)
            out.append(Cause(RELEASE, self.messages.history("undated", products=names), CALENDAR_SOURCE, day))
        if unknown:
            out.append(Cause(RELEASE, self.messages.history("uncalendared", cards=", ".join(unknown)), None, day))
        return out

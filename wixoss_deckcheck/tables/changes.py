"""The change points of a format: the days on which what its tables say can change.

A deck's verdict depends on the day only through

- the format's own dates (``since``/``until`` of the table);
- the rules in force (each rule's ``since``/``until``);
- the Mayu's Room entries in force (``effective``/``until`` as the table records them: an
  entry whose first day is known only as a lower bound, ``effective_bound: not-before``,
  applies from that bound, as a warning up to the day before its first certain day
  ``certain_from`` and as an error from it, and one whose end is known only as an upper bound,
  ``until_bound: not-after``, ends there, exactly as ``check --as-of`` applies them);
- the prints out by then: the release calendar (``formats/data/releases.yaml``) gives each
  product's earliest day (a month known only "about" starts 31 days early), and the icon
  index of a day sees only the prints out by then.

Between two change points each of these is constant, so a verdict worked out on a change
point holds up to the day before the next one. :class:`FormatChanges` lists them in day
order; :meth:`FormatChanges.relevant` keeps those that can touch a given deck.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from wixoss_deckcheck.tables.loading import FormatTable, Rule
from wixoss_deckcheck.tables.mayus_room import MayuEntry
from wixoss_deckcheck.tables.releases import Release, ReleaseCalendar

#: The kinds of change, in the order the changes of one day are listed.
FORMAT, RULE, ENTRY, RELEASE = "format", "rule", "mayus-room", "release"
_ORDER = {FORMAT: 0, RULE: 1, ENTRY: 2, RELEASE: 3}


class Product(NamedTuple):
    """One line of the release calendar: a series (``WXDI-P01``) or a promo range."""

    label: str
    release: Release

    @property
    def name(self) -> str:
        """The product's name as the calendar gives it, else its label."""
        return self.release.name or self.label


class Change(NamedTuple):
    """Something the tables start or stop saying on ``day`` (its first day in force, or its
    first day no longer in force when ``starts`` is false)."""

    day: str
    kind: str
    starts: bool
    rule: Rule | None = None
    entry: MayuEntry | None = None
    product: Product | None = None
    #: An entry's first certain day (``certain_from``, ``starts``): its findings turn from warnings
    #: into errors; or the first day it may be lifted (``certain_until``): back into warnings.
    certain: bool = False

    @property
    def source(self) -> str | None:
        """Where the tables have it from (the rule's, entry's or product's ``source``; the
        source of an entry's first certain day for that day)."""
        if self.rule is not None:
            return self.rule.source
        if self.entry is not None:
            if self.certain:
                return self.entry.certain_source if self.starts else self.entry.certain_until_source
            return self.entry.source
        if self.product is not None:
            release = self.product.release
            if self.certain:
                return release.certain_source
            return (release.source if release.date else release.bound_source or release.source) or None
        return None


def _promo_label(family: str, first: int, last: int) -> str:
    return f"{family}{first:03d}" if first == last else f"{family}{first:03d}–{family}{last:03d}"


def calendar_products(calendar: ReleaseCalendar) -> list[Product]:
    """Every product of the calendar: the series, then the promo ranges."""
    found = [Product(label, release) for label, release in calendar.series.items()]
    found += [Product(_promo_label(family, first, last), release) for family, first, last, release in calendar.promos]
    return found


def first_release(calendar: ReleaseCalendar) -> str | None:
    """The earliest day of the first product of the calendar (None: no product has a date)."""
    days = [day for day in (product.release.earliest for product in calendar_products(calendar)) if day]
    return min(days) if days else None


def _table_changes(table: FormatTable, entries: Sequence[MayuEntry]) -> Iterable[Change]:
    if table.since:
        yield Change(table.since, FORMAT, True)
    if table.until:
        yield Change(table.until, FORMAT, False)
    for rule in table.rules:
        if rule.since:
            yield Change(rule.since, RULE, True, rule=rule)
        if rule.until:
            yield Change(rule.until, RULE, False, rule=rule)
    for entry in entries:
        if entry.effective:
            yield Change(entry.effective, ENTRY, True, entry=entry)
        if entry.certain_from:
            yield Change(entry.certain_from, ENTRY, True, entry=entry, certain=True)
        if entry.certain_until:  # the first day it may be lifted: an error becomes a warning
            yield Change(entry.certain_until, ENTRY, False, entry=entry, certain=True)
        if entry.until:
            yield Change(entry.until, ENTRY, False, entry=entry)


class FormatChanges:
    """The change points of one format table with one release calendar, in day order.

    ``entries`` are the table's Mayu's Room entries as a checker sees them (resolved
    against a pool, so that an entry listing only card numbers has those cards' keys);
    by default the table's own.
    """

    def __init__(
        self, table: FormatTable, calendar: ReleaseCalendar, entries: Sequence[MayuEntry] | None = None
    ) -> None:
        self.table = table
        self.calendar = calendar
        self.products = calendar_products(calendar)
        self._product_of_release: dict[Release, Product] = {}
        for product in self.products:
            self._product_of_release.setdefault(product.release, product)
        self.entries: tuple[MayuEntry, ...] = tuple(table.mayus_room if entries is None else entries)
        found = list(_table_changes(table, self.entries))
        for product in self.products:
            earliest = product.release.earliest
            if earliest:
                found.append(Change(earliest, RELEASE, True, product=product))
            if product.release.certain_from:  # the end of its window: a warning becomes nothing
                found.append(Change(product.release.certain_from, RELEASE, True, product=product, certain=True))
        found.sort(key=lambda change: (change.day, _ORDER[change.kind]))
        self.changes: tuple[Change, ...] = tuple(found)

    @property
    def first_day(self) -> str | None:
        """The first day the tables know: the earliest day of the first product (None
        for a calendar without dates)."""
        return first_release(self.calendar)

    def days(self) -> list[str]:
        """Every change point, once, in order."""
        return sorted({change.day for change in self.changes})

    def on(self, day: str) -> list[Change]:
        """The changes that take effect on ``day``."""
        return [change for change in self.changes if change.day == day]

    def between(self, after: str, upto: str) -> list[Change]:
        """The changes that take effect after ``after``, up to ``upto`` included."""
        return [change for change in self.changes if after < change.day <= upto]

    def product_of(self, number: str) -> Product | None:
        """The product a print belongs to (its promo range first), or None."""
        release = self.calendar.release_of(number)
        return None if release is None else self._product_of_release.get(release)

    def relevant(self, numbers: Collection[str], keys: Collection[str]) -> list[Change]:
        """The changes that can touch a deck whose verdict reads the release of the prints
        ``numbers`` and holds the cards of the same-name ``keys``: every format and rule
        change, the entries that name one of the keys, the releases of those prints."""
        products = {product.label for product in map(self.product_of, numbers) if product is not None}
        wanted = frozenset(keys)
        return [change for change in self.changes if _touches(change, products, wanted)]


def _touches(change: Change, products: Collection[str], keys: frozenset[str]) -> bool:
    if change.entry is not None:
        return not (keys.isdisjoint(change.entry.keys_a) and keys.isdisjoint(change.entry.keys_b))
    if change.product is not None:
        return change.product.label in products
    return True


def earliest_of(calendar: ReleaseCalendar, numbers: Iterable[str]) -> str | None:
    """The first day some print of ``numbers`` can be in a deck (its date or its product's
    lower bound): None when none of them has one (such a card counts as always released); a
    print with no bound never makes it earlier than the others (issue 20)."""
    days = [day for day in map(calendar.earliest, numbers) if day is not None]
    return min(days) if days else None

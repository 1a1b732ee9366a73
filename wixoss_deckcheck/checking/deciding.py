"""Deciding a written name that names several cards by the rest of the deck (WX006).

A name can name two cards: a deck editor's English name for a Key-era card that the
English edition gives to another card ("Water Buffalo, Phantom Aquatic Beast": 幻水　スイギュ
WDK08-Y16 in the Cockatrice plugin's WDK08 file, 幻水　スイギュウ WXDi-D01-018 in the
English edition). Such a line is never settled silently; the rest of the deck may settle
it, and the checker then says which card it took and why:

- an LRIG or ASSIST LRIG: the only candidate that shares an LRIG type with the deck's
  other LRIGs (a deck has one line of each LRIG type);
- any card: the only candidate with a print in the set that most of the deck's other
  cards have a print in (a starter deck, a deck editor's file of one product), when at
  least two other cards point there and no other candidate has a print in that set.

Otherwise the line stays ambiguous (WX002) and the player writes the card number.

A name can also name one card in the pool and another in a deck editor's set-scoped alias
("Water Buffalo, Phantom Aquatic Beast (WDK08)" in ``cardpool/aliases/``): in a deck of
that one set (:data:`MIN_SET_SHARE` of its lines printed there, as a starter file is) and
written with a deck editor's names (a line found through an alias table), a name whose card
came out only after the set is read as the card the set's alias gives it
(:func:`set_readings`), said in the same warning. A deck of mixed sets, or one with no
deck editor's name, is never read so (the checker's gate costs nothing then).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Protocol

from wixoss_deckcheck.model.cards import LRIG_TYPES, Card
from wixoss_deckcheck.model.deck import DeckEntry
from wixoss_deckcheck.model.resolved import KnownCard, ResolvedDeck
from wixoss_deckcheck.pool.normalize import looks_like_number, series_of

#: The fewest other cards of the deck that must point to a set for it to decide a name.
MIN_SET_SUPPORT = 2
#: The share of a deck's lines that must be printed in one set for a set-scoped alias to read its names.
MIN_SET_SHARE = 0.6


class Prints(Protocol):
    """What deciding needs of a card pool: every row of a card's name (its reprints)."""

    def same_name(self, card: Card) -> list[Card]: ...


class Pool(Prints, Protocol):
    """What reading names by a deck's set needs of a card pool besides :class:`Prints`."""

    def resolve(self, query: str, suggest: bool = True) -> Any: ...


class Dated(Protocol):
    """The release calendar (:class:`~wixoss_deckcheck.tables.releases.ReleaseCalendar`)."""

    def earliest(self, number: str) -> str | None: ...


class SetReading(NamedTuple):
    """A name read as the card its deck's set gives it: that card's facts, the card the pool
    alone named, the set and how many of the deck's lines are printed in it."""

    known: KnownCard
    other: Card
    set: str
    support: int


class Decision(NamedTuple):
    """The candidate the deck points to, the number to show for it, and why: ``reason`` is
    ``lrig_type`` (``detail`` the LRIG types shared) or ``set`` (``detail`` the set, ``support``
    how many of the deck's other cards have a print in it)."""

    card: Card
    number: str
    reason: str
    detail: str
    support: int = 0


def decide(candidates: list[Card], deck: ResolvedDeck, pool: Prints) -> Decision | None:
    """The one candidate the rest of ``deck`` points to, else None (see the module doc)."""
    return _by_lrig_type(candidates, deck) or _by_set(candidates, deck, pool)


def _by_lrig_type(candidates: list[Card], deck: ResolvedDeck) -> Decision | None:
    if not candidates or any(card.type not in LRIG_TYPES for card in candidates):
        return None
    types = {kind for entry in deck.lrig if entry.card.is_lrig for kind in entry.card.lrig_types}
    fitting = [card for card in candidates if types & set(card.lrig_types)]
    if len(fitting) != 1:
        return None
    card = fitting[0]
    return Decision(card, card.number, "lrig_type", "/".join(sorted(types & set(card.lrig_types))))


def _prints(card: Card, pool: Prints) -> list[str]:
    return [number for same in pool.same_name(card) for number in (same.number, *same.reprints)]


def _sets(numbers: Iterable[str]) -> set[str]:
    return {series_of(number) for number in numbers}


def _by_set(candidates: list[Card], deck: ResolvedDeck, pool: Prints) -> Decision | None:
    support: Counter[str] = Counter()
    for card in {entry.card.key: entry.card for entry in deck.entries}.values():
        support.update(_sets(_prints(card, pool)))
    scored = []
    for card in candidates:
        prints = _prints(card, pool)
        best = max(_sets(prints), key=lambda name: (support[name], name), default="")
        scored.append((support[best], best, card, prints))
    scored.sort(key=lambda item: -item[0])
    top, name, card, prints = scored[0]
    if top < MIN_SET_SUPPORT or any(other[0] >= top or name in _sets(other[3]) for other in scored[1:]):
        return None  # too little support, another candidate as well supported, or printed in that set too
    number = next(number for number in prints if series_of(number) == name)
    return Decision(card, number, "set", name, top)


class Memo:
    """What set readings work out once per checker: the set each query's card was written in,
    the first day of each card (by same-name key), the reading of a query in a set."""

    __slots__ = ("query_sets", "first_days", "readings")

    def __init__(self) -> None:
        self.query_sets: dict[str, str] = {}
        self.first_days: dict[str, str] = {}
        self.readings: dict[tuple[str, str], SetReading | None] = {}


def set_readings(
    entries: list[DeckEntry], known: Mapping[str, Any], pool: Pool, memo: Memo, calendar: Dated | None
) -> dict[str, SetReading]:
    """The names of a one-set deck that the set's own alias gives to another card (see the module
    doc), by query; usually none. Only a card first out after the set (a starter of that set
    cannot hold it) is looked up again, so a deck without one reads no alias table. ``known``
    maps each query to its :class:`KnownCard` (or why not); ``memo`` is the caller's :class:`Memo`;
    ``calendar`` gives each print's first day."""
    if calendar is None or len(entries) < 2 * MIN_SET_SUPPORT:
        return {}
    sets = memo.query_sets
    counts: dict[str, int] = {}
    for entry in entries:
        name = sets.get(entry.query)
        if name is None:
            found = known[entry.query]
            name = sets[entry.query] = series_of(found.number) if found.__class__ is KnownCard else ""
        if name:
            counts[name] = counts.get(name, 0) + 1
    if not counts:
        return {}
    name, support = max(counts.items(), key=_by_count)
    if support < MIN_SET_SHARE * len(entries) or support == len(entries):
        return {}  # a deck of mixed sets, or every line printed in the set: nothing to read
    set_day = calendar.earliest(next(known[e.query].number for e in entries if sets[e.query] == name))
    if set_day is None:
        return {}
    out: dict[str, SetReading] = {}
    for entry in entries:
        if sets[entry.query] in ("", name) or entry.query in out:
            continue
        key = (entry.query, name)
        if key not in memo.readings:
            memo.readings[key] = _reading(entry.query, known[entry.query], name, set_day, pool, memo, calendar)
        reading = memo.readings[key]
        if reading is not None:
            out[entry.query] = reading._replace(support=support)
    return out


def _by_count(item: tuple[str, int]) -> int:
    return item[1]


def _reading(
    query: str, found: KnownCard, name: str, set_day: str, pool: Pool, memo: Memo, calendar: Dated
) -> SetReading | None:
    """The reading of one query in the set ``name`` of day ``set_day``, if any (worked out once)."""
    first = memo.first_days.get(found.card.key)
    if first is None:
        first = memo.first_days[found.card.key] = _first_day(found.card, pool, calendar)
    if first <= set_day:
        return None  # a card of the set's day or before: the deck may well hold it
    return _read_in_set(query, found, name, 0, pool)


def _first_day(card: Card, pool: Prints, calendar: Dated) -> str:
    """The first day a print of the card is out ("" when no print has a known day)."""
    days = [day for number in _prints(card, pool) if (day := calendar.earliest(number)) is not None]
    return min(days, default="")


def _read_in_set(query: str, found: KnownCard, name: str, support: int, pool: Pool) -> SetReading | None:
    """The card ``Name (SET)`` gives a name whose card has no print in the set, if another."""
    text = query.strip()
    if looks_like_number(text) or any(series_of(number) == name for number in _prints(found.card, pool)):
        return None
    other = pool.resolve(f"{text} ({name})", suggest=False)
    if other.card is None or other.card.key == found.card.key or not other.number:
        return None
    if series_of(other.number) != name:
        return None
    return SetReading(KnownCard.of(other.card, other.number), found.card, name, support)

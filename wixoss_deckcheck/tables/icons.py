"""Format icons, as of a day: which cards carry the key and diva icons, and which exist yet.

The official card pages print the icons; when the pool records them (``formats`` on a
card, from the official pages) they are used as they are. Otherwise they come from the
evidence the format table's ``icons`` list names: a card in a source that lists only
Diva-legal cards (the relax deck editor's list), or a pattern of card numbers (a series,
or single cards the official site names). A name carries an icon when any print of it
(reprints included) does: that is the same-name carve-out.

Given a day and the release calendar, the index sees only the prints released by then:
the same-name carve-out and the Diva level-0 carve-out never lean on a card printed later.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.patterns import card_pattern

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool
    from wixoss_deckcheck.tables.releases import ReleaseCalendar


class IconRule(NamedTuple):
    """One line of a format table's ``icons`` list."""

    pattern: re.Pattern[str] | None  # matched at the start of a card number
    listed_in: str | None  # or: the card is in this source's list
    icons: frozenset[str]
    note: str


def _rules(table: Iterable[dict[str, Any]]) -> list[IconRule]:
    return [
        IconRule(
            card_pattern(row["pattern"], "icons") if row.get("pattern") else None,
            row.get("listed_in"),
            frozenset(row["icons"]),
            row.get("label") or row.get("note") or row.get("source") or "",
        )
        for row in table
    ]


class IconIndex:
    """Icons per number and per name, for one pool and one icon table (and, when given,
    one day: only the prints released by then count)."""

    def __init__(
        self, pool: CardPool, table: Iterable[dict[str, Any]], calendar: ReleaseCalendar | None = None,
        day: str | None = None,
    ) -> None:
        self.pool = pool
        rules = _rules(table)
        self._patterns = [rule for rule in rules if rule.pattern is not None]
        self._listed = [rule for rule in rules if rule.listed_in is not None]
        self.calendar = calendar if day is not None else None
        self.day = day
        self._by_name: dict[str, frozenset[str]] = {}
        self._by_number: dict[str, frozenset[str]] = {}
        self._released: dict[str, bool] = {}
        self._states: dict[tuple[str, ...], str] = {}
        self._level_zero: dict[frozenset[str], set[tuple[frozenset[str], str]]] = {}

    # -- what exists on the day ------------------------------------------------------
    def number_released(self, number: str) -> bool:
        """Whether the print ``number`` is out on the index's day (always, without one)."""
        if self.calendar is None or self.day is None:
            return True
        found = self._released.get(number)
        if found is None:
            found = self._released[number] = self.calendar.is_released(number, self.day)
        return found

    def card_released(self, card: Card) -> bool:
        """Whether some print of this card row is out on the day (in a window included; a
        print with no bound counts only when no print of the row has one)."""
        return self.release_state((card.number, *card.reprints)) is not None

    def name_released(self, card: Card) -> bool:
        """Whether some card of this name (any row, any print) is out on the day."""
        return self.release_state(self.name_numbers(card)) is not None

    def name_numbers(self, card: Card) -> tuple[str, ...]:
        """Every print of every card of this name (the row's own first)."""
        numbers = [card.number, *card.reprints]
        for same in self.pool.same_name(card):
            if same is not card:
                numbers += [same.number, *same.reprints]
        return tuple(numbers)

    def release_state(self, numbers: tuple[str, ...]) -> str | None:
        """``"out"``, ``"window"`` or None for the prints of one card on the index's day
        (:meth:`ReleaseCalendar.released_among`; always ``"out"`` without a day)."""
        if self.calendar is None or self.day is None:
            return "out"
        found = self._states.get(numbers)
        if found is None:
            found = self._states[numbers] = self.calendar.released_among(numbers, self.day) or ""
        return found or None

    # -- icons ------------------------------------------------------------------------
    def icons_of_number(self, number: str) -> frozenset[str]:
        """The icons the number patterns give a print."""
        found = self._by_number.get(number)
        if found is None:
            rule = self._pattern_of(number)
            found = self._by_number[number] = rule.icons if rule is not None else frozenset()
        return found

    def _listed_icons(self, card: Card) -> frozenset[str]:
        """The icons of the lists the row is in, once the list's print is surely out: a list
        names one print of the row, not which, so on a day its evidence counts only when every
        dated or bounded print of the row is out (a row listed for its 2024 reprint gets no
        icon in 2021; issue 20)."""
        if self.calendar is not None and self.day is not None:
            days = [self.calendar.earliest(number) for number in (card.number, *card.reprints)]
            if any(day is not None and day > self.day for day in days):
                return frozenset()
        icons: frozenset[str] = frozenset()
        for rule in self._listed:
            if rule.listed_in in card.sources:
                icons |= rule.icons
        return icons

    def icons_of_card(self, card: Card) -> frozenset[str]:
        """Icons of one card row: recorded ones, else those of the lists it is in and of
        its numbers (released ones only, given a day)."""
        if card.formats is not None:
            return frozenset(card.formats)
        icons = set(self._listed_icons(card))
        numbers = (card.number, *card.reprints)
        unbounded_count = self._no_print_bounded(numbers)
        for number in numbers:
            if self._print_counts(number, unbounded_count):
                icons |= self.icons_of_number(number)
        return frozenset(icons)

    def _no_print_bounded(self, numbers: tuple[str, ...]) -> bool:
        """Whether no print of ``numbers`` has a bound (then an unbounded print counts)."""
        calendar = self.calendar
        return calendar is None or all(calendar.earliest(number) is None for number in numbers)

    def _print_counts(self, number: str, unbounded_count: bool) -> bool:
        """Does one print's evidence count on the day: it is out by its date or bound; a print
        with no bound only when no print of its card has one (issue 20: never always)."""
        if self.calendar is None or self.day is None:
            return True
        if self.calendar.earliest(number) is None:
            return unbounded_count
        return self.number_released(number)

    def icons_of_name(self, card: Card) -> frozenset[str]:
        """Icons of any released card with the same name as ``card`` (the same-name carve-out)."""
        cached = self._by_name.get(card.key)
        if cached is None:
            icons: set[str] = set()
            for same in self.pool.same_name(card):
                if same is card or self.card_released(same):
                    icons |= self.icons_of_card(same)
            cached = self._by_name[card.key] = frozenset(icons)
        return cached

    def icon_origins(self, card: Card) -> list[str]:
        """Where each of a card row's icons comes from, in words (``cards show``)."""
        if card.formats is not None:
            shown = ", ".join(card.formats) or "none"
            return [f"{shown}: recorded in the pool (the official card page)"]
        out = [f"{', '.join(sorted(rule.icons))}: in {rule.note}" for rule in self._listed
               if rule.listed_in in card.sources]
        for number in (card.number, *card.reprints):
            rule = self._pattern_of(number)
            if rule is not None:
                out.append(f"{', '.join(sorted(rule.icons)) or 'none'}: {number}, {rule.note}")
        return out or ["none: no evidence of an icon (All-Star only)"]

    def _pattern_of(self, number: str) -> IconRule | None:
        """The first number pattern of the table that a print's number matches."""
        return next((rule for rule in self._patterns if rule.pattern is not None and rule.pattern.match(number)), None)

    def level_zero_signatures(self, required: frozenset[str]) -> set[tuple[frozenset[str], str]]:
        """(colours, LRIG type) of every released level-0 LRIG carrying one of ``required`` icons."""
        found = self._level_zero.get(required)
        if found is None:
            found = set()
            for card in self.pool.cards:
                if (
                    card.is_lrig
                    and card.level == 0
                    and not card.token
                    and self.icons_of_card(card) & required
                    and self.card_released(card)
                ):
                    for lrig_type in card.lrig_types:
                        found.add((frozenset(card.colors), lrig_type))
            self._level_zero[required] = found
        return found

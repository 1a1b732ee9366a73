"""What differs in a format between two days (``formats diff F DATE1 DATE2``).

Mayu's Room entries in force on the second day and not on the first are *added*, those in
force on the first and not on the second *lifted*; an entry lifted and one added for the
same cards make one *changed* item. Rules are compared by id: *added*, *removed*, or
*changed* when their parameters or severity differ. Products whose earliest day falls after
the first day, up to the second, are *released*, with the number of their cards in the pool.
``since`` is a first day in force, ``until`` a last day in force.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.tables.change_words import (
    CardName,
    cards_text,
    describe,
    entry_bound,
    params_text,
    precision_text,
    restriction,
    rule_code,
    table_name,
)
from wixoss_deckcheck.tables.changes import RELEASE, FormatChanges, Product
from wixoss_deckcheck.tables.dates import last_day
from wixoss_deckcheck.tables.loading import Rule
from wixoss_deckcheck.tables.mayus_room import MayuEntry

ADDED, LIFTED, CHANGED = "mayus-room-added", "mayus-room-lifted", "mayus-room-changed"
RULE_ADDED, RULE_REMOVED, RULE_CHANGED = "rule-added", "rule-removed", "rule-changed"
KINDS = (ADDED, LIFTED, CHANGED, RULE_ADDED, RULE_REMOVED, RULE_CHANGED, RELEASE)


class DiffItem(NamedTuple):
    """One difference: its kind, what it is in words, its first (or last) day, its source."""

    kind: str
    what: str
    since: str | None
    until: str | None
    source: str | None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "what": self.what}
        if self.since is not None:
            data["since"] = self.since
        else:
            data["until"] = self.until
        data["source"] = self.source
        return data

    @property
    def day(self) -> str:
        return self.since or self.until or ""


def cards_per_product(changes: FormatChanges, numbers: Iterable[str]) -> dict[str, int]:
    """How many of the card numbers ``numbers`` each product holds, by product label."""
    counts: dict[str, int] = {}
    for number in numbers:
        product = changes.product_of(number)
        if product is not None:
            counts[product.label] = counts.get(product.label, 0) + 1
    return counts


class FormatDiff:
    """The differences of one format's tables between ``start`` and ``end``."""

    def __init__(
        self,
        changes: FormatChanges,
        start: str,
        end: str,
        messages: Messages,
        counts: Mapping[str, int] | None = None,
        names: CardName = table_name,
        entries: Iterable[MayuEntry] | None = None,
    ) -> None:
        self.changes = changes
        self.table = changes.table
        self.start, self.end = start, end
        self.messages = messages
        self.counts = counts or {}
        self.names = names
        self.entries = list(self.table.mayus_room if entries is None else entries)

    def items(self) -> list[DiffItem]:
        """Every difference, by day (entries, then rules, then products, on one day)."""
        found = self._entries() + self._rules() + self._releases()
        order = {kind: index for index, kind in enumerate(KINDS)}
        return sorted(found, key=lambda item: (item.day, order[item.kind]))

    # -- Mayu's Room -----------------------------------------------------------------------
    def _bound(self, entry: MayuEntry, starting: bool) -> str:
        if starting and entry.effective_bound == "not-before":
            return entry_bound(entry, self.messages)
        if not starting and entry.until_bound == "not-after":
            return self.messages.history("bound_not_after")
        return ""

    def _entry_item(self, kind: str, entry: MayuEntry) -> DiffItem:
        starting = kind == ADDED
        what = self.messages.history(
            "diff_entry",
            cards=cards_text(entry.cards, self.names),
            restriction=restriction(entry, self.messages, self.names),
            bound=self._bound(entry, starting),
        )
        if starting:
            return DiffItem(kind, what, entry.effective, None, entry.source)
        return DiffItem(kind, what, None, last_day(entry.until) if entry.until else None, entry.source)

    def _changed_item(self, before: MayuEntry, after: MayuEntry) -> DiffItem:
        what = self.messages.history(
            "diff_entry_changed",
            cards=cards_text(after.cards, self.names),
            before=restriction(before, self.messages, self.names),
            after=restriction(after, self.messages, self.names),
            bound=self._bound(after, True),
        )
        return DiffItem(CHANGED, what, after.effective, None, after.source)

    def _in_force(self, day: str) -> dict[int, MayuEntry]:
        return {entry.index: entry for entry in self.entries if entry.in_force(day)}

    def _pair_item(self, entry: MayuEntry, old: MayuEntry | None) -> DiffItem:
        return self._entry_item(ADDED, entry) if old is None else self._changed_item(old, entry)

    def _entries(self) -> list[DiffItem]:
        before, after = self._in_force(self.start), self._in_force(self.end)
        added = [entry for index, entry in after.items() if index not in before]
        lifted = [entry for index, entry in before.items() if index not in after]
        pairs = _paired(added, lifted)
        paired = {old.index for _entry, old in pairs if old is not None}
        items = [self._pair_item(entry, old) for entry, old in pairs]
        items += [self._entry_item(LIFTED, entry) for entry in lifted if entry.index not in paired]
        return items + self._certainty_items(entry=True)

    def _certainty_items(self, entry: bool) -> list[DiffItem]:
        """The days in the range on which an entry or a product stops or starts being uncertain
        (``certain_from``, ``certain_until``): a warning becomes an error, or back."""
        return [
            DiffItem(CHANGED if entry else RELEASE, describe(change, self.messages, self.names), change.day, None,
                     change.source)
            for change in self.changes.between(self.start, self.end)
            if change.certain and (change.entry is not None) == entry
        ]

    # -- rules -----------------------------------------------------------------------------
    def _rule_text(self, rule: Rule, before: Rule | None = None) -> str:
        if before is None:
            return self.messages.history("diff_rule", rule=rule.id, code=rule_code(rule), params=params_text(rule))
        return self.messages.history(
            "diff_rule_changed", rule=rule.id, code=rule_code(rule), before=params_text(before), after=params_text(rule)
        )

    def _rules(self) -> list[DiffItem]:
        before = {rule.id: rule for rule in self.table.rules_in_force(self.start)}
        after = {rule.id: rule for rule in self.table.rules_in_force(self.end)}
        items = []
        for rule_id, rule in after.items():
            old = before.get(rule_id)
            if old is None:
                items.append(DiffItem(RULE_ADDED, self._rule_text(rule), rule.since, None, rule.source))
            elif (old.params, old.severity) != (rule.params, rule.severity):
                items.append(DiffItem(RULE_CHANGED, self._rule_text(rule, old), rule.since, None, rule.source))
        for rule_id, rule in before.items():
            if rule_id not in after:
                until = last_day(rule.until) if rule.until else None
                items.append(DiffItem(RULE_REMOVED, self._rule_text(rule), None, until, rule.source))
        return items

    # -- products --------------------------------------------------------------------------
    def _release_item(self, product: Product, day: str) -> DiffItem:
        what = self.messages.history(
            "diff_release",
            product=product.name,
            count=self.counts.get(product.label, 0),
            precision=precision_text(product, self.messages),
        )
        return DiffItem(RELEASE, what, day, None, product.release.source or None)

    def _releases(self) -> list[DiffItem]:
        return [
            self._release_item(change.product, change.day)
            for change in self.changes.between(self.start, self.end)
            if change.kind == RELEASE and change.product is not None and not change.certain
        ] + self._certainty_items(entry=False)


def _paired(added: list[MayuEntry], lifted: list[MayuEntry]) -> list[tuple[MayuEntry, MayuEntry | None]]:
    """Each added entry with the first lifted entry of the same cards not yet paired (None)."""
    free = list(lifted)
    out: list[tuple[MayuEntry, MayuEntry | None]] = []
    for entry in added:
        match = next((old for old in free if _same_cards(old, entry)), None)
        if match is not None:
            free.remove(match)
        out.append((entry, match))
    return out


def _same_cards(one: MayuEntry, other: MayuEntry) -> bool:
    """Whether two entries restrict the same cards (by same-name key, else as written)."""
    if one.keys_a or other.keys_a:
        return one.keys_a == other.keys_a
    return one.cards == other.cards

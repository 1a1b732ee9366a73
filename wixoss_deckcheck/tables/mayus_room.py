"""Mayu's Room entries: built from a format table's ``mayus_room`` list with the
same-name keys of the cards they name, and resolved against a card pool (the keys of the
numbers they list, and the cards the pool does not know)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from wixoss_deckcheck.pool.normalize import name_key

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool


class MayuEntry(NamedTuple):
    """One Mayu's Room entry, its cards as same-name keys."""

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, never needed here
    kind: str
    cards: tuple[dict[str, Any], ...]
    with_cards: tuple[dict[str, Any], ...]
    limit: int | None
    announced: str | None
    effective: str | None
    until: str | None
    source: str | None
    confidence: str | None
    note: str | None
    keys_a: frozenset[str] = frozenset()
    keys_b: frozenset[str] = frozenset()
    #: ``not-before``: the exact first day is unknown; ``effective`` is its documented lower bound.
    effective_bound: str = "exact"
    #: ``not-after``: the exact end is unknown; ``until`` is a documented upper bound.
    until_bound: str = "exact"
    #: With ``effective_bound: not-before``: the first day the sources make the entry certain.
    certain_from: str | None = None
    #: Where ``certain_from`` comes from.
    certain_source: str | None = None
    #: Where the lower bound ``effective`` comes from.
    bound_source: str | None = None
    #: With ``until_bound: not-after``: the first day the entry may already be lifted, and its source.
    certain_until: str | None = None
    certain_until_source: str | None = None

    def in_force(self, day: str) -> bool:
        return (self.effective is None or self.effective <= day) and (self.until is None or day < self.until)

    def uncertain_on(self, day: str) -> bool:
        """Is ``day`` inside a window: between the lower bound and the first certain day, or
        between the first day it may be lifted and its upper bound? (The entry is then a warning
        naming the window and its sources.) An entry with exact days is never uncertain."""
        return self.uncertain_start(day) or self.uncertain_end(day)

    def uncertain_start(self, day: str) -> bool:
        """Inside the window between the lower bound and ``certain_from``?"""
        return self.effective_bound == "not-before" and self.certain_from is not None and day < self.certain_from

    def uncertain_end(self, day: str) -> bool:
        """Inside the window between ``certain_until`` and the upper bound ``until``?"""
        return self.until_bound == "not-after" and self.certain_until is not None and self.certain_until <= day

    def names(self) -> list[str]:
        return [ref.get("name") or ", ".join(ref.get("numbers", [])) for ref in (*self.cards, *self.with_cards)]


def mayu_entries(raw: list[dict[str, Any]], start: int = 0) -> list[MayuEntry]:
    """The entries of a validated ``mayus_room`` list, numbered from ``start``."""
    entries = []
    for offset, item in enumerate(raw):
        get = item.get
        others = get("with")
        entries.append(
            MayuEntry(
                start + offset,
                item["kind"],
                tuple(item["cards"]),
                tuple(others) if others else (),
                get("limit"),
                get("announced"),
                get("effective"),
                get("until"),
                get("source"),
                get("confidence"),
                get("note"),
                _keys_of(item["cards"]),
                _keys_of(others) if others else _NO_KEYS,
                get("effective_bound") or "exact",
                get("until_bound") or "exact",
                get("certain_from"),
                get("certain_source"),
                get("bound_source"),
                get("certain_until"),
                get("certain_until_source"),
            )
        )
    return entries


_NO_KEYS: frozenset[str] = frozenset()


#: The same-name key of a name in a Mayu's Room entry: each distinct name is folded once
#: per process, when its table is loaded, and the pool resolution reuses it.
_name_key = lru_cache(maxsize=65536)(name_key)


def _keys_of(refs: Iterable[dict[str, Any]]) -> frozenset[str]:
    return frozenset([_name_key(ref["name"]) for ref in refs if ref.get("name")])


class ListProblem(NamedTuple):
    """A Mayu's Room entry that names a card the pool does not know."""

    format: str
    index: int  # type: ignore[assignment]  # the field shadows tuple.index, never needed here
    card: str
    severity: str

    def message(self) -> str:
        return f"Mayu's Room entry #{self.index + 1} of {self.format} names {self.card}, which is not in the card pool"

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "entry": self.index + 1,
            "card": self.card,
            "severity": self.severity,
            "message": self.message(),
        }


def resolve_mayus_room(
    format_id: str, entries: list[MayuEntry], pool: CardPool, sample: bool
) -> tuple[list[MayuEntry], list[ListProblem]]:
    """Add the keys of every number an entry lists, and report cards the pool lacks.

    A problem is an error with a full pool; the small sample pool lacks most cards on
    purpose, so with it (``sample``) nothing is reported: its gaps say nothing of the lists.
    A name printed on a collaboration card stands for the card it plays as
    (``ずんだもん　レベル0`` for 紡ぎし扉 アト＝ノル). An entry that lists names the
    pool knows keeps its keys (``keys_a`` and ``keys_b`` are those names' keys already), so
    a long list costs one lookup per name.
    """
    problems: list[ListProblem] = []
    resolved = []
    severity = "error"
    for entry in entries:
        keys: list[frozenset[str]] = []
        changed = False
        for refs in (entry.cards, entry.with_cards):
            found: set[str] = set()
            for ref in refs:
                hit, numbered = _resolve_ref(ref, pool, found)
                changed = changed or numbered
                if not hit and not sample:
                    problems.append(ListProblem(format_id, entry.index, _ref_text(ref), severity))
            keys.append(frozenset(found))
        resolved.append(entry._replace(keys_a=keys[0], keys_b=keys[1]) if changed else entry)
    return resolved, problems


def _resolve_ref(ref: dict[str, Any], pool: CardPool, found: set[str]) -> tuple[bool, bool]:
    """Add to ``found`` the same-name keys of one card reference (its numbers, its name,
    and the card a collaboration print's name plays as): (whether the pool knows it, whether
    ``found`` now holds a key the entry did not have)."""
    hit = changed = False
    for number in ref.get("numbers", ()):
        changed = True
        card = pool.by_number(number)
        if card is not None:
            found.add(card.key)
            hit = True
    name = ref.get("name")
    if name:
        key = _name_key(name)
        found.add(key)
        if pool.knows_name_key(key):
            hit = True
        else:  # a collaboration print's name: the card it plays as
            played = pool.key_of_printed_name(name)
            if played is not None:
                found.add(played)
                hit = changed = True
    return hit, changed


def _ref_text(ref: dict[str, Any]) -> str:
    return ref.get("name") or ", ".join(ref.get("numbers", []))

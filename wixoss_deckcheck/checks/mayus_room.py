"""Mayu's Room (繭の部屋): banned, copy-limited and simultaneous-use-restricted cards.

The entries are data in each format table (``mayus_room:``), dated by
``effective``/``until``. The engine passes the entries in force on the day being
judged as ``params["entries"]`` (:class:`wixoss_deckcheck.tables.mayus_room.MayuEntry`) and
the day as ``params["as_of"]``. An entry whose first day is known only as a lower bound
(``effective_bound: not-before``) is a warning from that bound to the day before its
``certain_from`` (the message names the window and its sources), an error from then.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from wixoss_deckcheck.checks.registry import Finding, RuleParams, Words, check
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.tables.mayus_room import MayuEntry


def _matching(deck: ResolvedDeck, keys: frozenset[str]) -> list[ResolvedEntry]:
    return [e for e in deck.entries if e.card.key in keys]


def _dates(item: MayuEntry, params: RuleParams) -> dict[str, str | None]:
    """The entry's first day for the message, whether it is only a lower bound, and (between
    the lower bound and the first certain day) the window and its sources."""
    args: dict[str, str | None] = {"effective": item.effective or "?", "effective_bound": item.effective_bound}
    day = str(params.get("as_of") or "")
    if item.certain_from:
        args.update(certain_from=item.certain_from, certain_source=item.certain_source, bound_source=item.bound_source)
        args["uncertain"] = "yes" if day and item.uncertain_start(day) else None
    if day and item.uncertain_end(day):
        args.update(uncertain_end="yes", until=item.until, certain_until=item.certain_until,
                    certain_until_source=item.certain_until_source)
    return args


def _found(item: MayuEntry, params: RuleParams, finding: Finding) -> Finding:
    """A finding of ``item``: a warning inside its uncertain window (:meth:`MayuEntry.uncertain_on`)."""
    args = _dates(item, params)
    uncertain = args.get("uncertain") or args.get("uncertain_end")
    return finding._replace(args=args, severity="warning" if uncertain else None)


def _effective_words(words: Words) -> Any:
    """The first day of the entry, "… at the earliest" when the day is only a lower bound, and
    inside the uncertain window that window with its sources (the finding is then a warning)."""
    args = words.args
    if args.get("uncertain_end"):
        return words.word(
            "uncertain_end",
            date=_first_words(words),
            lifted=args.get("until") or "?",
            certain=args.get("certain_until") or "?",
            certain_source=args.get("certain_until_source") or "?",
        )
    return _first_words(words)


def _first_words(words: Words) -> Any:
    """The first day of the entry in words (a lower bound and its window where it has them)."""
    args = words.args
    if args.get("uncertain"):
        return words.word(
            "uncertain_window",
            date=args["effective"],
            certain=args["certain_from"],
            bound_source=args.get("bound_source") or "?",
            certain_source=args.get("certain_source") or "?",
        )
    if args.get("certain_from"):
        return words.word("not_before_certain", date=args["effective"], certain=args["certain_from"])
    if args.get("effective_bound") == "not-before":
        return words.word("not_before", date=args["effective"])
    return args["effective"]


#: The placeholders of every Mayu's Room message that are their own.
WORDING = {"effective": _effective_words}


def _first_line(entries: Iterable[ResolvedEntry]) -> int | None:
    lines = [e.line for e in entries if e.line]
    return min(lines) if lines else None


@check("WX140", "mayus-room-banned", "error", "Banned card (Mayu's Room)", table_rule=False, wording=WORDING)
def banned(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card banned in Mayu's Room may not be in the deck at all."""
    for item in params["entries"]:
        if item.kind == "banned":
            for entry in _matching(deck, item.keys_a):
                yield _found(item, params, Finding((entry,), entry.section, entry.line, entry.count, 0))


@check("WX141", "mayus-room-limit", "error", "Over a Mayu's Room copy limit", table_rule=False, wording=WORDING)
def copy_limit(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card limited in Mayu's Room may have at most N copies (both decks together)."""
    for item in params["entries"]:
        if item.kind != "limit":
            continue
        groups: dict[str, list[ResolvedEntry]] = {}
        for entry in _matching(deck, item.keys_a):
            groups.setdefault(entry.card.key, []).append(entry)
        for entries in groups.values():
            found = sum(e.count for e in entries)
            if found > item.limit:
                finding = Finding(tuple(entries), entries[0].section, _first_line(entries), found, item.limit)
                yield _found(item, params, finding)


@check(
    "WX142",
    "mayus-room-pair",
    "error",
    "Restricted pair used together (Mayu's Room)",
    table_rule=False,
    wording=WORDING,
)
def pair(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """Cards from both sides of a Mayu's Room pair may not be in one deck (main and LRIG
    deck together), whatever the counts."""
    for item in params["entries"]:
        if item.kind != "pair":
            continue
        side_a, side_b = _matching(deck, item.keys_a), _matching(deck, item.keys_b)
        if side_a and side_b:
            both = side_a + side_b
            yield _found(item, params, Finding(tuple(both), None, _first_line(both)))


@check(
    "WX143",
    "mayus-room-one-way",
    "error",
    "Card not allowed with another (Mayu's Room)",
    table_rule=False,
    wording=WORDING,
)
def one_way(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """One-way restriction: if card A is in the deck, the listed cards B may not be (they
    may still be used together without A)."""
    for item in params["entries"]:
        if item.kind != "one-way":
            continue
        side_a = _matching(deck, item.keys_a)
        if not side_a:
            continue
        for entry in _matching(deck, item.keys_b):
            yield _found(item, params, Finding((entry, *side_a), entry.section, entry.line))

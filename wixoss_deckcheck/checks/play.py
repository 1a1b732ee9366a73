"""Play-legality analysis (``check --play``): a deck can be legal to register and still
not play as built. Each finding names the cards and the reason; codes WX201–WX211.

All findings are warnings except WX211 (the deck cannot start a game at all), which
is an error. The analysis follows the current game rules (RULES.md §3 and §7): the
center grows one level at a time into an LRIG that shares an LRIG type with it;
assists grow into ASSIST LRIGs the same way; SIGNI levels must not exceed the
center's level and their sum must not exceed the limit (center plus assists); two
LRIGs with exactly the same LRIG types cannot stay on the field together; PIECEs
need 3 LRIGs on the field. LRIG types compare after width folding (ＬｏＶ = LoV).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from wixoss_deckcheck.checks.registry import Finding, check
from wixoss_deckcheck.model.cards import COLOURS
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.pool.normalize import name_key, type_keys

DEFAULT_COUNTS = (1, 3)
USE_COST_TYPES = ("ARTS", "PIECE", "RELAY_PIECE", "KEY")


# -- helpers ---------------------------------------------------------------------------


def _lrigs(deck: ResolvedDeck) -> list[ResolvedEntry]:
    return [e for e in deck.lrig if e.card.is_lrig and e.card.level is not None]


def _centers(deck: ResolvedDeck) -> list[ResolvedEntry]:
    return [e for e in _lrigs(deck) if e.card.type == "LRIG"]


def _zeros(deck: ResolvedDeck) -> list[ResolvedEntry]:
    return [e for e in _lrigs(deck) if e.card.level == 0]


def _counts(params: dict) -> tuple[int, ...]:
    return tuple(params.get("counts") or DEFAULT_COUNTS)


def _can_start_three(deck: ResolvedDeck, params: dict) -> bool:
    return 3 in _counts(params) and sum(e.count for e in _zeros(deck)) >= 3


def _types_text(types) -> str:
    return "/".join(sorted(types))


def _main_colours(deck: ResolvedDeck) -> tuple[set[str], bool]:
    """Colours the main deck can put into ener, and whether a multi-ener card supplies any."""
    colours = {c for e in deck.main for c in e.card.colors}
    multi = any(e.card.multi_ener for e in deck.main)
    return colours, multi


def _lv(entry: ResolvedEntry) -> int:
    """An entry's printed level (a card printed without one counts as level 0)."""
    return entry.card.level or 0


def _lower_options(entry: ResolvedEntry, lrigs: list[ResolvedEntry]) -> list[ResolvedEntry]:
    """LRIGs one level lower that ``entry`` can grow from (sharing an LRIG type)."""
    card = entry.card
    kinds = ("LRIG",) if card.type == "LRIG" else ("LRIG", "ASSIST_LRIG")
    mine = type_keys(card.lrig_types)
    return [
        o
        for o in lrigs
        if o.card.type in kinds and _lv(o) == (card.level or 0) - 1 and type_keys(o.card.lrig_types) & mine
    ]


def reachable_lrigs(deck: ResolvedDeck) -> set[int]:
    """ids of the LRIG entries a game can reach by growing level by level from level 0."""
    lrigs = _lrigs(deck)
    reached = {id(e) for e in lrigs if e.card.level == 0}
    for level in range(1, max((_lv(e) for e in lrigs), default=0) + 1):
        for entry in lrigs:
            if entry.card.level == level and any(id(o) in reached for o in _lower_options(entry, lrigs)):
                reached.add(id(entry))
    return reached


# -- checks ----------------------------------------------------------------------------


@check("WX201", "grow-path", "warning", "LRIG cannot be grown into", kind="play")
def grow_path(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """The center LRIG grows one level at a time into an LRIG sharing an LRIG type;
    assists into ASSIST LRIGs the same way. An LRIG with no lower-level LRIG of a
    shared type in the LRIG deck can never be grown into (nor can the LRIGs above it
    that depend on it)."""
    lrigs = _lrigs(deck)
    if not any(e.card.level == 0 for e in lrigs):
        return  # no level-0 LRIG: WX107 / WX211 say so
    reached = reachable_lrigs(deck)
    for entry in sorted(lrigs, key=_lv):
        if entry.card.level == 0 or id(entry) in reached or _lower_options(entry, lrigs):
            continue
        mine = type_keys(entry.card.lrig_types)
        above = [
            o
            for o in lrigs
            if _lv(o) > _lv(entry) and id(o) not in reached and type_keys(o.card.lrig_types) & mine
        ]
        yield Finding(
            (entry, *above),
            "lrig",
            entry.line,
            args={
                "level": entry.card.level,
                "below": _lv(entry) - 1,
                "types": _types_text(entry.card.lrig_types) or "-",
            },
        )


@check("WX202", "grow-cost-colour", "warning", "Grow cost colour not in the main deck", kind="play")
def grow_cost_colour(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """A grow cost is paid from ener, and ener comes from the main deck: a grow cost
    colour that no main-deck card has (and no multi-ener card can stand in for) can
    never be paid. Colourless costs are payable by any card."""
    yield from _cost_colours(deck, [e for e in _lrigs(deck)], "grow_cost")


@check("WX203", "use-cost-colour", "warning", "ARTS/PIECE/KEY cost colour not in the main deck", kind="play")
def use_cost_colour(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """ARTS, PIECE and KEY costs are paid from ener: a cost colour that no main-deck
    card has (and no multi-ener card can stand in for) can never be paid."""
    yield from _cost_colours(deck, [e for e in deck.lrig if e.card.type in USE_COST_TYPES], "cost")


def _cost_colours(deck: ResolvedDeck, entries: list[ResolvedEntry], field: str) -> Iterator[Finding]:
    if not deck.main:
        return
    colours, multi = _main_colours(deck)
    if multi:
        return
    for entry in entries:
        cost = getattr(entry.card, field) or {}
        missing = [c for c in COLOURS if cost.get(c) and c not in colours]
        if missing:
            yield Finding(
                (entry,),
                entry.section,
                entry.line,
                found=missing,
                allowed=sorted(colours),
                args={
                    "missing": "/".join(missing),
                    "colours": "/".join(sorted(colours)) or "colourless",
                },
            )


@check("WX204", "signi-level-above-lrigs", "warning", "SIGNI above every LRIG's level", kind="play")
def signi_level_above_lrigs(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """A SIGNI's level may not exceed the center LRIG's level: a SIGNI above the highest
    LRIG of the deck can never be placed (it can still be charged or burst)."""
    centers = _centers(deck)
    if not centers:
        return
    top = max(_lv(e) for e in centers)
    for entry in deck.main:
        if entry.card.type == "SIGNI" and entry.card.level is not None and entry.card.level > top:
            yield Finding(
                (entry,), "main", entry.line, entry.card.level, top, args={"level": entry.card.level, "top": top}
            )


@check("WX205", "limiting-unmatched", "warning", "Limited to an LRIG type the deck lacks", kind="play")
def limiting_unmatched(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """A card whose limiting condition (e.g. タマ限定) matches no LRIG type of the deck is
    legal to register but can never be played (RULES.md §2); it can still be charged
    as ener or used as a Life Burst."""
    lrigs = _lrigs(deck)
    if not lrigs:
        return
    deck_types: set[str] = set()
    for entry in lrigs:
        deck_types |= type_keys(entry.card.lrig_types)
    for entry in deck.entries:
        limiting = type_keys(entry.card.limiting)
        if limiting and not limiting & deck_types:
            yield Finding(
                (entry,),
                entry.section,
                entry.line,
                list(entry.card.limiting),
                sorted({t for e in lrigs for t in e.card.lrig_types}),
                args={
                    "types": _types_text(entry.card.limiting),
                    "deck_types": _types_text({t for e in lrigs for t in e.card.lrig_types}),
                },
            )


def _assist_bonus(deck: ResolvedDeck, params: dict) -> int:
    """An upper bound of what assists add to the limit: the two best assist lines."""
    if not _can_start_three(deck, params):
        return 0
    lrigs = _lrigs(deck)
    lines = []
    for zero in _zeros(deck):
        mine = type_keys(zero.card.lrig_types)
        best = max(
            [zero.card.limit or 0]
            + [e.card.limit or 0 for e in lrigs if e.card.type == "ASSIST_LRIG" and type_keys(e.card.lrig_types) & mine]
        )
        lines.append(best)
    lines.sort(reverse=True)
    return sum(lines[1:3]) if len(lines) >= 3 else sum(lines[:2])


@check("WX206", "limit-never-fits", "warning", "SIGNI level never fits under the limit", kind="play")
def limit_never_fits(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """The levels of your SIGNI may add up to at most the limit (center LRIG's limit,
    plus the assists' limits when 3 LRIGs start). A SIGNI whose level exceeds the best
    limit the deck can reach with a center of at least that level can never be placed."""
    centers = _centers(deck)
    if not centers:
        return
    top = max(_lv(e) for e in centers)
    bonus = _assist_bonus(deck, params)
    for entry in deck.main:
        level = entry.card.level
        if entry.card.type != "SIGNI" or level is None or level > top:
            continue
        best = max((e.card.limit or 0) for e in centers if _lv(e) >= level) + bonus
        if level > best:
            yield Finding((entry,), "main", entry.line, level, best, args={"level": level, "limit": best})


@check("WX207", "starting-lrig-types-shared", "warning", "Starting LRIGs with the same LRIG type", kind="play")
def starting_lrig_types_shared(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """Two LRIGs on the field with exactly the same LRIG type cannot stay together: the
    one that is not the center goes to the LRIG trash (RULES.md §3). A deck that starts
    with 3 LRIGs needs three level-0 LRIGs of different types (one of them an LRIG to be
    the center)."""
    if not _can_start_three(deck, params):
        return
    zeros = _zeros(deck)
    for trio in combinations(zeros, 3):
        types = [type_keys(e.card.lrig_types) for e in trio]
        if len(set(types)) == 3 and any(e.card.type == "LRIG" for e in trio):
            return
    by_types: dict[frozenset, list[ResolvedEntry]] = {}
    for entry in zeros:
        by_types.setdefault(type_keys(entry.card.lrig_types), []).append(entry)
    for entries in by_types.values():
        if len(entries) >= 2:
            yield Finding(
                tuple(entries),
                "lrig",
                entries[0].line,
                len(entries),
                1,
                args={"types": _types_text(entries[0].card.lrig_types)},
            )


@check("WX208", "team-piece-unformed", "warning", "Team PIECE whose team the LRIGs do not form", kind="play")
def team_piece_unformed(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """A PIECE with 【チーム】<name> can be used only when your 3 LRIGs all belong to that
    team. Checked when the card pool records the PIECE's team."""
    zeros = _zeros(deck)
    for entry in deck.lrig:
        card = entry.card
        if not (card.is_piece and card.team_piece and card.team):
            continue
        members = sum(e.count for e in zeros if e.card.team and name_key(e.card.team) == name_key(card.team))
        if members < 3:
            yield Finding((entry,), "lrig", entry.line, members, 3, args={"team": card.team})


@check("WX209", "two-level-zero-lrigs", "warning", "Exactly 2 level-0 LRIGs", kind="play")
def two_level_zero_lrigs(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """A game starts with 1 or 3 LRIGs, never 2: a deck with exactly 2 level-0 LRIGs
    must start with 1, and the other level-0 LRIG is never used."""
    zeros = _zeros(deck)
    if sum(e.count for e in zeros) == 2 and 1 in _counts(params):
        yield Finding(tuple(zeros), "lrig", zeros[0].line, 2, list(_counts(params)))


@check("WX210", "piece-needs-three-lrigs", "warning", "PIECE in a deck that starts with 1 LRIG", kind="play")
def piece_needs_three_lrigs(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """PIECEs can only be used with 3 LRIGs on the field (printed reminder text): in a
    deck that can only start with 1 LRIG a PIECE is legal but dead."""
    if not _zeros(deck) or _can_start_three(deck, params):
        return
    for entry in deck.lrig:
        if entry.card.is_piece:
            yield Finding((entry,), "lrig", entry.line)


@check("WX211", "cannot-start", "error", "The deck cannot start a game", kind="play")
def cannot_start(deck: ResolvedDeck, params: dict) -> Iterator[Finding]:
    """The game starts with a level-0 LRIG as the center (and, with 3 LRIGs, two more
    level-0 LRIGs as assists). Reported only when the format's own construction checks
    (WX107, WX111) are not in force to say so."""
    if params.get("covered"):
        return
    zeros = _zeros(deck)
    total = sum(e.count for e in zeros)
    counts = _counts(params)
    if not any(e.card.type == "LRIG" for e in zeros):
        yield Finding(tuple(zeros), "lrig", None, 0, 1, args={"reason": "no_center"})
    elif not any(total >= n for n in counts):
        yield Finding(tuple(zeros), "lrig", zeros[0].line, total, list(counts), args={"reason": "counts"})

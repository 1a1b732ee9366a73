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

from collections.abc import Iterable, Iterator
from itertools import combinations
from types import ModuleType
from typing import Any

from wixoss_deckcheck.checks.registry import Finding, RuleParams, Words, check, colours_of, none_for_dash
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.pool.normalize import name_key, type_keys


def _engine() -> ModuleType:
    """The rules engine's answers for the play checks, imported when a play check first runs
    (``check --play``): a plain ``check`` never loads the engine."""
    from wixoss_deckcheck.engine.game import play_rules

    return play_rules


DEFAULT_COUNTS = (1, 3)
USE_COST_TYPES = ("ARTS", "PIECE", "RELAY_PIECE", "KEY")


# -- helpers ---------------------------------------------------------------------------


def _lrigs(deck: ResolvedDeck) -> list[ResolvedEntry]:
    return [e for e in deck.lrig if e.card.is_lrig and e.card.level is not None]


def _centers(deck: ResolvedDeck) -> list[ResolvedEntry]:
    return [e for e in _lrigs(deck) if e.card.type == "LRIG"]


def _zeros(deck: ResolvedDeck) -> list[ResolvedEntry]:
    return [e for e in _lrigs(deck) if e.card.level == 0]


def _counts(params: RuleParams) -> tuple[int, ...]:
    return tuple(params.get("counts") or DEFAULT_COUNTS)


def _can_start_three(deck: ResolvedDeck, params: RuleParams) -> bool:
    return 3 in _counts(params) and sum(e.count for e in _zeros(deck)) >= 3


def _types_text(types: Iterable[str]) -> str:
    return "/".join(sorted(types))


def _main_colours(deck: ResolvedDeck) -> tuple[set[str], bool]:
    """Colours the main deck can put into ener, and whether a multi-ener card supplies any."""
    colours = {c for e in deck.main for c in e.card.colors}
    multi = any(e.card.multi_ener for e in deck.main)
    return colours, multi


def _lv(entry: ResolvedEntry) -> int:
    """An entry's printed level (a card printed without one counts as level 0)."""
    return entry.card.level or 0


# -- checks ----------------------------------------------------------------------------


@check(
    "WX201", "grow-path", "warning", "LRIG cannot be grown into", kind="play", wording={"types": none_for_dash("types")}
)
def grow_path(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The center LRIG grows into an LRIG (one level up; before 2018-12-20 also to the same or
    a lower level) sharing an LRIG type (type ? shares every type) and allowed by the printed
    grow restrictions (formats/play-rules.yaml); assists grow into ASSIST LRIGs the same way,
    from a level-0 LRIG or an ASSIST LRIG (an ASSIST LRIG is never a center grow). An LRIG no
    LRIG of the deck can grow into can never be reached (nor can the LRIGs above it that
    depend on it)."""
    lrigs = _lrigs(deck)
    if not any(e.card.level == 0 for e in lrigs):
        return  # no level-0 LRIG: WX107 / WX211 say so
    rules = _engine().rules_of(params)
    reached = _engine().reachable(lrigs, rules)
    for entry in sorted(lrigs, key=_lv):
        if entry.card.level == 0 or id(entry) in reached or _engine().growable_from(entry, lrigs, rules):
            continue
        mine = type_keys(entry.card.lrig_types)
        above = [
            o for o in lrigs if _lv(o) > _lv(entry) and id(o) not in reached and type_keys(o.card.lrig_types) & mine
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


#: The colours of a cost the main deck cannot pay, and of the main deck, in words.
COST_WORDING = {"missing": colours_of("missing"), "colours": colours_of("colours")}


@check(
    "WX202", "grow-cost-colour", "warning", "Grow cost colour not in the main deck", kind="play", wording=COST_WORDING
)
def grow_cost_colour(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A grow cost is paid from ener, and ener comes from the main deck: a grow cost the
    whole main deck cannot pay (each symbol counted against the cards that can pay it:
    multi-ener cards pay any colour, an either/or symbol any of its colours, colourless any
    card) can never be paid."""
    yield from _cost_colours(deck, [e for e in _lrigs(deck)], "grow_cost")


@check(
    "WX203",
    "use-cost-colour",
    "warning",
    "ARTS/PIECE/KEY cost colour not in the main deck",
    kind="play",
    wording=COST_WORDING,
)
def use_cost_colour(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """ARTS, PIECE and KEY costs are paid from ener: a cost the whole main deck cannot pay
    (counted as for WX202) can never be paid."""
    yield from _cost_colours(deck, [e for e in deck.lrig if e.card.type in USE_COST_TYPES], "cost")


def _cost_colours(deck: ResolvedDeck, entries: list[ResolvedEntry], field: str) -> Iterator[Finding]:
    if not deck.main:
        return
    ener = _engine().main_classes(deck)
    colours, _multi = _main_colours(deck)
    for entry in entries:
        missing = _engine().missing_symbols(getattr(entry.card, field), ener)
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
def signi_level_above_lrigs(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
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


@check(
    "WX205",
    "limiting-unmatched",
    "warning",
    "Limited to an LRIG type the deck lacks",
    kind="play",
    wording={"types": none_for_dash("types")},
)
def limiting_unmatched(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card whose limiting condition (e.g. タマ限定) matches no LRIG type of the deck is
    legal to register but can never be played (RULES.md §2); it can still be charged
    as ener or used as a Life Burst. Limiting conditions are checked against the center
    LRIG, so only LRIGs that can be the center count (not ASSIST LRIGs)."""
    lrigs = _centers(deck)
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


def _best_limits(deck: ResolvedDeck, params: RuleParams) -> dict[int, int]:
    """For each center level: the best limit a game can have with a center of that level.

    The best reachable center LRIG of that level, plus (when 3 LRIGs can start) the two
    best assist lines of two other level-0 LRIGs (each assist at most the center's level),
    plus a 【リミットアッパー】 where the dated rules have one and 1 LRIG can start.
    """
    rules = _engine().rules_of(params)
    lrigs = _lrigs(deck)
    reached = _engine().reachable(lrigs, rules)
    centers = [e for e in lrigs if e.card.type == "LRIG" and id(e) in reached]
    three = _can_start_three(deck, params) and rules.assists
    upper = rules.limit_upper
    best: dict[int, int] = {}
    for level in sorted({_lv(e) for e in centers}):
        limit = max((e.card.limit or 0) for e in centers if _lv(e) == level)
        with_assists = limit + (_assist_limits(deck, lrigs, level, rules) if three else 0)
        alone = limit + (upper.bonus if upper and 1 in _counts(params) and level >= upper.min_level else 0)
        best[level] = max(with_assists, alone)
    return best


def _assist_limits(deck: ResolvedDeck, lrigs: list[ResolvedEntry], level: int, rules: Any) -> int:
    """The two best assist lines (distinct level-0 LRIGs) with assists up to ``level``."""
    lines = []
    for zero in _zeros(deck):
        line = {id(zero)}
        for entry in sorted(lrigs, key=_lv):
            if entry.card.type == "ASSIST_LRIG" and _lv(entry) <= level:
                if any(id(o) in line and _engine().grows(o, entry, rules) for o in lrigs):
                    line.add(id(entry))
        lines.append(max((e.card.limit or 0) for e in lrigs if id(e) in line))
    lines.sort(reverse=True)
    return sum(lines[:2])


@check("WX206", "limit-never-fits", "warning", "SIGNI level never fits under the limit", kind="play")
def limit_never_fits(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The levels of your SIGNI may add up to at most the limit (center LRIG's limit, plus
    the assists' limits when 3 LRIGs start, plus a 【リミットアッパー】 where it applies). A
    SIGNI whose level exceeds the best limit the deck can reach with a center of at least
    that level can never be placed."""
    best = _best_limits(deck, params)
    if not best:
        return
    top = max(best)
    for entry in deck.main:
        level = entry.card.level
        if entry.card.type != "SIGNI" or level is None or level > top:
            continue
        limit = max(limit for center, limit in best.items() if center >= level)
        if level > limit:
            yield Finding((entry,), "main", entry.line, level, limit, args={"level": level, "limit": limit})


@check(
    "WX207",
    "starting-lrig-types-shared",
    "warning",
    "Starting LRIGs with the same LRIG type",
    kind="play",
    wording={"types": none_for_dash("types")},
)
def starting_lrig_types_shared(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
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
    by_types: dict[frozenset[str], list[ResolvedEntry]] = {}
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
def team_piece_unformed(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A PIECE's use condition (【使用条件】, as the card pool records it) must be met by your 3
    LRIGs: 【チーム】<name>, all of that team (any one team when no name is given); or
    【ドリームチーム】, so many colours among them, or one LRIG of a named colour. Checked
    against every trio of level-0 LRIGs that can start together (different LRIG types), each
    with the colours its line can reach; a PIECE no trio can use is reported."""
    zeros = _zeros(deck)
    lrigs = _lrigs(deck)
    for entry in deck.lrig:
        condition = _engine().piece_condition_of(entry.card) if entry.card.is_piece else None
        if condition is None:
            continue
        condition = {k: v for k, v in condition.items() if k != "min_level"}  # levels are reached in play
        trios = [t for t in combinations(zeros, 3) if len({type_keys(e.card.lrig_types) for e in t}) == 3]
        if any(
            _engine().condition_unmet(condition, [_with_line_colours(e, lrigs) for e in trio]) is None for trio in trios
        ):
            continue
        if condition.get("kind") == "team" and condition.get("team"):
            wanted = name_key(str(condition["team"]))
            found = _distinct_types([e for e in zeros if e.card.team and name_key(e.card.team) == wanted])
        else:
            found = max((_distinct_types(list(t)) for t in trios), default=_distinct_types(zeros))
            found = min(found, 2) if trios else found
        yield Finding((entry,), "lrig", entry.line, found, 3, args={"team": _engine().condition_text(condition)})


def _with_line_colours(zero: ResolvedEntry, lrigs: list[ResolvedEntry]) -> Card:
    """A level-0 LRIG with the colours of every LRIG of its LRIG types (what its line can show)."""
    mine = type_keys(zero.card.lrig_types)
    colours = {c for e in lrigs if type_keys(e.card.lrig_types) & mine for c in e.card.colors} | set(zero.card.colors)
    return zero.card._replace(colors=tuple(sorted(colours)))


def _distinct_types(entries: list[ResolvedEntry]) -> int:
    """How many of ``entries`` can stand together (different LRIG types), at most 3."""
    for size in (3, 2, 1):
        for group in combinations(entries, size):
            if len({type_keys(e.card.lrig_types) for e in group}) == size:
                return size
    return 0


@check("WX209", "two-level-zero-lrigs", "warning", "Exactly 2 level-0 LRIGs", kind="play")
def two_level_zero_lrigs(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A game starts with 1 or 3 LRIGs, never 2: a deck with exactly 2 level-0 LRIGs
    starts each game with one of them, which the player chooses game by game; the other
    is not used in that game."""
    zeros = _zeros(deck)
    if sum(e.count for e in zeros) == 2 and 1 in _counts(params):
        yield Finding(tuple(zeros), "lrig", zeros[0].line, 2, list(_counts(params)))


@check("WX210", "piece-needs-three-lrigs", "warning", "PIECE in a deck that starts with 1 LRIG", kind="play")
def piece_needs_three_lrigs(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """PIECEs can only be used with 3 LRIGs on the field (printed reminder text): in a
    deck that can only start with 1 LRIG a PIECE is legal but dead."""
    if not _zeros(deck) or _can_start_three(deck, params):
        return
    for entry in deck.lrig:
        if entry.card.is_piece:
            yield Finding((entry,), "lrig", entry.line)


def _start_reason(words: Words) -> Any:
    """Why the deck cannot start, in words (``reason``: no_center or counts)."""
    reason = words.args["reason"]
    if reason not in ("no_center", "counts"):
        return reason
    return words.word(f"start_{reason}", total=words.finding.found, counts=words.amount(words.finding.allowed))


@check("WX211", "cannot-start", "error", "The deck cannot start a game", kind="play", wording={"reason": _start_reason})
def cannot_start(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
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

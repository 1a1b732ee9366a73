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
from types import ModuleType
from typing import Any

from wixoss_deckcheck.checks.registry import Finding, RuleParams, check, colours_of, none_for_dash
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.pool.normalize import type_keys


def _engine() -> ModuleType:
    """The rules engine's answers for the play checks, imported when a play check first runs
    (``check --play``): a plain ``check`` never loads the engine."""
    from wixoss_deckcheck.engine.game import play_rules  # lazy: the rules engine, loaded only by check --play

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
    "WX201",
    "grow-path",
    "warning",
    "LRIG cannot be grown into",
    kind="play",
    wording={"types": none_for_dash("types")},
    needs=("lrig",),
)
def grow_path(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The center LRIG grows into an LRIG (to the levels the dated game rules allow) sharing an
    LRIG type (type ? shares every type) and allowed by the printed grow restrictions
    (formats/play-rules.yaml); assists grow into ASSIST LRIGs the same way, from a level-0
    LRIG or an ASSIST LRIG (an ASSIST LRIG is never a center grow). An LRIG no LRIG of the
    deck can grow into can never be reached (nor can the LRIGs above it that depend on it)."""
    lrigs = _lrigs(deck)
    if not any(e.card.level == 0 for e in lrigs):
        return  # no level-0 LRIG: WX107 / WX211 say so
    rules = _engine().rules_of(params)
    reached = _engine().reachable(lrigs, rules)
    for entry in sorted(lrigs, key=_lv):
        if entry.card.level == 0 or id(entry) in reached or _engine().growable_from(entry, lrigs, rules):
            continue
        yield Finding(
            (entry, *_unreached_above(entry, lrigs, reached)),
            "lrig",
            entry.line,
            args={
                "level": entry.card.level,
                "below": _lv(entry) - 1,
                "types": _types_text(entry.card.lrig_types) or "-",
            },
        )


def _unreached_above(entry: ResolvedEntry, lrigs: list[ResolvedEntry], reached: set[int]) -> list[ResolvedEntry]:
    """The unreached LRIGs above ``entry`` that share an LRIG type with it (they depend on it)."""
    mine = type_keys(entry.card.lrig_types)
    return [o for o in lrigs if _lv(o) > _lv(entry) and id(o) not in reached and type_keys(o.card.lrig_types) & mine]


#: The colours of a cost the main deck cannot pay, and of the main deck, in words.
COST_WORDING = {"missing": colours_of("missing"), "colours": colours_of("colours")}


@check(
    "WX202",
    "grow-cost-colour",
    "warning",
    "Grow cost colour not in the main deck",
    kind="play",
    wording=COST_WORDING,
    needs=("main",),
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
    needs=("main",),
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


@check("WX204", "signi-level-above-lrigs", "warning", "SIGNI above every LRIG's level", kind="play", needs=("lrig",))
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
    "Limited to an LRIG type no center LRIG has",
    kind="play",
    wording={"types": none_for_dash("types")},
    needs=("lrig",),
)
def limiting_unmatched(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card whose limiting condition (e.g. タマ限定) no center LRIG of the deck can meet is
    legal to register but can never be played (RULES.md §2); it can still be charged as ener
    or used as a Life Burst. The condition is judged against the center LRIG only (official
    column play_211021, the same rule ``replay`` applies as WX313): an LRIG type only an
    assist has does not count, and a SIGNI needs a reachable center of its level or higher
    with the type (a level-0 LRIG that could be the center counts for level-0 cards only)."""
    lrigs = _lrigs(deck)
    centers = _centers(deck)
    if not centers:
        return
    rules = _engine().rules_of(params)
    for entry in deck.entries:
        if not type_keys(entry.card.limiting) or _engine().limiting_centers(entry, lrigs, rules):
            continue
        center_types = sorted({t for e in centers for t in e.card.lrig_types})
        yield Finding(
            (entry,),
            entry.section,
            entry.line,
            list(entry.card.limiting),
            center_types,
            args={"types": _types_text(entry.card.limiting), "deck_types": _types_text(center_types)},
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
    best: dict[int, int] = {}
    for level, limit in sorted(_center_limits(centers).items()):
        with_assists = limit + (_assist_limits(deck, lrigs, level, rules) if three else 0)
        best[level] = max(with_assists, limit + _upper_bonus(rules, params, level))
    return best


def _center_limits(centers: list[ResolvedEntry]) -> dict[int, int]:
    """The highest limit of the center LRIGs of each level."""
    best: dict[int, int] = {}
    for entry in centers:
        best[_lv(entry)] = max(best.get(_lv(entry), 0), entry.card.limit or 0)
    return best


def _upper_bonus(rules: Any, params: RuleParams, level: int) -> int:
    """What a 【リミットアッパー】 adds to a center of ``level`` starting alone (0 where none applies)."""
    upper = rules.limit_upper
    return int(upper.bonus) if upper and 1 in _counts(params) and level >= upper.min_level else 0


def _assist_limits(deck: ResolvedDeck, lrigs: list[ResolvedEntry], level: int, rules: Any) -> int:
    """The two best assist lines (distinct level-0 LRIGs) with assists up to ``level``."""
    assists = [e for e in sorted(lrigs, key=_lv) if e.card.type == "ASSIST_LRIG" and _lv(e) <= level]
    lines = sorted((_line_limit(zero, assists, lrigs, rules) for zero in _zeros(deck)), reverse=True)
    return sum(lines[:2])


def _line_limit(zero: ResolvedEntry, assists: list[ResolvedEntry], lrigs: list[ResolvedEntry], rules: Any) -> int:
    """The best limit on the assist line that grows from ``zero`` through ``assists``."""
    line = {id(zero)}
    for entry in assists:
        if any(id(o) in line and _engine().grows(o, entry, rules) for o in lrigs):
            line.add(id(entry))
    return max((e.card.limit or 0) for e in lrigs if id(e) in line)


@check("WX206", "limit-never-fits", "warning", "SIGNI level never fits under the limit", kind="play", needs=("lrig",))
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

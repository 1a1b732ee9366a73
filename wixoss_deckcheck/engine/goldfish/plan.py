"""What the goldfish decides once per deck: the starting LRIGs, the grow paths, the costs
it keeps in view, and how much each card is worth keeping in the hand.

- **start**: with 3 LRIGs (where the format and the dated rules allow it) a center
  (an LRIG) and two assists whose LRIG types all differ, the center's line reaching the
  highest level first, then the longest assist lines; else the best center alone.
- **paths**: level by level, the LRIG one up sharing an LRIG type (the cheapest first).
- **ARTS**: those it uses (see :mod:`.arts`: the effects it plays out, the cost-0 ones that
  place a 【リミットアッパー】).
- **in view**: the center path's remaining grow costs first; then the assists' and the
  ARTS of the LRIG deck.
- **keep values**: a guard is kept in the hand (charged only when no other card keeps the
  curve, discarded last); a placeable SIGNI is worth more the higher its level; a SIGNI that can
  never be placed and a SPELL (card effects are out of scope) are charged first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from wixoss_deckcheck.engine.game.gamerules import GameRules, grow_problem
from wixoss_deckcheck.engine.game.payment import Symbols, merge
from wixoss_deckcheck.engine.game.state import Book
from wixoss_deckcheck.engine.goldfish.arts import playable_arts

GUARD_VALUE = 300
SIGNI_VALUE = 100


@dataclass
class Plan:
    """The goldfish's view of one deck under the rules in force."""

    center: int
    assists: tuple[int, ...]
    center_path: list[int]
    assist_paths: list[list[int]]
    arts: list[int]
    center_rest: list[Symbols] = field(default_factory=list)  # symbols of the center grows from step i on
    later: Symbols = ()  # the assists' grows and the ARTS
    center_soon: list[Symbols] = field(default_factory=list)  # symbols of the center grows i and i + 1
    keep: list[int] = field(default_factory=list)
    placeable: list[bool] = field(default_factory=list)
    options: dict[int, list[int]] = field(default_factory=dict)  # an LRIG id -> the LRIG ids it may grow into
    plays: list[int] = field(default_factory=list)  # the ARTS it uses (arts.py), in LRIG-deck order
    to_place: list[int] = field(default_factory=list)  # the placeable SIGNI but guards, highest level first
    no_guards: list[int] = field(default_factory=list)  # the main-deck kinds without 【ガード】, in order


def _next(book: Book, lrig_id: int, kind: str, rules: GameRules) -> list[int]:
    """LRIGs of ``kind`` one level above ``lrig_id`` that it may grow into, cheapest first."""
    level, lower = book.lrig_level(lrig_id), book.lrig_cards[lrig_id]
    found = [
        other
        for other, card in enumerate(book.lrig_cards)
        if card.type == kind and book.lrig_level(other) == level + 1 and grow_problem(lower, card, rules) is None
    ]
    return sorted(found, key=lambda other: (book.grow_costs[other].cards, other))


def _path(book: Book, lrig_id: int, kind: str, rules: GameRules, seen: frozenset[str] = frozenset()) -> list[int]:
    """The longest (then cheapest) line up from ``lrig_id``; each card once."""
    best: list[int] = []
    for other in _next(book, lrig_id, kind, rules):
        if book.lrig_cards[other].key in seen:
            continue
        tail = [other, *_path(book, other, kind, rules, seen | {book.lrig_cards[other].key})]
        if len(tail) > len(best):
            best = tail
    return best


def _level_zero(book: Book) -> list[int]:
    seen: set[str] = set()
    out = []
    for lrig_id, card in enumerate(book.lrig_cards):
        if card.is_lrig and card.level == 0 and card.key not in seen:
            seen.add(card.key)
            out.append(lrig_id)
    return out


def choose_start(book: Book, rules: GameRules) -> tuple[int, tuple[int, ...]]:
    """The center and the assists (see the module doc); raises ValueError without a center."""
    zeros = _level_zero(book)
    centers = [lrig_id for lrig_id in zeros if book.lrig_cards[lrig_id].type == "LRIG"]
    if not centers:
        raise ValueError("the LRIG deck has no level-0 LRIG to be the center")
    depth = {lrig_id: len(_path(book, lrig_id, "LRIG", rules)) for lrig_id in centers}
    center = max(centers, key=lambda lrig_id: (depth[lrig_id], -lrig_id))
    if 3 not in rules.start_counts or len(zeros) < 3:
        return center, ()
    assist_depth = {lrig_id: len(_path(book, lrig_id, "ASSIST_LRIG", rules)) for lrig_id in zeros}
    trio = _best_trio(book, centers, zeros, depth, assist_depth)
    if trio is not None:
        return trio
    if 1 not in rules.start_counts:  # 3 required: the best trio, one of them removed by the rules
        others = sorted((z for z in zeros if z != center), key=lambda z: (-assist_depth[z], z))[:2]
        return center, tuple(others)
    return center, ()


def _best_trio(
    book: Book, centers: list[int], zeros: list[int], depth: dict[int, int], assist_depth: dict[int, int]
) -> tuple[int, tuple[int, ...]] | None:
    """A center and two assists whose LRIG types all differ: the center's line longest, then the
    assists' lines, then the first listed center; None when no three differ."""
    # Bounded (issue 25: 835 level-0 LRIGs made C(835, 3) trios): a pair needs two LRIG types
    # other than the center's, so per type only its best assist can win (the deepest line, then
    # the latest listed, as the max below prefers), and per type and depth the first center.
    best_of_type: dict[Any, int] = {}
    for zero in zeros:
        kind = book.lrig_types[zero]
        held = best_of_type.get(kind)
        if held is None or (assist_depth[zero], zero) > (assist_depth[held], held):
            best_of_type[kind] = zero
    first_center: dict[tuple[Any, int], int] = {}
    for center in centers:
        first_center.setdefault((book.lrig_types[center], depth[center]), center)
    trios = []
    for center in sorted(first_center.values()):
        kind = book.lrig_types[center]
        partners = sorted(zero for other, zero in best_of_type.items() if other != kind)
        for pair in combinations(partners, 2):
            trios.append((depth[center], sum(assist_depth[a] for a in pair), -center, center, pair))
    if not trios:
        return None
    best = max(trios)
    return best[3], best[4]


def build_plan(book: Book, rules: GameRules) -> Plan:
    """The plan of one deck (see the module doc)."""
    center, assists = choose_start(book, rules)
    center_path = _path(book, center, "LRIG", rules, frozenset({book.lrig_cards[center].key}))
    assist_paths = [_path(book, a, "ASSIST_LRIG", rules, frozenset({book.lrig_cards[a].key})) for a in assists]
    arts = [lrig_id for lrig_id, card in enumerate(book.lrig_cards) if card.type == "ARTS"]
    plan = Plan(center, assists, center_path, assist_paths, arts)
    _keep_costs_in_view(book, plan)
    line = [center, *center_path]
    line_types = set[str]().union(*(book.lrig_types[lrig_id] for lrig_id in line))
    top = max(book.lrig_level(lrig_id) for lrig_id in line)
    for kind in range(len(book.main_cards)):
        placeable = _placeable(book, kind, top, line_types)
        plan.placeable.append(placeable)
        plan.keep.append(_keep_value(book, kind, placeable))
    plan.to_place = sorted(
        (k for k in range(len(book.main_cards)) if plan.placeable[k] and not book.is_guard[k]),
        key=lambda k: (-book.signi_levels[k], k),
    )
    plan.no_guards = [k for k in range(len(book.main_cards)) if not book.is_guard[k]]
    plan.options = _grow_options(book, assists, rules)
    plan.plays = playable_arts(book, rules, 1 + len(assists))
    return plan


def _keep_costs_in_view(book: Book, plan: Plan) -> None:
    """The center path's remaining grow costs from each step on; the assists' grows and the ARTS."""
    costs = [book.grow_costs[lrig_id] for lrig_id in plan.center_path]
    plan.center_rest = [merge(*costs[i:]) for i in range(len(costs) + 1)]
    plan.center_soon = [merge(*costs[i : i + 2]) for i in range(len(costs) + 1)]
    assist_grows = (book.grow_costs[lrig_id] for path in plan.assist_paths for lrig_id in path)
    plan.later = merge(*assist_grows, *(book.use_costs[a] for a in plan.arts))


def _grow_options(book: Book, assists: tuple[int, ...], rules: GameRules) -> dict[int, list[int]]:
    """For each LRIG id: what it may grow into (an assist into ASSIST LRIGs, a center into LRIGs)."""
    options = {}
    for lrig_id, card in enumerate(book.lrig_cards):
        grows_into = "ASSIST_LRIG" if card.type == "ASSIST_LRIG" or lrig_id in assists else "LRIG"
        options[lrig_id] = _next(book, lrig_id, grows_into, rules)
    return options


def _placeable(book: Book, kind: int, top: int, line_types: set[str]) -> bool:
    """A SIGNI the center's line can hold: its level at most the line's top, its limiting types on the line;
    never a SIGNI with 【ライズ】 (it comes only by its rise, which the goldfish does not play)."""
    if not book.is_signi[kind] or not 0 <= book.signi_levels[kind] <= top or book.main_cards[kind].rise:
        return False
    return not book.limiting_types[kind] or bool(book.limiting_types[kind] & line_types)


def _keep_value(book: Book, kind: int, placeable: bool) -> int:
    """How much a card is worth keeping in the hand: a guard most, a placeable SIGNI by its level."""
    if book.is_guard[kind]:
        return GUARD_VALUE + max(book.signi_levels[kind], 0)
    if placeable:
        return SIGNI_VALUE + 10 * book.signi_levels[kind]
    return 5 if book.is_signi[kind] else 0

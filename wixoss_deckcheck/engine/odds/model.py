"""A deck prepared for simulation: its main-deck cards, its LRIG grow paths, and the
declared choices of the simple player the simulation models.

The player (the same in both back ends):

- **center**: the level-0 LRIG whose LRIG-type line reaches the highest level
  (ties: the first listed); with 3 starting LRIGs the two other level-0 LRIGs with
  the longest assist lines become assists. Two LRIGs with exactly the same LRIG
  types cannot stay on the field together: such an assist is removed at the start.
- **charge** (1 card a turn, from hand): a card with a colour the next grow cost of
  the center still lacks in ener (multi-ener cards supply any colour); otherwise a card
  this model never uses (SPELLs, since card effects are out of scope; SIGNI above the
  deck's top LRIG level or limited to an LRIG type the deck lacks); otherwise the
  lowest-level SIGNI; guard cards last.
- **grow**: the center grows one level a turn when an LRIG one level higher sharing an
  LRIG type is in the LRIG deck and its grow cost is payable (cheapest first).
  Payment is greedy: each colour by single-colour cards first, then multicolour
  cards, multi-ener cards last; colourless by any card, multi-ener last.
- **discard** at the end of the turn (hand above 6): in the charge order, without
  the colour rule.
- goldfish only: assists grow in the main phase (never above the center's level, and
  only with ener the center's next grow does not need);
  SIGNI are placed highest level first within the center's level, the limit (center
  plus assists) and 3 zones; once a turn lower SIGNI are trashed for higher ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wixoss_deckcheck.engine.odds.rules import SETUP_CARDS
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.cards import COLOURS, Card
from wixoss_deckcheck.pool.normalize import type_keys

COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}


@dataclass(frozen=True)
class CostStep:
    """Pay ``amount`` with the ener cards ``payers`` (card indexes, in order)."""

    colour: str  # a colour, or "colorless"
    amount: int
    payers: tuple[int, ...]


@dataclass(frozen=True)
class LrigNode:
    """One LRIG or ASSIST LRIG of the LRIG deck."""

    index: int
    card: Card
    level: int
    limit: int
    types: frozenset[str]
    cost: tuple[CostStep, ...] = ()

    @property
    def cost_total(self) -> int:
        return sum(step.amount for step in self.cost)

    def cost_text(self) -> str:
        grow = self.card.grow_cost or {}
        parts = [f"{colour} {grow[colour]}" for colour in (*COLOURS, "colorless") if grow.get(colour)]
        return ", ".join(parts) if parts else "free"


@dataclass
class DeckModel:
    """Everything both simulation back ends read, as plain lists indexed by card."""

    cards: list[Card]
    counts: list[int]
    nodes: list[LrigNode]
    center: int | None
    center_next: dict[int, list[int]]
    assists: list[int]
    assist_next: dict[int, list[int]]
    start_lrigs: int
    notes: list[str] = field(default_factory=list)
    #: per LRIG node: the grow costs of the whole rest of its preferred path, merged (what a charge keeps in view)
    path_cost: dict[int, tuple[CostStep, ...]] = field(default_factory=dict)
    # per main-deck card
    levels: list[int] = field(default_factory=list)
    is_signi: list[bool] = field(default_factory=list)
    colour_sets: list[frozenset[str]] = field(default_factory=list)
    multi_ener: list[bool] = field(default_factory=list)
    guard: list[bool] = field(default_factory=list)
    life_burst: list[bool] = field(default_factory=list)
    placeable: list[bool] = field(default_factory=list)
    charge_score: list[int] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def kinds(self) -> int:
        return len(self.cards)

    @property
    def max_level(self) -> int:
        """The highest level the center's line reaches (0 without a center)."""
        if self.center is None:
            return 0
        return _depth(self.center, self.nodes, self.center_next)

    def starting(self) -> list[int]:
        """The LRIGs the game starts with: the center, then the assists."""
        return ([self.center] if self.center is not None else []) + self.assists

    def center_path(self) -> list[LrigNode]:
        """The preferred grow path of the center, level by level."""
        path: list[LrigNode] = []
        node = self.center
        while node is not None:
            path.append(self.nodes[node])
            options = self.center_next.get(node) or []
            node = options[0] if options else None
        return path

    def covers(self, kind: int, colour: str) -> bool:
        """True when the card can pay ``colour`` from ener."""
        return self.multi_ener[kind] or any(c in self.colour_sets[kind] for c in colour.split("|"))


def _depth(node: int, nodes: Sequence[LrigNode], graph: dict[int, list[int]]) -> int:
    best = nodes[node].level
    for nxt in graph.get(node, []):
        best = max(best, _depth(nxt, nodes, graph))
    return best


def build_model(
    main: Sequence[tuple[Card, int]], lrig: Sequence[Card], start_counts: Sequence[int] = (1, 3)
) -> DeckModel:
    """Prepare a deck: ``main`` as (card, copies) pairs, ``lrig`` the LRIG-deck cards."""
    cards, counts = _merge_main(main)
    payers = _Payers(cards)
    nodes = _lrig_nodes(lrig, payers)
    center_next = _successors(nodes, "LRIG")
    assist_next = _successors(nodes, "ASSIST_LRIG")
    notes: list[str] = []
    start = _start_lrigs(nodes, start_counts, notes)
    center = _choose_center(nodes, center_next, notes)
    assists = _choose_assists(nodes, center, assist_next, notes) if start == 3 and center is not None else []
    model = DeckModel(cards, counts, nodes, center, center_next, assists, assist_next, start, notes)
    model.path_cost = {node.index: _rest_of_path(node.index, nodes, center_next) for node in nodes}
    field_types: set[str] = set()  # the LRIG types the field can hold: the starting LRIGs' lines
    for lrig_id in model.starting():
        field_types |= _line_types(lrig_id, nodes, center_next if lrig_id == center else assist_next)
    top = model.max_level
    for card in cards:
        _add_card_choices(model, card, top, field_types)
    model.colour_sets.extend(payers.colour_sets)
    model.multi_ener.extend(payers.multi)
    return model


def _merge_main(main: Sequence[tuple[Card, int]]) -> tuple[list[Card], list[int]]:
    """The main deck's cards, copies of one number merged; too few cards for a game is an input error."""
    merged: dict[str, tuple[Card, int]] = {}
    for card, count in main:
        first, copies = merged.get(card.number, (card, 0))
        merged[card.number] = (first, copies + count)
    cards = [card for card, _ in merged.values()]
    counts = [count for _, count in merged.values()]
    size = sum(counts)
    if size < SETUP_CARDS:
        raise InputError(
            f"the main deck has {size} cards; a game needs at least {SETUP_CARDS} (5 in hand and 7 Life Cloth)"
        )
    return cards, counts


class _Payers:
    """Which main-deck cards pay each colour, in the greedy payment's order: single-colour
    cards first, then multicolour cards, multi-ener cards last (colourless: any card)."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.colour_sets = [frozenset(card.colors) for card in cards]
        self.multi = [bool(card.multi_ener) for card in cards]
        multi, colour_sets = self.multi, self.colour_sets
        self.by_colour = {
            colour: tuple(
                sorted(
                    (k for k in range(len(cards)) if colour in colour_sets[k] or multi[k]),
                    key=lambda k: (multi[k], len(colour_sets[k]), k),
                )
            )
            for colour in COLOURS
        }
        self.colourless = tuple(sorted(range(len(cards)), key=lambda k: (multi[k], k)))

    def steps(self, cost: Mapping[str, Any] | None) -> tuple[CostStep, ...]:
        """A grow cost as the steps the greedy payment takes."""
        cost = cost or {}
        out = [CostStep(c, int(cost[c]), self.by_colour[c]) for c in COLOURS if cost.get(c)]
        out += [self._either(choice) for choice in cost.get("choice") or ()]
        if cost.get("colorless"):
            out.append(CostStep("colorless", int(cost["colorless"]), self.colourless))
        return tuple(out)

    def _either(self, choice: Mapping[str, Any]) -> CostStep:
        """An either/or symbol (《青/黒》): a card of any of its colours pays it."""
        colours = [c for c in choice["colours"] if c in self.by_colour]
        either = {k for c in colours for k in self.by_colour[c]}
        multi = self.multi
        return CostStep("|".join(colours), int(choice["amount"]), tuple(sorted(either, key=lambda k: (multi[k], k))))


def _lrig_nodes(lrig: Sequence[Card], payers: _Payers) -> list[LrigNode]:
    """The LRIG-deck cards with a level (LRIGs and ASSIST LRIGs), their grow costs as payment steps."""
    lrigs = [card for card in lrig if card.is_lrig and card.level is not None]
    return [
        LrigNode(
            index, card, card.level or 0, card.limit or 0, type_keys(card.lrig_types), payers.steps(card.grow_cost)
        )
        for index, card in enumerate(lrigs)
    ]


def _start_lrigs(nodes: Sequence[LrigNode], start_counts: Sequence[int], notes: list[str]) -> int:
    """3 when the format allows it and the deck has 3 level-0 LRIGs, else 1."""
    zeros = sum(1 for node in nodes if node.level == 0)
    start = 3 if 3 in start_counts and zeros >= 3 else 1
    if start == 1 and 1 not in start_counts:
        notes.append("the format starts with 3 LRIGs but the deck has fewer level-0 LRIGs; simulated with 1")
    return start


def _successors(nodes: Sequence[LrigNode], kind: str) -> dict[int, list[int]]:
    """For each LRIG: the LRIGs of ``kind`` one level up sharing an LRIG type, cheapest first."""
    graph: dict[int, list[int]] = {}
    for node in nodes:
        options = [
            other
            for other in nodes
            if other.card.type == kind and other.level == node.level + 1 and other.types & node.types
        ]
        options.sort(key=lambda other: (other.cost_total, other.index))
        graph[node.index] = [other.index for other in options]
    return graph


def _choose_center(nodes: Sequence[LrigNode], center_next: dict[int, list[int]], notes: list[str]) -> int | None:
    """The level-0 LRIG whose line reaches the highest level (ties: the first listed)."""
    centers = [n for n in nodes if n.level == 0 and n.card.type == "LRIG"]
    if not centers:
        notes.append("the LRIG deck has no level-0 LRIG to be the center; no grow is simulated")
        return None
    return max(centers, key=lambda n: (_depth(n.index, nodes, center_next), -n.index)).index


def _choose_assists(
    nodes: Sequence[LrigNode], center: int, assist_next: dict[int, list[int]], notes: list[str]
) -> list[int]:
    """The two other level-0 LRIGs with the longest assist lines, less those whose LRIG types
    are another starting LRIG's (removed at the start)."""
    others = [n for n in nodes if n.level == 0 and n.index != center]
    others.sort(key=lambda n: (-_depth(n.index, nodes, assist_next), n.index))
    assists: list[int] = []
    seen_types = [nodes[center].types]
    for node in others[:2]:
        if node.types in seen_types:
            notes.append(
                f"assist {node.card.name} ({node.card.number}) has the same LRIG type as another "
                "starting LRIG and is removed from the field at the start"
            )
            continue
        seen_types.append(node.types)
        assists.append(node.index)
    return assists


def _add_card_choices(model: DeckModel, card: Card, top: int, field_types: set[str]) -> None:
    """What the player reads of one main-deck card: its level, whether it can be placed, its charge score."""
    level = card.level if card.type == "SIGNI" and card.level is not None else -1
    model.levels.append(level)
    model.is_signi.append(card.type == "SIGNI")
    model.guard.append(bool(card.guard))
    model.life_burst.append(bool(card.life_burst))
    limited_ok = not card.limiting or bool(type_keys(card.limiting) & field_types)
    # a SIGNI with 【ライズ】 comes only by its rise, which the policy does not play: never placed
    placeable = card.type == "SIGNI" and 0 <= level <= top and limited_ok and not card.rise
    model.placeable.append(placeable)
    if card.guard:
        score = 200 + max(level, 0)
    elif placeable:
        score = 100 + level
    else:
        score = 0
    model.charge_score.append(score)


def _rest_of_path(start: int, nodes: Sequence[LrigNode], graph: dict[int, list[int]]) -> tuple[CostStep, ...]:
    """The grow costs of every LRIG above ``start`` on its preferred path, merged by colour."""
    merged: dict[str, CostStep] = {}
    node, seen = start, {start}
    while graph.get(node):
        node = graph[node][0]
        if node in seen:
            break
        seen.add(node)
        for step in nodes[node].cost:
            old = merged.get(step.colour)
            merged[step.colour] = CostStep(step.colour, step.amount + (old.amount if old else 0), step.payers)
    return tuple(merged.values())


def _line_types(start: int, nodes: Sequence[LrigNode], graph: dict[int, list[int]]) -> set[str]:
    types = set(nodes[start].types)
    for nxt in graph.get(start, []):
        types |= _line_types(nxt, nodes, graph)
    return types


def pay(ener: list[int], cost: Sequence[CostStep]) -> list[int] | None:
    """The ener left after paying ``cost`` greedily, or None when it cannot be paid."""
    left = list(ener)
    for step in cost:
        need = step.amount
        for kind in step.payers:
            if need == 0:
                break
            take = min(need, left[kind])
            left[kind] -= take
            need -= take
        if need:
            return None
    return left


def missing_colours(model: DeckModel, ener: Sequence[int], cost: Sequence[CostStep]) -> list[str]:
    """Colours of ``cost`` that the ener cannot supply (ignoring the other colours' needs)."""
    missing = []
    for step in cost:
        if step.colour == "colorless":
            continue
        have = sum(ener[k] for k in range(len(ener)) if model.covers(k, step.colour))
        if have < step.amount:
            missing.append(step.colour)
    return missing

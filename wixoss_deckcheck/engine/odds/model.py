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

from collections.abc import Sequence
from dataclasses import dataclass, field

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
    merged: dict[str, list] = {}
    for card, count in main:
        if card.number in merged:
            merged[card.number][1] += count
        else:
            merged[card.number] = [card, count]
    cards = [card for card, _ in merged.values()]
    counts = [count for _, count in merged.values()]
    size = sum(counts)
    if size < SETUP_CARDS:
        raise InputError(
            f"the main deck has {size} cards; a game needs at least {SETUP_CARDS} (5 in hand and 7 Life Cloth)"
        )

    lrigs = [card for card in lrig if card.is_lrig and card.level is not None]
    zeros = [card for card in lrigs if card.level == 0]
    nodes: list[LrigNode] = []
    # grow costs are filled in below, once the payers are known
    raw_nodes = [(card, type_keys(card.lrig_types)) for card in lrigs]

    colour_sets = [frozenset(card.colors) for card in cards]
    multi = [bool(card.multi_ener) for card in cards]
    payers = {
        colour: tuple(
            sorted(
                (k for k in range(len(cards)) if colour in colour_sets[k] or multi[k]),
                key=lambda k: (multi[k], len(colour_sets[k]), k),
            )
        )
        for colour in COLOURS
    }
    colourless = tuple(sorted(range(len(cards)), key=lambda k: (multi[k], k)))

    def steps(cost) -> tuple[CostStep, ...]:
        cost = cost or {}
        out = [CostStep(c, int(cost[c]), payers[c]) for c in COLOURS if cost.get(c)]
        for choice in cost.get("choice") or ():  # either/or symbols (《青/黒》): a card of any of the colours
            colours = [c for c in choice["colours"] if c in payers]
            either = {k for c in colours for k in payers[c]}
            step = CostStep(
                "|".join(colours), int(choice["amount"]), tuple(sorted(either, key=lambda k: (multi[k], k)))
            )
            out.append(step)
        if cost.get("colorless"):
            out.append(CostStep("colorless", int(cost["colorless"]), colourless))
        return tuple(out)

    for index, (card, types) in enumerate(raw_nodes):
        nodes.append(LrigNode(index, card, card.level or 0, card.limit or 0, types, steps(card.grow_cost)))

    def successors(kinds: tuple[str, ...]) -> dict[int, list[int]]:
        graph: dict[int, list[int]] = {}
        for node in nodes:
            options = [
                other
                for other in nodes
                if other.card.type in kinds and other.level == node.level + 1 and other.types & node.types
            ]
            options.sort(key=lambda other: (other.cost_total, other.index))
            graph[node.index] = [other.index for other in options]
        return graph

    center_next = successors(("LRIG",))
    assist_next = successors(("ASSIST_LRIG",))
    notes: list[str] = []
    zero_count = len(zeros)
    start = 3 if 3 in start_counts and zero_count >= 3 else 1
    if start == 1 and 1 not in start_counts:
        notes.append("the format starts with 3 LRIGs but the deck has fewer level-0 LRIGs; simulated with 1")
    centers = [n for n in nodes if n.level == 0 and n.card.type == "LRIG"]
    center = None
    if centers:
        center = max(centers, key=lambda n: (_depth(n.index, nodes, center_next), -n.index)).index
    else:
        notes.append("the LRIG deck has no level-0 LRIG to be the center; no grow is simulated")
    assists: list[int] = []
    if start == 3 and center is not None:
        others = [n for n in nodes if n.level == 0 and n.index != center]
        others.sort(key=lambda n: (-_depth(n.index, nodes, assist_next), n.index))
        chosen = others[:2]
        seen_types = [nodes[center].types]
        for node in chosen:
            if node.types in seen_types:
                notes.append(
                    f"assist {node.card.name} ({node.card.number}) has the same LRIG type as another "
                    "starting LRIG and is removed from the field at the start"
                )
                continue
            seen_types.append(node.types)
            assists.append(node.index)

    model = DeckModel(cards, counts, nodes, center, center_next, assists, assist_next, start, notes)
    model.path_cost = {node.index: _rest_of_path(node.index, nodes, center_next) for node in nodes}
    field_types = set()
    for start_node in ([center] if center is not None else []) + assists:
        field_types |= _line_types(start_node, nodes, center_next if start_node == center else assist_next)
    top = model.max_level
    for card in cards:
        level = card.level if card.type == "SIGNI" and card.level is not None else -1
        model.levels.append(level)
        model.is_signi.append(card.type == "SIGNI")
        model.guard.append(bool(card.guard))
        model.life_burst.append(bool(card.life_burst))
        limited_ok = not card.limiting or bool(type_keys(card.limiting) & field_types)
        placeable = card.type == "SIGNI" and 0 <= level <= top and limited_ok
        model.placeable.append(placeable)
        if card.guard:
            score = 200 + max(level, 0)
        elif placeable:
            score = 100 + level
        else:
            score = 0
        model.charge_score.append(score)
    model.colour_sets.extend(colour_sets)
    model.multi_ener.extend(multi)
    return model


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

"""Running a simulation and building its report (a plain dict: the JSON contract).

:func:`run_simulation` picks the back end (numpy when installed, else pure Python),
plays the games and merges the exact answers (where a closed form exists) with the
simulated ones. Every simulated probability comes with its standard error and the
number of games; every exact one is ``probability_exact`` (``null`` when no closed
form applies, e.g. after a refresh or under most mulligan policies).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from wixoss_deckcheck import __version__
from wixoss_deckcheck.engine.odds import exact, sim_python
from wixoss_deckcheck.engine.odds.groups import Selector, level_selector, members, parse_group, type_selector
from wixoss_deckcheck.engine.odds.model import DeckModel
from wixoss_deckcheck.engine.odds.policy import KEEP_ALL, MulliganPolicy
from wixoss_deckcheck.engine.odds.rules import LIFE_CLOTH, cards_seen
from wixoss_deckcheck.engine.odds.tally import SimConfig, Tally
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.model.cards import Card

BACKENDS = ("auto", "numpy", "python")
EFFECTS_NOTE = (
    "Card effects are out of scope: no SPELL, ARTS, PIECE, Life Burst or ability is used; "
    "the player follows the declared policy only."
)
GOLDFISH_POLICY = (
    "each turn: draw; charge 1 card (a missing grow colour first, else an unused card, "
    "else the lowest SIGNI, guards last); grow the center when the cost is payable; grow "
    "assists; place SIGNI highest level first within the center's level, the limit and 3 "
    "zones (once a turn trash lower SIGNI for higher ones); attack with every SIGNI and the "
    "center (not on the first player's turn 1); discard down to 6."
)


def numpy_backend() -> ModuleType | None:
    """The vectorised back end, or None when numpy is not installed."""
    try:
        import numpy  # noqa: F401  # numpy: a heavy optional library (the sim extra), loaded only to simulate
    except ImportError:
        return None
    from wixoss_deckcheck.engine.odds import sim_numpy  # the back end built on numpy (imported at its top)

    return sim_numpy


def choose_backend(name: str = "auto") -> tuple[str, ModuleType]:
    """The back-end module: ``numpy`` (vectorised), ``python`` (fallback), or ``auto``."""
    if name not in BACKENDS:
        raise UsageError(f"unknown simulation back end {name!r} (auto, numpy or python)")
    if name in ("auto", "numpy"):
        vectorised = numpy_backend()
        if vectorised is not None:
            return "numpy", vectorised
        if name == "numpy":
            raise UsageError("the numpy back end needs numpy: pip install 'wixoss-deckcheck[sim]'")
    return "python", sim_python


@dataclass(frozen=True)
class Group:
    """A question's cards: a label and the deck-model card indexes it covers."""

    label: str
    selector: Selector
    members: tuple[int, ...]

    def copies(self, model: DeckModel) -> int:
        return sum(model.counts[m] for m in self.members)


def make_group(selector: Selector, model: DeckModel) -> Group:
    return Group(selector.text, selector, tuple(members(selector, model.cards)))


def _card_groups(model: DeckModel) -> list[Group]:
    """One group per card name (reprints and same-name cards together), in the deck's order."""
    groups: list[Group] = []
    seen_keys: set[str] = set()
    for card in model.cards:
        if card.key in seen_keys:
            continue
        seen_keys.add(card.key)
        same = tuple(i for i, other in enumerate(model.cards) if other.key == card.key)
        groups.append(Group(f"{card.name} ({card.number})", Selector(card.number, (_same_name_as(card.key),)), same))
    return groups


def default_groups(model: DeckModel) -> list[Group]:
    """Each card (same name together), each SIGNI level, each type, guard and life burst."""
    groups = _card_groups(model)
    levels = sorted({level for level in model.levels if level >= 0})
    for level in levels:
        groups.append(make_group(level_selector(level, level), model))
    for card_type in ("SIGNI", "SPELL"):
        group = make_group(type_selector(card_type), model)
        if group.members:
            groups.append(group)
    for word in ("guard", "lifeburst"):
        groups.append(make_group(parse_group(word), model))
    return groups


def hit_group(query: str, model: DeckModel, pool) -> Group:
    """The group ``--hit`` names; a single card must be in the main deck."""
    selector = parse_group(query, pool)
    group = make_group(selector, model)
    if not group.members and not _is_word_group(query):
        raise InputError(f"{query!r} is not in the main deck")
    return group


def _is_word_group(query: str) -> bool:
    text = query.strip().lower()
    return (
        ":" in text and not text.startswith("card:") or text in ("guard", "lifeburst", "life-burst", "life_burst", "lb")
    )


def _same_name_as(key: str) -> Callable[[Card], bool]:
    """A card test: has the same name (key) as ``key``."""
    return lambda card: card.key == key


def exact_hit(
    policy: MulliganPolicy, group: Group, model: DeckModel, at_least: int, turn: int, first: bool
) -> float | None:
    """The closed-form answer, when one applies to this policy and question (else None)."""
    size, copies = model.size, group.copies(model)
    if policy.keeps_all:
        return exact.hit_keep_all(size, copies, at_least, turn, first)
    if (
        policy.finds_one
        and policy.find is not None
        and at_least == 1
        and group.members == tuple(members(policy.find, model.cards))
    ):
        return exact.hit_find_one(size, copies, turn, first)
    return None


def run_simulation(
    model: DeckModel,
    policy: MulliganPolicy = KEEP_ALL,
    groups: Sequence[Group] = (),
    games: int = 100_000,
    seed: int | None = None,
    first: bool = True,
    turns: int = 6,
    goldfish: bool = False,
    at_least: int = 1,
    backend: str = "auto",
    life_cloth: bool = True,
) -> tuple[Tally, SimConfig, str]:
    """Play the games; returns the tally, the configuration used (with its seed) and the back end.

    ``life_cloth=False`` skips dealing the Life Cloth, which only an opening-hand question
    (``turns=0``) may do: it does not change the hand.
    """
    if games < 1:
        raise UsageError("--games must be at least 1")
    if seed is None:
        seed = secrets.randbits(32)
    config = SimConfig(
        games=games,
        seed=seed,
        first=first,
        turns=turns,
        goldfish=goldfish,
        at_least=at_least,
        groups=tuple((g.label, g.members) for g in groups),
        life_cloth=life_cloth or turns > 0,
    )
    name, module = choose_backend(backend)
    tally = Tally(len(groups), turns, model.max_level)
    module.run(model, policy.plan(model.cards), policy.keeps_all, config, tally)
    return tally, config, name


# -- the report ------------------------------------------------------------------------


def _card_ref(card: Card) -> dict:
    return {"number": card.number, "name": card.name}


def describe_model(model: DeckModel) -> dict[str, Any]:
    path = model.center_path()
    return {
        "main_deck_cards": model.size,
        "start_lrigs": model.start_lrigs,
        "center_path": [
            {
                **_card_ref(node.card),
                "level": node.level,
                "limit": node.limit,
                "grow_cost": dict(node.card.grow_cost or {}),
            }
            for node in path
        ],
        "assists": [_card_ref(model.nodes[a].card) for a in model.assists],
        "notes": list(model.notes),
    }


def hit_entry(
    tally: Tally, config: SimConfig, index: int, group: Group, model: DeckModel, policy: MulliganPolicy, turn: int
) -> dict[str, Any]:
    return {
        "turn": turn,
        "cards_seen": cards_seen(turn, config.first),
        "probability_exact": exact_hit(policy, group, model, config.at_least, turn, config.first),
        **tally.probability(tally.hits[index][turn]),
    }


def build_report(
    model: DeckModel,
    policy: MulliganPolicy,
    groups: Sequence[Group],
    tally: Tally,
    config: SimConfig,
    backend: str,
    meta: dict[str, Any],
    hit: Group | None = None,
    by_turn: int | None = None,
) -> dict[str, Any]:
    """The simulation report as a JSON-ready dict (its keys are described in the README)."""
    report: dict[str, Any] = {
        "tool": "wixoss-deckcheck",
        "command": "simulate",
        "version": __version__,
        **meta,
        "games": config.games,
        "seed": config.seed,
        "player": "first" if config.first else "second",
        "turns": config.turns,
        "backend": backend,
        "mulligan": policy.to_dict(),
        "model": describe_model(model),
        "card_effects": EFFECTS_NOTE,
        "turn_note": "turn 0 is the opening hand after the mulligan; turn t counts the draws of your t-th turn",
    }
    if hit is not None:
        entry = hit_entry(tally, config, 0, hit, model, policy, by_turn or 0)
        report.update(
            {
                "query": hit.label,
                "cards": [model.cards[m].number for m in hit.members],
                "copies": hit.copies(model),
                "at_least": config.at_least,
                "by_turn": entry["turn"],
                "cards_seen": entry["cards_seen"],
                "probability_exact": entry["probability_exact"],
                "probability_simulated": entry["probability_simulated"],
                "standard_error": entry["standard_error"],
                "samples": entry["samples"],
            }
        )
        return report
    report["hits"] = [
        {
            "group": group.label,
            "term": group.selector.text,
            "cards": [model.cards[m].number for m in group.members],
            "copies": group.copies(model),
            "at_least": config.at_least,
            "by_turn": [hit_entry(tally, config, i, group, model, policy, t) for t in range(config.turns + 1)],
        }
        for i, group in enumerate(groups)
    ]
    report["life_cloth"] = life_cloth_report(model, policy, tally)
    report["grow"] = grow_report(model, tally)
    report["by_turn"] = [
        {
            "turn": t,
            "hand": tally.mean(tally.hand[t], tally.hand_sq[t]),
            "ener": tally.mean(tally.ener[t], tally.ener_sq[t]),
            "center_level": _mean_level(tally, t),
        }
        for t in range(config.turns + 1)
    ]
    if config.goldfish:
        report["goldfish"] = goldfish_report(model, tally, config)
    return report


def life_cloth_report(model: DeckModel, policy: MulliganPolicy, tally: Tally) -> dict[str, Any]:
    bursts = sum(c for c, lb in zip(model.counts, model.life_burst, strict=False) if lb)
    exact_dist = exact.life_cloth_keep_all(model.size, bursts) if policy.keeps_all else None
    distribution = []
    for count in range(LIFE_CLOTH + 1):
        distribution.append(
            {
                "life_burst": count,
                "probability_exact": exact_dist[count] if exact_dist else None,
                **tally.probability(tally.life_burst[count]),
            }
        )
    games = tally.games or 1
    return {
        "life_burst_cards_in_deck": bursts,
        "mean_exact": LIFE_CLOTH * bursts / model.size if policy.keeps_all else None,
        "mean_simulated": sum(i * n for i, n in enumerate(tally.life_burst)) / games,
        "distribution": distribution,
    }


def _level_at_least(tally: Tally, turn: int, level: int) -> int:
    return sum(tally.levels[turn][level:])


def _mean_level(tally: Tally, turn: int) -> float:
    games = tally.games or 1
    return sum(level * n for level, n in enumerate(tally.levels[turn])) / games


def grow_report(model: DeckModel, tally: Tally) -> list[dict[str, Any]]:
    """For each grow of the center's path: P(the grow is paid by the turn it is due, and a turn later)."""
    rows = []
    for node in model.center_path()[1:]:
        due = node.level
        row = {
            **_card_ref(node.card),
            "level": node.level,
            "grow_cost": dict(node.card.grow_cost or {}),
            "due_turn": due,
            "probability_exact": None,
        }
        if due <= tally.turns:
            row.update(tally.probability(_level_at_least(tally, due, node.level)))
        else:
            row.update({"probability_simulated": None, "standard_error": None, "samples": tally.games})
        if due + 1 <= tally.turns:
            row["probability_one_turn_late"] = tally.probability(_level_at_least(tally, due + 1, node.level))
        rows.append(row)
    return rows


def _first_turns(tally: Tally, level: int, turns: int) -> list[dict[str, Any]]:
    """P(the center first reaches ``level`` on turn t), t = 0..turns, then P(never by then) (turn None)."""
    games = tally.games or 1
    first_turns: list[dict[str, Any]] = []
    previous = 0
    for turn in range(turns + 1):
        now = _level_at_least(tally, turn, level)
        first_turns.append({"turn": turn, "probability": (now - previous) / games})
        previous = now
    first_turns.append({"turn": None, "probability": (games - previous) / games})
    return first_turns


def goldfish_report(model: DeckModel, tally: Tally, config: SimConfig) -> dict[str, Any]:
    """The ``goldfish`` section of the deck model's own play (``goldfish=True``)."""
    games = tally.games or 1
    top = model.max_level
    reached = [{"level": level, "first_turn": _first_turns(tally, level, config.turns)} for level in range(1, top + 1)]
    on_curve = []
    for turn in range(1, min(top, config.turns) + 1):
        on_curve.append(
            {
                "turn": turn,
                "level": turn,
                **tally.probability(_level_at_least(tally, turn, turn)),
                "grew_this_turn": tally.grew[turn] / games,
            }
        )
    refresh_turn = min(config.refresh_turn, config.turns)
    return {
        "card_effects": EFFECTS_NOTE,
        "policy": GOLDFISH_POLICY,
        "center_level_first_turn": reached,
        "on_curve": on_curve,
        "grew_by_turn": [{"turn": t, "probability": tally.grew[t] / games} for t in range(1, config.turns + 1)],
        "refreshes": {
            "by_turn": refresh_turn,
            "mean": tally.refreshes[refresh_turn] / games,
            "distribution": {str(k): v / games for k, v in sorted(tally.refresh_hist.items())},
        },
        "signi_on_field": [
            {
                "turn": t,
                "mean": sum(i * n for i, n in enumerate(tally.field_signi[t])) / games,
                "distribution": [n / games for n in tally.field_signi[t]],
            }
            for t in range(config.turns + 1)
        ],
        "attacks": [{"turn": t, "mean": tally.attacks[t] / games} for t in range(1, config.turns + 1)],
    }

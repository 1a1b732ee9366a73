"""What the play findings (``check --play``) ask of the game rules, shared with the engine.

- which LRIGs a game can reach by growing, under the dated grow rules, the LRIG types
  (type ? shares every type) and the printed grow restrictions
  (:func:`wixoss_deckcheck.engine.game.gamerules.grow_problem`); an ASSIST LRIG is never a
  center grow and a center LRIG never an assist's;
- how many main-deck cards can pay each cost symbol (an exact matching over the whole
  deck: multi-ener cards pay any colour, either/or symbols any of theirs).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wixoss_deckcheck.engine.game.gamerules import GameRules, game_rules, grow_problem
from wixoss_deckcheck.engine.game.payment import COLOUR_BITS, COLOURLESS, card_mask, classes, parse_cost, shortfall
from wixoss_deckcheck.engine.game.state import Say, say
from wixoss_deckcheck.model.cards import COLOURS, Card
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.pool.normalize import name_key, type_keys

DEFAULT_DAY = "2099-12-31"


def rules_of(params: Mapping[str, Any]) -> GameRules:
    """The game rules of the day the check runs for (``as_of``; the current rules without one)."""
    counts = tuple(params.get("counts") or (1, 3))
    return game_rules(str(params.get("as_of") or DEFAULT_DAY), counts)


def grows(lower: ResolvedEntry, upper: ResolvedEntry, rules: GameRules) -> bool:
    """Can ``lower`` grow into ``upper`` (kinds, dated levels, types, printed restrictions)?"""
    if upper.card.type == "LRIG" and lower.card.type != "LRIG":
        return False  # a center grows from the center only
    if upper.card.type == "ASSIST_LRIG" and not (
        lower.card.type == "ASSIST_LRIG" or (lower.card.level == 0 and lower.card.type == "LRIG")
    ):
        return False  # an assist grows from an assist (a level-0 LRIG starts as one)
    return grow_problem(lower.card, upper.card, rules) is None


def reachable(lrigs: list[ResolvedEntry], rules: GameRules) -> set[int]:
    """ids of the LRIG entries a game can reach from the level-0 LRIGs (a fixpoint: old rules grow down too)."""
    reached = {id(e) for e in lrigs if e.card.level == 0}
    changed = True
    while changed:
        changed = False
        for entry in lrigs:
            if id(entry) in reached:
                continue
            if any(id(o) in reached and o is not entry and grows(o, entry, rules) for o in lrigs):
                reached.add(id(entry))
                changed = True
    return reached


def growable_from(entry: ResolvedEntry, lrigs: list[ResolvedEntry], rules: GameRules) -> bool:
    """Is there any LRIG of the deck that ``entry`` could grow from (reached or not)?"""
    return any(o is not entry and grows(o, entry, rules) for o in lrigs)


def limiting_centers(entry: ResolvedEntry, lrigs: list[ResolvedEntry], rules: GameRules) -> list[ResolvedEntry]:
    """The center LRIGs a game of this deck can have that let ``entry`` be played despite its
    limiting condition (:meth:`GameRules.limiting_met`, the rule ``replay`` applies too): reachable
    center LRIGs (an ASSIST LRIG never is one; a level-0 LRIG may be) of one of its LRIG types and,
    for a SIGNI, of at least its level (a SIGNI is placed only under a center of its level or
    higher; a SIGNI above every center is WX204's, so the level asked is at most the highest
    center's). Empty: the card can never be played, only charged or burst."""
    reached = reachable(lrigs, rules)
    centers = [e for e in lrigs if e.card.type == "LRIG" and id(e) in reached]
    limited = type_keys(entry.card.limiting)
    top = max(((e.card.level or 0) for e in centers), default=0)
    level = min(entry.card.level or 0, top) if entry.card.type == "SIGNI" else 0
    return [
        center
        for center in centers
        if (center.card.level or 0) >= level and rules.limiting_met(limited, type_keys(center.card.lrig_types))
    ]


def main_classes(deck: ResolvedDeck) -> tuple[tuple[int, int], ...]:
    """The main deck as ener: ``(mask, copies)`` classes."""
    return classes([card_mask(e.card) for e in deck.main for _ in range(e.count)])


def missing_symbols(cost_map: Mapping[str, int] | None, ener: tuple[tuple[int, int], ...]) -> list[str]:
    """The cost symbols the whole main deck cannot pay (``[]`` when it can pay the cost).

    Each symbol is counted against the cards that can pay it; when each alone is
    payable but not all together, every colour symbol of the cost is named.
    """
    cost = parse_cost(cost_map)
    if not cost.symbols or not shortfall(cost.symbols, ener):
        return []
    missing = [
        _symbol_name(mask) for mask, count in cost.symbols if shortfall(((mask, count),), ener) and mask != COLOURLESS
    ]
    return missing or [_symbol_name(mask) for mask, _count in cost.symbols if mask != COLOURLESS]


def _symbol_name(mask: int) -> str:
    return "|".join(c for c in COLOURS if mask & COLOUR_BITS[c]) or "colourless"


def piece_condition_of(card: Card) -> dict[str, Any] | None:
    """A PIECE's use condition: the pool's ``piece_condition``, else one from ``team``/``team_piece``."""
    if card.piece_condition:
        return dict(card.piece_condition)
    if card.team_piece:
        return {"kind": "team", "team": card.team}
    return None


def condition_unmet(condition: Mapping[str, Any], lrigs: Sequence[Card]) -> Say | None:
    """Why the three LRIGs ``lrigs`` (their top cards) do not meet a PIECE's use condition, or None.

    ``team``: every LRIG of the named team (``team: null``: of one team, any), each at least
    ``min_level``; ``dream-team``: ``colours_total`` colours among them, or one LRIG of a colour
    in ``includes``.
    """
    if condition.get("kind") == "team":
        return _team_unmet(condition, lrigs)
    return _dream_team_unmet(condition, lrigs)


def _team_unmet(condition: Mapping[str, Any], lrigs: Sequence[Card]) -> Say | None:
    problem = _teams_unmet(condition.get("team"), [name_key(card.team) if card.team else None for card in lrigs])
    if problem is not None:
        return problem
    low = condition.get("min_level")
    if low and any((card.level or 0) < low for card in lrigs):
        return say("piece_min_level", level=low)
    return None


def _teams_unmet(wanted: str | None, teams: list[str | None]) -> Say | None:
    """Every LRIG of the ``wanted`` team, or (None) all of one team."""
    if wanted:
        return None if all(team == name_key(wanted) for team in teams) else say("piece_team", team=wanted)
    return None if None not in teams and len(set(teams)) == 1 else say("piece_one_team")


def _dream_team_unmet(condition: Mapping[str, Any], lrigs: Sequence[Card]) -> Say | None:
    colours = {colour for card in lrigs for colour in card.colors}
    total = condition.get("colours_total")
    if total and len(colours) < total:
        return say("piece_colours", have=len(colours), need=total)
    includes = condition.get("includes")
    if includes and not colours & set(includes):
        return say("piece_includes", colours=say("either", items=[Say("colour:" + c) for c in includes]))
    return None


def condition_args(condition: Mapping[str, Any]) -> dict[str, Any]:
    """A use condition as the values of the WX208 message (worded by the check, in the reader's
    language): ``team`` (a team's name, "" for any one team), ``dream_total`` and ``dream_includes``."""
    if condition.get("kind") == "team":
        return {"team": str(condition.get("team") or ""), "dream_total": 0, "dream_includes": ""}
    includes = "/".join(condition.get("includes") or ())
    return {"team": "", "dream_total": int(condition.get("colours_total") or 0), "dream_includes": includes}

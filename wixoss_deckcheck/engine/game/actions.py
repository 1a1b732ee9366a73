"""Main-phase, attack and opponent's-turn actions, and the moves card effects declare.

Like :mod:`.phases`: each takes the game and cards as integers, returns a
:class:`~.state.Problem` when the action is illegal (the state unchanged), else applies
it and the continuous rules and returns None.
"""

from __future__ import annotations

from collections.abc import Sequence

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.opponent.turn import crushed as crushed  # the goldfish crushes through actions
from wixoss_deckcheck.engine.game.opponent.turn import guard as guard
from wixoss_deckcheck.engine.game.opponent.turn import timing as opponent_timing
from wixoss_deckcheck.engine.game.phases import enter, grow_target, pay
from wixoss_deckcheck.engine.game.placements import resona as appearing
from wixoss_deckcheck.engine.game.placements.signi import entered, placeable
from wixoss_deckcheck.engine.game.play_rules import condition_unmet, piece_condition_of
from wixoss_deckcheck.engine.game.state import (
    ATTACK,
    CENTER,
    MAIN,
    OPPONENT,
    Game,
    Problem,
    Say,
    now_in,
    phase_name,
    say,
    type_article,
    zone_name,
)
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.normalize import type_keys

USE_TYPES = ("SPELL", "ARTS", "PIECE", "RELAY_PIECE", "KEY")


def resona(game: Game, lrig_id: int, zone: int, opponent: bool = False) -> Problem | None:
    """A RESONA from the LRIG deck into an empty SIGNI zone, at a time its phase icons allow, its
    appearance condition met by the moves just before it (:mod:`.placements.resona`; trusted where
    the pool does not read it), within the center's level and the limit."""
    state, book = game.state, game.book
    card = book.lrig_cards[lrig_id]
    kind = book.resona_kind.get(lrig_id)
    problem = timing_problem(game, say("what_resona"), appearing.places(card), opponent)
    if problem is None and kind is None:
        problem = Problem(
            "wrong-card-type", {"card": card.name, "type": type_article(card.type), "action": say("for_resona")}
        )
    if problem is None and not state.lrig_deck[lrig_id]:
        problem = Problem("card-not-in-zone", {"card": card.name, "zone": zone_name("lrig_deck")})
    if problem is not None or kind is None:
        return problem
    state.hand[kind] += 1  # placed like a SIGNI from the hand, with the same checks
    problem = placeable(game, kind, zone, False) or appearing.condition_problem(game, lrig_id)
    state.hand[kind] -= 1
    if problem is not None:
        return problem
    state.lrig_deck[lrig_id] = False
    state.signi_zones[zone] = kind
    entered(game, zone)
    settle(game)
    return None


def active_trash(game: Game, kinds: Sequence[int]) -> Problem | None:
    """Main phase, once a turn: SIGNI of the field to the trash (at most the dated number)."""
    state, book, rules = game.state, game.book, game.rules
    problem = enter(game, MAIN)
    if problem is not None:
        return problem
    if state.active_trash:
        return Problem("once-per-turn", {"what": say("what_active_trash"), "most": 1})
    if not 1 <= len(kinds) <= rules.active_trash_max:
        return Problem("active-trash", {"got": len(kinds), "most": rules.active_trash_max})
    zones = list(state.signi_zones)
    for kind in kinds:
        if kind not in zones:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("field")})
        zones[zones.index(kind)] = -1
    for zone, (before, after) in enumerate(zip(state.signi_zones, zones, strict=False)):
        if before >= 0 and after < 0:
            state.trash[before] += 1
            for card in state.under_signi[zone]:
                state.trash[card] += 1
            state.under_signi[zone] = []
    state.signi_zones = zones
    state.active_trash = True
    settle(game)
    return None


def use(
    game: Game, main_kind: int | None, lrig_id: int | None, paid: Sequence[int], coins: int = 0, opponent: bool = False
) -> Problem | None:
    """Use a SPELL from the hand, or an ARTS, PIECE or KEY from the LRIG deck, paying its cost exactly."""
    if main_kind is not None:
        return _use_from_hand(game, main_kind, paid, coins, opponent)
    return _use_from_lrig_deck(game, lrig_id, paid, coins, opponent)


def _use_from_hand(game: Game, kind: int, paid: Sequence[int], coins: int, opponent: bool) -> Problem | None:
    book, state = game.book, game.state
    card = book.main_cards[kind]
    problem = (  # the first problem, in the order the rules are checked
        _usable(game, card, book.main_places[kind], opponent)
        or _in_hand(game, kind)
        or _limiting(game, card, book.limiting_types[kind])
        or pay(game, book.main_costs[kind], paid, coins)
    )
    if problem is not None:
        return problem
    state.hand[kind] -= 1
    state.trash[kind] += 1
    settle(game)
    return None


def _use_from_lrig_deck(
    game: Game, lrig_id: int | None, paid: Sequence[int], coins: int, opponent: bool
) -> Problem | None:
    book = game.book
    card = book.lrig_cards[lrig_id or 0]
    places = book.lrig_places[lrig_id or 0]
    problem = _usable(game, card, places, opponent) or _in_lrig_deck(game, card, lrig_id)
    if problem is not None:
        return problem
    assert lrig_id is not None
    problem = _limiting(game, card, card_types(card)) or pay(game, book.use_costs[lrig_id], paid, coins)
    if problem is not None:
        return problem
    _put_away(game, card, lrig_id)
    settle(game)
    return None


def _usable(game: Game, card: Card, places: frozenset[str], opponent: bool) -> Problem | None:
    """A card that can be used (SPELL, ARTS, PIECE, KEY), at a time its timing allows."""
    if card.type not in USE_TYPES:
        return Problem(
            "wrong-card-type", {"card": card.name, "type": type_article(card.type), "action": say("for_use")}
        )
    return timing_problem(game, say("use_of", type=type_article(card.type)), places, opponent)


def timing_problem(game: Game, what: Say, places: frozenset[str], opponent: bool = False) -> Problem | None:
    """May ``what`` come now, where ``places`` (``main``, ``attack``, ``opponent``: gamerules.WHEN)
    allow it? Your main phase; your attack phase before the first attack; the opponent's turn.
    Before your attack phase, a use that only the attack phase allows opens it, unless the record
    opens it itself (``attack_phase``): then the phases are exact and it is refused."""
    state = game.state
    if opponent or state.phase == OPPONENT:
        return opponent_timing(game, what, places) if state.phase == OPPONENT else _untimely(what, now_in(state.phase))
    if state.phase <= MAIN and "main" in places:
        return enter(game, MAIN)
    derived = state.phase <= MAIN and not state.attack_phase_declared
    if "attack" in places and (state.phase == ATTACK or derived):
        problem = enter(game, ATTACK)
        if problem is None and (state.lrig_attacked or any(state.signi_attacked)):
            return _untimely(what, say("now_attacks_begun"))
        return problem
    return _untimely(what, now_in(max(state.phase, MAIN)))


def _untimely(what: Say, now: Say) -> Problem:
    return Problem("phase-order", {"phase": what, "now": now})


def _in_hand(game: Game, kind: int) -> Problem | None:
    if game.state.hand[kind] <= 0:
        return Problem("card-not-in-zone", {"card": game.book.main_name(kind), "zone": zone_name("hand")})
    return None


def _in_lrig_deck(game: Game, card: Card, lrig_id: int | None) -> Problem | None:
    """The card is in the LRIG deck (and a PIECE's condition is met)."""
    assert lrig_id is not None
    if not game.state.lrig_deck[lrig_id]:
        return Problem("card-not-in-zone", {"card": card.name, "zone": zone_name("lrig_deck")})
    return piece_condition(game, lrig_id) if card.type in ("PIECE", "RELAY_PIECE") else None


def _limiting(game: Game, card: Card, limited: frozenset[str]) -> Problem | None:
    """A card limited to LRIG types needs a center of one of them."""
    if not game.rules.limiting_met(limited, game.center_types()):
        return Problem(
            "limiting",
            {
                "card": card.name,
                "types": "/".join(sorted(limited)),
                "center_types": "/".join(sorted(game.center_types())) or "-",
            },
        )
    return None


def _put_away(game: Game, card: Card, lrig_id: int) -> None:
    """Where a used LRIG-deck card goes: a PIECE is removed from the game, a KEY stays in the
    LRIG zone (one at a time: the one before goes to the LRIG trash), an ARTS to the LRIG trash."""
    state = game.state
    state.lrig_deck[lrig_id] = False
    if card.type in ("PIECE", "RELAY_PIECE"):
        state.removed.append(lrig_id)
    elif card.type == "KEY":
        state.lrig_trash.extend(state.lrig_zone_keys)
        state.lrig_zone_keys = [lrig_id]
    else:
        state.lrig_trash.append(lrig_id)


def card_types(card: Card) -> frozenset[str]:
    """The LRIG types a card is limited to (its limiting condition)."""
    return type_keys(card.limiting)


def piece_condition(game: Game, lrig_id: int) -> Problem | None:
    """A PIECE needs the rules' number of LRIGs on the field, and a team PIECE that its team stands there."""
    state, book = game.state, game.book
    card = book.lrig_cards[lrig_id]
    need = game.rules.piece_lrigs
    if game.lrigs_on_field() < need:
        return Problem(
            "piece-condition",
            {"card": card.name, "why": say("piece_lrigs", need=need, have=game.lrigs_on_field())},
        )
    condition = piece_condition_of(card)
    if condition is not None:
        tops = [book.lrig_cards[stack[-1]] for stack in (state.center, *state.assists) if stack]
        why = condition_unmet(condition, tops)
        if why is not None:
            return Problem("piece-condition", {"card": card.name, "why": why})
    return None


def assist_grow(
    game: Game, lrig_id: int, side: int, paid: Sequence[int], coins: int = 0, opponent: bool = False
) -> Problem | None:
    """An assist grows into an ASSIST LRIG one level up, never above the center's level, when the
    card's printed grow timing allows (the main phase; the attack phases for 【アタックフェイズ】)."""
    state, book = game.state, game.book
    problem = timing_problem(game, say("what_assist_grow"), book.lrig_places[lrig_id], opponent)
    if problem is not None:
        return problem
    card = book.lrig_cards[lrig_id]
    if not game.rules.assists or side not in (0, 1) or not state.assists[side]:
        return Problem("assist-grow", {"card": book.lrig_name(lrig_id), "why": say("assist_none")})
    if not state.lrig_deck[lrig_id]:
        return Problem("card-not-in-zone", {"card": card.name, "zone": zone_name("lrig_deck")})
    if card.type != "ASSIST_LRIG":
        return Problem(
            "wrong-card-type", {"card": card.name, "type": type_article(card.type), "action": say("for_assist_grow")}
        )
    if book.lrig_level(lrig_id) > game.center_level():
        return Problem(
            "assist-grow",
            {
                "card": book.lrig_name(lrig_id),
                "why": say("assist_above", level=game.center_level()),
            },
        )
    problem = grow_target(game, state.assists[side][-1], lrig_id)
    if problem is None:
        problem = pay(game, book.grow_costs[lrig_id], paid, coins)
    if problem is not None:
        return problem
    state.lrig_deck[lrig_id] = False
    state.assists[side].append(lrig_id)
    state.came.add((True, lrig_id))
    state.field_changed = True
    settle(game)
    return None


def open_attack_phase(game: Game) -> Problem | None:
    """Your attack phase begins (an ``attack_phase`` event): after the main phase, once."""
    if game.state.phase == ATTACK:
        return Problem("phase-order", {"phase": phase_name(ATTACK), "now": now_in(ATTACK)})
    return enter(game, ATTACK)


def attack(game: Game, zone: int | None) -> Problem | None:
    """Attack phase: a SIGNI (zone 0-2) attacks once, then the center (``zone`` None) once; not on turn 1 first."""
    state = game.state
    problem = enter(game, ATTACK)
    if problem is not None:
        return problem
    if not game.rules.attacks(state.turn, game.first):
        return Problem("attack", {"why": say("attack_first_turn")})
    if zone is None:
        if state.lrig_attacked or not state.center:
            return Problem("attack", {"why": say("attack_lrig_twice")})
        if state.down[CENTER]:
            return Problem("attack", {"why": say("attack_down", target=say("target_lrig"))})
        state.lrig_attacked = state.down[CENTER] = True
        return None
    if not 0 <= zone < len(state.signi_zones) or state.signi_zones[zone] < 0:
        return Problem("attack", {"why": say("attack_empty", zone=zone + 1)})
    if state.lrig_attacked:
        return Problem("attack", {"why": say("attack_signi_after_lrig")})
    if state.signi_attacked[zone]:
        return Problem("attack", {"why": say("attack_signi_twice", zone=zone + 1)})
    if state.down[zone]:
        return Problem("attack", {"why": say("attack_down", target=say("target_zone", zone=zone + 1))})
    state.signi_attacked[zone] = state.down[zone] = True
    return None


def turn(game: Game, index: int, action: str) -> Problem | None:
    """An effect or a cost turns a SIGNI (zone ``index`` 0-2) or the center (:data:`CENTER`) down,
    stands it up, or freezes it (``down``, ``up``, ``freeze``): the card must be there, and a card
    turned down must be up (a cost of turning down is paid with an up card)."""
    state = game.state
    target = say("target_lrig") if index == CENTER else say("target_zone", zone=index + 1)
    there = bool(state.center) if index == CENTER else 0 <= index < 3 and state.signi_zones[index] >= 0
    if not there:
        return Problem("card-state", {"target": target, "why": say("state_empty")})
    if action == "down" and state.down[index]:
        return Problem("card-state", {"target": target, "why": say("state_already_down")})
    if action == "freeze":
        state.frozen[index] = True
    else:
        state.down[index] = action == "down"
    return None

"""The opponent's turn: its attacks against you, the Life Cloth they crush, your guards and Life Bursts.

Like :mod:`..actions`: each takes the game and cards as integers, returns a
:class:`~..state.Problem` when the event is illegal (the state unchanged), else applies it.

A record may declare the opponent's attacks (``attacked``, by a SIGNI or the LRIG, with the
Life Cloth it crushes, 1 unless said): that turn is then exact (each crush belongs to an
attack and stays within its count; a guard answers an LRIG attack, once, before its crush).
A turn without them is derived: each crush is an attack of its own, a guard the one LRIG
attack of the turn. Either way a crush takes the top Life Cloth, and the first player's
first turn has no attack (so no crush and no guard).
"""

from __future__ import annotations

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.state import OPPONENT, Game, Problem, Say, now_in, say, zone_name


def _no_attacks(game: Game) -> bool:
    """Is this opponent's turn the first player's first (you play second: the turn before your turn 1)?"""
    return not game.first and game.state.turn == 0 and not game.rules.first_turn_attack


def _outside(game: Game, what: Say) -> Problem | None:
    state = game.state
    if state.phase != OPPONENT:
        return Problem("phase-order", {"phase": what, "now": now_in(state.phase)})
    return None


def attacked(game: Game, by: str, crushes: int = 1) -> Problem | None:
    """The opponent attacks you with a SIGNI or its LRIG (``by``); it may crush ``crushes`` Life Cloth."""
    problem = _outside(game, say("what_attacked"))
    if problem is not None:
        return problem
    if _no_attacks(game):
        return Problem("attack", {"why": say("attack_first_turn_opponent")})
    state = game.state
    state.opp_attacker, state.opp_crushes, state.opp_crush_total, state.opp_guarded = by, crushes, crushes, False
    return None


def crushed(game: Game, kind: int) -> Problem | None:
    """One of your Life Cloth is crushed: the top one, to the ener zone (through the check zone)."""
    state, book = game.state, game.book
    problem = _outside(game, say("what_crushed"))
    if problem is not None:
        return problem
    if _no_attacks(game):
        return Problem("attack", {"why": say("attack_first_turn_opponent")})
    if state.opp_exact and not state.opp_attacker:
        return Problem("attack", {"why": say("crush_no_attack")})
    if state.opp_exact and state.opp_crushes <= 0:
        why = say("crush_guarded") if state.opp_guarded else say("crush_too_many", crushes=state.opp_crush_total)
        return Problem("attack", {"why": why})
    if kind not in state.life_cloth:
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("life_cloth")})
    top = state.life_cloth[-1]
    if top != kind:
        return Problem("life-cloth-top", {"card": book.main_name(kind), "top": book.main_name(top)})
    state.life_cloth.pop()
    state.ener[kind] += 1
    state.opp_crushes -= 1
    state.crushed_last, state.burst_used = kind, False
    if book.has_burst[kind]:
        game.notes.append(say("note_burst_shown", card=book.main_name(kind)))
    settle(game)
    return None


def guard(game: Game, kind: int) -> Problem | None:
    """Discard a card with 【ガード】 from the hand against an LRIG attack (once an attack, before its crush)."""
    state, book = game.state, game.book
    if state.phase != OPPONENT:
        return Problem("guard", {"card": book.main_name(kind), "why": say("guard_own_turn")})
    why = _guard_problem(game, kind)
    if why is not None:
        return Problem("guard", {"card": book.main_name(kind), "why": why})
    if state.hand[kind] <= 0:
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("hand")})
    state.hand[kind] -= 1
    state.trash[kind] += 1
    state.opp_guarded, state.opp_crushes = True, 0
    state.opp_guards += 1
    settle(game)
    return None


def _guard_problem(game: Game, kind: int) -> Say | None:
    state = game.state
    if not game.book.is_guard[kind]:
        return say("guard_none")
    if _no_attacks(game):
        return say("guard_no_attack")
    if not state.opp_exact:  # derived: the guard is the one LRIG attack of the turn
        return say("guard_twice_turn") if state.opp_guards else None
    if state.opp_attacker != "lrig":
        return say("guard_not_lrig")
    if state.opp_guarded:
        return say("guard_twice")
    if state.opp_crushes < state.opp_crush_total:
        return say("guard_after_crush")
    return None


def burst(game: Game, kind: int) -> Problem | None:
    """The Life Burst of the card just crushed (it must have one; once a crush)."""
    state = game.state
    problem = _outside(game, say("what_burst"))
    if problem is not None:
        return problem
    why = say("burst_not_crushed") if state.crushed_last != kind else say("burst_twice") if state.burst_used else None
    if why is not None:
        return Problem("life-burst", {"card": game.book.main_name(kind), "why": why})
    problem = burst_by(game, kind)
    if problem is None:
        state.burst_used = True
    return problem


def burst_by(game: Game, kind: int) -> Problem | None:
    """A card effect ``by`` the card just crushed is its Life Burst: the card must have one."""
    if not game.book.has_burst[kind]:
        return Problem("life-burst", {"card": game.book.main_name(kind), "why": say("burst_none")})
    return None


def is_burst_source(game: Game, kind: int | None) -> bool:
    """Is ``kind`` the card just crushed on this opponent's turn (its effects are its Life Burst)?"""
    state = game.state
    return kind is not None and state.phase == OPPONENT and kind == state.crushed_last

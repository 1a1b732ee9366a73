"""The opponent's turn: its attacks against you, the Life Cloth they crush, your guards and Life Bursts.

Like :mod:`..actions`: each takes the game and cards as integers, returns a
:class:`~..state.Problem` when the event is illegal (the state unchanged), else applies it.

A record may declare the opponent's attacks (``attacked``, by a SIGNI or the LRIG, with the
Life Cloth it crushes, 1 unless said): that turn is then exact (each crush belongs to an
attack and stays within its count; a guard answers an LRIG attack, once, before its crush).
A turn without them is derived: each crush is an attack of its own, a guard the one LRIG
attack of the turn. Either way a crush takes the top Life Cloth, and the first player's
first turn has no attack (so no crush and no guard).

When the opponent's turn allows your card (formats/play-rules.yaml ``opponent_attack_step``,
``spell_cut_in_exact``): a 【アタックフェイズ】 ARTS or ability, or an assist grow of that timing, in
its attack phase before its first attack (opened by ``opponent_phase``, else by the first such
use; the first ``attacked``, crush or guard ends it); a 【スペルカットイン】 against its SPELL (right
after an ``opponent_spell`` where the turn declares them, else in its main phase, the only phase
it uses a SPELL in).
"""

from __future__ import annotations

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.state import OPPONENT, Game, Problem, Say, now_in, say, zone_name

#: The parts of the opponent's turn (State.opp_phase): its main phase, its attack phase before the attacks, the attacks.
OPP_MAIN, OPP_ATTACK, OPP_ATTACKS = range(3)


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
    state.opp_phase = OPP_ATTACKS
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
    state.crushed_last, state.burst_used, state.opp_phase = kind, False, OPP_ATTACKS
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
    state.opp_guarded, state.opp_crushes, state.opp_phase = True, 0, OPP_ATTACKS
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


def attack_phase(game: Game) -> Problem | None:
    """The opponent's attack phase begins (``opponent_phase``): once, before its attacks (none on the
    first player's turn 1)."""
    what = say("what_opponent_phase")
    problem = _outside(game, what)
    if problem is None and (_no_attacks(game) or game.state.opp_phase != OPP_MAIN):
        problem = Problem("phase-order", {"phase": what, "now": _opp_now(game)})
    if problem is None:
        game.state.opp_phase = OPP_ATTACK
    return problem


def spell(game: Game) -> Problem | None:
    """The opponent uses a SPELL (``opponent_spell``): in its main phase; a 【スペルカットイン】 may answer it."""
    what = say("what_opponent_spell")
    problem = _outside(game, what)
    if problem is None and game.state.opp_phase != OPP_MAIN:
        problem = Problem("phase-order", {"phase": what, "now": _opp_now(game)})
    if problem is None:
        game.state.opp_spell_open = True
    return problem


def timing(game: Game, what: Say, places: frozenset[str]) -> Problem | None:
    """May your ``what`` come now on the opponent's turn, where ``places`` (gamerules.WHEN) allow it?"""
    rules = game.rules
    if "opponent" in places:  # a timing the pool does not know: anywhere in the opponent's turn
        return None
    if "opponent_spell" in places and (_answers_spell(game) or not rules.spell_cut_in_exact):
        return None
    if "opponent_attack" in places and (_in_arts_step(game) or not rules.opponent_attack_step):
        return None
    return Problem("phase-order", {"phase": what, "now": _opp_now(game)})


def _answers_spell(game: Game) -> bool:
    """Is an opponent's SPELL being used: just declared, or (a turn that declares none) its main phase?"""
    state = game.state
    return state.opp_spell_open if state.opp_spells_declared else state.opp_phase == OPP_MAIN


def _in_arts_step(game: Game) -> bool:
    """Is it the opponent's attack phase before its attacks? In a turn that does not open it
    (``opponent_phase``) this use opens it (derived)."""
    state = game.state
    if _no_attacks(game) or state.opp_phase == OPP_ATTACKS:
        return False
    if state.opp_phase == OPP_ATTACK or not state.opp_phase_declared:
        state.opp_phase = OPP_ATTACK
        return True
    return False


def _opp_now(game: Game) -> Say:
    """Where the opponent's turn is, as a WX305 message says it."""
    state = game.state
    if _no_attacks(game) and state.opp_phase == OPP_MAIN:
        return say("now_opp_no_attack_phase")
    return say(("now_opp_main", "now_opp_attack", "now_opp_attacks")[state.opp_phase])

"""Main-phase, attack and opponent's-turn actions, and the moves card effects declare.

Like :mod:`.phases`: each takes the game and cards as integers, returns a
:class:`~.state.Problem` when the action is illegal (the state unchanged), else applies
it and the continuous rules and returns None.
"""

from __future__ import annotations

from collections.abc import Sequence

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.phases import enter, grow_target, pay, take_top
from wixoss_deckcheck.engine.game.play_rules import condition_unmet, piece_condition_of
from wixoss_deckcheck.engine.game.state import ATTACK, MAIN, OPPONENT, PHASE_NAMES, Game, Problem
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.normalize import type_keys

USE_TYPES = ("SPELL", "ARTS", "PIECE", "RELAY_PIECE", "KEY")


def place(game: Game, kind: int, zone: int) -> Problem | None:
    """Main phase: a SIGNI from the hand into an empty zone, within the center's level and the limit."""
    state, book = game.state, game.book
    problem = enter(game, MAIN)
    if problem is not None:
        return problem
    if not book.is_signi[kind]:
        return Problem(
            "wrong-card-type",
            {"card": book.main_name(kind), "type": book.main_cards[kind].type, "action": "placing on the field"},
        )
    if state.hand[kind] <= 0:
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": "hand"})
    if not 0 <= zone < len(state.signi_zones) or state.signi_zones[zone] >= 0:
        return Problem("zone-occupied", {"zone": zone + 1, "zones": len(state.signi_zones)})
    level, top = book.signi_levels[kind], game.center_level()
    if level > top:
        return Problem("signi-level", {"card": book.main_name(kind), "level": level, "center": top})
    if game.field_levels() + level > game.limit():
        return Problem(
            "signi-limit", {"card": book.main_name(kind), "total": game.field_levels() + level, "limit": game.limit()}
        )
    if not game.limiting_ok(kind):
        return Problem(
            "limiting",
            {
                "card": book.main_name(kind),
                "types": "/".join(sorted(book.limiting_types[kind])),
                "center_types": "/".join(sorted(game.center_types())) or "-",
            },
        )
    state.hand[kind] -= 1
    state.signi_zones[zone] = kind
    settle(game)
    return None


def active_trash(game: Game, kinds: Sequence[int]) -> Problem | None:
    """Main phase, once a turn: SIGNI of the field to the trash (at most the dated number)."""
    state, book, rules = game.state, game.book, game.rules
    problem = enter(game, MAIN)
    if problem is not None:
        return problem
    if state.active_trash:
        return Problem("once-per-turn", {"what": "active trash", "most": 1})
    if not 1 <= len(kinds) <= rules.active_trash_max:
        return Problem("active-trash", {"got": len(kinds), "most": rules.active_trash_max})
    zones = list(state.signi_zones)
    for kind in kinds:
        if kind not in zones:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": "field"})
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
        _usable(game, card, opponent)
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
    problem = _usable(game, card, opponent) or _in_lrig_deck(game, card, lrig_id)
    if problem is not None:
        return problem
    assert lrig_id is not None
    problem = _limiting(game, card, card_types(card)) or pay(game, book.use_costs[lrig_id], paid, coins)
    if problem is not None:
        return problem
    _put_away(game, card, lrig_id)
    settle(game)
    return None


def _usable(game: Game, card: Card, opponent: bool) -> Problem | None:
    """A card that can be used (SPELL, ARTS, PIECE, KEY), at a time it may be used."""
    if card.type not in USE_TYPES:
        return Problem("wrong-card-type", {"card": card.name, "type": card.type, "action": "use"})
    return _use_timing(game, card.type, opponent)


def _use_timing(game: Game, card_type: str, opponent: bool) -> Problem | None:
    """A SPELL, PIECE or KEY in your main phase; an ARTS in the main phase, before the attacks,
    or in the opponent's turn."""
    state = game.state
    if opponent or state.phase == OPPONENT:
        if card_type != "ARTS" or state.phase != OPPONENT:
            return Problem("phase-order", {"phase": f"use of a {card_type}", "now": PHASE_NAMES[state.phase]})
        return None
    return _own_turn_timing(game, card_type)


def _own_turn_timing(game: Game, card_type: str) -> Problem | None:
    state = game.state
    problem = enter(game, MAIN if card_type != "ARTS" else max(MAIN, min(state.phase, ATTACK)))
    if problem is not None:
        return problem
    if card_type != "ARTS" and state.phase != MAIN:
        return Problem("phase-order", {"phase": f"use of a {card_type}", "now": PHASE_NAMES[state.phase]})
    if state.phase == ATTACK and (state.lrig_attacked or any(state.signi_attacked)):  # ARTS come before the attacks
        return Problem("phase-order", {"phase": "use of an ARTS", "now": "the attacks have begun"})
    return None


def _in_hand(game: Game, kind: int) -> Problem | None:
    if game.state.hand[kind] <= 0:
        return Problem("card-not-in-zone", {"card": game.book.main_name(kind), "zone": "hand"})
    return None


def _in_lrig_deck(game: Game, card: Card, lrig_id: int | None) -> Problem | None:
    """The card is in the LRIG deck (and a PIECE's condition is met)."""
    assert lrig_id is not None
    if not game.state.lrig_deck[lrig_id]:
        return Problem("card-not-in-zone", {"card": card.name, "zone": "LRIG deck"})
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
            {"card": card.name, "why": f"it needs {need} LRIGs on the field, there are {game.lrigs_on_field()}"},
        )
    condition = piece_condition_of(card)
    if condition is not None:
        tops = [book.lrig_cards[stack[-1]] for stack in (state.center, *state.assists) if stack]
        why = condition_unmet(condition, tops)
        if why is not None:
            return Problem("piece-condition", {"card": card.name, "why": why})
    return None


def assist_grow(game: Game, lrig_id: int, side: int, paid: Sequence[int], coins: int = 0) -> Problem | None:
    """Main phase: an assist grows into an ASSIST LRIG one level up, never above the center's level."""
    state, book = game.state, game.book
    problem = enter(game, MAIN)
    if problem is not None:
        return problem
    card = book.lrig_cards[lrig_id]
    if not game.rules.assists or side not in (0, 1) or not state.assists[side]:
        return Problem("assist-grow", {"card": book.lrig_name(lrig_id), "why": "there is no assist on that side"})
    if not state.lrig_deck[lrig_id]:
        return Problem("card-not-in-zone", {"card": card.name, "zone": "LRIG deck"})
    if card.type != "ASSIST_LRIG":
        return Problem("wrong-card-type", {"card": card.name, "type": card.type, "action": "an assist grow"})
    if book.lrig_level(lrig_id) > game.center_level():
        return Problem(
            "assist-grow",
            {
                "card": book.lrig_name(lrig_id),
                "why": f"an assist is never above the center's level {game.center_level()}",
            },
        )
    problem = grow_target(game, state.assists[side][-1], lrig_id)
    if problem is None:
        problem = pay(game, book.grow_costs[lrig_id], paid, coins)
    if problem is not None:
        return problem
    state.lrig_deck[lrig_id] = False
    state.assists[side].append(lrig_id)
    state.field_changed = True
    settle(game)
    return None


def attack(game: Game, zone: int | None) -> Problem | None:
    """Attack phase: a SIGNI (zone 0-2) attacks once, then the center (``zone`` None) once; not on turn 1 first."""
    state = game.state
    problem = enter(game, ATTACK)
    if problem is not None:
        return problem
    if not game.rules.attacks(state.turn, game.first):
        return Problem("attack", {"why": "the first player skips the attack phase of turn 1"})
    if zone is None:
        if state.lrig_attacked or not state.center:
            return Problem("attack", {"why": "the center LRIG has already attacked this turn"})
        state.lrig_attacked = True
        return None
    if not 0 <= zone < len(state.signi_zones) or state.signi_zones[zone] < 0:
        return Problem("attack", {"why": f"there is no SIGNI in zone {zone + 1}"})
    if state.lrig_attacked:
        return Problem("attack", {"why": "SIGNI attack before the LRIG attack step"})
    if state.signi_attacked[zone]:
        return Problem("attack", {"why": f"the SIGNI in zone {zone + 1} has already attacked"})
    state.signi_attacked[zone] = True
    return None


def guard(game: Game, kind: int) -> Problem | None:
    """The opponent's turn: discard a card with 【ガード】 from the hand against an LRIG attack."""
    state, book = game.state, game.book
    if state.phase != OPPONENT:
        return Problem("guard", {"card": book.main_name(kind), "why": "a guard is made on the opponent's turn"})
    if not book.is_guard[kind]:
        return Problem("guard", {"card": book.main_name(kind), "why": "it has no 【ガード】"})
    if state.hand[kind] <= 0:
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": "hand"})
    state.hand[kind] -= 1
    state.trash[kind] += 1
    settle(game)
    return None


def crushed(game: Game, kind: int) -> Problem | None:
    """The opponent's turn: one of your Life Cloth is crushed (check zone, then ener)."""
    state, book = game.state, game.book
    if state.phase != OPPONENT:
        return Problem("phase-order", {"phase": "a crushed Life Cloth", "now": PHASE_NAMES[state.phase]})
    if not take_top(state.life_cloth, kind):
        return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": "Life Cloth"})
    state.ener[kind] += 1
    if book.has_burst[kind]:
        game.notes.append(f"Life Burst shown: {book.main_name(kind)}")
    settle(game)
    return None

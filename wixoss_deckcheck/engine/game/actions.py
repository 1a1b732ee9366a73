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

USE_TYPES = ("SPELL", "ARTS", "PIECE", "RELAY_PIECE", "KEY")


def place(game: Game, kind: int, zone: int) -> Problem | None:
    """Main phase: a SIGNI from the hand into an empty zone, within the center's level and the limit."""
    s, book = game.state, game.book
    problem = enter(game, MAIN)
    if problem is not None:
        return problem
    if not book.signi[kind]:
        return Problem(
            "wrong-card-type", {"card": book.name(kind), "type": book.main[kind].type, "action": "placing on the field"}
        )
    if s.hand[kind] <= 0:
        return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "hand"})
    if not 0 <= zone < len(s.zones) or s.zones[zone] >= 0:
        return Problem("zone-occupied", {"zone": zone + 1, "zones": len(s.zones)})
    level, top = book.level[kind], game.center_level()
    if level > top:
        return Problem("signi-level", {"card": book.name(kind), "level": level, "center": top})
    if game.field_levels() + level > game.limit():
        return Problem(
            "signi-limit", {"card": book.name(kind), "total": game.field_levels() + level, "limit": game.limit()}
        )
    if not game.limiting_ok(kind):
        return Problem(
            "limiting",
            {
                "card": book.name(kind),
                "types": "/".join(sorted(book.limiting[kind])),
                "center_types": "/".join(sorted(game.center_types())) or "-",
            },
        )
    s.hand[kind] -= 1
    s.zones[zone] = kind
    settle(game)
    return None


def active_trash(game: Game, kinds: Sequence[int]) -> Problem | None:
    """Main phase, once a turn: SIGNI of the field to the trash (at most the dated number)."""
    s, book, rules = game.state, game.book, game.rules
    problem = enter(game, MAIN)
    if problem is not None:
        return problem
    if s.active_trash:
        return Problem("once-per-turn", {"what": "active trash", "most": 1})
    if not 1 <= len(kinds) <= rules.active_trash_max:
        return Problem("active-trash", {"got": len(kinds), "most": rules.active_trash_max})
    zones = list(s.zones)
    for kind in kinds:
        if kind not in zones:
            return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "field"})
        zones[zones.index(kind)] = -1
    for zone, (before, after) in enumerate(zip(s.zones, zones, strict=False)):
        if before >= 0 and after < 0:
            s.trash[before] += 1
            for card in s.under[zone]:
                s.trash[card] += 1
            s.under[zone] = []
    s.zones = zones
    s.active_trash = True
    settle(game)
    return None


def use(
    game: Game, main_kind: int | None, lid: int | None, paid: Sequence[int], coins: int = 0, opponent: bool = False
) -> Problem | None:
    """Use a SPELL from the hand, or an ARTS, PIECE or KEY from the LRIG deck, paying its cost exactly."""
    s, book = game.state, game.book
    card = book.main[main_kind] if main_kind is not None else book.lrig[lid or 0]
    if card.type not in USE_TYPES:
        return Problem("wrong-card-type", {"card": card.name, "type": card.type, "action": "use"})
    if opponent or s.phase == OPPONENT:
        if card.type != "ARTS" or s.phase != OPPONENT:
            return Problem("phase-order", {"phase": f"use of a {card.type}", "now": PHASE_NAMES[s.phase]})
    else:
        problem = enter(game, MAIN if card.type != "ARTS" else max(MAIN, min(s.phase, ATTACK)))
        if problem is not None:
            return problem
        if card.type != "ARTS" and s.phase != MAIN:
            return Problem("phase-order", {"phase": f"use of a {card.type}", "now": PHASE_NAMES[s.phase]})
        if s.phase == ATTACK and (s.lrig_attacked or any(s.attacked)):  # ARTS come in the step before attacks
            return Problem("phase-order", {"phase": "use of an ARTS", "now": "the attacks have begun"})
    if main_kind is not None:
        if s.hand[main_kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.name(main_kind), "zone": "hand"})
        limited, cost = book.limiting[main_kind], book.cost[main_kind]
    else:
        assert lid is not None
        if not s.lrig_deck[lid]:
            return Problem("card-not-in-zone", {"card": card.name, "zone": "LRIG deck"})
        limited, cost = frozenset(card_types(card)), book.use[lid]
        problem = piece_condition(game, lid) if card.type in ("PIECE", "RELAY_PIECE") else None
        if problem is not None:
            return problem
    if limited and not limited & game.center_types():
        return Problem(
            "limiting",
            {
                "card": card.name,
                "types": "/".join(sorted(limited)),
                "center_types": "/".join(sorted(game.center_types())) or "-",
            },
        )
    problem = pay(game, cost, paid, coins)
    if problem is not None:
        return problem
    if main_kind is not None:
        s.hand[main_kind] -= 1
        s.trash[main_kind] += 1
    else:
        assert lid is not None
        s.lrig_deck[lid] = False
        if card.type in ("PIECE", "RELAY_PIECE"):
            s.removed.append(lid)  # a used PIECE is removed from the game
        elif card.type == "KEY":
            s.lrig_trash.extend(s.keys)  # one KEY at a time: the one before goes to the LRIG trash
            s.keys = [lid]
        else:
            s.lrig_trash.append(lid)
    settle(game)
    return None


def card_types(card) -> frozenset[str]:
    """The LRIG types a card is limited to (its limiting condition)."""
    from wixoss_deckcheck.pool.normalize import type_keys

    return type_keys(card.limiting)


def piece_condition(game: Game, lid: int) -> Problem | None:
    """A PIECE needs the rules' number of LRIGs on the field, and a team PIECE that its team stands there."""
    s, book = game.state, game.book
    card = book.lrig[lid]
    need = game.rules.piece_lrigs
    if game.lrigs_on_field() < need:
        return Problem(
            "piece-condition",
            {"card": card.name, "why": f"it needs {need} LRIGs on the field, there are {game.lrigs_on_field()}"},
        )
    condition = piece_condition_of(card)
    if condition is not None:
        tops = [book.lrig[stack[-1]] for stack in (s.center, *s.assists) if stack]
        why = condition_unmet(condition, tops)
        if why is not None:
            return Problem("piece-condition", {"card": card.name, "why": why})
    return None


def assist_grow(game: Game, lid: int, side: int, paid: Sequence[int], coins: int = 0) -> Problem | None:
    """Main phase: an assist grows into an ASSIST LRIG one level up, never above the center's level."""
    s, book = game.state, game.book
    problem = enter(game, MAIN)
    if problem is not None:
        return problem
    card = book.lrig[lid]
    if not game.rules.assists or side not in (0, 1) or not s.assists[side]:
        return Problem("assist-grow", {"card": book.lname(lid), "why": "there is no assist on that side"})
    if not s.lrig_deck[lid]:
        return Problem("card-not-in-zone", {"card": card.name, "zone": "LRIG deck"})
    if card.type != "ASSIST_LRIG":
        return Problem("wrong-card-type", {"card": card.name, "type": card.type, "action": "an assist grow"})
    if book.llevel(lid) > game.center_level():
        return Problem(
            "assist-grow",
            {"card": book.lname(lid), "why": f"an assist is never above the center's level {game.center_level()}"},
        )
    problem = grow_target(game, s.assists[side][-1], lid)
    if problem is None:
        problem = pay(game, book.grow[lid], paid, coins)
    if problem is not None:
        return problem
    s.lrig_deck[lid] = False
    s.assists[side].append(lid)
    s.dirty = True
    settle(game)
    return None


def attack(game: Game, zone: int | None) -> Problem | None:
    """Attack phase: a SIGNI (zone 0-2) attacks once, then the center (``zone`` None) once; not on turn 1 first."""
    s = game.state
    problem = enter(game, ATTACK)
    if problem is not None:
        return problem
    if not game.rules.attacks(s.turn, game.first):
        return Problem("attack", {"why": "the first player skips the attack phase of turn 1"})
    if zone is None:
        if s.lrig_attacked or not s.center:
            return Problem("attack", {"why": "the center LRIG has already attacked this turn"})
        s.lrig_attacked = True
        return None
    if not 0 <= zone < len(s.zones) or s.zones[zone] < 0:
        return Problem("attack", {"why": f"there is no SIGNI in zone {zone + 1}"})
    if s.lrig_attacked:
        return Problem("attack", {"why": "SIGNI attack before the LRIG attack step"})
    if s.attacked[zone]:
        return Problem("attack", {"why": f"the SIGNI in zone {zone + 1} has already attacked"})
    s.attacked[zone] = True
    return None


def guard(game: Game, kind: int) -> Problem | None:
    """The opponent's turn: discard a card with 【ガード】 from the hand against an LRIG attack."""
    s, book = game.state, game.book
    if s.phase != OPPONENT:
        return Problem("guard", {"card": book.name(kind), "why": "a guard is made on the opponent's turn"})
    if not book.guard[kind]:
        return Problem("guard", {"card": book.name(kind), "why": "it has no 【ガード】"})
    if s.hand[kind] <= 0:
        return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "hand"})
    s.hand[kind] -= 1
    s.trash[kind] += 1
    settle(game)
    return None


def crushed(game: Game, kind: int) -> Problem | None:
    """The opponent's turn: one of your Life Cloth is crushed (check zone, then ener)."""
    s, book = game.state, game.book
    if s.phase != OPPONENT:
        return Problem("phase-order", {"phase": "a crushed Life Cloth", "now": PHASE_NAMES[s.phase]})
    if not take_top(s.life, kind):
        return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "Life Cloth"})
    s.ener[kind] += 1
    if book.burst[kind]:
        game.notes.append(f"Life Burst shown: {book.name(kind)}")
    settle(game)
    return None

"""The turn structure and its phase actions: setup, draw, ener, grow and end.

Every action takes the game and the cards as integers (see :mod:`.state`), checks it
against the rules in force, and returns a :class:`~.state.Problem` when it is illegal
(the state is then left as it was) or None after applying it and the continuous rules.
Main-phase, attack and opponent's-turn actions are in :mod:`.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.gamerules import grow_problem
from wixoss_deckcheck.engine.game.payment import Cost, cost_parts, matches
from wixoss_deckcheck.engine.game.state import (
    DRAW,
    END,
    ENER,
    GROW,
    OPPONENT,
    SETUP,
    UP,
    Game,
    Problem,
    Say,
    now_in,
    phase_name,
    say,
    type_article,
    zone_name,
)

# -- helpers shared by the actions -------------------------------------------------------


def take_top(cards: list[int], kind: int) -> bool:
    """Remove the topmost copy of ``kind`` from an ordered zone (the top is the end)."""
    for i in range(len(cards) - 1, -1, -1):
        if cards[i] == kind:
            del cards[i]
            return True
    return False


def enter(game: Game, phase: int) -> Problem | None:
    """Move to ``phase`` of the own turn; going back to an earlier phase is illegal."""
    state = game.state
    if state.phase == SETUP or state.phase == OPPONENT:
        return Problem("phase-order", {"phase": phase_name(phase), "now": now_in(state.phase)})
    if state.ended and phase != END:
        return Problem("turn-ended", {"phase": phase_name(phase)})
    if phase < state.phase:
        return Problem("phase-order", {"phase": phase_name(phase), "now": now_in(state.phase)})
    if phase > DRAW and not state.drew:
        state.drew = True  # said once: the draw phase passed without its draw
        due = min(game.rules.draws(state.turn, game.first), len(state.deck))
        if due:
            game.missed.append(Problem("wrong-count", {"what": say("what_draw"), "due": due, "got": 0}))
    state.phase = phase
    return None


def pay(game: Game, cost: Cost, paid: Sequence[int], coins: int) -> Problem | None:
    """Check that ``paid`` (ener kinds) and ``coins`` pay ``cost`` exactly; then pay it."""
    state, book = game.state, game.book
    have = list(state.ener)
    for kind in paid:
        if kind < 0 or have[kind] <= 0:
            return Problem(
                "card-not-in-zone", {"card": book.main_name(kind) if kind >= 0 else "?", "zone": zone_name("ener")}
            )
        have[kind] -= 1
    if coins != cost.coins or coins > state.coins:
        return Problem(
            "payment",
            {
                "cost": cost_words(cost),
                "paid": _paid_words(game, paid, coins),
                "why": say("why_coins", due=cost.coins, paid=coins, have=state.coins),
            },
        )
    if not matches(cost, [book.colour_masks[k] for k in paid]):
        why = say("why_cards", due=cost.cards, paid=len(paid)) if len(paid) != cost.cards else say("why_colours")
        return Problem("payment", {"cost": cost_words(cost), "paid": _paid_words(game, paid, coins), "why": why})
    for kind in paid:
        state.ener[kind] -= 1
        state.trash[kind] += 1
    state.coins -= coins
    return None


def cost_words(cost: Cost) -> Say | list[Say]:
    """A cost as the catalogues word it: ``white 2, colourless 1, coin 1`` (``free`` for nothing)."""
    parts = [
        say("cost_part", colour=say("either", items=[_symbol(c) for c in colours]), count=count)
        for colours, count in cost_parts(cost)
    ]
    return parts or say("cost_free")


def _symbol(colour: str) -> Say:
    return say("coin") if colour == "coin" else Say("colour:" + colour)


def _paid_words(game: Game, paid: Sequence[int], coins: int) -> Say | list[Any]:
    parts: list[Any] = [game.book.main_cards[k].name for k in paid if k >= 0] + [say("coin")] * coins
    return parts or say("paid_nothing")


# -- setup -----------------------------------------------------------------------------


def start(game: Game, center: int, assists: Sequence[int]) -> Problem | None:
    """Put the starting LRIGs on the field: a level-0 LRIG as the center, 0 or 2 level-0 assists."""
    state, book, rules = game.state, game.book, game.rules
    count = 1 + len(assists)
    if count not in rules.start_counts:
        return Problem(
            "start-illegal",
            {"why": say("start_count", count=count, allowed=say("either", items=list(rules.start_counts)))},
        )
    for lrig_id in (center, *assists):
        card = book.lrig_cards[lrig_id]
        if not state.lrig_deck[lrig_id]:
            return Problem("start-illegal", {"why": say("start_twice", card=card.name)})
        if not card.is_lrig or card.level != 0:
            return Problem("start-illegal", {"why": say("start_not_level0", card=book.lrig_name(lrig_id))})
        state.lrig_deck[lrig_id] = False
    if book.lrig_cards[center].type != "LRIG":
        return Problem("start-illegal", {"why": say("start_assist_center", card=book.lrig_name(center))})
    state.center = [center]
    state.field_changed = True
    state.assists = [[a] for a in assists] if assists else [[], []]
    settle(game)
    return None


def setup_draw(game: Game, kinds: Sequence[int]) -> Problem | None:
    """The opening hand."""
    state, rules = game.state, game.rules
    if state.phase != SETUP or state.setup_draws:
        return Problem("phase-order", {"phase": say("what_opening_hand"), "now": say("now_hand_drawn")})
    if len(kinds) != rules.opening_hand:
        return Problem("wrong-count", {"what": say("what_opening_hand"), "due": rules.opening_hand, "got": len(kinds)})
    problem = _from_deck(game, kinds)
    if problem is None:
        state.setup_draws = 1
    return problem


def mulligan(game: Game, returned: Sequence[int], drawn: Sequence[int]) -> Problem | None:
    """Return cards, shuffle, draw as many (once, before the Life Cloth)."""
    state, book = game.state, game.book
    if state.phase != SETUP or not state.setup_draws or state.life_dealt:
        return Problem(
            "phase-order",
            {"phase": say("what_mulligan"), "now": say("now_after_life" if state.life_dealt else "now_before_hand")},
        )
    if state.mulligans >= game.rules.mulligans:
        return Problem("once-per-turn", {"what": say("what_mulligan"), "most": game.rules.mulligans})
    if len(returned) != len(drawn):
        return Problem("wrong-count", {"what": say("what_mulligan_cards"), "due": len(returned), "got": len(drawn)})
    hand = list(state.hand)
    for kind in returned:
        if hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("hand")})
        hand[kind] -= 1
    state.hand = hand
    state.deck.extend(returned)
    game.shuffle(state.deck)
    problem = _from_deck(game, drawn)
    if problem is not None:
        for kind in returned:  # undo the return
            take_top(state.deck, kind)
            state.hand[kind] += 1
        return problem
    state.mulligans += 1
    return None


def deal_life(game: Game, kinds: Sequence[int]) -> Problem | None:
    """The Life Cloth from the top of the deck; ``kinds`` top first."""
    state, rules, book = game.state, game.rules, game.book
    if state.phase != SETUP or not state.setup_draws or state.life_dealt:
        return Problem(
            "phase-order",
            {"phase": zone_name("life_cloth"), "now": say("now_setup_done" if state.life_dealt else "now_before_hand")},
        )
    if len(kinds) != rules.life_cloth:
        return Problem("wrong-count", {"what": zone_name("life_cloth"), "due": rules.life_cloth, "got": len(kinds)})
    deck = list(state.deck)
    for kind in kinds:
        if not take_top(deck, kind):
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("deck")})
    state.deck = deck
    state.life_cloth = list(reversed(kinds))
    state.life_dealt = True
    return None


def _from_deck(game: Game, kinds: Sequence[int]) -> Problem | None:
    """Move ``kinds`` from the deck to the hand, all or none."""
    state = game.state
    deck = list(state.deck)
    for kind in kinds:
        if not take_top(deck, kind):
            return Problem("card-not-in-zone", {"card": game.book.main_name(kind), "zone": zone_name("deck")})
    state.deck = deck
    for kind in kinds:
        state.hand[kind] += 1
    return None


# -- the turn --------------------------------------------------------------------------


def begin_turn(game: Game, turn: int) -> Problem | None:
    """Close the previous turn (an unrecorded end phase must not need discards) and start ``turn``."""
    state = game.state
    if state.phase == SETUP and not state.life_dealt:
        return Problem("phase-order", {"phase": say("turn_n", turn=turn), "now": say("now_no_life")})
    problem = None
    if state.phase not in (SETUP, OPPONENT, UP) and state.phase < END:
        problem = end(game, ())
    state.new_turn(turn)
    state.attack_phase_declared = turn in game.attack_phase_turns
    return problem


def to_opponent(game: Game) -> Problem | None:
    """The opponent's turn begins (the own turn's end phase runs if it was not recorded)."""
    state = game.state
    problem = None
    if state.phase not in (SETUP, OPPONENT) and state.phase < END:
        problem = end(game, ())
    turn = state.turn
    declared = (turn in game.opponent_phase_turns, turn in game.opponent_spell_turns)
    state.new_opponent_turn(turn in game.attacked_turns, *declared)
    return problem


def draw(game: Game, kinds: Sequence[int]) -> Problem | None:
    """The draw phase: the rules' number of cards, fewer only when the deck runs out."""
    state = game.state
    problem = enter(game, DRAW)
    if problem is not None:
        return problem
    if state.drew:
        return Problem("once-per-turn", {"what": phase_name(DRAW), "most": 1})
    due = min(game.rules.draws(state.turn, game.first), len(state.deck))
    state.drew = True  # the draw phase is over: a wrong draw is reported here, not again at the next action
    if len(kinds) != due:
        return Problem("wrong-count", {"what": say("what_draw"), "due": due, "got": len(kinds)})
    problem = _from_deck(game, kinds)
    if problem is None:
        settle(game)
    return problem


def charge(game: Game, kind: int, from_field: bool = False) -> Problem | None:
    """The ener phase: 1 card from the hand, or 1 SIGNI from the field."""
    state, book = game.state, game.book
    problem = enter(game, ENER)
    if problem is not None:
        return problem
    if state.charged >= game.rules.charges_per_turn:
        return Problem("once-per-turn", {"what": say("what_charge"), "most": game.rules.charges_per_turn})
    if from_field:
        if kind not in state.signi_zones:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("field")})
        zone = state.signi_zones.index(kind)
        for card in state.under_signi[zone]:
            state.trash[card] += 1
        state.signi_zones[zone] = -1
        state.under_signi[zone] = []
    else:
        if state.hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("hand")})
        state.hand[kind] -= 1
    state.ener[kind] += 1
    state.charged += 1
    settle(game)
    return None


def grow(game: Game, lrig_id: int, paid: Sequence[int], coins: int = 0, by: bool = False) -> Problem | None:
    """The grow phase: the center, once, to an LRIG the rules allow, its grow cost paid exactly.
    ``by`` an effect: at the time the effect says, not counted as the turn's grow, and free unless
    the record pays (then the grow cost exactly)."""
    state, book, _rules = game.state, game.book, game.rules
    problem = None if by else enter(game, GROW)
    if problem is not None:
        return problem
    card = book.lrig_cards[lrig_id]
    if state.grew and not by:
        return Problem("once-per-turn", {"what": say("what_grow"), "most": 1})
    if not state.lrig_deck[lrig_id]:
        return Problem("card-not-in-zone", {"card": card.name, "zone": zone_name("lrig_deck")})
    if card.type != "LRIG":
        return Problem(
            "wrong-card-type", {"card": card.name, "type": type_article(card.type), "action": say("for_center_grow")}
        )
    problem = grow_target(game, state.center[-1] if state.center else None, lrig_id)
    if problem is not None:
        return problem
    problem = None if by and not paid and not coins else pay(game, book.grow_costs[lrig_id], paid, coins)
    if problem is not None:
        return problem
    state.lrig_deck[lrig_id] = False
    state.center.append(lrig_id)
    state.came.add((True, lrig_id))
    state.field_changed = True
    state.grew = state.grew or not by
    settle(game)
    return None


def grow_target(game: Game, below: int | None, lrig_id: int) -> Problem | None:
    """May the LRIG ``below`` grow into ``lrig_id`` (levels by the dated rules, a shared LRIG type, printed limits)?"""
    book, rules = game.book, game.rules
    key = (below, lrig_id, rules.grow_min_up, rules.grow_max_up)
    why = book.grow_problem_memo.get(key, "?")
    if why == "?":  # the same pair always gets the same answer under one game's rules
        why = book.grow_problem_memo[key] = grow_problem(
            book.lrig_cards[below] if below is not None else None, book.lrig_cards[lrig_id], rules
        )
    if why is None:
        return None
    before = book.lrig_level(below) if below is not None else 0
    if why == "level":
        allowed = (
            say("level_n", level=before + 1)
            if rules.grow_min_up == 1
            else say("level_n_or_lower", level=before + rules.grow_max_up)
        )
        return Problem("grow-level", {"card": book.lrig_name(lrig_id), "from_level": before, "allowed": allowed})
    if why == "type":
        return Problem(
            "grow-type",
            {
                "card": book.lrig_name(lrig_id),
                "types": "/".join(sorted(book.lrig_types[lrig_id])) or "-",
                "center_types": "/".join(sorted(book.lrig_types[below])) if below is not None else "-",
            },
        )
    return Problem(
        "grow-restriction",
        {"card": book.lrig_name(lrig_id), "below": book.lrig_name(below) if below is not None else "-"},
    )


def end(game: Game, discards: Sequence[int]) -> Problem | None:
    """The end phase: discard down to the hand limit, exactly."""
    state, book = game.state, game.book
    if state.phase == OPPONENT or state.phase == SETUP:
        return Problem("phase-order", {"phase": phase_name(END), "now": now_in(state.phase)})
    state.phase = END
    due = max(0, sum(state.hand) - game.rules.hand_limit)
    if len(discards) != due:
        problem = Problem(
            "hand-limit", {"hand": sum(state.hand), "limit": game.rules.hand_limit, "due": due, "got": len(discards)}
        )
        if len(discards) > due:
            return problem
    else:
        problem = None
    hand = list(state.hand)
    for kind in discards:
        if hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("hand")})
        hand[kind] -= 1
    for kind in discards:
        state.trash[kind] += 1
    state.hand = hand
    settle(game)
    return problem


__all__ = [
    "UP",
    "begin_turn",
    "charge",
    "deal_life",
    "draw",
    "end",
    "enter",
    "grow",
    "grow_target",
    "mulligan",
    "pay",
    "setup_draw",
    "start",
    "take_top",
    "to_opponent",
]

"""The turn structure and its phase actions: setup, draw, ener, grow and end.

Every action takes the game and the cards as integers (see :mod:`.state`), checks it
against the rules in force, and returns a :class:`~.state.Problem` when it is illegal
(the state is then left as it was) or None after applying it and the continuous rules.
Main-phase, attack and opponent's-turn actions are in :mod:`.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.gamerules import grow_problem
from wixoss_deckcheck.engine.game.payment import Cost, cost_text, matches
from wixoss_deckcheck.engine.game.state import (
    DRAW,
    END,
    ENER,
    GROW,
    OPPONENT,
    PHASE_NAMES,
    SETUP,
    UP,
    Game,
    Problem,
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
    s = game.state
    if s.phase == SETUP or s.phase == OPPONENT:
        return Problem("phase-order", {"phase": PHASE_NAMES[phase], "now": PHASE_NAMES[s.phase]})
    if s.ended and phase != END:
        return Problem("turn-ended", {"phase": PHASE_NAMES[phase]})
    if phase < s.phase:
        return Problem("phase-order", {"phase": PHASE_NAMES[phase], "now": PHASE_NAMES[s.phase]})
    if phase > DRAW and not s.drew:
        s.drew = True  # said once: the draw phase passed without its draw
        due = min(game.rules.draws(s.turn, game.first), len(s.deck))
        if due:
            game.missed.append(Problem("wrong-count", {"what": "the draw", "due": due, "got": 0}))
    s.phase = phase
    return None


def pay(game: Game, cost: Cost, paid: Sequence[int], coins: int) -> Problem | None:
    """Check that ``paid`` (ener kinds) and ``coins`` pay ``cost`` exactly; then pay it."""
    s, book = game.state, game.book
    have = list(s.ener)
    for kind in paid:
        if kind < 0 or have[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.name(kind) if kind >= 0 else "?", "zone": "ener"})
        have[kind] -= 1
    if coins != cost.coins or coins > s.coins:
        return Problem(
            "payment",
            {
                "cost": cost_text(cost),
                "paid": _paid_text(game, paid, coins),
                "why": f"the cost takes {cost.coins} coin(s); you paid {coins} and have {s.coins}",
            },
        )
    if not matches(cost, [book.mask[k] for k in paid]):
        why = (
            f"the cost takes {cost.cards} card(s); {len(paid)} paid"
            if len(paid) != cost.cards
            else "those cards cannot pay those colours one for one"
        )
        return Problem("payment", {"cost": cost_text(cost), "paid": _paid_text(game, paid, coins), "why": why})
    for kind in paid:
        s.ener[kind] -= 1
        s.trash[kind] += 1
    s.coins -= coins
    return None


def _paid_text(game: Game, paid: Sequence[int], coins: int) -> str:
    parts = [game.book.main[k].name for k in paid if k >= 0] + ["coin"] * coins
    return ", ".join(parts) or "nothing"


# -- setup -----------------------------------------------------------------------------


def start(game: Game, center: int, assists: Sequence[int]) -> Problem | None:
    """Put the starting LRIGs on the field: a level-0 LRIG as the center, 0 or 2 level-0 assists."""
    s, book, rules = game.state, game.book, game.rules
    count = 1 + len(assists)
    if count not in rules.start_counts:
        return Problem(
            "start-illegal",
            {"why": f"{count} starting LRIG(s); the rules allow {' or '.join(map(str, rules.start_counts))}"},
        )
    for lid in (center, *assists):
        card = book.lrig[lid]
        if not s.lrig_deck[lid]:
            return Problem("start-illegal", {"why": f"{card.name} is named twice"})
        if not card.is_lrig or card.level != 0:
            return Problem("start-illegal", {"why": f"{book.lname(lid)} is not a level-0 LRIG"})
        s.lrig_deck[lid] = False
    if book.lrig[center].type != "LRIG":
        return Problem("start-illegal", {"why": f"{book.lname(center)} is an ASSIST LRIG and cannot be the center"})
    s.center = [center]
    s.dirty = True
    s.assists = [[a] for a in assists] if assists else [[], []]
    settle(game)
    return None


def setup_draw(game: Game, kinds: Sequence[int]) -> Problem | None:
    """The opening hand."""
    s, rules = game.state, game.rules
    if s.phase != SETUP or s.setup_draws:
        return Problem("phase-order", {"phase": "setup draw", "now": "the opening hand already drawn"})
    if len(kinds) != rules.opening_hand:
        return Problem("wrong-count", {"what": "the opening hand", "due": rules.opening_hand, "got": len(kinds)})
    problem = _from_deck(game, kinds)
    if problem is None:
        s.setup_draws = 1
    return problem


def mulligan(game: Game, returned: Sequence[int], drawn: Sequence[int]) -> Problem | None:
    """Return cards, shuffle, draw as many (once, before the Life Cloth)."""
    s, book = game.state, game.book
    if s.phase != SETUP or not s.setup_draws or s.life_dealt:
        return Problem(
            "phase-order",
            {"phase": "mulligan", "now": "after the Life Cloth" if s.life_dealt else "before the opening hand"},
        )
    if s.mulligans >= game.rules.mulligans:
        return Problem("once-per-turn", {"what": "mulligan", "most": game.rules.mulligans})
    if len(returned) != len(drawn):
        return Problem("wrong-count", {"what": "the mulligan's new cards", "due": len(returned), "got": len(drawn)})
    hand = list(s.hand)
    for kind in returned:
        if hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "hand"})
        hand[kind] -= 1
    s.hand = hand
    s.deck.extend(returned)
    game.shuffle(s.deck)
    problem = _from_deck(game, drawn)
    if problem is not None:
        for kind in returned:  # undo the return
            take_top(s.deck, kind)
            s.hand[kind] += 1
        return problem
    s.mulligans += 1
    return None


def deal_life(game: Game, kinds: Sequence[int]) -> Problem | None:
    """The Life Cloth from the top of the deck; ``kinds`` top first."""
    s, rules, book = game.state, game.rules, game.book
    if s.phase != SETUP or not s.setup_draws or s.life_dealt:
        return Problem(
            "phase-order", {"phase": "Life Cloth", "now": "setup done" if s.life_dealt else "before the opening hand"}
        )
    if len(kinds) != rules.life_cloth:
        return Problem("wrong-count", {"what": "the Life Cloth", "due": rules.life_cloth, "got": len(kinds)})
    deck = list(s.deck)
    for kind in kinds:
        if not take_top(deck, kind):
            return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "deck"})
    s.deck = deck
    s.life = list(reversed(kinds))
    s.life_dealt = True
    return None


def _from_deck(game: Game, kinds: Sequence[int]) -> Problem | None:
    """Move ``kinds`` from the deck to the hand, all or none."""
    s = game.state
    deck = list(s.deck)
    for kind in kinds:
        if not take_top(deck, kind):
            return Problem("card-not-in-zone", {"card": game.book.name(kind), "zone": "deck"})
    s.deck = deck
    for kind in kinds:
        s.hand[kind] += 1
    return None


# -- the turn --------------------------------------------------------------------------


def begin_turn(game: Game, turn: int) -> Problem | None:
    """Close the previous turn (an unrecorded end phase must not need discards) and start ``turn``."""
    s = game.state
    if s.phase == SETUP and not s.life_dealt:
        return Problem("phase-order", {"phase": f"turn {turn}", "now": "setup (no Life Cloth yet)"})
    problem = None
    if s.phase not in (SETUP, OPPONENT, UP) and s.phase < END:
        problem = end(game, ())
    s.new_turn(turn)
    return problem


def to_opponent(game: Game) -> Problem | None:
    """The opponent's turn begins (the own turn's end phase runs if it was not recorded)."""
    s = game.state
    problem = None
    if s.phase not in (SETUP, OPPONENT) and s.phase < END:
        problem = end(game, ())
    s.phase = OPPONENT
    s.ended = False
    return problem


def draw(game: Game, kinds: Sequence[int]) -> Problem | None:
    """The draw phase: the rules' number of cards, fewer only when the deck runs out."""
    s = game.state
    problem = enter(game, DRAW)
    if problem is not None:
        return problem
    if s.drew:
        return Problem("once-per-turn", {"what": "draw phase", "most": 1})
    due = min(game.rules.draws(s.turn, game.first), len(s.deck))
    if len(kinds) != due:
        return Problem("wrong-count", {"what": "the draw", "due": due, "got": len(kinds)})
    problem = _from_deck(game, kinds)
    if problem is None:
        s.drew = True
        settle(game)
    return problem


def charge(game: Game, kind: int, from_field: bool = False) -> Problem | None:
    """The ener phase: 1 card from the hand, or 1 SIGNI from the field."""
    s, book = game.state, game.book
    problem = enter(game, ENER)
    if problem is not None:
        return problem
    if s.charged >= game.rules.charges_per_turn:
        return Problem("once-per-turn", {"what": "charge", "most": game.rules.charges_per_turn})
    if from_field:
        if kind not in s.zones:
            return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "field"})
        zone = s.zones.index(kind)
        for card in s.under[zone]:
            s.trash[card] += 1
        s.zones[zone] = -1
        s.under[zone] = []
    else:
        if s.hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "hand"})
        s.hand[kind] -= 1
    s.ener[kind] += 1
    s.charged += 1
    settle(game)
    return None


def grow(game: Game, lid: int, paid: Sequence[int], coins: int = 0) -> Problem | None:
    """The grow phase: the center, once, to an LRIG the rules allow, its grow cost paid exactly."""
    s, book, _rules = game.state, game.book, game.rules
    problem = enter(game, GROW)
    if problem is not None:
        return problem
    card = book.lrig[lid]
    if s.grew:
        return Problem("once-per-turn", {"what": "grow", "most": 1})
    if not s.lrig_deck[lid]:
        return Problem("card-not-in-zone", {"card": card.name, "zone": "LRIG deck"})
    if card.type != "LRIG":
        return Problem("wrong-card-type", {"card": card.name, "type": card.type, "action": "a center grow"})
    problem = grow_target(game, s.center[-1] if s.center else None, lid)
    if problem is not None:
        return problem
    problem = pay(game, book.grow[lid], paid, coins)
    if problem is not None:
        return problem
    s.lrig_deck[lid] = False
    s.center.append(lid)
    s.dirty = True
    s.grew = True
    settle(game)
    return None


def grow_target(game: Game, below: int | None, lid: int) -> Problem | None:
    """May the LRIG ``below`` grow into ``lid`` (levels by the dated rules, a shared LRIG type, printed limits)?"""
    book, rules = game.book, game.rules
    key = (below, lid, rules.grow_min_up, rules.grow_max_up)
    why = book.grow_memo.get(key, "?")
    if why == "?":  # the same pair always gets the same answer under one game's rules
        why = book.grow_memo[key] = grow_problem(book.lrig[below] if below is not None else None, book.lrig[lid], rules)
    if why is None:
        return None
    before = book.llevel(below) if below is not None else 0
    if why == "level":
        allowed = f"level {before + 1}" if rules.grow_min_up == 1 else f"level {before + rules.grow_max_up} or lower"
        return Problem("grow-level", {"card": book.lname(lid), "from_level": before, "allowed": allowed})
    if why == "type":
        return Problem(
            "grow-type",
            {
                "card": book.lname(lid),
                "types": "/".join(sorted(book.ltypes[lid])) or "-",
                "center_types": "/".join(sorted(book.ltypes[below])) if below is not None else "-",
            },
        )
    return Problem(
        "grow-restriction", {"card": book.lname(lid), "below": book.lname(below) if below is not None else "-"}
    )


def end(game: Game, discards: Sequence[int]) -> Problem | None:
    """The end phase: discard down to the hand limit, exactly."""
    s, book = game.state, game.book
    if s.phase == OPPONENT or s.phase == SETUP:
        return Problem("phase-order", {"phase": "end", "now": PHASE_NAMES[s.phase]})
    s.phase = END
    due = max(0, sum(s.hand) - game.rules.hand_limit)
    if len(discards) != due:
        problem = Problem(
            "hand-limit", {"hand": sum(s.hand), "limit": game.rules.hand_limit, "due": due, "got": len(discards)}
        )
        if len(discards) > due:
            return problem
    else:
        problem = None
    hand = list(s.hand)
    for kind in discards:
        if hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.name(kind), "zone": "hand"})
        hand[kind] -= 1
    for kind in discards:
        s.trash[kind] += 1
    s.hand = hand
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

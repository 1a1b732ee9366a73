"""The goldfish: one player's games played alone through the rules engine.

Every action goes through :mod:`..game.phases` and :mod:`..game.actions` like a replayed record's,
so a goldfish game is legal by construction (an action the engine refuses is a bug and
raises). The decisions (see :mod:`.plan` and :mod:`.charge`): charge the card that keeps the whole
grow path (then the assists' grows and the ARTS) most payable, guards kept in the hand
unless only a guard keeps the curve, a SIGNI charged from the field when that is the card
worth least and the hand will not discard instead; grow the center along
its path, paying with the cards the rest of the path needs least; take every free assist
grow, and a paid one only when the center's path stays as payable; place SIGNI highest
level first (trashing lower ones once a turn for higher ones); attack with every SIGNI and
the center; discard the cards worth least. An opponent may crush N Life Cloth a turn: they
go to ener (Life Bursts are shown, not used: card effects are out of scope).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from wixoss_deckcheck.engine.game import actions, phases
from wixoss_deckcheck.engine.game.payment import best_payment, shortfall
from wixoss_deckcheck.engine.game.placements import signi
from wixoss_deckcheck.engine.game.state import Book, Game, Problem, State
from wixoss_deckcheck.engine.goldfish import arts
from wixoss_deckcheck.engine.goldfish.charge import charge_choice
from wixoss_deckcheck.engine.goldfish.plan import Plan
from wixoss_deckcheck.engine.odds.policy import PolicyPlan

Trace = list[dict] | None


class IllegalGoldfish(RuntimeError):
    """The goldfish tried an action the engine refused (a bug in the policy)."""


@dataclass(frozen=True)
class Seat:
    """How a game is played: the seat, the turns, the opponent's crushes and the mulligan."""

    first: bool = True
    turns: int = 10
    crushes: int = 0
    mulligan: PolicyPlan | None = None


def _ok(problem: Problem | None, what: str) -> None:
    if problem is not None:
        raise IllegalGoldfish(f"{what}: {problem.slug} {problem.args}")


class Goldfish:
    """One game: the engine's game, the deck's plan, the random source and the trace."""

    def __init__(self, book: Book, plan: Plan, game: Game, rng: random.Random, trace: Trace = None):
        self.book, self.plan, self.game, self.rng, self.trace = book, plan, game, rng, trace
        self.step = 0  # how far along the center path
        self.assist_steps = [0] * len(plan.assist_paths)
        self.bursts = 0
        self.attacks = 0  # the attacks of the last own turn (SIGNI and the center)

    # -- the trace -------------------------------------------------------------------------
    def log(self, turn: int, action: str, **fields: object) -> None:
        """Add an event to the trace (when tracing)."""
        if self.trace is not None:
            self.trace.append({"turn": turn, "action": action, **fields})

    def num(self, kind: int) -> str:
        """The card number of a main-deck kind (as the trace writes it)."""
        return self.book.main_cards[kind].number

    def lnum(self, lrig_id: int) -> str:
        """The card number of an LRIG-deck card."""
        return self.book.lrig_cards[lrig_id].number

    # -- setup -----------------------------------------------------------------------------
    def setup(self, seat: Seat) -> None:
        """Shuffle, start the LRIGs, draw 5, mulligan by the policy, deal the Life Cloth."""
        game, state, rng = self.game, self.game.state, self.rng
        rng.shuffle(state.deck)
        _ok(phases.start(game, self.plan.center, self.plan.assists), "start")
        hand = state.deck[-1 : -game.rules.opening_hand - 1 : -1]
        _ok(phases.setup_draw(game, hand), "setup draw")
        if self.trace is not None:
            self.log(0, "draw", cards=[self.num(k) for k in hand])
        if seat.mulligan is not None:
            self._mulligan(seat.mulligan)
        life = state.deck[-1 : -game.rules.life_cloth - 1 : -1]
        _ok(phases.deal_life(game, life), "life cloth")
        if self.trace is not None:
            self.log(0, "life_cloth", cards=[self.num(k) for k in life])

    def _mulligan(self, policy: PolicyPlan) -> None:
        """Return the cards the policy sends back and draw as many from the shuffled rest."""
        state = self.game.state
        back = policy.returns_from(state.hand)
        returned = [k for k, n in enumerate(back) for _ in range(n)]
        if not returned:
            return
        pile = state.deck + returned
        self.rng.shuffle(pile)
        drawn = pile[-1 : -len(returned) - 1 : -1]
        _ok(phases.mulligan(self.game, returned, drawn), "mulligan")
        if self.trace is not None:
            self.log(0, "mulligan", **{"return": [self.num(k) for k in returned]}, cards=[self.num(k) for k in drawn])

    # -- one own turn ----------------------------------------------------------------------
    def turn(self, turn: int) -> None:
        """One own turn: up, draw, ener, grow, main, attack, end (only the end after a second refresh)."""
        game, state = self.game, self.game.state
        _ok(phases.begin_turn(game, turn), "begin turn")
        drawn = state.deck[-1 : -min(game.rules.draws(turn, game.first), len(state.deck)) - 1 : -1]
        _ok(phases.draw(game, drawn), "draw")
        if self.trace is not None:
            self.log(turn, "draw", cards=[self.num(k) for k in drawn])
        if not state.ended:
            self.charge(turn)
        if not state.ended:
            self.grow(turn)
        if not state.ended:
            self.assist_grows(turn)
            self.use_arts(turn, "main")
        if not state.ended:
            self.place(turn)
        self.attacks = 0
        if not state.ended and game.rules.attacks(turn, game.first):
            self.attacks = self.attack(turn)
        self.end(turn)

    def ener_classes(self) -> tuple[tuple[int, int], ...]:
        """The ener as ``(mask, count)`` classes (what payments are computed on)."""
        counts: dict[int, int] = {}
        for mask, n in zip(self.book.colour_masks, self.game.state.ener, strict=True):
            if n:
                counts[mask] = counts.get(mask, 0) + n
        return tuple(sorted(counts.items()))

    def charge(self, turn: int) -> None:
        """Charge the card worth least among those that keep the grow path most payable."""
        chosen = charge_choice(self.game, self.plan, self.step, self.ener_classes())
        if chosen is None:
            return
        kind, from_field = chosen
        _ok(phases.charge(self.game, kind, from_field), "charge")
        if self.trace is not None:
            self.log(turn, "charge", card=self.num(kind), **({"from": "field"} if from_field else {}))

    def pay_for(self, cost, future, ener=None) -> tuple[list[int], int] | None:
        """Ener kinds (and coins) to pay ``cost`` with, chosen for ``future``; None when unpayable
        (``ener``: the ener's classes when the caller has them)."""
        if cost.coins > self.game.state.coins:
            return None
        chosen = best_payment(cost.symbols, self.ener_classes() if ener is None else ener, future)
        if chosen is None:
            return None
        state, mask = self.game.state, self.book.colour_masks
        left = list(state.ener)
        paid: list[int] = []
        for wanted, count in chosen:
            for kind in range(len(left)):
                while count and left[kind] and mask[kind] == wanted:
                    left[kind] -= 1
                    paid.append(kind)
                    count -= 1
        return paid, cost.coins

    def grow(self, turn: int) -> None:
        """Grow the center along its path when the cost can be paid (another LRIG of that level otherwise)."""
        game, state, book, plan = self.game, self.game.state, self.book, self.plan
        if self.step >= len(plan.center_path):
            return
        planned = plan.center_path[self.step]
        for lrig_id in [planned, *(o for o in plan.options.get(state.center[-1], []) if o != planned)]:
            if not state.lrig_deck[lrig_id] or book.lrig_cards[lrig_id].type != "LRIG":
                continue
            payment = self.pay_for(book.grow_costs[lrig_id], merge_future(plan, self.step + 1))
            if payment is None:
                continue
            _ok(phases.grow(game, lrig_id, payment[0], payment[1]), "grow")
            if self.trace is not None:
                self.log(turn, "grow", card=self.lnum(lrig_id), pay=self._pay_refs(payment))
            self.step += 1
            return

    def _pay_refs(self, payment: tuple[list[int], int]) -> list[str]:
        return [self.num(k) for k in payment[0]] + ["coin"] * payment[1]

    def assist_grows(self, turn: int) -> None:
        """Grow the assists: free grows always, paid ones when the center's path stays as payable."""
        game, state, book, plan = self.game, self.game.state, self.book, self.plan
        for side, path in enumerate(plan.assist_paths):
            while self.assist_steps[side] < len(path) and state.assists[side]:
                lrig_id = path[self.assist_steps[side]]
                if book.lrig_level(lrig_id) > game.center_level():
                    break
                payment = self._assist_payment(lrig_id)
                if payment is None:
                    break
                _ok(actions.assist_grow(game, lrig_id, side, payment[0], payment[1]), "assist grow")
                if self.trace is not None:
                    side_name = "left" if side == 0 else "right"
                    self.log(turn, "assist_grow", card=self.lnum(lrig_id), side=side_name, pay=self._pay_refs(payment))
                self.assist_steps[side] += 1

    def use_arts(self, turn: int, phase: str) -> None:
        """Use the ARTS of the plan whose moment it is (:mod:`.arts`), each when its cost leaves the
        center's path as payable."""
        lrigs = 1 + len(self.plan.assists)
        for lrig_id in self.plan.plays:
            if self.game.state.ended or not arts.wanted(self.game, lrig_id, phase, lrigs):
                continue
            payment = self._spare_payment(self.book.use_costs[lrig_id])
            if payment is not None:
                rest = self.plan.center_rest[min(self.step, len(self.plan.center_rest) - 1)]
                log = None if self.trace is None else (lambda action, **fields: self.log(turn, action, **fields))
                _ok(arts.play(self.game, lrig_id, payment[0], payment[1], rest, log), "use")

    def _assist_payment(self, lrig_id: int) -> tuple[list[int], int] | None:
        """A payment of an assist's grow that leaves the center's path as payable as before (None: wait)."""
        return self._spare_payment(self.book.grow_costs[lrig_id])

    def _spare_payment(self, cost) -> tuple[list[int], int] | None:
        """A payment of ``cost`` that leaves the center's path as payable as before (None: wait)."""
        if not cost.symbols:  # nothing from ener: only the coins
            return ([], cost.coins) if cost.coins <= self.game.state.coins else None
        rest = self.plan.center_rest[min(self.step, len(self.plan.center_rest) - 1)]
        ener = self.ener_classes()
        payment = self.pay_for(cost, rest, ener)
        if payment is None:
            return payment
        mask = self.book.colour_masks
        left = dict(ener)
        for kind in payment[0]:
            left[mask[kind]] -= 1
        after = tuple((m, n) for m, n in sorted(left.items()) if n)
        return None if shortfall(rest, after) > shortfall(rest, ener) else payment

    def _best_in_hand(self, most: int) -> int:
        """The highest-level SIGNI of the hand that may be placed now, at most level ``most`` (-1: none)."""
        hand, levels, game = self.game.state.hand, self.book.signi_levels, self.game
        for kind in self.plan.to_place:  # placeable, no guard (guards stay in the hand); highest level first
            if hand[kind] and levels[kind] <= most and game.limiting_ok(kind):
                return kind
        return -1

    def place(self, turn: int) -> None:
        """Place SIGNI highest level first; once a turn trash the lowest for a higher one."""
        game, state, level = self.game, self.game.state, self.book.signi_levels
        top = game.center_level()
        while -1 in state.signi_zones:
            kind = self._best_in_hand(min(top, game.limit() - game.field_levels()))
            if kind < 0:
                break
            zone = state.signi_zones.index(-1)
            _ok(signi.place(game, kind, zone), "place")
            if self.trace is not None:
                self.log(turn, "place", card=self.num(kind), zone=zone + 1)
        if -1 in state.signi_zones or state.active_trash:
            return
        low = min(range(len(state.signi_zones)), key=lambda z: level[state.signi_zones[z]])
        room = game.limit() - game.field_levels() + level[state.signi_zones[low]]
        kind = self._best_in_hand(min(top, room))
        if kind >= 0 and level[kind] > level[state.signi_zones[low]]:
            trashed = state.signi_zones[low]
            _ok(actions.active_trash(game, [trashed]), "active trash")
            if self.trace is not None:
                self.log(turn, "trash", cards=[self.num(trashed)])
            _ok(signi.place(game, kind, low), "place")
            if self.trace is not None:
                self.log(turn, "place", card=self.num(kind), zone=low + 1)

    def attack(self, turn: int) -> int:
        """Use the ARTS of the attack phase, attack with every SIGNI, then the center; returns the number of attacks."""
        game, state = self.game, self.game.state
        self.use_arts(turn, "attack")
        if state.ended:  # a second refresh by an ARTS's draw ends the turn
            return 0
        count = 0
        for zone, kind in enumerate(state.signi_zones):
            if kind >= 0:
                _ok(actions.attack(game, zone), "attack")
                if self.trace is not None:
                    self.log(turn, "attack", zone=zone + 1)
                count += 1
        _ok(actions.attack(game, None), "lrig attack")
        if self.trace is not None:
            self.log(turn, "attack", lrig="center")
        return count + 1

    def end(self, turn: int) -> None:
        """The end phase: discard the cards worth least down to the hand limit."""
        game, state, keep = self.game, self.game.state, self.plan.keep
        hand = list(state.hand)
        discards: list[int] = []
        for _ in range(max(0, sum(hand) - game.rules.hand_limit)):
            kind = min((k for k, n in enumerate(hand) if n), key=lambda k: (keep[k], k))
            hand[kind] -= 1
            discards.append(kind)
        _ok(phases.end(game, discards), "end")
        if self.trace is not None:
            self.log(turn, "end", discard=[self.num(k) for k in discards])

    # -- the opponent's turn ---------------------------------------------------------------
    def opponent(self, own_turn: int, crushes: int) -> None:
        """The opponent's turn: ``crushes`` of your Life Cloth are crushed into ener."""
        game, state = self.game, self.game.state
        _ok(phases.to_opponent(game), "opponent's turn")
        for _ in range(crushes):
            if not state.life_cloth:
                break
            kind = state.life_cloth[-1]
            self.bursts += self.book.has_burst[kind]
            _ok(actions.crushed(game, kind), "crushed")
            if self.trace is not None:
                self.log(own_turn, "crushed", card=self.num(kind))


def merge_future(plan: Plan, step: int):
    """What the center's path still needs after ``step`` grows (the assists and ARTS after it)."""
    return plan.center_rest[min(step, len(plan.center_rest) - 1)]


def new_goldfish(book: Book, plan: Plan, rules, first: bool, rng: random.Random, trace: Trace = None) -> Goldfish:
    """A goldfish game of the deck, before setup (the rules engine shuffles with ``rng``)."""
    state = State.new(book)
    game = Game(book, rules, first, state, shuffle=rng.shuffle)
    return Goldfish(book, plan, game, rng, trace)


def play(goldfish: Goldfish, seat: Seat, observe: Callable[[Goldfish, str, int], None] | None = None) -> None:
    """Set up and play ``seat.turns`` own turns with the opponent's turns between them.

    ``observe(goldfish, moment, turn)`` is called after each own turn (``"own"``) and at
    the start of each opponent's turn (``"opponent"``, numbered as the opponent counts).
    """
    goldfish.setup(seat)
    for turn in range(1, seat.turns + 1):
        if not seat.first:
            goldfish.opponent(turn - 1, seat.crushes if turn > 1 else 0)
            if observe:
                observe(goldfish, "opponent", turn)
        goldfish.turn(turn)
        if observe:
            observe(goldfish, "own", turn)
        if seat.first:
            goldfish.opponent(turn, seat.crushes)
            if observe:
                observe(goldfish, "opponent", turn)

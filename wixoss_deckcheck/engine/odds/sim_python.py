"""The pure-Python simulation back end: one game at a time, with :mod:`random`.

Used when numpy is not installed (``pip install 'wixoss-deckcheck[sim]'`` for the
fast back end). It plays exactly the model of :mod:`wixoss_deckcheck.engine.odds.model`,
so both back ends agree within sampling error; with the same seed each back end
repeats its own results exactly, but the two draw different random numbers.
"""

from __future__ import annotations

import random

from wixoss_deckcheck.engine.odds.model import DeckModel, missing_colours, pay
from wixoss_deckcheck.engine.odds.policy import PolicyPlan
from wixoss_deckcheck.engine.odds.rules import (
    HAND_LIMIT,
    LIFE_CLOTH,
    MAX_SIGNI_ZONES,
    OPENING_HAND,
    attacks_on_turn,
    draws_on_turn,
)
from wixoss_deckcheck.engine.odds.tally import SimConfig, Tally


class _Game:
    """The zones of one player's game, cards as indexes of the deck model."""

    def __init__(self, model: DeckModel, rng: random.Random):
        self.model = model
        self.rng = rng
        kinds = model.kinds
        self.deck: list[int] = [k for k, n in enumerate(model.counts) for _ in range(n)]
        rng.shuffle(self.deck)  # the top of the deck is the end of the list
        self.hand = [0] * kinds
        self.seen = [0] * kinds
        self.ener = [0] * kinds
        self.trash = [0] * kinds
        self.field = [0] * kinds
        self.life_cloth: list[int] = []
        self.center = model.center
        self.assists = list(model.assists)
        self.refreshes = 0

    # -- setup ---------------------------------------------------------------------
    def setup(self, plan: PolicyPlan, keeps_all: bool, life_cloth: bool = True) -> int:
        for _ in range(OPENING_HAND):
            self.hand[self.deck.pop()] += 1
        returned = 0
        if not keeps_all:
            back = plan.returns_from(self.hand)
            returned = sum(back)
            if returned:
                for kind, n in enumerate(back):
                    self.hand[kind] -= n
                    self.deck.extend([kind] * n)
                self.rng.shuffle(self.deck)
                for _ in range(returned):
                    self.hand[self.deck.pop()] += 1
        self.seen = list(self.hand)
        if life_cloth:
            self.life_cloth = [self.deck.pop() for _ in range(LIFE_CLOTH)]
        return returned

    # -- turn parts ----------------------------------------------------------------
    def refresh(self) -> bool:
        """Trash becomes the deck and one Life Cloth goes to the trash (if the trash has cards)."""
        if self.deck or not any(self.trash):
            return False
        self.deck = [k for k, n in enumerate(self.trash) for _ in range(n)]
        self.rng.shuffle(self.deck)
        self.trash = [0] * self.model.kinds
        if self.life_cloth:
            self.trash[self.life_cloth.pop()] += 1
        self.refreshes += 1
        return True

    def draw(self, count: int) -> None:
        for _ in range(count):
            if not self.deck:
                break
            kind = self.deck.pop()
            self.hand[kind] += 1
            self.seen[kind] += 1
            if not self.deck:
                break  # the draw stops when the deck runs out; refresh follows

    def charge(self) -> None:
        model = self.model
        if not any(self.hand):
            return
        missing: list[str] = []
        if self.center is not None and model.center_next.get(self.center):
            missing = missing_colours(model, self.ener, model.path_cost[self.center])
        best, best_score = -1, 0
        for kind, held in enumerate(self.hand):
            if not held:
                continue
            covers = any(model.covers(kind, colour) for colour in missing)
            score = (0 if covers else 1000) + model.charge_score[kind]
            if best < 0 or score < best_score:
                best, best_score = kind, score
        self.hand[best] -= 1
        self.ener[best] += 1

    def _try_grow(self, options: list[int], top_level: int | None = None, center_first: bool = False) -> int | None:
        for option in options:
            node = self.model.nodes[option]
            if top_level is not None and node.level > top_level:
                continue
            left = pay(self.ener, node.cost)
            if left is None:
                continue
            if center_first and not self._center_can_grow(left):
                continue
            for kind, (before, after) in enumerate(zip(self.ener, left, strict=False)):
                self.trash[kind] += before - after
            self.ener = left
            return option
        return None

    def grow_center(self) -> bool:
        if self.center is None:
            return False
        grown = self._try_grow(self.model.center_next.get(self.center, []))
        if grown is None:
            return False
        self.center = grown
        return True

    def _center_can_grow(self, ener: list[int]) -> bool:
        """True when the center is at its top, or its next grow is still payable from ``ener``."""
        options = self.model.center_next.get(self.center, []) if self.center is not None else []
        return not options or pay(ener, self.model.nodes[options[0]].cost) is not None

    def grow_assists(self) -> None:
        top = self.center_level
        for slot, node in enumerate(self.assists):
            grown = self._try_grow(self.model.assist_next.get(node, []), top, center_first=True)
            if grown is not None:
                self.assists[slot] = grown

    @property
    def center_level(self) -> int:
        return self.model.nodes[self.center].level if self.center is not None else 0

    @property
    def limit(self) -> int:
        nodes = self.model.nodes
        total = nodes[self.center].limit if self.center is not None else 0
        return total + sum(nodes[a].limit for a in self.assists)

    def _best_in_hand(self, top: int) -> int:
        model = self.model
        best = -1
        for kind, held in enumerate(self.hand):
            if (
                held
                and model.placeable[kind]
                and model.levels[kind] <= top
                and (best < 0 or model.levels[kind] > model.levels[best])
            ):
                best = kind
        return best

    def place_signi(self) -> None:
        levels = self.model.levels
        level, limit = self.center_level, self.limit
        on_field = sum(self.field)
        total = sum(levels[k] * n for k, n in enumerate(self.field))
        while on_field < MAX_SIGNI_ZONES:
            kind = self._best_in_hand(min(level, limit - total))
            if kind < 0:
                break
            self.hand[kind] -= 1
            self.field[kind] += 1
            on_field += 1
            total += levels[kind]
        for _ in range(MAX_SIGNI_ZONES):  # once a turn: trash lower SIGNI for higher ones
            kind = self._best_in_hand(level)
            low = -1
            for k, n in enumerate(self.field):
                if n and (low < 0 or levels[k] < levels[low]):
                    low = k
            if kind < 0 or low < 0 or levels[kind] <= levels[low] or total - levels[low] + levels[kind] > limit:
                break
            self.field[low] -= 1
            self.trash[low] += 1
            self.hand[kind] -= 1
            self.field[kind] += 1
            total += levels[kind] - levels[low]

    def discard(self) -> None:
        score = self.model.charge_score
        excess = sum(self.hand) - HAND_LIMIT
        while excess > 0:
            kind = min((k for k, n in enumerate(self.hand) if n), key=lambda k: (score[k], k))
            self.hand[kind] -= 1
            self.trash[kind] += 1
            excess -= 1


def run(model: DeckModel, plan: PolicyPlan, keeps_all: bool, config: SimConfig, tally: Tally) -> None:
    """Play ``config.games`` games and add their counts to ``tally``."""
    rng = random.Random(config.seed)
    groups = [members for _label, members in config.groups]
    k = config.at_least
    lb = [k_ for k_, burst in enumerate(model.life_burst) if burst]
    for _ in range(config.games):
        game = _Game(model, rng)
        tally.returned[game.setup(plan, keeps_all, config.life_cloth)] += 1
        if config.life_cloth:
            tally.life_burst[sum(1 for card in game.life_cloth if card in lb)] += 1
        _record_hits(tally, 0, groups, game.seen, k)
        _record_turn(tally, 0, game, 0, config)
        for turn in range(1, config.turns + 1):
            refreshes_before = game.refreshes
            game.refresh()
            game.draw(draws_on_turn(turn, config.first))
            game.refresh()
            _record_hits(tally, turn, groups, game.seen, k)
            attacks = 0
            grew = False
            if game.refreshes - refreshes_before < 2:  # a second refresh in one turn ends it
                game.charge()
                grew = game.grow_center()
                if config.goldfish:
                    game.grow_assists()
                    game.place_signi()
                    if attacks_on_turn(turn, config.first):
                        attacks = sum(game.field) + 1
                game.discard()
            tally.grew[turn] += grew
            _record_turn(tally, turn, game, attacks, config)
        tally.games += 1


def _record_hits(tally: Tally, turn: int, groups, seen, at_least: int) -> None:
    for g, members in enumerate(groups):
        if sum(seen[m] for m in members) >= at_least:
            tally.hits[g][turn] += 1


def _record_turn(tally: Tally, turn: int, game: _Game, attacks: int, config: SimConfig) -> None:
    hand = sum(game.hand)
    ener = sum(game.ener)
    tally.levels[turn][game.center_level] += 1
    tally.hand[turn] += hand
    tally.hand_sq[turn] += hand * hand
    tally.ener[turn] += ener
    tally.ener_sq[turn] += ener * ener
    tally.field_signi[turn][sum(game.field)] += 1
    tally.attacks[turn] += attacks
    tally.refreshes[turn] += game.refreshes
    if turn == min(config.refresh_turn, config.turns):
        tally.refresh_hist[game.refreshes] = tally.refresh_hist.get(game.refreshes, 0) + 1

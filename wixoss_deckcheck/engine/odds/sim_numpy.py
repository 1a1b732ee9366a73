"""The vectorised simulation back end (numpy): many games at once, turn by turn.

Each zone is a ``games × cards`` matrix of counts. Drawing a card from a shuffled
deck is the same as picking one of its cards uniformly at random, so a draw picks,
for every game at once, the card whose cumulative count passes a uniform random
number, and moves it. No deck order is stored: after a refresh the new deck is the
trash, shuffled, which is again "uniform among its cards". The player is the one
declared in :mod:`wixoss_deckcheck.engine.odds.model`, exactly as in the pure-Python back
end; games run in chunks so memory stays small, and a seed repeats a run exactly.
"""

from __future__ import annotations

import numpy as np

from wixoss_deckcheck.engine.odds.model import DeckModel
from wixoss_deckcheck.engine.odds.numpy_draws import draw as _draw
from wixoss_deckcheck.engine.odds.numpy_draws import draw_columns as _draw_columns
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

#: Games per chunk: setup-only runs take bigger chunks (they keep fewer matrices).
CHUNK_TURNS = 1 << 15
CHUNK_SETUP = 1 << 18


class _Chunk:
    """The zones of ``n`` games of one chunk."""

    def __init__(self, model: DeckModel, n: int, rng: np.random.Generator):
        self.model = model
        self.n = n
        self.rng = rng
        self.deck = np.tile(np.asarray(model.counts, dtype=np.int16), (n, 1))
        self.deck_total = np.full(n, model.size, dtype=np.int32)
        self.life_total = np.zeros(n, dtype=np.int32)

    def setup(self, plan: PolicyPlan, keeps_all: bool, life_cloth: bool = True) -> np.ndarray:
        """Opening hand, mulligan and Life Cloth, in a cards × games layout (faster to draw from).

        The zones stay in that layout (``*_t``) until :meth:`start_turns` needs games × cards.
        """
        rng, n = self.rng, self.n
        deck = np.ascontiguousarray(self.deck.T)
        hand = np.zeros_like(deck)
        for _ in range(OPENING_HAND):
            _draw_columns(deck, self.deck_total, (hand,), rng)
        returned = np.zeros(n, dtype=np.int32)
        if not keeps_all:
            back = hand * np.asarray(plan.returned, dtype=np.int16)[:, None]
            caps = np.asarray(plan.caps, dtype=np.int16)[:, None]
            back = np.maximum(back, np.maximum(hand - caps, 0)).astype(np.int16)
            if plan.find_at_least:
                in_find = np.asarray(plan.in_find, dtype=bool)
                fail = hand[in_find].sum(axis=0) < plan.find_at_least
                back = np.where(fail[None, :] & ~in_find[:, None], hand, back).astype(np.int16)
            hand -= back
            deck += back
            returned = back.sum(axis=0, dtype=np.int32)
            self.deck_total += returned
            for step in range(OPENING_HAND):
                _draw_columns(deck, self.deck_total, (hand,), rng, np.nonzero(returned > step)[0])
        life = np.zeros_like(deck)
        if life_cloth:
            for _ in range(LIFE_CLOTH):
                _draw_columns(deck, self.deck_total, (life,), rng)
            self.life_total[:] = LIFE_CLOTH
        self.deck_t, self.hand_t, self.life_cloth_t = deck, hand, life
        return returned

    # -- turns -----------------------------------------------------------------------
    def start_turns(self) -> None:
        model, n, kinds = self.model, self.n, self.model.kinds
        self.deck = np.ascontiguousarray(self.deck_t.T)
        self.hand = np.ascontiguousarray(self.hand_t.T)
        self.life_cloth = np.ascontiguousarray(self.life_cloth_t.T)
        self.seen = self.hand.copy()
        self.ener = np.zeros((n, kinds), dtype=np.int16)
        self.trash = np.zeros((n, kinds), dtype=np.int16)
        self.trash_total = np.zeros(n, dtype=np.int32)
        self.field = np.zeros((n, kinds), dtype=np.int16)
        self.center = np.full(n, -1 if model.center is None else model.center, dtype=np.int16)
        self.assists = np.tile(np.asarray(model.assists, dtype=np.int16), (n, 1)) if model.assists else None
        self.refreshes = np.zeros(n, dtype=np.int32)
        self.node_level = np.asarray([node.level for node in model.nodes] + [0], dtype=np.int16)  # [-1] = none
        self.node_limit = np.asarray([node.limit for node in model.nodes] + [0], dtype=np.int16)
        self.level = np.asarray(model.levels, dtype=np.int16)
        self.placeable = np.asarray(model.placeable, dtype=bool)
        self.score = np.asarray(model.charge_score, dtype=np.int32)
        self.index = np.arange(kinds, dtype=np.int32)
        self.covers = {
            colour: np.asarray([model.covers(k, colour) for k in range(kinds)], dtype=bool)
            for colour in ("white", "red", "blue", "green", "black")
        }

    def refresh(self) -> None:
        rows = np.nonzero((self.deck_total == 0) & (self.trash_total > 0))[0]
        if rows.size == 0:
            return
        self.deck[rows] = self.trash[rows]
        self.deck_total[rows] = self.trash_total[rows]
        self.trash[rows] = 0
        self.trash_total[rows] = 0
        with_cloth = rows[self.life_total[rows] > 0]
        _draw(self.life_cloth, self.life_total, (self.trash,), self.rng, with_cloth)
        self.trash_total[with_cloth] += 1
        self.refreshes[rows] += 1

    def draw(self, count: int) -> None:
        stopped = np.zeros(self.n, dtype=bool)
        for _ in range(count):
            rows = np.nonzero(~stopped & (self.deck_total > 0))[0]
            _draw(self.deck, self.deck_total, (self.hand, self.seen), self.rng, rows)
            stopped |= self.deck_total == 0

    def charge(self, live: np.ndarray) -> None:
        model = self.model
        rows = np.nonzero(live & (self.hand.sum(axis=1) > 0))[0]
        if rows.size == 0:
            return
        covers = np.zeros((rows.size, model.kinds), dtype=bool)
        center = self.center[rows]
        for node, options in model.center_next.items():
            if not options:
                continue
            mine = np.nonzero(center == node)[0]
            if mine.size == 0:
                continue
            ener = self.ener[rows[mine]]
            for step in model.path_cost[node]:  # the whole rest of the path in view
                if step.colour == "colorless":
                    continue
                mask = self.covers[step.colour]
                lacking = ener[:, mask].sum(axis=1) < step.amount
                covers[mine[lacking]] |= mask[None, :]
        score = self.score[None, :] + np.where(covers, 0, 1000)
        score = np.where(self.hand[rows] > 0, score, 1 << 30)
        kind = np.argmin(score, axis=1)
        self.hand[rows, kind] -= 1
        self.ener[rows, kind] += 1

    def _payable(self, ener: np.ndarray, cost) -> tuple[np.ndarray, np.ndarray]:
        """Greedy payment of ``cost`` from ``ener`` rows: (ener left, paid in full)."""
        left = ener.copy()
        ok = np.ones(ener.shape[0], dtype=bool)
        for step in cost:
            need = np.full(ener.shape[0], step.amount, dtype=np.int16)
            for kind in step.payers:
                take = np.minimum(need, left[:, kind])
                left[:, kind] -= take
                need -= take
            ok &= need == 0
        return left, ok

    def _center_can_grow(self, rows: np.ndarray, ener: np.ndarray) -> np.ndarray:
        """Per row: the center is at its top, or its next grow is still payable from ``ener``."""
        model = self.model
        result = np.ones(rows.size, dtype=bool)
        center = self.center[rows]
        for node, options in model.center_next.items():
            if not options:
                continue
            mine = np.nonzero(center == node)[0]
            if mine.size:
                result[mine] = self._payable(ener[mine], model.nodes[options[0]].cost)[1]
        return result

    def _grow(
        self,
        rows: np.ndarray,
        options: list[int],
        slot_values: np.ndarray,
        top_level: np.ndarray | None = None,
        center_first: bool = False,
    ) -> None:
        """Try each option in order for ``rows``; a paid grow writes the option into ``slot_values``."""
        nodes = self.model.nodes
        for option in options:
            if rows.size == 0:
                return
            node = nodes[option]
            candidates = rows if top_level is None else rows[top_level[rows] >= node.level]
            if candidates.size == 0:
                continue
            left, ok = self._payable(self.ener[candidates], node.cost)
            if center_first:
                ok &= self._center_can_grow(candidates, left)
            paid = candidates[ok]
            spent = self.ener[paid] - left[ok]
            self.trash[paid] += spent
            self.trash_total[paid] += spent.sum(axis=1, dtype=np.int32)
            self.ener[paid] = left[ok]
            slot_values[paid] = option
            rows = np.setdiff1d(rows, paid, assume_unique=True)

    def grow_center(self, live: np.ndarray) -> np.ndarray:
        before = self.center.copy()
        for node, options in self.model.center_next.items():
            if options:
                self._grow(np.nonzero(live & (before == node))[0], options, self.center)
        return self.center != before

    def grow_assists(self, live: np.ndarray) -> None:
        if self.assists is None:
            return
        top = self.node_level[self.center]
        for slot in range(self.assists.shape[1]):
            values = self.assists[:, slot].copy()
            before = values.copy()
            for node, options in self.model.assist_next.items():
                if options:
                    self._grow(np.nonzero(live & (before == node))[0], options, values, top, center_first=True)
            self.assists[:, slot] = values

    def limit(self) -> np.ndarray:
        total = self.node_limit[self.center].astype(np.int32)
        if self.assists is not None:
            total = total + self.node_limit[self.assists].sum(axis=1)
        return total

    def _best_in_hand(self, rows: np.ndarray, top: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        kinds = self.model.kinds
        ok = (self.hand[rows] > 0) & self.placeable[None, :] & (self.level[None, :] <= top[:, None])
        key = np.where(ok, self.level[None, :].astype(np.int32) * kinds + (kinds - 1 - self.index)[None, :], -1)
        return np.argmax(key, axis=1), key.max(axis=1) >= 0

    def place_signi(self, live: np.ndarray) -> None:
        level = self.node_level[self.center].astype(np.int32)
        limit = self.limit()
        signi_level = np.maximum(self.level, 0).astype(np.int32)
        on_field = self.field.sum(axis=1, dtype=np.int32)
        total = (self.field * signi_level[None, :]).sum(axis=1, dtype=np.int32)
        for _ in range(MAX_SIGNI_ZONES):
            rows = np.nonzero(live & (on_field < MAX_SIGNI_ZONES))[0]
            if rows.size == 0:
                break
            kind, found = self._best_in_hand(rows, np.minimum(level[rows], limit[rows] - total[rows]))
            rows, kind = rows[found], kind[found]
            self.hand[rows, kind] -= 1
            self.field[rows, kind] += 1
            on_field[rows] += 1
            total[rows] += signi_level[kind]
        kinds = self.model.kinds
        for _ in range(MAX_SIGNI_ZONES):  # once a turn: trash lower SIGNI for higher ones
            rows = np.nonzero(live & (on_field > 0))[0]
            if rows.size == 0:
                break
            kind, found = self._best_in_hand(rows, level[rows])
            low_key = np.where(self.field[rows] > 0, signi_level[None, :] * kinds + self.index[None, :], 1 << 30)
            low = np.argmin(low_key, axis=1)
            better = (
                found
                & (signi_level[kind] > signi_level[low])
                & (total[rows] - signi_level[low] + signi_level[kind] <= limit[rows])
            )
            rows, kind, low = rows[better], kind[better], low[better]
            if rows.size == 0:
                break
            self.field[rows, low] -= 1
            self.trash[rows, low] += 1
            self.trash_total[rows] += 1
            self.hand[rows, kind] -= 1
            self.field[rows, kind] += 1
            total[rows] += signi_level[kind] - signi_level[low]

    def discard(self, live: np.ndarray) -> None:
        kinds = self.model.kinds
        excess = np.where(live, self.hand.sum(axis=1, dtype=np.int32) - HAND_LIMIT, 0)
        key_base = self.score * kinds + self.index
        while True:
            rows = np.nonzero(excess > 0)[0]
            if rows.size == 0:
                return
            key = np.where(self.hand[rows] > 0, key_base[None, :], 1 << 30)
            kind = np.argmin(key, axis=1)
            self.hand[rows, kind] -= 1
            self.trash[rows, kind] += 1
            self.trash_total[rows] += 1
            excess[rows] -= 1


def run(model: DeckModel, plan: PolicyPlan, keeps_all: bool, config: SimConfig, tally: Tally) -> None:
    """Play ``config.games`` games in chunks and add their counts to ``tally``."""
    rng = np.random.Generator(np.random.PCG64(config.seed))
    membership = np.zeros((len(config.groups), model.kinds), dtype=np.float32)
    for g, (_label, members) in enumerate(config.groups):
        membership[g, list(members)] = 1.0
    life_burst = np.asarray(model.life_burst, dtype=bool)
    chunk = CHUNK_SETUP if config.turns == 0 else CHUNK_TURNS
    remaining = config.games
    while remaining > 0:
        n = min(chunk, remaining)
        remaining -= n
        game = _Chunk(model, n, rng)
        returned = game.setup(plan, keeps_all, config.life_cloth)
        _add(tally.returned, np.bincount(returned, minlength=OPENING_HAND + 1))
        if config.life_cloth:
            _add(tally.life_burst, np.bincount(game.life_cloth_t[life_burst].sum(axis=0), minlength=LIFE_CLOTH + 1))
        _record_hits(tally, 0, membership @ game.hand_t.astype(np.float32), config.at_least)
        _record_setup(tally, n, config)
        if config.turns:
            game.start_turns()
        for turn in range(1, config.turns + 1):
            before = game.refreshes.copy()
            game.refresh()
            game.draw(draws_on_turn(turn, config.first))
            game.refresh()
            _record_hits(tally, turn, membership @ game.seen.T.astype(np.float32), config.at_least)
            live = (game.refreshes - before) < 2  # a second refresh in one turn ends it
            game.charge(live)
            grew = game.grow_center(live) if model.center is not None else np.zeros(n, dtype=bool)
            attacks = np.zeros(n, dtype=np.int32)
            if config.goldfish:
                game.grow_assists(live)
                game.place_signi(live)
                if attacks_on_turn(turn, config.first):
                    attacks = np.where(live, game.field.sum(axis=1, dtype=np.int32) + 1, 0)
            game.discard(live)
            tally.grew[turn] += int(grew.sum())
            _record_turn(tally, turn, game, attacks, config)
        tally.games += n


def _record_setup(tally: Tally, n: int, config: SimConfig) -> None:
    """Turn 0: every game holds 5 cards, no ener, no SIGNI, a level-0 center, no refresh."""
    tally.levels[0][0] += n
    tally.hand[0] += OPENING_HAND * n
    tally.hand_sq[0] += OPENING_HAND * OPENING_HAND * n
    tally.field_signi[0][0] += n
    if min(config.refresh_turn, config.turns) == 0:
        tally.refresh_hist[0] = tally.refresh_hist.get(0, 0) + n


def _add(target: list, values: np.ndarray) -> None:
    for i, value in enumerate(values[: len(target)]):
        target[i] += int(value)


def _record_hits(tally: Tally, turn: int, per_group: np.ndarray, at_least: int) -> None:
    """``per_group``: groups × games, the number of group cards each game has seen."""
    if per_group.shape[0] == 0:
        return
    hits = (per_group >= at_least).sum(axis=1)
    for g, value in enumerate(hits):
        tally.hits[g][turn] += int(value)


def _record_turn(tally: Tally, turn: int, game: _Chunk, attacks: np.ndarray, config: SimConfig) -> None:
    hand = game.hand.sum(axis=1, dtype=np.int64)
    ener = game.ener.sum(axis=1, dtype=np.int64)
    _add(tally.levels[turn], np.bincount(game.node_level[game.center], minlength=tally.max_level + 1))
    tally.hand[turn] += int(hand.sum())
    tally.hand_sq[turn] += int((hand * hand).sum())
    tally.ener[turn] += int(ener.sum())
    tally.ener_sq[turn] += int((ener * ener).sum())
    _add(tally.field_signi[turn], np.bincount(game.field.sum(axis=1), minlength=MAX_SIGNI_ZONES + 1))
    tally.attacks[turn] += int(attacks.sum())
    tally.refreshes[turn] += int(game.refreshes.sum())
    if turn == min(config.refresh_turn, config.turns):
        for count, games in enumerate(np.bincount(game.refreshes)):
            if games:
                tally.refresh_hist[count] = tally.refresh_hist.get(count, 0) + int(games)

"""The simulation: both back ends against the closed forms, against each other, and the
rules of the model (draws, hand limit, charge, refresh) checked game by game."""

from __future__ import annotations

import math
import random
import sys

import pytest
from engine_helpers import D01, WD01, real_model

from wixoss_deckcheck.engine.odds import sim_python
from wixoss_deckcheck.engine.odds.exact import life_cloth_keep_all
from wixoss_deckcheck.engine.odds.groups import parse_group
from wixoss_deckcheck.engine.odds.policy import KEEP_ALL, builtin_policy
from wixoss_deckcheck.engine.odds.simulate import (
    choose_backend,
    default_groups,
    exact_hit,
    hit_group,
    make_group,
    run_simulation,
)
from wixoss_deckcheck.errors import UsageError

pytestmark = pytest.mark.slow  # simulations of thousands of games per test

np = pytest.importorskip("numpy")  # the test extra installs numpy; the fallback is tested below without it


def _within(simulated: float, exact: float, games: int, sigmas: float = 4.0) -> bool:
    se = math.sqrt(exact * (1 - exact) / games)
    return abs(simulated - exact) <= sigmas * se + 1e-9


@pytest.fixture(scope="module")
def d01(full_pool):
    return real_model(full_pool, D01)


@pytest.fixture(scope="module")
def wd01(full_pool):
    return real_model(full_pool, WD01)


@pytest.mark.parametrize("backend,games", [("numpy", 100_000), ("python", 8_000)])
@pytest.mark.parametrize("first", [True, False])
def test_keep_all_hits_match_the_hypergeometric(d01, backend, games, first):
    groups = default_groups(d01)
    tally, config, used = run_simulation(
        d01, KEEP_ALL, groups, games=games, seed=11, first=first, turns=6, backend=backend
    )
    assert used == backend and tally.games == games
    checked = 0
    for index, group in enumerate(groups):
        for turn in range(7):
            expected = exact_hit(KEEP_ALL, group, d01, 1, turn, first)
            assert expected is not None
            assert _within(tally.hits[index][turn] / games, expected, games), (group.label, turn)
            checked += 1
    assert checked == len(groups) * 7


@pytest.mark.parametrize("backend,games", [("numpy", 100_000), ("python", 10_000)])
def test_life_burst_in_life_cloth_matches_the_hypergeometric(d01, backend, games):
    tally, _config, _used = run_simulation(d01, KEEP_ALL, [], games=games, seed=5, turns=0, backend=backend)
    for count, expected in enumerate(life_cloth_keep_all(40, 20)):
        assert _within(tally.life_burst[count] / games, expected, games), count
    assert sum(tally.life_burst) == games


@pytest.mark.parametrize("backend,games", [("numpy", 100_000), ("python", 10_000)])
def test_find_policy_matches_its_closed_form(full_pool, d01, backend, games):
    policy = builtin_policy("find:WXDi-D01-015", full_pool)
    group = hit_group("WXDi-D01-015", d01, full_pool)
    tally, _config, _used = run_simulation(d01, policy, [group], games=games, seed=3, turns=2, backend=backend)
    for turn in range(3):
        expected = exact_hit(policy, group, d01, 1, turn, True)
        assert expected is not None
        assert _within(tally.hits[0][turn] / games, expected, games), turn
    assert tally.returned[5] > 0 and tally.returned[1] == 0  # all or nothing goes back


def test_curve_policy_sends_high_signi_back(full_pool, d01):
    policy = builtin_policy("curve", full_pool)
    level3 = make_group(parse_group("level:3"), d01)
    keep, _c, _u = run_simulation(d01, KEEP_ALL, [level3], games=50_000, seed=2, turns=0)
    curve, _c, _u = run_simulation(d01, policy, [level3], games=50_000, seed=2, turns=0)
    assert exact_hit(policy, level3, d01, 1, 0, True) is None  # no closed form: simulated only
    assert curve.hits[0][0] < keep.hits[0][0] * 0.5
    assert sum(n for i, n in enumerate(curve.returned) if i > 0) > 0


@pytest.mark.parametrize("backend", ["numpy", "python"])
def test_seeded_runs_repeat_exactly(d01, backend):
    groups = default_groups(d01)
    runs = [
        run_simulation(d01, KEEP_ALL, groups, games=3000, seed=seed, turns=8, goldfish=True, backend=backend)[0]
        for seed in (42, 42, 43)
    ]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def _compare(a, b, key_a: float, key_b: float, sd: float) -> None:
    se = sd * math.sqrt(1 / a + 1 / b)
    assert abs(key_a - key_b) <= 5 * se + 1e-6


@pytest.mark.parametrize("deck_name", ["d01", "wd01"])
@pytest.mark.parametrize("first", [True, False])
def test_goldfish_back_ends_agree(request, deck_name, first):
    model = request.getfixturevalue(deck_name)
    fast, _c, _u = run_simulation(
        model, KEEP_ALL, [], games=40_000, seed=8, first=first, turns=10, goldfish=True, backend="numpy"
    )
    slow, _c, _u = run_simulation(
        model, KEEP_ALL, [], games=4_000, seed=8, first=first, turns=10, goldfish=True, backend="python"
    )
    n_fast, n_slow = fast.games, slow.games
    for turn in range(11):
        for total in ("hand", "ener", "attacks"):
            _compare(n_fast, n_slow, getattr(fast, total)[turn] / n_fast, getattr(slow, total)[turn] / n_slow, 1.5)
        mean_level = [sum(level * n for level, n in enumerate(t.levels[turn])) / t.games for t in (fast, slow)]
        _compare(n_fast, n_slow, *mean_level, 1.0)
        mean_field = [sum(i * n for i, n in enumerate(t.field_signi[turn])) / t.games for t in (fast, slow)]
        _compare(n_fast, n_slow, *mean_field, 1.0)
    assert fast.levels[10][model.max_level] / n_fast > 0.9  # the starter decks reach their top level


def test_first_player_draws_one_on_turn_one(d01):
    for backend in ("numpy", "python"):
        first, _c, _u = run_simulation(d01, KEEP_ALL, [], games=500, seed=1, first=True, turns=2, backend=backend)
        second, _c, _u = run_simulation(d01, KEEP_ALL, [], games=500, seed=1, first=False, turns=2, backend=backend)
        # no cards are played outside goldfish: hand = 5 + draws - 1 charge a turn
        assert first.hand[1] == 500 * 5 and second.hand[1] == 500 * 6
        assert first.hand[2] == 500 * 6 and second.hand[2] == 500 * 6  # discarded down to 6 at the end
        assert first.ener[1] == 500 and first.ener[2] >= 500  # one charge a turn, grow costs paid from it


def test_refresh_happens_when_the_deck_runs_out(d01):
    # 28 cards are left after setup; the second player draws 2 a turn, so the deck runs out on turn 14
    for backend, games in (("numpy", 20_000), ("python", 2_000)):
        tally, config, _u = run_simulation(
            d01, KEEP_ALL, [], games=games, seed=4, first=False, turns=16, goldfish=True, backend=backend
        )
        assert tally.refreshes[13] == 0
        assert tally.refreshes[14] == games  # every game refreshes exactly once on turn 14
        assert tally.refreshes[16] == games


def _python_games(model, turns: int, seed: int, first: bool, goldfish: bool, policy=KEEP_ALL):
    """Play single games with the pure-Python game object, checking the rules after each turn."""
    rng = random.Random(seed)
    plan = policy.plan(model.cards)
    for _ in range(30):
        game = sim_python._Game(model, rng)
        game.setup(plan, policy.keeps_all)
        assert sum(game.hand) == 5 and len(game.life_cloth) == 7
        for turn in range(1, turns + 1):
            ener_before = sum(game.ener)
            refreshes_before = game.refreshes
            life_before = len(game.life_cloth)
            game.refresh()
            game.draw(1 if first and turn == 1 else 2)
            game.refresh()
            game.charge()
            grew = game.grow_center()
            if goldfish:
                game.grow_assists()
                game.place_signi()
            game.discard()
            total = (
                len(game.deck)
                + sum(game.hand)
                + sum(game.ener)
                + sum(game.trash)
                + sum(game.field)
                + len(game.life_cloth)
            )
            assert total == model.size
            assert sum(game.hand) <= 6
            assert sum(game.field) <= 3
            levels = sum(model.levels[k] * n for k, n in enumerate(game.field))
            assert levels <= game.limit
            assert all(model.levels[k] <= game.center_level for k, n in enumerate(game.field) if n)
            if not goldfish and not grew:
                assert sum(game.ener) == ener_before + 1
            assert len(game.life_cloth) == life_before - (game.refreshes - refreshes_before)
        yield game


def test_game_rules_hold_turn_by_turn(d01, wd01):
    for model in (d01, wd01):
        games = list(_python_games(model, 20, seed=9, first=True, goldfish=True))
        assert all(game.refreshes >= 1 for game in games)  # 20 turns always run the deck out
        assert all(game.center_level == model.max_level for game in games)
        games = list(_python_games(model, 8, seed=10, first=False, goldfish=False))
        assert games


def test_numpy_zones_conserve_cards(d01):
    from wixoss_deckcheck.engine.odds import sim_numpy

    rng = np.random.Generator(np.random.PCG64(1))
    chunk = sim_numpy._Chunk(d01, 2000, rng)
    chunk.setup(builtin_policy("curve").plan(d01.cards), False)
    chunk.start_turns()
    for turn in range(1, 18):
        live = np.ones(2000, dtype=bool)
        chunk.refresh()
        chunk.draw(1 if turn == 1 else 2)
        chunk.refresh()
        chunk.charge(live)
        chunk.grow_center(live)
        chunk.grow_assists(live)
        chunk.place_signi(live)
        chunk.discard(live)
        total = (chunk.deck + chunk.hand + chunk.ener + chunk.trash + chunk.field + chunk.life_cloth).sum(axis=1)
        assert (total == 40).all()
        assert (chunk.deck.sum(axis=1) == chunk.deck_total).all()
        assert (chunk.trash.sum(axis=1) == chunk.trash_total).all()
        assert (chunk.hand.sum(axis=1) <= 6).all()
        assert (chunk.field.sum(axis=1) <= 3).all()
        assert (chunk.deck >= 0).all() and (chunk.hand >= 0).all() and (chunk.ener >= 0).all()
    assert (chunk.refreshes >= 1).all()


def test_backend_falls_back_to_pure_python_without_numpy(monkeypatch, d01):
    monkeypatch.setitem(sys.modules, "numpy", None)  # "import numpy" now fails
    name, module = choose_backend("auto")
    assert name == "python" and module is sim_python
    with pytest.raises(UsageError, match=r"wixoss-deckcheck\[sim\]"):
        choose_backend("numpy")
    tally, _config, used = run_simulation(d01, KEEP_ALL, default_groups(d01)[:1], games=2000, seed=1, turns=0)
    assert used == "python" and tally.games == 2000

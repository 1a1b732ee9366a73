"""The goldfish through the rules engine: every trace replays as legal, and it plays like a player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DECKS, run_main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.engine.game.setup import load_game_deck
from wixoss_deckcheck.engine.goldfish.plan import build_plan, choose_start
from wixoss_deckcheck.engine.goldfish.play import Seat
from wixoss_deckcheck.engine.goldfish.run import trace_header, write_trace
from wixoss_deckcheck.engine.goldfish.seats import run_seat, wilson
from wixoss_deckcheck.engine.odds.policy import builtin_policy

STARTERS = sorted((DECKS / "text").glob("*.txt"))  # All-Star WD01 and the Diva WXDi-D01..D03


@pytest.fixture(scope="module")
def loaded_decks(full_pool):
    return {path.name: load_game_deck(str(path), full_pool, as_of="2026-11-30") for path in STARTERS}


def _round_trip(tmp_path, pool, loaded, seed: int, first: bool, crushes: int, mulligan=None, games: int = 3):
    plan = build_plan(loaded.book, loaded.rules)
    trace: list[dict] = []
    path = tmp_path / f"trace-{seed}-{first}-{crushes}.jsonl"
    start = [loaded.book.lrig_cards[lrig_id].number for lrig_id in (plan.center, *plan.assists)]
    run_seat(
        loaded,
        plan,
        Seat(first, 12, crushes, mulligan),
        games,
        seed,
        trace,
        trace_header(loaded, start, str(path), seed),
    )
    write_trace(str(path), trace)
    _game, outcomes = replay(read_record(str(path)), pool)
    return [o for o in outcomes if o.slug is not None], outcomes


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**32 - 1),
    first=st.booleans(),
    crushes=st.integers(0, 3),
    deck=st.sampled_from([p.name for p in STARTERS]),
    curve=st.booleans(),
)
def test_every_goldfish_trace_replays_as_legal(tmp_path, full_pool, loaded_decks, seed, first, crushes, deck, curve):
    loaded = loaded_decks[deck]
    mulligan = builtin_policy("curve:1").plan(loaded.book.main_cards) if curve else None
    bad, outcomes = _round_trip(tmp_path, full_pool, loaded, seed, first, crushes, mulligan)
    assert bad == [], bad[:3]
    assert len({o.game for o in outcomes}) == 3


@pytest.mark.slow
@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("deck", [p.name for p in STARTERS])
def test_many_seeds_round_trip(tmp_path, full_pool, loaded_decks, deck, first):
    bad, _outcomes = _round_trip(tmp_path, full_pool, loaded_decks[deck], 20261130, first, 1, games=40)
    assert bad == []


def test_an_edited_trace_is_caught(tmp_path, full_pool, loaded_decks):
    loaded = loaded_decks["rx-wxdi-d02.txt"]
    _bad, _ = _round_trip(tmp_path, full_pool, loaded, 5, True, 0, games=1)
    path = next(tmp_path.glob("trace-5-*.jsonl"))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    grow = next(i for i, line in enumerate(lines) if line.get("action") == "grow" and line["turn"] == 2)
    lines[grow]["card"] = "WXDi-D02-04L"  # Lv1 -> Lv3
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    _game, outcomes = replay(read_record(str(path)), full_pool)
    assert [o.slug for o in outcomes if o.slug][:1] == ["grow-level"]


@pytest.mark.slow
def test_lv3_on_curve_for_the_diva_starter(loaded_decks):
    """WXDi-D02: the Lv3 grow on turn 3 needs 3 white ener; charged with the path in view it is ~99%."""
    loaded = loaded_decks["rx-wxdi-d02.txt"]
    plan = build_plan(loaded.book, loaded.rules)
    for first in (True, False):
        tally = run_seat(loaded, plan, Seat(first, 3), 1500, 11)
        assert tally.level_at_least[3][3] / tally.games > 0.97


def test_start_is_a_legal_distinct_type_trio(loaded_decks):
    for name, loaded in loaded_decks.items():
        center, assists = choose_start(loaded.book, loaded.rules)
        book = loaded.book
        assert book.lrig_cards[center].type == "LRIG" and book.lrig_cards[center].level == 0
        if name.startswith("rx-wxdi"):
            types = [book.lrig_types[lrig_id] for lrig_id in (center, *assists)]
            assert len(assists) == 2 and len(set(types)) == 3
        else:
            assert assists == ()


def test_guards_stay_in_the_hand(loaded_decks):
    loaded = loaded_decks["rx-wxdi-d02.txt"]
    plan = build_plan(loaded.book, loaded.rules)
    tally = run_seat(loaded, plan, Seat(True, 6), 2000, 3)
    # a guard is in the 6 cards seen by the first player's turn 1 with P = 1 - C(36,6)/C(40,6) = 0.4917
    assert tally.guard[1] / tally.games == pytest.approx(0.4917, abs=0.04)
    assert all(tally.guard[t + 1] >= tally.guard[t] for t in range(1, 6))  # never charged, placed or discarded


def test_opponent_crushes_reach_the_ener(loaded_decks):
    loaded = loaded_decks["wx-wd01-white-hope.txt"]
    plan = build_plan(loaded.book, loaded.rules)
    quiet = run_seat(loaded, plan, Seat(True, 4, 0), 300, 1)
    crushed = run_seat(loaded, plan, Seat(True, 4, 2), 300, 1)
    assert crushed.bursts.n == 300 and crushed.bursts.total > 0 and quiet.bursts.total == 0
    assert crushed.ener[4].total > quiet.ener[4].total


def test_wilson_interval_is_honest_at_the_ends():
    assert wilson(0, 100)[0] == 0.0 and 0 < wilson(0, 100)[1] < 0.05
    assert wilson(100, 100)[1] == 1.0 and 0.95 < wilson(100, 100)[0] < 1
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.19, abs=0.01)


def test_simulate_trace_and_replay_cli(tmp_path, full_pool_path, capsys):
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    trace = tmp_path / "one.jsonl"
    code, out, err = run_main(
        capsys,
        "simulate",
        str(deck),
        "--goldfish",
        "--games",
        "1",
        "--seed",
        "4",
        "--trace",
        str(trace),
        "--opponent-crushes",
        "1",
        "--cardpool",
        str(full_pool_path),
    )
    assert code == 0, err
    lines = trace.read_text(encoding="utf-8").splitlines()
    assert sum(1 for line in lines if line.startswith('{"game"')) == 1
    assert json.loads(lines[0])["game"]["start"][0] == "WXDi-D01-001"
    code, out, err = run_main(capsys, "replay", str(trace), "--cardpool", str(full_pool_path))
    assert code == 2 and "outside the record's folder" in err, out + err  # issue 25: the deck is in ../shared
    code, out, err = run_main(capsys, "replay", str(trace), "--allow-outside", "--cardpool", str(full_pool_path))
    assert code == 0 and "legal" in out, out + err
    code, _out, err = run_main(capsys, "simulate", str(deck), "--trace", str(trace), "--cardpool", str(full_pool_path))
    assert code == 2 and "need --goldfish" in err


def test_simulate_warns_when_the_deck_is_illegal(tmp_path, full_pool_path, capsys):
    from conftest import EXAMPLES

    code, _out, err = run_main(
        capsys,
        "simulate",
        str(EXAMPLES / "diva-illegal.txt"),
        "--games",
        "200",
        "--backend",
        "python",
        "--cardpool",
        str(full_pool_path),
    )
    assert code == 0 and err.startswith("warning: ") and "not legal in diva" in err
    code, _out, err = run_main(
        capsys,
        "simulate",
        str(DECKS / "text" / "rx-wxdi-d01.txt"),
        "--games",
        "200",
        "--backend",
        "python",
        "--cardpool",
        str(full_pool_path),
    )
    assert code == 0 and "warning" not in err


def test_simulate_judges_a_hand_exactly(full_pool_path, capsys):
    deck = DECKS / "text" / "rx-wxdi-d02.txt"
    hand = "WXDi-D02-20,WXDi-D02-23,WXDi-D02-24,WXDi-D02-25,WXDi-D02-29"
    args = [
        "simulate",
        str(deck),
        "--hit",
        "guard",
        "--by-turn",
        "2",
        "--hand",
        hand,
        "--return",
        "WXDi-D02-24,WXDi-D02-25,WXDi-D02-29",
        "--games",
        "500",
        "--cardpool",
        str(full_pool_path),
    ]
    code, out, err = run_main(capsys, *args, "-O", "json")
    choice = json.loads(out)["hand_choice"]
    # keep: 1 - C(31,3)/C(35,3); return 3: 1 - C(34,6)/C(38,6)
    assert code == 0 and choice["keep"] == pytest.approx(0.313216, abs=1e-6)
    assert choice["return"] == pytest.approx(0.512836, abs=1e-6) and choice["better"] == "return"
    code, _out, err = run_main(capsys, *args[:-4], "--return", "WXDi-D02-21", "--cardpool", str(full_pool_path))
    assert code == 2 and "not in --hand" in err


@pytest.mark.parametrize("day", ["2016-06-01", "2021-06-01"])
def test_round_trip_under_older_rules(tmp_path, full_pool, day):
    """The 2016 rules (one LRIG, active trash of 1, grows also downward) and the 2021 Diva rules (3 LRIGs only)."""
    deck = "wx-wd01-white-hope.txt" if day < "2020" else "rx-wxdi-d03.txt"
    fmt = "all-star" if day < "2020" else "diva"
    loaded = load_game_deck(str(DECKS / "text" / deck), full_pool, fmt, day)
    assert loaded.rules.as_of == day
    for first in (True, False):
        bad, _outcomes = _round_trip(tmp_path, full_pool, loaded, 99, first, 2, games=30)
        assert bad == []


REAL = sorted((Path(__file__).parent / "realdecks").rglob("*.txt"))


def _real_header(path, key: str) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {key}:"):
            return line.split(":", 1)[1].split()[0]
    raise AssertionError(path)


@pytest.mark.slow
@pytest.mark.parametrize("path", REAL, ids=[p.stem for p in REAL])
def test_real_decks_of_every_era_round_trip(tmp_path, merged_pool, path):
    """Every real deck (All-Star 2014-2018, Key 2018, Diva 2022-2025), on its date: its goldfish traces replay legal."""
    loaded = load_game_deck(str(path), merged_pool, _real_header(path, "format"), _real_header(path, "date"))
    for first in (True, False):
        bad, _outcomes = _round_trip(tmp_path, merged_pool, loaded, 17, first, 1, games=8)
        assert bad == [], bad[:2]

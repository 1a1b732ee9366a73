"""The rules engine never crashes: mutated records give findings, unreadable ones one error line."""

from __future__ import annotations

import json
import random

import pytest
from conftest import DECKS
from engine_records import ev, header, wd01, wd01_two_turns, write_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.errors import InputError

CARDS = [f"WD01-{n:03d}" for n in range(1, 19)] + ["WD02-004", "NOPE-1", "coin"]
ZONES = ["deck", "hand", "ener", "trash", "life_cloth", "field", "check", "lrig_deck", "lrig_trash", "removed"]


def _mutate(events: list[dict], rng: random.Random) -> list[dict]:
    out = [dict(e) for e in events]
    for _ in range(rng.randint(1, 6)):
        kind = rng.choice(["drop", "dup", "swap", "card", "turn", "insert"])
        i = rng.randrange(len(out))
        if kind == "drop" and len(out) > 1:
            del out[i]
        elif kind == "dup":
            out.insert(i, dict(out[i]))
        elif kind == "swap":
            j = rng.randrange(len(out))
            out[i], out[j] = out[j], out[i]
        elif kind == "card" and "card" in out[i]:
            out[i]["card"] = rng.choice(CARDS[:-1])
        elif kind == "turn":
            out[i]["turn"] = max(0, out[i]["turn"] + rng.choice([-1, 1, 2]))
        elif kind == "insert":
            turn = out[i]["turn"]
            out.insert(
                i,
                rng.choice(
                    [
                        ev(
                            turn,
                            "move",
                            card=rng.choice(CARDS[:-1]),
                            **{"from": rng.choice(ZONES), "to": rng.choice(ZONES)},
                        ),
                        ev(turn, "use", card=rng.choice(CARDS[:-1]), pay=rng.sample(CARDS, 2)),
                        ev(turn, "assist_grow", card=rng.choice(CARDS[:8]), side="left"),
                        ev(turn, "attack", lrig="center"),
                        ev(turn, "trash", cards=rng.sample(CARDS[8:18], 2)),
                        ev(turn, "end", discard=rng.sample(CARDS[8:18], 3)),
                        ev(turn, "move", card="x", **{"from": "token", "to": "lrig_zone"}),
                    ]
                ),
            )
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_records_give_findings_never_a_crash(tmp_path, full_pool, seed):
    wd01(tmp_path)
    events = _mutate(wd01_two_turns(), random.Random(seed))
    _game, outcomes = replay(read_record(str(write_record(tmp_path, [header(), *events]))), full_pool)
    assert {o.index for o in outcomes} == set(range(len(events) + 1))  # every event has an outcome


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=300))
def test_any_text_is_read_or_refused_in_one_line(tmp_path, text):
    path = tmp_path / "r.jsonl"
    path.write_text('{"game": {"deck": "d.txt", "player": "first", "start": ["X"]}}\n' + text, encoding="utf-8")
    try:
        read_record(str(path))
    except InputError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))


@pytest.mark.parametrize("suffix", [".jsonl", ".yaml"])
def test_binary_garbage_is_one_error(tmp_path, suffix):
    path = tmp_path / f"r{suffix}"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(InputError):
        read_record(str(path))


def test_a_turn_before_the_life_cloth_is_one_finding(tmp_path, full_pool):
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    (tmp_path / "d01.txt").write_text(deck.read_text(encoding="utf-8"), encoding="utf-8")
    lines = [header("d01.txt", start=("WXDi-D01-001", "WXDi-D01-005", "WXDi-D01-008"), fmt="diva")]
    events = [ev(0, "draw", cards=["WXDi-D01-012"] * 4 + ["WXDi-D01-013"])]
    path = write_record(tmp_path, [*lines, *events, ev(1, "draw", cards=["WXDi-D01-013"])])
    _game, outcomes = replay(read_record(str(path)), full_pool)
    assert [o.slug for o in outcomes if o.slug] == ["phase-order"]  # turn 1 before the Life Cloth
    assert json.dumps([o.args for o in outcomes])  # findings are plain data


@pytest.fixture(scope="module")
def diva_trace(full_pool, tmp_path_factory):
    from wixoss_deckcheck.engine.game.setup import load_game_deck
    from wixoss_deckcheck.engine.goldfish.plan import build_plan
    from wixoss_deckcheck.engine.goldfish.play import Seat
    from wixoss_deckcheck.engine.goldfish.seats import run_seat

    folder = tmp_path_factory.mktemp("diva")
    deck = folder / "d02.txt"
    deck.write_text((DECKS / "text" / "rx-wxdi-d02.txt").read_text(encoding="utf-8"), encoding="utf-8")
    loaded = load_game_deck(str(deck), full_pool, as_of="2026-11-30")
    plan = build_plan(loaded.book, loaded.rules)
    trace: list[dict] = []
    start = [loaded.book.lrig_cards[lrig_id].number for lrig_id in (plan.center, *plan.assists)]
    head = {"format": "diva", "as_of": "2026-11-30", "deck": "d02.txt", "start": start}
    run_seat(loaded, plan, Seat(False, 8, 2), 1, 3, trace, head)
    return folder, trace


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_diva_traces_never_crash(full_pool, diva_trace, seed):
    folder, trace = diva_trace
    rng = random.Random(seed)
    events = _mutate(trace[1:], rng)
    for event in events:
        if "card" in event and rng.random() < 0.2:
            event["card"] = rng.choice(["WXDi-D02-07LT", "WXDi-D02-19LAT", "WXDi-D02-04L", "WXDi-D02-28"])
    path = write_record(folder, [trace[0], *events], f"m{seed}.jsonl")
    _game, outcomes = replay(read_record(str(path)), full_pool)
    assert {o.index for o in outcomes} == set(range(len(events) + 1))

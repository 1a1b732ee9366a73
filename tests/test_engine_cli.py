"""``wixoss-deckcheck simulate``: the acceptance question, reports, plots and input errors."""

from __future__ import annotations

import json
import sys
from math import comb

import pytest
from conftest import run_main
from engine_helpers import D01, WD01


def _run(argv, capsys):
    """Run the command line in-process: the exit code, stdout and stderr."""
    return run_main(capsys, *argv)


def _simulate(args, pool, capsys):
    code, out, err = _run(["simulate", *args, "--cardpool", str(pool)], capsys)
    return code, out, err


def test_acceptance_four_copies_by_turn_zero(full_pool_path, capsys):
    code, out, err = _simulate(
        [str(D01), "--hit", "WXDi-D01-015", "--by-turn", "0", "--output-format", "json"], full_pool_path, capsys
    )
    assert code == 0, err
    report = json.loads(out)
    expected = 1 - comb(36, 5) / comb(40, 5)
    assert round(report["probability_exact"], 4) == 0.4271
    assert report["probability_exact"] == pytest.approx(expected)
    assert abs(report["probability_simulated"] - expected) <= 3 * report["standard_error"]
    assert report["samples"] == report["games"] == 100_000
    assert report["copies"] == 4 and report["mulligan"]["name"] == "keep"
    assert isinstance(report["seed"], int)


def test_hit_by_name_and_seeded_runs_repeat(full_pool_path, capsys):
    args = [
        str(D01),
        "--hit",
        "大装　トビエル",
        "--by-turn",
        "3",
        "--second",
        "--games",
        "20000",
        "--seed",
        "9",
        "-O",
        "json",
    ]
    first = json.loads(_simulate(args, full_pool_path, capsys)[1])
    again = json.loads(_simulate(args, full_pool_path, capsys)[1])
    assert first == again
    assert first["cards_seen"] == 11 and first["player"] == "second"
    assert first["probability_exact"] == pytest.approx(1 - comb(36, 11) / comb(40, 11))
    other = json.loads(_simulate(args[:-3] + ["10", "-O", "json"], full_pool_path, capsys)[1])
    assert other["probability_simulated"] != first["probability_simulated"]


def test_group_hit_without_closed_form_under_a_policy(full_pool_path, capsys):
    code, out, _err = _simulate(
        [
            str(D01),
            "--hit",
            "level:1",
            "--at-least",
            "2",
            "--mulligan",
            "curve",
            "--games",
            "20000",
            "--seed",
            "1",
            "-O",
            "json",
        ],
        full_pool_path,
        capsys,
    )
    report = json.loads(out)
    assert report["probability_exact"] is None
    assert 0 < report["probability_simulated"] < 1 and report["standard_error"] > 0
    assert report["at_least"] == 2


def test_full_report_json(full_pool_path, capsys):
    code, out, _err = _simulate([str(WD01), "--games", "20000", "--seed", "3", "-O", "json"], full_pool_path, capsys)
    report = json.loads(out)
    groups = {hit["group"]: hit for hit in report["hits"]}
    assert {"guard", "lifeburst", "level:1", "type:SIGNI"} <= set(groups)
    assert len(groups["guard"]["by_turn"]) == 7  # turns 0..6
    assert all(entry["probability_exact"] is not None for entry in groups["guard"]["by_turn"])
    life = report["life_cloth"]
    assert life["life_burst_cards_in_deck"] == 20 and len(life["distribution"]) == 8
    assert [row["level"] for row in report["grow"]] == [1, 2, 3, 4]
    assert report["grow"][0]["probability_simulated"] == 1.0  # level 1 is free
    assert report["by_turn"][0]["hand"]["mean"] == 5.0
    assert "goldfish" not in report and "out of scope" in report["card_effects"]


def test_goldfish_report(full_pool_path, capsys):
    code, out, _err = _simulate(
        [str(D01), "--goldfish", "--games", "300", "--seed", "3", "-O", "json"], full_pool_path, capsys
    )
    report = json.loads(out)
    gold = report["goldfish"]
    assert code == 0 and report["turns"] == 10 and gold["turns"] == 10
    assert set(gold["seats"]) == {"first", "second"} and gold["games_per_seat"] == 300
    first = gold["seats"]["first"]
    assert [row["level"] for row in first["on_curve"]] == [1, 2, 3]
    for row in first["on_curve"]:
        low, high = row["wilson_95"]
        assert 0 <= low <= row["probability"] <= high <= 1 and row["samples"] == 300
    assert [row["opponent_turn"] for row in first["guard_in_hand_on_opponents_turn"]] == list(range(1, 11))
    assert first["by_turn"][4]["signi_on_field"]["mean"] > 2
    code, text, _err = _simulate([str(D01), "--goldfish", "--games", "200", "--seed", "3"], full_pool_path, capsys)
    assert "Goldfish (rules engine" in text and "Going second" in text and "on curve" in text


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plot(tmp_path, full_pool_path, capsys, suffix):
    pytest.importorskip("matplotlib")
    target = tmp_path / f"curves{suffix}"
    code, _out, err = _simulate(
        [str(D01), "--games", "5000", "--seed", "1", "--plot", str(target)], full_pool_path, capsys
    )
    assert code == 0, err
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data[:2000]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left
    hit = tmp_path / f"hit{suffix}"
    _simulate(
        [str(D01), "--hit", "guard", "--by-turn", "4", "--games", "5000", "--plot", str(hit)], full_pool_path, capsys
    )
    assert hit.stat().st_size > 0


def test_plot_without_matplotlib_is_a_clear_usage_error(tmp_path, full_pool_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = _simulate([str(D01), "--plot", str(tmp_path / "x.png")], full_pool_path, capsys)
    assert code == 2 and out == ""
    assert err.strip() == "error: --plot needs matplotlib: pip install 'wixoss-deckcheck[plot]'"


@pytest.mark.parametrize(
    "args,message",
    [
        (["--hit", "WD01-009"], "is not in the main deck"),
        (["--hit", "no such card xyz"], "unknown card or group"),
        (["--mulligan", "sometimes"], "unknown mulligan policy"),
        (["--by-turn", "2"], "--by-turn needs --hit"),
        (["--plot", "curves.pdf"], "--plot writes .png or .svg"),
        (["--games", "0"], "--games"),
        (["--format", "nope"], "nope"),
    ],
)
def test_usage_errors_exit_2_with_one_line(full_pool_path, capsys, args, message):
    code, out, err = _simulate([str(D01), *args], full_pool_path, capsys)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_bad_policy_file_names_file_line_and_path(tmp_path, full_pool_path, capsys):
    policy = tmp_path / "policy.yaml"
    policy.write_text("name: x\nreturn:\n  - {level: 3, colour: purple}\n", encoding="utf-8")
    code, out, err = _simulate([str(D01), "--mulligan", str(policy)], full_pool_path, capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {policy}:3: ") and "/return/0/colour" in err


def test_deck_problems_exit_2(tmp_path, full_pool_path, capsys):
    deck = tmp_path / "typo.txt"
    deck.write_text("[main]\n4 WXDi-D01-012\n4 no such card xyz\n", encoding="utf-8")
    code, _out, err = _simulate([str(deck)], full_pool_path, capsys)
    assert code == 2 and err.startswith(f"error: {deck}:3: unknown card")
    small = tmp_path / "small.txt"
    small.write_text("[main]\n4 WXDi-D01-012\n4 WXDi-D01-013\n", encoding="utf-8")
    code, _out, err = _simulate([str(small)], full_pool_path, capsys)
    assert code == 2 and "a game needs at least 12" in err
    code, _out, err = _simulate([str(tmp_path / "missing.txt")], full_pool_path, capsys)
    assert code == 2 and "missing.txt" in err


def test_pure_python_backend_from_the_command_line(full_pool_path, capsys):
    code, out, _err = _simulate(
        [str(D01), "--backend", "python", "--hit", "guard", "--games", "4000", "--seed", "2", "-O", "json"],
        full_pool_path,
        capsys,
    )
    report = json.loads(out)
    assert report["backend"] == "python" and report["samples"] == 4000
    assert abs(report["probability_simulated"] - report["probability_exact"]) <= 4 * report["standard_error"]

"""``simulate``'s text report and ``--plot`` picture in the chosen language: merged rows, the
± explained, the model's omissions said, goldfish attacks; distinguishable series, legend
outside, integer turns, CJK font or a warning with number labels."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from conftest import run_main
from engine_helpers import D01

from wixoss_deckcheck.cli import main


def _run(argv, capsys):
    """Run the command line in-process: the exit code, stdout and stderr."""
    return run_main(capsys, *argv)


def _simulate(args, pool, capsys):
    return _run(["simulate", str(D01), "--cardpool", str(pool), "--seed", "5", *args], capsys)


@pytest.fixture(scope="module")
def report_json(full_pool_path):
    """The JSON report of D01 (10 cards with 4 copies each, 9 SIGNI and 1 SPELL)."""
    import io
    from contextlib import redirect_stdout

    buffer = io.StringIO()
    with redirect_stdout(buffer):
        try:
            main(
                [
                    "simulate",
                    str(D01),
                    "--cardpool",
                    str(full_pool_path),
                    "--seed",
                    "5",
                    "--games",
                    "2000",
                    "-O",
                    "json",
                ]
            )
        except SystemExit as exc:
            assert not exc.code
    return json.loads(buffer.getvalue())


def test_english_report_merges_identical_rows_and_explains(full_pool_path, capsys):
    code, out, err = _simulate(["--games", "2000", "--lang", "en"], full_pool_path, capsys)
    assert code == 0, err
    assert "each of the 10 cards with 4 copies" in out  # ten identical lines merged into one
    assert "each of: level 1 / level 2 / level 3" in out
    assert out.count("大装　トビエル (WXDi-D01-015)") == 1  # listed once, under the merged row
    assert "± is one standard error" in out and out.count("± is one standard error") == 1
    assert "--opponent-crushes" in out  # crushed Life Cloth → ener only in the goldfish
    assert "Card effects are out of scope" in out
    assert "going first" in out and "Means by turn:" in out
    table = out.split("P(at least 1 seen) by turn")[1].split("Life Burst cards among")[0]
    rows = [line for line in table.splitlines() if "%" in line]
    assert len(rows) == 5  # 17 groups: 10 cards as 1, 3 levels as 1, SIGNI, SPELL+guard as 1, Life Burst


def test_japanese_report_uses_japanese_words(full_pool_path, capsys):
    code, out, err = _simulate(["--games", "2000", "--lang", "ja"], full_pool_path, capsys)
    assert code == 0, err
    for words in (
        "4枚積みのカード10種（各）",
        "標準誤差",
        "マリガン",
        "センター",
        "ライフクロス",
        "レベル1",
        "ターンごとの平均",
        "先攻",
    ):
        assert words in out, words
    for english in ("each of", "standard error", "games, seed", "Means by turn", "cost free"):
        assert english not in out, english


def test_traditional_chinese_report_is_converted(full_pool_path, capsys):
    code, out, _err = _simulate(["--games", "500", "--lang", "zh-Hant"], full_pool_path, capsys)
    assert code == 0 and "標準誤差" in out and "種" in out and "标准误差" not in out


def test_locale_chooses_the_language(full_pool_path, capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    code, out, _err = _simulate(["--games", "500"], full_pool_path, capsys)
    assert code == 0 and "ターンごとの平均" in out


def test_hit_question_in_japanese(full_pool_path, capsys):
    code, out, _err = _simulate(
        ["--hit", "guard", "--by-turn", "2", "--games", "2000", "--lang", "ja"], full_pool_path, capsys
    )
    assert code == 0
    assert "ターン2までに ガード［4枚］を1枚以上見る確率" in out and "厳密" in out and "標準誤差" in out


def test_goldfish_shows_attacks_and_the_crush_note(full_pool_path, capsys):
    args = ["--goldfish", "--games", "100", "--turns", "4", "--lang", "en"]
    code, out, _err = _simulate(args, full_pool_path, capsys)
    assert code == 0
    attacks = [line for line in out.splitlines() if line.strip().startswith("attacks by turn")]
    assert len(attacks) == 2  # both seats
    first = attacks[0].split(": ", 1)[1].split("; ")
    assert first[0].startswith("t1 0.00")  # the first player does not attack on turn 1
    assert float(first[-1].split()[1].split("±")[0]) >= 1  # the center attacks at least
    assert "The opponent does nothing: no Life Cloth is crushed" in out
    code, out, _err = _simulate([*args, "--opponent-crushes", "2"], full_pool_path, capsys)
    assert "crush 2 Life Cloth a turn (into your ener)" in out and "Life Bursts shown" in out
    code, json_out, _err = _simulate([*args, "-O", "json"], full_pool_path, capsys)
    seat = json.loads(json_out)["goldfish"]["seats"]["second"]
    assert seat["by_turn"][0]["attacks"]["mean"] >= 1  # going second attacks on turn 1


def test_render_merges_only_identical_rows(report_json):
    from wixoss_deckcheck.reporters.play.simulation_text import render_simulation

    report = json.loads(json.dumps(report_json))
    report["hits"][0]["by_turn"][3]["probability_exact"] = 0.5  # one card differs now
    out = render_simulation(report, "en")
    assert "each of the 9 cards with 4 copies" in out
    first = report["hits"][0]["group"]
    assert sum(1 for line in out.splitlines() if line.startswith(first[:10])) == 1  # its own row


# -- the picture ---------------------------------------------------------------------------


def _capture_plot(monkeypatch):
    """Run write_plot for real, keeping the figure's objects to inspect."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    kept = {}
    close = plt.close

    def keep(figure=None):
        if figure is not None and hasattr(figure, "axes"):
            kept["figure"] = figure
            kept["axes"] = figure.axes[0]
        return close(figure)

    monkeypatch.setattr(plt, "close", keep)
    return kept


@pytest.mark.slow
def test_plot_series_are_distinguishable_and_merged(tmp_path, full_pool_path, capsys, monkeypatch):
    kept = _capture_plot(monkeypatch)
    from wixoss_deckcheck.reporters.play import plot

    monkeypatch.setattr(plot, "find_cjk_font", lambda: "DejaVu Sans")  # as if one were installed
    target = tmp_path / "curves.png"
    code, _out, err = _simulate(["--games", "2000", "--lang", "en", "--plot", str(target)], full_pool_path, capsys)
    assert code == 0, err
    assert target.read_bytes().startswith(b"\x89PNG")
    axes = kept["axes"]
    lines = axes.get_lines()
    assert 2 <= len(lines) <= plot.MAX_SERIES
    labels = [line.get_label() for line in lines]
    assert labels[0].startswith("each of the 10 cards with 4 copies")  # ten identical curves drawn once
    assert "guard" in labels[0] and "every SPELL" in labels[0]  # an identical group's curve too
    styles = [(line.get_color(), line.get_linestyle(), line.get_marker()) for line in lines]
    assert len(set(styles)) == len(styles)
    assert len({s[1] for s in styles}) > 1 and len({s[2] for s in styles}) == len(styles)
    legend = axes.get_legend()
    assert legend is not None and legend.get_bbox_to_anchor().x0 > axes.get_window_extent().x1 - 1  # outside
    assert all(float(tick).is_integer() for tick in axes.get_xticks())
    assert "P(at least k seen)" in axes.get_title() and "k = 1" in axes.get_title()
    assert axes.get_xlabel().startswith("turn (0 = opening hand")


@pytest.mark.slow
def test_plot_keeps_eight_series_with_a_note(tmp_path, full_pool_path, capsys, monkeypatch):
    kept = _capture_plot(monkeypatch)
    from wixoss_deckcheck.reporters.play import plot

    monkeypatch.setattr(plot, "find_cjk_font", lambda: "DejaVu Sans")
    target = tmp_path / "curve.svg"
    code, _out, err = _simulate(
        ["--games", "3000", "--mulligan", "curve", "--lang", "en", "--plot", str(target)], full_pool_path, capsys
    )
    assert code == 0, err
    ET.fromstring(target.read_bytes())  # a whole SVG document
    lines = kept["axes"].get_lines()
    assert len(lines) == plot.MAX_SERIES
    notes = " ".join(text.get_text() for text in kept["figure"].texts)
    assert "≈" in notes and "series drawn" in notes and "left out" in notes


@pytest.mark.slow
def test_plot_without_a_cjk_font_warns_and_draws_numbers(tmp_path, full_pool_path, capsys, monkeypatch):
    kept = _capture_plot(monkeypatch)
    from wixoss_deckcheck.reporters.play import plot

    monkeypatch.setattr(plot, "find_cjk_font", lambda: None)
    target = tmp_path / "ja.png"
    code, _out, err = _simulate(["--games", "2000", "--lang", "ja", "--plot", str(target)], full_pool_path, capsys)
    assert code == 0
    warnings = [line for line in err.splitlines() if line.startswith("warning:") and "CJK" in line]
    assert len(warnings) == 1 and "Noto Sans CJK" in warnings[0]
    texts = [line.get_label() for line in kept["axes"].get_lines()]
    texts += [kept["axes"].get_title(), kept["axes"].get_xlabel(), kept["axes"].get_ylabel()]
    assert not any(plot.needs_cjk(text) for text in texts)
    assert "WXDi-D01-020" in texts[0]
    assert target.stat().st_size > 0


@pytest.mark.slow
def test_plot_with_a_cjk_font_keeps_the_names(tmp_path, full_pool_path, capsys, monkeypatch):
    kept = _capture_plot(monkeypatch)
    from wixoss_deckcheck.reporters.play import plot

    monkeypatch.setattr(plot, "find_cjk_font", lambda: "DejaVu Sans")  # the drawing is not looked at here
    target = tmp_path / "ja.svg"
    code, _out, err = _simulate(["--games", "2000", "--lang", "ja", "--plot", str(target)], full_pool_path, capsys)
    assert code == 0 and "CJK" not in err
    axes = kept["axes"]
    assert "ターン" in axes.get_xlabel() and "4枚積み" in axes.get_lines()[0].get_label()
    assert "サーバント" in axes.get_lines()[0].get_label()


@pytest.mark.slow
def test_plot_hit_curve_label_in_the_language(tmp_path, full_pool_path, capsys, monkeypatch):
    kept = _capture_plot(monkeypatch)
    from wixoss_deckcheck.reporters.play import plot

    monkeypatch.setattr(plot, "find_cjk_font", lambda: "DejaVu Sans")
    target = tmp_path / "hit.png"
    args = ["--hit", "WXDi-D01-015", "--by-turn", "3", "--games", "2000", "--lang", "ja", "--plot", str(target)]
    code, _out, _err = _simulate(args, full_pool_path, capsys)
    assert code == 0
    lines = kept["axes"].get_lines()
    assert len(lines) == 1 and lines[0].get_label() == "大装　トビエル (WXDi-D01-015)"
    assert list(lines[0].get_xdata()) == [0, 1, 2, 3]


@pytest.mark.slow
def test_find_cjk_font_prefers_the_known_families(monkeypatch):
    pytest.importorskip("matplotlib")
    from matplotlib import font_manager

    from wixoss_deckcheck.reporters.play import plot

    class Font:
        def __init__(self, name):
            self.name, self.fname = name, f"/fonts/{name}.ttf"

    fonts = [Font("DejaVu Sans"), Font("WenQuanYi Micro Hei"), Font("IPAexGothic")]
    monkeypatch.setattr(font_manager.fontManager, "ttflist", fonts)
    assert plot.find_cjk_font() == "IPAexGothic"
    monkeypatch.setattr(font_manager.fontManager, "ttflist", [Font("DejaVu Sans")])
    monkeypatch.setattr(font_manager, "findSystemFonts", lambda: [])
    assert plot.find_cjk_font() is None


def test_japanese_mulligan_hand_choice_and_model_notes(full_pool_path, capsys):
    from wixoss_deckcheck.messages import Messages
    from wixoss_deckcheck.reporters.play.simulation_text import model_note

    code, out, _err = _simulate(["--games", "500", "--mulligan", "curve:2", "--lang", "ja"], full_pool_path, capsys)
    assert code == 0 and "curve:2 (レベル2より上のシグニをすべて戻す)" in out
    hand = "WXDi-D01-012,WXDi-D01-013,WXDi-D01-014,WXDi-D01-015,WXDi-D01-016"
    args = ["--hit", "guard", "--by-turn", "2", "--hand", hand, "--return", "WXDi-D01-015,WXDi-D01-016", "--lang", "ja"]
    code, out, _err = _simulate([*args, "--games", "500"], full_pool_path, capsys)
    assert code == 0 and "キープ 31.32%" in out and "（厳密）：戻す" in out
    note = "assist X (WX-1) has the same LRIG type as another starting LRIG and is removed from the field at the start"
    assert model_note(note, Messages("ja")).startswith("アシスト X (WX-1) はほかの開始ルリグと同じルリグタイプ")
    assert model_note("something new", Messages("ja")) == "something new"


def test_cards_are_shown_by_the_print_the_deck_resolved_to(merged_pool_path, capsys):
    """A WXDi-D08 deck written in the Cockatrice plugin's English names: its タマヨリヒメ LRIGs are
    the WXDi-D08 prints (as ``check`` and ``sheet`` show them), not the pool's first print WD01-004;
    the JSON keeps the pool's numbers and says the print under ``printed``."""
    from conftest import EXAMPLES

    deck = EXAMPLES.parent / "tests" / "realdecks" / "diva" / "2021-10-30-plugin-wxdi-d08-white-hope.txt"
    code, out, err = _run(["simulate", str(deck), "--cardpool", str(merged_pool_path), "--seed", "5", "--games",
                           "2000", "--lang", "en"], capsys)
    assert code == 0, err
    assert "Tamayorihime, Crescent Moon Miko (WXDi-D08-002)" in out and "(WD01-004)" not in out, out
    assert "Servant ♯ (WXDi-D08-021)" in out, out
    code, out, _err = _run(["simulate", str(deck), "--cardpool", str(merged_pool_path), "--seed", "5", "--games",
                            "2000", "-O", "json"], capsys)
    report = json.loads(out)
    assert report["printed"]["WD01-004"] == "WXDi-D08-002"
    assert "WD01-004" in json.dumps({key: value for key, value in report.items() if key != "printed"})

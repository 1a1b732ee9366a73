"""formats diff around real Mayu's Room updates, audit --changed-since, the languages, the
picture and the bad input of the history commands; the Python API gives the same answers."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from conftest import run_main

from wixoss_deckcheck.checking.changed import run_changed
from wixoss_deckcheck.checking.history import deck_history, format_diff
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.files.resources import messages_dir
from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation
from wixoss_deckcheck.tables.loading import load_format

pytestmark = pytest.mark.shared  # the real decks of ../shared and the pool built from its card data

REAL = Path(__file__).parent / "realdecks"
IONA = REAL / "all-star/2016-10-23-wd07-iona.txt"
WHITE_ALT = REAL / "diva/2024-04-27-wx24-d1-white-alt-hope.txt"


def _diff(capsys, pool, *args):
    code, out, err = run_main(capsys, "formats", "diff", *args, "-O", "json", "--cardpool", str(pool))
    assert code == 0, err
    return json.loads(out)


def _entry(format_id: str, name: str, effective: str):
    return next(e for e in load_format(format_id).mayus_room if e.cards[0].get("name") == name
                and e.effective == effective)


def _pool_count(pool_path: Path, prefix: str) -> int:
    pool = CardPool.load(PoolLocation(pool_path, "option"))
    return sum(1 for number, _card in pool.all_numbers() if number.startswith(prefix))


# -- formats diff, around real updates of formats/*.yaml ------------------------------------


def test_diff_of_a_ban_day_names_the_entries_with_their_dates_and_sources(merged_pool_path, capsys):
    diff = _diff(capsys, merged_pool_path, "all-star", "2015-09-16", "2015-09-17")
    assert list(diff) == ["format", "from", "to", "changes"] and (diff["from"], diff["to"]) == ("2015-09-16",
                                                                                                  "2015-09-17")
    added = [c for c in diff["changes"] if c["kind"] == "mayus-room-added"]
    assert [list(c) for c in added] == [["kind", "what", "since", "source"]] * 2
    no_gain, late = added
    assert no_gain["since"] == "2015-09-17" and no_gain["source"] == _entry("all-star", "ノー・ゲイン",
                                                                            "2015-09-17").source
    assert "banned" in no_gain["what"] and "lower bound" not in no_gain["what"]
    assert "lower bound" in late["what"]  # 大器晩成: effective_bound not-before


def test_diff_of_a_limit_turned_ban_is_one_change_and_counts_the_new_products(merged_pool_path, capsys):
    diff = _diff(capsys, merged_pool_path, "all-star", "2017-04-25", "2017-04-26")
    kinds = [c["kind"] for c in diff["changes"]]
    # issue 20 item 3: 2017-04-26 is also the day the CRYSTAL SEAL pair becomes certain (fandom)
    assert kinds == ["mayus-room-changed", "mayus-room-changed", "release", "release"]
    changed, certain = diff["changes"][:2]
    assert "at most 2 → banned" in changed["what"] and changed["since"] == "2017-04-26"
    assert changed["source"] == _entry("all-star", "修復", "2017-04-26").source
    assert "certain from 2017-04-26" in certain["what"] and "fandom" in certain["source"]
    counts = {c["what"].split(":")[0]: c["what"] for c in diff["changes"][2:]}
    assert f"{_pool_count(merged_pool_path, 'WX18-')} cards" in counts["WX-18 コンフレーテッドセレクター"]
    assert f"{_pool_count(merged_pool_path, 'WD22-')} cards" in counts["WD-22 ブラックコンフレーション"]


def test_diff_of_a_lift_and_a_rule_change(merged_pool_path, capsys):
    diff = _diff(capsys, merged_pool_path, "all-star", "2018-02-21", "2018-02-22")
    by_kind = {c["kind"]: c for c in diff["changes"]}
    lifted = by_kind["mayus-room-lifted"]
    assert list(lifted) == ["kind", "what", "until", "source"] and lifted["until"] == "2018-02-21"
    assert "at most 1" in lifted["what"]
    rule = by_kind["rule-changed"]
    assert rule["what"] == "lrig-copy-limit (WX106): max=4 → max=1" and rule["since"] == "2018-02-22"
    assert rule["source"] == "RULES.md §2 (singleton LRIG deck from 2018-02-22)"


def test_diff_of_lifts_known_only_by_an_upper_bound(merged_pool_path, capsys):
    diff = _diff(capsys, merged_pool_path, "all-star", "2020-12-15", "2020-12-16")
    lifted = [c for c in diff["changes"] if c["kind"] == "mayus-room-lifted"]
    assert len(lifted) == 3 and all(c["until"] == "2020-12-15" and "upper bound" in c["what"] for c in lifted)


@pytest.mark.parametrize(
    ("format_id", "start", "end", "added"),
    [("key", "2018-12-19", "2018-12-20", 2), ("diva", "2025-09-15", "2025-09-16", 2), ("key", "2021-05-06",
                                                                                        "2021-05-07", 1)],
)
def test_diff_of_key_and_diva_updates(merged_pool_path, capsys, format_id, start, end, added):
    diff = _diff(capsys, merged_pool_path, format_id, start, end)
    entries = [c for c in diff["changes"] if c["kind"] == "mayus-room-added"]
    assert len(entries) == added and all(c["since"] == end for c in entries)
    expected = [e.source for e in load_format(format_id).mayus_room if e.effective == end]
    assert [c["source"] for c in entries] == expected


def test_diff_over_years_compares_the_two_days(merged_pool_path, capsys):
    diff = _diff(capsys, merged_pool_path, "diva", "2020-12-05", "2024-04-27")
    rules = {c["what"].split(" ")[0]: c for c in diff["changes"] if c["kind"].startswith("rule")}
    assert rules["colour-outside-lrig-colours"]["kind"] == "rule-removed"
    assert rules["colour-outside-lrig-colours"]["until"] == "2023-01-31"
    assert rules["lrig-type-colour-clash"]["kind"] == "rule-added"
    assert rules["deck-card-types"]["kind"] == rules["starting-lrigs"]["kind"] == "rule-changed"
    assert not [c for c in diff["changes"] if c["kind"].startswith("mayus")]  # Diva's first entry is 2025's


def test_diff_of_one_day_with_itself_is_empty_in_every_language(merged_pool_path, capsys):
    assert _diff(capsys, merged_pool_path, "key", "2019-01-01", "2019-01-01")["changes"] == []
    words = {"en": "nothing differs", "ja": "違いはありません", "zh-Hans": "没有差异", "zh-Hant": "沒有差異"}
    for lang, text in words.items():
        code, out, _err = run_main(capsys, "formats", "diff", "key", "2019-01-01", "2019-01-01", "--lang", lang,
                                   "--cardpool", str(merged_pool_path))
        assert code == 0 and text in out


def test_the_diff_api_gives_the_cli_answer(merged_pool_path, capsys):
    cli = _diff(capsys, merged_pool_path, "all-star", "2016-01-01", "2016-08-10")
    api = format_diff("all-star", "2016-01-01", "2016-08-10", RunSettings(cardpool=str(merged_pool_path)))
    assert {key: api[key] for key in cli} == cli


# -- audit --changed-since -------------------------------------------------------------------


@pytest.fixture()
def repository(tmp_path):
    """A deck repository: three real Diva decks, and one with 4 ボールペンマワシ (at most 2
    from 2025-09-16)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in ("2024-04-27-wx24-d2-red-alt-ambition", "2024-11-03-note-divagp-2024-autumn-2nd-hanayo",
                 "2025-04-26-wx25-cd1-blue-archive"):
        shutil.copy(REAL / "diva" / f"{name}.txt", folder / f"{name}.txt")
    lines = (REAL / "diva/2024-04-27-wx24-d3-blue-alt-appli.txt").read_text(encoding="utf-8").splitlines()
    lines[lines.index("[main]") + 1] = "4 WX24-P2-052"
    (folder / "pen.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def _audit(capsys, pool, *args):
    return run_main(capsys, "audit", *args, "--cardpool", str(pool), "--no-config", "--no-progress")


def test_changed_since_reports_only_the_deck_that_became_illegal(repository, merged_pool_path, capsys):
    code, out, err = _audit(capsys, merged_pool_path, str(repository), "--changed-since", "2025-09-15", "--as-of",
                            "2025-09-16", "-O", "json")
    assert code == 1, err
    report = json.loads(out)
    assert report["summary"] == {"total": 4, "changed": 1, "became_illegal": 1, "became_legal": 0}
    [deck] = report["decks"]
    assert Path(deck["deck"]).name == "pen.txt" and deck["before"]["legal"] and not deck["after"]["legal"]
    assert "WX141" in deck["after"]["codes"] and "WX24-P2-052" in deck["after"]["cards"]
    [cause] = deck["because"]
    assert cause["kind"] == "mayus-room" and cause["day"] == "2025-09-16"
    assert cause["source"] == _entry("diva", "参ノ遊姫　ボールペンマワシ", "2025-09-16").source
    code, out, _err = _audit(capsys, merged_pool_path, str(repository), "--changed-since", "2025-09-15", "--as-of",
                             "2025-09-16")
    assert code == 1 and "pen.txt" in out and "became illegal on 2025-09-16" in out
    assert "archive" not in out and "4 decks checked on 2025-09-15 and 2025-09-16: 1 changed" in out
    code, out, _err = _audit(capsys, merged_pool_path, str(repository), "--changed-since", "2025-09-15", "--as-of",
                             "2025-09-16", "-O", "github")
    assert code == 1 and out.startswith("::error file=") and "pen.txt" in out.splitlines()[0]


def test_changed_since_with_nothing_changed_or_a_deck_that_became_legal_exits_0(repository, merged_pool_path, capsys):
    code, out, _err = _audit(capsys, merged_pool_path, str(repository), "--changed-since", "2025-09-16", "--as-of",
                             "2026-06-01")
    assert code == 0 and "no deck's verdict differs" in out
    shutil.copy(WHITE_ALT, repository / "white.txt")
    code, out, err = _audit(capsys, merged_pool_path, str(repository / "white.txt"), "--changed-since", "2024-04-26",
                            "--as-of", "2024-04-27", "-O", "json")
    assert code == 0, err
    [deck] = json.loads(out)["decks"]
    assert "WX122" in deck["before"]["codes"] and deck["after"]["legal"]
    assert any(c["kind"] == "release" and "WX24-D1" in c["text"] for c in deck["because"])


def test_changed_since_in_worker_processes_agrees_with_one_process(repository, merged_pool_path, capsys):
    for index in range(60):  # past the in-process limit: worker processes
        shutil.copy(repository / ("pen.txt" if index % 3 == 0 else "2025-04-26-wx25-cd1-blue-archive.txt"),
                    repository / f"copy{index:02d}.txt")
    outputs = []
    for jobs in ("1", "2"):
        code, out, err = _audit(capsys, merged_pool_path, str(repository), "--changed-since", "2025-09-15",
                                "--as-of", "2025-09-16", "-O", "json", "-j", jobs)
        assert code == 1, err
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1] and outputs[0]["summary"]["changed"] == 21
    settings = RunSettings(cardpool=str(merged_pool_path), as_of="2025-09-16")
    api = run_changed(sorted(str(p) for p in repository.glob("*.txt")), settings, "2025-09-15", jobs=1)
    assert api.counts == outputs[0]["summary"] and api.exit_code() == 1


def test_changed_since_bad_input_is_one_line_and_exit_2(repository, merged_pool_path, capsys):
    cases = [
        (["--changed-since", "2025-09-15", "-O", "csv"], "--changed-since writes text, json or github, not csv"),
        (["--changed-since", "2025-09-17", "--as-of", "2025-09-16"], "--changed-since 2025-09-17 is after --as-of"),
        (["--changed-since", "2010-01-01"], "2010-01-01 is before the first day the tables know"),
        (["--changed-since", "2019-01-01", "-f", "diva"], "starts on 2020-12-05"),
        (["--changed-since", "2025-09-31"], "not a date"),
    ]
    for args, text in cases:
        code, out, err = _audit(capsys, merged_pool_path, str(repository), *args)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and text in err, (args, err)
    (repository / "broken.txt").write_bytes(b"\x00\x01\x02\x03" * 64)
    code, _out, err = _audit(capsys, merged_pool_path, str(repository), "--changed-since", "2025-09-15")
    assert code == 2 and err.startswith("error: ") and "broken.txt" in err


# -- check --history: bad input, languages, the picture, the API -------------------------------


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["--history", "--from", "2021-01-01", "--until", "2020-01-01"], "--from 2021-01-01 is after --until"),
        (["--history", "-f", "nope"], "unknown format 'nope'"),
        (["--history", "-f", "all-star", "--from", "2001-01-01"], "before the first day the tables know"),
        (["--history", "-f", "diva", "--from", "2019-01-01"], "starts on 2020-12-05"),
        (["--history", "-f", "diva", "--until", "2024-01-01"], "from 2024-04-27 only, after the end of the range"),
        (["--from", "2020-01-01"], "--from goes with --history"),
        (["--plot", "x.png"], "--plot goes with --history"),
        (["--history", "-O", "sarif"], "--history writes text or json, not sarif"),
        (["--history", "--play"], "--history judges how a deck is built"),
        (["--history", "--until", "2024-13-01"], "not a date"),
    ],
)
def test_history_bad_input_is_one_line_and_exit_2(args, text, merged_pool_path, capsys):
    code, out, err = run_main(capsys, "check", str(WHITE_ALT), *args, "--cardpool", str(merged_pool_path),
                              "--no-config")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and text in err, err


def test_history_of_an_unreadable_deck_is_one_line_and_exit_2(tmp_path, merged_pool_path, capsys):
    deck = tmp_path / "bad.txt"
    deck.write_bytes(b"\x00binary")
    code, _out, err = run_main(capsys, "check", str(deck), str(WHITE_ALT), "--history", "-f", "diva",
                               "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 2 and err.startswith("error: ") and "bad.txt" in err


LANGUAGE_WORDS = {
    "en": ("legal", "began with:", "Diva Selection begins on 2020-12-05"),
    "ja": ("使用不可", "きっかけ：", "ディーヴァセレクションは2020-12-05に始まる"),
    "zh-Hans": ("不合法", "起因：", "歌姬构筑于2020-12-05开始"),
    "zh-Hant": ("不合法", "起因：", "歌姬構築於2020-12-05開始"),
}


@pytest.mark.parametrize("lang", sorted(LANGUAGE_WORDS))
def test_history_text_in_every_language(lang, merged_pool_path, capsys):
    code, out, err = run_main(capsys, "check", str(IONA), "--history", "-f", "diva", "--lang", lang,
                              "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 0, err
    assert all(word in out for word in LANGUAGE_WORDS[lang]), out
    if lang != "en":
        assert "began with" not in out and "not legal" not in out and "source:" not in out


def test_every_language_words_every_history_text_with_the_same_placeholders():
    import string

    import yaml

    def fields(text: str) -> set[str]:
        return {name.partition("|")[0] for _t, name, _s, _c in string.Formatter().parse(text) if name}

    english = yaml.safe_load((messages_dir() / "en.yaml").read_text(encoding="utf-8"))["history"]
    for lang in ("ja", "zh"):
        words = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))["history"]
        assert set(words) == set(english), (lang, set(english) ^ set(words))
        for key, text in english.items():
            assert fields(words[key]) == fields(text), (lang, key)


def test_the_history_api_gives_the_cli_answer(merged_pool_path, capsys):
    code, out, _err = run_main(capsys, "check", str(IONA), "--history", "-O", "json", "--cardpool",
                               str(merged_pool_path), "--no-config")
    assert code == 0
    api = deck_history(str(IONA), settings=RunSettings(cardpool=str(merged_pool_path)))
    assert [history.to_dict() for history in api] == json.loads(out)


def _capture(monkeypatch):
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    kept = {}
    close = plt.close

    def keep(figure=None):
        if figure is not None and hasattr(figure, "axes"):
            kept["axes"] = figure.axes[0]
        return close(figure)

    monkeypatch.setattr(plt, "close", keep)
    return kept


def test_history_plot_draws_a_bar_per_format_coloured_by_verdict(tmp_path, merged_pool_path, capsys, monkeypatch):
    kept = _capture(monkeypatch)
    from wixoss_deckcheck.reporters import history_plot

    target = tmp_path / "history.png"
    code, out, err = run_main(capsys, "check", str(IONA), "--history", "--plot", str(target), "--lang", "en",
                              "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 0, err
    assert target.read_bytes().startswith(b"\x89PNG")
    axes = kept["axes"]
    assert [label.get_text() for label in axes.get_yticklabels()] == ["All-Star", "Key Selection", "Diva Selection"]
    colours = [tuple(bar.get_facecolor()[0]) for bar in axes.collections]
    histories = deck_history(str(IONA), settings=RunSettings(cardpool=str(merged_pool_path)))
    assert len(colours) == sum(len(h.periods) for h in histories)
    from matplotlib.colors import to_rgba

    wanted = [to_rgba(history_plot.LEGAL_COLOUR if p.verdict.legal else history_plot.ILLEGAL_COLOUR)
              for h in histories for p in h.periods]
    assert colours == wanted
    svg = tmp_path / "history.svg"
    code, _out, err = run_main(capsys, "check", str(IONA), "--history", "-f", "diva", "--plot", str(svg),
                               "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 0 and svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_history_plot_without_a_cjk_font_warns_and_draws_in_english(tmp_path, merged_pool_path, capsys,
                                                                    monkeypatch):
    kept = _capture(monkeypatch)
    from wixoss_deckcheck.reporters import history_plot

    monkeypatch.setattr(history_plot, "find_cjk_font", lambda: None)
    target = tmp_path / "history.png"
    code, _out, err = run_main(capsys, "check", str(IONA), "--history", "--plot", str(target), "--lang", "ja",
                               "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 0 and err.startswith("warning: CJKフォントが見つかりません") and len(err.splitlines()) == 1
    assert [t.get_text() for t in kept["axes"].get_yticklabels()] == ["all-star", "key", "diva"]
    monkeypatch.setattr(history_plot, "find_cjk_font", lambda: "DejaVu Sans")  # as if one were installed
    code, _out, err = run_main(capsys, "check", str(IONA), "--history", "--plot", str(target), "--lang", "ja",
                               "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 0 and err == ""
    assert [t.get_text() for t in kept["axes"].get_yticklabels()][0] == "オールスター"


def test_history_plot_without_matplotlib_is_one_clear_line(tmp_path, merged_pool_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = run_main(capsys, "check", str(IONA), "--history", "--plot", str(tmp_path / "x.png"),
                              "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 2 and out == ""
    assert err.strip() == "error: --plot needs matplotlib: pip install 'wixoss-deckcheck[plot]'"


def test_diff_names_the_day_a_release_window_ends(merged_pool_path, capsys):
    """issue 20 item 2: WXDi-CP01 out from 2022-10-08 at the earliest, shown out by 2022-12-23."""
    diff = _diff(capsys, merged_pool_path, "diva", "2022-12-22", "2022-12-23")
    [item] = [c for c in diff["changes"] if "CP01" in c["what"]]
    assert item["kind"] == "release" and item["since"] == "2022-12-23" and "play_221223" in item["source"]
    assert "no longer uncertain" in item["what"]

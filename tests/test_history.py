"""A deck's history (check --history): every period's verdict is exactly what check --as-of
gives, on the first and last day of each period and on each change point of the tables
and the day before it, for real decks of every era in the three formats."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from conftest import DECKS, run_main

from wixoss_deckcheck.checking.history import HistoryMaker, deck_history
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.checking.session import CheckSession
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.model.history import Verdict
from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format
from wixoss_deckcheck.tables.releases import load_calendar

pytestmark = pytest.mark.shared  # the real decks of ../shared and the pool built from its card data

REAL = Path(__file__).parent / "realdecks"
ALL_REAL = sorted(REAL.rglob("*.txt")) + sorted(DECKS.rglob("*.txt")) + sorted(DECKS.rglob("*.cod"))
#: One real deck of each era (2014 to 2025), All-Star, Key and Diva, text and Cockatrice.
ERAS = [
    REAL / "all-star/2014-04-26-wd01-white-hope.txt",
    REAL / "all-star/2016-10-23-wd07-iona.txt",
    REAL / "all-star/2018-04-15-pastebin-aiyai-tournament.txt",
    REAL / "key/2018-10-25-wdk08-lov.txt",
    DECKS / "cockatrice/WDK01.cod",
    REAL / "diva/2022-07-16-note-mahomaho-uchu.txt",
    REAL / "diva/2024-11-03-note-divagp-2024-autumn-2nd-hanayo.txt",
    REAL / "diva/2025-04-26-wx25-cd1-blue-archive.txt",
]


def _day_before(day: str) -> str:
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()


def _with_cards(source: Path, target: Path, line: str) -> Path:
    """A real deck whose first main-deck line is replaced by ``line`` (Mayu's Room cards)."""
    lines = source.read_text(encoding="utf-8").splitlines()
    first = lines.index("[main]") + 1
    lines[first] = line
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def session(merged_pool_path):
    return CheckSession(RunSettings(cardpool=str(merged_pool_path)))


@pytest.fixture(scope="module")
def mayu_decks(tmp_path_factory):
    """Real starters with cards Mayu's Room restricts: 4 ノー・ゲイン (banned 2015-09-17),
    3 修復 (at most 2 from a lower bound, banned from 2017-04-26), 4 ボールペンマワシ
    (Diva: at most 2 from 2025-09-16)."""
    folder = tmp_path_factory.mktemp("mayu")
    return [
        _with_cards(REAL / "all-star/2014-04-26-wd01-white-hope.txt", folder / "no-gain.txt", "4 WX04-064"),
        _with_cards(REAL / "all-star/2014-06-12-wd04-green-wanna.txt", folder / "repair.txt", "3 WX01-034"),
        _with_cards(REAL / "diva/2024-04-27-wx24-d3-blue-alt-appli.txt", folder / "pen.txt", "4 WX24-P2-052"),
    ]


def _days_to_compare(history, maker: HistoryMaker, path: Path, every: int) -> set[str]:
    """The first and last day of every period; every change point that can touch the deck
    and every ``every``-th change point of the format's tables (1: all of them), after the
    first day, each with the day before it."""
    days = {period.start for period in history.periods} | {p.end for p in history.periods if p.end}
    first = history.periods[0].start
    table = load_format(history.format)
    session = maker.session
    reads = maker.reads(load_deck(str(path)), session.table(table.id, None), first)
    touching = {change.day for change in reads.relevant()}
    for index, day in enumerate(maker.changes(table).days()):
        if day > first and (day in touching or index % every == 0):
            days |= {day, _day_before(day)}
    return days


def _agree(session: CheckSession, paths, every: int) -> int:
    """Compare each history with check_path(as_of=day); return how many days were compared."""
    maker = HistoryMaker(session)
    compared = 0
    for path in paths:
        histories = deck_history(str(path), session=session)
        assert [h.format for h in histories] == builtin_format_ids()
        for history in histories:
            for day in sorted(_days_to_compare(history, maker, path, every)):
                inside = [p for p in history.periods if p.start <= day and (p.end is None or day <= p.end)]
                assert len(inside) == 1, (path.name, history.format, day)
                result = session.check_path(str(path), history.format, None, day)
                assert Verdict.of(result).same(inside[0].verdict), (path.name, history.format, day)
                compared += 1
    return compared


def test_history_agrees_with_check_as_of_for_a_deck_of_every_era(session, mayu_decks):
    """The bounded variant: a deck of each era and the Mayu's Room decks; the change points
    that can touch each deck, and one in six of the others."""
    assert _agree(session, [*ERAS, *mayu_decks], every=6) > 500


@pytest.mark.slow
def test_history_agrees_with_check_as_of_for_every_real_deck(session, mayu_decks):
    """The exhaustive variant: every real deck (tests/realdecks, ../shared/decks), every
    change point of the tables."""
    assert len(ALL_REAL) >= 50
    assert _agree(session, [*ALL_REAL, *mayu_decks], every=1) > 10000


def test_periods_are_in_order_touching_and_cover_the_range(session, mayu_decks):
    for path in [*ERAS, *mayu_decks]:
        for history in deck_history(str(path), session=session, end="2026-11-30"):
            periods = history.periods
            assert periods[-1].end == "2026-11-30"
            for before, after in zip(periods, periods[1:], strict=False):
                assert after.start == (dt.date.fromisoformat(before.end) + dt.timedelta(days=1)).isoformat()
                assert not before.verdict.same(after.verdict)
            assert all(p.start <= p.end for p in periods)
        open_ended = deck_history(str(path), session=session)
        assert all(h.periods[-1].end is None for h in open_ended)


def test_the_first_day_is_the_day_the_last_card_came_out(session):
    [history] = deck_history(str(REAL / "diva/2024-04-27-wx24-d1-white-alt-hope.txt"), ["diva"], session=session)
    first = history.periods[0]
    assert first.start == "2024-04-27" and first.verdict.legal
    assert first.because[0].kind == "release" and "WX24-D1" in first.because[0].text
    assert first.because[0].source == load_calendar().release_of("WX24-D1-01").source
    day_before = session.check_path(str(REAL / "diva/2024-04-27-wx24-d1-white-alt-hope.txt"), "diva", None,
                                    "2024-04-26")
    assert "WX122" in Verdict.of(day_before).codes


def test_a_mayus_room_entry_begins_a_period_with_its_card_and_source(session, mayu_decks, merged_pool_path):
    no_gain, repair, pen = mayu_decks
    [history] = deck_history(str(no_gain), ["all-star"], session=session)
    banned = next(p for p in history.periods if "WX140" in p.verdict.codes)
    assert banned.start == "2015-09-17" and "WX04-064" in banned.verdict.cards
    [cause] = banned.because
    entry = next(e for e in load_format("all-star").mayus_room if e.cards[0]["name"] == "ノー・ゲイン")
    assert cause.kind == "mayus-room" and cause.source == entry.source and "2015-09-17" in cause.text
    japanese = RunSettings(cardpool=str(merged_pool_path), lang="ja")
    [history] = deck_history(str(repair), ["all-star"], settings=japanese)
    starts = {p.start: p for p in history.periods}
    # at most 2 from the lower bound 2014-08-28, but certain only from 2016-08-03 (issue 20 item 3:
    # formats/all-star.yaml certain_source, webxoss's first list): a warning period, then the error
    assert "WX141" in starts["2014-08-28"].verdict.doubts and "WX141" not in starts["2014-08-28"].verdict.codes
    assert "正確な開始日は不明" in starts["2014-08-28"].because[0].text
    assert "WX141" in starts["2016-08-03"].verdict.codes and "2016-08-03" in starts["2016-08-03"].because[0].text
    entry = next(e for e in load_format("all-star").mayus_room if e.cards[0]["name"] == "修復" and e.kind == "limit")
    assert starts["2016-08-03"].because[0].source == entry.certain_source
    banned = starts["2017-04-26"].verdict.codes  # then banned (codes in the report's line order)
    assert "WX140" in banned and "WX141" not in banned
    [history] = deck_history(str(pen), ["diva"], session=session)
    last = history.periods[-1]
    assert last.start == "2025-09-16" and "WX141" in last.verdict.codes and not last.verdict.legal
    assert history.periods[-2].verdict.legal and "yuyu-tei" in last.because[0].source


def test_a_rule_change_begins_a_period_with_the_rule_and_its_source(session):
    [history] = deck_history(str(REAL / "all-star/2016-10-23-wd07-iona.txt"), ["diva"], session=session)
    by_start = {p.start: p for p in history.periods}
    [cause] = by_start["2023-02-01"].because
    assert cause.kind == "rule" and "colour-outside-lrig-colours" in cause.text and "play_230127" in cause.source
    assert "WX130" in by_start["2020-12-05"].verdict.codes and "WX130" not in by_start["2023-02-01"].verdict.codes
    assert by_start["2020-12-05"].because[0].kind == "format"


def test_the_cli_json_is_exactly_the_documented_shape(merged_pool_path, capsys):
    deck = REAL / "all-star/2016-10-23-wd07-iona.txt"
    code, out, err = run_main(capsys, "check", str(deck), "--history", "-f", "diva", "-O", "json",
                              "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 0, err
    document = json.loads(out)
    assert list(document) == ["deck", "format", "history"] and document["format"] == "diva"
    for period in document["history"]:
        assert list(period) == ["from", "until", "legal", "codes", "cards", "because"]
        assert all(list(cause) == ["kind", "text", "source"] for cause in period["because"])
    assert document["history"][-1]["until"] is None
    # the same answers as `check --as-of` on the command line, on each period's first day
    for period in document["history"]:
        code, out, _err = run_main(capsys, "check", str(deck), "-f", "diva", "--as-of", period["from"], "-O", "json",
                                   "--cardpool", str(merged_pool_path), "--no-config")
        [result] = json.loads(out)["decks"]
        errors = [v for v in result["violations"] if v["severity"] == "error"]
        assert result["legal"] == period["legal"] and code == (0 if period["legal"] else 1)
        assert list(dict.fromkeys(v["code"] for v in errors)) == period["codes"]


def test_several_formats_and_decks_are_a_list(merged_pool_path, capsys):
    decks = [str(REAL / "key/2018-10-25-wdk08-lov.txt"), str(REAL / "diva/2025-04-26-wx25-cd1-blue-archive.txt")]
    code, out, err = run_main(capsys, "check", *decks, "--history", "-O", "json", "--until", "2026-01-01",
                              "--cardpool", str(merged_pool_path), "--no-config")
    assert code == 0, err
    documents = json.loads(out)
    assert [(Path(d["deck"]).name, d["format"]) for d in documents] == [
        (Path(deck).name, format_id) for deck in decks for format_id in builtin_format_ids()
    ]
    assert all(d["history"][-1]["until"] == "2026-01-01" for d in documents)


def test_an_uncertain_window_is_a_period_of_its_own(session, tmp_path):
    """ＣＲＹＳＴＡＬ　ＳＥＡＬ × コードハート　Ｍ・Ｐ・Ｐ: from 2016-10-25 at the earliest (81.la), the only
    dated source 2017-04-26 (fandom): a period whose verdict is legal with the pair UNCERTAIN, then
    the error from 2017-04-26 (issue 20 item 3)."""
    deck = tmp_path / "seal.txt"  # WD01 with one ＣＲＹＳＴＡＬ　ＳＥＡＬ and one Ｍ・Ｐ・Ｐ (20 Life Bursts)
    main = "4 WD01-009\n4 WD01-010\n4 WD01-011\n4 WD01-012\n4 WD01-013\n4 WD01-014\n3 WD01-015\n1 WX12-Re16\n"
    main += "4 WD01-016\n3 WD01-017\n1 WX11-029\n4 WD01-018\n"
    lrig = "".join(f"WD01-00{i}\n" for i in range(1, 9))
    deck.write_text(f"[main]\n{main}[lrig]\n{lrig}", encoding="utf-8")
    [history] = deck_history(str(deck), ["all-star"], session=session, end="2018-01-01")
    starts = {p.start: p for p in history.periods}
    window = starts["2016-10-25"]
    assert window.verdict.legal and window.end == "2017-04-25"
    assert list(window.to_dict()) == ["from", "until", "legal", "codes", "cards", "uncertain", "because"]
    assert window.verdict.doubts == ("WX142",) and "WX142" not in window.verdict.codes
    assert "2017-04-26" in window.because[0].text and window.verdict.to_dict()["uncertain"] == ["WX142"]
    certain = starts["2017-04-26"]
    assert "WX142" in certain.verdict.codes and not certain.verdict.doubts
    assert "fandom" in (certain.because[0].source or "")
    for day in ("2016-10-24", "2016-10-25", "2017-04-25", "2017-04-26"):  # the same as check --as-of
        inside = next(p for p in history.periods if p.start <= day and (p.end is None or day <= p.end))
        assert Verdict.of(session.check_path(str(deck), "all-star", None, day)).same(inside.verdict), day


def test_a_release_window_is_a_period_and_its_certain_day_a_change_point(session, tmp_path):
    """WXDi-CP01 (no day known): out from 2022-10-08 at the earliest (the official product
    list), shown out by 2022-12-23 (column play_221223). A card only in it is WX122 before,
    UNCERTAIN (WX123) in the window, and plain from the certain day (issue 20 item 2)."""
    deck = tmp_path / "cp01.txt"
    deck.write_text("[main]\n4 WXDi-CP01-025\n", encoding="utf-8")
    [history] = deck_history(str(deck), ["all-star"], session=session, start="2022-10-01", end="2023-06-01")
    starts = {p.start: p for p in history.periods}
    assert "WX122" in starts["2022-10-01"].verdict.codes
    window = starts["2022-10-08"]
    assert window.end == "2022-12-22" and window.verdict.doubts == ("WX123",) and "WX122" not in window.verdict.codes
    after = starts["2022-12-23"]
    assert not after.verdict.doubts and "play_221223" in (after.because[0].source or "")
    for day in ("2022-10-07", "2022-10-08", "2022-12-22", "2022-12-23"):
        inside = next(p for p in history.periods if p.start <= day and (p.end is None or day <= p.end))
        assert Verdict.of(session.check_path(str(deck), "all-star", None, day)).same(inside.verdict), day

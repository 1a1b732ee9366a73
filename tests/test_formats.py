"""Format tables: schema validation, extends, dates, Mayu's Room against the pool."""

from __future__ import annotations

import pytest
from conftest import ROOT

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist import parse_deck_text
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format, load_table
from wixoss_deckcheck.tables.mayus_room import resolve_mayus_room

D01 = (
    "[main]\n"
    + "".join(f"4 WXDi-D01-0{n}\n" for n in range(12, 22))
    + "[lrig]\n"
    + "".join(f"WXDi-D01-{n:03d}\n" for n in range(1, 12))
)


def test_builtin_formats_are_valid_and_listed():
    assert builtin_format_ids() == ["all-star", "key", "diva"]
    for format_id in builtin_format_ids():
        table = load_format(format_id)
        assert table.rules and table.icons
    assert load_format("diva-selection").id == "diva"
    assert load_format("キーセレクション").id == "key"


def test_unknown_format_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown format 'divas'"):
        load_format("divas")


def test_diva_before_it_existed_is_a_usage_error(full_pool):
    with pytest.raises(UsageError, match="starts on 2020-12-05"):
        Checker(full_pool, load_format("diva"), "2020-12-04")
    with pytest.raises(UsageError, match="starts on 2018-04-01"):
        Checker(full_pool, load_format("key"), "2018-03-31")


def test_every_mayus_room_entry_resolves_in_the_full_pool(full_pool):
    for format_id in builtin_format_ids():
        table = load_format(format_id)
        _entries, problems = resolve_mayus_room(table.id, table.mayus_room, full_pool, sample=False)
        assert problems == []


def test_list_entry_unknown_to_the_pool_is_an_error_with_a_full_pool_and_nothing_with_the_sample(tmp_path, full_pool):
    """The sample pool lacks most cards on purpose: its gaps say nothing of a list (issue 21, item 3)."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house\nextends: diva\nmayus_room:\n  - kind: banned\n    cards: [{name: 存在しないカード}]\n"
        "    effective: '2021-01-01'\n",
        encoding="utf-8",
    )
    table = load_table(path)
    sample = CardPool.load(locate_pool(None))
    ours = [p for p in Checker(sample, table, "2026-01-01").list_problems if p.card == "存在しないカード"]
    assert ours == []
    problems = Checker(full_pool, table, "2026-01-01").list_problems
    assert [p.severity for p in problems] == ["error"] and "存在しないカード" in problems[0].message()


def test_extends_diva_and_add_a_ban(tmp_path, full_pool):
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house-diva\nname: House Diva\nextends: diva\n"
        "mayus_room:\n  - kind: banned\n    cards: [{numbers: [WXDi-D01-013]}]\n    effective: '2026-01-01'\n"
        "    source: our house rules\n",
        encoding="utf-8",
    )
    table = load_table(path)
    assert table.since == "2020-12-05" and len(table.rules) == len(load_format("diva").rules)
    deck = parse_deck_text(D01, "d.txt")
    codes = [v.code for v in Checker(full_pool, table, "2026-06-01").check(deck).violations]
    assert codes == ["WX140"]
    assert Checker(full_pool, table, "2025-12-31").check(deck).legal


@pytest.mark.parametrize("named", ["ずんだもん　レベル0", "紡ぎし扉　アト＝ノル"])
def test_an_entry_naming_a_collaboration_print_bans_the_card_it_plays_as(tmp_path, full_pool, named):
    """ずんだもん レベル0 (SPDi44-01) plays as 紡ぎし扉 アト＝ノル (play_250711): an entry naming
    either name is known to the pool and bans both prints."""
    path = tmp_path / "house.yaml"
    path.write_text(
        f"id: house\nextends: diva\nmayus_room:\n  - kind: banned\n    cards: [{{name: {named}}}]\n"
        "    effective: '2026-01-01'\n    source: test\n",
        encoding="utf-8",
    )
    checker = Checker(full_pool, load_table(path), "2026-06-01")
    assert [p.card for p in checker.list_problems if p.card == named] == []
    for deck_text in (D01, D01.replace("WXDi-D01-001\n", "SPDi44-01\n")):
        violations = checker.check(parse_deck_text(deck_text, "d.txt")).violations
        assert [v.code for v in violations] == ["WX140"], [v.to_dict() for v in violations]


def test_two_entries_that_say_the_same_of_a_card_are_one_finding(tmp_path, full_pool):
    path = tmp_path / "house.yaml"
    entry = "  - kind: banned\n    cards: [{numbers: [WXDi-D01-013]}]\n    effective: '2026-01-01'\n    source: x\n"
    path.write_text("id: house\nextends: diva\nmayus_room:\n" + entry * 3, encoding="utf-8")
    violations = Checker(full_pool, load_table(path), "2026-06-01").check(parse_deck_text(D01, "d.txt")).violations
    assert [(v.code, v.line) for v in violations] == [("WX140", 3)]


def test_extends_can_replace_and_disable_rules(tmp_path, full_pool):
    path = tmp_path / "arts4.yaml"
    path.write_text(
        "id: cn-key\nextends: key\ndisable: [life-burst-count]\n"
        "rules:\n  - id: lrig-copy-limit\n    check: lrig-copy-limit\n    params: {max: 4}\n"
        "    source: the Simplified Chinese glossary (RULES.md §8)\n",
        encoding="utf-8",
    )
    table = load_table(path)
    deck = parse_deck_text(
        D01.replace("WXDi-D01-003\n", "WXDi-D01-002\n").replace("4 WXDi-D01-012", "4 WXDi-P01-069"), "d.txt"
    )
    result = Checker(full_pool, table, "2026-01-01").check(deck)
    assert result.legal, [v.to_dict() for v in result.violations]
    assert not Checker(full_pool, load_format("key"), "2026-01-01").check(deck).legal


@pytest.mark.parametrize(
    "body,pointer,line",
    [
        ("id: x\nextends: diva\nrulez: []\n", "/rulez", 3),
        (
            "id: x\nextends: diva\nrules:\n  - id: a\n    check: main-deck-size\n    params: {exacly: 40}\n",
            "/rules/0/params/exacly",
            6,
        ),
        ("id: x\nrules:\n  - id: a\n    check: no-such-check\n", "/rules/0/check", 4),
        ("id: x\nmayus_room:\n  - kind: limit\n    cards: [{name: A}]\n", "/mayus_room/0", 3),
        ("id: x\nsince: 2020-13-45\n", "/since", None),
    ],
)
def test_a_typo_in_a_format_file_names_file_and_json_path(tmp_path, body, pointer, line):
    path = tmp_path / "typo.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_table(path)
    text = str(caught.value)
    assert str(path) in text and pointer in text
    if line:
        assert caught.value.line == line


def test_broken_yaml_and_circular_extends(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: x\nrules: [\n", encoding="utf-8")
    with pytest.raises(InputError, match="invalid YAML"):
        load_table(broken)
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("id: a\nextends: b.yaml\n", encoding="utf-8")
    b.write_text("id: b\nextends: a.yaml\n", encoding="utf-8")
    with pytest.raises(InputError, match="circle"):
        load_table(a)


def test_dated_rules_select_by_day():
    diva = load_format("diva")
    ids = lambda day: {rule.id for rule in diva.rules_in_force(day)}  # noqa: E731
    assert "colour-outside-lrig-colours" in ids("2023-01-31")
    assert "colour-outside-lrig-colours" not in ids("2023-02-01")
    assert "lrig-type-colour-clash" in ids("2023-02-01")
    assert "lrig-type-colour-clash" not in ids("2023-01-31")


def test_shipped_examples_are_valid_and_sample_pool_covers_them():
    pool = CardPool.load(locate_pool(None))
    assert pool.location.is_sample
    for path in sorted(p for p in (ROOT / "examples").glob("*") if p.is_file()):
        from wixoss_deckcheck.decklist import load_deck

        deck = load_deck(path)
        for entry in deck.entries:
            assert pool.resolve(entry.query).ok, (path, entry)


def test_the_chinese_environment_example_allows_four_arts_and_its_own_card_list(full_pool):
    table = load_table(ROOT / "examples" / "formats" / "cn-key.yaml")
    lrig = "[lrig]\n" + "".join(f"WXDi-D01-{n:03d}\n" for n in range(1, 8)) + "WX01-010\nWX01-010\nWX01-010\n"
    deck = parse_deck_text(D01.split("[lrig]")[0] + lrig, "d.txt")
    assert Checker(full_pool, table, "2026-01-01").check(deck).legal
    codes = [v.code for v in Checker(full_pool, load_format("key"), "2026-01-01").check(deck).violations]
    assert set(codes) == {"WX106", "WX120"}  # 3 copies, and WX01 is not Key-legal


def test_exclude_removes_a_card_from_the_pool(tmp_path, full_pool):
    path = tmp_path / "x.yaml"
    path.write_text(
        "id: x\nextends: diva\nrules:\n  - id: card-pool\n    check: card-pool\n"
        "    params: {icons: [diva], exempt_level_zero_lrigs: true, exclude: {names: ['翠将　センノリキュウ']}}\n",
        encoding="utf-8",
    )
    result = Checker(full_pool, load_table(path), "2026-01-01").check(parse_deck_text(D01, "d.txt"))
    assert [(v.code, v.cards) for v in result.violations] == [("WX120", ("WXDi-D01-013",))]
    assert "excludes" in result.violations[0].message


def test_every_mayus_room_entry_has_a_first_day_and_a_source():
    """No built-in Mayu's Room entry applies "always": an unknown day is a documented lower bound."""
    from wixoss_deckcheck.tables.loading import builtin_format_ids

    for format_id in builtin_format_ids():
        for entry in load_format(format_id).mayus_room:
            assert entry.effective, (format_id, entry.index)
            assert entry.effective >= "2014-08-28", (format_id, entry.index)  # the first restriction
            assert entry.source and entry.confidence, (format_id, entry.index)
            assert entry.effective_bound in ("exact", "not-before")
            if entry.effective_bound == "not-before":
                assert entry.note, (format_id, entry.index)  # the bound is explained
                # issue 20 item 3: the first certain day, after the bound, both sourced
                assert entry.certain_from and entry.certain_from > entry.effective, (format_id, entry.index)
                assert entry.certain_source and entry.bound_source, (format_id, entry.index)


@pytest.mark.parametrize(
    "extra, problem",
    [
        ("    effective_bound: not-before\n", "certain_from"),
        ("    certain_from: '2021-06-01'\n    certain_source: a blog\n", "effective_bound"),
        ("    effective_bound: not-before\n    bound_source: x\n    certain_from: '2021-06-01'\n", "certain_source"),
        ("    until: '2022-01-01'\n    certain_until: '2021-06-01'\n    certain_until_source: a blog\n", "until_bound"),
    ],
)
def test_an_uncertain_first_day_needs_its_certain_day_and_sources(tmp_path, extra, problem):
    """formats/schema.json: a lower bound (effective_bound: not-before) comes with certain_from,
    certain_source and bound_source; certain_from belongs to a lower-bound entry only."""
    from wixoss_deckcheck.errors import InputError

    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house\nextends: diva\nmayus_room:\n  - kind: banned\n    cards: [{numbers: [WXDi-D01-013]}]\n"
        "    effective: '2021-01-01'\n" + extra,
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        load_table(path)
    assert problem in str(caught.value)


def test_a_house_entry_with_a_window_is_a_warning_then_an_error(tmp_path, full_pool):
    path = tmp_path / "house.yaml"
    path.write_text(
        "id: house\nextends: diva\nmayus_room:\n  - kind: banned\n    cards: [{numbers: [WXDi-D01-013]}]\n"
        "    effective: '2026-01-01'\n    effective_bound: not-before\n    bound_source: our January notes\n"
        "    certain_from: '2026-03-01'\n    certain_source: our March minutes\n",
        encoding="utf-8",
    )
    table = load_table(path)
    deck = parse_deck_text(D01, "d.txt")
    inside = Checker(full_pool, table, "2026-02-28").check(deck)
    assert inside.legal and [(v.code, v.severity) for v in inside.violations] == [("WX140", "warning")]
    assert "our January notes" in inside.violations[0].message and "our March minutes" in inside.violations[0].message
    after = Checker(full_pool, table, "2026-03-01").check(deck)
    assert not after.legal and [(v.code, v.severity) for v in after.violations] == [("WX140", "error")]
    assert Checker(full_pool, table, "2025-12-31").check(deck).legal


def test_the_release_calendar_dates_every_series_of_the_card_data():
    """Every series in the shared card data has a calendar entry (a date, or an explicit null)."""
    import csv

    from conftest import CARDDATA

    from wixoss_deckcheck.pool.normalize import number_key, series_of
    from wixoss_deckcheck.tables.releases import load_calendar

    calendar = load_calendar()
    numbers = set()
    for path in (CARDDATA / "wixossreact").glob("CardData_Sheet*.csv"):
        with open(path, encoding="utf-8-sig") as handle:
            numbers |= {row["CardNum"] for row in csv.DictReader(handle)}
    missing = sorted({series_of(n) for n in numbers if calendar.release_of(n) is None})
    assert missing == []
    assert calendar.earliest("WX01-001") == "2014-04-26"
    assert calendar.earliest("SP38-008") == "2024-07-22"
    dated = [release for release in calendar.series.values() if release.date]
    assert len(dated) >= 160 and all(release.source for release in dated)
    assert number_key("WX25-P1") in calendar.series


def test_the_literal_colour_clash_reading_is_an_option(tmp_path, full_pool):
    """WX131's reading is a rule option: the literal one rejects blue + blue/black コード・ピルルク."""
    from wixoss_deckcheck.checking.checker import Checker

    table = tmp_path / "literal.yaml"
    table.write_text(
        "id: literal\nextends: diva\nrules:\n  - id: lrig-type-colour-clash\n    check: lrig-type-colour-clash\n"
        "    params: {reading: different-colours}\n    since: '2023-02-01'\n    source: test\n",
        encoding="utf-8",
    )
    deck = parse_deck_text(
        "[main]\n" + "".join(f"4 WXDi-D01-0{n}\n" for n in range(12, 22)) + "[lrig]\nWX25-P2-031\nWX25-P2-032\n",
        "d.txt",
    )
    codes = {
        v.code for v in Checker(full_pool, load_format(format_file=str(table)), "2026-11-30").check(deck).violations
    }
    assert "WX131" in codes
    codes = {v.code for v in Checker(full_pool, load_format("diva"), "2026-11-30").check(deck).violations}
    assert "WX131" not in codes

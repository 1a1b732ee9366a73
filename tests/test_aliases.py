"""Name aliases: the shipped table for the WIXOSS Cockatrice plugin's Key-era names,
user tables, broken tables, and that an alias table is read only on a miss."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from conftest import DECKS

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.pool import aliases as aliases_module
from wixoss_deckcheck.pool.aliases import (
    ALIASES_ENV,
    load_aliases,
    read_alias_file,
    shipped_alias_paths,
    unknown_numbers,
)
from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation
from wixoss_deckcheck.tables.loading import load_format

COCKATRICE = DECKS / "cockatrice"
WDK_DECKS = [COCKATRICE / f"WDK0{n}.cod" for n in range(1, 5)]
AS_OF = "2026-11-30"


@pytest.fixture
def fresh_pool(merged_pool_path, monkeypatch, tmp_path):
    """A merged pool of its own (aliases are read once per pool), with no user tables."""
    monkeypatch.delenv(ALIASES_ENV, raising=False)
    monkeypatch.setenv("WIXOSS_DECKCHECK_DATA_DIR", str(tmp_path / "data"))

    def make():
        return CardPool.load(PoolLocation(merged_pool_path, "option"))

    return make


def _check(pool, path, format_id="key"):
    return Checker(pool, load_format(format_id), AS_OF).check(load_deck(path))


# -- the shipped table against the real decks -------------------------------------------


@pytest.mark.parametrize("path", WDK_DECKS, ids=lambda p: p.stem)
def test_every_card_of_the_wdk_starter_decks_resolves(path, fresh_pool):
    pool = fresh_pool()
    deck = load_deck(path)
    unresolved = [entry.query for entry in deck.entries if not pool.resolve(entry.query).ok]
    assert unresolved == []


@pytest.mark.parametrize("path", WDK_DECKS, ids=lambda p: p.stem)
def test_each_wdk_deck_resolves_to_exactly_the_twenty_cards_of_its_product(path, fresh_pool):
    """WDK0N-001..020 are the product's cards: the deck must resolve to those and no others."""
    pool = fresh_pool()
    product = path.stem
    expected = {}
    for number in (f"{product}-{n:03d}" for n in range(1, 21)):
        card = pool.by_number(number)
        if card is None:  # WDK04-004: no public list has it (the table maps it to its reprint)
            assert number == "WDK04-004"
            card = pool.by_number("WD22-010-G")
        expected[card.key] = number
    got = {}
    for entry in load_deck(path).entries:
        found = pool.resolve(entry.query)
        got[found.card.key] = (entry.query, found.number or found.card.number)
    assert set(got) == set(expected), {k: v for k, v in got.items() if k not in expected}


@pytest.mark.parametrize("path", WDK_DECKS, ids=lambda p: p.stem)
def test_each_wdk_deck_is_legal_in_key_selection(path, fresh_pool):
    result = _check(fresh_pool(), path)
    assert result.legal, [v.to_dict() for v in result.violations]
    assert result.counts["main"] == 40 and result.counts["lrig"] == 10


def test_named_examples_map_to_their_official_numbers(fresh_pool):
    pool = fresh_pool()
    expected = {
        "Code Ride Futsuji": ("WDK01-016", "コードライド　フツージ"),
        "Crushing Your Own Bones to Ash": ("WDK01-006", "焚骨砕身"),
        "Layla=Brake": ("WDK01-002", "レイラ＝ブレーキ"),
        "Layla=Neutral": ("WDK01-005", "レイラ＝ニュートラル"),
        "Servant D4": ("WDK01-018", "サーバント　Ｄ４"),
        "Phantom Garden": ("WDK01-010", "ファントム・ガーデン"),
        "Bloody Out (WDK04)": ("WDK04-008", "ブラッディ・アウト"),
        "Guzuko, Useless Princess (WDK04)": ("WDK04-005", "駄姫　グズ子"),
        "Guzuko, Useless Princess of Sorrow (WDK04)": ("WDK04-004", "悲哀の駄姫　グズ子"),
    }
    for query, (number, japanese) in expected.items():
        found = pool.resolve(query)
        assert (found.number, found.card.name.strip()) == (number, japanese), query
    layla = pool.resolve("Layla=Neutral").card
    assert layla.is_lrig and layla.level == 0


def test_a_set_code_alias_wins_over_a_name_the_pool_has_in_no_print_of_that_set(fresh_pool):
    """The plugin calls both 闘娘　緑姫 (the English edition's "Midoriko, Battle Girl") and
    WDK03's 闘娘　翠子 by that name; the set code tells them apart."""
    pool = fresh_pool()
    found = pool.resolve("Midoriko, Battle Girl (WDK03)")
    assert (found.number, found.card.name) == ("WDK03-005", "闘娘　翠子")
    assert pool.resolve("Midoriko, Battle Girl").card.name == "闘娘　緑姫"
    assert pool.resolve("Midoriko, Battle Girl (WD04)").card.name == "闘娘　緑姫"
    # A set code the name has a print in is not looked up in the aliases at all.
    untouched = fresh_pool()
    assert untouched.resolve("Servant D (WX07)").number == "WX07-081" and untouched._aliases is None


def test_an_alias_is_consulted_only_after_every_exact_lookup(fresh_pool, tmp_path, monkeypatch):
    """A card name, in any language, wins over an alias of the same spelling."""
    own = tmp_path / "own.yaml"
    own.write_text(
        "aliases:\n  - {name: Servant O, number: WDK01-016}\n  - {name: サーバント　Ｏ, number: WDK01-016}\n",
        encoding="utf-8",
    )
    monkeypatch.setenv(ALIASES_ENV, str(own))
    pool = fresh_pool()
    assert pool.resolve("Servant O").card.name == "サーバント　Ｏ"
    assert pool.resolve("サーバント　Ｏ").card.name == "サーバント　Ｏ"
    assert pool.resolve("WDK01-019").card.name == "サーバント　Ｏ"


def test_the_shipped_table_has_no_number_the_merged_pool_lacks(merged_pool):
    table = load_aliases(shipped_alias_paths())
    assert len(table) >= 60
    assert [alias.name for alias in unknown_numbers(table, merged_pool)] == []
    # Every print the table names is known, WDK04-004 too: no public list has it, and
    # cardpool/corrections.yaml adds it as a reprint of WD22-010-G.
    missing = [alias.number for alias in table if merged_pool.by_number(alias.number) is None]
    assert missing == []
    assert merged_pool.by_number("WDK04-004").number == "WD22-010-G"


def test_an_alias_to_a_number_the_pool_lacks_is_ignored(fresh_pool, tmp_path, monkeypatch):
    own = tmp_path / "own.yaml"
    own.write_text("aliases:\n  - {name: Made Up Card, number: WXK99-999}\n", encoding="utf-8")
    monkeypatch.setenv(ALIASES_ENV, str(own))
    pool = fresh_pool()
    assert [a.name for a in unknown_numbers(load_aliases([own]), pool)] == ["Made Up Card"]
    found = pool.resolve("Made Up Card")
    assert not found.ok and not found.candidates


# -- the Diva decks behave as before ---------------------------------------------------


def test_wxdi_decks_are_unchanged(fresh_pool):
    pool = fresh_pool()
    for name in ("WXDi-D01", "WXDi-D02"):
        result = _check(pool, COCKATRICE / f"{name}.cod")
        assert result.legal, (name, [v.to_dict() for v in result.violations])
    result = _check(pool, COCKATRICE / "WXDi-D03.cod")
    unknown = [v.to_dict() for v in result.violations if v.code == "WX001"]
    assert len(unknown) == 1 and "Romail, Romail, Lightly Armed" in unknown[0]["message"]
    assert "WXDi-D03-012" in unknown[0]["message"]
    assert sorted(v.code for v in result.violations) == ["WX001", "WX005"]  # WX005: issue 20 item 6


@pytest.mark.parametrize(
    "query,number",
    [
        ("Servant # (WDi-08)", "WXDi-D08-021"),
        ("Tamayorihime, New Moon Miko (WDi08)", "WXDi-D08-001"),
        ("Tamayorihime, Half Moon Miko (WDi-08)", "WXDi-D08-003"),
        ("Midoriko, Battle Girl (WDi-08)", "WXDi-D08-008"),
        ("Hirana, a Step Towards the Top (WDi-09)", "WXDi-D09-H04"),
        ("Code Piruluk (WXi-06)", "WXDi-P06-017"),
        ("Servant # (WXi-06)", "WXDi-P06-092"),
        ("Dona START (WXi-07)", "WXDi-P07-016"),
        ("Lancelot, Crimson General (WXDi-07)", "WXDi-D07-015"),
        ("Servant # (WXDi-07)", "WXDi-D07-021"),
        # the plugin's own names (its WXDi-D09 and WDK05-08 files), a set code picking the print
        ("Scythe of the Flame God", "WXDi-D09-H29"),
        ('Dona "I\'m Rooting For You!"', "WXDi-D09-P06"),
        ("Tamayorihime, Thunder Miko (WDK05)", "WDK05-T02"),
        ("Victim Defense (WDK06)", "WDK06-R10"),
        ("Yuri Lv0, Vessel of Wisdom Blood", "WDK08-L05"),
        # ♰ (U+2670) is read as †, in an alias and in a Japanese name
        ("Carnival ♰QA♰", "WDK06-C01"),
    ],
)
def test_the_plugins_set_codes_and_names_pick_the_print(fresh_pool, query, number):
    """Issue 20 item 5: the set codes the plugin's starter files write ((WDi-08), (WDi08),
    (WDi-09), (WXi-06), (WXi-07), (WXDi-07): cardpool/aliases set_codes) pick that product's print."""
    found = fresh_pool().resolve(query)
    assert found.card is not None and (found.number or found.card.number) == number, (query, found)


def test_the_west_syriac_cross_is_read_as_a_dagger():
    from wixoss_deckcheck.pool.normalize import name_key

    assert name_key("カーニバル　♰ＱＡ♰") == name_key("カーニバル　†ＱＡ†")


def test_the_english_editions_name_stays_its_card_and_the_plugins_needs_its_set(fresh_pool):
    """ "Water Buffalo, Phantom Aquatic Beast" is the English edition's 幻水　スイギュウ (WXDi-D01-018);
    the plugin gives it to 幻水　スイギュ (WDK08-Y16): the alias keeps its set code, never replacing
    the English edition's card (in a WDK08 deck the checker reads it so and says so:
    tests/cases/plugin.yaml)."""
    pool = fresh_pool()
    assert pool.resolve("Water Buffalo, Phantom Aquatic Beast").card.number == "WXDi-D01-018"
    assert pool.resolve("Water Buffalo, Phantom Aquatic Beast (WDK08)").number == "WDK08-Y16"


# -- user tables -------------------------------------------------------------------------


def test_user_table_in_the_data_dir_overrides_the_shipped_one(fresh_pool, tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "aliases.yaml").write_text(
        "aliases:\n  - name: code ride futsuji\n    number: WDK01-017\n", encoding="utf-8"
    )
    pool = fresh_pool()
    assert pool.resolve("Code Ride Futsuji").number == "WDK01-017"
    assert pool.resolve("Code Ride Yamate").number == "WDK01-011"  # the rest of the shipped table still applies


def test_env_tables_override_the_data_dir_and_each_other_in_order(fresh_pool, tmp_path, monkeypatch):
    import os

    data = tmp_path / "data"
    data.mkdir()
    (data / "aliases.yaml").write_text("aliases:\n  - {name: Code Ride Futsuji, number: WDK01-017}\n", encoding="utf-8")
    first = tmp_path / "first.yaml"
    first.write_text(
        "aliases:\n  - {name: Code Ride Futsuji, number: WDK01-015}\n  - {name: My Name, number: WDK01-014}\n",
        encoding="utf-8",
    )
    second = tmp_path / "second.yaml"
    second.write_text("aliases:\n  - {name: Code Ride Futsuji, number: WDK01-013}\n", encoding="utf-8")
    monkeypatch.setenv(ALIASES_ENV, os.pathsep.join([str(first), str(second)]))
    pool = fresh_pool()
    assert pool.resolve("Code Ride Futsuji").number == "WDK01-013"
    assert pool.resolve("My Name").number == "WDK01-014"
    assert pool._aliases.paths[-2:] == (str(first), str(second))


# -- broken tables -----------------------------------------------------------------------

BROKEN = {
    "typo.yaml": ("aliases:\n  - name: Foo\n    numbr: WDK01-016\n", 3, "/aliases/0/numbr"),
    "not-a-number.yaml": ("aliases:\n  - {name: Foo, number: Code Ride}\n", 2, "/aliases/0/number"),
    "twice.yaml": (
        "aliases:\n  - {name: Foo, number: WDK01-016}\n  - {name: FOO, number: WDK01-017}\n",
        3,
        "/aliases/1/name",
    ),
    "wrong-type.yaml": ("description: x\naliases:\n  first: {name: Foo, number: WDK01-016}\n", 2, "/aliases"),
    "yaml.yaml": ("aliases: [\n", 2, "invalid YAML"),
    "empty.yaml": ("", 1, "empty"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_alias_file_is_an_input_error_with_file_and_line(tmp_path, name):
    text, line, where = BROKEN[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_alias_file(path)
    assert caught.value.path == str(path) and caught.value.line == line
    assert where in str(caught.value)


def test_broken_alias_file_through_the_cli_is_one_line_and_exit_2(tmp_path, merged_pool_path, monkeypatch):
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN["typo.yaml"][0], encoding="utf-8")
    monkeypatch.setenv(ALIASES_ENV, str(broken))
    result = CliRunner().invoke(
        cli,
        ["check", str(WDK_DECKS[0]), "--format", "key", "--as-of", AS_OF, "--cardpool", str(merged_pool_path)],
        catch_exceptions=False,
    )
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert re.search(re.escape(f"{broken}:3:") + r".*numbr.*/aliases/0/numbr", lines[0])
    assert "Traceback" not in result.output


def test_missing_alias_file_named_in_the_environment_is_an_error(tmp_path, merged_pool_path, monkeypatch):
    monkeypatch.setenv(ALIASES_ENV, str(tmp_path / "nowhere.yaml"))
    result = CliRunner().invoke(
        cli,
        ["check", str(WDK_DECKS[0]), "--format", "key", "--as-of", AS_OF, "--cardpool", str(merged_pool_path)],
        catch_exceptions=False,
    )
    assert result.exit_code == 2
    assert "nowhere.yaml: alias file not found" in result.stderr


# -- loaded lazily -----------------------------------------------------------------------


def test_a_deck_whose_cards_all_resolve_reads_no_alias_file(tmp_path, merged_pool_path, monkeypatch):
    read = []
    original = aliases_module.read_alias_file

    def spy(path):
        read.append(str(path))
        return original(path)

    monkeypatch.setattr(aliases_module, "read_alias_file", spy)
    # A broken user table would stop any run that reads it.
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN["typo.yaml"][0], encoding="utf-8")
    monkeypatch.setenv(ALIASES_ENV, str(broken))
    args = ["--format", "key", "--as-of", AS_OF, "--cardpool", str(merged_pool_path)]
    result = CliRunner().invoke(cli, ["check", str(COCKATRICE / "WXDi-D01.cod"), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert read == []
    # The spy does see the tables once a name misses (so the assertion above means something).
    monkeypatch.delenv(ALIASES_ENV)
    result = CliRunner().invoke(cli, ["check", str(WDK_DECKS[0]), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert [p for p in read if p.endswith("cockatrice-wixoss.yaml")]


def test_the_pool_cache_never_holds_the_alias_tables(merged_pool_path, fresh_pool):
    pool = fresh_pool()
    assert pool.resolve("Code Ride Futsuji").ok
    assert "_aliases" in vars(pool)
    reloaded = fresh_pool()  # from the pickled cache
    assert "_aliases" not in vars(reloaded)


def test_an_alias_table_read_once_comes_from_the_cache_until_the_file_changes(tmp_path, monkeypatch):
    import time

    from wixoss_deckcheck.files import yamllines as yamlnodes

    table = tmp_path / "mine.yaml"
    table.write_text("aliases:\n  - {name: My Name, number: WDK01-014, note: mine}\n", encoding="utf-8")
    first = read_alias_file(table)
    assert [(a.name, a.number, a.note, a.path, a.line) for a in first] == [
        ("My Name", "WDK01-014", "mine", str(table), 2)
    ]

    def no_yaml(*_args, **_kwargs):
        raise AssertionError("read the YAML again")

    original = yamlnodes.load_yaml_file
    monkeypatch.setattr(yamlnodes, "load_yaml_file", no_yaml)
    assert read_alias_file(table) == first  # from the cache: no YAML parser
    time.sleep(0.01)
    table.write_text("aliases:\n  - {name: My Name, number: WDK01-015}\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="read the YAML again"):
        read_alias_file(table)  # changed: read again
    monkeypatch.setattr(yamlnodes, "load_yaml_file", original)
    assert [a.number for a in read_alias_file(table)] == ["WDK01-015"]

"""Hostile decklists, format files and settings files through the real command line:
alias bombs, self-reference, deep nesting, long ``extends`` chains, huge numbers,
unprintable text and odd codecs. Each is exit 2 with one short ``error:`` line, and
the run ends (a hang fails the test through the child's timeout)."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES
from hostile import assert_one_error, run_cli

DECK = EXAMPLES / "diva-illegal.txt"


def alias_bomb(levels: int = 9) -> str:
    """A billion laughs: each level a list of nine aliases of the one before."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    return "\n".join(lines) + f"\nmain: [*a{levels - 1}]\n"


HOSTILE_YAML = {
    "bomb": alias_bomb(),
    "self": "main: &a [*a]\nlrig: []\n",
    "deep": "main: " + "[" * 600 + "]" * 600 + "\n",
    "very-deep": "main: " + "[" * 100_000 + "]" * 100_000 + "\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(HOSTILE_YAML))
def test_hostile_yaml_decks(tmp_path, case):
    deck = tmp_path / "deck.yaml"
    deck.write_text(HOSTILE_YAML[case], encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", deck), "deck.yaml")


@pytest.mark.parametrize("case", sorted(HOSTILE_YAML))
def test_hostile_format_files(tmp_path, case):
    table = tmp_path / "house.yaml"
    table.write_text("id: house\nname: House\nextends: diva\n" + HOSTILE_YAML[case], encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", "--format-file", table, DECK), "house.yaml")


@pytest.mark.parametrize("case", sorted(HOSTILE_YAML))
def test_hostile_settings_files(tmp_path, case):
    settings = tmp_path / "settings.yaml"
    settings.write_text("format: diva\n" + HOSTILE_YAML[case].replace("main:", "disable:"), encoding="utf-8")
    assert_one_error(run_cli("check", "--config", settings, DECK), "settings.yaml")


def test_anchors_are_named_as_the_problem(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(alias_bomb(), encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", deck), "anchors and aliases")


def test_deep_json_deck(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text('{"main": ' + "[" * 600 + "]" * 600 + "}", encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", deck), "nesting")


@pytest.mark.slow
def test_an_extends_chain_of_a_thousand_files(tmp_path):
    for index in range(1000):
        parent = f"f{index + 1}.yaml" if index < 999 else "diva"
        (tmp_path / f"f{index}.yaml").write_text(f"id: f{index}\nname: F{index}\nextends: {parent}\n")
    assert_one_error(run_cli("check", "--no-config", "--format-file", tmp_path / "f0.yaml", DECK), "chain")


HUGE = "9" * 4301
HUGE_DECKS = {
    "deck.txt": f"{HUGE} WXDi-D01-001\n",
    "deck.yaml": f"main:\n  - {{card: WXDi-D01-001, count: {HUGE}}}\n",
    "quoted.yaml": f'main:\n  - "{HUGE} WXDi-D01-001"\n',
    "deck.json": f'{{"main": [{{"card": "WXDi-D01-001", "count": {HUGE}}}]}}',
    "deck.cod": f'<cockatrice_deck>\n<zone name="main">\n<card number="{HUGE}" name="A"/>\n</zone>\n'
    "</cockatrice_deck>\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HUGE_DECKS))
def test_huge_counts_in_every_reader(tmp_path, name):
    deck = tmp_path / name
    deck.write_text(HUGE_DECKS[name], encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", deck), "digits")


def test_a_long_count_is_not_echoed_whole(tmp_path):
    deck = tmp_path / "deck.cod"
    deck.write_text(HUGE_DECKS["deck.cod"].replace(HUGE, "9" * 4000), encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", deck), "deck.cod")


def test_a_superscript_count_in_a_cockatrice_file(tmp_path):
    deck = tmp_path / "deck.cod"
    deck.write_text('<cockatrice_deck>\n<zone name="main">\n<card number="¹" name="A"/>\n</zone>\n</cockatrice_deck>\n')
    assert_one_error(run_cli("check", "--no-config", deck), "not a number")


@pytest.mark.parametrize("text", [
    '{"main": ["4 \\ud800"]}',
    '{"main": ["4 \\u001b]0;pwned\\u0007"]}',
    '{"name": "\\u001b[2J", "main": ["4 A"]}',
])
def test_unprintable_escapes_in_a_json_deck(tmp_path, text):
    deck = tmp_path / "deck.json"
    deck.write_text(text, encoding="utf-8")
    line = assert_one_error(run_cli("check", "--no-config", deck))
    assert "\x1b" not in line and "\x07" not in line


def test_control_characters_in_a_file_name_are_escaped(tmp_path):
    deck = tmp_path / "evil\x1b[2J\x07\nname.txt"
    deck.write_bytes(b"\x00\x01binary")
    line = assert_one_error(run_cli("check", "--no-config", deck), "\\x1b[2J\\x07\\x0aname.txt")
    assert "\x1b" not in line


@pytest.mark.slow
@pytest.mark.parametrize("codec", ["undefined", "rot13", "base64", "zlib", "no-such-codec"])
def test_a_codec_that_is_not_a_text_encoding_is_a_usage_error(codec):
    assert_one_error(run_cli("check", "--no-config", "--encoding", codec, DECK), "encoding")


def test_a_huge_number_in_a_format_file(tmp_path):
    table = tmp_path / "house.yaml"
    table.write_text("id: h\nname: H\nextends: diva\nmayus_room:\n  - {kind: limit, limit: " + HUGE
                     + ', cards: [{name: x}], effective: "2020-01-01", source: s}\n', encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", "--format-file", table, DECK), "house.yaml:5", "digits")


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["simulate", "--games", "10", "--hit", "level:" + HUGE, "--by-turn", "1"],
    ["simulate", "--games", "10", "--mulligan", "curve:" + HUGE],
])
def test_huge_numbers_in_simulation_options(args):
    from conftest import DECKS

    assert_one_error(run_cli(*args, DECKS / "text" / "rx-wxdi-d01.txt"))


LONG = "a" * 5000


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["check", "--no-config", "--cardpool", LONG + ".json", DECK],
    ["check", "--no-config", "--format-file", LONG + ".yaml", DECK],
    ["check", "--config", LONG + ".yaml", DECK],
    ["check", "--no-config", "-o", LONG + "/report.txt", DECK],
    ["cardpool", "update", "--sources-file", LONG],
])
def test_file_names_too_long_for_the_system(args):
    assert_one_error(run_cli(*args), "too long")


def test_a_format_file_extending_a_name_too_long(tmp_path):
    table = tmp_path / "house.yaml"
    table.write_text(f"id: h\nname: H\nextends: {LONG}.yaml\n", encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", "--format-file", table, DECK), "neither a built-in format")


@pytest.mark.parametrize("codec", ["unicode_escape", "raw_unicode_escape"])
def test_an_escape_codec_cannot_smuggle_controls_or_surrogates(tmp_path, codec):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"4 \\ud800 A\n4 \\x1b[2J B\n")
    line = assert_one_error(run_cli("check", "--no-config", "--encoding", codec, deck), "lone surrogate")
    assert "\x1b" not in line

"""Deck files as people hand them over (issue 12): standard input, legacy Chinese and
Japanese encodings, broken JSON and YAML named plainly, files under the wrong suffix,
empty files, and the webxoss simulator's deck export."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from conftest import DECKS, run_main

from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.decklist import load_deck, parse_deck_text
from wixoss_deckcheck.errors import InputError

WD01 = DECKS / "text" / "wx-wd01-white-hope.txt"


def check(*args: str, input: str | bytes | None = None):
    result = CliRunner().invoke(cli, ["check", "--no-config", *args], input=input)
    assert "Traceback" not in result.output
    return result


def test_check_reads_a_deck_on_standard_input(full_pool_path):
    result = check("--cardpool", str(full_pool_path), "-", input=WD01.read_bytes())
    assert result.exit_code == 0, result.output
    assert "<stdin>: legal" in result.stdout
    cod = (DECKS / "cockatrice" / "WXDi-D01.cod").read_bytes()
    assert check("--cardpool", str(full_pool_path), "-", "-O", "json", input=cod).exit_code in (0, 1, 2)
    yaml_deck = "format: all-star\nmain:\n  - 4 WD01-009\n"
    result = check("--cardpool", str(full_pool_path), "-", "-O", "json", input=yaml_deck)
    assert json.loads(result.stdout)["decks"][0]["counts"]["main"] == 4
    empty = check("--cardpool", str(full_pool_path), "-", input="")
    assert empty.exit_code == 2 and "error: <stdin>: standard input is empty" in empty.stderr


def test_audit_dash_still_reads_paths(tmp_path, full_pool_path):
    deck = tmp_path / "d.txt"
    deck.write_bytes(WD01.read_bytes())
    result = CliRunner().invoke(
        cli, ["audit", "--no-config", "--cardpool", str(full_pool_path), "-j", "1", "-"], input=f"{deck}\n"
    )
    assert result.exit_code == 0, result.output


DECK_ZH_HANS = "# format: all-star\n主卡组：40张\n4张 甲胄 皇家铠\n4张 大剑 石中剑\n分身卡组\n1 满月之巫女 玉依姬\n"
DECK_ZH_HANT = "# format: all-star\n主卡組\n4 甲冑 皇家鎧\n4 大劍 石中劍\n分身牌組\n1 滿月之巫女 玉依姬\n"
DECK_JA = (
    "# format: all-star\nメインデッキ\n4 甲冑　ローメイル\n4 大剣　カリバン\nルリグデッキ\n1 満月の巫女　タマヨリヒメ\n"
)


@pytest.mark.parametrize(
    "text,codec",
    [
        (DECK_ZH_HANS, "gbk"),
        (DECK_ZH_HANS, "gb18030"),
        (DECK_ZH_HANT, "big5"),
        (DECK_JA, "cp932"),
        (DECK_JA.replace("ローメイル", "ﾛｰﾒｲﾙ"), "cp932"),
    ],
)
def test_legacy_encodings_are_told_apart(tmp_path, text, codec):
    path = tmp_path / "deck.txt"
    path.write_bytes(text.encode(codec))
    assert [e.query for e in load_deck(path).entries] == [e.query for e in parse_deck_text(text, "x.txt").entries]


def test_names_of_the_card_lists_are_never_read_in_the_wrong_encoding(tmp_path, merged_pool):
    """Decks of 1-20 real card names in each language: read right, or refused as unsure."""
    rng = random.Random(12)
    cards = merged_pool.cards
    path = tmp_path / "deck.txt"
    unsure = 0
    for lang, codec in (("ja", "cp932"), ("zh_hans", "gb18030"), ("zh_hant", "big5")):
        for size in (1, 3, 10, 20):
            for _ in range(15):
                names = [card.name if lang == "ja" else card.names.get(lang) for card in rng.sample(cards, size * 3)]
                names = [name for name in names if name][:size]
                if not names:
                    continue
                text = "[main]\n" + "".join(f"{rng.randint(1, 4)} {name}\n" for name in names)
                try:
                    path.write_bytes(text.encode(codec))
                except UnicodeEncodeError:
                    continue
                try:
                    deck = load_deck(path)
                except InputError as exc:
                    assert "cannot tell the text encoding" in exc.message and "--encoding" in exc.message
                    unsure += 1
                    continue
                assert [e.query for e in deck.entries] == [e.query for e in parse_deck_text(text, "x.txt").entries]
    assert unsure < 40  # a short list may be unsure; a real deck is read


def test_an_unsure_encoding_is_a_clear_error(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes("[main]\n4 梅露=金巴利\n".encode("gb18030"))
    try:
        deck = load_deck(path)
    except InputError as exc:
        assert str(exc).startswith(f"{path}: cannot tell the text encoding: it reads as ")
        assert "--encoding" in exc.message
    else:
        assert deck.entries[0].query == "梅露=金巴利"
    path.write_bytes(b"[main]\n4 \xff\xfe\xfa\n")
    with pytest.raises(InputError, match="not UTF-8, Shift_JIS, GBK or Big5 text; give --encoding"):
        load_deck(path)
    assert load_deck(path.__class__(path), encoding="latin-1").entries[0].query == "ÿþú"


@pytest.mark.parametrize(
    "text,suffix,line,fragment",
    [
        ('{"main": ["4 WD01-009",]}', ".json", 1, "invalid JSON: Expecting value"),
        ('{"main": ["4 WD01-009"],\n "main": []}', ".json", 2, "duplicate key 'main'"),
        ("main:\n  - 4 WD01-009\nmain:\n  - 4 WD01-010\n", ".yaml", 3, "duplicate key 'main' (first on line 1)"),
        ("main:\n  - {card: WD01-009, count: 010}\n", ".yaml", 2, "octal number 8, not 10"),
        ("main:\n  - {card: WD01-009, count: 0x4}\n", ".yaml", 2, "as the number 4"),
        ("main:\n  - {card: no}\n", ".yaml", 2, "reads no as false"),
        ("main:\n  - {card: WD01-009, count: 1:30}\n", ".yaml", 2, "as the number 90"),
        ("main:\n  - 4 WD01-009 x4\n", ".yaml", 2, "two copy counts"),
    ],
)
def test_broken_structured_decks_say_what_is_wrong(tmp_path, text, suffix, line, fragment):
    path = tmp_path / f"deck{suffix}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_deck(path)
    assert fragment in caught.value.message and caught.value.line == line


def test_files_under_the_wrong_suffix_are_read_for_what_they_are(tmp_path, full_pool_path):
    cod = tmp_path / "deck.txt"
    cod.write_bytes((DECKS / "cockatrice" / "WXDi-D01.cod").read_bytes())
    assert sum(e.count for e in load_deck(cod).entries) == 52
    document = tmp_path / "json.txt"
    document.write_text('{"format": "all-star", "main": ["4 WD01-009"]}\n', encoding="utf-8")
    assert load_deck(document).entries[0].query == "WD01-009"


@pytest.mark.parametrize(
    "content,fragment",
    [
        ("", "the file is empty"),
        ("\ufeff \n\r\n", "the file is empty"),
        ("# only a comment\n[main]\n", "no card lines"),
    ],
)
def test_empty_files_say_so(tmp_path, capsys, full_pool_path, content, fragment):
    path = tmp_path / "deck.txt"
    path.write_text(content, encoding="utf-8")
    code, _out, err = run_main(capsys, "check", "--no-config", "--cardpool", str(full_pool_path), str(path))
    assert code == 2 and f"error: {path}:1: {fragment}" in err  # a whole-file problem points at line 1


# -- webxoss --------------------------------------------------------------------------------


def webxoss_export(main: list[int], lrig: list[int], indent: int | None = None) -> str:
    content = {"mainDeck": main, "lrigDeck": lrig}
    return json.dumps({"format": "WEBXOSS Deck", "version": "1", "content": content}, indent=indent)


WD01_MAIN = [pid for pid in range(112, 122) for _ in range(4)]
WD01_LRIG = list(range(104, 112))


def test_the_webxoss_export_of_wd01_checks_legal(tmp_path, merged_pool_path):
    path = tmp_path / "white-hope.json"
    path.write_text(webxoss_export(WD01_MAIN, WD01_LRIG), encoding="utf-8")
    result = check("--cardpool", str(merged_pool_path), str(path), "-O", "json")
    deck = json.loads(result.stdout)["decks"][0]
    assert result.exit_code == 0 and deck["format"] == "all-star", result.output
    assert deck["counts"] == {"main": 40, "lrig": 8, "life_burst": 20}


def test_webxoss_lines_and_unknown_pids(tmp_path, merged_pool_path, full_pool_path):
    path = tmp_path / "deck.json"
    path.write_text(webxoss_export([112, 99999, 112], WD01_LRIG, indent=1), encoding="utf-8")
    deck = load_deck(path)
    assert [(e.count, e.query, e.section) for e in deck.entries][:2] == [
        (2, "webxoss:112", "main"),
        (1, "webxoss:99999", "main"),
    ]
    assert [e.line for e in deck.entries[:2]] == [6, 7]
    result = check("--cardpool", str(merged_pool_path), str(path))
    assert result.exit_code == 2 and f"{path}:7: WX001" in result.stdout
    without = check("--cardpool", str(full_pool_path), str(path))  # a pool built without webxoss/
    assert "has no webxoss card list" in without.stdout


@pytest.mark.parametrize(
    "document,fragment",
    [
        ({"format": "WEBXOSS Deck"}, 'needs "content"'),
        ({"format": "WEBXOSS Deck", "content": {"mainDeck": "112"}}, "must be a list"),
        ({"format": "WEBXOSS Deck", "content": {"mainDeck": [112, "x"]}}, "item 2 is not a webxoss card id"),
        ({"format": "WEBXOSS Deck", "content": {"mainDeck": []}}, "has no cards"),
    ],
)
def test_broken_webxoss_exports(document, fragment):
    with pytest.raises(InputError, match=fragment):
        parse_deck_text(json.dumps(document), "d.json")

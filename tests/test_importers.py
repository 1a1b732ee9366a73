"""The importers, on the real files in ../shared/carddata (and small broken copies)."""

from __future__ import annotations

import json

import pytest
from conftest import CARDDATA

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.importers.english import import_english
from wixoss_deckcheck.importers.official import import_official, parse_detail
from wixoss_deckcheck.importers.relax import import_relax
from wixoss_deckcheck.importers.source import js_literal_as_json, read_json_list
from wixoss_deckcheck.importers.webxoss import import_webxoss

OFFICIAL = CARDDATA / "official-html"


@pytest.fixture(scope="module")
def official(shared_dir):
    return {record["number"]: record for record in import_official(OFFICIAL).records}


def test_official_pages_give_format_icons_by_label(official):
    assert len(official) == 9
    assert official["WXDi-P14-040"]["formats"] == ["key", "diva"]
    assert official["WXK11-002"]["formats"] == ["key"]
    assert official["PR-K060"]["formats"] == ["key"]
    assert official["SP32-024"]["formats"] == []  # no icon: All-Star only


def test_official_life_burst_comes_from_the_skill_icon(official):
    assert official["WXDi-P12-071"]["life_burst"] is True
    assert official["WXDi-P14-061"]["life_burst"] is True
    assert official["WXDi-P14-040"]["life_burst"] is False
    assert "life_burst" not in official["WXDi-P14-006"]  # an LRIG has no Life Burst field


def test_official_fields_are_read_by_label_whatever_the_card_type(official):
    lrig = official["WXDi-P14-006"]  # チーム/コイン in place of 限定条件/ガード
    assert (lrig["type"], lrig["level"], lrig["limit"], lrig["colors"]) == ("LRIG", 3, 6, ["red"])
    assert lrig["grow_cost"] == {"red": 2} and lrig["lrig_types"] == ["ユヅキ"]
    assistant = official["WXDi-P14-026"]  # 使用タイミング without a dd before フォーマット
    assert assistant["type"] == "ASSIST_LRIG" and assistant["formats"] == ["key", "diva"]
    arts = official["WXK11-002"]
    assert arts["cost"] == {"red": 2, "colorless": 2}  # cost split by <br />
    resona = official["SP32-024"]
    assert (resona["type"], resona["level"], resona["power"], resona["limiting"]) == ("RESONA", 4, 15000, ["ミュウ"])
    assert official["PR-K060"]["names"]["kana"] == "キョケンノエンマウリス"
    assert official["WXDi-P14-001"]["type"] == "PIECE" and official["WXDi-P14-001"]["cost"] == {"white": 1}


@pytest.mark.shared
def test_official_page_with_fields_reordered_still_parses():
    page = (OFFICIAL / "WXDi-P14-040_detail_fragment.html").read_text(encoding="utf-8")
    start = page.index("<dt>フォーマット</dt>")
    end = page.index("<dt>ストーリー</dt>")
    block = page[start:end]
    moved = page.replace(block, "").replace("<dt>カード種類</dt>", block + "<dt>カード種類</dt>", 1)
    record = parse_detail(moved)
    assert record["formats"] == ["key", "diva"] and record["level"] == 3 and record["type"] == "SIGNI"


def test_a_page_that_is_not_a_card_detail_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="not an official card-detail page"):
        parse_detail("<html><body><h1>メンテナンス中</h1></body></html>", "x.html")


@pytest.mark.shared
def test_relax_rows_rarity_copy_limit_and_wx26():
    source = import_relax(CARDDATA / "relax")
    records = {record["number"]: record for record in source.records}
    assert len(records) == 3289
    assert records["WX24-P2-052"]["copy_limit"] == 2 and records["WX24-P2-052"]["rarity"] == "SR"
    assert sum(1 for number in records if number.startswith("WX26-P1-")) == 130
    servant = records["WXDi-D01-020"]
    assert servant["guard"] and servant["multi_ener"] and servant["life_burst"] and servant["colors"] == []
    lrig = records["WXDi-P14-006"]
    assert lrig["grow_cost"] == {"red": 2} and lrig["limit"] == 6 and "life_burst" not in lrig
    assert records["WXDi-P11-TK01"]["type"] == "RESONA" and records["WXDi-P11-TK01"]["token"]


def test_relax_reads_the_editors_own_javascript(tmp_path):
    script = tmp_path / "card_info.js"
    script.write_text(
        "/* header with = signs */\nconst ID = 0;\nvar cardData = [\n"
        '\t// [ "PR-Di001", ],\n'
        '\t[\n\t\t"WX26-P1-001", //ID\n\t\t"https://x/y.jpg", //SRC\n\t\t"テスト", //NAME\n\t\t"LR",\n'
        '\t\t"ルリグ",\n\t\t"タマ",\n\t\t"白",\n\t\t"3",\n\t\t"《白》×2",\n\t\t"6",\n\t\t"",\n\t\t"",\n'
        '\t\t"",\n\t\t"",\n\t\t"",\n\t\t"",\n\t\t"",\n\t\t"",\n\t\t""//BAN\n\t\t],\n];\n',
        encoding="utf-8",
    )
    (record,) = import_relax(script).records
    assert (record["number"], record["type"], record["level"], record["limit"]) == ("WX26-P1-001", "LRIG", 3, 6)


def test_js_literal_keeps_comment_marks_inside_strings():
    assert json.loads(js_literal_as_json('[ "http://a//b", /* c */ "d", // e\n ]')) == ["http://a//b", "d"]


@pytest.mark.shared
def test_webxoss_names_kana_guard_and_reprint_links():
    records = import_webxoss(CARDDATA / "webxoss").records
    by_number = {record["number"]: record for record in records}
    tama = by_number["WX01-001"]
    assert tama["names"] == {
        "en": "Tamayorihime, Sun Miko",
        "zh_hans": "太阳之巫女 玉依姬",
        "kana": "タイヨウノミコタマヨリヒメ",
    }
    assert tama["grow_cost"] == {"white": 3} and "power" not in tama
    assert by_number["WD02-016"]["_reprint_of"] == "WX01-101"  # cid link
    arts = by_number["WX01-010"]
    assert "level" not in arts and arts["cost"] == {"white": 1}
    assert sum(1 for record in records if record.get("guard")) >= 90
    assert sum(1 for record in records if record.get("multi_ener")) == 85


@pytest.mark.shared
def test_english_list_names_by_number_with_multiline_types():
    records = import_english(CARDDATA / "english").records
    by_number = {record["number"]: record for record in records}
    assert by_number["WXDi-D01-020[EN]"]["names"]["en"] == "Servant ♯"
    assert by_number["WXDi-D01-020[EN]"]["_type"] == "SIGNI"
    assert by_number["WXDi-CP02-TK01A[EN]"]["names"]["en"] == "Peroro plush"  # "SIGNI\nCRAFT" type cell
    assert all(record["_names_only"] for record in records)


@pytest.mark.parametrize(
    "importer, name, text, message",
    [
        (import_relax, "cards.json", "<html><body>502</body></html>", "is HTML, not JSON"),
        (import_relax, "cards.json", '[{"ID": "X"}]', "is not a card"),
        (import_webxoss, "cards.json", "[{", "not valid JSON"),
        (import_english, "cards_en.tsv", "foo\tbar\n", "first line must be"),
    ],
)
def test_broken_files_are_one_line_input_errors(tmp_path, importer, name, text, message):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message) as caught:
        importer(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_read_json_list_accepts_an_object_of_records(tmp_path):
    path = tmp_path / "CardInfo.json"
    path.write_text('{"1": {"a": 1}, "2": {"a": 2}}', encoding="utf-8")
    assert read_json_list(path, "x") == [{"a": 1}, {"a": 2}]

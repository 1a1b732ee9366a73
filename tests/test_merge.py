"""Merging the sources: coverage, provenance, conflicts, English alignment (real data)."""

from __future__ import annotations

import csv
import json

import pytest
from conftest import CARDDATA

from wixoss_deckcheck.importers.merge import merge_sources
from wixoss_deckcheck.importers.merge_report import describe_entry
from wixoss_deckcheck.importers.source import ImportedSource
from wixoss_deckcheck.pool.normalize import number_key


@pytest.fixture(scope="module")
def english(shared_dir):
    """English name by code, read from the shared English list (the oracle for the names)."""
    with open(CARDDATA / "english" / "cards_en.tsv", encoding="utf-8", newline="") as handle:
        return {row[0]: row[1] for row in csv.reader(handle, delimiter="\t") if len(row) > 1}


@pytest.fixture(scope="module")
def webxoss_rows(shared_dir):
    return json.loads((CARDDATA / "webxoss" / "cards.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def document(merged_pool_path):
    return json.loads(merged_pool_path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def by_number(document):
    index = {}
    for card in document["cards"]:
        for number in (card["number"], *card["reprints"]):
            index[number_key(number)] = card
    return index


def test_every_csv_number_and_every_relax_only_card_is_in_the_pool(by_number):
    numbers = set()
    for sheet in (CARDDATA / "wixossreact").glob("CardData_*.csv"):
        with open(sheet, encoding="utf-8-sig", newline="") as handle:
            numbers |= {row["CardNum"].strip() for row in csv.DictReader(handle) if row["CardNum"].strip()}
    assert len(numbers) > 9000
    assert not [n for n in numbers if number_key(n) not in by_number]
    relax = json.loads((CARDDATA / "relax" / "cards.json").read_text(encoding="utf-8"))
    wx26 = [row["ID"] for row in relax if row["ID"].startswith("WX26-P1-")]
    assert wx26 and all(number_key(n) in by_number for n in wx26)
    assert by_number[number_key("WX26-P1-001")]["sources"][0] in ("relax", "wixossreact")


def test_english_and_chinese_names(by_number, english, webxoss_rows):
    assert by_number["WXDI-D01-020"]["names"]["en"] == english["WXDi-D01-020[EN]"]
    assert by_number["WXDI-P14-040"]["names"]["en"] == english["WXDi-P14-040[EN]"]
    tama = by_number["WX01-001"]
    chinese = next(row["name_zh_CN"] for row in webxoss_rows if row["wxid"] == "WX01-001")
    assert tama["names"]["zh_hans"] == chinese
    assert tama["names"]["zh_hant"] == chinese.replace("阳", "陽")  # derived: 太阳 is 太陽 in Traditional script
    missing = [
        row["wxid"]
        for row in webxoss_rows
        if row["name_zh_CN"]
        and not by_number[number_key(row["wxid"])].get("names", {}).get("zh_hans")
        and not by_number[number_key(row["wxid"])].get("inherited_names", {}).get("zh_hans")
    ]
    assert not missing


def test_names_a_print_only_inherits_are_kept_apart(by_number):
    """webxoss links 満月の巫女　タマ (SP01-001) to 満月の巫女　タマヨリヒメ (WD01-001) and shows the
    latter's English and Chinese names for it: they are not SP01-001's own (issue 20 item 1)."""
    for number, base in (("SP01-001", "WD01-001"), ("SP01-005", "WD01-005"), ("WD13-005", "WD01-003")):
        print_, card = by_number[number_key(number)], by_number[number_key(base)]
        assert "en" not in print_.get("names", {}) and "zh_hans" not in print_.get("names", {})
        assert print_["inherited_names"]["en"] == card["names"]["en"]
        assert print_["names"]["kana"]  # the reading is the print's own
    # a name of its own stays: PR-005 タマ is "Tama", not the linked card's name
    assert by_number["PR-005"]["names"]["en"] == "Tama" and "inherited_names" not in by_number["PR-005"]
    # a reprint under the same name inherits nothing
    assert "inherited_names" not in by_number["WD01-001"]


def test_english_share_of_the_english_edition(document, by_number):
    with open(CARDDATA / "english" / "cards_en.tsv", encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, delimiter="\t"))
    codes = [
        row[0]
        for row in rows[1:]
        if len(row) > 2 and row[2] in ("SIGNI", "SPELL", "LRIG", "ASSIST LRIG", "PIECE", "ARTS")
    ]
    named = [
        code
        for code in codes
        if number_key(code) in by_number and by_number[number_key(code)].get("names", {}).get("en")
    ]
    assert len(named) / len(codes) > 0.9


def test_renumbered_english_sets_do_not_misname_cards(by_number, english):
    # The English WXDi-P00 is another product: its 085 is not 幻獣 パンダダ's English name.
    assert by_number["WXDI-P00-085"]["names"].get("en") != english["WXDi-P00-085[EN]"]
    assert by_number["WXDI-P00-003"]["names"]["en"] == english["WXDi-P00-003[EN]"]  # the leading run is trusted
    # The English WXDi-D02 counts 001-021 where the Japanese deck counts 01LAT-29: aligned by type.
    assert by_number[number_key("WXDi-D02-06LT")]["names"]["en"] == english["WXDi-D02-006[EN]"]
    assert by_number[number_key("WXDi-D02-20")]["names"]["en"] == english["WXDi-D02-012[EN]"]
    assert by_number[number_key("WXDi-D02-021[EN]")]["number"] == "WXDi-D02-29"


def test_official_icons_win_and_every_field_has_a_source(by_number):
    card = by_number[number_key("WXDi-P14-040")]
    assert card["formats"] == ["key", "diva"] and card["field_sources"]["formats"] == "official"
    assert card["sources"][0] == "wixossreact" and "official" in card["sources"]
    assert card["field_sources"]["names.en"] == "english"
    reprint_row = by_number[number_key("SP32-024")]
    assert reprint_row["number"] == "SP32-024" and reprint_row["formats"] == [] and reprint_row["series"] == "SP32"


def test_merge_report_lists_real_conflicts(document):
    conflicts = [entry for entry in document["merge_report"] if entry["kind"] == "conflict"]
    assert conflicts
    # PR-170/PR-171 were the one colour conflict: webxoss has their numbers the wrong way round,
    # which cardpool/corrections.yaml corrects (the official image URLs WixossReact records decide).
    assert not [entry for entry in conflicts if entry["field"] == "colors"]
    cards = {card["number"]: card for card in document["cards"]}
    assert cards["PR-170"]["name"] == "ウムル" and cards["PR-170"]["names"]["en"] == "Umuru"
    assert cards["PR-171"]["name"] == "タウィル" and cards["PR-171"]["names"]["en"] == "Tawil=Noll"
    bursts = [entry for entry in conflicts if entry["field"] == "life_burst"]
    assert bursts and all(set(entry) >= {"number", "field", "values", "kept", "value"} for entry in conflicts)
    assert f"kept {bursts[0]['value']} ({bursts[0]['kept']})" in describe_entry(bursts[0])


def _source(name, records):
    return ImportedSource(name, records, {"name": name})


def test_conflict_is_reported_and_the_stronger_source_kept():
    base = {"number": "WX01-001", "name": "A", "type": "SIGNI", "colors": ["white"], "level": 2, "life_burst": True}
    result = merge_sources(
        [
            _source("webxoss", [dict(base, level=3, names={"en": "A"})]),
            _source("wixossreact", [base]),
            _source("official", [dict(base, life_burst=False, formats=["key"])]),
        ]
    )
    (card,) = result.cards
    assert card["sources"] == ["wixossreact", "webxoss", "official"]
    assert card["level"] == 2 and card["life_burst"] is False and card["formats"] == ["key"]
    assert card["field_sources"] == {"life_burst": "official", "formats": "official", "names.en": "webxoss"}
    fields = {entry["field"]: entry for entry in result.report}
    assert fields["level"]["values"] == {"wixossreact": 2, "webxoss": 3} and fields["level"]["kept"] == "wixossreact"
    assert fields["life_burst"]["kept"] == "official" and fields["life_burst"]["value"] is False


def test_same_name_with_other_case_is_not_a_reprint():
    result = merge_sources(
        [
            _source(
                "wixossreact",
                [{"number": "WXK07-058", "name": "羅原　Bp", "type": "SIGNI", "colors": ["red"], "level": 2}],
            ),
            _source(
                "relax",
                [{"number": "WXDi-P05-084", "name": "羅原 ＢＰ", "type": "SIGNI", "colors": ["black"], "level": 2}],
            ),
        ]
    )
    assert len(result.cards) == 2 and not result.report


def test_an_inferred_print_joins_its_card(by_number):
    """WDK-F02-04 is in no card list; cardpool/corrections.yaml infers it is WDK04-004 悲哀の駄姫
    グズ子 (UNVERIFIED: WDK-F02 reprints WDK04 number for number), itself a print added there."""
    card = by_number["WDK-F02-04"]
    assert card["name"] == "悲哀の駄姫　グズ子" and "WDK04-004" in card["reprints"] + [card["number"]]

"""Decklist parsing: the ways players write decks, and clear errors for broken ones."""

from __future__ import annotations

import codecs

import pytest
from conftest import DECKS

from wixoss_deckcheck.decklist import load_deck, parse_deck_text
from wixoss_deckcheck.errors import InputError


def entries(deck):
    return [(e.count, e.query, e.line, e.section) for e in deck.entries]


def test_text_forms_counts_and_sections():
    text = (
        "# format: diva\n"
        "# name: test\n"
        "Main Deck\n"
        "4 WXDi-P01-040\n"
        "4x 蒼天姫　アマビエ\n"
        "蒼天姫　アマビエ x4\n"
        "4 × 蒼天姫　アマビエ\n"
        "４ｘ　蒼天姫　アマビエ\n"
        "蒼天姫　アマビエ ×４\n"
        "\n"
        "LRIG Deck:\n"
        "WXDi-D01-001\n"
        "4 XOXO\n"
    )
    deck = parse_deck_text(text, "d.txt")
    assert deck.format == "diva" and deck.name == "test" and deck.format_line == 1
    assert entries(deck) == [
        (4, "WXDi-P01-040", 4, "main"),
        (4, "蒼天姫　アマビエ", 5, "main"),
        (4, "蒼天姫　アマビエ", 6, "main"),
        (4, "蒼天姫　アマビエ", 7, "main"),
        (4, "蒼天姫　アマビエ", 8, "main"),
        (4, "蒼天姫　アマビエ", 9, "main"),
        (1, "WXDi-D01-001", 12, "lrig"),
        (4, "XOXO", 13, "lrig"),
    ]


@pytest.mark.parametrize(
    "heading,section",
    [
        ("[main]", "main"),
        ("[LRIG]", "lrig"),
        ("メインデッキ", "main"),
        ("ルリグデッキ", "lrig"),
        ("主卡组", "main"),
        ("分身卡组", "lrig"),
        ("Main Deck (40)", "main"),
        ("LRIG Deck:", "lrig"),
    ],
)
def test_section_headings(heading, section):
    deck = parse_deck_text(f"{heading}\n4 WXDi-P01-040\n", "d.txt")
    assert deck.entries[0].section == section


def test_no_headings_leaves_placement_to_the_card_type():
    deck = parse_deck_text("4 WXDi-P01-040\nWXDi-D01-001\n", "d.txt")
    assert [e.section for e in deck.entries] == [None, None]


def test_crlf_bom_and_comments(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(codecs.BOM_UTF8 + b"# comment\r\n[main]\r\n\r\n4 WXDi-P01-040\r\n// also a comment\r\n")
    deck = load_deck(path)
    assert entries(deck) == [(4, "WXDi-P01-040", 4, "main")]


def test_shift_jis_and_utf16_are_read(tmp_path):
    text = "[main]\n4x 蒼天姫　アマビエ\n"
    sjis = tmp_path / "sjis.txt"
    sjis.write_bytes(text.encode("cp932"))
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(text.encode("utf-16"))
    assert load_deck(sjis).entries[0].query == "蒼天姫　アマビエ"
    assert load_deck(utf16).entries[0].query == "蒼天姫　アマビエ"


@pytest.mark.parametrize(
    "content,line,fragment",
    [
        ("[main]\n4\n", 2, "a count with no card"),
        ("[main]\n0 WXDi-P01-040\n", 2, "out of range"),
        ("[main]\n100 WXDi-P01-040\n", 2, "out of range"),
    ],
)
def test_malformed_text_lines_name_the_line(content, line, fragment):
    with pytest.raises(InputError) as caught:
        parse_deck_text(content, "bad.txt")
    assert caught.value.line == line and fragment in caught.value.message
    assert str(caught.value).startswith(f"bad.txt:{line}: ")


def test_binary_and_directory_are_refused(tmp_path):
    binary = tmp_path / "deck.txt"
    binary.write_bytes(b"\x00\x01\x02\xff\xfe\x00\x00garbage")
    with pytest.raises(InputError, match="binary"):
        load_deck(binary)
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    with pytest.raises(InputError, match="directory"):
        load_deck(folder)
    with pytest.raises(InputError, match="no such file"):
        load_deck(tmp_path / "missing.txt")


def test_yaml_deck_keeps_lines_and_both_entry_shapes():
    text = (
        "name: amabie\n"
        "format: diva\n"
        "date: 2024-05-01\n"
        "main:\n"
        "  - {card: WXDi-P01-040, count: 4}\n"
        '  - "4 蒼天姫　アマビエ"\n'
        "lrig:\n"
        "  - WXDi-D01-001\n"
    )
    deck = parse_deck_text(text, "d.yaml")
    assert deck.format == "diva" and deck.date == "2024-05-01" and deck.name == "amabie"
    assert entries(deck) == [
        (4, "WXDi-P01-040", 5, "main"),
        (4, "蒼天姫　アマビエ", 6, "main"),
        (1, "WXDi-D01-001", 8, "lrig"),
    ]


def test_json_deck():
    text = '{"format": "key",\n "main": [{"card": "WXDi-P01-040", "count": 4}],\n "lrig": ["1 WXDi-D01-001"]}\n'
    deck = parse_deck_text(text, "d.json")
    assert deck.format == "key"
    assert entries(deck) == [(4, "WXDi-P01-040", 2, "main"), (1, "WXDi-D01-001", 3, "lrig")]


@pytest.mark.parametrize(
    "text,kind,line,fragment",
    [
        ("main:\n  - {card: X, count: 0}\n", "yaml", 2, "minimum"),
        ("main:\n  - {card: X, cont: 2}\n", "yaml", 2, "cont"),
        ("main: [\n", "yaml", 2, "invalid YAML"),
        ("mian:\n  - X\n", "yaml", 1, "mian"),
        ("[1, 2]\n", "json", 1, "mapping"),
    ],
)
def test_broken_structured_decks(text, kind, line, fragment):
    with pytest.raises(InputError) as caught:
        parse_deck_text(text, f"d.{kind}", kind)
    assert fragment in caught.value.message
    assert caught.value.line == line


@pytest.mark.shared
def test_real_cockatrice_files_parse_with_zones():
    deck = load_deck(DECKS / "cockatrice" / "WXDi-D01.cod")
    main = sum(e.count for e in deck.entries if e.section == "main")
    lrig = sum(e.count for e in deck.entries if e.section == "lrig")
    assert (main, lrig) == (40, 12)
    assert all(e.line and e.line > 1 for e in deck.entries)


def test_broken_cockatrice_file_names_the_line():
    text = ('<?xml version="1.0"?>\n<cockatrice_deck>\n<zone name="main">\n<card number="x" name="A"/>\n'
            '</zone>\n</cockatrice_deck>\n')
    with pytest.raises(InputError) as caught:
        parse_deck_text(text, "d.cod", "cod")
    assert caught.value.line == 4
    with pytest.raises(InputError, match="invalid Cockatrice XML"):
        parse_deck_text("<cockatrice_deck><zone name='main'>", "d.cod", "cod")


@pytest.mark.shared
def test_real_text_decks_declare_their_format():
    for path in sorted((DECKS / "text").glob("*.txt")):
        deck = load_deck(path)
        assert deck.format in ("diva", "all-star")
        assert sum(e.count for e in deck.entries if e.section == "main") == 40


def test_text_deck_lines_are_numbered_as_editors_number_them():
    text = "[main]\r\n4 WXDi-D01-012\r4 WXDi-D01-013\n# a\u2028b\x0cc\n4 WXDi-D01-014\n"
    deck = parse_deck_text(text, "d.txt")
    assert [(e.query, e.line) for e in deck.entries] == [("WXDi-D01-012", 2), ("WXDi-D01-013", 3), ("WXDi-D01-014", 5)]


def test_json_deck_lines_with_cr_line_ends():
    text = '{\r "format": "diva",\r "main": [\r  {"card": "WXDi-D01-012", "count": 4},\r  "WXDi-D01-013"\r ]\r}\r'
    deck = parse_deck_text(text, "d.json")
    assert [(e.query, e.line) for e in deck.entries] == [("WXDi-D01-012", 4), ("WXDi-D01-013", 5)]
    assert deck.format_line == 2

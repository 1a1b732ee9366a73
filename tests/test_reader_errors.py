"""Every quick decklist reader fails exactly as the full reader does: on hostile input
(odd digits, huge numbers, anchors, deep nesting, escapes) ``parse_deck_text`` gives the
same deck or the same one-line error with the quick readers on and off, and never
raises anything but an InputError."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.decklist import cockatrice, parse_deck_text, structured, yaml_reader
from wixoss_deckcheck.errors import InputError


@contextmanager
def quick_readers_off():
    """Switch off every quick reader, so only expat and PyYAML's composer read."""
    saved = (cockatrice._simple_cockatrice, structured._block_yaml_deck, structured._plain_json_deck,
             yaml_reader._plain_yaml_deck)
    cockatrice._simple_cockatrice = lambda _text, _path: None
    structured._block_yaml_deck = structured._plain_json_deck = lambda _text, _path: None
    yaml_reader._plain_yaml_deck = lambda _text, _path: None
    try:
        yield
    finally:
        (cockatrice._simple_cockatrice, structured._block_yaml_deck, structured._plain_json_deck,
         yaml_reader._plain_yaml_deck) = saved


def outcome(text: str, path: str):
    """The deck's entries and name, or the error's message and line."""
    try:
        deck = parse_deck_text(text, path)
    except InputError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 1024
        return ("error", exc.message, exc.line)
    return ("deck", [tuple(entry)[:4] for entry in deck.entries], deck.name, deck.format)


def assert_agree(text: str, path: str) -> None:
    quick = outcome(text, path)
    with quick_readers_off():
        full = outcome(text, path)
    assert quick == full, text[:500]


_COUNTS = ["4", "1", "0", "¹", "٣", "４", "+4", " 4", "4_0", "1e1", "0x4", "99", "100", "9" * 4301, "9" * 200]
_NAMES = ["A", "サーバント", "A &amp; B", "\x1b[31m", "&#27;", "a\u2028b", ""]


def cod_document(cards: list[tuple[str, str]]) -> str:
    body = "".join(f'  <card number="{count}" name="{name}"/>\n' for count, name in cards)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n<zone name="main">\n{body}'
            "</zone>\n</cockatrice_deck>\n")


@pytest.mark.parametrize("count", _COUNTS)
def test_cod_counts_agree(count):
    assert_agree(cod_document([(count, "A")]), "d.cod")


def test_a_superscript_count_is_a_clean_error_on_both_paths():
    assert outcome(cod_document([("¹", "A")]), "d.cod") == ("error", "card count '¹' is not a number", 4)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_COUNTS), st.sampled_from(_NAMES)), min_size=1, max_size=4))
def test_random_cod_decks_agree(cards):
    assert_agree(cod_document(cards), "d.cod")


_YAML_ITEMS = [
    "4x A", "¹ A", "４ A", "{card: A, count: ¹}", "{card: A, count: 4}", "{card: A, count: " + "9" * 4301 + "}",
    "{card: A, count: " + "9" * 300 + "}", "&a A", "*a", '"\\e[2J"', '"\\ud800"', "[[[[[[[[[[]]]]]]]]]]",
    "A", "'4 A'", "{card: A, count: 1_0}", "0x10 A",
]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_YAML_ITEMS), min_size=1, max_size=4), st.sampled_from(["block", "flow"]))
def test_random_yaml_decks_agree(items, style):
    if style == "block":
        text = "main:\n" + "".join(f"  - {item}\n" for item in items) + "lrig: []\n"
    else:
        text = "main: [" + ", ".join(items) + "]\n"
    assert_agree(text, "d.yaml")


_JSON_ITEMS = ['"4x A"', '"¹ A"', '{"card": "A", "count": 4}', '{"card": "A", "count": ' + "9" * 4301 + "}",
               '{"card": "A", "count": 1e400}', '{"card": "A", "count": NaN}', '"\\ud800"', '"\\u001b[2J"',
               "[" * 70 + "]" * 70, '{"card": "A", "count": -0}', '"A"']


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_JSON_ITEMS), min_size=1, max_size=4))
def test_random_json_decks_agree(items):
    assert_agree('{"main": [' + ", ".join(items) + '], "lrig": []}', "d.json")


@pytest.mark.parametrize("text, path", [
    ("main: &a [*a]\n", "d.yaml"),
    ("main: " + "[" * 600 + "]" * 600 + "\n", "d.yaml"),
    ('{"main": ' + "[" * 600 + "]" * 600 + "}", "d.json"),
    ("9" * 5000 + " A\n", "d.txt"),
])
def test_recursion_and_huge_numbers_are_the_same_error_on_both_paths(text, path):
    quick = outcome(text, path)
    assert quick[0] == "error"
    assert_agree(text, path)

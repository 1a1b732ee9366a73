"""The fast YAML decklist reader (parser events) must agree with the full one (composed nodes)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.decklist import structured
from wixoss_deckcheck.errors import InputError


def slow(text: str):
    fast = structured._plain_yaml_deck
    structured._plain_yaml_deck = lambda _text: None
    try:
        return structured.parse_structured_deck(text, "d.yaml")
    finally:
        structured._plain_yaml_deck = fast


def outcome(parse, text: str):
    """What reading ``text`` gives: the deck's fields, or the error's message and line."""
    try:
        deck = parse(text)
    except InputError as exc:
        return ("error", exc.message, exc.line)
    return ("deck", deck.entries, deck.format, deck.date, deck.name)


def block_outcome(text: str):
    """What the line-by-line reader gives, or None when it steps aside."""
    found = structured._block_yaml_deck(text)
    if found is None:
        return None
    data, lines = found
    return outcome(lambda t: structured._build_deck(data, "d.yaml", lambda parts: lines.get(tuple(parts))), text)


def both(text: str):
    """(fast data or None, slow outcome)."""
    return structured._plain_yaml_deck(text), outcome(slow, text)


TRICKY = [
    "main:\n  - 4x サーバント #\n  - {card: WXDi-P01-040, count: 4}\nlrig: [WXDi-D01-001]\n",
    "name: yes\nmain: [X]\n",
    "name: '2024'\nformat: diva\nmain:\n  - \"4 X\"\n",
    "main:\n  - on\n  - 0x1F\n",
    "main:\n  - 1_000\n",
    "date: 2024-05-01\nmain: [X]\n",
    "main:\n  - &a X\n  - *a\n",
    "main:\n  - !!str 4\n",
    "main:\n  - ~\n",
    "main: [X]\nmain: [Y]\n",
    "main:\n  - {card: X, count: 04}\n",
    "main:\n  - >\n    folded\n    text\n",
    "---\nmain: [X]\n---\nlrig: [Y]\n",
    "# comment\nmain:\n\n  - X  # trailing\n  - 'quoted # not a comment'\nlrig:\n  - Y\n",
    "main: []\nlrig: null\n",
]


@pytest.mark.parametrize("text", TRICKY)
def test_fast_path_agrees_or_steps_aside(text):
    fast, full = both(text)
    if fast is None:
        return
    assert outcome(lambda t: structured.parse_structured_deck(t, "d.yaml"), text) == full, text


def test_fast_path_is_taken_for_the_usual_deck():
    text = "name: x\nformat: diva\nmain:\n  - {card: WXDi-D01-012, count: 4}\n  - 4x サーバント　＃\nlrig:\n  - WXDi-D01-001\n"
    data, lines = structured._plain_yaml_deck(text)
    assert lines == {("name",): 1, ("format",): 2, ("main",): 3, ("main", 0): 4, ("main", 1): 5, ("lrig",): 6, ("lrig", 0): 7}
    assert data["main"][0] == {"card": "WXDi-D01-012", "count": 4}


_scalar = st.text(alphabet=st.sampled_from(list("aZ09 -_#:'\"!&*x×サーバント♯{}[],.~")), min_size=1, max_size=14)


@settings(max_examples=300, deadline=None)
@given(st.lists(_scalar, min_size=1, max_size=4), st.sampled_from(["block", "flow"]))
def test_random_entries_agree(items, style):
    if style == "block":
        text = "main:\n" + "".join(f"  - {item}\n" for item in items)
    else:
        text = "main: [" + ", ".join(items) + "]\n"
    fast, full = both(text)
    if fast is None:
        return
    assert outcome(lambda t: structured.parse_structured_deck(t, "d.yaml"), text) == full, text


BLOCK = TRICKY + [
    "format: diva\nmain:\n  - {card: WXDi-D01-012, count: 4}\n  - {card: X}\n  - 4x 蒼天姫　アマビエ\nlrig:\n  - Y\n",
    "main:\n  - a\n    - b\n",
    "main:\n    - a\n    - b\nlrig:\n  - c\n",
    "main:\n- a\n",
    "main:\n  - {card: X:, count: 4}\n",
    "main:\n  - a:b\n",
    "main:\n  - Servant ♯\n  - サーバント　＃\n",
    "name: 12\nmain: [X]\n",
    "name: a\r\nmain:\r\n  - X\r\n",
    "main:\n  - X\n\n# comment\nlrig:\n  - Y\n",
]


@pytest.mark.parametrize("text", BLOCK)
def test_line_reader_agrees_or_steps_aside(text):
    found = block_outcome(text)
    if found is not None:
        assert found == outcome(slow, text), text


_item = st.text(alphabet=st.sampled_from(list("aZ09 -_#:'\"!&*x{}[],.~?|>%@`\t")), min_size=1, max_size=12)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["  ", "    ", ""]), st.sampled_from(["plain", "card", "count"]), _item,
                          st.integers(0, 120)), min_size=1, max_size=5))
def test_random_block_decks_agree(items):
    text = "main:\n"
    for indent, shape, value, count in items:
        if shape == "plain":
            text += f"{indent}- {value}\n"
        elif shape == "card":
            text += f"{indent}- {{card: {value}}}\n"
        else:
            text += f"{indent}- {{card: {value}, count: {count}}}\n"
    found = block_outcome(text)
    if found is not None:
        assert found == outcome(slow, text), text


_friendly = st.text(alphabet=st.sampled_from(list("aZ09 -#:x.ｘ＃サ")), min_size=1, max_size=10)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["plain", "card", "count"]), _friendly, st.integers(0, 120)), min_size=1, max_size=5))
def test_random_friendly_block_decks_agree(items):
    text = "format: diva\nmain:\n"
    for shape, value, count in items:
        text += {"plain": f"  - {value}\n", "card": f"  - {{card: {value}}}\n",
                 "count": f"  - {{card: {value}, count: {count}}}\n"}[shape]
    found = block_outcome(text)
    if found is not None:
        assert found == outcome(slow, text), text

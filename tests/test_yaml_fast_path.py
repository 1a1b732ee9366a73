"""The fast YAML decklist reader (parser events) must agree with the full one (composed nodes)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.decklist import structured, yaml_reader
from wixoss_deckcheck.errors import InputError


def slow(text: str):
    """The full reader: PyYAML's composer, with both fast readers switched off."""
    return yaml_reader.parse_yaml_deck(text, "d.yaml", events=False)


def outcome(parse, text: str):
    """What reading ``text`` gives: the deck's fields, or the error's message and line."""
    try:
        deck = parse(text)
    except InputError as exc:
        return ("error", exc.message, exc.line)
    return ("deck", deck.entries, deck.format, deck.format_line, deck.date, deck.name)


def fast_outcome(reader, text: str):
    """What a fast reader gives, or None when it steps aside."""
    deck = reader(text, "d.yaml")
    return None if deck is None else outcome(lambda _text: deck, text)


def block_outcome(text: str):
    """What the line-by-line reader gives, or None when it steps aside."""
    return fast_outcome(structured._block_yaml_deck, text)


def both(text: str):
    """(the event reader's outcome or None, the full reader's outcome)."""
    return fast_outcome(yaml_reader._plain_yaml_deck, text), outcome(slow, text)


def assert_line_reader_agrees(text: str) -> None:
    """The line reader gives what the full reader gives, or steps aside."""
    found = block_outcome(text)
    if found is not None:
        assert found == outcome(slow, text), text


def entry_text(shape: str, value: str, count: int, indent: str = "  ") -> str:
    """One main-deck line: the card as text, ``{card: ...}`` or ``{card: ..., count: N}``."""
    return {
        "plain": f"{indent}- {value}\n",
        "card": f"{indent}- {{card: {value}}}\n",
        "count": f"{indent}- {{card: {value}, count: {count}}}\n",
    }[shape]


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
    if fast is not None:
        assert fast == full, text


def test_fast_paths_are_taken_for_the_usual_deck():
    text = (
        "name: x\nformat: diva\nmain:\n  - {card: WXDi-D01-012, count: 4}\n  - 4x サーバント　＃\nlrig:\n"
        "  - WXDi-D01-001\n"
    )
    for reader in (yaml_reader._plain_yaml_deck, structured._block_yaml_deck):
        deck = reader(text, "d.yaml")
        assert deck is not None, reader
        assert [(e.count, e.query, e.line, e.section) for e in deck.entries] == [
            (4, "WXDi-D01-012", 4, "main"),
            (4, "サーバント　＃", 5, "main"),
            (1, "WXDi-D01-001", 7, "lrig"),
        ]
        assert (deck.name, deck.format, deck.format_line) == ("x", "diva", 2)
        assert outcome(lambda _t, deck=deck: deck, text) == outcome(slow, text)


def test_the_line_reader_keeps_main_before_lrig_and_steps_aside_for_bad_counts():
    text = "lrig:\n  - L\nmain:\n  - 4 M\n"
    deck = structured._block_yaml_deck(text, "d.yaml")
    assert [(e.query, e.line) for e in deck.entries] == [("M", 4), ("L", 2)]
    assert outcome(lambda _t: deck, text) == outcome(slow, text)
    bad = "main:\n  - 0 M\n"
    assert structured._block_yaml_deck(bad, "d.yaml") is None
    assert outcome(slow, bad) == ("error", "copy count 0 is out of range (1-99)", 2)


_scalar = st.text(alphabet=st.sampled_from(list("aZ09 -_#:'\"!&*x×サーバント♯{}[],.~")), min_size=1, max_size=14)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(_scalar, min_size=1, max_size=4), st.sampled_from(["block", "flow"]))
def test_random_entries_agree(items, style):
    if style == "block":
        text = "main:\n" + "".join(f"  - {item}\n" for item in items)
    else:
        text = "main: [" + ", ".join(items) + "]\n"
    fast, full = both(text)
    if fast is not None:
        assert fast == full, text


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
    "name: x\ry\nmain:\n  - X\n",  # YAML breaks lines at CR, NEL, LS and PS too
    "main:\n  - X\ry\n",
    "main:\n  - X\x85y\n",
    "main:\n  - X\u2028y\n",
    "name: a\u2029b\nmain:\n  - X\n",
    "main:\n  - X\x07\n",  # not printable: YAML refuses it
]


@pytest.mark.parametrize("text", BLOCK)
def test_line_reader_agrees_or_steps_aside(text):
    assert_line_reader_agrees(text)


_item = st.text(
    alphabet=st.sampled_from(
        list("aZ09 -_#:'\"!&*x{}[],.~?|>%@`\t") + ["\r", "\x85", "\u2028", "\x07", "\ufeff", "サ"]
    ),
    min_size=1,
    max_size=12,
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["  ", "    ", ""]), st.sampled_from(["plain", "card", "count"]), _item, st.integers(0, 120)
        ),
        min_size=1,
        max_size=5,
    )
)
def test_random_block_decks_agree(items):
    assert_line_reader_agrees(
        "main:\n" + "".join(entry_text(shape, value, count, indent) for indent, shape, value, count in items)
    )


_friendly = st.text(alphabet=st.sampled_from(list("aZ09 -#:x.ｘ＃サ")), min_size=1, max_size=10)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["plain", "card", "count"]), _friendly, st.integers(0, 120)), min_size=1, max_size=5
    )
)
def test_random_friendly_block_decks_agree(items):
    assert_line_reader_agrees("format: diva\nmain:\n" + "".join(entry_text(*item) for item in items))


def test_the_first_characters_that_need_pyyaml_cover_all_of_pyyamls_resolvers():
    import yaml

    firsts = set(yaml.resolver.Resolver.yaml_implicit_resolvers)
    assert None not in firsts  # no resolver applies to every value
    assert firsts - {""} <= structured._MAYBE_NOT_TEXT


def test_every_pyyaml_pattern_for_a_non_string_is_ascii_and_anchored():
    import yaml

    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items():
        for tag, pattern in resolvers:
            assert pattern.pattern.isascii(), (first, tag)
            assert pattern.pattern.startswith("^") and pattern.pattern.endswith("$"), (first, tag)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("0123456789-+.:_ xeEabTZ~yYnNoO") + ["羅", "é", "４", "ｘ"]),
        min_size=1,
        max_size=12,
    ).filter(lambda value: not value.isascii())
)
def test_no_pyyaml_pattern_matches_a_value_with_a_non_ascii_character(value):
    import yaml

    for resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.values():
        for _tag, pattern in resolvers:
            assert not pattern.match(value)


@pytest.mark.parametrize(
    "value",
    [
        "yes",
        "No",
        "on",
        "null",
        "~",
        "12",
        "0x1F",
        "1_000",
        "2024-05-01",
        ".inf",
        "<<",
        "=",
        "4 サーバント",
        "4x 羅星　カメロパル",
        "WXDi-P01-040",
        "蒼天姫",
        "yellow",
        "Never",
        "true story",
    ],
)
def test_scalars_judged_as_text_are_text_to_pyyaml(value):
    import yaml

    if structured._yaml_string(value) is not None:  # a yes is never wrong; a no sends the deck to PyYAML
        assert yaml.safe_load(f"k: {value}")["k"] == value
    if value[0] not in "yYnNtTfFoO~0123456789.<=" or not value.isascii():
        assert structured._yaml_string(value) == value  # card numbers and names: judged without PyYAML


def test_the_usual_yaml_deck_is_read_without_importing_pyyaml():
    import subprocess
    import sys

    code = (
        "import sys; from wixoss_deckcheck.decklist import parse_deck_text; "
        "deck = parse_deck_text('format: diva\\nmain:\\n  - {card: WXDi-D01-012, count: 4}\\n  - 蒼天姫\\n"
        "lrig:\\n  - WXDi-D01-001\\n', 'd.yaml'); "
        "print(len(deck.entries), 'yaml' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["3", "False"]


_quoted_text = st.text(
    alphabet=st.sampled_from(list("aZ09 -#:,{}[]'\"\\\t!&*x×サ") + ["\x85", "\u2028", "\ufeff", "\x07"]), max_size=10
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["plain", "card", "count"]), st.sampled_from(['"', "'"]), _quoted_text, st.integers(0, 120)
        ),
        min_size=1,
        max_size=5,
    )
)
def test_random_quoted_entries_agree(items):
    assert_line_reader_agrees(
        "format: diva\nmain:\n"
        + "".join(entry_text(shape, f"{quote}{value}{quote}", count) for shape, quote, value, count in items)
    )


def test_quoted_names_are_read_by_the_line_reader():
    text = 'main:\n  - {card: "サーバント\u3000♯", count: 4}\n  - "4x サーバント #"\n  - \'2 WXDi-D01-012\'\n'
    deck = structured._block_yaml_deck(text, "d.yaml")
    assert [(e.count, e.query) for e in deck.entries] == [
        (4, "サーバント\u3000♯"),
        (4, "サーバント #"),
        (2, "WXDi-D01-012"),
    ]
    assert outcome(lambda _t: deck, text) == outcome(slow, text)

"""The line-by-line Cockatrice reader must agree with expat, or step aside."""

from __future__ import annotations

import pytest
from conftest import DECKS
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.decklist import cockatrice
from wixoss_deckcheck.errors import InputError


def expat_outcome(text: str):
    fast = cockatrice._simple_cockatrice
    cockatrice._simple_cockatrice = lambda _text, _path: None
    try:
        deck = cockatrice.parse_cockatrice_deck(text, "d.cod")
        return ("deck", deck.entries, deck.name)
    except InputError as exc:
        return ("error", exc.message, exc.line)
    finally:
        cockatrice._simple_cockatrice = fast


def simple_outcome(text: str):
    deck = cockatrice._simple_cockatrice(text, "d.cod")
    return None if deck is None else ("deck", deck.entries, deck.name)


def document(cards: list[tuple[str, str]], zone: str = "main") -> str:
    body = "".join(f'    <card number="{count}" name="{name}"/>\n' for count, name in cards)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n    <deckname>d</deckname>\n'
        f'    <zone name="{zone}">\n{body}    </zone>\n</cockatrice_deck>\n'
    )


@pytest.mark.shared
@pytest.mark.parametrize("path", sorted((DECKS / "cockatrice").glob("*.cod")))
def test_real_files_take_the_fast_path_and_agree(path):
    text = path.read_text(encoding="utf-8")
    assert simple_outcome(text) == expat_outcome(text)


@pytest.mark.parametrize(
    "text",
    [
        document([("4", "A &amp; B"), ("1", "&quot;Q&quot;")]),
        document([("4", "A &#65; B")]),
        document([("4", "A\tB")]),
        document([("0", "A")]),
        document([("4", "")]),
        document([("4", "A")], zone="sideboard"),
        document([("4", "A")]).replace("</zone>", ""),
        document([("4", "A")]) + "<extra/>\n",
        document([("4", "A")]).replace('<card number="4" name="A"/>', '<card name="A" number="4"/>'),
        document([("4", "A")]).replace("<deckname>d</deckname>", "<!-- c --><deckname>d</deckname>"),
        document([("4", "A")]).replace("<deckname>d</deckname>", "<deckname>a</deckname>\n<deckname>b</deckname>"),
        document([("4", "A")]).replace("</cockatrice_deck>", '</cockatrice_deck>\n<card number="1" name="B"/>'),
        document([("4", "A")]).replace("<deckname>d</deckname>", "<deckname/>"),
        "\n" + document([("4", "A")]),  # the declaration must open the file
        document([("4", "A")]).replace('<cockatrice_deck version="1">', "<cockatrice_deck>\n<cockatrice_deck>"),
        document([("4", "A")]).replace('<cockatrice_deck version="1">\n', ""),  # no root element
        '<zone name="main">\n<card number="1" name="A"/>\n</zone>\n',
        document([("4", "A\x07B")]),  # not an XML character: expat refuses it
        document([("4", "A\ufffeB")]),
        document([("4", "A\x85B\u2028")]),
        document([("4", "蒼天姫")]).replace('encoding="UTF-8"', 'encoding="Shift_JIS"'),  # the text is decoded already
    ],
)
def test_tricky_files_agree_or_step_aside(text):
    found = simple_outcome(text)
    if found is not None:
        assert found == expat_outcome(text)


_name = st.lists(st.sampled_from(list("aZ09 &;<>\"'#=サ\t") + ["&amp;", "&lt;", "&quot;"]), max_size=8).map("".join)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["1", "4", "0", "x", "100"]), _name), min_size=1, max_size=4),
    st.sampled_from(["main", "side", "Main", "lrig", "other"]),
)
def test_random_files_agree(cards, zone):
    text = document(cards, zone)
    found = simple_outcome(text)
    if found is not None:
        assert found == expat_outcome(text), text


_LINES = st.sampled_from(
    [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<cockatrice_deck version="1">',
        "</cockatrice_deck>",
        '<zone name="main">',
        '<zone name="side">',
        '<zone name="sideboard">',
        "</zone>",
        "<deckname>d</deckname>",
        "<deckname/>",
        "<comments>c</comments>",
        "",
        "   ",
        '<card number="4" name="A"/>',
        '<card number="0" name="B"/>',
        '<card number="2" name="A &amp; B"/>',
        '<card name="C" number="1"/>',
        '<card number="1" name=""/>',
        "<extra/>",
        '<card number="1" name="\x07"/>',
        '<card number="1" name="a\u2028b"/>',
        "<deckname>\x0b</deckname>",
    ]
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", "  "]), _LINES), min_size=1, max_size=12))
def test_random_line_sequences_agree_or_step_aside(lines):
    text = "\n".join(indent + line for indent, line in lines) + "\n"
    found = simple_outcome(text)
    if found is not None:
        assert found == expat_outcome(text), text


_CARD_LINES = st.sampled_from(
    [
        '<card number="4" name="A"/>',
        '<card number="12" name="A &amp;lt; B"/>',
        '<card name="C" number="1"/>',
        '<card number="0" name="Z"/>',
        '<card number="1" name="  spaced  "/>',
        "",
        "<deckname>n</deckname>",
        "<comments/>",
        '<zone name="main">',
        "</zone>",
    ]
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    st.booleans(),
    st.lists(
        st.tuples(st.sampled_from(["main", "side", "lrig", "Main "]), st.lists(_CARD_LINES, max_size=5)), max_size=3
    ),
)
def test_random_decks_in_a_valid_frame_agree_or_step_aside(declared, zones):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>'] if declared else []
    lines.append('<cockatrice_deck version="1">')
    for name, cards in zones:
        lines += [f'<zone name="{name}">', *cards, "</zone>"]
    lines.append("</cockatrice_deck>")
    text = "\n".join(lines) + "\n"
    found = simple_outcome(text)
    if found is not None:
        assert found == expat_outcome(text), text

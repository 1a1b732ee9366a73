"""Property-based fuzzing: no input, however broken, gives a traceback.

Decklist parsers (text, YAML, JSON, Cockatrice .cod), the format-table loader and
the settings loader either succeed or raise :class:`InputError` naming the file;
through the command line every bad input is exit 2 with one ``error: FILE...`` line.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.checking.settings_file import load_config
from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.tables.loading import load_table

pytestmark = pytest.mark.slow  # hypothesis fuzzers with up to 150 examples each

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
_counter = itertools.count()

# -- building blocks of plausible (and implausible) inputs --------------------------------

WORDS = st.sampled_from(
    [
        "4",
        "40",
        "0",
        "100",
        "-1",
        "x",
        "×",
        "*",
        "４",
        "WXDi-P01-040",
        "WXDi-D01-001",
        "PR-K060",
        "[EN]",
        "蒼天姫　アマビエ",
        "[main]",
        "[lrig]",
        "Main Deck",
        "ルリグデッキ",
        "主卡组",
        "# format: diva",
        "# date: 2024-13-45",
        "# name:",
        "//",
        "#",
        "\t",
        " ",
        "\u3000",
        "\ufeff",
        "\x00",
        "\x1b",
        "\r",
        "）",
        "（",
        "♯",
        "main:",
        "lrig:",
        "- ",
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        '"',
        "'",
        "&a",
        "*a",
        "!!python/object",
        "!!binary",
        "|",
        ">",
        "? ",
        "card:",
        "count:",
        "null",
        "true",
        "1e9",
        "2024-05-01",
        "<",
        ">",
        "/>",
        "</zone>",
        "<zone name='main'>",
        "<card number='4' name='a'/>",
        "&amp;",
        "<!DOCTYPE x [<!ENTITY a 'aa'>]>",
        "<cockatrice_deck version='1'>",
        "]]>",
        "<![CDATA[",
        "id:",
        "extends:",
        "rules:",
        "check:",
        "params:",
        "since:",
        "until:",
        "mayus_room:",
        "kind:",
        "cards:",
        "numbers:",
        "name:",
        "exactly:",
        "main-deck-size",
        "diva",
        "all-star",
        "key",
        "[tool.wixoss-deckcheck]",
        "=",
        "format =",
        "strict = true",
        "as-of = 2024-01-01",
        "disable = [",
        "]]",
        "[[x]]",
        '"""',
        "'''",
    ]
)
JOINERS = st.sampled_from(["", " ", "\n", "\n  ", "\n- ", ": ", "\r\n"])


@st.composite
def token_soup(draw) -> str:
    parts = draw(st.lists(st.tuples(WORDS | st.text(max_size=6), JOINERS), max_size=40))
    return "".join(word + joiner for word, joiner in parts)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 200) | st.floats(allow_nan=True) | st.text(max_size=12) | WORDS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.sampled_from(["main", "lrig", "card", "count", "name", "format", "date", "notes", "x"])
            | st.text(max_size=5),
            children,
            max_size=5,
        )
    ),
    max_leaves=25,
)

ANY_TEXT = token_soup() | st.text(max_size=300)
ANY_BYTES = (
    st.binary(max_size=300)
    | ANY_TEXT.map(lambda t: t.encode("utf-8", "surrogatepass"))
    | ANY_TEXT.map(lambda t: t.encode("utf-16"))
    | ANY_TEXT.map(lambda t: t.encode("cp932", "replace"))
)


def _write(folder: Path, suffix: str, data: bytes) -> Path:
    path = folder / f"f{next(_counter)}{suffix}"
    path.write_bytes(data)
    return path


def _only_input_errors(function, path: Path):
    try:
        return function(path)
    except InputError as exc:
        assert exc.path is not None and str(path) in str(exc.path), exc
        assert exc.message and "\n" not in str(exc), repr(str(exc))
        return None


# -- decklist parsers ---------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".txt", ".yaml", ".json", ".cod"])
@FUZZ
@given(data=ANY_BYTES)
def test_deck_parsers_raise_only_input_errors(tmp_path, suffix, data):
    _only_input_errors(load_deck, _write(tmp_path, suffix, data))


@FUZZ
@given(document=JSONISH)
def test_json_and_yaml_shaped_decks(tmp_path, document):
    text = json.dumps(document, ensure_ascii=False)
    _only_input_errors(load_deck, _write(tmp_path, ".json", text.encode("utf-8")))
    _only_input_errors(load_deck, _write(tmp_path, ".yaml", text.encode("utf-8")))


@FUZZ
@given(
    cards=st.lists(
        st.tuples(st.sampled_from(["main", "side", "lrig", "x", ""]), WORDS | st.text(max_size=8), st.text(max_size=4)),
        max_size=6,
    )
)
def test_cockatrice_shaped_decks(tmp_path, cards):
    from xml.sax.saxutils import quoteattr

    body = "".join(
        f"<zone name={quoteattr(zone)}><card number={quoteattr(count)} name={quoteattr(name)}/></zone>"
        for zone, name, count in cards
    )
    text = f"<?xml version='1.0'?><cockatrice_deck version='1'><deckname>d</deckname>{body}</cockatrice_deck>"
    _only_input_errors(load_deck, _write(tmp_path, ".cod", text.encode("utf-8", "surrogatepass")))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=ANY_BYTES, suffix=st.sampled_from([".txt", ".yaml", ".json", ".cod"]))
def test_check_command_never_shows_a_traceback(tmp_path, data, suffix):
    path = _write(tmp_path, suffix, data)
    result = CliRunner().invoke(cli, ["check", "--no-config", str(path), "-O", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
        assert errors and all(str(path) in line for line in errors), result.stderr
        data_out = json.loads(result.stdout)
        assert data_out["summary"]["total"] == 1


# -- the format-table loader --------------------------------------------------------------

FORMAT_LINES = st.lists(
    st.sampled_from(
        [
            "id: fuzz",
            "extends: diva",
            "extends: nosuch",
            "extends: fuzz.yaml",
            "name: Fuzz",
            "since: 2020-01-01",
            "until: 1999-01-01",
            "rules:",
            "  - id: size",
            "    check: main-deck-size",
            "    check: nosuch-check",
            "    params: {exactly: 40}",
            "    params: [1, 2]",
            "    severity: warning",
            "    severity: fatal",
            "disable: [x]",
            "mayus_room:",
            "  - kind: banned",
            "    cards: [{name: x}]",
            "    cards: [{numbers: [WXDi-P01-001]}]",
            "    effective: 2024-01-01",
            "icons:",
            "  - {pattern: '[', icons: [diva]}",
            "  - {pattern: '^WXDi', icons: [diva]}",
            "abstract: true",
            "description: |",
            "  text",
            "- x",
            "{",
            "id: [a",
            "\t",
            "aliases: [f]",
        ]
    )
    | token_soup(),
    max_size=20,
)


@FUZZ
@given(lines=FORMAT_LINES)
def test_format_loader_raises_only_input_errors(tmp_path, lines):
    path = _write(tmp_path, ".yaml", "\n".join(lines).encode("utf-8", "surrogatepass"))
    _only_input_errors(load_table, path)


@FUZZ
@given(data=ANY_BYTES)
def test_format_loader_on_any_bytes(tmp_path, data):
    _only_input_errors(load_table, _write(tmp_path, ".yaml", data))


# -- the settings loader ------------------------------------------------------------------


@FUZZ
@given(data=ANY_BYTES, kind=st.sampled_from([".yaml", ".toml"]))
def test_settings_loader_raises_only_input_errors(tmp_path, data, kind):
    if kind == ".toml":
        data = b"[tool.wixoss-deckcheck]\n" + data
    _only_input_errors(load_config, _write(tmp_path, kind, data))


@FUZZ
@given(document=JSONISH)
def test_settings_shaped_documents(tmp_path, document):
    if isinstance(document, dict):
        document = {("as-of" if key == "date" else key): value for key, value in document.items()}
    _only_input_errors(load_config, _write(tmp_path, ".yaml", json.dumps(document).encode("utf-8")))


# -- the fast paths of structured decklists agree with the full YAML + jsonschema path ----

ENTRY = st.one_of(
    st.sampled_from(["4 WXDi-P01-040", "WXDi-D01-001", "x", "", "0 a", "4x 蒼天姫"]) | st.text(max_size=6),
    st.fixed_dictionaries(
        {"card": st.text(max_size=6) | st.sampled_from(["WXDi-D01-012"])},
        optional={"count": st.integers(-1, 120) | st.booleans() | st.floats(0, 5)},
    ),
)
DECK_DOCUMENT = st.fixed_dictionaries(
    {},
    optional={
        "main": st.lists(ENTRY, max_size=5),
        "lrig": st.lists(ENTRY, max_size=3),
        "format": st.sampled_from(["diva", "key"]),
        "name": st.text(max_size=5) | st.integers(),
        "date": st.sampled_from(["2024-05-01", "2024-5-1"]),
        "extra": st.just(1),
    },
)


@FUZZ
@given(document=DECK_DOCUMENT, indent=st.sampled_from([None, 1, 2]), ascii_only=st.booleans())
def test_json_fast_path_matches_the_yaml_path(document, indent, ascii_only):
    import jsonschema

    from wixoss_deckcheck.decklist.structured import parse_structured_deck
    from wixoss_deckcheck.decklist.yaml_reader import _plainly_valid
    from wixoss_deckcheck.files.resources import schemas_dir
    from wixoss_deckcheck.files.schema import load_schema

    if _plainly_valid(document):  # the quick yes is never wrong
        assert not list(
            jsonschema.Draft202012Validator(load_schema(schemas_dir() / "deck.schema.json")).iter_errors(document)
        )
    text = json.dumps(document, indent=indent, ensure_ascii=ascii_only)

    def outcome(path):
        try:
            deck = parse_structured_deck(text, path)
        except InputError as exc:
            return ("error", exc.line)
        return (deck.entries, deck.format, deck.format_line, deck.name, deck.date)

    through_yaml, through_json = outcome("deck.yaml"), outcome("deck.json")
    if any(mark in text for mark in "\x85\u2028\u2029"):
        # YAML counts NEL, LS and PS as line breaks; JSON (and editors) do not: lines differ.
        return
    if through_yaml[0] != "error":  # (YAML cannot read JSON's escaped surrogate pairs; json can)
        assert through_json == through_yaml


@FUZZ
@given(
    document=DECK_DOCUMENT,
    indent=st.sampled_from([None, 1, 2]),
    edits=st.lists(
        st.tuples(
            st.integers(0, 10_000), st.sampled_from(["", ",", "]", "[", "{", "}", '"', ":", " ", "\n", "1", "a"])
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_the_json_scanner_accepts_only_what_json_reads_the_same_way(document, indent, edits):
    from wixoss_deckcheck.decklist.plain import plain_deck
    from wixoss_deckcheck.decklist.structured import _plain_json_deck

    text = json.dumps(document, indent=indent, ensure_ascii=False)
    for position, replacement in edits:  # broken JSON, mostly
        position %= len(text) + 1
        text = text[:position] + replacement + text[position + 1 :]
    deck = _plain_json_deck(text, "d.json")
    if deck is None:
        return

    expected = plain_deck(json.loads(text), "d.json", {})  # the scanner never takes what json refuses
    assert expected is not None
    assert [(e.count, e.query, e.section) for e in deck.entries] == [
        (e.count, e.query, e.section) for e in expected.entries
    ]
    assert (deck.format, deck.name, deck.date) == (expected.format, expected.name, expected.date)

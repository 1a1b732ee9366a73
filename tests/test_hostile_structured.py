"""YAML and JSON decks whose keys hold what the reader does not expect (issue 25, "Silent
misreading"): a number where text belongs, an empty or blank ``format`` or ``name``, a list
where a mapping belongs, ``1.0`` or ``1_0`` as a count, a webxoss export with a stray key.
Each is an error naming its line, never read as if the key were absent; the quick readers
(line by line, parser events, the JSON scanner) and the full one (composed nodes and the
schema) give the same deck or the same error.

Generated: every key of a deck (and of an entry) given values of every kind -- text, blank
text, integers, floats, booleans, null, lists, mappings -- written as JSON, block YAML and
flow YAML. The property: the deck read says exactly what the document says (its format,
name, date, every count as the integer written), or the read is an error."""

from __future__ import annotations

import json
import random

import pytest
import yaml
from hostile import assert_one_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.decklist import structured, yaml_reader
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import WrittenCount

VALUES = [
    "diva", " Diva ", "", "  ", "\t", 0, 5, 1.0, 2.5, -1, True, False, None, [], ["diva"], {}, {"id": "diva"},
    "2024-05-01", "WXDi-D01-005", "4 WXDi-D01-005", "1e18", "1_0", 10 ** 20,
]
ENTRY_VALUES = [1, 2, 4, 99, 0, 100, -1, 1.0, 2.5, True, None, "2", "", [], {}, 10 ** 20]
KEYS = ["name", "format", "date", "notes", "main", "lrig", "Main", "formats"]


def document(key: str, value, count, card) -> dict:
    data = {"format": "diva", "main": ["4 WXDi-D01-012"], "lrig": ["WXDi-D01-001", {"card": card, "count": count}]}
    data[key] = value
    return data


def written(data: dict, form: str) -> tuple[str, bool]:
    """``data`` as a JSON, block YAML or flow YAML document (and whether it is JSON)."""
    if form == "json":
        return json.dumps(data, ensure_ascii=False), True
    return yaml.safe_dump(data, allow_unicode=True, default_flow_style=(form == "flow"), sort_keys=False), False


def read(text: str, is_json: bool, full: bool):
    """The deck's fields, or ("error", line)."""
    try:
        if full:
            deck = yaml_reader.parse_yaml_deck(text, "d", events=False)
        else:
            deck = structured.parse_structured_deck(text, "d.json" if is_json else "d.yaml", is_json)
    except InputError as error:
        return "error", error.line
    return "deck", deck.format, deck.name, deck.date, [(e.count, e.query, e.section) for e in deck.entries]


def expected(data: dict):
    """What a deck of ``data`` must say when it is read at all."""
    fmt = data.get("format")
    entries = []
    for section in ("main", "lrig"):
        for item in data.get(section) or ():
            if isinstance(item, str):
                count, _space, query = item.partition(" ") if item[:1].isdigit() else ("1", "", item)
                entries.append((int(count), query, section))
            else:
                entries.append((item.get("count", 1), item["card"], section))
    return "deck", fmt.strip().lower() if fmt else None, data.get("name"), data.get("date"), entries


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(KEYS), value=st.sampled_from(VALUES), count=st.sampled_from(ENTRY_VALUES),
       card=st.sampled_from(["WXDi-D01-002", "", " ", 5, None, ["WXDi-D01-002"]]),
       form=st.sampled_from(["json", "block", "flow"]))
def test_a_deck_reads_as_it_says_or_is_an_error(key, value, count, card, form):
    data = document(key, value, count, card)
    text, is_json = written(data, form)
    quick, full = read(text, is_json, False), read(text, is_json, True)
    assert quick == full, (text, quick, full)
    if quick[0] == "deck":
        got = quick
        assert got == expected(data), (text, got)
        # a whole number, never a bool (True is 1): an int, or the written 1 (model.deck.WrittenCount)
        assert all(type(entry_count) in (int, WrittenCount) for entry_count, _query, _section in got[4]), text
        assert got[1] is None or got[1].strip(), text  # never an empty format read as "no format"


@pytest.mark.slow
def test_seeded_wrong_types_are_errors_never_silence():
    """Every value that is no text where text belongs (blank text for a format, name or date),
    and every count that is no integer of 1-99, in 300 seeded documents: an error on a line."""
    rng = random.Random(25)
    for _ in range(300):
        key = rng.choice(["name", "format", "notes", "date"])
        value = rng.choice([5, 1.5, True, None, [], {}, ["x"], *([] if key == "notes" else ["", " "])])  # notes: free
        count = rng.choice([0, 100, 1.0, 2.5, True, None, "2", -1])
        text, is_json = written(document(key, value, 1, "WXDi-D01-002"), rng.choice(["json", "block", "flow"]))
        kind, line = read(text, is_json, False)
        assert kind == "error" and line, text
        text, is_json = written(document("notes", "ok", count, "WXDi-D01-002"), rng.choice(["json", "block", "flow"]))
        kind, line = read(text, is_json, False)
        assert kind == "error" and line, text


@pytest.mark.parametrize("text,suffix,words", [
    ('{"format": "", "lrig": ["WXDi-D01-001"]}', ".json", "the format is empty"),
    ("format: '  '\nlrig:\n  - WXDi-D01-001\n", ".yaml", "the format is empty"),
    ('{"name": "", "lrig": ["WXDi-D01-001"]}', ".json", "the deck name is empty"),
    ('{"format": 5, "lrig": ["WXDi-D01-001"]}', ".json", "is not of type 'string'"),
    ('{"lrig": [{"card": "WXDi-D01-001", "count": 1.0}]}', ".json", "is not a whole number"),
    ("lrig:\n  - {card: WXDi-D01-001, count: 1_0}\n", ".yaml", "YAML 1.1 reads 1_0 as the number 10"),
    ('{"lrig": {"WXDi-D01-001": 1}}', ".json", "is not of type 'array'"),
    ('{"format": "WEBXOSS Deck", "content": {"mainDeck": [112], "lrigdeck": [104]}}', ".json", "unknown key"),
    ('{"format": "WEBXOSS Deck", "name": 5, "content": {"mainDeck": [112]}}', ".json", '"name" must be text'),
])
def test_the_issues_documents_through_the_command_line(tmp_path, text, suffix, words):
    deck = tmp_path / f"deck{suffix}"
    deck.write_text(text, encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", deck), f"deck{suffix}:", words)

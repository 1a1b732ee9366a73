"""The compiled check gives jsonschema's verdict on format tables and sources files too
(allOf, oneOf, if/then, pattern, bounds): mutated documents, property-based."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.files.fastschema import compile_schema
from wixoss_deckcheck.files.resources import cardpool_dir, schemas_dir
from wixoss_deckcheck.files.yamllines import load_plain
from wixoss_deckcheck.tables.schema import format_schema

ROOT = cardpool_dir().parent
TABLE_SCHEMA = format_schema()
TABLE = load_plain((ROOT / "formats" / "all-star.yaml").read_text(encoding="utf-8"), "all-star.yaml")
SOURCES_SCHEMA = json.loads((schemas_dir() / "sources.schema.json").read_text(encoding="utf-8"))
SOURCES = load_plain((cardpool_dir() / "sources.yaml").read_text(encoding="utf-8"), "sources.yaml")

values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.floats(-2, 3, allow_nan=False)
    | st.sampled_from(["", "x", "banned", "limit", "pair", "one-way", "2020-01-01", "2020-1-1", "a/b", "..",
                       ".hidden", "ok.csv", "http://x.example/", "diva", "key"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "number", "kind", "limit", "cards", "with", "x", "effective"]), inner, max_size=3),
    max_leaves=6,
)


def path_into(document, choices: list[int]):
    """A (container, key) inside ``document`` picked by ``choices``."""
    node, key = document, None
    for choice in choices:
        inner = node if key is None else node[key]
        if isinstance(inner, dict) and inner:
            node, key = inner, sorted(inner, key=str)[choice % len(inner)]
        elif isinstance(inner, list) and inner:
            node, key = inner, choice % len(inner)
        else:
            break
    return node, key


def mutated(document, choices, value, drop):
    copied = copy.deepcopy(document)
    node, key = path_into(copied, choices)
    if key is None:
        return copied
    if drop and isinstance(node, dict):
        del node[key]
    else:
        node[key] = value
    return copied


TABLE_CHECK, TABLE_REFERENCE = compile_schema(TABLE_SCHEMA), jsonschema.Draft202012Validator(TABLE_SCHEMA)
SOURCES_CHECK, SOURCES_REFERENCE = compile_schema(SOURCES_SCHEMA), jsonschema.Draft202012Validator(SOURCES_SCHEMA)


def test_the_shipped_files_are_valid_to_both():
    assert TABLE_CHECK(TABLE) and TABLE_REFERENCE.is_valid(TABLE)
    assert SOURCES_CHECK(SOURCES) and SOURCES_REFERENCE.is_valid(SOURCES)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=5), values, st.booleans())
def test_same_verdict_as_jsonschema_on_mutated_tables(choices, value, drop):
    document = mutated(TABLE, choices, value, drop)
    assert TABLE_CHECK(document) == TABLE_REFERENCE.is_valid(document)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=5), values, st.booleans())
def test_same_verdict_as_jsonschema_on_mutated_sources_files(choices, value, drop):
    document = mutated(SOURCES, choices, value, drop)
    assert SOURCES_CHECK(document) == SOURCES_REFERENCE.is_valid(document)

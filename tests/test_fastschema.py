"""The compiled pool-schema check gives jsonschema's verdict (property-based)."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.fastschema import UnsupportedSchema, compile_schema
from wixoss_deckcheck.files.resources import cardpool_dir, sample_pool_path
from wixoss_deckcheck.importers.common import validate_pool_document

SCHEMA = json.loads((cardpool_dir() / "schema.json").read_text(encoding="utf-8"))
SAMPLE = json.loads(sample_pool_path().read_text(encoding="utf-8"))
CHECK = compile_schema(SCHEMA)
REFERENCE = jsonschema.Draft202012Validator(SCHEMA)

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 5)
    | st.floats(allow_nan=False, allow_infinity=False, width=16)
    | st.sampled_from(["", "x", "SIGNI", "white", "key", "diva", "WX01-001"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["en", "white", "coin", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)
fields = st.sampled_from(
    [
        "number",
        "name",
        "type",
        "colors",
        "level",
        "limit",
        "names",
        "formats",
        "reprints",
        "grow_cost",
        "cost",
        "power",
        "token",
        "field_sources",
        "copy_limit",
        "unknown_field",
    ]
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, 50), field=fields, value=values, drop=st.booleans())
def test_same_verdict_as_jsonschema_on_mutated_cards(index, field, value, drop):
    document = copy.deepcopy(SAMPLE)
    card = document["cards"][index % len(document["cards"])]
    if drop:
        card.pop(field, None)
    else:
        card[field] = value
    assert CHECK(document) == REFERENCE.is_valid(document)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(["schema", "sources", "merge_report", "created", "extra"]), value=values)
def test_same_verdict_on_mutated_top_level(key, value):
    document = copy.deepcopy(SAMPLE)
    document[key] = value
    assert CHECK(document) == REFERENCE.is_valid(document)


def test_an_invalid_pool_gets_jsonschemas_message():
    document = copy.deepcopy(SAMPLE)
    document["cards"][0]["colors"] = ["purple"]
    with pytest.raises(InputError, match=r"at /cards/0/colors/0: 'purple' is not one of"):
        validate_pool_document(document)


def test_unknown_keywords_are_refused_so_callers_fall_back():
    with pytest.raises(UnsupportedSchema):
        compile_schema({"type": "object", "patternProperties": {"^x": {}}})

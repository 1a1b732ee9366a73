"""The record reader's fast paths agree with the plain ones (issue 22, speed): a line read by
the json module's scanner is the value (or the error) ``json.loads`` gives, and an event checked
by its action's schema alone gets the verdict of both schemas."""

from __future__ import annotations

import json

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.engine.game import record
from wixoss_deckcheck.engine.game.record import event_problem, loads_line, schema

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
spaces = st.text(alphabet=" \t\r\x0b\x0c\u3000\ufeff", max_size=3)


def _outcome(read, line):
    try:
        return "value", read(line)
    except json.JSONDecodeError as exc:
        return "error", (exc.msg, exc.pos)
    except (ValueError, RecursionError) as exc:
        return "error", type(exc).__name__


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)  # NaN compares equal this way


@settings(max_examples=150, deadline=None)
@given(value=json_values, before=spaces, after=spaces, tail=st.sampled_from(["", ",", " 1", "}", "]", "x"]))
def test_a_line_reads_as_json_loads_reads_it(value, before, after, tail):
    line = before + json.dumps(value, ensure_ascii=False) + after + tail
    fast, plain = _outcome(loads_line, line), _outcome(json.loads, line)
    assert fast[0] == plain[0] and (_same(fast[1], plain[1]) if fast[0] == "value" else fast[1] == plain[1])


@pytest.mark.parametrize(
    "line", ["", "   ", "{", '{"a": 1} {"b": 2}', "[1, 2", "\ufeff{}", "NaN", "-Infinity", '"\\ud800"']
)
def test_odd_lines_read_as_json_loads_reads_them(line):
    fast, plain = _outcome(loads_line, line), _outcome(json.loads, line)
    assert fast[0] == plain[0] and (_same(fast[1], plain[1]) if fast[0] == "value" else fast[1] == plain[1])


def test_each_action_schema_implies_the_event_schema():
    """What makes the one-check fast path exact: every action's schema requires turn and action,
    takes the event schema's turn and its own name as the action, and is an object."""
    defs = schema()["$defs"]
    event = defs["event"]
    for name in event["properties"]["action"]["enum"]:
        action = defs[name]
        assert action["type"] == "object" and {"turn", "action"} <= set(action["required"]), name
        assert action["properties"]["turn"] == event["properties"]["turn"], name
        assert action["properties"]["action"] == {"const": name}, name


EVENT_KEYS = [
    "turn",
    "action",
    "card",
    "cards",
    "return",
    "from",
    "to",
    "zone",
    "side",
    "pay",
    "by",
    "lrig",
    "discard",
    "opponent",
    "x",
]
ACTIONS = schema()["$defs"]["event"]["properties"]["action"]["enum"]
field_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 4),
    st.floats(-1, 3),
    st.sampled_from(["", "WX01-001", "left", "right", "center", "hand", "field", "deck", "token", "coin", *ACTIONS]),
    st.lists(st.sampled_from(["", "WX01-001", "coin", 3]), max_size=3),
)
events = st.dictionaries(st.sampled_from(EVENT_KEYS), field_values, max_size=6) | st.builds(
    lambda action, turn, extra: {"turn": turn, "action": action, **extra},
    st.sampled_from([*ACTIONS, "nope", 3]),
    st.one_of(st.integers(-1, 12), st.booleans(), st.floats(0, 3), st.just("1")),
    st.dictionaries(st.sampled_from(EVENT_KEYS[2:]), field_values, max_size=4),
)
VALIDATORS = {
    name: jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": schema()["$defs"]})
    for name in ["event", *ACTIONS]
}


@settings(max_examples=300, deadline=None)
@given(data=events)
def test_an_event_gets_the_verdict_of_both_schemas(data):
    valid = VALIDATORS["event"].is_valid(data) and VALIDATORS[str(data["action"])].is_valid(data)
    assert (event_problem(data) is None) == valid
    if not valid:
        assert event_problem(data) == (record._problem("event", data) or record._problem(str(data["action"]), data))

"""The event-built YAML reader (files/yamlevents) gives exactly what PyYAML's loader
gives, or steps aside; it refuses anchors, aliases and deep nesting."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import typed
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.yamlevents import NOT_PLAIN, plain_from_events
from wixoss_deckcheck.files.yamllines import MAX_DEPTH, _text_dates_loader

ROOT = Path(__file__).resolve().parent.parent
LOADER = _text_dates_loader()


def assert_agrees(text: str) -> None:
    try:
        fast = plain_from_events(text, "t.yaml", LOADER, MAX_DEPTH)
    except InputError:
        return  # anchors, aliases, deep nesting: refused before PyYAML is asked
    if fast is NOT_PLAIN:
        return
    assert typed(fast) == typed(yaml.load(text, Loader=LOADER)), text


SHIPPED = sorted([*ROOT.glob("formats/**/*.yaml"), *ROOT.glob("cardpool/**/*.yaml"),
                  *ROOT.glob("wixoss_deckcheck/messages/*.yaml")])


@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_every_shipped_yaml_file_is_read_alike_and_quickly(path):
    text = path.read_text(encoding="utf-8")
    assert plain_from_events(text, str(path), LOADER, MAX_DEPTH) is not NOT_PLAIN
    assert_agrees(text)


SCALARS = ["x", "yes", "No", "ON", "off", "~", "null", "", "0", "-0", "+5", "007", "0x1F", "0o7", "1_000", "1:30",
           "1.", "1.5", "-2.5e+3", "1e3", ".inf", "-.Inf", ".nan", "2024-05-01", "2024-05-01 10:00:00", "<<", "=",
           "!!str 4", "!!int '4'", "'q # x'", '"d\\u00e9"', "|\n  block", "a b", "Sarah's", "!custom x", "true"]
KEYS = ["a", "b", "1", "yes", "~", "'q'", "<<", "[k]", "{k: v}", "? x"]


def block(item, depth: int = 0) -> str:
    pad = "  " * depth
    if isinstance(item, dict):
        return "".join(f"{pad}{key}:\n{block(value, depth + 1)}" if isinstance(value, (dict, list))
                       else f"{pad}{key}: {value}\n" for key, value in item.items())
    if isinstance(item, list):
        return "".join(f"{pad}-\n{block(value, depth + 1)}" if isinstance(value, (dict, list))
                       else f"{pad}- {value}\n" for value in item)
    return f"{pad}{item}\n"


def flow(item) -> str:
    if isinstance(item, dict):
        return "{" + ", ".join(f"{key}: {flow(value)}" for key, value in item.items()) + "}"
    if isinstance(item, list):
        return "[" + ", ".join(flow(value) for value in item) + "]"
    return item


documents = st.recursive(
    st.sampled_from(SCALARS),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=500, deadline=None)
@given(documents, st.sampled_from(["block", "flow", "stream"]))
def test_random_documents_agree_or_step_aside(document, style):
    text = block(document) if style == "block" else flow(document) + "\n"
    if style == "stream":
        text = "---\n" + text + "...\n"
    assert_agrees(text)


@pytest.mark.parametrize("text", ["a: &x 1\nb: *x\n", "a: [*x]\n", "&a [*a]\n"])
def test_anchors_and_aliases_are_refused(text):
    with pytest.raises(InputError, match="anchors and aliases"):
        plain_from_events(text, "t.yaml", LOADER, MAX_DEPTH)


def test_deep_nesting_is_refused():
    with pytest.raises(InputError, match="nesting deeper"):
        plain_from_events("a: " + "[" * 100 + "]" * 100 + "\n", "t.yaml", LOADER, MAX_DEPTH)


@pytest.mark.parametrize("text", ["a: 1\n---\nb: 2\n", "a: [\n", "!!set {a, b}\n", "<<: {a: 1}\n"])
def test_what_needs_pyyaml_is_left_to_it(text):
    assert plain_from_events(text, "t.yaml", LOADER, MAX_DEPTH) is NOT_PLAIN

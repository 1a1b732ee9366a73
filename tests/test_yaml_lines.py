"""The one way into YAML for the tool's own files (files/yamllines): PyYAML's C loader where
present, dates kept as text, what makes YAML explode refused, a size bound, and every
problem one line naming the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files import yamllines
from wixoss_deckcheck.files.text import MAX_YAML_BYTES
from wixoss_deckcheck.files.yamllines import LineFinder, load_plain

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*ROOT.glob("formats/**/*.yaml"), *ROOT.glob("cardpool/**/*.yaml"),
                  *ROOT.glob("wixoss_deckcheck/messages/*.yaml")])


def test_the_c_loader_is_used_where_pyyaml_has_it():
    base = yaml.CSafeLoader if getattr(yaml, "__with_libyaml__", False) else yaml.SafeLoader
    assert issubclass(yamllines._PlainLoader, base)
    assert issubclass(yamllines._Loader, base)


@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_every_shipped_yaml_file_is_read_and_fits_the_bound_many_times_over(path):
    raw = path.read_bytes()
    assert len(raw) * 8 <= MAX_YAML_BYTES, (path.name, len(raw))
    data = load_plain(raw.decode("utf-8"), str(path))
    assert isinstance(data, dict) and data


def test_dates_stay_text_and_plain_values_are_read():
    assert load_plain("a: 2020-12-05\nb: yes\nc: 1.5\nd: ~\ne: 12\nf: '7'\n", "t.yaml") == {
        "a": "2020-12-05", "b": True, "c": 1.5, "d": None, "e": 12, "f": "7"
    }


@pytest.mark.parametrize(("text", "words", "line"), [
    ("a: &x 1\nb: *x\n", "anchors and aliases", 1),
    ("a: 1\nb: [*x]\n", "anchors and aliases", 2),
    ("&a [*a]\n", "anchors and aliases", 1),
    ("a:\n  b: " + "[" * 100 + "]" * 100 + "\n", "nesting deeper than 64", 2),
    ("a: 1\nb: " + "9" * 5000 + "\n", "more than 4,300 digits", 2),
    ("a: 1\nb: [\n", "invalid YAML", 3),
    ("a: 1\n---\nb: 2\n", "invalid YAML", 2),
    ("a: 1\nb: \x07\n", "U+0007", 2),
])
def test_what_no_file_needs_and_broken_yaml_are_one_line_with_the_line(text, words, line):
    with pytest.raises(InputError) as caught:
        load_plain(text, "t.yaml")
    assert caught.value.path == "t.yaml" and caught.value.line == line, str(caught.value)
    assert words in caught.value.message and "\n" not in str(caught.value)


def test_a_text_past_the_bound_is_refused_before_it_is_parsed():
    text = "a: [" + "1, " * (MAX_YAML_BYTES // 3) + "1]\n"
    with pytest.raises(InputError, match=f"at most {MAX_YAML_BYTES:,} are read") as caught:
        load_plain(text, "big.yaml")
    assert caught.value.path == "big.yaml"
    wide = "a: " + "\u3042" * (MAX_YAML_BYTES // 3 + 1) + "\n"  # fewer characters than bytes
    with pytest.raises(InputError, match="bytes; at most"):
        load_plain(wide, "wide.yaml")
    assert load_plain("a: " + "\u3042" * (MAX_YAML_BYTES // 3 - 10) + "\n", "fits.yaml")


def test_the_line_finder_composes_once_and_names_key_lines():
    finder = LineFinder("rules:\n  - id: a\n    params:\n      max: 1\n  - id: b\n")
    assert finder(["rules", 1, "id"]) == 5
    assert finder("/rules/0/params/max") == 4
    assert finder(["rules", 7]) == 1  # the deepest node that exists: the document
    assert LineFinder("a: [\n")(["a"]) is None  # a text that does not compose has no lines


NOISE = list(" -:#'\"[]{},&*!|>\n\t\r\\x1~") + ["\u2028", "\x85", "\ufeff", "\x07", "  ", "- ", ": ", "\n  "]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SHIPPED[:6]), st.data())
def test_a_damaged_file_gives_data_or_one_line_with_the_file_and_line(path, draw):
    text = path.read_text(encoding="utf-8")
    for _ in range(draw.draw(st.integers(1, 3))):
        at = draw.draw(st.integers(0, len(text)))
        action = draw.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw.draw(st.sampled_from(NOISE))
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + len(piece) :]
        else:
            text = text[:at] + piece + text[at + 1 :]
    try:
        load_plain(text, "t.yaml")
    except InputError as exc:
        assert exc.path == "t.yaml" and exc.line is not None, str(exc)
        assert "\n" not in str(exc) and len(exc.message) <= 300

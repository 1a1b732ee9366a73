"""The line-by-line YAML reader (files/yamlblock) gives exactly what PyYAML's loader gives,
or steps aside; and ``load_plain`` fails exactly as the parser path does on broken text."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from conftest import typed
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.yamlblock import read_block_yaml
from wixoss_deckcheck.files.yamlevents import NOT_PLAIN
from wixoss_deckcheck.files.yamllines import MAX_DEPTH, _text_dates_loader, load_plain, load_plain_parsed

ROOT = Path(__file__).resolve().parent.parent
LOADER = _text_dates_loader()
RESOLVE = LOADER("").resolve


def fast(text: str):
    return read_block_yaml(text, RESOLVE, MAX_DEPTH)


def reference(text: str):
    """PyYAML's loader: ("data", typed value) or ("refused",)."""
    try:
        return ("data", typed(yaml.load(text, Loader=LOADER)))
    except (yaml.YAMLError, ValueError, TypeError, RecursionError):
        return ("refused",)


def assert_agrees(text: str) -> bool:
    """The block reader reads ``text`` as PyYAML does, or steps aside; True when it read it."""
    got = fast(text)
    if got is NOT_PLAIN:
        return False
    assert reference(text) == ("data", typed(got)), text
    return True


def outcome(load, text: str):
    try:
        return ("data", typed(load(text, "t.yaml")))
    except InputError as exc:
        return ("error", exc.message, exc.line)


SHIPPED = sorted([*ROOT.glob("formats/**/*.yaml"), *ROOT.glob("cardpool/**/*.yaml"),
                  *ROOT.glob("wixoss_deckcheck/messages/*.yaml")])


@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_every_shipped_yaml_file_is_read_alike(path):
    text = path.read_text(encoding="utf-8")
    got = fast(text)
    if path.parent.name == "formats":  # the format tables are what a check reads first: keep them on the fast path
        assert got is not NOT_PLAIN, path
    if got is not NOT_PLAIN:
        assert typed(got) == typed(yaml.load(text, Loader=LOADER))


def big_table(entries: int) -> str:
    lines = ["id: big", "extends: diva", "mayus_room:"]
    for n in range(entries):
        lines += ["  - kind: banned", f'    cards: [{{name: "card {n}"}}]', "    effective: '2026-01-01'",
                  "    source: test"]
    return "\n".join(lines) + "\n"


def test_a_long_generated_table_is_read_here():
    text = big_table(500)
    assert assert_agrees(text)
    assert len(fast(text)["mayus_room"]) == 500


# -- hand-picked texts -------------------------------------------------------------

TRICKY = [
    "", "# only a comment\n", "\n\n", "a: 1\n", "a: 1", "a:\n", "a: ~\n", "a: yes\nb: No\nc: on\n", "a: 007\n",
    "a: -1\nb: -x\nc: - x\n", "a: +5\nb: 1.5\nc: 1e3\nd: 1.\ne: .inf\n", "a: 0x1F\n", "a: 1_000\n", "a: 1:30\n",
    "a: 2024-05-01\n", "a: 2024-05-01 10:00:00\n", "<<: {b: 1}\n", "a: =\n", "a: b: c\n", "a: b:\n", "a: b #c\n",
    "a: b#c\n", "a: 'b' #c\n", "a: 'b'#c\n", "a: 'b' c\n", "a: \"b\\x41\\u00e9\\e\\N\\_\\/\\\\\"\n", 'a: "\\q"\n',
    'a: "\\U0001F600"\n', 'a: "\\UFFFFFFFF"\n', "a: 'it''s'\n", "a: 'open\n", 'a: "open\n', "a: [1, 2]\n",
    "a: [1, 2, ]\n", "a: [1,2]\n", "a: [a, [b, {c: d}]]\n", "a: {b: 1, c: [x]}\n", "a: {b:1}\n", "a: {b: }\n",
    "a: {b}\n", "a: [b: c]\n", "a: [\n  1]\n", "a: []\nb: {}\n", "a: [x] y\n", "a: [x] #c\n", "a: [x]#c\n",
    "- a\n- b\n", "- a\n-\n- b\n", "-\n  - a\n", "- - a\n  - b\n- c\n", "- a: 1\n  b: 2\n- c: 3\n",
    "- a: 1\n   b: 2\n", "- a: 1\n b: 2\n", "a:\n- x\n- y\nb: 1\n", "a:\n  - x\n  - y\n", "a:\n  b:\n    c: 1\n",
    "a: 1\n  b: 2\n", "a: 1\n- b\n", "a:\n  text\n", "a: plain\n  continued\n", "a: x\n b: y\n",
    "a: >-\n  one\n  two\n\n  three\nb: 1\n", "a: >\n  one\n  two\n", "a: |\n  one\n    two\n  three\n",
    "a: |-\n  one\n\n\n  two\n\n", "a: |+\n  keep\n\n", "a: |2\n  x\n", "a: >\n\n  x\n", "a: >\n    x\n   y\n",
    "a: >\n  x\n    y\n", "a: |\n  x", "a: |\nb: 1\n", "a: > #c\n  x\n", "a: >-\n  # not a comment\n  x\n",
    "- >-\n  folded\n  item\n- x\n", "k: |\n  a  \n  b\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: !x y\n",
    "? a\n: b\n", "'a': 1\n", "\"a\": 1\n", "yes: 1\n", "1: a\n", "null: 1\n", "a b: 1\n", "a.b-c_d: 1\n",
    "タマ: ホワイト\n", "a: タマ　ホワイト\n", "a: \u00a0x\n", "a: x\u00a0\n", "a:\tb\n", "a: b\r\n", "---\na: 1\n",
    "a: 1\n...\n", "%YAML 1.1\n---\na: 1\n", "a: 1\na: 2\n", "a: `x`\n", "a: @x\n", "a: %x\n", "a: ,x\n",
    "a: ?x\n", "a: :x\n", "a: x:y\n", "a: http://x/y\n", "a: " + "9" * 5000 + "\n", "a: [" + "9" * 5000 + "]\n",
    "a: " + "[" * 70 + "]" * 70 + "\n", "x" * 1100 + ": 1\n", "a: \ufeffx\n", "a: x\u2028y\n", "a: x\x85y\n",
    "  a: 1\n  b: 2\n", "a: 1\n# c\n  # c\nb: 2\n", "a:\n\n  b: 1\n", "- # c\n  a\n", "a: -\n", "a: - \n", "-\n",
]


@pytest.mark.parametrize("text", TRICKY, ids=[repr(text)[:40] for text in TRICKY])
def test_tricky_texts_agree_with_pyyaml(text):
    assert_agrees(text)
    assert outcome(load_plain, text) == outcome(load_plain_parsed, text)


def test_the_usual_shapes_are_read_here():
    """The fast path is not vacuous: the shapes the tool's own files use are read by it."""
    usual = ["a: 1\n", "a: [1, 2]\n", "- a: 1\n  b: 2\n", "a:\n- x\n", "a: >-\n  one\n  two\n", "a: 'it''s'\n",
             'a: "\\u00e9"\n', "a: {b: 1, c: [x]}\n", "a: b #c\n", "タマ: ホワイト\n", "a: |\n  one\n    two\n"]
    for text in usual:
        assert assert_agrees(text), text


# -- generated documents, in every style -------------------------------------------

WORDS = ["x", "yes", "No", "ON", "~", "null", "", "0", "-0", "+5", "007", "0x1F", "1_000", "1:30", "1.5", "1.",
         "-2.5e+3", ".inf", "2024-05-01", "<<", "=", "a b", "Sarah's", "タマ", "GUMI\u3000レベル3", "a: b", "a #b",
         "a#b", "#x", "- x", "-x", "-1", "[x]", "{x}", "x, y", "'q'", '"d"', "http://x/y", "x:", "é", "\\", "a\\nb",
         " lead", "trail ", "\u00a0", "❤", "9" * 30, "!x", "&a", "*a", "|", ">", "?", "%", "@", "`"]
KEYS = ["a", "b_c", "d-e", "f.g", "1", "yes", "on", "~", "null", "<<", "タマ", "x y", "k:", "'q'", "2024-01-01", "-"]

data = st.recursive(
    st.sampled_from(WORDS) | st.integers(-3, 300) | st.booleans() | st.none() | st.sampled_from([1.5, -0.25]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=4),
    max_leaves=12,
)


class Renderer:
    """Writes data as YAML text in randomly chosen styles (some of them not YAML at all)."""

    def __init__(self, rng: random.Random, usual: bool = False):
        self.rng = rng
        self.usual = usual  # only what the tool's own files are written with

    def scalar(self, value, flow: bool) -> str:
        rng = self.rng
        if not isinstance(value, str):
            return {True: rng.choice(["true", "yes", "True"]), False: rng.choice(["false", "no", "Off"]),
                    None: rng.choice(["null", "~", ""])}.get(value, str(value)) if not isinstance(value, (int, float)) \
                or isinstance(value, bool) else str(value)
        style = rng.choice(["plain", "plain", "single", "double", "json"])
        if style == "single":
            return "'" + value.replace("'", "''") + "'"
        if style == "double":
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if style == "json":
            return json.dumps(value, ensure_ascii=rng.random() < 0.5)
        return value

    def comment(self) -> str:
        return self.rng.choice(["", "", "", " # c", "  #c"] + ([] if self.usual else ["#c"]))

    def block(self, value, indent: int, step: int) -> list[str]:
        rng, pad = self.rng, " " * indent
        if isinstance(value, dict):
            lines = []
            for key, item in value.items():
                lines += self.entry(f"{pad}{key}:", item, indent, step, is_item=False)
            return lines or [pad + "{}"]
        if isinstance(value, list):
            lines = []
            for item in value:
                if isinstance(item, dict) and item and rng.random() < 0.6:  # "- key: value"
                    inner = self.block(item, indent + 2, step)
                    inner[0] = pad + "- " + inner[0][indent + 2 :]
                    lines += inner
                else:
                    lines += self.entry(f"{pad}-", item, indent, step, is_item=True)
            return lines or [pad + "[]"]
        return [pad + self.scalar(value, False)]

    def entry(self, head: str, item, indent: int, step: int, is_item: bool) -> list[str]:
        rng = self.rng
        if isinstance(item, (dict, list)) and item and rng.random() < 0.7:
            lines = [head + self.comment()]
            if rng.random() < 0.2:
                lines.append(" " * rng.randint(0, indent + step) + "# between")
            if isinstance(item, list) and not is_item and rng.random() < 0.3:
                return lines + self.block(item, indent, step)  # "key:" then "- x" at the key's indent
            return lines + self.block(item, indent + step, step)
        if isinstance(item, str) and " " in item.strip() and rng.random() < 0.3:
            header = rng.choice([">-", ">", "|", "|-", "> #c"] + ([] if self.usual else ["|+", "|2"]))
            words = item.split(" ")
            body = [" " * (indent + step) + word for word in words]
            if rng.random() < 0.3:
                body.insert(1, "")
            return [f"{head} {header}", *body]
        text = self.flow(item) if isinstance(item, (dict, list)) else self.scalar(item, False)
        return [f"{head} {text}{self.comment()}" if text else head]

    def flow(self, value) -> str:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{key}: {self.flow(item)}" for key, item in value.items()) + "}"
        if isinstance(value, list):
            return "[" + self.rng.choice([", ", ",", " , "]).join(self.flow(item) for item in value) + "]"
        return self.scalar(value, True)


def render(value, seed: int, usual: bool = False) -> str:
    rng = random.Random(seed)
    lines = Renderer(rng, usual).block(value, 0, rng.choice([1, 2, 2, 4]))
    if rng.random() < 0.2:
        lines.insert(rng.randint(0, len(lines)), "")
    return "\n".join(lines) + ("\n" if rng.random() < 0.9 else "")


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data, st.integers(0, 2**32))
def test_generated_documents_agree_or_step_aside(value, seed):
    assert_agrees(render(value, seed))


def test_generated_documents_are_mostly_read_here():
    """Over a fixed set of generated documents the block reader reads most (it is not
    agreeing by always stepping aside), and agrees on every one."""
    rng = random.Random(7)
    read = 0
    for seed in range(600):
        value = {"rules": [{"id": "x", "params": {"n": rng.randint(0, 3)}, "source": rng.choice(WORDS[:5])}],
                 "names": {"en": "A b", "ja": "タマ"}, "list": [rng.choice(WORDS[:4]) for _ in range(3)]}
        read += assert_agrees(render(value, seed, usual=True))
    assert read >= 540, read


# -- broken text: the same error as through the parser ------------------------------

NOISE = list(" -:#'\"[]{},&*!|>\n\t\r\\x1~") + ["\u2028", "\x85", "\ufeff", "\x07", "  ", "- ", ": ", "\n  "]


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(SHIPPED[:6] + [None]), st.data())
def test_broken_text_fails_as_the_parser_path_does(path, draw):
    text = big_table(3) if path is None else path.read_text(encoding="utf-8")
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
    assert outcome(load_plain, text) == outcome(load_plain_parsed, text)
    assert_agrees(text)

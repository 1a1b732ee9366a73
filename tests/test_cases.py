"""Tests as data: every ``tests/cases/*.yaml`` is a deck with the violation codes it must get.

A case file::

    description: what it shows
    format: diva            # or all-star / key; omit to use the deck's header
    as_of: 2026-11-30       # the day to judge (default: today)
    pool: full              # full (built from ../shared/carddata/wixossreact), merged (every source) or sample
    kind: text              # text, yaml, json or cod
    encoding: gbk           # the deck as a file in this encoding (default: parsed as text)
    play: true              # also run the play-legality analysis (check --play)
    deck: |
      [main]
      4 WXDi-D01-012
    expect:
      legal: false
      codes: [WX101, WX102]  # exactly these codes, in any order (repeats matter)
      includes: [WX103]      # at least these codes
      excludes: [WX120]      # none of these
      message_contains: ["at most 4"]
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist import load_deck, parse_deck_text
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.tables.loading import load_format

CASES = sorted((Path(__file__).parent / "cases").glob("*.yaml"))


def _load_case(path: Path) -> list[dict]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data if isinstance(data, list) else [data]


def _param(path: Path, i: int, case: dict):
    """A case; one judged with a pool built from ../shared is marked ``shared``."""
    marks = () if case.get("pool", "full") == "sample" else pytest.mark.shared
    return pytest.param(case, id=f"{path.stem}[{i}]", marks=marks)


PARAMS = [_param(path, i, case) for path in CASES for i, case in enumerate(_load_case(path))]


@pytest.mark.parametrize("case", PARAMS)
def test_case(case, request):
    which = case.get("pool", "full")
    if which == "sample":
        pool = CardPool.load(locate_pool(None))
    else:
        pool = request.getfixturevalue("merged_pool" if which == "merged" else "full_pool")
    kind = case.get("kind", "text")
    suffix = {"text": ".txt", "yaml": ".yaml", "json": ".json", "cod": ".cod"}[kind]
    if case.get("encoding"):  # the deck as a file in that encoding, read as any deck file is
        path = request.getfixturevalue("tmp_path") / f"case{suffix}"
        path.write_bytes(case["deck"].encode(case["encoding"]))
        deck = load_deck(path)
    else:
        deck = parse_deck_text(case["deck"], f"case{suffix}", kind)
    table = load_format(case.get("format") or deck.format or "diva")
    as_of = case.get("as_of")
    checker = Checker(pool, table, str(as_of) if as_of else None, lang=case.get("lang", "en"))
    result = checker.check(deck)
    if case.get("play"):
        from wixoss_deckcheck.checking.play import add_play_findings

        add_play_findings(checker, deck, result)
    got = [v.to_dict() for v in result.violations]
    codes = [v["code"] for v in got]
    expect = case["expect"]
    if "legal" in expect:
        assert result.legal is expect["legal"], got
    if "codes" in expect:
        assert Counter(codes) == Counter(expect["codes"]), got
    for code in expect.get("includes", []):
        assert code in codes, got
    for code in expect.get("excludes", []):
        assert code not in codes, got
    messages = " | ".join(v["message"] for v in got)
    for text in expect.get("message_contains", []):
        assert text in messages, messages
    for code, line in (expect.get("lines") or {}).items():
        assert any(v["code"] == code and v["line"] == line for v in got), got

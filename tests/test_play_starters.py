"""The play findings over the official starter decks of every era (data: tests/play_starters.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import DECKS

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.checking.play import add_play_findings
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.tables.loading import load_format

DATA = yaml.safe_load((Path(__file__).parent / "play_starters.yaml").read_text(encoding="utf-8"))
PARAMS = [
    pytest.param(entry["deck"], fmt, day, entry.get("codes", []), id=f"{Path(entry['deck']).stem}-{fmt}-{day}")
    for entry in DATA
    for fmt in entry["formats"]
    for day in entry["as_of"]
]


@pytest.mark.parametrize("deck, fmt, day, codes", PARAMS)
def test_starter_decks_get_no_false_play_findings(merged_pool, deck, fmt, day, codes):
    parsed = load_deck(DECKS / deck)
    checker = Checker(merged_pool, load_format(fmt), day)
    result = checker.check(parsed)
    add_play_findings(checker, parsed, result)
    found = [v.code for v in result.violations if v.kind == "play"]
    assert found == codes, [v.message for v in result.violations]
    assert not [v for v in result.violations if v.kind == "input"], [v.message for v in result.violations]


REAL = Path(__file__).parent / "realdecks"
#: the official starter decks of the real-deck corpus (tests/realdecks), every era: WD, WDK, WXDi-D, WX24-D, WX25-CD
STARTERS = sorted(
    p for p in REAL.rglob("*.txt") if any(f"-{s}" in p.stem for s in ("wd", "wxdi-d", "wx24-d", "wx25-cd"))
)


def _header(path: Path, key: str) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {key}:"):
            return line.split(":", 1)[1].split()[0]
    raise AssertionError(f"{path.name} has no '# {key}:' header")


@pytest.mark.parametrize("path", STARTERS, ids=[p.stem for p in STARTERS])
def test_every_real_starter_gets_no_play_findings_on_its_date(merged_pool, path):
    deck = load_deck(str(path))
    day = _header(path, "date")
    for fmt in {"diva": ("diva", "key", "all-star"), "key": ("key", "all-star")}.get(
        _header(path, "format"), ("all-star",)
    ):
        checker = Checker(merged_pool, load_format(fmt), day)
        result = checker.check(deck)
        add_play_findings(checker, deck, result)
        assert [v.message for v in result.violations if v.kind == "play"] == [], (fmt, day)


def test_the_starter_corpus_spans_the_eras():
    years = {_header(p, "date")[:4] for p in STARTERS}
    assert len(STARTERS) >= 30 and {"2014", "2016", "2018", "2022", "2024", "2025"} <= years

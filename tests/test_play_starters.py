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

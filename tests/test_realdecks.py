"""Real decks, judged on their dates (tests/realdecks/, each with its source): every one
must be legal. A validator that rejects a real tournament deck is worse than none."""

from __future__ import annotations

from pathlib import Path

import pytest

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.tables.loading import load_format

DECKS = sorted((Path(__file__).parent / "realdecks").rglob("*.txt"))
#: The wider formats a deck of each format is legal in too (Diva ⊂ Key ⊂ All-Star).
WIDER = {"diva": ("diva", "key", "all-star"), "key": ("key", "all-star"), "all-star": ("all-star",)}


def _header(path: Path, key: str) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {key}:"):
            return line.split(":", 1)[1].split()[0]
    raise AssertionError(f"{path.name} has no '# {key}:' header")


def test_the_corpus_spans_the_formats_and_the_years():
    formats = {_header(path, "format") for path in DECKS}
    assert formats == {"all-star", "key", "diva"} and len(DECKS) >= 40
    assert all(
        _header(path, "source").startswith(("http", "/")) or "github" in _header(path, "source") for path in DECKS
    )
    years = {_header(path, "date")[:4] for path in DECKS}
    assert {"2014", "2018", "2022", "2024", "2025"} <= years


def _expected_warnings(path: Path) -> list[str]:
    """The warning codes a deck's ``# expect-warnings:`` header names (none without one)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect-warnings:"):
            return sorted(code.strip() for code in line.split(":", 1)[1].split("(")[0].split(","))
    return []


@pytest.mark.parametrize("path", DECKS, ids=[f"{p.parent.name}/{p.stem}" for p in DECKS])
def test_a_real_deck_is_legal_on_its_date(path, merged_pool):
    """The expected verdict of every real deck, on its date, in its format and the wider ones:
    legal, with no warning but those its header names."""
    deck = load_deck(str(path))
    day = _header(path, "date")
    for format_id in WIDER[_header(path, "format")]:
        result = Checker(merged_pool, load_format(format_id), day).check(deck)
        errors = [(v.code, v.message) for v in result.violations if v.severity == "error"]
        assert errors == [], (format_id, day, errors)
        warnings = sorted({v.code for v in result.violations if v.severity != "error"})
        assert warnings == _expected_warnings(path), (format_id, day, [v.message for v in result.violations])


#: Starter decks judged on their product's release day: the day before, they cannot be built.
#: (WXDi-EXD01, an English-edition starter, is judged on the day its last card came out in Japan.)
STARTERS = ("wdk01", "wx24-d", "wx25-cd1", "wxdi-exd01", "wd21")
RELEASED_ON_THEIR_DATE = [p for p in DECKS if any(s in p.stem for s in STARTERS)]


@pytest.mark.parametrize("path", RELEASED_ON_THEIR_DATE, ids=lambda p: p.stem)
def test_a_starter_is_not_legal_the_day_before_it_came_out(path, merged_pool):
    import datetime as dt

    deck = load_deck(str(path))
    day = dt.date.fromisoformat(_header(path, "date"))
    result = Checker(merged_pool, load_format("all-star"), (day - dt.timedelta(days=1)).isoformat()).check(deck)
    assert "WX122" in {v.code for v in result.violations}
    assert not Checker(merged_pool, load_format("all-star"), day.isoformat()).check(deck).violations


#: The Diva starters WXDi-D01..D03 as the relax100002000 deck editor's presets are in
#: ../shared/decks/text (read there in place, never copied here); judged like the starters
#: above, on their product's release day from the release calendar.
SHARED_STARTERS = {
    "rx-wxdi-d01.txt": "WXDi-D01-011",
    "rx-wxdi-d02.txt": "WXDi-D02-20",
    "rx-wxdi-d03.txt": "WXDi-D03-011",
}


@pytest.mark.shared
@pytest.mark.parametrize(("name", "number"), SHARED_STARTERS.items())
def test_a_shared_starter_is_legal_on_its_release_day_not_before(name, number, shared_dir, merged_pool):
    import datetime as dt

    from wixoss_deckcheck.tables.releases import load_calendar

    path = shared_dir / "decks" / "text" / name
    deck = load_deck(str(path))
    release = load_calendar().release_of(number)  # a card number of the product
    assert release is not None and release.date is not None, name
    day = dt.date.fromisoformat(release.date)
    for format_id in WIDER["diva"]:
        result = Checker(merged_pool, load_format(format_id), day.isoformat()).check(deck)
        assert not result.violations, (format_id, day, [v.message for v in result.violations])
    before = Checker(merged_pool, load_format("all-star"), (day - dt.timedelta(days=1)).isoformat()).check(deck)
    assert "WX122" in {v.code for v in before.violations}

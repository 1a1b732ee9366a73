"""The release calendar's bounds (issue 20 item 2): every undated product has a sourced lower
bound, a window where a source shows it out, and a print with no bound at all never makes its
card available earlier than its other prints."""

from __future__ import annotations

import yaml

from wixoss_deckcheck.tables.releases import Release, ReleaseCalendar, calendar_path, load_calendar


def _calendar(**series: Release) -> ReleaseCalendar:
    return ReleaseCalendar({key.replace("_", "-"): value for key, value in series.items()}, [])


DATED = Release("2021-10-30", "day", "primary", "a column")
BOUNDED = Release(None, "unknown", "none", "x", not_before="2023-11-01", bound_source="numbering order")
WINDOW = Release(
    None, "bound", "none", "x", not_before="2025-07-26", bound_source="after P1", certain_from="2026-01-31",
    certain_source="before P3",
)


def test_every_undated_product_has_a_sourced_lower_bound_never_always():
    data = yaml.safe_load(calendar_path().read_text(encoding="utf-8"))
    for label, raw in data["series"].items():
        if raw["date"] is None:
            assert raw.get("not_before") and raw.get("bound_source"), label
            if raw.get("certain_from"):
                assert raw["certain_from"] > raw["not_before"] and raw.get("certain_source"), label
    calendar = load_calendar()
    assert all(release.earliest for release in calendar.series.values())


def test_the_windows_issue_20_names():
    calendar = load_calendar()
    windows = {label: (r.earliest, r.certain_from) for label, r in calendar.series.items() if r.certain_from}
    assert windows == {
        "WX25-P2": ("2025-07-26", "2026-01-31"),
        "WXDI-D09": ("2022-07-09", "2023-04-07"),
        "WXDI-CP01": ("2022-10-08", "2022-12-23"),
        # wixossbox 191201-555decksall: the All-Star 555-yen decks out in late November 2019, and
        # its article on the Key ones published at the end of May 2019
        **{f"WDA-F0{n}": ("2019-11-21", "2019-11-30") for n in range(1, 6)},
        **{f"WDK-F0{n}": ("2018-06-21", "2019-05-31") for n in range(1, 6)},
    }
    assert calendar.release_of("SPDi34-23").earliest == "2023-11-01"  # white タウィル's diva print


def test_a_print_without_a_bound_never_makes_a_card_earlier():
    calendar = _calendar(WXDI_P06=DATED, SPDI34=BOUNDED)
    # WXDi-P205[EN] has no calendar entry: alone it counts (never refused on a guess) ...
    assert calendar.released_among(["WXDi-P205[EN]"], "2015-01-01") == "out"
    # ... beside a dated print it never makes the card out earlier
    assert calendar.released_among(["WXDi-P06-013", "WXDi-P205[EN]"], "2021-03-01") is None
    assert calendar.released_among(["WXDi-P06-013", "WXDi-P205[EN]"], "2021-10-30") == "out"
    # a bounded print counts from its bound, not before
    assert calendar.released_among(["SPDi34-23"], "2023-10-31") is None
    assert calendar.released_among(["SPDi34-23"], "2023-11-01") == "out"


def test_a_window_is_uncertain_between_its_bound_and_its_certain_day():
    calendar = _calendar(WX25_P2=WINDOW, WX25_P1=Release("2025-07-26", "day", "primary", "c"))
    assert calendar.released_among(["WX25-P2-001"], "2025-07-25") is None
    assert calendar.released_among(["WX25-P2-001"], "2025-07-26") == "window"
    assert calendar.released_among(["WX25-P2-001"], "2026-01-30") == "window"
    assert calendar.released_among(["WX25-P2-001"], "2026-01-31") == "out"
    assert calendar.released_among(["WX25-P2-001", "WX25-P1-001"], "2025-08-01") == "out"  # a dated print settles it
    assert calendar.window_of(["WX25-P2-001"], "2025-08-01") is WINDOW


def test_a_bounded_reprint_never_predates_the_card_it_reprints(full_pool):
    """Every lower bound is at least the first dated print of each card its product reprints
    (the bound takes the product's content into account), so a reprint with only a bound never
    makes a card available before its own first print."""
    calendar = load_calendar()
    for card in full_pool.cards:
        numbers = [card.number, *card.reprints]
        for same in full_pool.same_name(card):
            numbers += [same.number, *same.reprints]
        dated = [day for day in (calendar.release_of(n) for n in numbers) if day is not None and day.date]
        if not dated:
            continue
        first = min(release.earliest or "" for release in dated)
        for number in numbers:
            release = calendar.release_of(number)
            if release is not None and release.date is None:
                assert (release.earliest or "") >= first, (number, card.name, release.earliest, first)

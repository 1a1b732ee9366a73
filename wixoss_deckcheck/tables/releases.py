"""When each card came out: the release calendar of ``formats/data/releases.yaml``.

A product's date is the earliest day it can have been on sale; dates known only to the
month, the year or as a bound are lower bounds. A product without a known day has a
sourced lower bound instead (``not_before``), never "always", and where a source shows it
out by some day (``certain_from``) the days between are its *window*: a card out only in
such a product is uncertain there (a warning, WX123), not yet out before the bound (WX122).
A card is released on a day when some print of it (reprints and same-name cards included)
is; a print with no bound at all (no calendar entry) never makes its card available
earlier than its other prints (:meth:`ReleaseCalendar.released_among`).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from wixoss_deckcheck.files.cache import load_cached_yaml
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.pool.normalize import number_key, series_of

_DIGITS = re.compile(r"(\d+)")
#: How much earlier than its given date a product known only "around a month" may be.
_APPROX_SLACK = _dt.timedelta(days=31)


class Release(NamedTuple):
    """The release of one product or promo range, with its source."""

    date: str | None
    precision: str
    confidence: str
    source: str
    name: str | None = None
    #: With ``date`` null: the sourced lower bound, and its source.
    not_before: str | None = None
    bound_source: str | None = None
    #: The first day a source shows the product out (the end of its window), and its source.
    certain_from: str | None = None
    certain_source: str | None = None

    @property
    def earliest(self) -> str | None:
        """The first day cards of it can be in a deck: its date, else its lower bound (None:
        no bound at all)."""
        if self.date is None:
            return self.not_before
        if self.precision == "approx-month":
            return (_dt.date.fromisoformat(self.date) - _APPROX_SLACK).isoformat()
        return self.date

    def uncertain_on(self, day: str) -> bool:
        """Is ``day`` inside the product's window (from its lower bound to the day before the
        first day a source shows it out)?"""
        earliest = self.earliest
        return self.certain_from is not None and earliest is not None and earliest <= day < self.certain_from


def _release(raw: dict[str, Any]) -> Release:
    return Release(
        raw.get("date"),
        raw.get("precision", "unknown"),
        raw.get("confidence", "none"),
        raw.get("source", ""),
        raw.get("name"),
        raw.get("not_before"),
        raw.get("bound_source"),
        raw.get("certain_from"),
        raw.get("certain_source"),
    )


def _promo_key(number: str) -> tuple[str, int] | None:
    """(family, number) of a promo card number: ``PR-K060`` → (``PR-K``, 60)."""
    key = number_key(number)
    match = _DIGITS.search(key.rpartition("-")[2])
    if match is None:
        return None
    return series_of(key), int(match.group(1))


class ReleaseCalendar:
    """Release dates by card number."""

    def __init__(self, series: dict[str, Release], promos: list[tuple[str, int, int, Release]]):
        self.series = series
        self.promos = promos
        self._by_number: dict[str, Release | None] = {}

    def release_of(self, number: str) -> Release | None:
        """The release a card number belongs to (a promo's own range first), or None."""
        if number in self._by_number:
            return self._by_number[number]
        found: Release | None = None
        promo = _promo_key(number) if number_key(number).startswith("PR") else None
        if promo is not None:
            family, value = promo
            for first_family, first, last, release in self.promos:
                if family == first_family and first <= value <= last:
                    found = release
                    break
        if found is None:
            found = self.series.get(series_of(number_key(number)))
        self._by_number[number] = found
        return found

    def earliest(self, number: str) -> str | None:
        """The first day a print can be in a deck, or None when no date is known."""
        release = self.release_of(number)
        return release.earliest if release is not None else None

    def is_released(self, number: str, day: str) -> bool:
        """Whether the print ``number`` can be in a deck on ``day`` (a print with no bound at
        all: yes, taken alone; see :meth:`released_among`)."""
        earliest = self.earliest(number)
        return earliest is None or earliest <= day

    def released_among(self, numbers: Iterable[str], day: str) -> str | None:
        """Whether some print of ``numbers`` (the prints of one card) is out on ``day``:
        ``"out"``, ``"window"`` (out only in products whose window holds the day) or None.
        A print with no bound at all counts only when no print of them has a bound (then the
        card is taken as out: a deck is never refused on a guess)."""
        bounded = False
        found: str | None = None
        for number in numbers:
            release = self.release_of(number)
            earliest = release.earliest if release is not None else None
            if earliest is None:
                continue
            bounded = True
            if earliest <= day:
                if release is not None and release.uncertain_on(day):
                    found = found or "window"
                else:
                    return "out"
        return found if bounded else "out"

    def window_of(self, numbers: Iterable[str], day: str) -> Release | None:
        """The release of the first print of ``numbers`` whose window holds ``day``."""
        for number in numbers:
            release = self.release_of(number)
            if release is not None and release.uncertain_on(day):
                return release
        return None


def calendar_path() -> Path:
    return formats_dir() / "data" / "releases.yaml"


@lru_cache(maxsize=1)
def load_calendar() -> ReleaseCalendar:
    """The shipped release calendar (``formats/data/releases.yaml``), read once per process."""
    path = calendar_path()
    data = load_cached_yaml("releases", path, "release calendar", path.parent / "releases.schema.json")
    series = {number_key(key): _release(raw) for key, raw in data["series"].items()}
    promos = []
    for raw in data["promos"]:
        first, last = _promo_key(raw["first"]), _promo_key(raw["last"])
        if first is None or last is None:
            continue
        promos.append((first[0], first[1], last[1], _release(raw)))
    return ReleaseCalendar(series, promos)

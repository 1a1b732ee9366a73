"""Dates of rules: ``since`` is the first day in force, ``until`` the first day no longer in force."""

from __future__ import annotations

import datetime as _dt

from wixoss_deckcheck.errors import InputError


def last_day(until: str) -> str:
    """The last day a rule with this ``until`` is in force."""
    return (_dt.date.fromisoformat(until) - _dt.timedelta(days=1)).isoformat()


def span_text(since: str | None, until: str | None) -> str:
    """A readable date range with inclusive ends: ``2020-12-05 to 2023-01-31``."""
    if since and until:
        return f"{since} to {last_day(until)}"
    if since:
        return f"from {since}"
    if until:
        return f"to {last_day(until)}"
    return "always"


def today() -> str:
    """Today's date, YYYY-MM-DD."""
    return _dt.date.today().isoformat()


def parse_day(text: str) -> str:
    """Validate a YYYY-MM-DD date given by the user."""
    try:
        return _dt.date.fromisoformat(str(text).strip()).isoformat()
    except ValueError:
        raise InputError(f"not a date (YYYY-MM-DD): {text!r}") from None

"""What the CI reporters (github, sarif, junit, csv) share: where a finding is, and whether a deck fails."""

from __future__ import annotations

from wixoss_deckcheck.model.results import DeckResult
from wixoss_deckcheck.model.violation import Violation

#: The rule id the CI formats give a deck that could not be read or parsed.
INPUT_ERROR_ID = "input-error"


def violation_line(violation: Violation) -> int | None:
    """The decklist line a violation points at: its own line, else the first line it names."""
    if violation.line:
        return violation.line
    return violation.lines[0] if violation.lines else None


def deck_fails(result: DeckResult, strict: bool = False) -> bool:
    """A deck fails when unreadable or illegal; with ``strict`` a warning fails it too."""
    if result.error is not None or not result.legal:
        return True
    return strict and bool(result.violations)


def per_code(results: list[DeckResult]) -> dict[str, int]:
    """How many violations of each check code the decks have, by code."""
    counts: dict[str, int] = {}
    for result in results:
        for violation in result.violations:
            counts[violation.code] = counts.get(violation.code, 0) + 1
    return dict(sorted(counts.items()))

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


def location(path: str, line: int | None) -> str:
    """Where a finding is, as editors and CI logs link it: ``path:line`` (or ``path``)."""
    return f"{path}:{line}" if line else path


def finding_text(path: str, line: int | None, code: str, severity: str, name: str, message: str) -> str:
    """One finding on one line, the same in every plain-text report:
    ``path:line: CODE severity [name] message``."""
    return f"{location(path, line)}: {code} {severity} [{name}] {message}"

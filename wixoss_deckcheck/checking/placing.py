"""Where a finding about a whole deck points: the first line of the section it is about.

A deck-level violation (the main deck's size, its Life Burst count, the LRIG deck's
size, no level-0 LRIG...) names no card line of its own. CI formats need a line for
every finding (GitHub code scanning requires SARIF's ``region.startLine``; an annotation
without a line lands nowhere), and a player wants ``file:line:`` to jump to: such a
violation points at the first line of the section it is about (the first card line of
the main or the LRIG deck), a violation about no section at the deck's first card line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wixoss_deckcheck.model.results import DeckResult
from wixoss_deckcheck.model.violation import Violation

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.checking.checker import Checker
    from wixoss_deckcheck.model.deck import Deck


def section_lines(checker: Checker, deck: Deck) -> dict[str | None, int]:
    """The first line of each section (``None``: of the whole deck), cards the pool could not name included."""
    resolved, _problems = checker.resolve(deck)
    lines: dict[str | None, int] = {}

    def note(section: str | None, line: int | None) -> None:
        if line:
            for key in (section, None):
                if key not in lines or line < lines[key]:
                    lines[key] = line

    for entry in resolved.entries:
        note(entry.section, entry.line)
    for unresolved in resolved.unresolved:
        note(unresolved.section, unresolved.line)
    if None not in lines:
        lines[None] = deck.format_line or 1
    return lines


def place_deck_level(checker: Checker, deck: Deck, result: DeckResult) -> None:
    """Give every violation that names no line the first line of its section, then put the
    findings in line order (by code on one line; stable otherwise), in place."""
    if result.error is not None:
        return
    if not all(v.line or v.lines for v in result.violations):
        lines = section_lines(checker, deck)
        result.violations[:] = [
            v if v.line or v.lines else v._replace(line=lines.get(v.section) or lines[None]) for v in result.violations
        ]
    if len(result.violations) > 1:
        result.violations.sort(key=_line_order)


def _line_order(violation: Violation) -> tuple[bool, int, str]:
    """Where a finding is shown (its line, else the first line it names; none: last), then its code."""
    line = violation.line or (violation.lines[0] if violation.lines else None)
    return (line is None, line or 0, violation.code)

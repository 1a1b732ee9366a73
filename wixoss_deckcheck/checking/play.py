"""Running the play-legality analysis (``check --play``) with a checker: the format's start
counts, every play check not disabled, findings merged into the deck's result."""

from __future__ import annotations

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.checks.play import DEFAULT_COUNTS
from wixoss_deckcheck.checks.registry import REGISTRY, CheckInfo, check_function
from wixoss_deckcheck.model.deck import Deck
from wixoss_deckcheck.model.results import DeckResult
from wixoss_deckcheck.model.violation import Violation


def play_params(checker: Checker) -> dict:
    """The start counts of the format in force, and whether construction checks cover starting."""
    counts = DEFAULT_COUNTS
    for rule in checker.rules:
        if rule.check == "starting-lrigs":
            counts = tuple(rule.params.get("counts", DEFAULT_COUNTS))
    in_force = {rule.check for rule in checker.rules}
    return {
        "counts": list(counts),
        "covered": {"starting-lrigs", "level-zero-lrig"} <= in_force,
        "as_of": checker.as_of,  # the dated game rules (formats/play-rules.yaml) of the day checked
    }


def play_checks() -> list[CheckInfo]:
    """Every registered play check."""
    return [info for info in REGISTRY.values() if info.kind == "play"]


def play_violations(checker: Checker, deck: Deck) -> list[Violation]:
    """Run every play check (not disabled with --disable) on one parsed deck: its findings."""
    return _play_run(checker, deck)[0]


def _play_run(checker: Checker, deck: Deck) -> tuple[list[Violation], list[CheckInfo], frozenset[str]]:
    """Run every play check (not disabled with --disable) on one parsed deck: the findings,
    the checks not judged because a deck they need holds an unknown card, and those decks."""
    resolved, _problems = checker.resolve(deck)
    params = play_params(checker)
    unknown = resolved.unknown_decks()
    out = []
    skipped = []
    for info in play_checks():
        if info.code in checker.disabled or info.slug in checker.disabled:
            continue
        if unknown and not unknown.isdisjoint(info.needs):
            skipped.append(info)
            continue
        for finding in check_function(info)(resolved, params):
            out.append(checker.violation(info, finding, source="play"))
    return out, skipped, unknown


def add_play_findings(checker: Checker, deck: Deck, result: DeckResult) -> None:
    """Add the play findings to a checked deck's violations (kept in line order); the play
    checks not judged join the deck's one note of rules not judged (WX005)."""
    if result.error is not None:
        return
    found, skipped, unknown = _play_run(checker, deck)
    result.violations.extend(found)
    if skipped:
        checker.note_not_judged(result.violations, skipped, unknown)
    result.violations.sort(key=lambda v: (v.line is None, v.line or 0, v.code))

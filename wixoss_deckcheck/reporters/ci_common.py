"""What the CI reporters (github, sarif, junit, csv) share: where a finding is, whether a deck
fails, and how what they echo is kept from steering a CI log.

Every report that can reach a CI log (``text``, ``csv``, ``junit``, ``github``) echoes file
names, decklist lines and card names and numbers from the pool, any of which may be hostile.
So each echoed text has its control characters escaped (:func:`log_text`: a card name with
a line break cannot start a line of its own), a path that starts with ``::`` is shown as
``./::...`` (:func:`log_path`, the same file), and as a last net no line of the report starts
with ``::`` (:func:`no_workflow_commands`): GitHub Actions reads such a line as a workflow
command (``::error::forged``), whatever white space is before it.
"""

from __future__ import annotations

from wixoss_deckcheck.errors import MAX_PATH, printable
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
    path = log_path(path)
    return f"{path}:{line}" if line else path


def finding_text(path: str, line: int | None, code: str, severity: str, name: str, message: str) -> str:
    """One finding on one line, the same in every plain-text report:
    ``path:line: CODE severity [name] message`` (path and message escaped: :func:`log_text`)."""
    return f"{location(path, line)}: {code} {severity} [{name}] {log_text(message)}"


def log_text(text: object) -> str:
    """Echoed text on one line of a log: control characters (a line break, ESC) as visible
    ``\\xNN`` escapes. (Bounded only far out: a message is short; a long name stays whole.)"""
    return printable(str(text), MAX_PATH * 2)


def log_path(path: str) -> str:
    """A deck's path as a report shows it: escaped as :func:`log_text`, and ``./`` before a
    relative path that starts (after white space) with ``::`` -- the same file, never a
    workflow command at the start of a line."""
    shown = printable(str(path), MAX_PATH)
    return "./" + shown if shown.lstrip().startswith("::") else shown


def no_workflow_commands(report: str) -> str:
    """``report`` with no line that starts (after white space) with ``::``: the first colon
    of such a line as ``%3A``, as GitHub's own escape writes it (the last net under
    :func:`log_text` and :func:`log_path`, for what a message puts first)."""
    if "::" not in report:
        return report
    lines = report.split("\n")
    for index, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith("::"):
            lines[index] = line[: len(line) - len(stripped)] + "%3A" + stripped[1:]
    return "\n".join(lines)

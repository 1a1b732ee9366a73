"""The audit's text report: problems per deck, then decks legal/illegal/unreadable and violations per code.

::

    decks/blue.txt:12: WX102 error [copy-limit] ...
    decks/blue.txt: illegal (1 error, 0 warnings)
    decks/junk.txt:1: unreadable: binary file, not a decklist
    audited 3 decks: 1 legal, 1 illegal, 1 unreadable
    violations per code:
      WX102      1  copy-limit
"""

from __future__ import annotations

from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.reporters.ci_common import finding_text, location, violation_line
from wixoss_deckcheck.reporters.text_report import Style

_COLOURS = {"error": "red", "warning": "yellow"}


def render_summary(report: RunReport, quiet: bool = False, color: bool = False, details: bool = True) -> str:
    """With ``details``, one line per violation and a verdict per deck (``quiet``: failing decks only).
    Every word in the report's language (``--lang``)."""
    messages = Messages(report.lang)
    style = Style(color)
    out: list[str] = []
    if details:
        for problem in report.list_problems:
            severity = messages.severity(problem["severity"])
            out.append(style(f"{severity}: {problem['message']}", fg=_COLOURS[problem["severity"]]))
        for result in report.results:
            out.extend(_deck_lines(result, messages, style, quiet))
    out.append(messages.report("audited", **report.counts))
    out.extend(_per_code_lines(report, messages))
    return "\n".join(out) + "\n"


def _deck_lines(result: DeckResult, messages: Messages, style: Style, quiet: bool) -> list[str]:
    """An unreadable deck's error; else its findings and its verdict (nothing for a deck
    without findings when ``quiet``)."""
    if result.error is not None:
        error = result.error
        unreadable = style(messages.report("unreadable"), fg="red", bold=True)
        where = location(result.path, error.line)
        return [
            messages.report(
                "audit_unreadable", path=where, unreadable=unreadable, message=messages.error_text(error.message)
            )
        ]
    if quiet and not result.violations:
        return []
    out = []
    for violation in result.violations:
        code = style(violation.code, fg=_COLOURS[violation.severity], bold=True)
        severity = messages.severity(violation.severity)
        name = messages.check_name(violation.code, violation.name)
        out.append(finding_text(result.path, violation_line(violation), code, severity, name, violation.message))
    verdict = messages.report("legal" if result.legal else "illegal")
    verdict = style(verdict, fg="green" if result.legal else "red", bold=True)
    errors, warnings = len(result.errors()), len(result.warnings())
    out.append(messages.report("audit_deck", path=result.path, verdict=verdict, errors=errors, warnings=warnings))
    return out


def _per_code_lines(report: RunReport, messages: Messages) -> list[str]:
    """How many violations of each code, with the check's name in the report's language."""
    codes = report.per_code()
    if not codes:
        return []
    names = {violation.code: violation.name for result in report.results for violation in result.violations}
    out = [messages.report("per_code")]
    for code, count in codes.items():
        out.append(f"  {code:<8} {count:>6}  {messages.check_name(code, names[code])}")
    return out

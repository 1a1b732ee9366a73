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

import click

from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters.ci_common import finding_text, location, violation_line

_COLOURS = {"error": "red", "warning": "yellow"}


def render_summary(report: RunReport, quiet: bool = False, color: bool = False, details: bool = True) -> str:
    """With ``details``, one line per violation and a verdict per deck (``quiet``: failing decks only).
    Every word in the report's language (``--lang``)."""
    messages = Messages(report.lang)

    def style(text: str, **kwargs) -> str:
        return click.style(text, **kwargs) if color else text

    out: list[str] = []
    if details:
        for problem in report.list_problems:
            severity = messages.severity(problem["severity"])
            out.append(style(f"{severity}: {problem['message']}", fg=_COLOURS[problem["severity"]]))
        for result in report.results:
            if result.error is not None:
                error = result.error
                out.append(
                    messages.report(
                        "audit_unreadable",
                        path=location(result.path, error.line),
                        unreadable=style(messages.report("unreadable"), fg="red", bold=True),
                        message=messages.error_text(error.message),
                    )
                )
                continue
            if quiet and not result.violations:
                continue
            for violation in result.violations:
                code = style(violation.code, fg=_COLOURS[violation.severity], bold=True)
                out.append(
                    finding_text(
                        result.path,
                        violation_line(violation),
                        code,
                        messages.severity(violation.severity),
                        messages.check_name(violation.code, violation.name),
                        violation.message,
                    )
                )
            verdict = messages.report("legal" if result.legal else "illegal")
            verdict = style(verdict, fg="green" if result.legal else "red", bold=True)
            out.append(
                messages.report(
                    "audit_deck",
                    path=result.path,
                    verdict=verdict,
                    errors=len(result.errors()),
                    warnings=len(result.warnings()),
                )
            )
    counts = report.counts
    out.append(messages.report("audited", **counts))
    codes = report.per_code()
    if codes:
        from wixoss_deckcheck.checks import BY_CODE

        out.append(messages.report("per_code"))
        for code, count in codes.items():
            name = messages.check_name(code, BY_CODE[code].slug) if code in BY_CODE else ""
            out.append(f"  {code:<8} {count:>6}  {name}")
    return "\n".join(out) + "\n"

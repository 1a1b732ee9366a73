"""The audit's text report: problems per deck, then decks legal/illegal/unreadable and violations per code.

::

    decks/blue.txt:12: WX102 error [copy-limit] ...
    decks/blue.txt: illegal (1 errors, 0 warnings)
    decks/junk.txt: unreadable: binary file, not a decklist
    audited 3 decks: 1 legal, 1 illegal, 1 unreadable
    violations per code:
      WX102      1  copy-limit
"""

from __future__ import annotations

import click

from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters.ci_common import finding_text, violation_line

_COLOURS = {"error": "red", "warning": "yellow"}


def render_summary(report: RunReport, quiet: bool = False, color: bool = False, details: bool = True) -> str:
    """With ``details``, one line per violation and a verdict per deck (``quiet``: failing decks only)."""

    def style(text: str, **kwargs) -> str:
        return click.style(text, **kwargs) if color else text

    out: list[str] = []
    if details:
        for problem in report.list_problems:
            out.append(style(f"{problem['severity']}: {problem['message']}", fg=_COLOURS[problem["severity"]]))
        for result in report.results:
            if result.error is not None:
                out.append(
                    f"{result.path}: {style('unreadable', fg='red', bold=True)}: "
                    f"{result.error.message}" + (f" (line {result.error.line})" if result.error.line else "")
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
                        violation.severity,
                        violation.name,
                        violation.message,
                    )
                )
            verdict = style("legal", fg="green", bold=True) if result.legal else style("illegal", fg="red", bold=True)
            out.append(f"{result.path}: {verdict} ({len(result.errors())} errors, {len(result.warnings())} warnings)")
    counts = report.counts
    out.append(
        f"audited {counts['total']} decks: {counts['legal']} legal, {counts['illegal']} illegal, "
        f"{counts['unreadable']} unreadable"
    )
    codes = report.per_code()
    if codes:
        from wixoss_deckcheck.checks import BY_CODE

        out.append("violations per code:")
        for code, count in codes.items():
            name = BY_CODE[code].slug if code in BY_CODE else ""
            out.append(f"  {code:<8} {count:>6}  {name}")
    return "\n".join(out) + "\n"

"""The human report: grouped per deck, one line per violation, a final verdict line.

Lines read ``path:line: CODE severity [name] message`` so editors and terminals
can jump to the decklist line.
"""

from __future__ import annotations

from typing import Any

import click

from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.reporters.ci_common import finding_text, log_path, log_text, no_workflow_commands
from wixoss_deckcheck.reporters.registry import reporter

_COLOURS = {"error": "red", "warning": "yellow"}


def verbose_lines(report: RunReport, messages: Messages) -> list[str]:
    """What ``-v`` adds first: the settings file and the card pool the run used."""
    settings = report.settings_path or messages.report("settings_none")
    origin = messages.named("pool_origins", report.pool_origin)
    return [
        messages.report("settings", path=settings),
        messages.report("pool", path=report.pool_path, cards=report.pool_cards, origin=origin),
        *(messages.report("skipped", path=path, what=messages.word(f"file_{kind}")) for path, kind in report.skipped),
    ]


@reporter("text")
def render_text(
    report: RunReport,
    color: bool = False,
    verbose: bool = False,
    to_terminal: bool = False,
    quiet: bool = False,
    **_options: object,
) -> str:
    """The human report; ``quiet`` leaves out the lines of decks that are legal with no finding."""
    messages = Messages(report.lang)
    style = Style(color)
    out: list[str] = verbose_lines(report, messages) if verbose else []
    for problem in report.list_problems:
        if problem["severity"] == "error" and to_terminal:
            continue  # on a terminal the error line goes to stderr, once
        if verbose or problem["severity"] == "error":
            line = f"{problem['severity']}: {log_text(problem['message'])}"
            out.append(style(line, fg=_COLOURS[problem["severity"]]))
    for result in report.results:
        out.extend(_deck_lines(result, messages, style, verbose, to_terminal, quiet))
    if not any(problem["severity"] == "error" for problem in report.list_problems):
        out.extend(_verdict_lines(report.counts, messages, to_terminal))  # a broken table: no verdict (exit 2)
    return no_workflow_commands("\n".join(out) + "\n") if out else ""


class Style:
    """``click.style`` when the report is coloured, else the text as it is."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, **kwargs: Any) -> str:
        return click.style(text, **kwargs) if self.color else text


def _deck_lines(
    result: DeckResult, messages: Messages, style: Style, verbose: bool, to_terminal: bool, quiet: bool
) -> list[str]:
    """One deck's lines: its findings, then its summary (none for a legal deck without findings
    when ``quiet``); an unreadable deck's error, unless that goes to the terminal's stderr."""
    if result.error is not None:
        if to_terminal:  # on a terminal the error line goes to stderr, once
            return []
        error = messages.error_line(result.error).removeprefix("error: ")
        return [style(error, fg="red", bold=True) + f"  [{messages.report('unreadable')}]"]
    out = []
    for violation in result.violations:
        severity = messages.severity(violation.severity)
        name = messages.check_name(violation.code, violation.name)
        code = style(violation.code, fg=_COLOURS[violation.severity], bold=True)
        out.append(finding_text(result.path, violation.line, code, severity, name, violation.message))
    if quiet and result.legal and not result.violations:
        return out
    verdict = messages.report("legal" if result.legal else "illegal")
    verdict = style(verdict, fg="green" if result.legal else "red", bold=True)
    summary = messages.report(
        "deck_summary",
        path=log_path(result.path),
        verdict=verdict,
        main=result.counts.get("main", 0),
        lrig=result.counts.get("lrig", 0),
        life_burst=result.counts.get("life_burst", 0),
        errors=len(result.errors()),
        warnings=len(result.warnings()),
    )
    out.append(summary + (f" — {result.format}, {result.as_of}" if verbose else ""))
    return out


def _verdict_lines(counts: dict[str, int], messages: Messages, to_terminal: bool = False) -> list[str]:
    """The closing verdict: of the one deck, or how many of all were unreadable, illegal or
    legal. None for one unreadable deck on a terminal: its error line on stderr says it all."""
    if counts["total"] == 1:
        if counts["unreadable"]:
            return [] if to_terminal else [messages.report("verdict_one_unreadable")]
        return [messages.report("verdict_one_legal" if counts["legal"] else "verdict_one_illegal")]
    out = []
    if counts["unreadable"]:
        out.append(messages.report("verdict_unreadable", unreadable=counts["unreadable"], total=counts["total"]))
    if counts["illegal"]:
        out.append(messages.report("verdict_illegal", illegal=counts["illegal"], total=counts["total"]))
    elif not counts["unreadable"]:
        out.append(messages.report("verdict_all_legal", total=counts["total"]))
    return out

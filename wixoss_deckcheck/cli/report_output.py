"""What ``check`` and ``audit`` do with a finished run report: write it (to ``-o FILE``
atomically, else to standard output), say on standard error what a machine report leaves
out, and choose the exit code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from wixoss_deckcheck.errors import MAX_PATH, printable
from wixoss_deckcheck.files.text import write_atomic
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters.text_report import verbose_lines


def own_inputs(options: Mapping[str, Any]) -> list[str]:
    """The files a run reads besides its decks (a format table, the pool, the settings
    file): what ``-o`` may not replace either."""
    return [str(options[key]) for key in ("format_file", "cardpool", "settings_path") if options.get(key)]


def write_report(text: str, output: str | None, colored: bool) -> None:
    """The report into ``output`` (atomically), else onto standard output."""
    if output:
        write_atomic(output, text)
    else:
        click.echo(text, nl=False, color=True if colored else None)  # --color always survives a pipe


def echo_verbose(report: RunReport) -> None:
    """``-v``: the settings file, card pool and rules used, on standard error."""
    for line in verbose_lines(report, Messages(report.lang)):
        click.echo(line, err=True)


def echo_deck_errors(report: RunReport, input_findings: bool = False) -> None:
    """On standard error, deck by deck: the input error of a deck that could not be read,
    and with ``input_findings`` the input findings of the others (for a report that did not
    show them on the terminal)."""
    messages = Messages(report.lang)
    for result in report.results:
        if result.error is not None:
            click.echo(messages.error_line(result.error), err=True)
        elif input_findings:
            for violation in result.violations:
                if violation.kind == "input":
                    click.echo(f"error: {result.path}:{violation.line}: {violation.message}", err=True)


def echo_table_errors(report: RunReport) -> None:
    """A broken format table, on standard error in every output format."""
    for problem in report.list_problems:
        if problem["severity"] == "error":
            click.echo(f"error: {printable(problem['message'], MAX_PATH)}", err=True)


def exit_code(report: RunReport, exit_zero: bool) -> int:
    """0 clean, 1 violations (0 with ``--exit-zero``), 2 an input problem."""
    code = report.exit_code(strict=report.strict)
    return 0 if exit_zero and code == 1 else code

"""``audit PATH... --changed-since DATE``: only the decks whose verdict changed since DATE."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.cli.report_output import echo_deck_errors, echo_table_errors, write_report
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.model.results import RunReport

F = TypeVar("F", bound=Callable[..., Any])


def changed_since_option(command: F) -> F:
    return click.option(
        "--changed-since",
        "changed_since",
        metavar="YYYY-MM-DD",
        help="Report only the decks whose verdict on --as-of (default: today) differs from their verdict "
        "on this day, each with the change of the tables that made it; exit 1 when a deck became illegal.",
    )(command)


def run_changed_audit(paths: list[str], options: Mapping[str, Any], output_format: str, terminal: bool) -> int:
    """Compare the decks on the two days (with a progress bar on standard error when asked
    for, or by default on a ``terminal``), write the report and return the exit code."""
    # The comparison and its report are imported only when --changed-since is asked for.
    from wixoss_deckcheck.checking.changed import run_changed
    from wixoss_deckcheck.reporters.changes import CHANGED_FORMATS, render_changed

    messages = Messages(current_language())
    if output_format not in CHANGED_FORMATS:
        raise UsageError(messages.history("changed_output", format=output_format))
    settings = RunSettings.from_options(options)
    since, jobs = options["changed_since"], options.get("jobs")
    progress = options.get("progress")
    if progress if progress is not None else terminal:
        with click.progressbar(length=len(paths), label=messages.report("progress"), file=sys.stderr) as bar:
            report = run_changed(paths, settings, since, jobs, bar.update)
    else:
        report = run_changed(paths, settings, since, jobs)
    write_report(render_changed(output_format, report), options.get("output"), False)
    problems = RunReport(list(report.problems), None, None, report.as_of, "", 0, "", report.lang,
                         list(report.list_problems))
    echo_deck_errors(problems, input_findings=True)
    echo_table_errors(problems)
    code = report.exit_code()
    return 0 if options.get("exit_zero") and code == 1 else code


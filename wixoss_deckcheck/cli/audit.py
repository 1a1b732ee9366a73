"""``wixoss-deckcheck audit PATH...``: check every decklist under files, folders and globs."""

from __future__ import annotations

import sys
from typing import Any

import click

from wixoss_deckcheck.checking.audit import expand_paths, run_audit
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.cli.changed import changed_since_option, run_changed_audit
from wixoss_deckcheck.cli.habits import first_step_hint, use_color, verbosity
from wixoss_deckcheck.cli.options import (
    allow_outside_option,
    apply_settings,
    cardpool_option,
    choose_output_format,
    color_option,
    config_option,
    disable_option,
    encoding_option,
    excel_option,
    format_file_option,
    format_option,
    lang_option,
    no_config_option,
    output_file_option,
    output_format_option,
    strict_option,
)
from wixoss_deckcheck.cli.report_output import (
    echo_deck_errors,
    echo_table_errors,
    echo_verbose,
    exit_code,
    own_inputs,
    write_report,
)
from wixoss_deckcheck.files.text import check_output_path
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters import render
from wixoss_deckcheck.reporters.summary import render_summary


@click.command("audit")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@format_option("all-star, key or diva for every deck (default: each deck's own header, else diva).")
@format_file_option
@click.option("--as-of", "as_of", metavar="YYYY-MM-DD", help="Judge every deck by the rules in force that day.")
@cardpool_option
@lang_option
@click.option(
    "-j",
    "--jobs",
    "jobs",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Worker processes (default: one per core).",
)
@output_format_option
@output_file_option
@excel_option
@encoding_option
@disable_option
@strict_option
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when decks are illegal (input problems still exit 2).")
@color_option
@click.option("-q", "--quiet", is_flag=True, help="Text report: leave out decks that are legal with no warnings.")
@click.option("-v", "--verbose", is_flag=True, help="Say which settings file and card pool were used (on stderr).")
@click.option(
    "--progress/--no-progress", default=None, help="Show a progress bar on stderr (default: when stderr is a terminal)."
)
@click.option(
    "--follow-symlinks", is_flag=True, help="Follow symbolic links to folders inside the audited folders."
)
@allow_outside_option
@changed_since_option
@config_option
@no_config_option
@click.pass_context
def audit_command(ctx: click.Context, **params: Any) -> None:
    """Check every decklist in PATH... and summarise.

    A PATH is a deck file, a folder (searched recursively for .txt .deck .yaml .yml
    .json .cod files), a glob such as 'decks/**/*.yaml', or - to read paths from
    standard input, one per line. Unreadable files are reported and the audit goes
    on. Exit 0: every deck legal; 1: a deck is illegal; 2: a deck could not be read
    (or a card could not be identified).
    """
    options = apply_settings(ctx, params)
    output = options["output"]
    stdin_lines = sys.stdin if "-" in options["paths"] else None
    paths = expand_paths(options["paths"], stdin_lines, follow_symlinks=options["follow_symlinks"],
                         allow_outside=options["allow_outside"])
    if not paths and not paths.problems:
        raise click.UsageError("no decklists found in the given paths")
    if output:  # refused before any deck is read: a directory, a FIFO, a link, an input deck
        check_output_path(output, [*paths, *own_inputs(options)])
    output_format = choose_output_format(options["output_format"], options["excel"])
    if options["changed_since"]:  # only the decks whose verdict changed since that day
        ctx.exit(run_changed_audit(paths, options, output_format, _stderr_is_terminal()))
    settings = RunSettings.from_options(options, json_in_workers=output_format in ("json", "json-lines"))
    report = _run(paths, settings, options["jobs"], options["progress"])
    report.strict = bool(options["strict"])
    report.settings_path = options["settings_path"]
    level = verbosity()  # -q / -v before the command count too (wixoss-deckcheck -v audit ...)
    if options["verbose"] or level > 0:
        echo_verbose(report)
    if output_format == "text":
        colored = use_color(options["color"], output)
        text = render_summary(report, quiet=options["quiet"] or level < 0, color=colored, details=True)
        write_report(text, output, colored)
        if output:  # the deck errors the terminal summary did not show
            echo_deck_errors(report)
    else:
        write_report(render(output_format, report, color=False, strict=report.strict, excel=options["excel"]),
                     output, False)
        echo_deck_errors(report)
        click.echo(render_summary(report, details=False), nl=False, err=True)
    echo_table_errors(report)
    first_step_hint(report)
    ctx.exit(exit_code(report, options["exit_zero"]))


def _run(paths: list[str], settings: RunSettings, jobs: int | None, progress: bool | None) -> RunReport:
    """The audit, with a progress bar on standard error (by default when it is a terminal)."""
    if not (progress if progress is not None else _stderr_is_terminal()):
        return run_audit(paths, settings, jobs)
    label = Messages(current_language()).report("progress")
    with click.progressbar(length=len(paths), label=label, file=sys.stderr) as bar:
        return run_audit(paths, settings, jobs, on_progress=bar.update)


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False

"""``wixoss-deckcheck check DECK...``."""

from __future__ import annotations

import sys

import click

from wixoss_deckcheck.cli.options import (
    cardpool_option,
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
from wixoss_deckcheck.errors import MAX_PATH, printable
from wixoss_deckcheck.messages import Messages


@click.command("check")
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@format_option("all-star, key or diva (default: the deck's own '# format:' header, else diva).")
@format_file_option
@click.option(
    "--as-of",
    "as_of",
    metavar="YYYY-MM-DD",
    help="Judge the deck by the rules in force that day (default: the deck's date, else today).",
)
@cardpool_option
@lang_option
@output_format_option
@output_file_option
@excel_option
@encoding_option
@disable_option
@strict_option
@click.option("--exit-zero", is_flag=True, help="Always exit 0 unless the input is unusable.")
@color_option
@click.option("-v", "--verbose", is_flag=True, help="Say which card pool and rules were used.")
@click.option(
    "--play", is_flag=True, help="Also analyse whether the deck can be played as built (play findings WX201-WX211)."
)
@config_option
@no_config_option
def check_command(
    decks,
    format_id,
    format_file,
    as_of,
    cardpool,
    lang,
    output_format,
    output,
    encoding,
    disable,
    strict,
    exit_zero,
    color,
    verbose,
    config_file,
    no_config,
    play=False,
    excel=False,
):
    """Check each DECK (text, YAML, JSON, webxoss export, Cockatrice .cod, decklist sheet .xlsx; - reads
    standard input) and name every problem."""
    from wixoss_deckcheck.cli.options import apply_settings, choose_output_format, use_color

    merged = apply_settings(click.get_current_context(), dict(locals()))  # settings file < command line
    strict, exit_zero, color = (merged[k] for k in ("strict", "exit_zero", "color"))
    output_format = choose_output_format(merged["output_format"], merged.get("excel", False))
    from wixoss_deckcheck.checking.run_settings import RunSettings
    from wixoss_deckcheck.checking.session import run_check

    if output:  # refused before any deck is read: a directory, a FIFO, a link, an input deck
        from wixoss_deckcheck.files.text import check_output_path

        check_output_path(output, decks)
    report = run_check(decks, RunSettings.from_options(merged))
    from wixoss_deckcheck.reporters import render

    colored = use_color(color, output)
    report.strict = bool(strict)
    report.settings_path = merged["settings_path"]
    from wixoss_deckcheck.cli.habits import verbosity

    verbose = verbose or verbosity() > 0
    quiet = verbosity() < 0
    text = render(
        output_format,
        report,
        color=colored,
        verbose=verbose,
        quiet=quiet,
        to_terminal=not output,
        strict=report.strict,
        excel=excel,
    )
    if verbose and output_format != "text":  # a machine report stays clean: -v goes to stderr
        from wixoss_deckcheck.reporters.text import verbose_lines

        for line in verbose_lines(report, Messages(report.lang)):
            click.echo(line, err=True)
    if output:
        from wixoss_deckcheck.files.text import write_atomic

        write_atomic(output, text)
    else:
        click.echo(text, nl=False, color=True if colored else None)  # --color always survives a pipe
    for problem in report.list_problems:  # a broken format table: on stderr in every output format
        if problem["severity"] == "error":
            click.echo(f"error: {printable(problem['message'], MAX_PATH)}", err=True)
    code = report.exit_code(strict=strict)
    report_on_terminal = output_format == "text" and not output
    for result in report.results:
        if result.error is not None:
            click.echo(Messages(report.lang).error_line(result.error), err=True)
        elif not report_on_terminal:
            for violation in result.violations:
                if violation.kind == "input":
                    click.echo(f"error: {result.path}:{violation.line}: {violation.message}", err=True)
    from wixoss_deckcheck.cli.habits import first_step_hint

    first_step_hint(report)
    if exit_zero and code == 1:
        code = 0
    sys.exit(code)

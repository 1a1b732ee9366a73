"""``wixoss-deckcheck check DECK...``."""

from __future__ import annotations

import sys
from typing import Any

import click

from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.checking.session import run_check
from wixoss_deckcheck.cli.habits import first_step_hint, use_color, verbosity
from wixoss_deckcheck.cli.history import history_options, run_history, wants_history
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
from wixoss_deckcheck.reporters import render


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
@history_options
@config_option
@no_config_option
@allow_outside_option
@click.pass_context
def check_command(ctx: click.Context, **params: Any) -> None:
    """Check each DECK (text, YAML, JSON, webxoss export, Cockatrice .cod, decklist sheet .xlsx; - reads
    standard input) and name every problem."""
    options = apply_settings(ctx, params)  # settings file < command line
    if wants_history(options):
        sys.exit(run_history(options))
    decks, output = options["decks"], options["output"]
    output_format = choose_output_format(options["output_format"], options["excel"])
    if output:  # refused before any deck is read: a directory, a FIFO, a link, an input deck
        check_output_path(output, [*decks, *own_inputs(options)])
    report = run_check(decks, RunSettings.from_options(options))
    report.strict = bool(options["strict"])
    report.settings_path = options["settings_path"]
    colored = use_color(options["color"], output)
    verbose = options["verbose"] or verbosity() > 0
    text = render(
        output_format,
        report,
        color=colored,
        verbose=verbose,
        quiet=verbosity() < 0,
        to_terminal=not output,
        strict=report.strict,
        excel=options["excel"],
    )
    if verbose and output_format != "text":  # a machine report stays clean: -v goes to stderr
        echo_verbose(report)
    write_report(text, output, colored)
    echo_table_errors(report)
    echo_deck_errors(report, input_findings=output_format != "text" or bool(output))
    first_step_hint(report)
    sys.exit(exit_code(report, options["exit_zero"]))


"""``wixoss-deckcheck audit PATH...``: check every decklist under files, folders and globs."""

from __future__ import annotations

import sys

import click

from wixoss_deckcheck.cli.options import (
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
    use_color,
)
from wixoss_deckcheck.errors import MAX_PATH, printable
from wixoss_deckcheck.messages import Messages, current_language


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
    "--follow-symlinks", is_flag=True, help="Follow symbolic links that lead outside the audited folders."
)
@config_option
@no_config_option
def audit_command(**params):
    """Check every decklist in PATH... and summarise.

    A PATH is a deck file, a folder (searched recursively for .txt .deck .yaml .yml
    .json .cod files), a glob such as 'decks/**/*.yaml', or - to read paths from
    standard input, one per line. Unreadable files are reported and the audit goes
    on. Exit 0: every deck legal; 1: a deck is illegal; 2: a deck could not be read
    (or a card could not be identified).
    """
    from wixoss_deckcheck.checking.audit import expand_paths, run_audit
    from wixoss_deckcheck.checking.run_settings import RunSettings

    ctx = click.get_current_context()
    options = apply_settings(ctx, params)
    stdin_lines = sys.stdin if "-" in options["paths"] else None
    paths = expand_paths(options["paths"], stdin_lines, follow_symlinks=options.get("follow_symlinks", False))
    if not paths and not paths.problems:
        raise click.UsageError("no decklists found in the given paths")
    if options["output"]:  # refused before any deck is read: a directory, a FIFO, a link, an input deck
        from wixoss_deckcheck.files.text import check_output_path

        check_output_path(options["output"], paths)
    output_format = choose_output_format(options["output_format"], options.get("excel", False))
    settings = RunSettings.from_options(options, json_in_workers=output_format in ("json", "json-lines"))
    show_progress = options["progress"] if options["progress"] is not None else _stderr_is_terminal()
    if show_progress:
        label = Messages(current_language()).report("progress")
        with click.progressbar(length=len(paths), label=label, file=sys.stderr) as bar:
            report = run_audit(paths, settings, options["jobs"], on_progress=bar.update)
    else:
        report = run_audit(paths, settings, options["jobs"])
    report.strict = bool(options["strict"])
    report.settings_path = options["settings_path"]
    from wixoss_deckcheck.cli.habits import verbosity

    level = verbosity()  # -q / -v before the command count too (wixoss-deckcheck -v audit ...)
    if options["verbose"] or level > 0:
        from wixoss_deckcheck.reporters.text import verbose_lines

        for line in verbose_lines(report, Messages(report.lang)):
            click.echo(line, err=True)

    from wixoss_deckcheck.reporters import render
    from wixoss_deckcheck.reporters.summary import render_summary

    output = options["output"]
    colored = output_format == "text" and use_color(options["color"], output)
    if output_format == "text":
        text = render_summary(report, quiet=options["quiet"] or level < 0, color=colored, details=True)
    else:
        text = render(output_format, report, color=False, strict=report.strict, excel=options["excel"])
    if output:
        from wixoss_deckcheck.files.text import write_atomic

        write_atomic(output, text)
    else:
        click.echo(text, nl=False, color=True if colored else None)  # --color always survives a pipe
    if output_format != "text" or output:
        for result in report.results:
            if result.error is not None:
                click.echo(Messages(report.lang).error_line(result.error), err=True)
        if output_format != "text":
            click.echo(render_summary(report, details=False), nl=False, err=True)
    for problem in report.list_problems:  # a broken format table: on stderr in every output format
        if problem["severity"] == "error":
            click.echo(f"error: {printable(problem['message'], MAX_PATH)}", err=True)
    from wixoss_deckcheck.cli.habits import first_step_hint

    first_step_hint(report)
    code = report.exit_code(strict=report.strict)
    if options["exit_zero"] and code == 1:
        code = 0
    ctx.exit(code)


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False

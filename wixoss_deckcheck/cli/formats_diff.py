"""``wixoss-deckcheck formats diff F DATE1 DATE2``: what differs in a format on DATE2 from DATE1."""

from __future__ import annotations

import click

from wixoss_deckcheck.checking.history import format_diff
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.cli.options import cardpool_option, lang_option, settings_pool, text_or_json_option
from wixoss_deckcheck.messages import current_language
from wixoss_deckcheck.reporters.history import dumps, render_diff_text


@click.command("diff")
@settings_pool
@click.argument("format_id", metavar="FORMAT")
@click.argument("start", metavar="DATE1")
@click.argument("end", metavar="DATE2")
@click.option("--format-file", metavar="FILE", help="Compare a format file of your own instead (FORMAT is ignored).")
@cardpool_option
@text_or_json_option
@lang_option
def diff_command(
    format_id: str, start: str, end: str, format_file: str | None, cardpool: str | None, output_format: str,
    lang: str | None,
) -> None:
    """What differs in FORMAT on DATE2 from DATE1 (YYYY-MM-DD): Mayu's Room entries added,
    lifted or changed, rules whose parameters changed, products released (with their cards
    in the card pool), each with its day and source."""
    settings = RunSettings(cardpool=cardpool, lang=lang or current_language(), format_id=format_id,
                           format_file=format_file)
    diff = format_diff(format_id, start, end, settings)
    if output_format == "json":
        click.echo(dumps({key: diff[key] for key in ("format", "from", "to", "changes")}), nl=False)
    else:
        click.echo(render_diff_text(diff, settings.lang or "en"), nl=False)

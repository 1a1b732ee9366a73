"""``wixoss-deckcheck replay RECORD``: check every action of a recorded or scripted game."""

from __future__ import annotations

import json
import sys

import click

from wixoss_deckcheck.cli.options import (
    allow_outside_option,
    cardpool_option,
    format_option,
    lang_option,
    refuse_report_format,
    settings_pool,
    text_or_json_option,
)
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import all_legal, replay
from wixoss_deckcheck.messages import default_language
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.reporters.ci_common import no_workflow_commands
from wixoss_deckcheck.reporters.play.replay import report_dict, report_text


@click.command("replay")
@settings_pool
@click.argument("record", metavar="RECORD")
@format_option("Format (default: the record's header).")
@text_or_json_option
@cardpool_option
@lang_option
@allow_outside_option
def replay_command(
    record: str, format_id: str | None, output_format: str, cardpool: str | None, lang: str | None,
    allow_outside: bool,
) -> None:
    """Check every action of the game record RECORD (JSON Lines, or YAML) against the game rules
    in force on its day; report each illegal action with its code, turn and reason.

    Exit 0 when every action is legal, 1 when one is illegal, 2 when the record cannot be read.
    """
    refuse_report_format({"format_id": format_id, "output_format": output_format}, ("text", "json"))
    lang = lang or default_language()
    read = read_record(record)
    if not allow_outside:
        read.refuse_decks_outside()
    pool = CardPool.load(locate_pool(cardpool))
    game, outcomes = replay(read, pool, format_id)
    legal = all_legal(outcomes)
    meta = {"record": record, "format": game.format, "as_of": game.rules.as_of}
    if output_format == "json":
        click.echo(json.dumps(report_dict(outcomes, legal, meta, lang), ensure_ascii=False, indent=2))
    else:
        click.echo(no_workflow_commands(report_text(outcomes, legal, record, lang)), nl=False)
    sys.exit(0 if legal else 1)

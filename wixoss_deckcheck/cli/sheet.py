"""``wixoss-deckcheck sheet DECK -o OUT.xlsx``: the official decklist sheet of a deck."""

from __future__ import annotations

import click

from wixoss_deckcheck.checking.sheet_deck import official_sheet, refuse_bad_seat, resolve_for_sheet, sheet_fields
from wixoss_deckcheck.cli.options import (
    allow_outside_option,
    cardpool_option,
    encoding_option,
    lang_option,
    settings_pool,
)
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.decklist.readers import readers_by_kind
from wixoss_deckcheck.decklist.reading import read_deck_bytes
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.files.text import check_output_path, write_atomic
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool


@click.command("sheet")
@settings_pool
@click.argument("deck", metavar="DECK")
@click.option("-o", "--output", "output", required=True, metavar="OUT.xlsx", help="The sheet to write (atomically).")
@click.option("--team", is_flag=True, help="The 3-on-3 team sheet (default: the individual one).")
@click.option("--seat", type=click.Choice(["A", "B", "C"]), help="The seat to circle on the team sheet.")
@click.option("--template", metavar="FILE", help="Fill this blank official form (.xlsx) instead of a sheet of our own.")
@click.option("--nickname", metavar="TEXT", help="ニックネーム.")
@click.option("--selector-id", "selector_id", metavar="TEXT", help="セレクターID.")
@click.option("--event-date", "event_date", metavar="DATE", help="大会日時 (YYYY-MM-DD, or as Japanese write dates).")
@click.option("--venue", metavar="TEXT", help="開催会場.")
@click.option(
    "--center", metavar="TEXT", help="使用ルリグ (the center LRIG; default: the LRIG type of the one level-0 LRIG)."
)
@cardpool_option
@encoding_option
@allow_outside_option
@lang_option
def sheet_command(
    deck: str,
    output: str,
    team: bool,
    seat: str | None,
    template: str | None,
    nickname: str | None,
    selector_id: str | None,
    event_date: str | None,
    venue: str | None,
    center: str | None,
    cardpool: str | None,
    encoding: str | None,
    allow_outside: bool,
    lang: str | None,
) -> None:
    """Write the official decklist sheet of DECK (any decklist: text, YAML, JSON, .cod, .xlsx).

    Cards are sorted as a judge reads them, Life Burst cards first; a deck that does not fit
    the sheet (over 20 Life Burst cards, over 12 LRIG-deck cards, over 40 main-deck cards) or
    holds a card the pool cannot name is refused with the reason (exit 2). Reading back the
    sheet gives the same deck.
    """
    _refuse_bad_options(output, team, seat)
    inputs = [deck, *(path for path in (template, cardpool) if path)]
    check_output_path(output, inputs, "sheet")  # before any work: never onto the deck, the template, the pool
    resolved = resolve_for_sheet(load_deck(deck, encoding), CardPool.load(locate_pool(cardpool)))
    given = {"nickname": nickname, "selector_id": selector_id, "event_date": event_date, "venue": venue,
             "center": center, "seat": seat}
    blank = read_deck_bytes(template) if template else None
    data = official_sheet(resolved, sheet_fields(resolved, given), team, blank, template)
    write_atomic(output, data, inputs, "sheet")
    main, lrig = resolved.count("main"), resolved.count("lrig")
    burst = resolved.life_burst_count
    say = Messages(current_language()).cli
    click.echo(say("sheet_written", output=output, deck=deck, main=main, lrig=lrig, burst=burst))


def _refuse_bad_options(output: str, team: bool, seat: str | None) -> None:
    refuse_bad_seat(team, seat)
    if not output.lower().endswith(readers_by_kind()["sheet"].suffixes):  # what the sheet reader reads
        raise UsageError(f"the sheet is an .xlsx workbook: name the output file .xlsx, not {output!r}")



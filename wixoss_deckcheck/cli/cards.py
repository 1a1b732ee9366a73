"""``wixoss-deckcheck cards search QUERY`` and ``cards show ID-OR-NAME``."""

from __future__ import annotations

import sys

import click

from wixoss_deckcheck.cli.habits import complete_format
from wixoss_deckcheck.cli.options import cardpool_option

_COLOURS = {"white": "白", "red": "赤", "blue": "青", "green": "緑", "black": "黒"}


@click.group("cards")
def cards_group():
    """Find cards by number or by name (Japanese, English, Chinese)."""


def _load(cardpool):
    from wixoss_deckcheck.cli.habits import say_pool
    from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool

    pool = CardPool.load(locate_pool(cardpool))
    say_pool(pool)
    return pool


@cards_group.command("search")
@click.argument("query", nargs=-1, required=True)
@click.option(
    "--format",
    "-f",
    "format_id",
    metavar="FORMAT",
    shell_complete=complete_format,
    help="Only cards playable in all-star, key or diva.",
)
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 500), help="At most this many cards.")
@cardpool_option
def search_command(query, format_id, limit, cardpool):
    """List the cards matching QUERY: a number, or part of a name in any language.

    Exit 1 when nothing matches.
    """
    from wixoss_deckcheck.pool.search import find_cards

    text = " ".join(query)
    matches = find_cards(_load(cardpool), text, format_id=format_id, limit=limit)
    for match in matches:
        card = match.card
        english = card.names.get("en")
        shown = f"{card.name} / {english}" if english else card.name
        click.echo(f"{match.number}\t{shown}\t{card.type}{_level(card)}")
    if not matches:
        click.echo(f"no card matches {text!r}", err=True)
        sys.exit(1)


@cards_group.command("show")
@click.argument("query", nargs=-1, required=True, metavar="ID-OR-NAME")
@cardpool_option
def show_command(query, cardpool):
    """Show every field of the card(s) a number or an exact name names.

    An ambiguous name shows each candidate; an unknown one says what is close (exit 2).
    """
    pool = _load(cardpool)
    text = " ".join(query)
    resolution = pool.resolve(text)
    cards = [resolution.card] if resolution.card else resolution.candidates
    if not cards:
        from wixoss_deckcheck.errors import InputError
        from wixoss_deckcheck.messages import Messages, default_language

        hint = Messages(default_language()).suggestion_hint(resolution.suggestions)
        raise InputError(f"no card named or numbered {text!r}.{hint}")
    if resolution.candidates:
        click.echo(f"{text!r} names {len(cards)} different cards:")
    for index, card in enumerate(cards):
        if index:
            click.echo("")
        click.echo(_describe(card, resolution.number if resolution.card else None, pool))


def _level(card) -> str:
    return f" L{card.level}" if card.level is not None else ""


def _describe(card, printed: str | None, pool=None) -> str:
    lines = [f"{card.number}  {card.name}" + (f"  (as {printed})" if printed and printed != card.number else "")]
    for lang, label in (
        ("en", "English"),
        ("zh_hans", "Chinese (Simplified)"),
        ("zh_hant", "Chinese (Traditional)"),
        ("kana", "Kana"),
    ):
        if card.names.get(lang):
            lines.append(f"  {label}: {card.names[lang]}")
    colours = "".join(_COLOURS[c] for c in card.colors) or "無"
    lines.append(
        f"  Type: {card.type}   Colour: {'/'.join(card.colors) or 'colourless'} ({colours})"
        + _level(card).replace(" L", "   Level: ")
    )
    details = []
    if card.limit is not None and card.is_lrig:
        details.append(f"Limit: {card.limit}")
    if card.power is not None:
        details.append(f"Power: {card.power}")
    if card.lrig_types:
        details.append(f"LRIG type: {'/'.join(card.lrig_types)}")
    if card.classes:
        details.append(f"Class: {'/'.join(card.classes)}")
    if card.limiting:
        details.append(f"Limited to: {'/'.join(card.limiting)}")
    if card.team:
        details.append(f"Team: {card.team}")
    if details:
        lines.append("  " + "   ".join(details))
    flags = [
        name
        for name, on in (
            ("Life Burst", card.life_burst),
            ("Guard", card.guard),
            ("Multi Ener", card.multi_ener),
            ("token", card.token),
        )
        if on
    ]
    if flags:
        lines.append("  " + ", ".join(flags))
    lines.append(f"  Series: {card.series}")
    if card.reprints:
        lines.append(f"  Also printed as: {', '.join(card.reprints)}")
    lines.extend(_icons_and_release(card, pool))
    return "\n".join(lines)


def _icons_and_release(card, pool) -> list[str]:
    """Where the card's format icons come from, and when each print came out."""
    from wixoss_deckcheck.tables.icons import IconIndex
    from wixoss_deckcheck.tables.loading import load_format
    from wixoss_deckcheck.tables.releases import load_calendar

    index = IconIndex(pool, load_format("diva").icons) if pool is not None else None
    lines = []
    if index is not None:
        lines.append("  Format icons: " + "; ".join(index.icon_origins(card)))
    calendar = load_calendar()
    released = []
    for number in (card.number, *card.reprints):
        release = calendar.release_of(number)
        if release is not None and release.date:
            exact = "" if release.precision == "day" else f", {release.precision}"
            released.append(f"{number} {release.earliest}{exact}")
    if released:
        lines.append("  Released: " + "; ".join(released))
    return lines

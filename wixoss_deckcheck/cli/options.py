"""Options shared by several commands."""

from __future__ import annotations

import click

cardpool_option = click.option(
    "--cardpool",
    "cardpool",
    metavar="FILE",
    default=None,
    help="Card pool JSON file (default: $WIXOSS_DECKCHECK_CARDPOOL, the installed pool, else the sample pool).",
)
lang_option = click.option(
    "--lang",
    type=click.Choice(["en", "ja", "zh"]),
    default=None,
    help="Language of messages and card names (default: from the locale, else English).",
)
format_file_option = click.option(
    "--format-file",
    metavar="FILE",
    help="A format table of your own (may extend a built-in one).",
)
encoding_option = click.option(
    "--encoding",
    metavar="NAME",
    help="Decklist encoding (default: detect UTF-8/UTF-16/Shift_JIS).",
)
disable_option = click.option(
    "--disable",
    multiple=True,
    metavar="CODE",
    help="Skip a check by code or name (repeatable).",
)
strict_option = click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
color_option = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the text report (honours NO_COLOR).",
)

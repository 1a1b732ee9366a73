"""Options shared by several commands."""

from __future__ import annotations

import click

cardpool_option = click.option(
    "--cardpool", "cardpool", metavar="FILE", default=None,
    help="Card pool JSON file (default: $WIXOSS_DECKCHECK_CARDPOOL, the installed pool, else the sample pool).",
)
lang_option = click.option(
    "--lang", type=click.Choice(["en", "ja", "zh"]), default=None,
    help="Language of messages and card names (default: from the locale, else English).",
)

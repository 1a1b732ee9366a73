"""Checks about the decklist itself: cards the pool cannot name.

These are produced while resolving the deck, not by a rule of the format, so
they have no check function; they are registered so that their codes are stable
and documented.
"""

from wixoss_deckcheck.checks.registry import register

register(
    "WX001",
    "unknown-card",
    "error",
    "Unknown card",
    kind="input",
    doc="The decklist names a card (by number or name) that the card pool does not know. "
    "Close matches are suggested; nothing is ever substituted. With the small sample pool, "
    "install the full pool with `wixoss-deckcheck cardpool import`.",
)
register(
    "WX002",
    "ambiguous-card",
    "error",
    "Ambiguous card name",
    kind="input",
    doc="The name written in the decklist belongs to several different cards (for example two "
    "cards share an English name). Write the card number instead; the candidates are listed.",
)
register(
    "WX003",
    "number-name-mismatch",
    "error",
    "Card number and name disagree",
    kind="input",
    doc="A line gives a card number and, beside it, a name that names a different card. The number "
    "would name the card, but which one the player meant cannot be told: neither is picked. "
    "Correct the number or the name.",
)

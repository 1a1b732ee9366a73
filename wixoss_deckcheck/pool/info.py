"""What a card pool holds: counts per type, series and format icon, and its origin.

Used by ``wixoss-deckcheck cardpool info``; returns plain data, the command prints it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool


def pool_summary(pool: CardPool) -> dict:
    """Counts and provenance of ``pool`` (see :func:`format_counts` for the icons)."""
    deck_cards = [card for card in pool.cards if not card.token]
    return {
        "path": str(pool.location.path) if pool.location else None,
        "origin": pool.location.origin if pool.location else None,
        "generator": pool.meta.get("generator"),
        "created": pool.meta.get("created"),
        "sources": list(pool.meta.get("sources", [])),
        "cards": len(pool.cards),
        "numbers": pool.number_count,
        "tokens": len(pool.cards) - len(deck_cards),
        "types": dict(Counter(card.type for card in deck_cards).most_common()),
        "series": dict(sorted(Counter(card.series for card in deck_cards).items())),
        "formats": format_counts(pool),
        "merge_report": dict(Counter(entry.get("kind", "?") for entry in pool.meta.get("merge_report", []))),
    }


def format_counts(pool: CardPool) -> dict:
    """Cards per format: All-Star takes every deck card; Key Selection and Diva
    Selection take the cards carrying their icon (recorded from the official pages,
    else derived from the series by the format tables)."""
    from wixoss_deckcheck.tables.icons import IconIndex
    from wixoss_deckcheck.tables.loading import load_format

    icons = IconIndex(pool, load_format("diva").icons)
    deck_cards = [card for card in pool.cards if not card.token]
    counts = {"all-star": len(deck_cards), "key": 0, "diva": 0, "icons recorded": 0}
    for card in deck_cards:
        carried = icons.icons_of_card(card)
        counts["key"] += "key" in carried
        counts["diva"] += "diva" in carried
        counts["icons recorded"] += card.formats is not None
    return counts

"""What a card pool holds: counts per type, series and format icon, and its origin.

Used by ``wixoss-deckcheck cardpool info``; returns plain data, the command prints it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from wixoss_deckcheck.errors import redact_credentials
from wixoss_deckcheck.tables.dates import today
from wixoss_deckcheck.tables.icons import IconIndex
from wixoss_deckcheck.tables.loading import Rule, builtin_format_ids, load_format

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool


def is_sample_pool(pool: CardPool) -> bool:
    """Whether ``pool`` is the small shipped sample (found as the fallback, or named by path:
    its only source is the ``sample`` one), which lacks most cards on purpose."""
    if pool.location is not None and pool.location.is_sample:
        return True
    sources = pool.meta.get("sources") or []
    return len(sources) == 1 and isinstance(sources[0], dict) and sources[0].get("name") == "sample"


def pool_summary(pool: CardPool) -> dict[str, Any]:
    """Counts and provenance of ``pool`` (see :func:`format_counts` for the icons)."""
    deck_cards = [card for card in pool.cards if not card.token]
    return {
        "path": str(pool.location.path) if pool.location else None,
        "origin": pool.location.origin if pool.location else None,
        "generator": pool.meta.get("generator"),
        "created": pool.meta.get("created"),
        "sources": [_redacted(source) for source in pool.meta.get("sources", [])],
        "cards": len(pool.cards),
        "numbers": pool.number_count,
        "tokens": len(pool.cards) - len(deck_cards),
        "types": dict(Counter(card.type for card in deck_cards).most_common()),
        "series": dict(sorted(Counter(card.series for card in deck_cards).items())),
        "formats": format_counts(pool),
        "merge_report": dict(Counter(entry.get("kind", "?") for entry in pool.meta.get("merge_report", []))),
    }


def format_counts(pool: CardPool) -> dict[str, int]:
    """Cards per built-in format, as its card-pool rule in force today takes them: the cards
    carrying one of its icons (recorded from the official pages, else derived from the
    series by the format tables), or every deck card when the rule names none (All-Star);
    then how many cards have their icons recorded."""
    tables = [load_format(format_id) for format_id in builtin_format_ids()]
    day = today()
    required = {table.id: _pool_icons(table.rules_in_force(day)) for table in tables}
    icons = IconIndex(pool, load_format().icons)
    counts = dict.fromkeys([*required, "icons recorded"], 0)
    for card in pool.cards:
        if card.token:
            continue
        carried = icons.icons_of_card(card)
        for format_id, wanted in required.items():
            counts[format_id] += wanted is None or bool(carried & wanted)
        counts["icons recorded"] += card.formats is not None
    return counts


def _pool_icons(rules: list[Rule]) -> frozenset[str] | None:
    """The icons the card-pool rule among ``rules`` asks for; None: every card (no such rule, or ``icons: null``)."""
    icons = next((rule.params.get("icons") for rule in rules if rule.check == "card-pool"), None)
    return frozenset(icons) if icons else None


def _redacted(source: Any) -> Any:
    """A pool's source description with the credentials of its URL hidden (a pool built by
    an older version may hold ``https://user:token@...``)."""
    if isinstance(source, dict) and isinstance(source.get("url"), str):
        return {**source, "url": redact_credentials(source["url"])}
    return source

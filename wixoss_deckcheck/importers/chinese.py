"""Traditional Chinese card names, derived from the Simplified ones."""

from __future__ import annotations

from collections.abc import Iterable


def derive_traditional_names(cards: Iterable[dict]) -> None:
    """Add ``names.zh_hant`` (converted from ``zh_hans``) where the pool has none, so a
    name written in Traditional characters finds its card (太陽之巫女 → 太阳之巫女)."""
    from zhconv import convert

    for card in cards:
        names = card.get("names")
        if names and names.get("zh_hans") and not names.get("zh_hant"):
            traditional = convert(names["zh_hans"], "zh-hant")
            names["zh_hant"] = traditional
            if card["sources"][0] != "webxoss" or "names.zh_hans" in card.get("field_sources", {}):
                card.setdefault("field_sources", {})["names.zh_hant"] = "webxoss+zhconv"

"""Traditional Chinese card names, derived from the Simplified ones."""

from __future__ import annotations

from collections.abc import Iterable

from wixoss_deckcheck.messages import to_traditional


def derive_traditional_names(cards: Iterable[dict]) -> None:
    """Add ``names.zh_hant`` (converted from ``zh_hans`` by OpenCC, ``s2t``) where the pool has
    none, so a name written in Traditional characters finds its card (太陽之巫女 → 太阳之巫女).
    OpenCC converts by phrase: 拜占庭 stays 拜占庭 (zhconv, used before, wrote 拜佔庭)."""
    for card in cards:
        names = card.get("names")
        if names and names.get("zh_hans") and not names.get("zh_hant"):
            traditional = to_traditional(names["zh_hans"])
            names["zh_hant"] = traditional
            if card["sources"][0] != "webxoss" or "names.zh_hans" in card.get("field_sources", {}):
                card.setdefault("field_sources", {})["names.zh_hant"] = "webxoss+opencc"

"""Close-match suggestions for an unknown card, by number or by name (rapidfuzz)."""

from __future__ import annotations

from wixoss_deckcheck.pool.lookup import SuggestionSource
from wixoss_deckcheck.pool.normalize import looks_like_number, name_key, number_key, search_key, split_edition_suffix

_MIN_SCORE = 60


def suggest_cards(pool: SuggestionSource, text: str, limit: int = 3) -> list[str]:
    """Return up to ``limit`` ``"NUMBER name"`` strings close to ``text``."""
    from rapidfuzz import fuzz, process

    by_number = looks_like_number(text)
    rows, keys = pool.suggestion_choices(by_number)
    query = number_key(text) if by_number else search_key(split_edition_suffix(text)[0])
    found = process.extract(query, keys, scorer=fuzz.ratio, limit=limit * 3, score_cutoff=_MIN_SCORE)
    result: list[str] = []
    seen: set[str] = set()
    for key, _score, _index in found:
        card = pool.card_at(rows[key])
        if card.number in seen:
            continue
        seen.add(card.number)
        shown = card.name
        english = card.names.get("en")
        if english and not looks_like_number(text) and key in (name_key(english), search_key(english)):
            shown = f"{english} / {card.name}"
        result.append(f"{card.number} {shown}")
        if len(result) == limit:
            break
    return result

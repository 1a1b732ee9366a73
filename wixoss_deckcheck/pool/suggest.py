"""Close-match suggestions for an unknown card, by number or by name (rapidfuzz)."""

from __future__ import annotations

from wixoss_deckcheck.pool.lookup import SuggestionSource
from wixoss_deckcheck.pool.normalize import looks_like_number, name_key, number_key, search_key, split_edition_suffix

_MIN_SCORE = 60
#: The first code point of the CJK blocks (radicals, kana, ideographs, full-width forms).
_CJK_START = 0x2E80


def _score_cutoff(query: str, by_number: bool) -> float:
    """The lowest similarity (0-100) a suggestion needs: ``_MIN_SCORE``, or for a short
    name in CJK script whatever one changed character leaves (a two-kanji name with one
    kanji wrong scores 50: ``複製`` for 複成), since each character carries a whole word."""
    length = len(query)
    if by_number or length < 2 or not any(ord(char) >= _CJK_START for char in query):
        return _MIN_SCORE
    return min(_MIN_SCORE, 100 * (length - 1) / length - 0.01)


def _plain_keys(pool: SuggestionSource, keys: list[str]) -> list[tuple[str, str]]:
    """Each name key with ``⁑`` as ``*``, made once per pool (names holding what was written)."""
    memo = pool.__dict__.get("_plain_keys")
    if memo is None:
        memo = pool.__dict__["_plain_keys"] = [(key, key.replace("\u2051", "*")) for key in keys]
    return memo


def suggest_cards(pool: SuggestionSource, text: str, limit: int = 3) -> list[str]:
    """Return up to ``limit`` ``"NUMBER name"`` strings close to ``text``, in the order a
    player would pick: the closest whole names first (ties: names holding what was written,
    then the shorter), then names that hold what was written (``⁑マウス⁑`` → 真実の聖盾　*マウス*)."""
    from rapidfuzz import fuzz, process  # heavy: only when a card is unknown

    by_number = looks_like_number(text)
    rows, keys = pool.suggestion_choices(by_number)
    query = number_key(text) if by_number else search_key(split_edition_suffix(text)[0])
    cutoff = _score_cutoff(query, by_number)
    found = process.extract(query, keys, scorer=fuzz.ratio, limit=limit * 4, score_cutoff=cutoff)
    ranked = [
        key
        for key, _score, _index in sorted(
            found, key=lambda item: (-round(item[1]), query not in item[0], len(item[0]), item[0])
        )
    ]
    if len(ranked) < limit and not by_number and len(query) >= 2:
        part = query.replace("\u2051", "*")
        holding = [key for key, plain in _plain_keys(pool, keys) if part in plain and key not in ranked]
        ranked += sorted(holding, key=lambda key: (len(key), key))[: limit * 3]
    return _shown(pool, rows, ranked, text, limit)


def _shown(pool: SuggestionSource, rows: dict[str, int], ranked: list[str], text: str, limit: int) -> list[str]:
    """The first ``limit`` distinct cards of the ranked keys, as ``NUMBER name`` (the
    English name beside the Japanese one when the key was the English name)."""
    result: list[str] = []
    seen: set[str] = set()
    for key in ranked:
        card = pool.card_at(rows[key])
        if card.number in seen:
            continue
        seen.add(card.number)
        english = card.names.get("en")
        named_in_english = english and not looks_like_number(text) and key in (name_key(english), search_key(english))
        result.append(f"{card.number} {english} / {card.name}" if named_in_english else f"{card.number} {card.name}")
        if len(result) == limit:
            break
    return result

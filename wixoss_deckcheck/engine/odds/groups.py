"""Groups of main-deck cards that questions and mulligan policies are about.

A group is written as one term:

- a card number or name (reprints and same-name cards count together): ``WXDi-D01-020``;
- ``level:N`` or ``level:N-M`` — SIGNI of that level (range);
- ``type:SIGNI`` or ``type:SPELL``;
- ``colour:red`` (also ``color:``; ``colour:colourless`` for cards with no colour);
- ``guard`` — cards with 【ガード】 (servants);
- ``lifeburst`` (also ``life-burst``, ``lb``) — cards with a Life Burst.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.messages import Messages, default_language
from wixoss_deckcheck.model.cards import COLOURS, Card

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool

_LEVEL = re.compile(r"^([0-9]{1,3})(?:\s*-\s*([0-9]{1,3}))?$")  # levels are small: no huge numbers
_WORDS = {
    "guard": ("guard", lambda card: card.guard),
    "lifeburst": ("life burst", lambda card: card.life_burst),
    "life-burst": ("life burst", lambda card: card.life_burst),
    "life_burst": ("life burst", lambda card: card.life_burst),
    "lb": ("life burst", lambda card: card.life_burst),
}
_TYPES = ("SIGNI", "SPELL")
_COLOUR_WORDS = {**{c: c for c in COLOURS}, "colourless": "", "colorless": ""}


@dataclass(frozen=True)
class Selector:
    """A test on a card, with the text it was written as. Several tests are ANDed."""

    text: str
    tests: tuple[Callable[[Card], bool], ...] = field(default=(), compare=False)

    def matches(self, card: Card) -> bool:
        return all(test(card) for test in self.tests)

    def __and__(self, other: Selector) -> Selector:
        return Selector(f"{self.text} & {other.text}", self.tests + other.tests)


def level_selector(low: int | None, high: int | None, text: str | None = None) -> Selector:
    """SIGNI whose level is within ``low``..``high`` (either may be open)."""

    def test(card: Card) -> bool:
        return (
            card.type == "SIGNI"
            and card.level is not None
            and (low is None or card.level >= low)
            and (high is None or card.level <= high)
        )

    if text is None:
        bounds = f"{'' if low is None else low}-{'' if high is None else high}"
        text = f"level:{low}" if low == high else f"level:{bounds}"
    return Selector(text, (test,))


def type_selector(card_type: str) -> Selector:
    wanted = card_type.strip().upper()
    if wanted not in _TYPES:
        raise InputError(f"unknown card type {card_type!r} for a main-deck group (SIGNI or SPELL)")
    return Selector(f"type:{wanted}", (lambda card: card.type == wanted,))


def colour_selector(colour: str) -> Selector:
    key = colour.strip().lower()
    if key not in _COLOUR_WORDS:
        raise InputError(f"unknown colour {colour!r} (white, red, blue, green, black or colourless)")
    wanted = _COLOUR_WORDS[key]
    if not wanted:
        return Selector("colour:colourless", (lambda card: not card.colors,))
    return Selector(f"colour:{wanted}", (lambda card: wanted in card.colors,))


def card_selector(query: str, pool: CardPool) -> Selector:
    """Every card with the same name as the card ``query`` names (number or name)."""
    result = pool.resolve(query)
    if result.card is None:
        if result.candidates:
            names = "; ".join(f"{c.name} ({c.number})" for c in result.candidates[:5])
            raise InputError(f"{query!r} names several cards: {names}; write the card number")
        hint = Messages(default_language()).suggestion_hint(result.suggestions)
        raise InputError(f"unknown card or group {query!r}.{hint}")
    key = result.card.key
    return Selector(query.strip(), (lambda card: card.key == key,))


def _level_group(value: str, term: str) -> Selector:
    match = _LEVEL.match(value)
    if not match:
        raise InputError(f"bad level group {term!r} (write level:N or level:N-M)")
    low = int(match.group(1))
    return level_selector(low, int(match.group(2)) if match.group(2) else low)


#: ``prefix:value`` terms other than ``card:``: the selector of the value (the whole term for messages).
_PREFIXES: dict[str, Callable[[str, str], Selector]] = {
    "level": _level_group,
    "type": lambda value, _term: type_selector(value),
    "colour": lambda value, _term: colour_selector(value),
    "color": lambda value, _term: colour_selector(value),
}


def parse_group(text: str, pool: CardPool | None = None) -> Selector:
    """Turn a group term (see the module doc) into a selector."""
    term = (text or "").strip()
    if not term:
        raise InputError("empty card or group")
    lower = term.lower()
    if lower in _WORDS:
        _name, test = _WORDS[lower]
        return Selector(lower if lower != "life-burst" else "lifeburst", (test,))
    if ":" in term:
        prefix, _, value = term.partition(":")
        prefix, value = prefix.strip().lower(), value.strip()
        if prefix in _PREFIXES:
            return _PREFIXES[prefix](value, term)
        if prefix == "card":
            term = value
    if pool is None:
        raise InputError(f"unknown group {term!r}")
    return card_selector(term, pool)


def members(selector: Selector, cards: Iterable[Card]) -> list[int]:
    """Indexes of the cards the selector matches."""
    return [i for i, card in enumerate(cards) if selector.matches(card)]

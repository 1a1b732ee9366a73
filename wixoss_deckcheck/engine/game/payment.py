"""Paying a cost from ener, exactly: cost symbols matched one to one with ener cards.

A cost is a tuple of ``(mask, count)`` symbols plus a number of coins. A symbol's mask
is the set of colours that may pay it (one colour; several for an either/or cost such
as 《白》か《赤》, written ``white|red`` in a cost mapping) or :data:`COLOURLESS`, which
any card pays. A card's mask is its colours (every colour for a multi-ener card) plus
:data:`COLOURLESS`. A payment is legal when the paid cards can be matched one to one
to the symbols (a bipartite matching, never a greedy pass); the goldfish chooses the
payment that leaves the most of its future costs payable (exhaustive search, memoised).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from wixoss_deckcheck.model.cards import COLOURS, Card

COLOUR_BITS = {colour: 1 << i for i, colour in enumerate(COLOURS)}
ALL_COLOURS = (1 << len(COLOURS)) - 1
COLOURLESS = 1 << len(COLOURS)
COIN = "coin"

Symbols = tuple[tuple[int, int], ...]


class Cost(tuple[Symbols, int]):
    """``(symbols, coins)``: symbols sorted by mask, as built by :func:`parse_cost`."""

    @property
    def symbols(self) -> Symbols:
        """The ``(mask, count)`` symbols of the cost."""
        return self[0]

    @property
    def coins(self) -> int:
        """The coins the cost takes."""
        return self[1]

    @property
    def cards(self) -> int:
        """How many ener cards the cost takes."""
        return sum(count for _mask, count in self[0])


FREE = Cost(((), 0))


def symbol_mask(key: str) -> int | None:
    """The mask of a cost key (``white``, ``white|red``, ``colorless``), None for a coin or an unknown key."""
    if key in ("colorless", "colourless"):
        return COLOURLESS
    mask = 0
    for part in key.replace("/", "|").split("|"):
        bit = COLOUR_BITS.get(part.strip())
        if bit is None:
            return None
        mask |= bit
    return mask or None


def parse_cost(raw: Mapping[str, Any] | None) -> Cost:
    """A cost mapping of the card pool as a :class:`Cost`: colour and ``colorless`` counts,
    ``coin``, and ``choice`` (either/or symbols, ``[{"colours": ["blue", "black"], "amount": 1}]``);
    a ``white|red`` key is read as an either/or symbol too."""
    if not raw:
        return FREE
    counts: dict[int, int] = {}
    coins = 0
    for key, amount in raw.items():
        if not amount:
            continue
        if key == COIN:
            coins += int(amount)
        elif key == "choice":
            for choice in amount:
                mask = symbol_mask("|".join(choice.get("colours") or ()))
                if mask is not None and choice.get("amount"):
                    counts[mask] = counts.get(mask, 0) + int(choice["amount"])
        else:
            mask = symbol_mask(key)
            if mask is not None:
                counts[mask] = counts.get(mask, 0) + int(amount)
    return Cost((tuple(sorted(counts.items())), coins))


def card_mask(card: Card) -> int:
    """What a card pays from ener: its colours (all for multi-ener) and colourless."""
    if card.multi_ener:
        return ALL_COLOURS | COLOURLESS
    mask = COLOURLESS
    for colour in card.colors:
        mask |= COLOUR_BITS.get(colour, 0)
    return mask


def cost_text(cost: Cost) -> str:
    """``white 2, colourless 1, coin 1`` (``free`` for nothing)."""
    parts = []
    for mask, count in cost.symbols:
        name = "colourless" if mask == COLOURLESS else "|".join(c for c in COLOURS if mask & COLOUR_BITS[c])
        parts.append(f"{name} {count}")
    if cost.coins:
        parts.append(f"coin {cost.coins}")
    return ", ".join(parts) or "free"


def cost_parts(cost: Cost) -> list[tuple[tuple[str, ...], int]]:
    """The symbols of a cost as ``(colours, count)`` (``("colourless",)`` for a colourless one),
    then ``(("coin",), coins)``: what a message words in the reader's language."""
    parts = [
        (("colourless",) if mask == COLOURLESS else tuple(c for c in COLOURS if mask & COLOUR_BITS[c]), count)
        for mask, count in cost.symbols
    ]
    if cost.coins:
        parts.append(((COIN,), cost.coins))
    return parts


def matches(cost: Cost, paid: Sequence[int]) -> bool:
    """True when the paid cards (their masks) can pay the cost's symbols one to one, exactly."""
    units = [mask for mask, count in cost.symbols for _ in range(count)]
    if len(units) != len(paid):
        return False
    return _max_matching(units, list(paid)) == len(units)


def _max_matching(units: Sequence[int], cards: Sequence[int]) -> int:
    """Kuhn's augmenting paths: how many symbols can be paid by distinct cards."""
    owner = [-1] * len(cards)

    def augment(unit: int, seen: list[bool]) -> bool:
        """Find an augmenting path from symbol ``unit``."""
        for c, mask in enumerate(cards):
            if mask & units[unit] and not seen[c]:
                seen[c] = True
                if owner[c] < 0 or augment(owner[c], seen):
                    owner[c] = unit
                    return True
        return False

    return sum(1 for u in range(len(units)) if augment(u, [False] * len(cards)))


@lru_cache(maxsize=1 << 16)
def shortfall(symbols: Symbols, ener: tuple[tuple[int, int], ...]) -> int:
    """How many symbol units ``ener`` (``(mask, count)`` classes) cannot pay at once (0 = payable)."""
    units = [mask for mask, count in symbols for _ in range(count)]
    cards = [mask for mask, count in ener for _ in range(count)]
    return len(units) - _max_matching(units, cards)


def merge(*costs: Cost) -> Symbols:
    """The symbols of several costs together (what paying all of them needs)."""
    counts: dict[int, int] = {}
    for cost in costs:
        for mask, count in cost.symbols:
            counts[mask] = counts.get(mask, 0) + count
    return tuple(sorted(counts.items()))


def classes(ener: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Card masks grouped into sorted ``(mask, count)`` classes."""
    counts: dict[int, int] = {}
    for mask in ener:
        counts[mask] = counts.get(mask, 0) + 1
    return tuple(sorted(counts.items()))


@lru_cache(maxsize=1 << 16)
def best_payment(
    symbols: Symbols, ener: tuple[tuple[int, int], ...], future: Symbols = ()
) -> tuple[tuple[int, int], ...] | None:
    """The ener classes to pay ``symbols`` with, leaving the least shortfall for ``future``.

    Exhaustive over the ways to take the cost from the classes (memoised); ties keep the
    cards that pay the most colours (single-colour cards are spent first). None when the
    cost cannot be paid.
    """
    need = sum(count for _mask, count in symbols)
    if shortfall(symbols, ener) or need > sum(count for _m, count in ener):
        return None
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int] | None = None
    for take in _takes(need, ener):
        key = _payment_key(symbols, ener, take, future)
        if key is not None and (best_key is None or key < best_key):
            best, best_key = take, key
    if best is None:
        return None
    return tuple((mask, n) for (mask, _have), n in zip(ener, best, strict=False) if n)


def _payment_key(
    symbols: Symbols, ener: tuple[tuple[int, int], ...], take: tuple[int, ...], future: Symbols
) -> tuple[int, int] | None:
    """How good paying ``symbols`` with ``take`` (cards per class) is: the shortfall it leaves for
    ``future``, then the colours the spent cards could have paid (smaller is better); None when
    the taken cards do not pay the symbols."""
    taken = [mask for (mask, _have), n in zip(ener, take, strict=False) for _ in range(n)]
    if not matches(Cost((symbols, 0)), taken):
        return None
    left = tuple((mask, have - n) for (mask, have), n in zip(ener, take, strict=False) if have - n)
    spent_width = sum(bin(mask).count("1") * n for (mask, _have), n in zip(ener, take, strict=False))
    return (shortfall(future, left) if future else 0, spent_width)


def _takes(need: int, ener: tuple[tuple[int, int], ...], start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to take ``need`` cards from the classes ``ener[start:]`` (counts per class)."""
    if start == len(ener):
        if need == 0:
            yield ()
        return
    rest = sum(have for _mask, have in ener[start + 1 :])
    for n in range(max(0, need - rest), min(ener[start][1], need) + 1):
        for tail in _takes(need - n, ener, start + 1):
            yield (n, *tail)

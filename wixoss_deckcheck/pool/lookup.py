"""What the pool's helpers (aliases, suggestions) need of a card pool, as protocols: they
serve :class:`~wixoss_deckcheck.pool.cardpool.CardPool` without importing it."""

from __future__ import annotations

from typing import Protocol

from wixoss_deckcheck.model.cards import Card


class NumberLookup(Protocol):
    """Finds a card by its number (reprint numbers included)."""

    def by_number(self, number: str) -> Card | None: ...


class SuggestionSource(Protocol):
    """The searchable keys of a pool with their rows, and the card of a row."""

    def suggestion_choices(self, by_number: bool) -> tuple[dict[str, int], list[str]]: ...

    def card_at(self, row: int) -> Card: ...

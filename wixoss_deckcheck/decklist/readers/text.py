"""Plain-text decklists (``.txt``, ``.deck``): card lines as players write them."""

from __future__ import annotations

from wixoss_deckcheck.decklist.readers import reader
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck


@reader("text", (".txt", ".deck"), anywhere=(".deck",))
def read_text(text: str, path: str) -> Deck:
    """The deck of a text decklist; one without a card line is an error."""
    from wixoss_deckcheck.decklist.text import parse_text_deck  # lazy: the quick text reader

    deck = parse_text_deck(text, path)
    if not deck.entries:
        raise InputError("no card lines in the decklist", path)
    return deck

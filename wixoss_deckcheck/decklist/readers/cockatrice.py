"""Cockatrice deck files (``.cod``, XML)."""

from __future__ import annotations

from wixoss_deckcheck.decklist.readers import reader
from wixoss_deckcheck.model.deck import Deck


@reader("cod", (".cod",), anywhere=(".cod",))
def read_cockatrice(text: str, path: str) -> Deck:
    from wixoss_deckcheck.decklist.cockatrice import parse_cockatrice_deck  # lazy: the Cockatrice reader

    return parse_cockatrice_deck(text, path)

"""The official decklist sheet (``.xlsx``, ``.xlsm``: a zip, read as bytes)."""

from __future__ import annotations

from wixoss_deckcheck.decklist.readers import reader
from wixoss_deckcheck.model.deck import Deck


@reader("sheet", (".xlsx", ".xlsm"), binary=True, magic=b"PK\x03\x04")
def read_sheet(data: bytes, path: str) -> Deck:
    from wixoss_deckcheck.decklist.sheet import read_sheet_deck  # lazy: the sheet reader (zipfile, XML)

    return read_sheet_deck(data, path)

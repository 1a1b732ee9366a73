"""The card sources the tool can read: the one list every command and the merge use.

Each source has a parser name, the sub-folder it lives in inside a sources folder
(``cardpool build --from DIR``, laid out like ``../shared/carddata``), its importer,
and whether it describes cards (the English list only names them). The order is the
merge order (:mod:`~wixoss_deckcheck.importers.merge`).
"""

from __future__ import annotations

from typing import NamedTuple


class SourceKind(NamedTuple):
    """One kind of card source."""

    name: str
    folder: str
    module: str
    function: str
    describes_cards: bool
    summary: str


SOURCES: tuple[SourceKind, ...] = (
    SourceKind("wixossreact", "wixossreact", "wixoss_deckcheck.importers.wixossreact", "load_wixossreact", True,
               "WixossReact CSVs: every era, the most complete list"),
    SourceKind("relax", "relax", "wixoss_deckcheck.importers.relax", "import_relax", True,
               "relax deck editor: Diva era, rarity, copy limits, the newest sets"),
    SourceKind("webxoss", "webxoss", "wixoss_deckcheck.importers.webxoss", "import_webxoss", True,
               "webxoss simulator: All-Star to WX16, English and Simplified Chinese names"),
    SourceKind("english", "english", "wixoss_deckcheck.importers.english", "import_english", False,
               "the English edition's list: English names"),
    SourceKind("official", "official-html", "wixoss_deckcheck.importers.official", "import_official", True,
               "official card-detail pages: format icons"),
)

BY_NAME = {source.name: source for source in SOURCES}
#: Parser names in merge order.
SOURCE_ORDER = tuple(source.name for source in SOURCES)


def merge_rank(name: str) -> int:
    """Where a source comes in the merge (unknown ones last)."""
    return SOURCE_ORDER.index(name) if name in SOURCE_ORDER else len(SOURCE_ORDER)

"""Importer for the English edition's card list (``english/cards_en.tsv``).

Tab-separated ``code, name, type``; codes carry the ``[EN]`` suffix
(``WXDi-D01-020[EN]``); a few type cells span two lines (``"SIGNI`` / ``CRAFT"``).
The list gives English names by card number and nothing else, so its records only
name cards that other sources describe (see :mod:`wixoss_deckcheck.importers.merge`).
English-only prints (parallel ``P``/``S``/``D`` variants, English promos) are
attached to their Japanese card when that is unambiguous.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.importers.source import ImportedSource, read_text

SOURCE_NAME = "english"
_TYPES = {
    "SIGNI": "SIGNI",
    "SPELL": "SPELL",
    "LRIG": "LRIG",
    "ASSIST LRIG": "ASSIST_LRIG",
    "ARTS": "ARTS",
    "KEY": "KEY",
    "RESONA": "RESONA",
    "PIECE": "PIECE",
    "RELAY PIECE": "RELAY_PIECE",
}


def import_english(path: str | Path) -> ImportedSource:
    """Read ``cards_en.tsv`` (or a folder holding it)."""
    target = Path(path)
    if target.is_dir():
        target = target / "cards_en.tsv"
    rows = _rows(target)
    records: list[dict] = []
    skipped: list[dict] = []
    for row in rows[1:]:
        if len(row) < 2 or not row[0].strip():
            continue
        code, name = row[0].strip(), row[1].strip()
        if not name or name in ("-",):
            skipped.append({"kind": "skipped", "source": SOURCE_NAME, "number": code, "note": "no English name"})
        else:
            records.append(_record(code, name, row[2] if len(row) > 2 else ""))
    description = {"name": SOURCE_NAME, "path": str(target), "cards": len(records)}
    return ImportedSource(SOURCE_NAME, records, description, skipped)


def _rows(target: Path) -> list[list[str]]:
    """The rows of the list, its heading row (``code<TAB>name<TAB>type``) first."""
    text = read_text(target, "English card list")
    if text.lstrip().startswith("<"):
        raise InputError(
            "English card list is HTML, not a TSV list (an error page in place of the data?)", str(target), 1
        )
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter="\t"))
    if not rows or [cell.strip().lower() for cell in rows[0][:2]] != ["code", "name"]:
        raise InputError("not the English card list: the first line must be 'code<TAB>name<TAB>type'", str(target), 1)
    return rows


def _record(code: str, name: str, type_cell: str) -> dict:
    """A names-only record; the card type (the cell's first line) when it is one we know."""
    record: dict = {"number": code, "names": {"en": name}, "_names_only": True}
    raw_type = type_cell.split("\n")[0].strip().upper()
    if raw_type in _TYPES:
        record["_type"] = _TYPES[raw_type]
    return record

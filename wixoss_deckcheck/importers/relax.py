"""Importer for the relax deck editor's Diva-era list (``relax/cards.json``).

One JSON object per printed card (reprints are separate rows): ``ID, NAME, RARE,
TYPE, CLASS, COLOR, LEVEL, COST, LIMIT, POWER, LB, TEAM, JP_TEXT, BAN`` and more.
What this list adds to the pool: rarity, the per-card copy limit (``BAN``: ``"2"``
means at most 2 copies), and the newest sets (WX26-P1) before other lists have them.
``TW_TEXT`` is Traditional Chinese card *text* only (no names), so it is not used.
``COST`` is the grow cost of an LRIG or assist LRIG and the use cost of anything else;
``LB`` is empty where the list does not say, which stays unknown.
"""

from __future__ import annotations

from pathlib import Path

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.importers.abilitycosts import add_ability_costs
from wixoss_deckcheck.importers.common import (
    JA_TYPES,
    add_construction,
    add_timing,
    empty,
    is_team_piece,
    parse_colours,
    parse_cost,
    parse_int,
    piece_condition,
    split_types,
)
from wixoss_deckcheck.importers.effects import add_effect
from wixoss_deckcheck.importers.placing import add_resona_condition, add_rise
from wixoss_deckcheck.importers.source import ImportedSource, read_json_list, set_if
from wixoss_deckcheck.pool.normalize import series_of

SOURCE_NAME = "relax"
_REQUIRED = ("ID", "NAME", "TYPE")
#: The column order of the editor's own ``card_info.js`` (rows are arrays there).
FIELDS = (
    "ID",
    "SRC",
    "NAME",
    "RARE",
    "TYPE",
    "CLASS",
    "COLOR",
    "LEVEL",
    "COST",
    "LIMIT",
    "POWER",
    "COIN",
    "TIMING",
    "LB",
    "TEAM",
    "STORY",
    "JP_TEXT",
    "TW_TEXT",
    "BAN",
)


def card_type(raw: str) -> tuple[str, bool]:
    """``シグニ レゾナ/クラフト`` → (``RESONA``, craft=True); ``ピース リレー`` → ``RELAY_PIECE``."""
    words = raw.replace("/", " ").split()
    craft = "クラフト" in words
    if "レゾナ" in words:
        return "RESONA", craft
    if words[:1] == ["ピース"] and "リレー" in words:
        return "RELAY_PIECE", craft
    for word in words:
        if word in JA_TYPES:
            return JA_TYPES[word], craft
    return "TOKEN", True


def record_from_row(row: dict) -> dict:
    """Convert one relax row into a card record (only the fields it knows)."""
    number = str(row["ID"]).strip()
    kind, craft = card_type(str(row.get("TYPE") or ""))
    text = str(row.get("JP_TEXT") or "")
    record: dict = {
        "number": number,
        "name": str(row["NAME"]).strip(),
        "type": kind,
        "series": series_of(number),
        "colors": parse_colours(row.get("COLOR")),
    }
    if craft:
        record["token"] = True
    _add_type_fields(record, row, kind)
    _add_flags(record, row, kind, text)
    add_timing(record, kind, str(row.get("TIMING") or ""))
    add_rise(record, kind, text)
    add_resona_condition(record, kind, text)
    add_ability_costs(record, text)
    add_effect(record, kind, text)
    if not empty(row.get("TEAM")):
        record["team"] = str(row["TEAM"]).strip()
    if kind in ("PIECE", "RELAY_PIECE") and is_team_piece(text):
        record["team_piece"] = True
        set_if(record, "piece_condition", piece_condition(text))
    add_construction(record, text)
    if not empty(row.get("RARE")):
        record["rarity"] = str(row["RARE"]).strip()
    set_if(record, "copy_limit", parse_int(str(row.get("BAN") or "")))
    return record


def _add_type_fields(record: dict, row: dict, kind: str) -> None:
    """Classes (LRIG types of an LRIG), the cost (grow cost of an LRIG), limit, level and
    power, where the card type has them. ``COST`` is the grow cost of an LRIG or assist LRIG."""
    classes = split_types(row.get("CLASS"))
    if kind in ("LRIG", "ASSIST_LRIG"):
        record["lrig_types"] = classes
        set_if(record, "grow_cost", parse_cost(row.get("COST")))
        set_if(record, "limit", parse_int(row.get("LIMIT")))
    else:
        if classes:
            record["classes"] = classes
        set_if(record, "cost", parse_cost(row.get("COST")))
    if kind in ("SIGNI", "LRIG", "ASSIST_LRIG", "RESONA"):
        set_if(record, "level", parse_int(row.get("LEVEL")))
    if kind in ("SIGNI", "RESONA"):
        set_if(record, "power", parse_int(row.get("POWER")))


def _add_flags(record: dict, row: dict, kind: str, text: str) -> None:
    """Life Burst (where ``LB`` says), guard and Multi Ener (from a SIGNI's text)."""
    burst = str(row.get("LB") or "").strip()
    if kind in ("SIGNI", "SPELL") and burst in ("0", "1"):
        record["life_burst"] = burst == "1"
    if kind == "SIGNI":
        record["guard"] = text.startswith("【ガード】")
        record["multi_ener"] = "【マルチエナ】" in text


def import_relax(path: str | Path) -> ImportedSource:
    """Read ``cards.json`` (or a folder holding it, or the editor's ``card_info.js``)."""
    target = Path(path)
    if target.is_dir():
        target = next(
            (target / name for name in ("cards.json", "card_info.js") if (target / name).is_file()),
            target / "cards.json",
        )
    rows = read_json_list(target, "relax card list")
    records: list[dict] = []
    skipped: list[dict] = []
    seen: set[str] = set()
    for index, item in enumerate(rows):
        row = _row(item, index, target)
        if empty(str(row.get("ID") or "")) or empty(str(row.get("NAME") or "")):
            skipped.append(_skipped(row))
            continue
        record = record_from_row(row)
        if record["number"].upper() not in seen:
            seen.add(record["number"].upper())
            records.append(record)
    description = {"name": SOURCE_NAME, "path": str(target), "cards": len(records)}
    return ImportedSource(SOURCE_NAME, records, description, skipped)


def _row(item: object, index: int, target: Path) -> dict:
    """A row as a mapping (the editor's own rows are arrays in :data:`FIELDS` order); one
    without the required fields is refused."""
    row = dict(zip(FIELDS, item, strict=False)) if isinstance(item, list) else item
    if not isinstance(row, dict) or any(key not in row for key in _REQUIRED):
        raise InputError(f"relax card list entry {index} is not a card (needs {', '.join(_REQUIRED)})", str(target))
    return row


def _skipped(row: dict) -> dict:
    return {
        "kind": "skipped",
        "source": SOURCE_NAME,
        "number": str(row.get("ID") or ""),
        "note": "row without a number or a name",
    }

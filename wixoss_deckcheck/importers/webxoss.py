"""Importer for the webxoss simulator's All-Star list (``webxoss/cards.json``).

One JSON object per printed card up to WX16: ``pid`` (this print), ``cid`` (the
print this one reprints: equal to ``pid`` for an original), ``wxid`` (card number),
``name``, ``kana``, ``cardType``, ``color`` (``red/green`` for two colours,
``colorless``), ``level``, ``limit``, ``power``, ``limiting``, ``classes``,
``cost*``, ``guardFlag``, ``multiEner``, ``lifeBurst``, ``name_en``, ``name_zh_CN``.
What it adds to the pool: English and Simplified Chinese names, the kana reading,
and reprint links (a print linked to a card of another Japanese name keeps that card's
foreign names apart, as ``inherited_names``: they are not the print's own); the pool
keeps each print's pid (``webxoss_pids``: pid → card number)
to read the simulator's deck exports. Zeros that mean "not applicable" (an ARTS's level, a SIGNI's
limit) are dropped, never taken as values.
"""

from __future__ import annotations

import re
from pathlib import Path

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.importers.corrections import corrected_numbers
from wixoss_deckcheck.importers.precedence import exact_name_key
from wixoss_deckcheck.importers.source import ImportedSource, read_json_list, set_if
from wixoss_deckcheck.pool.normalize import number_key, series_of, strip_promo_note

SOURCE_NAME = "webxoss"
_TYPES = {
    "SIGNI": "SIGNI",
    "LRIG": "LRIG",
    "ARTS": "ARTS",
    "SPELL": "SPELL",
    "RESONA": "RESONA",
    "KEY": "KEY",
    "PIECE": "PIECE",
}
_COLOURS = ("white", "red", "blue", "green", "black")
_COSTS = (
    ("costWhite", "white"),
    ("costRed", "red"),
    ("costBlue", "blue"),
    ("costGreen", "green"),
    ("costBlack", "black"),
    ("costColorless", "colorless"),
)


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _colours(value: object) -> list[str]:
    return [part for part in _text(value).split("/") if part in _COLOURS]


def _cost(row: dict) -> dict[str, int]:
    cost = {}
    for field, colour in _COSTS:
        amount = row.get(field)
        if isinstance(amount, int) and amount > 0:
            cost[colour] = amount
    return cost


_JAPANESE_PREFIX = re.compile(r"^[^\x00-\x7f]+[\s\u3000]+(?=[A-Za-z])")


def _english(name: str) -> str:
    """An English name without the Japanese words some entries begin with
    (``星占の巫女　Remember Night, Star-Reading Miko`` → ``Remember Night, Star-Reading Miko``)."""
    return _JAPANESE_PREFIX.sub("", name)


def record_from_row(row: dict) -> dict:
    number = _text(row["wxid"])
    kind = _TYPES.get(_text(row.get("cardType")), "TOKEN")
    record: dict = {
        "number": number,
        "name": _text(row["name"]),
        "type": kind,
        "series": series_of(number),
        "colors": _colours(row.get("color")),
    }
    _add_type_fields(record, row, kind)
    limiting = row.get("limiting")
    if isinstance(limiting, str):
        record["limiting"] = [part for part in limiting.replace("／", "/").split("/") if part.strip()]
    _add_flags(record, row, kind)
    set_if(record, "names", _names(row) or None)
    if _text(row.get("rarity")):
        record["rarity"] = _text(row["rarity"])
    return record


def _add_type_fields(record: dict, row: dict, kind: str) -> None:
    """Classes (LRIG types of an LRIG), costs, limit, level and power, where the card type has them."""
    classes = _classes(row.get("classes"))
    if kind == "LRIG":
        _add_lrig_fields(record, row, classes)
    elif classes:
        record["classes"] = ["：".join(classes)] if kind in ("SIGNI", "RESONA") else classes
    if kind in ("ARTS", "SPELL"):
        record["cost"] = _cost(row)
    for key, kinds in _NUMBERS:
        if kind in kinds and isinstance(row.get(key), int):
            record[key] = row[key]


def _classes(value: list[object] | None) -> list[str]:
    return [c.strip() for c in value or [] if isinstance(c, str) and c.strip()]


def _add_lrig_fields(record: dict, row: dict, classes: list[str]) -> None:
    record["lrig_types"] = classes
    record["grow_cost"] = _cost(row)
    if isinstance(row.get("limit"), int):
        record["limit"] = row["limit"]


#: The numbers a card type has: a level (SIGNI, LRIG, RESONA) and power (SIGNI, RESONA).
_NUMBERS = (("level", ("SIGNI", "LRIG", "RESONA")), ("power", ("SIGNI", "RESONA")))


def _add_flags(record: dict, row: dict, kind: str) -> None:
    """Life Burst (of a SIGNI or SPELL), guard and Multi Ener (of a SIGNI), where the list says."""
    flags = [("life_burst", "lifeBurst")] if kind in ("SIGNI", "SPELL") else []
    if kind == "SIGNI":
        flags += [("guard", "guardFlag"), ("multi_ener", "multiEner")]
    for key, field in flags:
        if isinstance(row.get(field), bool):
            record[key] = row[field]


def _names(row: dict) -> dict[str, str]:
    """The English and Simplified Chinese names and the kana reading the row gives."""
    names = {}
    for key, field in (("en", "name_en"), ("zh_hans", "name_zh_CN"), ("kana", "kana")):
        if _text(row.get(field)):
            names[key] = strip_promo_note(_text(row[field])).strip()  # "Spirit Salvage (… 初回限定特典)"
    if "en" in names:
        names["en"] = _english(names["en"])
    return names


def _renumbered(record: dict, row: dict, by_pid: dict, renumber: dict[str, str]) -> dict:
    """The record with the corrected number, and the number of the print it reprints (``cid``)."""
    record["number"] = renumber.get(number_key(record["number"]), record["number"])
    canonical = by_pid.get(row.get("cid"))
    if canonical is not None and canonical is not row:
        reprint_of = _text(canonical["wxid"])
        record["_reprint_of"] = renumber.get(number_key(reprint_of), reprint_of)
        _mark_inherited(record, row, canonical)
    return record


def _mark_inherited(record: dict, row: dict, canonical: dict) -> None:
    """Move to ``inherited_names`` the foreign names a print has only through its ``cid`` link.

    webxoss links a print to the card it plays as; a print of another Japanese name
    (満月の巫女　タマ, SP01-001, linked to 満月の巫女　タマヨリヒメ, WD01-001) shows that card's
    English and Chinese names, word for word: they name the linked card, not this print,
    so they must not make it a second card of those names. A name of its own (PR-005 タマ:
    "Tama", not "Tamayorihime, New Moon Miko") stays its name. The kana reading is always
    the print's own.
    """
    if exact_name_key(_text(row["name"])) == exact_name_key(_text(canonical["name"])):
        return  # a reprint under the same name: its names are its own
    names, theirs = record.get("names") or {}, _names(canonical)
    inherited = {lang: text for lang, text in names.items() if lang != "kana" and theirs.get(lang) == text}
    if inherited:
        record["inherited_names"] = inherited
        record["names"] = {lang: text for lang, text in names.items() if lang not in inherited}
        if not record["names"]:
            del record["names"]


def import_webxoss(path: str | Path) -> ImportedSource:
    """Read ``cards.json`` (or a folder holding it)."""
    target = Path(path)
    if target.is_dir():
        target = target / "cards.json"
    rows = read_json_list(target, "webxoss card list")
    by_pid: dict = {}
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or not _text(row.get("wxid")) or not _text(row.get("name")):
            raise InputError(f"webxoss card list entry {index} is not a card (needs wxid and name)", str(target))
        by_pid[row.get("pid")] = row
    renumber = corrected_numbers(SOURCE_NAME)  # cardpool/corrections.yaml
    records = [_renumbered(record_from_row(row), row, by_pid, renumber) for row in rows]
    description = {"name": SOURCE_NAME, "path": str(target), "cards": len(records)}
    # The pid of each print, kept in the pool so webxoss deck exports (lists of pids) can be read.
    pids = {
        str(row["pid"]): _text(row["wxid"])
        for row in rows
        if isinstance(row.get("pid"), int) and not isinstance(row.get("pid"), bool)
    }
    return ImportedSource(SOURCE_NAME, records, description, links={"webxoss_pids": pids})

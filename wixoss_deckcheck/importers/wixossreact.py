"""Importer for the WixossReact CSV card lists (all eras).

Files: ``CardData_Sheet*.csv`` (the cards), ``CardData_Variants.csv`` (reprint
numbers, linked to their card by name), ``CardData_TK.csv`` (tokens and crafts,
which are imported marked ``token`` so a deck holding one gets a clear violation).
Some sheets start with a byte-order mark; ``-`` means empty; guard is derived from
the card text because the ``Guard`` column is incomplete.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.importers.common import (
    JA_TYPES,
    construction_texts,
    deck_limits,
    empty,
    is_team_piece,
    is_token_number,
    parse_colours,
    parse_cost,
    parse_int,
    parse_limiting,
    piece_condition,
    piece_team,
    split_types,
)
from wixoss_deckcheck.pool.normalize import name_key, series_of

SOURCE_NAME = "wixossreact"
REQUIRED_COLUMNS = ("CardNum", "CardName", "Type", "CardClass", "Color", "Level", "Limit", "Restriction", "LifeBurst")


def _read_csv(path: Path) -> list[dict[str, str]]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", str(path)) from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    return list(reader)


def _check_columns(path: Path, rows: list[dict[str, str]], columns: tuple[str, ...]) -> None:
    if not rows:
        return
    missing = [column for column in columns if column not in rows[0]]
    if missing:
        raise InputError(f"not a WixossReact card sheet: missing column(s) {', '.join(missing)}", str(path), 1)


def card_from_row(row: dict[str, str], token: bool = False) -> dict:
    """Convert one CSV row into a card-pool dictionary."""
    number = row["CardNum"].strip()
    raw_types = split_types(row.get("Type"))
    card_type = next((JA_TYPES[t] for t in raw_types if t in JA_TYPES), "TOKEN")
    token = token or is_token_number(number) or "クラフト" in raw_types
    text = row.get("EffectText") or ""
    card: dict = {
        "number": number,
        "name": row["CardName"].strip(),
        "type": card_type,
        "colors": parse_colours(row.get("Color")),
        "level": parse_int(row.get("Level")),
        "limit": parse_int(row.get("Limit")),
        "series": series_of(number),
        "life_burst": (row.get("LifeBurst") or "0").strip() == "1",
        "guard": card_type == "SIGNI" and text.lstrip().startswith("【ガード】"),  # the Guard column is wrong on 2
        "multi_ener": "【マルチエナ】" in text,
    }
    classes = split_types(row.get("CardClass"))
    if card_type in ("LRIG", "ASSIST_LRIG"):
        card["lrig_types"] = classes
    elif classes:
        card["classes"] = classes
    limiting = parse_limiting(row.get("Restriction"))
    if limiting:
        card["limiting"] = limiting
    if not empty(row.get("Team")):
        card["team"] = row["Team"].strip()
    if card_type in ("PIECE", "RELAY_PIECE") and is_team_piece(text):
        card["team_piece"] = True
        team = piece_team(text)
        if team and "team" not in card:
            card["team"] = team
        condition = piece_condition(text)
        if condition is not None:
            card["piece_condition"] = condition
    limits = deck_limits(text)
    if limits:
        card["deck_limits"] = limits
    sentences = construction_texts(text)
    if sentences:
        card["_construction"] = sentences
    grow = parse_cost(row.get("GrowCost"))
    if grow is not None:
        card["grow_cost"] = grow
    cost = parse_cost(row.get("Cost"))
    if cost is not None:
        card["cost"] = cost
    power = parse_int(row.get("Power"))
    if power is not None:
        card["power"] = power
    if token:
        card["token"] = True
    card["reprints"] = []
    card["sources"] = [SOURCE_NAME]
    return card


def import_wixossreact(directory: str | Path) -> tuple[list[dict], dict]:
    """Read a WixossReact CSV folder; return (cards, source description)."""
    folder = Path(directory)
    if not folder.is_dir():
        raise InputError("not a directory of WixossReact CSV files", str(folder))
    sheets = sorted(folder.glob("CardData_Sheet*.csv"), key=lambda p: (len(p.name), p.name))
    if not sheets:
        raise InputError("no CardData_Sheet*.csv files found", str(folder))
    cards: list[dict] = []
    by_number: dict[str, dict] = {}
    by_name: dict[str, dict] = {}

    def add(card: dict) -> None:
        if card["number"].upper() in by_number:
            return
        cards.append(card)
        by_number[card["number"].upper()] = card
        by_name.setdefault(name_key(card["name"]), card)

    for sheet in sheets:
        rows = _read_csv(sheet)
        _check_columns(sheet, rows, REQUIRED_COLUMNS)
        for row in rows:
            if not empty(row.get("CardNum")):
                add(card_from_row(row))
    token_file = folder / "CardData_TK.csv"
    token_rows = _read_csv(token_file) if token_file.is_file() else []
    _check_columns(token_file, token_rows, REQUIRED_COLUMNS)
    for row in token_rows:
        if not empty(row.get("CardNum")):
            add(card_from_row(row, token=True))

    variants_file = folder / "CardData_Variants.csv"
    variant_rows = _read_csv(variants_file) if variants_file.is_file() else []
    _check_columns(variants_file, variant_rows, ("CardNum", "CardName"))
    reprint_count = 0
    for row in variant_rows:
        number = (row.get("CardNum") or "").strip()
        if not number or number.upper() in by_number:
            continue
        base = by_name.get(name_key(row.get("CardName") or ""))
        if base is not None:
            base["reprints"].append(number)
            by_number[number.upper()] = base
            reprint_count += 1
        else:
            # A reprint whose name matches no card: in these files, markers and
            # token prints (【リミットアッパー】 and the like). Kept, marked as tokens.
            add(
                {
                    "number": number,
                    "name": row["CardName"].strip(),
                    "type": "TOKEN",
                    "colors": [],
                    "level": None,
                    "limit": None,
                    "series": series_of(number),
                    "life_burst": False,
                    "guard": False,
                    "multi_ener": False,
                    "token": True,
                    "reprints": [],
                    "sources": [SOURCE_NAME],
                }
            )
    source = {
        "name": SOURCE_NAME,
        "path": str(folder),
        "cards": len(cards),
        "reprints": reprint_count,
    }
    return cards, source


def load_wixossreact(directory: str | Path):
    """:func:`import_wixossreact` as an :class:`~wixoss_deckcheck.importers.source.ImportedSource`."""
    from wixoss_deckcheck.importers.source import ImportedSource

    cards, description = import_wixossreact(directory)
    return ImportedSource(SOURCE_NAME, cards, description)

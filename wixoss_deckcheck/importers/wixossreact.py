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
from wixoss_deckcheck.importers.abilitycosts import add_ability_costs
from wixoss_deckcheck.importers.common import (
    JA_TYPES,
    add_construction,
    add_timing,
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
from wixoss_deckcheck.importers.effects import add_effect
from wixoss_deckcheck.importers.placing import add_resona_condition, add_rise
from wixoss_deckcheck.importers.source import ImportedSource, set_if
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
    text = row.get("EffectText") or ""
    card = _described(row, number, card_type, text)
    _add_classes(card, card_type, split_types(row.get("CardClass")))
    set_if(card, "limiting", parse_limiting(row.get("Restriction")) or None)
    _add_team(card, row, card_type, text)
    add_construction(card, text)
    set_if(card, "grow_cost", parse_cost(row.get("GrowCost")))
    set_if(card, "cost", parse_cost(row.get("Cost")))
    set_if(card, "power", parse_int(row.get("Power")))
    add_timing(card, card_type, row.get("Timing"))
    add_rise(card, card_type, text)
    add_resona_condition(card, card_type, text)
    add_ability_costs(card, text)
    add_effect(card, card_type, text)
    if token or is_token_number(number) or "クラフト" in raw_types:
        card["token"] = True
    card["reprints"] = []
    card["sources"] = [SOURCE_NAME]
    return card


def _described(row: dict[str, str], number: str, card_type: str, text: str) -> dict:
    """The fields every card has: number, name, type, colours, level, limit, series, Life
    Burst, guard (from the text: the Guard column is wrong on 2) and Multi Ener."""
    return {
        "number": number,
        "name": row["CardName"].strip(),
        "type": card_type,
        "colors": parse_colours(row.get("Color")),
        "level": parse_int(row.get("Level")),
        "limit": parse_int(row.get("Limit")),
        "series": series_of(number),
        "life_burst": (row.get("LifeBurst") or "0").strip() == "1",
        "guard": card_type == "SIGNI" and text.lstrip().startswith("【ガード】"),
        "multi_ener": "【マルチエナ】" in text,
    }


def _add_classes(card: dict, card_type: str, classes: list[str]) -> None:
    """An LRIG's LRIG types (none is a value too), or the classes of any other card."""
    if card_type in ("LRIG", "ASSIST_LRIG"):
        card["lrig_types"] = classes
    elif classes:
        card["classes"] = classes


def _add_team(card: dict, row: dict[str, str], card_type: str, text: str) -> None:
    """The team of the Team column; a team PIECE's team (when the column gives none) and use
    condition, from its text."""
    if not empty(row.get("Team")):
        card["team"] = row["Team"].strip()
    if card_type not in ("PIECE", "RELAY_PIECE") or not is_team_piece(text):
        return
    card["team_piece"] = True
    team = piece_team(text)
    if team and "team" not in card:
        card["team"] = team
    set_if(card, "piece_condition", piece_condition(text))


def import_wixossreact(directory: str | Path) -> tuple[list[dict], dict]:
    """Read a WixossReact CSV folder; return (cards, source description)."""
    folder = Path(directory)
    if not folder.is_dir():
        raise InputError("not a directory of WixossReact CSV files", str(folder))
    sheets = sorted(folder.glob("CardData_Sheet*.csv"), key=lambda p: (len(p.name), p.name))
    if not sheets:
        raise InputError("no CardData_Sheet*.csv files found", str(folder))
    cards = _Cards()
    for sheet in sheets:
        for row in _card_rows(_read_csv(sheet), sheet, REQUIRED_COLUMNS):
            cards.add(card_from_row(row))
    token_file = folder / "CardData_TK.csv"
    for row in _card_rows(_read_optional(token_file), token_file, REQUIRED_COLUMNS):
        cards.add(card_from_row(row, token=True))
    variants_file = folder / "CardData_Variants.csv"
    variant_rows = _read_optional(variants_file)
    _check_columns(variants_file, variant_rows, ("CardNum", "CardName"))
    reprint_count = sum(cards.add_variant(row) for row in variant_rows)
    source = {
        "name": SOURCE_NAME,
        "path": str(folder),
        "cards": len(cards.cards),
        "reprints": reprint_count,
    }
    return cards.cards, source


def _read_optional(path: Path) -> list[dict[str, str]]:
    return _read_csv(path) if path.is_file() else []


def _card_rows(rows: list[dict[str, str]], path: Path, columns: tuple[str, ...]) -> list[dict[str, str]]:
    """The rows of a sheet (which must have ``columns``) that hold a card number."""
    _check_columns(path, rows, columns)
    return [row for row in rows if not empty(row.get("CardNum"))]


class _Cards:
    """The cards read so far, by number (reprints too) and by name."""

    def __init__(self) -> None:
        self.cards: list[dict] = []
        self.by_number: dict[str, dict] = {}
        self.by_name: dict[str, dict] = {}

    def add(self, card: dict) -> None:
        """Keep ``card`` unless its number is known already (the first sheet wins)."""
        if card["number"].upper() in self.by_number:
            return
        self.cards.append(card)
        self.by_number[card["number"].upper()] = card
        self.by_name.setdefault(name_key(card["name"]), card)

    def add_variant(self, row: dict[str, str]) -> int:
        """The reprint number of a row of the variants sheet, joined to the card of its name;
        1 when it joined one, else 0.

        A reprint whose name matches no card is, in these files, a marker or a token print
        (【リミットアッパー】 and the like): it is kept, marked as a token."""
        number = (row.get("CardNum") or "").strip()
        if not number or number.upper() in self.by_number:
            return 0
        base = self.by_name.get(name_key(row.get("CardName") or ""))
        if base is None:
            self.add(_marker(number, row["CardName"].strip()))
            return 0
        base["reprints"].append(number)
        self.by_number[number.upper()] = base
        return 1


def _marker(number: str, name: str) -> dict:
    return {
        "number": number,
        "name": name,
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


def load_wixossreact(directory: str | Path) -> ImportedSource:
    """:func:`import_wixossreact` as an :class:`~wixoss_deckcheck.importers.source.ImportedSource`."""
    cards, description = import_wixossreact(directory)
    return ImportedSource(SOURCE_NAME, cards, description)

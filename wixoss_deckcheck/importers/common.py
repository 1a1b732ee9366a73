"""Shared pieces of the importers: Japanese field values, costs, and writing the pool."""

from __future__ import annotations

import datetime as _dt
import json
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from wixoss_deckcheck import __version__
from wixoss_deckcheck.files.resources import cardpool_dir
from wixoss_deckcheck.files.text import replace_atomically
from wixoss_deckcheck.pool.cardpool import POOL_SCHEMA_ID

JA_TYPES = {
    "シグニ": "SIGNI",
    "スペル": "SPELL",
    "ルリグ": "LRIG",
    "アシストルリグ": "ASSIST_LRIG",
    "アーツ": "ARTS",
    "キー": "KEY",
    "レゾナ": "RESONA",
    "ピース": "PIECE",
    "リレーピース": "RELAY_PIECE",
}
JA_COLOURS = {"白": "white", "赤": "red", "青": "blue", "緑": "green", "黒": "black"}
COST_NAMES = dict(JA_COLOURS, 無="colorless", コイン="coin")
_COST_PART = re.compile(r"《([^》]+)》(?:×\s*([0-9０-９]+))?")


def empty(value: str | None) -> bool:
    return value is None or value.strip() in ("", "-", "－")


def parse_colours(value: str | None) -> list[str]:
    """``白黒`` → ``["white", "black"]``; ``無`` (colourless) → ``[]``."""
    if value is None or empty(value):
        return []
    colours = []
    for char in value.strip():
        colour = JA_COLOURS.get(char)
        if colour and colour not in colours:
            colours.append(colour)
    return colours


def parse_int(value: str | None) -> int | None:
    if value is None or empty(value):
        return None
    text = value.strip().translate(str.maketrans("０１２３４５６７８９", "0123456789"))
    if text == "∞":
        return 99
    try:
        return int(text)
    except ValueError:
        return None


def parse_cost(value: str | None) -> dict[str, int] | None:
    """``《白》×２《無》×１`` → ``{"white": 2, "colorless": 1}``; ``-`` → ``None``."""
    if value is None or empty(value):
        return None
    cost: dict[str, int] = {}
    for name, count in _COST_PART.findall(value):
        key = COST_NAMES.get(name.strip())
        if key is None:
            continue
        amount = parse_int(count) if count else 1
        cost[key] = cost.get(key, 0) + (amount or 0)
    return {key: amount for key, amount in cost.items() if amount}


def parse_limiting(value: str | None) -> list[str]:
    """``タマ限定`` → ``["タマ"]``; ``タマ/イオナ限定`` → ``["タマ", "イオナ"]``."""
    if value is None or empty(value):
        return []
    text = value.strip()
    if text.endswith("限定"):
        text = text[: -len("限定")]
    return [part.strip() for part in re.split(r"[/／・]", text) if part.strip()]


def split_types(value: str | None) -> list[str]:
    if value is None or empty(value):
        return []
    return [part.strip() for part in re.split(r"[/／]", value) if part.strip()]


def piece_team(text: str | None) -> str | None:
    """The team a PIECE's use condition names: 【使用条件】【チーム】＜NAME＞ → NAME.

    Team names are written as on the LRIGs' Team field: width-folded, without spaces
    (``＜アンシエント･サプライズ＞`` → ``アンシエント・サプライズ``).
    """
    if not text:
        return None
    match = re.search(r"【使用条件】\s*【チーム】\s*[＜<]([^＞>]+)[＞>]", text)
    if not match:
        return None
    name = unicodedata.normalize("NFKC", match.group(1)).replace("･", "・")
    return re.sub(r"\s+", "", name)


def is_team_piece(text: str | None) -> bool:
    """A PIECE whose use condition (【使用条件】) names a team or dream team."""
    return text is not None and bool(re.search(r"【使用条件】\s*【(?:ドリーム)?チーム】", text))


def is_token_number(number: str) -> bool:
    return "-TK" in number.upper()


def build_pool_document(cards: list[dict], sources: Iterable[dict]) -> dict:
    """Wrap card dictionaries into a pool document (sorted by number)."""
    return {
        "schema": POOL_SCHEMA_ID,
        "generator": f"wixoss-deckcheck {__version__}",
        "created": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(),
        "sources": list(sources),
        "cards": sorted(cards, key=lambda card: card["number"]),
    }


def validate_pool_document(document: dict) -> None:
    """Validate a pool document against ``cardpool/schema.json`` (raises InputError).

    The schema is first checked by the compiled validator of
    :mod:`wixoss_deckcheck.files.fastschema` (fast, same verdict); ``jsonschema`` runs only
    to word the error of an invalid document, or when the schema uses a keyword the
    compiled validator does not know.
    """
    from wixoss_deckcheck.files.schema import load_schema, validate

    validate(
        document,
        load_schema(cardpool_dir() / "schema.json"),
        "",
        template="built pool does not match the card pool schema at {pointer}: {message}",
    )


def write_pool(document: dict, target: Path) -> None:
    """Validate and write the pool atomically: a failure leaves an old file intact."""
    validate_pool_document(document)
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"
    replace_atomically(target, text.encode("utf-8"))

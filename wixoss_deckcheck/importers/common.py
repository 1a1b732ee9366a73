"""Shared pieces of the importers: Japanese field values, costs, and writing the pool."""

from __future__ import annotations

import datetime as _dt
import json
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from wixoss_deckcheck import __version__
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.resources import cardpool_dir
from wixoss_deckcheck.files.schema import load_schema, validate
from wixoss_deckcheck.files.text import replace_atomically
from wixoss_deckcheck.importers.corrections import apply_missing_reprints, apply_plays_as
from wixoss_deckcheck.pool.cardpool import POOL_SCHEMA_ID
from wixoss_deckcheck.pool.normalize import number_key

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


def parse_cost(value: str | None) -> dict | None:
    """``《白》×２《無》×１`` → ``{"white": 2, "colorless": 1}``; ``-`` → ``None``.

    An either/or symbol is a choice: ``《青/黒》×１`` → ``{"choice": [{"colours": ["blue",
    "black"], "amount": 1}]}`` (paid with cards of any one of those colours, each symbol
    alone); coins are ``coin``.
    """
    if value is None or empty(value):
        return None
    cost: dict = {}
    choices: list[dict] = []
    for name, count in _COST_PART.findall(value):
        _add_symbol(cost, choices, name, parse_int(count) if count else 1)
    result: dict = {key: amount for key, amount in cost.items() if amount}
    if choices:
        result["choice"] = choices
    return result


def _add_symbol(cost: dict, choices: list[dict], name: str, amount: int | None) -> None:
    """One cost symbol (``《白》×２``) added to ``cost``; an either/or one (``《青/黒》``) as a
    choice of colours (none when it names no colour)."""
    parts = [part.strip() for part in re.split(r"[/／]", name)]
    if len(parts) > 1:
        colours = [COST_NAMES[part] for part in parts if part in JA_COLOURS]
        if colours and amount:
            choices.append({"colours": colours, "amount": amount})
    elif parts[0] in COST_NAMES:
        key = COST_NAMES[parts[0]]
        cost[key] = cost.get(key, 0) + (amount or 0)


#: Card text that limits what the deck may hold when the card is in it, e.g. 夢限 -Ｐ-
#: (WXK03-003A): 「このカードをルリグデッキに入れる場合、あなたのルリグデッキにはアーツを３枚までしか入れられない」.
_DECK_LIMIT = re.compile(
    r"このカードを(?P<where>ルリグデッキ|メインデッキ|デッキ)に入れる場合、あなたの(?P<deck>ルリグデッキ|メインデッキ|デッキ)には"
    r"(?P<what>[^を]+?)を(?P<max>[0-9０-９]+)枚までしか入れられない"
)
#: Any sentence about what a deck may hold (listed for review by ``cardpool build``).
CONSTRUCTION_TEXT = re.compile(
    r"[^。]*(?:デッキに入れる場合|しか入れられない|デッキに入れられない|デッキに入れることができない)[^。]*"
)
_DECKS = {"ルリグデッキ": "lrig", "メインデッキ": "main", "デッキ": "main"}


def deck_limits(text: str | None) -> list[dict]:
    """The deck-construction limits a card's text sets: ``[{"deck": "lrig", "type": "ARTS",
    "max": 3}]`` for 「…ルリグデッキにはアーツを３枚までしか入れられない」."""
    if not text:
        return []
    found = []
    for match in _DECK_LIMIT.finditer(unicodedata.normalize("NFKC", text).replace(" ", "")):
        what = match.group("what")
        kind = JA_TYPES.get(what)
        if kind is None:
            continue  # e.g. team PIECEs in total: the format's team-piece-limit rule
        found.append({"deck": _DECKS[match.group("deck")], "type": kind, "max": int(match.group("max"))})
    return found


def construction_texts(text: str | None) -> list[str]:
    """Every sentence of a card's text about what a deck may hold."""
    if not text:
        return []
    return [match.group(0).strip() for match in CONSTRUCTION_TEXT.finditer(text)]


def add_construction(record: dict, text: str) -> None:
    """Give a card record what its text says about building a deck: the limits it sets
    (``deck_limits``) and each such sentence (``_construction``, for the merge report)."""
    limits = deck_limits(text)
    if limits:
        record["deck_limits"] = limits
    sentences = construction_texts(text)
    if sentences:
        record["_construction"] = sentences


#: The use timings a card prints (【メインフェイズ】【アタックフェイズ】【スペルカットイン】), as the pool writes them.
TIMINGS = {"メインフェイズ": "main", "アタックフェイズ": "attack", "スペルカットイン": "spell_cut_in"}
#: The card types whose timing is printed: ARTS, PIECE and the grow timing of an ASSIST LRIG.
TIMED_TYPES = ("ARTS", "PIECE", "RELAY_PIECE", "ASSIST_LRIG")


def parse_timing(value: str | None) -> list[str]:
    """``メインフェイズアタックフェイズ`` or ``メインフェイズ,アタックフェイズ`` → ``["main", "attack"]``
    (in the printed order of the icons; ``[]`` when none is named)."""
    text = value or ""
    return [key for word, key in TIMINGS.items() if word in text]


def add_timing(record: dict, kind: str, value: str | None) -> None:
    """The card's printed use timing (its grow timing for an ASSIST LRIG), where the source names one."""
    timing = parse_timing(value) if kind in TIMED_TYPES else []
    if timing:
        record["timing"] = timing


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


# On the NFKC-folded text (＜＞＆１ fold to <>&1).
_TEAM_CONDITION = re.compile(r"【使用条件】\s*【チーム】\s*(?:<([^>]+)>|(いずれかのチーム))(&全員レベル([0-9]+)以上)?")
_DREAM_TEAM_CONDITION = re.compile(
    r"【使用条件】\s*【ドリームチーム】\s*(?:合計([0-9]+)種類以上の色を持つ|(.+?)のルリグを1体以上含む)"
)


def piece_condition(text: str | None) -> dict | None:
    """The team or dream-team use condition of a PIECE, structured:
    ``{"kind": "team", "team": "アンシエント・サプライズ", "min_level": 1}`` (``"team": null``:
    any team), ``{"kind": "dream-team", "colours_total": 3}`` (three or more colours among
    the three LRIGs) or ``{"kind": "dream-team", "includes": ["white", "black"]}`` (at least
    one LRIG of one of those colours)."""
    if not text:
        return None
    folded = unicodedata.normalize("NFKC", text)
    match = _TEAM_CONDITION.search(folded)
    if match:
        team = re.sub(r"\s+", "", match.group(1).replace("･", "・")) if match.group(1) else None
        condition: dict = {"kind": "team", "team": team}
        if match.group(4):
            condition["min_level"] = int(match.group(4))
        return condition
    match = _DREAM_TEAM_CONDITION.search(folded)
    if match:
        if match.group(1):
            return {"kind": "dream-team", "colours_total": int(match.group(1))}
        colours = [JA_COLOURS[c] for c in re.findall(r"[白赤青緑黒]", match.group(2))]
        return {"kind": "dream-team", "includes": colours}
    return None


def is_team_piece(text: str | None) -> bool:
    """A PIECE whose use condition (【使用条件】) names a team or dream team."""
    return text is not None and bool(re.search(r"【使用条件】\s*【(?:ドリーム)?チーム】", text))


def is_token_number(number: str) -> bool:
    return "-TK" in number.upper()


def pool_counts(document: dict) -> dict[str, int]:
    """What a pool document holds, counted as ``check -v`` and ``cardpool info`` count the pool
    read from it: its cards, and its distinct card numbers (every print: reprints included)."""
    return {"cards": len(document["cards"]), "numbers": len(pool_numbers(document))}


def pool_numbers(document: dict) -> set[str]:
    """The card numbers of a pool document (every print: reprints included), as compared."""
    return {number_key(n) for card in document.get("cards", []) for n in (card["number"], *card.get("reprints", []))}


def build_pool_document(cards: list[dict], sources: Iterable[dict]) -> dict:
    """Wrap card dictionaries into a pool document (sorted by number), with the
    corrections of ``cardpool/corrections.yaml`` that name cards applied."""
    cards = list(cards)
    apply_plays_as(cards)
    apply_missing_reprints(cards)
    return {
        "schema": POOL_SCHEMA_ID,
        "generator": f"wixoss-deckcheck {__version__}",
        "created": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(),
        "sources": list(sources),
        "cards": sorted(
            ({key: value for key, value in card.items() if not key.startswith("_")} for card in cards),
            key=lambda card: card["number"],
        ),
    }


def validate_pool_document(document: dict) -> None:
    """Validate a pool document against ``cardpool/schema.json`` (raises InputError).

    The schema is first checked by the compiled validator of
    :mod:`wixoss_deckcheck.files.fastschema` (fast, same verdict); ``jsonschema`` runs only
    to word the error of an invalid document, or when the schema uses a keyword the
    compiled validator does not know.
    """
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
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        replace_atomically(target, text.encode("utf-8"))
    except OSError as exc:  # a directory in the way, a read-only or full disk
        raise InputError(f"cannot write the card pool: {exc.strerror or exc}", str(target)) from None

"""Headings and headers as players write them, on a line's NFKC form.

Headings, with any decoration: ``【メインデッキ】（40枚）``, ``◆ルリグデッキ``,
``メインデッキ:LB有``, ``Main Deck: 40``, ``LRIG Deck (10)``, ``## Main Deck``,
``分身卡组：10张``, and headings that name a card type (``SIGNI (32)``, ``Spells (8)``,
``ARTS (5)``) or a Life Burst block (``ライフバースト有``): a heading is never a card.
Headers without ``#``: ``format: …``, ``フォーマット：…``, ``date: …``, ``日付：…``; their
values as people write them: ``Diva Selection``, ``ディーヴァ``, ``All Star``, ``key
selection`` name a built-in format (the ways of writing each are its table's: id, names,
``aliases``); ``2024/05/01``, ``2024年5月1日``, ``2024.5.1`` are dates.

Imported with the quick text reader (:mod:`.text`); its patterns are compiled on first
use, so a deck that needs none of them pays nothing. The card lines of the general
reader are in :mod:`.lines`, imported only when a line needs them.
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from functools import lru_cache
from types import SimpleNamespace

from wixoss_deckcheck.errors import InputError, quoted
from wixoss_deckcheck.pool.normalize import looks_like_number
from wixoss_deckcheck.tables.loading import builtin_format_id

# Heading words, compared without case, spaces and decoration.
_MAIN_WORDS = frozenset(
    (
        "main", "maindeck", "メイン", "メインデッキ", "主デッキ", "deck", "デッキ", "主卡组", "主卡組", "主牌组",
        "主牌組", "主卡", "主牌", "主要卡组", "主要牌組",
    )
)
_LRIG_WORDS = frozenset(
    (
        "lrig", "lrigdeck", "lrigs", "ルリグ", "ルリグデッキ", "ルリグ/アーツ", "side", "sidedeck", "whitedeck",
        "lrigarts", "lrigandarts", "分身卡组", "分身卡組", "分身牌组", "分身牌組", "分身", "分身组", "分身組",
        "分身卡",
    )
)
#: Headings that name a card type: the deck that type belongs to.
_TYPE_WORDS = {
    **dict.fromkeys(
        (
            "signi", "signis", "シグニ", "精灵", "精靈", "spell", "spells", "スペル", "魔法", "魔法卡",
        ),
        "main",
    ),
    **dict.fromkeys(
        (
            "arts", "アーツ", "技艺", "技藝", "piece", "pieces", "ピース", "key", "keys", "キー", "resona", "resonas",
            "レゾナ", "共鸣", "共鳴", "assistlrig", "assistlrigs", "アシストルリグ", "アシスト", "辅助分身",
            "輔助分身",
        ),
        "lrig",
    ),
}
_HEADER_KEYS = {
    **dict.fromkeys(("format", "フォーマット", "レギュレーション", "regulation", "赛制", "賽制", "格式"), "format"),
    **dict.fromkeys(("date", "日付", "日時", "大会日", "大会日時", "開催日", "日期", "比赛日期"), "date"),
    **dict.fromkeys(("name", "deck name", "デッキ名", "卡组名", "卡組名", "牌组名"), "name"),
}


@lru_cache(maxsize=1)
def _patterns() -> SimpleNamespace:
    """Every pattern of this module, compiled the first time one is needed."""
    return SimpleNamespace(
        burst=re.compile(  # Life Burst blocks of the main deck (LB有, ライフバースト無, Non-LB, ...)
            "ライフバースト(?:有り|有|あり|無し|無|なし)?|(?:with(?:out)?|no|non)?(?:lifeburst|lb)s?"
            "(?:有り|有|あり|無し|無|なし)?|(?:有|无|無)(?:lb|生命爆发|生命爆發)|生命爆发|生命爆發|bursts?"
        ),
        decoration=re.compile(r"[◆◇■□●○★☆▼▽▲△▶▷►◀◁・•※【】〔〕\[\]()「」『』<>《》〈〉=~\-—–:;|*_#/&+,.!?]+"),
        count=re.compile(r"(?:合計|計|total|最大)?\s*(?:[x×]\s*)?\d+\s*(?:枚まで|枚|张|張|cards?)?", re.IGNORECASE),
        markdown=re.compile(r"^(?:#{1,6}\s*|\*\*|__)"),
        header=re.compile(r"^#*\s*([^\W\d][\w ]{0,11}?)\s*[:=]\s*(.*?)\s*$"),
        iso=re.compile(r"\d{4}-\d{2}-\d{2}"),
        date=re.compile(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?:\s*日)?"),
    )


@lru_cache(maxsize=4096)
def heading_of(text: str) -> str | None:
    """``main``/``lrig`` when the NFKC text of a line is a section heading, else None."""
    text = text.strip()
    if not text or text[0].isdigit():  # "4 SIGNI" is a count and a card, as the quick reader reads it
        return None
    if any(char.isdigit() for char in text) and looks_like_number(text):
        return None  # a card number is never a heading
    word = _heading_word(text)
    if word is None:
        return None
    if word in _MAIN_WORDS:
        return "main"
    if word in _LRIG_WORDS:
        return "lrig"
    return _TYPE_WORDS.get(word)


def _heading_word(text: str) -> str | None:
    """The heading word of a line, compared without decoration, counts, case and spaces, and
    without its Life Burst mark (a Life Burst block alone is the main deck); None when the
    line holds none."""
    patterns = _patterns()
    text = patterns.markdown.sub("", text)
    compact = patterns.count.sub("", patterns.decoration.sub(" ", text))
    compact = "".join(compact.casefold().split())
    if not compact:
        return None
    if compact in _MAIN_WORDS or compact in _LRIG_WORDS or compact in _TYPE_WORDS:
        return compact
    without_burst = patterns.burst.sub("", compact)
    if without_burst == compact:
        return None
    return without_burst or "main"


def header_of(text: str) -> tuple[str, str] | None:
    """``(key, value)`` when the NFKC text of a line is a ``format:``/``date:``/``name:`` header."""
    match = _patterns().header.match(text)
    if not match:
        return None
    key = _HEADER_KEYS.get(match.group(1).casefold())
    return (key, match.group(2)) if key else None


@lru_cache(maxsize=256)  # decks repeat their headers
def format_value(value: str) -> str | None:
    """The format a header names: a built-in id when the name is one of the ways of writing it
    (its table's id, names and ``aliases``), else the value as written (lower case), for the
    format loader to judge."""
    text = unicodedata.normalize("NFKC", value).strip()
    if not text:
        return None
    return builtin_format_id(text) or text.lower()


def date_value(value: str, path: str | None = None, line: int | None = None) -> str | None:
    """A date as ``YYYY-MM-DD``; anything that is not a date is an InputError naming the line.

    What follows the date after a space or a bracket is a note, ignored: a weekday or a time
    (``2024/05/01（水） 13:00``, a sheet's date-time), ``2025-04-26 (release day)``.
    """
    if _patterns().iso.fullmatch(value):  # the usual header: no NFKC needed
        try:
            return _dt.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    text = unicodedata.normalize("NFKC", value).strip()
    if not text:
        return None
    written = _written_date(text)
    if written is None:
        raise InputError(f"not a date: {quoted(value)!r} (write YYYY-MM-DD)", path, line)
    return written


def _written_date(text: str) -> str | None:
    """``2024/05/01``, ``2024年5月1日``, ``2024.5.1`` (a note may follow) as ``YYYY-MM-DD``."""
    match = _patterns().date.match(text)
    if not match:
        return None
    rest = text[match.end() :]
    if rest.strip() and not (rest[0].isspace() or rest[0] in "(（[" or (rest[0] == "T" and rest[1:2].isdigit())):
        return None
    try:
        return _dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3))).isoformat()
    except ValueError:
        return None

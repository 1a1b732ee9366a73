"""Headings and headers as players write them, on a line's NFKC form.

Headings, with any decoration: ``【メインデッキ】（40枚）``, ``◆ルリグデッキ``,
``メインデッキ:LB有``, ``Main Deck: 40``, ``LRIG Deck (10)``, ``## Main Deck``,
``分身卡组：10张``, and headings that name a card type (``SIGNI (32)``, ``Spells (8)``,
``ARTS (5)``) or a Life Burst block (``ライフバースト有``): a heading is never a card.
Headers without ``#``: ``format: …``, ``フォーマット：…``, ``date: …``, ``日付：…``.

Small and imported with the quick text reader (:mod:`.text`); the card lines of the
general reader are in :mod:`.lines`, imported only when a line needs them.
"""

from __future__ import annotations

import re
from functools import lru_cache

# -- headings ----------------------------------------------------------------------------

# Heading words, compared without case, spaces and decoration.
_MAIN_WORDS = frozenset(
    "main maindeck メイン メインデッキ 主デッキ deck デッキ "
    "主卡组 主卡組 主牌组 主牌組 主卡 主牌 主要卡组 主要牌組".split()
)
_LRIG_WORDS = frozenset(
    "lrig lrigdeck lrigs ルリグ ルリグデッキ ルリグ/アーツ side sidedeck whitedeck lrigarts lrigandarts "
    "分身卡组 分身卡組 分身牌组 分身牌組 分身 分身组 分身組 分身卡".split()
)
#: Headings that name a card type: the deck that type belongs to.
_TYPE_WORDS = {
    **dict.fromkeys("signi signis シグニ 精灵 精靈 spell spells スペル 魔法 魔法卡".split(), "main"),
    **dict.fromkeys(
        "arts アーツ 技艺 技藝 piece pieces ピース key keys キー resona resonas レゾナ 共鸣 共鳴 "
        "assistlrig assistlrigs アシストルリグ アシスト 辅助分身 輔助分身".split(),
        "lrig",
    ),
}
#: Life Burst blocks of the main deck (``LB有``, ``ライフバースト無``, ``Non-LB``, ...).
_BURST_WORDS = re.compile(
    "ライフバースト(?:有り|有|あり|無し|無|なし)?|(?:with(?:out)?|no|non)?(?:lifeburst|lb)s?(?:有り|有|あり|無し|無|なし)?"
    "|(?:有|无|無)(?:lb|生命爆发|生命爆發)|生命爆发|生命爆發|bursts?"
)
_DECORATION = re.compile(r"[◆◇■□●○★☆▼▽▲△▶▷►◀◁・•※【】〔〕\[\]()「」『』<>《》〈〉=~\-—–:;|*_#/&+,.!?]+")
_COUNT_DECORATION = re.compile(
    r"(?:合計|計|total|最大)?\s*(?:[x×]\s*)?\d+\s*(?:枚まで|枚|张|張|cards?)?", re.IGNORECASE
)
_MARKDOWN = re.compile(r"^(?:#{1,6}\s*|\*\*|__)")


@lru_cache(maxsize=4096)
def heading_of(text: str) -> str | None:
    """``main``/``lrig`` when the NFKC text of a line is a section heading, else None."""
    text = text.strip()
    if not text or text[0].isdigit():  # "4 SIGNI" is a count and a card, as the quick reader reads it
        return None
    text = _MARKDOWN.sub("", text)
    compact = _COUNT_DECORATION.sub("", _DECORATION.sub(" ", text))
    compact = "".join(compact.casefold().split())
    if not compact:
        return None
    without_burst = _BURST_WORDS.sub("", compact)
    if compact in _MAIN_WORDS or compact in _LRIG_WORDS or compact in _TYPE_WORDS:
        word = compact
    elif without_burst != compact:
        if not without_burst:
            return "main"  # a Life Burst block: the main deck
        word = without_burst
    else:
        return None
    if word in _MAIN_WORDS:
        return "main"
    if word in _LRIG_WORDS:
        return "lrig"
    return _TYPE_WORDS.get(word)


# -- headers without "#" ---------------------------------------------------------------

_HEADER_KEYS = {
    **dict.fromkeys(("format", "フォーマット", "レギュレーション", "regulation", "赛制", "賽制", "格式"), "format"),
    **dict.fromkeys(("date", "日付", "日時", "大会日", "大会日時", "開催日", "日期", "比赛日期"), "date"),
    **dict.fromkeys(("name", "deck name", "デッキ名", "卡组名", "卡組名", "牌组名"), "name"),
}
_HEADER = re.compile(r"^#*\s*([^\W\d][\w ]{0,11}?)\s*[:=]\s*(.*?)\s*$")


def header_of(text: str) -> tuple[str, str] | None:
    """``(key, value)`` when the NFKC text of a line is a ``format:``/``date:``/``name:`` header."""
    match = _HEADER.match(text)
    if not match:
        return None
    key = _HEADER_KEYS.get(match.group(1).casefold())
    return (key, match.group(2)) if key else None

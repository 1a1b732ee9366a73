"""Deck headers as people write them: the format's name and the date.

``# format: Diva Selection``, ``ディーヴァ``, ``All Star``, ``key selection`` all name a
built-in format; ``# date: 2024/05/01``, ``2024年5月1日``, ``2024.5.1`` are dates.
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from functools import lru_cache

from wixoss_deckcheck.errors import InputError

#: Ways of writing the built-in formats' names, compared without case, spaces,
#: hyphens, underscores and middle dots.
_FORMAT_NAMES = {
    "diva": "diva divaselection ディーヴァ ディーヴァセレクション ディーバ ディーバセレクション ディーヴァセレクト "
    "歌姬构筑 歌姫構築 歌姬 歌姫".split(),
    "key": "key keyselection キー キーセレクション 钥匙构筑 鑰匙構築 钥匙".split(),
    "all-star": "allstar all オールスター 全明星赛制 全明星 全明星賽制".split(),
}
_BY_NAME = {name: format_id for format_id, names in _FORMAT_NAMES.items() for name in names}
_NOISE = re.compile(r"[\s\-_・·.]+")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
_DATE = re.compile(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?")


@lru_cache(maxsize=256)  # decks repeat their headers
def format_value(value: str) -> str | None:
    """The format a header names: a built-in id when the name is one of the usual ways
    of writing it, else the value as written (lower case), for the format loader to judge."""
    text = unicodedata.normalize("NFKC", value).strip()
    if not text:
        return None
    compact = _NOISE.sub("", text.casefold())
    return _BY_NAME.get(compact, text.lower())


def date_value(value: str, path: str | None = None, line: int | None = None) -> str | None:
    """A date as ``YYYY-MM-DD``; anything that is not a date is an InputError naming the line.

    A time after the date (``2024/05/01 13:00``, a sheet's date-time) is ignored.
    """
    if _ISO.fullmatch(value):  # the usual header: no NFKC needed
        try:
            return _dt.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    text = unicodedata.normalize("NFKC", value).strip()
    if not text:
        return None
    match = _DATE.match(text)
    if match:
        rest = text[match.end() :].strip()
        if not rest or re.fullmatch(r"(?:\(.\)|（.）)?\s*(?:[T\s]?\d{1,2}:\d{2}(?::\d{2})?.*)?", rest):
            try:
                return _dt.date(int(match.group(1)), int(match.group(2)), int(match.group(3))).isoformat()
            except ValueError:
                pass
    raise InputError(f"not a date: {value.strip()!r} (write YYYY-MM-DD)", path, line)

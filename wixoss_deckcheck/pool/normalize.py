"""Normalising card numbers and names so that the way a player writes them matches.

Two names are "the same name" (RULES.md §2) when they are equal after:
removing a trailing promotional note in parentheses, width normalisation (NFKC folds
full-width letters, digits and spaces), treating ``♯`` as ``#``, ``⁑`` as ``*`` and ``♰`` as
``†`` (look-alikes deck editors type), and
removing white space. Letter case is kept: 羅原 Ｂｐ and 羅原 ＢＰ are two cards
(WXK07-058, WXDi-P05-084). A parenthesis is a promotional note only when it says so
(特典, 付録, キャンペーン, 参加賞, …): 「浦和ハナコ（水着）」 is a card of its own.
The looser :func:`search_key`, for finding what a player typed, ignores case.

Card numbers match case-insensitively, with or without the English edition's
``[EN]`` suffix, in full or half width.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_TRAILING_PARENS = re.compile(r"\s*[（(]([^（）()]*)[）)]\s*$")
#: Words of the distribution notes the card lists append to promo names (450 notes of the
#: shared card data, none of the 104 parentheses that are part of a name, such as （水着）).
_PROMO_WORDS = re.compile(
    "特典|付録|キャンペーン|参加賞|購入|引換|配布|限定|パック|PARTY|大会|BOX|景品|賞|同梱|月号|vol|来場|"
    "プレゼント|プロモ|抽選|初回|セット|ショップ|店舗|記念|congraturation|カード|スリーブ|予約|応募|"
    "イベント|フェア|グランプリ|チャンピオン|交換|封入|セレモニー|ポイント|セレクターセレクション|selector",
    re.IGNORECASE,
)
_SPACES = re.compile(r"\s+")
_EN_SUFFIX = re.compile(r"\[EN\]$", re.IGNORECASE)
# A card number: letters/digits joined by hyphens, with at least one hyphen and a digit.
_NUMBER_SHAPE = re.compile(r"^[A-Z]{1,6}\d*[A-Z]*(-[A-Z0-9]+)+(\[EN\])?$", re.IGNORECASE)


def fold_width(text: str) -> str:
    """Fold full-width letters, digits, punctuation and spaces to their plain forms."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)  # NFKC leaves ASCII as it is


def strip_promo_note(name: str) -> str:
    """Remove a trailing promotional note such as ``（GLOWING DIVA 10パック購入特典）`` (a
    parenthesis that is part of the name, such as ``（水着）``, stays)."""
    if "）" not in name and ")" not in name:
        return name
    match = _TRAILING_PARENS.search(name)
    if match is None or not _PROMO_WORDS.search(match.group(1)) or not name[: match.start()].strip():
        return name
    return name[: match.start()]


def name_key(name: str) -> str:
    """The comparison key of a card name (see the module doc)."""
    text = fold_width(strip_promo_note(name.strip()))
    text = text.replace("♯", "#").replace("⁑", "*").replace("\u2670", "†")  # ♰ (WEST SYRIAC CROSS) for †
    return "".join(text.split())  # str.split() splits on exactly the white space \s matches


_HIRAGANA_TO_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}
_COMBINING = re.compile(r"[\u0300-\u036f]")
_EDITION_SUFFIX = re.compile(r"\s*\(([A-Za-z]{1,6}\d*[A-Za-z]*(?:-[A-Za-z0-9]+)*)\)\s*$")


def fold_latin_accents(text: str) -> str:
    """``Två`` → ``Tva``: drop accents from Latin letters only (Japanese kana keep their marks)."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if "\u00c0" <= char <= "\u024f":
            char = _COMBINING.sub("", unicodedata.normalize("NFD", char))
        out.append(char)
    return "".join(out)


def search_key(name: str) -> str:
    """A looser key for names in any language, as a player types them.

    On top of :func:`name_key`: letter case is ignored, accents on Latin letters are
    dropped (``Två`` = ``Tva``) and hiragana count as katakana (``たま`` = ``タマ``).
    """
    return fold_latin_accents(name_key(name)).translate(_HIRAGANA_TO_KATAKANA).casefold()


def split_edition_suffix(text: str) -> tuple[str, str | None]:
    """``Servant D (WX07)`` → (``Servant D``, ``WX07``): a trailing set code in ASCII
    parentheses, as deck editors write to tell prints apart; (text, None) when absent."""
    match = _EDITION_SUFFIX.search(text)
    if not match or not match.string[: match.start()].strip():
        return text, None
    return text[: match.start()], match.group(1)


def number_key(number: str) -> str:
    """The comparison key of a card number: upper case, no ``[EN]``, no spaces."""
    text = "".join(fold_width(number).split()).upper()
    return text[:-4] if text.endswith("[EN]") else text


def looks_like_number(text: str) -> bool:
    """True when ``text`` has the shape of a card number (``WXDi-P01-040``, ``PR-K060``)."""
    return bool(_NUMBER_SHAPE.match("".join(fold_width(text).split())))


def is_card_number(token: str) -> bool:
    """True when ``token`` has the shape of a card number and a digit (``WXDi-D01-005``)."""
    return any(char.isdigit() for char in token) and looks_like_number(token)


#: A token written only with what counts are written with -- digits, signs, decimal points,
#: exponents, fractions, ``x``/``×`` and 枚 -- on its NFKC form: ``2``, ``x2``, ``-1``, ``4.5``,
#: ``1e18``, ``×-1枚``, ``(2)``, ``1/2``. (Whether it is a count one may write: the readers.)
_COUNTISH = re.compile(
    r"[(\[【〔]?[xX×✕✖*]?[-+−‐‑–—.,]*[0-9][0-9.,/eE+\-−‐‑–—]*(?:枚|张|張|[xX×✕✖*]|cards?|copies)?[)\]】〕]?"
)


def odd_digits(text: str) -> str:
    """The characters of ``text`` that read as digits but that no count is written with:
    superscripts and subscripts (``¹``, ``₂``), circled numbers (``①``), fractions (``½``) and the
    digits of other scripts (``٢``). (ASCII and full-width digits are the digits of a count.)"""
    if text.isascii():
        return ""
    return "".join(char for char in text if _odd_digit(char))


def _odd_digit(char: str) -> bool:
    if char.isascii() or "\uff10" <= char <= "\uff19" or not char.isnumeric():
        return False
    folded = unicodedata.normalize("NFKC", char)
    return char.isdigit() or any("0" <= part <= "9" for part in folded)


def count_like(token: str) -> bool:
    """True when ``token`` is written as a copy count is, good or bad (see :data:`_COUNTISH`),
    or holds a digit no count is written with (:func:`odd_digits`)."""
    return bool(odd_digits(token)) or _COUNTISH.fullmatch(fold_width(token)) is not None


def series_of(number: str) -> str:
    """The series (set code) of a card number: ``WXDi-P01-040`` → ``WXDi-P01``.

    ``WX24-P1-001`` → ``WX24-P1``, ``WDA-F02-30`` → ``WDA-F02``, ``PR-K060`` → ``PR-K``,
    ``PR-Di007`` → ``PR-Di``, ``PR-054`` → ``PR``, ``WX15-Re08`` → ``WX15``.
    """
    parts = _EN_SUFFIX.sub("", number.strip()).split("-")
    if len(parts) >= 3 and parts[1][:1].isalpha() and not parts[1].startswith(("Re", "TK")):
        return f"{parts[0]}-{parts[1]}"
    if parts[0].upper() == "PR" and len(parts) >= 2:
        letters = re.sub(r"[^A-Za-z].*", "", parts[1], flags=re.S)
        return f"PR-{letters}" if letters else "PR"
    return parts[0]


def type_key(lrig_type: str) -> str:
    """An LRIG type as compared in play: after width folding and case folding (ＬｏＶ = LoV).

    Compare LRIG types after width folding and case folding (ＬｏＶ = LoV)."""
    return unicodedata.normalize("NFKC", lrig_type).strip().casefold()


def type_keys(types: Iterable[str]) -> frozenset[str]:
    return frozenset(type_key(t) for t in types if t and t.strip())

"""Telling Shift_JIS, GBK/GB18030 and Big5 decklists apart (when they are not UTF-8).

The same bytes often decode without error in two or three of these encodings, as
different text. Each decoding is scored by how ordinary its characters are in that
encoding's own language: kana and JIS level-1 kanji for Shift_JIS, GB2312 level-1
hanzi for GBK, Big5's frequently used characters for Big5 (card names use ordinary
characters; a wrong decoding turns them into rare ones, or Chinese text into
half-width kana). The best decoding wins when it is clearly ahead; when two are close,
charset_normalizer's measure of "chaos" decides only if it is clear too. Otherwise the
file is refused with a message naming the candidates: a deck is never read as a guess.
"""

from __future__ import annotations

from wixoss_deckcheck.errors import InputError

#: The encodings tried, with the name a user gives to ``--encoding``.
CANDIDATES = (("cp932", "Shift_JIS", "shift_jis"), ("gb18030", "GBK/GB18030", "gb18030"), ("big5", "Big5", "big5"))
_CLEAR_LEAD = 0.1  # how far ahead the best decoding must be
_ORDINARY = 0.8  # the least score of a decoding taken without doubt


#: The Chinese encodings: the character set of the ordinary characters, and the lead
#: bytes that hold them there (GB2312 level-1 hanzi and symbols; Big5's frequent ones).
_ORDINARY_LEADS = {"gb18030": ("gb2312", ((0xB0, 0xD7), (0xA1, 0xA9))), "big5": ("big5", ((0xA1, 0xC6),))}


def _weight(char: str, codec: str) -> float:
    """How ordinary ``char`` is in a decklist in ``codec``'s language (1 = ordinary)."""
    code = ord(char)
    if codec == "cp932":
        return _japanese_weight(char, code)
    if 0x3000 <= code <= 0x30FF or 0xFF01 <= code <= 0xFF5E or 0xA0 <= code <= 0xFF or 0x2000 <= code <= 0x206F:
        return 1.0  # punctuation, kana and full-width forms: Chinese lists quote Japanese promo notes
    charset, leads = _ORDINARY_LEADS[codec]
    encoded = char.encode(charset, "ignore")
    if not encoded:
        return 0.2
    return 1.0 if any(low <= encoded[0] <= high for low, high in leads) else 0.3


def _japanese_weight(char: str, code: int) -> float:
    if 0x3000 <= code <= 0x30FF or 0xFF01 <= code <= 0xFF5E:
        return 1.0
    if 0xFF61 <= code <= 0xFF9F:  # half-width kana: players use them, but rarely
        return 0.7
    encoded = char.encode("cp932", "ignore")
    value = int.from_bytes(encoded, "big") if len(encoded) == 2 else 0
    if 0x889F <= value <= 0x9872:  # JIS level-1 kanji
        return 1.0
    return 0.8 if 0x8140 <= value <= 0x84BE else 0.3  # symbols, Greek, Cyrillic


def _score(text: str, codec: str) -> float:
    weights = [_weight(char, codec) for char in text if not char.isascii()]
    return sum(weights) / len(weights) if weights else 1.0


def decode_legacy(data: bytes, path: str, line_of_first_bad_byte: int) -> str:
    """``data`` (not UTF-8) decoded as Shift_JIS, GBK/GB18030 or Big5, whichever it clearly is."""
    scores = _decodings(data)
    if not scores:
        raise InputError("not UTF-8, Shift_JIS, GBK or Big5 text; give --encoding", path, line_of_first_bad_byte)
    chosen, close = _choice(data, scores)
    if chosen is not None:
        return scores[chosen][1]
    names = {codec: (name, option) for codec, name, option in CANDIDATES}
    shown = " or ".join(names[codec][0] for codec in close)
    options = " or ".join(f"--encoding {names[codec][1]}" for codec in close)
    raise InputError(f"cannot tell the text encoding: it reads as {shown}; give {options}", path)


def _choice(data: bytes, scores: dict[str, tuple[float, str]]) -> tuple[str | None, list[str]]:
    """The encoding ``data`` clearly is (the best score, clearly ahead; else charset_normalizer's
    clear choice among the close ones), or None and the close ones."""
    ranked = sorted(scores, key=lambda codec: -scores[codec][0])
    best = scores[ranked[0]][0]
    if len(ranked) == 1 or (best >= _ORDINARY and best - scores[ranked[1]][0] >= _CLEAR_LEAD):
        return ranked[0], []
    close = [codec for codec in ranked if best - scores[codec][0] < _CLEAR_LEAD]
    return (_by_chaos(data, close) if best >= _ORDINARY else None), close


def _decodings(data: bytes) -> dict[str, tuple[float, str]]:
    """Each candidate encoding that decodes ``data``: its score and the text."""
    scores: dict[str, tuple[float, str]] = {}
    for codec, _name, _option in CANDIDATES:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        scores[codec] = (_score(text, codec), text)
    return scores


def _by_chaos(data: bytes, codecs: list[str]) -> str | None:
    """charset_normalizer's choice among ``codecs``, when it is clear; else None."""
    try:
        from charset_normalizer import from_bytes  # lazy: a heavy library, for the rare close call
    except ImportError:  # pragma: no cover - installed with requests
        return None
    matches = [match for match in from_bytes(data, cp_isolation=codecs) if match.encoding in codecs]
    if len(matches) == 1 or (len(matches) > 1 and matches[1].chaos - matches[0].chaos >= 0.2):
        return matches[0].encoding
    return None

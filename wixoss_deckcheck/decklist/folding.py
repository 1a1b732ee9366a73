"""Reading a line in its NFKC form while keeping the player's own spelling.

Every decision about a decklist line (where the count is, where the card number is,
whether it is a heading) is made on the line's NFKC form, so half-width kana, NFD
text and full-width letters are read exactly as their NFKC forms. The card name cut
from it is then taken back from the line as the player wrote it -- but only where the
cut falls between characters whose NFKC forms add up to the NFKC line; anywhere else
the NFKC text itself is used. So a name is never cut short or run long because NFKC
changed the line's length (``ｻｰﾊﾞﾝﾄ Ｄ２ x4`` is ``サーバント D2``, never ``サーバント D``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Characters NFKC may join to the character before them: combining marks (NFD accents,
# U+3099/U+309A kana voicing marks) and the half-width voicing marks.
_JOINING = frozenset("\uff9e\uff9f\u3099\u309a")


class FoldedLine:
    """A line, its NFKC form, and the offsets of the NFKC form that fall between raw characters.

    ``starts`` maps such an offset of ``text`` to the offset of ``raw`` it stands for;
    ``None`` when the two are the same string. (A plain slotted class: it is made for every
    new line, and a named tuple costs more to define at start-up.)
    """

    __slots__ = ("raw", "text", "starts")

    def __init__(self, raw: str, text: str, starts: dict[int, int] | None):
        self.raw, self.text, self.starts = raw, text, starts

    def original(self, start: int, end: int) -> str:
        """The player's own spelling of ``text[start:end]`` (stripped), else that NFKC text."""
        folded = self.text[start:end].strip()
        if self.starts is None:
            return folded
        if not self.text[:start].strip() and not self.text[end:].strip():
            return self.raw.strip()  # the whole line
        begin, finish = self.starts.get(start), self.starts.get(end)
        if begin is None or finish is None:
            return folded
        candidate = self.raw[begin:finish].strip()
        return candidate if unicodedata.normalize("NFKC", candidate).strip() == folded else folded


def _joins(char: str) -> bool:
    return char in _JOINING or unicodedata.combining(char) != 0 or "\u1160" <= char <= "\u11ff"


@lru_cache(maxsize=8192)
def fold_line(raw: str) -> FoldedLine:
    """The NFKC form of ``raw`` with the offsets that map back to it (see :class:`FoldedLine`)."""
    if raw.isascii():  # NFKC leaves ASCII as it is
        return FoldedLine(raw, raw, None)
    text = unicodedata.normalize("NFKC", raw)
    if text == raw:
        return FoldedLine(raw, raw, None)
    starts = {0: 0}
    pieces = []
    offset = 0
    begin = 0
    for index in range(1, len(raw) + 1):
        if index < len(raw) and _joins(raw[index]):
            continue
        piece = unicodedata.normalize("NFKC", raw[begin:index])
        pieces.append(piece)
        offset += len(piece)
        starts[offset] = index
        begin = index
    if "".join(pieces) != text:  # NFKC joined across our pieces: keep only the two ends
        starts = {0: 0, len(text): len(raw)}
    return FoldedLine(raw, text, starts)

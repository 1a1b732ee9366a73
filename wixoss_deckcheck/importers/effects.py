"""What an ARTS does that the rules engine can play out, read from its printed text.

The engine applies no card effect of its own: a record declares the moves an effect makes.
The goldfish (``simulate --goldfish``) plays a few effects itself, the ones that need no
opponent and no choice beyond one the goldfish can make: drawing cards, 【エナチャージN】 (the top N cards of
the deck into the ener) and placing a 【リミットアッパー】 in the LRIG zone. The pool keeps
them as the card's ``effect`` (cardpool/schema.json): ``{"draw": 2, "limit_upper": 1}``,
``{"choose": [{"draw": 3}, {"ener_charge": 3}]}`` for "this or that", and ``"partial": true``
when the text does more than these (what the goldfish then leaves out).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

# On the NFKC-folded text (full-width digits fold to 0-9); each pattern is a whole sentence.
_SENTENCES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], dict]], ...] = (
    (re.compile(r"カードを(\d+)枚引く"), lambda m: {"draw": int(m[1])}),
    (re.compile(r"【エナチャージ(\d+)】をする"), lambda m: {"ener_charge": int(m[1])}),
    (
        re.compile(r"カードを(\d+)枚引き、?【エナチャージ(\d+)】をする"),
        lambda m: {"draw": int(m[1]), "ener_charge": int(m[2])},
    ),
    (
        re.compile(r"カードを(\d+)枚引くか【エナチャージ(\d+)】をする"),
        lambda m: {"choose": [{"draw": int(m[1])}, {"ener_charge": int(m[2])}]},
    ),
    (re.compile(r"(?:あなたのルリグゾーンに)?【リミットアッパー】1つを(?:置く|得る)"), lambda m: {"limit_upper": 1}),
)


def arts_effect(text: str | None) -> dict | None:
    """The effects of an ARTS's text that the engine can play out (see the module doc), or
    None when it has none of them."""
    if not text:
        return None
    found: dict = {}
    partial = False
    for sentence in unicodedata.normalize("NFKC", text).split("。"):
        sentence = sentence.strip()
        if not sentence:
            continue
        for pattern, read in _SENTENCES:
            match = pattern.fullmatch(sentence)
            if match:
                for key, value in read(match).items():
                    found[key] = found.get(key, 0) + value if key != "choose" else value
                break
        else:
            partial = True
    if not found:
        return None
    if partial:
        found["partial"] = True
    return found


def add_effect(record: dict, kind: str, text: str | None) -> None:
    """An ARTS's ``effect`` (what the goldfish can play out of its text), where it has one."""
    if kind == "ARTS":
        effect = arts_effect(text)
        if effect:
            record["effect"] = effect

"""Which source the merged pool believes, field by field, and how two values compare."""

from __future__ import annotations

import re
from typing import Any

from wixoss_deckcheck.pool.normalize import fold_width, number_key, strip_promo_note

_GAME_ORDER = ("official", "wixossreact", "relax", "webxoss")
FIELD_PRECEDENCE: dict[str, tuple[str, ...]] = {
    "name": ("wixossreact", "official", "relax", "webxoss"),
    "rarity": ("official", "relax", "webxoss"),
    "copy_limit": ("relax",),
    "formats": ("official",),
    "names.en": ("english", "webxoss"),
    "names.kana": ("official", "webxoss"),
    "names.zh_hans": ("webxoss",),
    "names.zh_hant": ("webxoss",),
}
#: Fields whose disagreement between sources is a conflict worth a report entry.
CONFLICT_FIELDS = ("type", "level", "colors", "life_burst")
NOT_MERGED = ("number", "reprints", "sources", "field_sources", "series")
VARIANT_SUFFIX = re.compile(r"(?<=\d)[A-Z]+$")
_SPACES = re.compile(r"\s+")


def exact_name_key(name: str) -> str:
    """A printed name without width or spacing differences, case kept."""
    return _SPACES.sub("", fold_width(strip_promo_note(name.strip())).replace("♯", "#"))


def rank(source: str, field_name: str) -> int:
    """Lower is stronger; sources not listed for a field rank last."""
    order = FIELD_PRECEDENCE.get(field_name, _GAME_ORDER)
    return order.index(source) if source in order else len(order)


def natural_key(number: str) -> list:
    """Sort key that orders ``-2`` before ``-10`` and ignores the ``[EN]`` suffix."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", number_key(number))]


def name_marks(name: str) -> list[str]:
    """The digits and prime marks of a name (``レベル１’`` → ``["1", "'"]``): two
    translations of one card keep them, so differing marks tell different cards."""
    text = fold_width(name).replace("’", "'").replace("′", "'")
    return re.findall(r"\d+|'+", text)


def same_value(field_name: str, a: Any, b: Any) -> bool:
    """Whether two sources give one value (colours in any order)."""
    if field_name == "colors":
        return set(a or ()) == set(b or ())
    return a == b


def tidy_inherited(card: dict) -> None:
    """Keep only the inherited names (``inherited_names``, see the webxoss importer) that are
    not also the card's own: a reprint row linked to its card under a misprinted name brings
    that card's own names along."""
    inherited = card.pop("inherited_names", None)
    own = card.get("names", {})
    kept = {lang: text for lang, text in (inherited or {}).items() if own.get(lang) != text}
    if kept:
        card["inherited_names"] = kept
    else:
        card.get("field_sources", {}).pop("inherited_names", None)

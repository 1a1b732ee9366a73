"""``--disable`` (and ``disable =`` in the settings file): which checks to skip.

Each value is a check code (``WX130``, any case) or name (``main-deck-size``); a value may
hold several separated by commas (``--disable WX130,WX205``). An unknown one is a usage
error naming the closest real code or name, since a typo would otherwise silently
disable nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from wixoss_deckcheck.checks import BY_CODE, REGISTRY
from wixoss_deckcheck.errors import UsageError


def _known() -> tuple[dict[str, str], dict[str, str]]:
    return {code.upper(): code for code in BY_CODE}, {slug.lower(): slug for slug in REGISTRY}


def closest_check(item: str) -> str | None:
    """The real check code or name nearest to ``item`` (``None`` when nothing is close)."""
    import difflib  # only for a typo: a check never pays for it

    codes, names = _known()
    folded = item.upper()
    if folded.startswith("WX"):  # a code with a letter for a digit: WX1O1, WXl01
        folded = "WX" + folded[2:].translate(str.maketrans("OILS", "0115"))
        if folded in codes:
            return codes[folded]
        match = difflib.get_close_matches(folded, list(codes.values()), n=1, cutoff=0.5)
        if match:
            return match[0]
    pool = list(codes.values()) + list(names.values())
    match = difflib.get_close_matches(item.upper() if item.upper().startswith("WX") else item.lower(), pool, n=1)
    if not match:
        match = difflib.get_close_matches(item, pool, n=1, cutoff=0.4)
    return match[0] if match else None


def parse_disable(values: Iterable[str], where: str = "--disable", path: str | None = None, line=None) -> tuple:
    """The codes and names to skip, each checked; commas split a value into several."""
    values = tuple(values)
    if not values:
        return ()
    codes, names = _known()
    out: list[str] = []
    for value in values:
        for item in str(value).split(","):
            item = item.strip()
            if not item:
                continue
            if item.upper() in codes:
                chosen = codes[item.upper()]
            elif item.lower() in names:
                chosen = names[item.lower()]
            else:
                near = closest_check(item)
                hint = f"; did you mean {near}?" if near else ""
                raise UsageError(
                    f"{where}: unknown check {item!r}{hint} (`wixoss-deckcheck rules` lists every code and name)",
                    path,
                    line,
                )
            if chosen not in out:
                out.append(chosen)
    return tuple(out)

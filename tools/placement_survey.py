"""Survey the 【ライズ】 and 【出現条件】 wordings of the WixossReact card list (the real card data).

Usage: python tools/placement_survey.py [CARDDATA_DIR]

Reads the CSV sheets in place (never copies them). For every SIGNI whose text opens with
【ライズ】 it prints the rise clause (up to its first 置く or 出す) and what the pool reads of it
(``rise_onto``, importers/placing.py), or ``NOT READ``; then the same for every RESONA's
【出現条件】 (``resona_condition``); then the counts (docs/replay.md and docs/cardpool.md cite them).
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path

from wixoss_deckcheck.importers.placing import folded, resona_condition, rise_condition

_RISE_CLAUSE = re.compile(r"【ライズ】(.*?(?:置く|出す))")
_APPEAR_CLAUSE = re.compile(r"【出現条件】([^【]*)")


def rows(folder: Path) -> dict[str, dict[str, str]]:
    """The card rows of the WixossReact sheets by number (reprints and tokens left out)."""
    found: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("CardData_*.csv")):
        if path.stem in ("CardData_Variants", "CardData_TK"):
            continue
        for row in csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"), newline="")):
            found.setdefault(row["CardNum"], row)
    return found


def _opens_with_rise(text: str | None) -> bool:
    return (text or "").lstrip().startswith("【ライズ】")


def _clause(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(folded(text))
    return match.group(1).strip() if match else "(no such clause)"


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "../shared/carddata") / "wixossreact"
    cards = rows(folder)
    rise = {n: r for n, r in cards.items() if r["Type"] == "シグニ" and _opens_with_rise(r["EffectText"])}
    resonas = {n: r for n, r in cards.items() if r["Type"] == "レゾナ"}
    read_rise = read_resona = with_condition = 0
    print("== 【ライズ】")
    for number, row in sorted(rise.items()):
        condition = rise_condition(row["EffectText"])
        read_rise += condition is not None
        shown = json.dumps(condition, ensure_ascii=False) if condition is not None else "NOT READ"
        print(f"{number}\t{_clause(_RISE_CLAUSE, row['EffectText'])}\t{shown}")
    print("== 【出現条件】")
    for number, row in sorted(resonas.items()):
        text = row["EffectText"] or ""
        with_condition += "【出現条件】" in text
        condition = resona_condition(text)
        read_resona += condition is not None
        shown = json.dumps(condition, ensure_ascii=False) if condition is not None else "NOT READ"
        print(f"{number}\t{_clause(_APPEAR_CLAUSE, text)}\t{shown}")
    print(f"rise SIGNI: {len(rise)}, read {read_rise}, not read {len(rise) - read_rise}")
    print(f"RESONAs: {len(resonas)}, with an 【出現条件】 {with_condition}, read {read_resona}, "
          f"not read {with_condition - read_resona}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

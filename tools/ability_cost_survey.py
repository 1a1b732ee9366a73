"""Survey the 【起】 and 【出】 cost wordings of the WixossReact card list (the real card data).

Usage: python tools/ability_cost_survey.py [CARDDATA_DIR] [--top N]

Reads the CSV sheets in place (never copies them), cuts each 【起】/【出】 ability's cost (the
text before its colon), splits it into its parts (each 《…》 symbol, and each phrase between
them), folds each part's wording (numbers to N, ener symbols to 《E》, ＜classes＞ to ＜X＞,
other 《names》 to 《NAME》) and counts the cards (by name) with it, marking the parts of
abilities whose whole cost the pool reads; then the abilities the pool reads and those it
leaves to the record.
"""

from __future__ import annotations

import collections
import csv
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from wixoss_deckcheck.importers.abilitycosts import abilities, ability_cost

_NUM = re.compile(r"[0-9０-９]+")
_ENER = re.compile(r"《(?:白|赤|青|緑|黒|無)(?:×[0-9０-９]+)?》(?:×[0-9０-９]+)?")
_CLASS = re.compile(r"＜[^＞]+＞")
_KEPT = ("ダウン", "ターン", "ゲーム", "アイコン", "E》")
_PART = re.compile(r"《[^》]*》|[^《]+")


def parts(cost: str) -> list[str]:
    """The folded wordings of one cost's parts."""
    found = []
    for part in _PART.findall(_ENER.sub("《E》", cost)):
        part = part.strip(" 　、")
        if not part:
            continue
        if part.startswith("《") and not any(word in part for word in _KEPT):
            part = "《NAME》"
        found.append(_NUM.sub("N", _CLASS.sub("＜X＞", part)))
    return found


def rows(folder: Path) -> Iterator[dict[str, str]]:
    for sheet in sorted(folder.glob("CardData_Sheet*.csv")):
        text = sheet.read_bytes().decode("utf-8-sig")
        yield from csv.DictReader(io.StringIO(text, newline=""))


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv and not argv[0].startswith("--") else Path("../shared/carddata/wixossreact")
    top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 60
    cards: dict[str, set[str]] = collections.defaultdict(set)
    unread: dict[str, set[str]] = collections.defaultdict(set)
    tally = collections.Counter()
    for row in rows(folder):
        name = row["CardName"].strip()
        for mark, raw in abilities(row.get("EffectText") or ""):
            read = ability_cost(mark, raw) is not None
            tally["read" if read else "unread"] += 1
            tally[f"{mark} {'read' if read else 'unread'}"] += 1
            for part in parts(raw):
                cards[f"【{mark}】{part}"].add(name)
                if not read:
                    unread[f"【{mark}】{part}"].add(name)
    print(
        f"abilities 【起】/【出】 with a cost: {tally['read'] + tally['unread']}; read: {tally['read']} "
        f"(【起】 {tally['起 read']}, 【出】 {tally['出 read']}); left to the record: {tally['unread']} "
        f"(【起】 {tally['起 unread']}, 【出】 {tally['出 unread']})"
    )
    print("\n| cards | of them in an unread cost | wording of a cost part |")
    print("|---:|---:|---|")
    ranked = sorted(cards.items(), key=lambda item: (-len(item[1]), item[0]))
    for text, names in ranked[:top]:
        print(f"| {len(names)} | {len(unread.get(text, ()))} | {text} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Regenerate cardpool/sample-pool.json: only the cards the shipped examples need.

Usage (from the project root, with a full pool built by
``wixoss-deckcheck cardpool build --from ../shared/carddata -o FULL_POOL.json``)::

    python tools/make_sample_pool.py FULL_POOL.json

The sample pool exists so that the README's first command works offline; real
users install the full pool with ``wixoss-deckcheck cardpool update`` (online) or
``wixoss-deckcheck cardpool build --from DIR`` (offline).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wixoss_deckcheck.decklist import load_deck  # noqa: E402
from wixoss_deckcheck.importers.common import build_pool_document, write_pool  # noqa: E402
from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation  # noqa: E402

#: A few more well-known cards, for the README's name examples.
EXTRA = ["WX01-001", "WX01-034", "WXK01-TK-01A"]


def main(full_pool: str) -> None:
    pool = CardPool.load_json(PoolLocation(Path(full_pool), "option"))
    wanted: dict[str, dict] = {}
    raw = {card["number"]: card for card in json.loads(Path(full_pool).read_text(encoding="utf-8"))["cards"]}
    queries = list(EXTRA)
    for path in sorted((ROOT / "examples").iterdir()):
        if path.suffix in (".txt", ".yaml", ".yml", ".json", ".cod"):
            queries += [entry.query for entry in load_deck(path).entries]
    for query in queries:
        result = pool.resolve(query)
        if result.card is not None:
            card = dict(raw[result.card.number])
            card["sources"] = ["sample"]
            wanted[card["number"]] = card
    document = build_pool_document(
        list(wanted.values()),
        [
            {
                "name": "sample",
                "note": "The cards the shipped examples need, written as facts "
                "(number, name, type, colour, level, ...). "
                "Install the full pool with `wixoss-deckcheck cardpool update` (online) or "
                "`wixoss-deckcheck cardpool build --from DIR` (offline, DIR laid out like carddata/).",
                "cards": len(wanted),
            }
        ],
    )
    document.pop("created", None)
    write_pool(document, ROOT / "cardpool" / "sample-pool.json")
    print(f"wrote {len(wanted)} cards")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        raise SystemExit("usage: python tools/make_sample_pool.py FULL_POOL.json")
    main(sys.argv[1])

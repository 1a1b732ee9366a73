"""JSON (one document) and JSON Lines (one object per deck) output."""

from __future__ import annotations

import json

from wixoss_deckcheck.report import RunReport
from wixoss_deckcheck.reporters import reporter


@reporter("json")
def render_json(report: RunReport, **_options) -> str:
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"


@reporter("json-lines")
def render_json_lines(report: RunReport, **_options) -> str:
    head = report.to_dict()
    decks = head.pop("decks")
    lines = [json.dumps({**deck, "tool": "wixoss-deckcheck", "cardpool": head["cardpool"]}, ensure_ascii=False) for deck in decks]
    return "\n".join(lines) + ("\n" if lines else "")

"""JSON (one document) and JSON Lines (one object per deck) output."""

from __future__ import annotations

import json

from wixoss_deckcheck.report import RunReport
from wixoss_deckcheck.reporters import reporter


#: Above this many decks the document is written compactly (json's C encoder; indenting costs seconds).
INDENT_LIMIT = 200


@reporter("json")
def render_json(report: RunReport, **_options) -> str:
    indent = 2 if len(report.results) <= INDENT_LIMIT else None
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=indent) + "\n"


@reporter("json-lines")
def render_json_lines(report: RunReport, **_options) -> str:
    head = report.to_dict()
    decks = head.pop("decks")
    lines = [json.dumps({**deck, "tool": "wixoss-deckcheck", "cardpool": head["cardpool"]}, ensure_ascii=False) for deck in decks]
    return "\n".join(lines) + ("\n" if lines else "")

"""JSON (one document) and JSON Lines (one object per deck) output."""

from __future__ import annotations

import json

from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters.json_join import extend_object, object_with_list
from wixoss_deckcheck.reporters.registry import reporter

#: Above this many decks the document is written compactly (json's C encoder; indenting costs seconds).
INDENT_LIMIT = 200


@reporter("json")
def render_json(report: RunReport, **_options) -> str:
    if len(report.results) <= INDENT_LIMIT:
        return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"
    # Compact: the same text as json.dumps(report.to_dict()), from each deck's own JSON
    # (which the workers of a parallel audit have already made).
    return (
        object_with_list(report.to_dict(decks=False), "decks", [result.to_json() for result in report.results]) + "\n"
    )


@reporter("json-lines")
def render_json_lines(report: RunReport, **_options) -> str:
    # Each line: the deck's own object, then the tool and the card pool (as {**deck, ...} would give).
    extra = {"tool": "wixoss-deckcheck", "cardpool": report.to_dict(decks=False)["cardpool"]}
    lines = [extend_object(result.to_json(), extra) for result in report.results]
    return "\n".join(lines) + ("\n" if lines else "")

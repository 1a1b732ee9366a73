"""JSON output: one document for the whole run (``schemas/report.schema.json``)."""

from __future__ import annotations

import json

from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters.json_join import object_with_list
from wixoss_deckcheck.reporters.registry import reporter

#: Above this many decks the document is written compactly (json's C encoder; indenting costs seconds).
INDENT_LIMIT = 200


@reporter("json")
def render_json(report: RunReport, **_options: object) -> str:
    """The report as one JSON document (indented up to :data:`INDENT_LIMIT` decks)."""
    if len(report.results) <= INDENT_LIMIT:
        return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"
    # Compact: the same text as json.dumps(report.to_dict()), from each deck's own JSON
    # (which the workers of a parallel audit have already made).
    return (
        object_with_list(report.to_dict(decks=False), "decks", [result.to_json() for result in report.results]) + "\n"
    )

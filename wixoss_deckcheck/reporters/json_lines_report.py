"""JSON Lines output: one JSON object per deck, each with the tool and the card pool."""

from __future__ import annotations

from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters.json_join import extend_object
from wixoss_deckcheck.reporters.registry import reporter


@reporter("json-lines")
def render_json_lines(report: RunReport, **_options: object) -> str:
    """One line per deck: the deck's own object, then the tool and the card pool (as
    ``{**deck, ...}`` would give)."""
    extra = {"tool": "wixoss-deckcheck", "cardpool": report.to_dict(decks=False)["cardpool"]}
    lines = [extend_object(result.to_json(), extra) for result in report.results]
    return "\n".join(lines) + ("\n" if lines else "")

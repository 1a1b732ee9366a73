"""The report of a replay: the JSON contract and the text lines, in the chosen language.

The verdict (every action legal or not) is the engine's (:func:`~wixoss_deckcheck.engine.game.replay.all_legal`);
these only render it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.replay import Outcome
from wixoss_deckcheck.messages import Messages


def outcome_message(outcome: Outcome, lang: str = "en") -> str | None:
    """``turn N: action: reason`` for an illegal action, None for a legal one."""
    if outcome.slug is None:
        return None
    code = code_of(outcome.slug)
    template = Messages(lang).template(code)
    try:
        reason = template.format(**outcome.args)
    except (KeyError, IndexError):  # pragma: no cover - test_messages keeps the placeholders in step
        reason = Messages("en").template(code).format(**outcome.args)
    return f"turn {outcome.turn}: {outcome.action}: {reason}"


def report_dict(outcomes: Sequence[Outcome], legal: bool, meta: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """``{"legal": bool, "actions": [{"index", "turn", "action", "legal", "code", "message"}], ...}``."""
    several = len({o.game for o in outcomes}) > 1
    rows = [
        {
            "index": o.index,
            "turn": o.turn,
            "action": o.action,
            "legal": o.slug is None,
            "code": code_of(o.slug) if o.slug else None,
            "message": outcome_message(o, lang),
            "line": o.line,
            **({"game": o.game} if several else {}),
        }
        for o in outcomes
    ]
    return {"legal": legal, "actions": rows, **meta}


def report_text(outcomes: Sequence[Outcome], legal: bool, path: str, lang: str = "en") -> str:
    """One line per illegal action (``FILE:LINE: message [CODE]``), then a summary line."""
    lines = []
    events = {(o.game, o.index) for o in outcomes}
    bad = [o for o in outcomes if o.slug is not None]
    for o in bad:
        assert o.slug is not None
        lines.append(f"{path}:{o.line}: {outcome_message(o, lang)} [{code_of(o.slug)}]")
    if not legal:
        wrong = len({(o.game, o.index) for o in bad})
        lines.append(f"{path}: {wrong} of {len(events)} actions illegal")
    else:
        games = len({o.game for o in outcomes})
        lines.append(f"{path}: legal ({len(events)} actions{f', {games} games' if games > 1 else ''})")
    return "\n".join(lines) + "\n"

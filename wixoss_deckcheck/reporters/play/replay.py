"""The report of a replay: the JSON contract and the text lines, in the chosen language.

The verdict (every action legal or not) is the engine's (:func:`~wixoss_deckcheck.engine.game.replay.all_legal`);
these only render it. The engine words nothing: its problems and notes are :class:`~.state.Say`
phrases, worded here from the catalogues' ``replay:`` section (colours and card types from ``words:``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.replay import Outcome
from wixoss_deckcheck.engine.game.state import Say
from wixoss_deckcheck.messages import Messages


def word(value: Any, messages: Messages) -> str:
    """A value of a problem or a note in the language of ``messages``: a phrase, a list, a number, a name."""
    if isinstance(value, Say):
        return _phrase(value, messages)
    if isinstance(value, (list, tuple)):
        return messages.replay("list_sep").join(word(item, messages) for item in value)
    return str(value)


def _phrase(value: Say, messages: Messages) -> str:
    kind, colon, rest = value.key.partition(":")
    if colon:
        if kind == "colour":
            return messages.colour(rest)
        if kind == "type_a" and messages.lang == "en":
            return messages.card_type_with_article(rest)
        return messages.card_type(rest)
    if value.key == "either":
        return messages.replay("either_sep").join(word(item, messages) for item in value.args["items"])
    return _fill(messages.replay(value.key), value.args, messages)


def _fill(template: str, args: Mapping[str, Any], messages: Messages) -> str:
    values = {key: word(item, messages) for key, item in args.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError):  # pragma: no cover - test_replay_messages keeps the placeholders in step
        return template


def outcome_message(outcome: Outcome, lang: str = "en") -> str | None:
    """``turn N: action: reason`` for an illegal action, None for a legal one."""
    if outcome.slug is None:
        return None
    messages = Messages(lang)
    reason = _fill(messages.template(code_of(outcome.slug)), outcome.args, messages)
    return messages.replay("line", turn=outcome.turn, action=word(outcome.action, messages), reason=reason)


def notes_of(outcomes: Sequence[Outcome], lang: str = "en") -> list[str]:
    """The rule actions the engine took, in order, in the language (``game N:`` before each when
    the record holds several games)."""
    messages = Messages(lang)
    several = len({o.game for o in outcomes}) > 1
    out = []
    for outcome in outcomes:
        for note in outcome.notes:
            text = word(note, messages)
            out.append(messages.replay("in_game", game=outcome.game, text=text) if several else text)
    return out


def report_dict(outcomes: Sequence[Outcome], legal: bool, meta: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """``{"legal": bool, "actions": [{"index", "turn", "action", "legal", "code", "message"}], "notes", ...}``.

    ``action`` is in English whatever the language (stable for scripts); ``message`` and the
    notes are in ``lang``."""
    several = len({o.game for o in outcomes}) > 1
    english = Messages("en")
    rows = [
        {
            "index": o.index,
            "turn": o.turn,
            "action": word(o.action, english),
            "legal": o.slug is None,
            "code": code_of(o.slug) if o.slug else None,
            "message": outcome_message(o, lang),
            "line": o.line,
            **({"game": o.game} if several else {}),
        }
        for o in outcomes
    ]
    return {"legal": legal, "actions": rows, **meta, "notes": notes_of(outcomes, lang)}


def report_text(outcomes: Sequence[Outcome], legal: bool, path: str, lang: str = "en") -> str:
    """One line per illegal action (``FILE:LINE: message [CODE]``), then a summary line."""
    messages = Messages(lang)
    lines = []
    events = {(o.game, o.index) for o in outcomes}
    bad = [o for o in outcomes if o.slug is not None]
    for o in bad:
        assert o.slug is not None
        lines.append(f"{path}:{o.line}: {outcome_message(o, lang)} [{code_of(o.slug)}]")
    if not legal:
        wrong = len({(o.game, o.index) for o in bad})
        lines.append(f"{path}: {messages.replay('summary_illegal', wrong=wrong, total=len(events))}")
    else:
        games = len({o.game for o in outcomes})
        key = "summary_legal_games" if games > 1 else "summary_legal"
        lines.append(f"{path}: {messages.replay(key, total=len(events), games=games)}")
    return "\n".join(lines) + "\n"

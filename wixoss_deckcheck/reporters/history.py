"""The text and JSON of a deck's history (``check --history``) and of ``formats diff``.

A history is one block per deck and format: a line per period (its days, legal or not with
the codes), then what began it and where the tables have that from. JSON is one object per
deck and format (``{"deck", "format", "history": [...]}``); several are a list of them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.history import Cause, DeckHistory, Period, Verdict


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def span_text(start: str, end: str | None, messages: Messages) -> str:
    """Days with inclusive ends: ``2020-12-05 to 2023-01-31``, ``from 2023-02-01``."""
    if end is None:
        return messages.cli("span_from", since=start)
    return messages.cli("span_between", since=start, until=end)


def codes_text(codes: Sequence[str], messages: Messages) -> str:
    """Codes with their names in the run's language: ``WX140 mayus-room-banned``."""
    return ", ".join(f"{code} {messages.check_name(code, BY_CODE[code].slug) if code in BY_CODE else ''}".rstrip()
                     for code in codes)


def verdict_text(verdict: Verdict, messages: Messages) -> str:
    """Legal or not with the codes, then the codes a Mayu's Room entry's uncertain window makes warnings."""
    said = messages.history("legal") if verdict.legal else messages.history(
        "illegal", codes=codes_text(verdict.codes, messages)
    )
    if verdict.doubts:
        said += messages.history("uncertain", codes=codes_text(verdict.doubts, messages))
    return said


def source_text(source: str) -> str:
    """The first of a source's alternatives (``a | b | c``), saying how many more there are."""
    parts = [part.strip() for part in source.split(" | ") if part.strip()]
    if len(parts) <= 1:
        return source.strip()
    return f"{parts[0]} (+{len(parts) - 1})"


def cause_lines(cause: Cause, messages: Messages, indent: str) -> list[str]:
    lines = [indent + messages.history("because", text=cause.text)]
    if cause.source:
        lines.append(indent + "  " + messages.history("source", source=source_text(cause.source)))
    return lines


def period_lines(period: Period, messages: Messages) -> list[str]:
    lines = [f"  {span_text(period.start, period.end, messages):<26}  {verdict_text(period.verdict, messages)}"]
    if period.verdict.cards:
        lines.append("      " + messages.history("cards", cards=", ".join(period.verdict.cards)))
    for cause in period.because:
        lines.extend(cause_lines(cause, messages, "      "))
    return lines


def render_history_text(histories: Sequence[DeckHistory], lang: str) -> str:
    """Every history, one block each."""
    messages = Messages(lang)
    out: list[str] = []
    for history in histories:
        if out:
            out.append("")
        periods = len(history.periods)
        out.append(messages.history("header", deck=history.deck, format=history.format_name, id=history.format,
                                    periods=periods))
        for period in history.periods:
            out.extend(period_lines(period, messages))
    return "\n".join(out) + "\n" if out else ""


def render_history_json(histories: Sequence[DeckHistory]) -> str:
    """One object per deck and format; several as a list."""
    documents = [history.to_dict() for history in histories]
    return dumps(documents[0] if len(documents) == 1 else documents)


def render_diff_text(diff: dict[str, Any], lang: str) -> str:
    """``formats diff`` as text: a header, then one line per difference with its day and source."""
    messages = Messages(lang)
    header = messages.history("diff_header", format=diff["format_name"], id=diff["format"],
                              start=diff["from"], end=diff["to"])
    out = [header]
    for change in diff["changes"]:
        kind = messages.history(f"kind_{change['kind']}")
        if "since" in change:
            day = messages.history("diff_from", day=change["since"])
        else:
            day = messages.history("diff_until", day=change["until"])
        out.append("  " + messages.history("diff_line", kind=kind, what=change["what"], day=day))
        if change.get("source"):
            out.append("      " + messages.history("source", source=source_text(change["source"])))
    if not diff["changes"]:
        out.append("  " + messages.history("diff_none"))
    return "\n".join(out) + "\n"

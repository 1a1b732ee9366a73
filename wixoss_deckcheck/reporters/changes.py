"""The report of ``audit --changed-since``: the decks whose verdict changed, each with the
changes of the tables that made the difference, as text, JSON or GitHub annotations."""

from __future__ import annotations

import json

from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.history import Cause, ChangedReport, DeckChange, Verdict
from wixoss_deckcheck.reporters.github_report import command, plain_line
from wixoss_deckcheck.reporters.history import source_text, verdict_text

#: The ``-O`` formats ``--changed-since`` writes.
CHANGED_FORMATS = ("text", "json", "github")


def _cause_key(change: DeckChange) -> str:
    if change.became_illegal:
        return "became_illegal"
    if change.after.legal and not change.before.legal:
        return "became_legal"
    return "changed_on"


def deck_line(change: DeckChange, messages: Messages) -> str:
    return messages.history(
        "changed_deck",
        deck=change.deck,
        format=change.format,
        before=verdict_text(change.before, messages),
        start=change.before_day,
        after=verdict_text(change.after, messages),
        end=change.after_day,
    )


def cause_text(change: DeckChange, cause: Cause, messages: Messages) -> str:
    return messages.history(_cause_key(change), day=cause.day, text=cause.text)


def _cards_line(verdict: Verdict, messages: Messages) -> list[str]:
    return ["      " + messages.history("cards", cards=", ".join(verdict.cards))] if verdict.cards else []


def render_changed_text(report: ChangedReport) -> str:
    messages = Messages(report.lang)
    out = [messages.history("changed_header", start=report.since, end=report.as_of)]
    for change in report.changes:
        out.append("  " + deck_line(change, messages))
        out.extend(_cards_line(change.after, messages))
        for cause in change.because:
            out.append("      " + cause_text(change, cause, messages))
            if cause.source:
                out.append("        " + messages.history("source", source=source_text(cause.source)))
    if not report.changes:
        out.append("  " + messages.history("changed_none"))
    out.append(_summary(report, messages))
    return "\n".join(out) + "\n"


def _summary(report: ChangedReport, messages: Messages) -> str:
    counts = report.counts
    return messages.history(
        "changed_summary",
        decks=counts["total"],
        start=report.since,
        end=report.as_of,
        changed=counts["changed"],
        illegal=counts["became_illegal"],
        legal=counts["became_legal"],
    )


def render_changed_json(report: ChangedReport) -> str:
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"


def render_changed_github(report: ChangedReport) -> str:
    """One annotation per deck whose verdict changed: an error when it became illegal, a
    warning when it stayed illegal in another way, a notice when it became legal."""
    messages = Messages(report.lang)
    out = []
    for change in report.changes:
        kind = "error" if change.became_illegal else ("notice" if change.after.legal else "warning")
        causes = "; ".join(cause_text(change, cause, messages) for cause in change.because)
        text = deck_line(change, messages) + (f" — {causes}" if causes else "")
        out.append(command(kind, text, file=change.deck, line=1, title=messages.history(_cause_key(change) + "_title")))
    out.append(plain_line(_summary(report, messages)))
    return "\n".join(out) + "\n"


def render_changed(output_format: str, report: ChangedReport) -> str:
    """The report in one of :data:`CHANGED_FORMATS`."""
    if output_format == "json":
        return render_changed_json(report)
    if output_format == "github":
        return render_changed_github(report)
    return render_changed_text(report)

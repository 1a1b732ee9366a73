"""Wording the merge report: one readable line per entry (``cardpool build -v``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.importers.source import ImportedSource


def construction_entries(imported: ImportedSource, seen: set[tuple[str, str]]) -> Iterator[dict]:
    """A report entry for each card text about what a deck may hold (once per number and
    sentence), with the limits the pool derived from it (``value``; None when none)."""
    for record in imported.records:
        for sentence in record.get("_construction", ()):
            if (record["number"], sentence) in seen:
                continue
            seen.add((record["number"], sentence))
            yield {
                "kind": "construction",
                "source": imported.name,
                "number": record["number"],
                "note": sentence,
                "value": record.get("deck_limits") or None,
            }


def describe_entry(entry: dict, kept: Callable[[str, str], str] | None = None) -> str:
    """One line for a merge-report entry, e.g. ``WX01-051 life_burst: wixossreact=True,
    webxoss=False (WD06-016, …); kept True (wixossreact)``; ``kept(value, source)`` words the
    value kept in the run's language (the ``cli.pool_kept`` message; default English). The
    field and source names are the pool's own, in every language."""
    if entry["kind"] != "conflict":
        return f"{entry['kind']} {entry.get('source', '')} {entry.get('number', '')}: {entry.get('note', '')}".strip()
    parts = []
    for label, value in entry["values"].items():
        printed = entry.get("printed", {}).get(label)
        shown = f"{label}={_show(value)}"
        if printed:
            more = f", +{len(printed) - 3}" if len(printed) > 3 else ""
            shown += f" ({', '.join(printed[:3])}{more})"
        parts.append(shown)
    value, source = _show(entry.get("value")), str(entry.get("kept"))
    said = kept(value, source) if kept is not None else f"kept {value} ({source})"
    return f"{entry['number']} {entry['field']}: {'; '.join(parts)}; {said}"


def _show(value: object) -> str:
    if isinstance(value, list):
        return "/".join(value) if value else "colourless"
    return str(value)

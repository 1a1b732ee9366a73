"""A deck onto the official decklist sheet, and a deck as plain text: what ``sheet`` and
``serve`` both do with a deck that has been read.

The deck is resolved against the pool first; a card the pool cannot name stops the sheet
(an input error naming its line), so the sheet never holds a guess. openpyxl is imported
only when a sheet is written (:mod:`wixoss_deckcheck.decklist.sheet_write`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.decklist.headings import date_value
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.messages import default_language
from wixoss_deckcheck.model.deck import Deck
from wixoss_deckcheck.model.resolved import ResolvedDeck
from wixoss_deckcheck.pool.cardpool import CardPool
from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format

#: The seats of the 3-on-3 team sheet.
SEATS = ("A", "B", "C")


def refuse_bad_seat(team: bool, seat: str | None) -> None:
    """A seat is for the team sheet only, and one of A, B, C."""
    if seat and not team:
        raise UsageError("--seat is for the 3-on-3 team sheet: add --team")
    if seat and seat not in SEATS:
        raise UsageError(f"the seat is A, B or C, not {seat!r}")


def resolve_for_sheet(deck: Deck, pool: CardPool) -> ResolvedDeck:
    """The deck resolved against the pool; a card the pool cannot name stops the sheet (exit 2)."""
    checker = Checker(
        pool, load_format(deck.format if deck.format in builtin_format_ids() else None), None, default_language()
    )
    resolved, problems = checker.resolve(deck)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InputError(f"{first.code} {first.message}{more}; the sheet is not written", deck.path, first.line)
    return resolved


def center_of(resolved: ResolvedDeck) -> str | None:
    """The LRIG type of the deck's one level-0 LRIG (with three, the player chooses the center)."""
    zeros = resolved.level_zero_lrigs
    if len(zeros) == 1 and zeros[0].card.lrig_types:
        return "/".join(zeros[0].card.lrig_types)
    return None


#: What a sheet's field may not hold: C0 and C1 controls, lone surrogates, U+FFFE and U+FFFF
#: (openpyxl refuses the controls; the others make a workbook Excel cannot open).
_UNWRITABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def sheet_fields(
    resolved: ResolvedDeck, given: Mapping[str, str | None], option: str = "--event-date"
) -> dict[str, str]:
    """The header fields of the sheet: those given (``nickname``, ``selector_id``,
    ``event_date``, ``venue``, ``center``, ``seat``), the event date read as Japanese write
    dates (``option`` names it in an error), else the deck's date; the center, else the
    deck's one level-0 LRIG's type. Empty fields are left out."""
    fields = dict(given)
    for key, value in fields.items():
        if value and _UNWRITABLE.search(value):
            option = "--" + key.replace("_", "-")
            raise UsageError(f"{option} holds a control character or a noncharacter (U+FFFE, U+FFFF), "
                             "which a workbook cannot hold")
    event_date = fields.get("event_date")
    fields["event_date"] = date_value(event_date, option) if event_date else resolved.deck.date
    if fields.get("center") is None:
        fields["center"] = center_of(resolved)
    return {key: value for key, value in fields.items() if value}


def official_sheet(
    resolved: ResolvedDeck, fields: Mapping[str, str], team: bool = False,
    template: bytes | None = None, template_path: str | None = None,
) -> bytes:
    """The ``.xlsx`` bytes of the official sheet of a resolved deck (individual or team)."""
    from wixoss_deckcheck.decklist.sheet_write import plan_rows, write_sheet  # openpyxl: only for a sheet

    return write_sheet(plan_rows(resolved), dict(fields), team, template, template_path)


def deck_text(resolved: ResolvedDeck, lang: str | None = None) -> str:
    """The deck as a plain-text decklist every reader reads back: its format and date
    headers, then ``count NUMBER  # name`` per card (the name in ``lang``), main deck first."""
    deck = resolved.deck
    lines = [f"# {key}: {value}" for key, value in (("name", deck.name), ("format", deck.format),
                                                    ("date", deck.date)) if value]
    for section in ("main", "lrig"):
        lines.append(f"[{section}]")
        for entry in resolved.section(section):
            name = entry.card.display_name(lang or "ja")
            lines.append(f"{entry.entry.count} {entry.number}  # {' '.join(name.split())}")
    return "\n".join(lines) + "\n"

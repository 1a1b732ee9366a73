"""CSV for a spreadsheet: one row per violation, and one row for a deck without any.

Columns: ``path, verdict, format, as_of, code, name, severity, line, section, cards,
message``. ``verdict`` is ``legal``, ``illegal`` or ``unreadable``; an unreadable deck
has its error in ``message`` and the code ``input-error``. ``--excel`` adds a UTF-8
byte-order mark and CRLF line ends, so Excel opens the file with Japanese and Chinese intact.
"""

from __future__ import annotations

import csv
import io

from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.reporters.ci_common import (
    INPUT_ERROR_ID,
    log_path,
    log_text,
    no_workflow_commands,
    violation_line,
)
from wixoss_deckcheck.reporters.registry import reporter

#: A cell a spreadsheet would run as a formula starts with one of these; such cells get a leading '.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

COLUMNS = ("path", "verdict", "format", "as_of", "code", "name", "severity", "line", "section", "cards", "message")


def _cell(value: object) -> str:
    """A cell as text: its control characters escaped (a card name's line break cannot start
    a line of the log), and a ``'`` first when a spreadsheet would run it as a formula."""
    text = "" if value is None else str(value) if value.__class__ is int else log_text(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


#: What Excel needs to read UTF-8 (else it guesses the ANSI code page and garbles Japanese).
BOM = "\ufeff"


@reporter("csv")
def render_csv(report: RunReport, excel: bool = False, **_options: object) -> str:
    """The CSV text; ``excel``: a UTF-8 byte-order mark first and CRLF line ends, as Excel expects."""
    buffer = io.StringIO()
    if excel:
        buffer.write(BOM)
    writer = csv.writer(buffer, lineterminator="\r\n" if excel else "\n")
    writer.writerow(COLUMNS)
    for result in report.results:
        writer.writerows([_cell(log_path(str(row[0]))), *(_cell(value) for value in row[1:])] for row in _rows(result))
    return no_workflow_commands(buffer.getvalue())


def _rows(result: DeckResult) -> list[tuple[object, ...]]:
    """A deck's rows: one per violation, one for a deck without any, its error when unreadable
    (None is an empty cell)."""
    if result.error is not None:
        error = result.error
        where = (result.path, "unreadable", result.format, result.as_of)
        return [where + (INPUT_ERROR_ID, "unreadable-deck", "error", error.line or "", "", "", error.message)]
    head = (result.path, "legal" if result.legal else "illegal", result.format, result.as_of)
    if not result.violations:
        return [head + ("", "", "", "", "", "", "")]
    return [
        head
        + (
            violation.code,
            violation.name,
            violation.severity,
            violation_line(violation) or "",
            violation.section,
            " ".join(violation.cards),
            violation.message,
        )
        for violation in result.violations
    ]

"""GitHub Actions workflow commands: annotations on the decklist lines of a pull request.

Each deck is a collapsible group; each violation is one line::

    ::group::decks/blue.txt
    ::error file=decks/blue.txt,line=12,title=WX102::Too many copies of ...
    ::warning file=decks/blue.txt,line=3,title=WX130::...
    ::endgroup::

Errors become ``::error``, warnings ``::warning``; a deck that cannot be read is an
``::error`` with the title ``input-error``. A finding about the whole deck (its
size, say) points at the first line of its section (see checking/placing.py).
Values are escaped as the Actions runner expects.
"""

from __future__ import annotations

from wixoss_deckcheck.errors import MAX_PATH, printable
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.reporters.ci_common import INPUT_ERROR_ID, violation_line
from wixoss_deckcheck.reporters.registry import reporter


def escape_data(text: str) -> str:
    """Escape a message (the part after ``::``): the runner's escapes for ``%``, CR and LF,
    and every other control character as a visible ``\\xNN`` (log viewers act on ESC)."""
    text = str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return printable(text, limit=MAX_PATH * 2)


def plain_line(text: str) -> str:
    """A line that is not a workflow command: escaped like data, and never starting with
    ``::`` (a file named ``::error::x.txt`` must not become an annotation)."""
    text = escape_data(text)
    stripped = text.lstrip()  # the runner reads a command after leading spaces too
    return "%3A" + stripped[1:] if stripped.startswith("::") else text


def escape_property(text: str) -> str:
    """Escape a property value (``file=``, ``title=``)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, **properties: object) -> str:
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items() if value is not None)
    return f"::{kind}{' ' + props if props else ''}::{escape_data(message)}"


@reporter("github")
def render_github(report: RunReport, **_options: object) -> str:
    """A group of annotations per deck, then the counts (plain lines, never commands)."""
    messages = Messages(report.lang)
    out: list[str] = []
    for problem in report.list_problems:
        kind = "error" if problem["severity"] == "error" else "warning"
        out.append(command(kind, problem["message"], title="list"))
    for result in report.results:
        out.append(f"::group::{escape_data(result.path)}")
        out.extend(_deck_commands(result, messages))
        out.append("::endgroup::")
    counted = "checked" if report.command == "check" else "audited"
    out.append("wixoss-deckcheck: " + messages.report(counted, **report.counts))
    codes = report.per_code()
    if codes:
        out.append("violations per code: " + ", ".join(f"{code} {count}" for code, count in codes.items()))
    return "\n".join(out) + "\n"


def _deck_commands(result: DeckResult, messages: Messages) -> list[str]:
    """A deck's annotations: its error, or one per violation and the verdict line."""
    if result.error is not None:
        error = result.error
        return [command("error", error.message, file=result.path, line=error.line or 1, title=INPUT_ERROR_ID)]
    out = []
    for violation in result.violations:
        kind = "error" if violation.is_error else "warning"
        message = f"{violation.message} [{violation.name}]"
        out.append(command(kind, message, file=result.path, line=violation_line(violation) or 1, title=violation.code))
    verdict = messages.report("legal" if result.legal else "illegal")
    counts = {"errors": len(result.errors()), "warnings": len(result.warnings())}
    out.append(plain_line(messages.report("audit_deck", path=result.path, verdict=verdict, **counts)))
    return out

"""JUnit XML: one test case per deck, so any CI test view shows which decks fail and why.

A deck that breaks a rule is a ``<failure>`` whose text lists every violation as
``path:line: CODE severity [name] message``; with ``--strict`` a warning fails too.
A deck that cannot be read is an ``<error>``. Warnings of a passing deck are in its
``<system-out>``.
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.model.violation import Violation
from wixoss_deckcheck.reporters.ci_common import (
    INPUT_ERROR_ID,
    deck_fails,
    finding_text,
    no_workflow_commands,
    violation_line,
)
from wixoss_deckcheck.reporters.registry import reporter

#: JUnit's own texts (counts on the failure element) are English, as its readers expect.
_english = Messages("en")


def _violation_line(path: str, violation: Violation) -> str:
    return finding_text(
        path, violation_line(violation), violation.code, violation.severity, violation.name, violation.message
    )


def _xml_text(text: str) -> str:
    """Drop characters XML 1.0 cannot carry (a decklist may contain anything)."""
    return "".join(
        ch
        for ch in text
        if ch in "\t\n\r" or (" " <= ch <= "\ud7ff") or ("\ue000" <= ch <= "\ufffd") or ch >= "\U00010000"
    )


@reporter("junit")
def render_junit(report: RunReport, strict: bool | None = None, **_options: object) -> str:
    """One test suite, a test case per deck (``strict``: warnings fail too; default: the run's)."""
    strict = report.strict if strict is None else strict
    suite = ET.Element("testsuite", name="wixoss-deckcheck")
    outcomes = [_test_case(suite, result, strict) for result in report.results]
    total, failures, errors = len(report.results), outcomes.count("failure"), outcomes.count("error")
    suite.set("tests", str(total))
    suite.set("failures", str(failures))
    suite.set("errors", str(errors))
    suite.set("skipped", "0")
    root = ET.Element(
        "testsuites", name="wixoss-deckcheck", tests=str(total), failures=str(failures), errors=str(errors)
    )
    root.append(suite)
    ET.indent(root)
    xml = ET.tostring(root, encoding="unicode")  # a line starting with "::" is only ever text: escaped
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + no_workflow_commands(xml) + "\n"


def _test_case(suite: ET.Element, result: DeckResult, strict: bool) -> str:
    """Add the test case of a deck to ``suite``; its outcome: ``error``, ``failure`` or ``pass``."""
    name = _xml_text(result.path)
    case = ET.SubElement(
        suite, "testcase", name=name, classname=f"wixoss-deckcheck.{result.format or 'deck'}", file=name
    )
    if result.error is not None:
        error = ET.SubElement(case, "error", message=_xml_text(result.error.message), type=INPUT_ERROR_ID)
        error.text = _xml_text(str(result.error))
        return "error"
    lines = _xml_text("\n".join(_violation_line(result.path, v) for v in result.violations))
    if deck_fails(result, strict):
        shown = result.violations if strict else result.errors()
        codes = sorted({v.code for v in shown})
        counts = (
            f"{_english.plural('error', len(result.errors()))}, {_english.plural('warning', len(result.warnings()))}"
        )
        failure = ET.SubElement(
            case, "failure", type=",".join(codes), message=_xml_text(f"{counts}: " + ", ".join(codes))
        )
        failure.text = lines
        return "failure"
    if result.violations:
        ET.SubElement(case, "system-out").text = lines
    return "pass"

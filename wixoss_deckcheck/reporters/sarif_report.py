"""SARIF 2.1.0: the static-analysis format GitHub code scanning and many CI tools read.

One run of the tool ``wixoss-deckcheck``; its rules are every registered check (id =
stable code, name, one-line and full help text, default level) plus ``input-error``
for a deck that cannot be read. Each violation is a result pointing at the deck
file and, when it has one, the decklist line. Relative deck paths are relative to
``%SRCROOT%``, the directory the tool ran in.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from wixoss_deckcheck import __version__
from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.reporters.ci_common import INPUT_ERROR_ID, violation_line
from wixoss_deckcheck.reporters.registry import reporter

SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"


def _rules() -> list[dict[str, Any]]:
    """Every registered check as a SARIF rule, then ``input-error``."""
    rules = []
    for code in sorted(BY_CODE):
        info = BY_CODE[code]
        rules.append(
            {
                "id": code,
                "name": info.slug,
                "shortDescription": {"text": info.summary},
                "fullDescription": {"text": info.doc or info.summary},
                "help": {"text": f"{code} {info.slug}: {info.doc or info.summary}"},
                "defaultConfiguration": {"level": "error" if info.severity == "error" else "warning"},
                "properties": {"kind": info.kind},
            }
        )
    rules.append(
        {
            "id": INPUT_ERROR_ID,
            "name": "unreadable-deck",
            "shortDescription": {"text": "The decklist could not be read or parsed."},
            "fullDescription": {
                "text": "The file is missing, binary, too large, in an unknown encoding, or not a "
                "decklist in any supported format (text, YAML, JSON, Cockatrice .cod)."
            },
            "help": {"text": "Fix the file at the line named in the message; nothing else in it was checked."},
            "defaultConfiguration": {"level": "error"},
        }
    )
    return rules


def artifact_location(path: str) -> dict[str, str]:
    """A SARIF artifactLocation: a ``file:`` URI for an absolute path, else relative to %SRCROOT%."""
    target = Path(path)
    if target.is_absolute():
        return {"uri": target.as_uri()}
    return {"uri": quote(target.as_posix()), "uriBaseId": SRCROOT}


def _location(path: str, line: int | None) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": artifact_location(path)}
    if line and line >= 1:
        physical["region"] = {"startLine": line}
    return {"physicalLocation": physical}


def _results(result: DeckResult, index: dict[str, int]) -> list[dict[str, Any]]:
    """The SARIF results of one deck: its input error, or one per violation."""
    if result.error is not None:
        return [
            {
                "ruleId": INPUT_ERROR_ID,
                "ruleIndex": index[INPUT_ERROR_ID],
                "level": "error",
                "message": {"text": result.error.message},
                "locations": [_location(result.path, result.error.line or 1)],  # code scanning needs a line
            }
        ]
    out = []
    for violation in result.violations:
        entry: dict[str, Any] = {
            "ruleId": violation.code,
            "level": "error" if violation.is_error else "warning",
            "message": {"text": violation.message},
            "locations": [_location(result.path, violation_line(violation))],
            "properties": {
                "name": violation.name,
                "section": violation.section,
                "cards": list(violation.cards),
                "kind": violation.kind,
            },
        }
        if violation.code in index:
            entry["ruleIndex"] = index[violation.code]
        out.append(entry)
    return out


def build_sarif(report: RunReport) -> dict[str, Any]:
    """The SARIF log as a JSON-ready dict."""
    rules = _rules()
    index = {rule["id"]: position for position, rule in enumerate(rules)}
    results = [item for result in report.results for item in _results(result, index)]
    notifications = [
        {"level": "error" if problem["severity"] == "error" else "warning", "message": {"text": problem["message"]}}
        for problem in report.list_problems
    ]
    invocation: dict[str, Any] = {"executionSuccessful": True}
    if notifications:
        invocation["toolConfigurationNotifications"] = notifications
    run = {
        "tool": {
            "driver": {
                "name": "wixoss-deckcheck",
                "version": __version__,
                "semanticVersion": __version__,
                "rules": rules,
            }
        },
        "originalUriBaseIds": {SRCROOT: {"uri": Path(os.getcwd()).as_uri().rstrip("/") + "/"}},
        "invocations": [invocation],
        "results": results,
        "properties": {"format": report.format, "asOf": report.as_of, "summary": report.counts},
    }
    return {"$schema": SARIF_SCHEMA_URI, "version": "2.1.0", "runs": [run]}


@reporter("sarif")
def render_sarif(report: RunReport, **_options: object) -> str:
    return json.dumps(build_sarif(report), ensure_ascii=False, indent=2) + "\n"

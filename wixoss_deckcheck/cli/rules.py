"""``wixoss-deckcheck rules``: every check code with its name, severity, doc and where it is used."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.checks.registry import CheckInfo
from wixoss_deckcheck.cli.habits import verbosity
from wixoss_deckcheck.cli.options import lang_option, text_or_json_option
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.tables.dates import span_text
from wixoss_deckcheck.tables.loading import Rule, builtin_format_ids, load_format

#: The checks of Mayu's Room: every format whose table has a Mayu's Room list uses them.
_MAYUS_ROOM_CHECKS = ("mayus-room-banned", "mayus-room-limit", "mayus-room-pair", "mayus-room-one-way")


def _usage() -> tuple[dict[str, list[str]], dict[str, list[dict[str, Any]]]]:
    """For each check slug, the built-in formats (and dates) whose tables use it, and each
    such rule with its source and note (the readings still unverified say so)."""
    used: dict[str, list[str]] = {}
    sources: dict[str, list[dict[str, Any]]] = {}
    for format_id in builtin_format_ids():
        table = load_format(format_id)
        for rule in table.rules:
            span = f" ({span_text(rule.since, rule.until)})" if (rule.since or rule.until) else ""
            used.setdefault(rule.check, []).append(f"{format_id}{span}")
            entry = _rule_entry(format_id, rule)
            if entry not in sources.setdefault(rule.check, []):
                sources[rule.check].append(entry)
        if table.mayus_room:
            for slug in _MAYUS_ROOM_CHECKS:
                used.setdefault(slug, []).append(f"{format_id} (Mayu's Room list)")
    return used, sources


def _rule_entry(format_id: str, rule: Rule) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "format": format_id,
        "rule": rule.id,
        "in_force": span_text(rule.since, rule.until),
        "params": dict(rule.params),
        "source": " ".join((rule.source or "").split()),
    }
    if rule.note:
        entry["note"] = " ".join(rule.note.split())
    entry["unverified"] = "UNVERIFIED" in (rule.note or "") + (rule.source or "")
    return entry


def _used_by(info: CheckInfo, used: dict[str, list[str]], say: Callable[..., str]) -> list[str]:
    """Where a check runs: every format (input checks), a command, or the formats that use it."""
    by_kind = {
        "input": say("rules_every_format"),
        "play": "check --play",
        "replay": "replay (game records)",
        "sheet": say("rules_sheet"),
    }
    if info.kind in by_kind:
        return [by_kind[info.kind]]
    return used.get(info.slug, [say("rules_no_format")])


@click.command("rules")
@text_or_json_option
@lang_option
def rules_command(output_format: str, lang: str | None) -> None:
    """List every check: stable code, name, severity, what it checks, and which formats use it.

    In Japanese and Chinese (--lang) each check is named and explained in that language
    (the stable code and name stay).
    """
    messages = Messages(current_language())
    used, sources = _usage()
    rows: list[dict[str, Any]] = [
        {
            "code": code,
            "name": info.slug,
            "summary": info.summary,
            "severity": info.severity,
            "kind": info.kind,
            "doc": info.doc,
            "used_by": _used_by(info, used, messages.cli),
            "rules": sources.get(info.slug, []),
        }
        for code, info in sorted(BY_CODE.items())
    ]
    if output_format == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    level = verbosity()
    for row in rows:
        if level < 0:  # -q: code and name only
            click.echo(f"{row['code']} {row['name']}")
        else:
            _echo_row(row, messages)


def _echo_row(row: dict[str, Any], messages: Messages) -> None:
    say = messages.cli
    english = messages.lang == "en"
    summary = row["summary"] if english else messages.check_name(str(row["code"]), str(row["summary"]))
    severity = messages.severity(str(row["severity"]))
    kind = say(f"kind_{row['kind']}")
    click.echo(f"{row['code']} {row['name']} ({severity}, {kind}): {summary}")
    click.echo(f"    {messages.check_doc(str(row['code']), str(row['doc']))}")
    click.echo(f"    {say('rules_used_by')}: {'; '.join(row['used_by'])}")
    for rule in row["rules"]:
        mark = f" [{say('rules_unverified')}]" if rule["unverified"] else ""
        params = f" ({_params_text(rule['params'])})" if rule["params"] else ""
        click.echo(f"    {rule['format']} {rule['in_force']}{params}{mark}: {say('rules_source')}: {rule['source']}")


def _params_text(value: Any) -> str:
    """A rule's parameters as the table writes them, on one line: ``max 20``, ``icons diva``
    (a check's doc names them; the numbers are the table's)."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {_params_text(item)}" for key, item in value.items())
    if isinstance(value, list):
        return "/".join(_params_text(item) for item in value) or "[]"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return str(value)

"""``wixoss-deckcheck rules``: every check code with its name, severity, doc and where it is used."""

from __future__ import annotations

import json
from typing import Any

import click

from wixoss_deckcheck.cli.options import lang_option, text_or_json_option


def _usage() -> tuple[dict[str, list[str]], dict[str, list[dict]]]:
    """For each check slug, the built-in formats (and dates) whose tables use it, and each
    such rule with its source and note (the readings still unverified say so)."""
    from wixoss_deckcheck.tables.dates import span_text
    from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format

    used: dict[str, list[str]] = {}
    sources: dict[str, list[dict]] = {}
    for format_id in builtin_format_ids():
        table = load_format(format_id)
        for rule in table.rules:
            span = f" ({span_text(rule.since, rule.until)})" if (rule.since or rule.until) else ""
            used.setdefault(rule.check, []).append(f"{format_id}{span}")
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
            if entry not in sources.get(rule.check, []):
                sources.setdefault(rule.check, []).append(entry)
        if table.mayus_room:
            for slug in ("mayus-room-banned", "mayus-room-limit", "mayus-room-pair", "mayus-room-one-way"):
                used.setdefault(slug, []).append(f"{format_id} (Mayu's Room list)")
    return used, sources


@click.command("rules")
@text_or_json_option
@lang_option
def rules_command(output_format, lang):
    """List every check: stable code, name, severity, what it checks, and which formats use it.

    In Japanese and Chinese (--lang) each check is named in that language (the stable
    code and name stay); the longer English doc follows with -v.
    """
    from wixoss_deckcheck.checks import BY_CODE
    from wixoss_deckcheck.messages import Messages, current_language

    messages = Messages(current_language())
    say = messages.cli
    used, sources = _usage()
    rows: list[dict[str, Any]] = []
    for code in sorted(BY_CODE):
        info = BY_CODE[code]
        if info.kind == "input":
            where = [say("rules_every_format")]
        elif info.kind == "play":
            where = ["check --play"]
        elif info.kind == "replay":
            where = ["replay (game records)"]
        elif info.kind == "sheet":
            where = [say("rules_sheet")]
        else:
            where = used.get(info.slug, [say("rules_no_format")])
        rows.append(
            {
                "code": code,
                "name": info.slug,
                "summary": info.summary,
                "severity": info.severity,
                "kind": info.kind,
                "doc": info.doc,
                "used_by": where,
                "rules": sources.get(info.slug, []),
            }
        )
    if output_format == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    from wixoss_deckcheck.cli.habits import verbosity

    level = verbosity()
    english = messages.lang == "en"
    for row in rows:
        if level < 0:  # -q: code and name only
            click.echo(f"{row['code']} {row['name']}")
            continue
        summary = row["summary"] if english else messages.check_name(str(row["code"]), str(row["summary"]))
        severity = messages.severity(str(row["severity"]))
        kind = say(f"kind_{row['kind']}")
        click.echo(f"{row['code']} {row['name']} ({severity}, {kind}): {summary}")
        if english or level > 0:
            click.echo(f"    {row['doc']}")
        click.echo(f"    {say('rules_used_by')}: {'; '.join(row['used_by'])}")
        for rule in row["rules"]:
            mark = f" [{say('rules_unverified')}]" if rule["unverified"] else ""
            click.echo(f"    {rule['format']} {rule['in_force']}{mark}: {say('rules_source')}: {rule['source']}")

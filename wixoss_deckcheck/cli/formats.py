"""``wixoss-deckcheck formats``: list the formats, or show one's rules as of a date."""

from __future__ import annotations

import json
from typing import Any

import click

from wixoss_deckcheck.checks import REGISTRY
from wixoss_deckcheck.cli.formats_diff import diff_command
from wixoss_deckcheck.cli.habits import verbosity
from wixoss_deckcheck.cli.options import lang_option, text_or_json_option
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.tables.dates import last_day, parse_day, today
from wixoss_deckcheck.tables.loading import FormatTable, Rule, builtin_format_ids, load_format
from wixoss_deckcheck.tables.mayus_room import MayuEntry


def _span(since: str | None, until: str | None) -> str:
    """A date range with inclusive ends, in the run's language (``from 2018-04-01``)."""
    say = Messages(current_language()).cli
    if since and until:
        return say("span_between", since=since, until=last_day(until))
    if since:
        return say("span_from", since=since)
    if until:
        return say("span_until", until=last_day(until))
    return say("span_always")


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


@click.group("formats", invoke_without_command=True)
@text_or_json_option
@lang_option
@click.pass_context
def formats_group(ctx: click.Context, output_format: str, lang: str | None) -> None:
    """List the formats with their date ranges (or `formats show ID`)."""
    if ctx.invoked_subcommand is not None:
        return
    tables = [load_format(format_id) for format_id in builtin_format_ids()]
    if output_format == "json":
        click.echo(_json([table.summary() for table in tables]))
    elif verbosity() < 0:  # -q: the ids only
        click.echo("\n".join(table.id for table in tables))
    else:
        _list_text(tables)


formats_group.add_command(diff_command)


def _list_text(tables: list[FormatTable]) -> None:
    messages = Messages(current_language())
    width = max(len(t.id) for t in tables)
    names = [t.display_name(messages.lang) for t in tables]
    name_width = max(15, *(len(name) for name in names))
    for table, name in zip(tables, names, strict=True):
        counts = messages.cli("formats_line", rules=len(table.rules), entries=len(table.mayus_room))
        click.echo(f"{table.id:<{width}}  {name:<{name_width}}  {_span(table.since, table.until):<14}  {counts}")


@formats_group.command("show")
@click.argument("format_id", required=False)
@click.option("--format-file", metavar="FILE", help="Show a format file of your own instead.")
@click.option("--as-of", "as_of", metavar="YYYY-MM-DD", help="Show the rules in force that day (default: today).")
@click.option("--all", "show_all", is_flag=True, help="Show every dated rule and entry, not only those in force.")
@text_or_json_option
@lang_option
def show_command(
    format_id: str | None,
    format_file: str | None,
    as_of: str | None,
    show_all: bool,
    output_format: str,
    lang: str | None,
) -> None:
    """Print the rules and Mayu's Room entries of FORMAT_ID in force on a day."""
    if not format_id and not format_file:
        raise click.UsageError("give a format id (all-star, key, diva) or --format-file")
    table = load_format(format_id, format_file)
    day = parse_day(as_of) if as_of else today()
    if not show_all:
        table.check_date(day)
    rules = table.rules if show_all else table.rules_in_force(day)
    entries = table.mayus_room if show_all else table.mayus_room_in_force(day)
    as_of = None if show_all else day
    if output_format == "json":
        click.echo(_json(_table_json(table, as_of, rules, entries)))
    else:
        _show_text(table, as_of, rules, entries)


def _table_json(
    table: FormatTable, as_of: str | None, rules: list[Rule], entries: list[MayuEntry]
) -> dict[str, Any]:
    return {
        "id": table.id,
        "name": table.name,
        "names": table.names,
        "since": table.since,
        "until": table.until,
        "as_of": as_of,
        "files": table.files,
        "rules": [_rule_json(rule) for rule in rules],
        "mayus_room": [_entry_json(entry) for entry in entries],
    }


def _show_text(table: FormatTable, as_of: str | None, rules: list[Rule], entries: list[MayuEntry]) -> None:
    """The rules and entries in force on ``as_of`` (every one when None), one a line."""
    messages = Messages(current_language())
    say = messages.cli
    click.echo(f"{table.display_name(messages.lang)} ({table.id}) — {_span(table.since, table.until)}")
    click.echo(say("formats_rules_on", day=as_of) if as_of else say("formats_every_rule"))
    for rule in rules:
        _echo_rule(rule, messages)
    click.echo(say("formats_mayu", entries=len(entries)))
    for entry in entries:
        click.echo(f"  {entry.kind:<8} {_cards(entry.cards)}: {_restriction(entry, messages)}  "
                   f"[{_span(entry.effective, entry.until)}]")


def _rule_json(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.id,
        "check": rule.check,
        "code": REGISTRY[rule.check].code,
        "params": rule.params,
        "severity": rule.severity or REGISTRY[rule.check].severity,
        "since": rule.since,
        "until": rule.until,
        "source": rule.source,
        "note": rule.note,
    }


def _entry_json(entry: MayuEntry) -> dict[str, Any]:
    return {
        "kind": entry.kind,
        "cards": list(entry.cards),
        "with": list(entry.with_cards),
        "limit": entry.limit,
        "announced": entry.announced,
        "effective": entry.effective,
        "until": entry.until,
        "source": entry.source,
        "confidence": entry.confidence,
        "note": entry.note,
    }


def _echo_rule(rule: Rule, messages: Messages) -> None:
    params = ", ".join(f"{k}={v}" for k, v in rule.params.items())
    dates = f"  [{_span(rule.since, rule.until)}]" if (rule.since or rule.until) else ""
    click.echo(f"  {REGISTRY[rule.check].code} {rule.id}: {params or '-'}{dates}")
    if rule.note:
        click.echo(f"      {messages.cli('formats_note')}: {' '.join(rule.note.split())}")


def _cards(refs: tuple[dict[str, Any], ...]) -> str:
    """The cards an entry names: each by its name, else by its numbers."""
    return " / ".join(ref.get("name") or ",".join(ref.get("numbers", [])) for ref in refs)


def _restriction(entry: MayuEntry, messages: Messages) -> str:
    say = messages.cli
    if entry.kind == "banned":
        return say("mayu_banned")
    if entry.kind == "limit":
        return say("mayu_limit", limit=entry.limit)
    return say("mayu_pair" if entry.kind == "pair" else "mayu_one_way", others=_cards(entry.with_cards))

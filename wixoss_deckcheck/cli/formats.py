"""``wixoss-deckcheck formats``: list the formats, or show one's rules as of a date."""

from __future__ import annotations

import json

import click

from wixoss_deckcheck.cli.options import lang_option, text_or_json_option


def _span(since: str | None, until: str | None) -> str:
    """A date range with inclusive ends, in the run's language (``from 2018-04-01``)."""
    from wixoss_deckcheck.messages import Messages, current_language
    from wixoss_deckcheck.tables.dates import last_day

    say = Messages(current_language()).cli
    if since and until:
        return say("span_between", since=since, until=last_day(until))
    if since:
        return say("span_from", since=since)
    if until:
        return say("span_until", until=last_day(until))
    return say("span_always")


@click.group("formats", invoke_without_command=True)
@text_or_json_option
@lang_option
@click.pass_context
def formats_group(ctx, output_format, lang):
    """List the formats with their date ranges (or `formats show ID`)."""
    if ctx.invoked_subcommand is not None:
        return
    from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format

    tables = [load_format(format_id) for format_id in builtin_format_ids()]
    if output_format == "json":
        click.echo(
            json.dumps(
                [
                    {
                        "id": t.id,
                        "name": t.name,
                        "names": t.names,
                        "since": t.since,
                        "until": t.until,
                        "rules": len(t.rules),
                        "mayus_room": len(t.mayus_room),
                        "file": t.files[-1],
                    }
                    for t in tables
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    from wixoss_deckcheck.cli.habits import verbosity

    if verbosity() < 0:  # -q: the ids only
        click.echo("\n".join(table.id for table in tables))
        return
    from wixoss_deckcheck.messages import Messages, current_language

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
def show_command(format_id, format_file, as_of, show_all, output_format, lang):
    """Print the rules and Mayu's Room entries of FORMAT_ID in force on a day."""
    from wixoss_deckcheck.checks import REGISTRY
    from wixoss_deckcheck.tables.dates import parse_day, today
    from wixoss_deckcheck.tables.loading import load_format

    if not format_id and not format_file:
        raise click.UsageError("give a format id (all-star, key, diva) or --format-file")
    table = load_format(format_id, format_file)
    day = parse_day(as_of) if as_of else today()
    if not show_all:
        table.check_date(day)
    rules = table.rules if show_all else table.rules_in_force(day)
    entries = table.mayus_room if show_all else table.mayus_room_in_force(day)
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "id": table.id,
                    "name": table.name,
                    "names": table.names,
                    "since": table.since,
                    "until": table.until,
                    "as_of": None if show_all else day,
                    "files": table.files,
                    "rules": [
                        {
                            "id": r.id,
                            "check": r.check,
                            "code": REGISTRY[r.check].code,
                            "params": r.params,
                            "severity": r.severity or REGISTRY[r.check].severity,
                            "since": r.since,
                            "until": r.until,
                            "source": r.source,
                            "note": r.note,
                        }
                        for r in rules
                    ],
                    "mayus_room": [
                        {
                            "kind": e.kind,
                            "cards": list(e.cards),
                            "with": list(e.with_cards),
                            "limit": e.limit,
                            "announced": e.announced,
                            "effective": e.effective,
                            "until": e.until,
                            "source": e.source,
                            "confidence": e.confidence,
                            "note": e.note,
                        }
                        for e in entries
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    from wixoss_deckcheck.messages import Messages, current_language

    messages = Messages(current_language())
    say = messages.cli
    name = table.display_name(messages.lang)
    click.echo(f"{name} ({table.id}) — {_span(table.since, table.until)}")
    click.echo(say("formats_every_rule") if show_all else say("formats_rules_on", day=day))
    for rule in rules:
        info = REGISTRY[rule.check]
        params = ", ".join(f"{k}={v}" for k, v in rule.params.items())
        dates = f"  [{_span(rule.since, rule.until)}]" if (rule.since or rule.until) else ""
        click.echo(f"  {info.code} {rule.id}: {params or '-'}{dates}")
        if rule.note:
            click.echo(f"      {say('formats_note')}: {' '.join(rule.note.split())}")
    click.echo(say("formats_mayu", entries=len(entries)))
    for entry in entries:
        cards = " / ".join(ref.get("name") or ",".join(ref.get("numbers", [])) for ref in entry.cards)
        others = " / ".join(ref.get("name") or ",".join(ref.get("numbers", [])) for ref in entry.with_cards)
        what = {
            "banned": say("mayu_banned"),
            "limit": say("mayu_limit", limit=entry.limit),
            "pair": say("mayu_pair", others=others),
            "one-way": say("mayu_one_way", others=others),
        }[entry.kind]
        click.echo(f"  {entry.kind:<8} {cards}: {what}  [{_span(entry.effective, entry.until)}]")

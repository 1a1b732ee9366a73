"""``wixoss-deckcheck cardpool ...``: build, update, install and inspect the card pool."""

from __future__ import annotations

import importlib
import itertools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from wixoss_deckcheck.cli.options import cardpool_option, lang_option, settings_pool
from wixoss_deckcheck.errors import UsageError, redact_credentials
from wixoss_deckcheck.files.dirs import installed_pool_path
from wixoss_deckcheck.files.text import check_output_path, refuse_same_outputs, write_atomic
from wixoss_deckcheck.importers.build import build_pool, discover_sources
from wixoss_deckcheck.importers.catalogue import SOURCE_ORDER, SOURCES
from wixoss_deckcheck.importers.common import build_pool_document, pool_counts, write_pool
from wixoss_deckcheck.importers.merge import MergeResult
from wixoss_deckcheck.importers.merge_report import describe_entry
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.pool.info import pool_summary
from wixoss_deckcheck.update.run import run_update
from wixoss_deckcheck.update.sources import user_sources_path

IMPORTERS = {
    "wixossreact": ("wixoss_deckcheck.importers.wixossreact", "import_wixossreact"),
}


@click.group("cardpool")
def cardpool_group() -> None:
    """Build, install and inspect the card pool."""


@cardpool_group.command("import")
@click.argument("source", type=click.Choice(sorted(IMPORTERS)))
@click.argument("directory", metavar="DIR")
@click.option(
    "-o", "--output", metavar="FILE", help="Write the pool to FILE (default: install it in the user data directory)."
)
@lang_option
def import_command(source: str, directory: str, output: str | None, lang: str | None) -> None:
    """Import a public card list from DIR into a card pool file.

    Without -o the pool is installed where every later command finds it.
    """
    if output is not None:
        check_output_path(output, source_files({source: Path(directory)}), "pool output")
    module_name, function_name = IMPORTERS[source]
    importer = getattr(importlib.import_module(module_name), function_name)
    cards, description = importer(directory)
    document = build_pool_document(cards, [description])
    target = Path(output) if output else installed_pool_path()
    write_pool(document, target)
    counts = pool_counts(document)
    say = Messages(current_language()).cli
    click.echo(say("pool_written_from", target=target, cards=counts["cards"], numbers=counts["numbers"], source=source))


@cardpool_group.command("build")
@click.option(
    "--from",
    "from_dir",
    metavar="DIR",
    help=f"A folder laid out like ../shared/carddata: {', '.join(s.folder + '/' for s in SOURCES)} "
    "(missing ones skipped).",
)
@click.option(
    "--source",
    "source_options",
    multiple=True,
    metavar="NAME=PATH",
    help=f"Give one source alone ({', '.join(SOURCE_ORDER)}); repeatable; overrides --from.",
)
@click.option(
    "-o", "--output", metavar="FILE", help="Write the pool to FILE (default: install it in the user data directory)."
)
@click.option("--report", "report_file", metavar="FILE", help="Also write the merge report alone to FILE (JSON).")
@click.option("-v", "--verbose", is_flag=True, help="List every conflict, not only the first ones.")
@lang_option
def build_command(
    from_dir: str | None,
    source_options: tuple[str, ...],
    output: str | None,
    report_file: str | None,
    verbose: bool,
    lang: str | None,
) -> None:
    """Merge every card source into one pool, and report where sources disagree.

    Each card keeps which source gave each of its fields; conflicts (a different
    level, colour, Life Burst or type for the same number) are listed, never
    silently resolved.
    """
    paths = _source_paths(from_dir, source_options)
    target = Path(output) if output is not None else installed_pool_path()
    inputs = source_files(paths)
    refuse_same_outputs({"-o": target, "--report": report_file})
    if output is not None:  # every output path is checked before the pool is built or replaced
        check_output_path(output, inputs, "pool output")
    if report_file is not None:
        check_output_path(report_file, [*inputs, target], "report")
    document, result = build_pool(paths)
    write_pool(document, target)
    if report_file is not None:
        write_atomic(report_file, json.dumps(result.report, ensure_ascii=False, indent=1) + "\n", inputs, "report")
    _echo_build(target, document, result, verbose)


#: At most this many files of the source folders are compared with an output path.
_SOURCE_FILES = 10_000


def source_files(paths: dict[str, Path]) -> list[Path]:
    """The sources given and the files in their folders (bounded): what an output may not replace."""
    found: list[Path] = []
    for path in paths.values():
        found.append(path)
        if path.is_dir():
            found.extend(itertools.islice(path.rglob("*"), _SOURCE_FILES))
    return found


def _source_paths(from_dir: str | None, source_options: tuple[str, ...]) -> dict[str, Path]:
    """Parser name -> path: the sources found in ``--from DIR``, then each ``--source NAME=PATH``."""
    paths: dict[str, Path] = discover_sources(from_dir) if from_dir else {}
    for option in source_options:
        name, sep, path = option.partition("=")
        if not sep or not name.strip() or not path.strip():
            raise UsageError(f"--source expects NAME=PATH, got {option!r}")
        if name.strip() not in SOURCE_ORDER:
            raise UsageError(f"unknown source {name.strip()!r} (known: {', '.join(SOURCE_ORDER)})")
        paths[name.strip()] = Path(path.strip())
    if not paths:
        raise UsageError("give --from DIR or at least one --source NAME=PATH")
    return paths


def _echo_build(target: Path, document: dict[str, Any], result: MergeResult, verbose: bool) -> None:
    say = Messages(current_language()).cli
    sources = ", ".join(f"{s['name']} ({s.get('cards', 0)})" for s in document["sources"])
    counts = result.counts
    click.echo(say("pool_written", target=target, cards=counts["cards"], numbers=counts["numbers"]))
    click.echo(say("pool_sources", sources=sources))
    conflicts = [entry for entry in result.report if entry["kind"] == "conflict"]
    hint = "" if verbose or not conflicts else say("pool_merge_hint")
    click.echo(say("pool_merge", conflicts=counts["conflicts"], unmatched=counts["unmatched"],
                   construction=counts.get("construction", 0), hint=hint))
    if verbose:
        def kept(value: str, source: str) -> str:
            return str(say("pool_kept", value=value, source=source))

        for entry in conflicts:
            click.echo(f"  {describe_entry(entry, kept)}")


@cardpool_group.command("info")
@settings_pool
@cardpool_option
@lang_option
def info_command(cardpool: str | None, lang: str | None) -> None:
    """Show what the card pool holds and where it came from."""
    summary = pool_summary(CardPool.load(locate_pool(cardpool)))
    messages = Messages(current_language())
    say = messages.cli
    click.echo(say("pool_info", path=summary["path"], origin=messages.named("pool_origins", summary["origin"])))
    unknown = say("pool_unknown")
    click.echo(say("pool_built", created=summary["created"] or unknown, generator=summary["generator"] or unknown))
    for source in summary["sources"]:
        click.echo(_source_line(say, source))
    click.echo(say("pool_cards", cards=summary["cards"], numbers=summary["numbers"], tokens=summary["tokens"]))
    recorded = say("pool_icons_recorded")
    formats = {recorded if name == "icons recorded" else name: n for name, n in summary["formats"].items()}
    click.echo(say("pool_formats", counts=_counts(formats)))
    click.echo(say("pool_types", counts=_counts({messages.card_type(t): n for t, n in summary["types"].items()})))
    series = [f"{name} {count}" for name, count in summary["series"].items()]
    click.echo(say("pool_series", count=len(series)))
    for start in range(0, len(series), 8):
        click.echo("  " + ", ".join(series[start : start + 8]))
    if summary["merge_report"]:
        kinds = {messages.named("pool_kinds", kind): n for kind, n in summary["merge_report"].items()}
        click.echo(say("pool_merge_kinds", counts=_counts(kinds)))


def _source_line(say: Callable[..., Any], source: dict[str, Any]) -> str:
    where = redact_credentials(str(source.get("url") or source.get("path") or ""))
    when = say("pool_retrieved", retrieved=source["retrieved"]) if source.get("retrieved") else ""
    return say("pool_source", name=source["name"], cards=source.get("cards", "?"), where=where, when=when)


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in counts.items())


@cardpool_group.command("update")
@click.option(
    "--source",
    "only",
    multiple=True,
    metavar="NAME",
    help="Download only this source (repeatable); the others are reused from the last update.",
)
@click.option(
    "--sources-file",
    metavar="FILE",
    help="A YAML file of your own sources or mirrors (default: $WIXOSS_DECKCHECK_SOURCES, then the user config).",
)
@click.option("-o", "--output", metavar="FILE", help="Update FILE instead of the installed pool.")
@click.option("--allow-removals", is_flag=True, help="Accept a new pool that lacks card numbers the old one had.")
@click.option("--full", is_flag=True, help="Re-check every official card page, not only new ones.")
@click.option("-v", "--verbose", is_flag=True, help="Say what is downloaded, file by file (on stderr).")
@lang_option
def update_command(
    only: tuple[str, ...],
    sources_file: str | None,
    output: str | None,
    allow_removals: bool,
    full: bool,
    verbose: bool,
    lang: str | None,
) -> None:
    """Download the card sources and replace the pool, safely.

    A failed or interrupted update leaves the previous pool byte-for-byte intact
    and says what failed (exit 2).
    """
    if output is not None:  # before any download: never onto a source file, a link, a device
        check_output_path(output, [path for path in (sources_file, user_sources_path(sources_file)) if path],
                          "pool output")
    target = Path(output) if output is not None else installed_pool_path()
    say = Messages(current_language()).cli
    outcome = run_update(
        target,
        only=list(only),
        sources_file=sources_file,
        allow_removals=allow_removals,
        full=full,
        progress=(lambda key, **args: click.echo(say(key, **args), err=True)) if verbose else lambda key, **args: None,
    )
    click.echo(outcome.summary(say))
    sys.exit(0)

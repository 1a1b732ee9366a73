"""Building the card pool from a folder of sources (``cardpool build --from DIR``).

``DIR`` is laid out like ``../shared/carddata``: each source in its own sub-folder
(:data:`SOURCE_LOCATIONS`); missing ones are skipped. ``cardpool update`` downloads
into the same layout, so both commands build the pool the same way.
"""

from __future__ import annotations

import csv
import importlib
from collections.abc import Mapping
from pathlib import Path

from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.importers.catalogue import BY_NAME, SOURCE_ORDER, SOURCES, merge_rank
from wixoss_deckcheck.importers.common import build_pool_document, pool_counts
from wixoss_deckcheck.importers.merge import MergeResult, merge_sources
from wixoss_deckcheck.importers.source import ImportedSource

#: Where each source lives inside a sources folder.
SOURCE_LOCATIONS = {source.name: source.folder for source in SOURCES}


def load_source(parser: str, path: str | Path) -> ImportedSource:
    """Run the importer ``parser`` on ``path``."""
    if parser not in BY_NAME:
        raise UsageError(f"unknown source {parser!r} (known: {', '.join(SOURCE_ORDER)})")
    kind = BY_NAME[parser]
    importer = getattr(importlib.import_module(kind.module), kind.function)
    try:
        return importer(Path(path))
    except (csv.Error, ValueError, RecursionError, TypeError, KeyError, AttributeError, IndexError) as exc:
        # Content that breaks a parser (a CSV field over 128 KiB, a number of 5,000 digits,
        # JSON nested 100,000 deep, a value of the wrong type): one line, never a traceback.
        detail = str(exc).splitlines()[0][:200] if str(exc) else ""
        raise InputError(f"the {parser} data does not parse ({type(exc).__name__}: {detail})", str(path)) from None


def discover_sources(directory: str | Path) -> dict[str, Path]:
    """The sources present in a sources folder, by parser name."""
    folder = Path(directory)
    if not folder.is_dir():
        raise InputError("not a directory of card sources", str(folder))
    found = {name: folder / location for name, location in SOURCE_LOCATIONS.items() if (folder / location).exists()}
    if not found:
        expected = ", ".join(f"{loc}/" for loc in SOURCE_LOCATIONS.values())
        raise InputError(f"no card source found (expected sub-folders such as {expected})", str(folder))
    return found


def build_pool(paths: Mapping[str, str | Path], notes: Mapping[str, dict] | None = None) -> tuple[dict, MergeResult]:
    """Import every source in ``paths`` (parser name → path), merge, and return the
    pool document (with its merge report) and the merge result."""
    return assemble_pool([load_source(parser, path) for parser, path in paths.items()], notes)


def assemble_pool(imported: list[ImportedSource], notes: Mapping[str, dict] | None = None) -> tuple[dict, MergeResult]:
    """Merge imported sources into a pool document; ``notes`` adds to each source's
    description (its URL, when it was retrieved)."""
    if not any(source.name in BY_NAME and BY_NAME[source.name].describes_cards for source in imported):
        raise UsageError("the English list only names cards: give at least one source that describes them")
    result = merge_sources(imported)
    descriptions = []
    for source in sorted(imported, key=lambda s: merge_rank(s.name)):
        description = dict(source.description)
        description.update((notes or {}).get(source.name, {}))
        descriptions.append(description)
    document = build_pool_document(result.cards, descriptions)
    document["merge_report"] = result.report
    result.counts.update(pool_counts(document))  # the pool as written: the corrections' prints too
    for source in imported:
        for name, link in source.links.items():
            document.setdefault(name, {}).update(link)
    return document, result

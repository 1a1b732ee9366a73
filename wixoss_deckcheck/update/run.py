"""One ``cardpool update``: download, build, check, then replace the pool atomically.

The installed pool is replaced only at the very end, by an atomic rename, after the
new pool was built, validated and compared with the old one. Any failure before
that (a download, a parser, the schema, a card number that would disappear) raises
:class:`UpdateError` and leaves the old pool byte-for-byte as it was.

Downloads are kept in ``<user data dir>/sources/<source name>/`` with their ETag /
Last-Modified (``state.json``), so the next update asks only for what changed, and
an update of one source (``--source NAME``) rebuilds with the others' last copies.
Newly downloaded files join that cache only once the new pool is installed.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError, UsageError, redact_credentials
from wixoss_deckcheck.files.dirs import user_data_dir
from wixoss_deckcheck.files.text import read_text_file, replace_atomically
from wixoss_deckcheck.importers.build import assemble_pool, load_source
from wixoss_deckcheck.importers.common import pool_numbers, write_pool
from wixoss_deckcheck.importers.source import ImportedSource
from wixoss_deckcheck.update.http import Fetcher
from wixoss_deckcheck.update.official import crawl
from wixoss_deckcheck.update.sources import SourceSpec, load_sources


class UpdateError(InputError):
    """An update that did not happen; the installed pool is unchanged."""


@dataclass
class UpdateOutcome:
    target: Path
    cards: int
    numbers: int
    added: int
    removed: int
    downloaded: dict[str, int] = field(default_factory=dict)
    unchanged: dict[str, int] = field(default_factory=dict)
    conflicts: int = 0

    def summary(self, say: Callable[..., str]) -> str:
        """The one line a finished update prints, in the words of ``say`` (``Messages.cli``)."""
        fetched = ", ".join(
            say("update_fetched", name=name, new=count, unchanged=self.unchanged.get(name, 0))
            for name, count in self.downloaded.items()
        ) or say("update_nothing")
        return say("update_installed", target=self.target, cards=self.cards, numbers=self.numbers, added=self.added,
                   removed=self.removed, downloads=fetched, conflicts=self.conflicts)


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(read_text_file(path, "state file"))
        return data if isinstance(data, dict) else {}
    except (InputError, ValueError, RecursionError):  # a missing or damaged state file: start afresh
        return {}


def _write_json(path: Path, data: dict) -> None:
    replace_atomically(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"), private=True)


def run_update(
    target: Path,
    *,
    only: list[str] | None = None,
    sources_file: str | None = None,
    allow_removals: bool = False,
    full: bool = False,
    progress: Callable[..., None] = lambda key, **args: None,
) -> UpdateOutcome:
    """Update the pool at ``target`` (see the module doc). ``progress(key, **args)`` hears of
    each file and list page (a ``cli:`` message key of the catalogues and its values)."""
    policy, specs = load_sources(sources_file)
    selected = _selected(specs, only)
    root = user_data_dir() / "sources"
    refuse_links(root, selected)
    staging = _new_staging(root)
    state_path = root / "state.json"
    state = _read_json(state_path)
    fetcher = Fetcher(policy)
    outcome: UpdateOutcome | None = None
    try:
        downloads = _download(selected, fetcher, root, staging, state, full, progress)
        outcome = _build_and_install(target, specs, root, staging, state, downloads, allow_removals)
        _commit(downloads, root, staging, state, state_path)
        return outcome
    except UsageError:
        raise
    except InputError as exc:
        raise UpdateError(f"update failed: {exc}; {_what_happened(outcome)}") from None
    except OSError as exc:  # the disk filled up, or the folder became read-only, meanwhile
        where = f"{exc.filename}: " if exc.filename else ""
        raise UpdateError(f"update failed: {where}{exc.strerror or exc}; {_what_happened(outcome)}") from None
    finally:
        fetcher.close()
        shutil.rmtree(staging, ignore_errors=True)


def _what_happened(outcome: UpdateOutcome | None) -> str:
    """What a failed update did to the pool, as it is: untouched, or (a failure after the
    install, while the download cache was saved) replaced by the new one."""
    if outcome is None:
        return "the installed pool is unchanged"
    return f"the new pool is installed at {outcome.target}, but the download cache was not saved"


def _selected(specs: list[SourceSpec], only: list[str] | None) -> list[SourceSpec]:
    """The sources to download: those named by ``--source``, else every default one."""
    by_name = {spec.name: spec for spec in specs}
    unknown = [name for name in only or [] if name not in by_name]
    if unknown:
        raise UsageError(f"unknown source {unknown[0]!r} (declared: {', '.join(by_name)})")
    return [by_name[name] for name in only] if only else [spec for spec in specs if spec.default]


def _new_staging(root: Path) -> Path:
    """A fresh staging folder under ``root`` holding this process's id (after removing those
    of updates that were killed)."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        remove_abandoned_staging(root)
        staging = Path(tempfile.mkdtemp(prefix=".update-", dir=str(root)))
        (staging / "pid").write_text(str(os.getpid()), encoding="ascii")
    except OSError as exc:  # a read-only or full data directory
        raise UpdateError(f"update failed: cannot write in {root}: {exc.strerror or exc}; "
                          "the installed pool is unchanged") from None
    return staging


def refuse_links(root: Path, specs: list[SourceSpec]) -> None:
    """A symbolic link where the update writes (the sources folder, a source's folder or
    crawl state, the official list pages, the state file) is refused, never written through."""
    places = [root, root / "state.json", root / ".official-lists"]
    for spec in specs:
        places += [root / spec.name, root / f"{spec.name}-crawl.json"]
    for place in places:
        if place.is_symlink():
            raise UpdateError(f"update failed: {place} is a symbolic link; it is not written through; "
                              "the installed pool is unchanged")


def remove_abandoned_staging(root: Path) -> None:
    """Remove the staging folders of updates that were killed (their process is gone),
    so a ``kill -9`` leaves nothing behind for long. A folder whose process still runs
    is another update's, and is left alone."""
    for folder in root.glob(".update-*"):
        try:
            pid = int((folder / "pid").read_text(encoding="ascii").strip() or "0")
        except (OSError, ValueError):
            pid = 0  # a staging folder of an older version, or killed before it wrote its pid
        if pid > 0 and pid != os.getpid():
            try:
                os.kill(pid, 0)
                continue  # still running
            except PermissionError:
                continue  # running, as another user
            except OSError:
                pass
        elif pid == os.getpid():
            continue
        shutil.rmtree(folder, ignore_errors=True)


def _download(
    selected: list[SourceSpec],
    fetcher: Fetcher,
    root: Path,
    staging: Path,
    state: dict,
    full: bool,
    progress: Callable[..., None],
) -> dict[str, list]:
    downloads: dict[str, list] = {}
    for spec in selected:
        if spec.crawler:
            counts = crawl(
                spec, fetcher, root / spec.name, root / f"{spec.name}-crawl.json", full=full, progress=progress
            )
            state.setdefault(spec.name, {})["_retrieved"] = _now()
            downloads[spec.name] = [("*", counts)]
            continue
        items = downloads.setdefault(spec.name, [])
        for file_name in spec.files:
            cached = root / spec.name / file_name
            validators = state.get(spec.name, {}).get(file_name) if cached.is_file() else None
            fetched = fetcher.fetch(
                spec.url_of(file_name),
                staging / spec.name / file_name,
                validators=validators,
                expect=spec.expect,
                content_types=spec.content_types,
            )
            progress("update_downloaded" if fetched.changed else "update_unchanged", source=spec.name, file=file_name)
            items.append((file_name, fetched))
    return downloads


def _source_folder(spec: SourceSpec, root: Path, staging: Path, downloads: dict) -> Path | None:
    """The folder the importer reads for ``spec``: this run's downloads over the cache."""
    if spec.crawler:
        folder = root / spec.name
        return folder if folder.is_dir() and any(folder.glob("*.html")) else None
    folder = staging / "build" / spec.name
    present = _gather_files(spec, root, staging, downloads, folder)
    if present == 0:
        return None
    if present < len(spec.files):
        raise InputError(f"{spec.name}: only {present} of its {len(spec.files)} files were ever downloaded")
    return folder / spec.files[0] if len(spec.files) == 1 else folder


def _gather_files(spec: SourceSpec, root: Path, staging: Path, downloads: dict, folder: Path) -> int:
    """Copy into ``folder`` each file of ``spec``: as downloaded by this run, else as cached;
    return how many there were."""
    fresh = {name for name, fetched in downloads.get(spec.name, []) if fetched.changed}
    present = 0
    for file_name in spec.files:
        source = staging / spec.name / file_name if file_name in fresh else root / spec.name / file_name
        if source.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, folder / file_name)
            present += 1
    return present


def _build_and_install(
    target: Path, specs: list[SourceSpec], root: Path, staging: Path, state: dict, downloads: dict, allow_removals: bool
) -> UpdateOutcome:
    imported, notes = _import_sources(specs, root, staging, state, downloads)
    document, result = assemble_pool(imported, notes)
    for description in document["sources"]:
        description.pop("path", None)  # a temporary folder: the URL says where it came from
    new_numbers = pool_numbers(document)
    old_numbers = pool_numbers(_read_json(target)) if target.is_file() else set()
    lost = sorted(old_numbers - new_numbers)
    if lost and not allow_removals:
        example = ", ".join(lost[:3])
        raise InputError(
            f"the new pool lacks {len(lost)} card number(s) the installed pool has ({example}); "
            "a source may be broken (--allow-removals accepts it)"
        )
    write_pool(document, target)
    downloaded, unchanged = _download_counts(downloads)
    return UpdateOutcome(
        target,
        result.counts["cards"],
        result.counts["numbers"],
        len(new_numbers - old_numbers),
        len(lost),
        downloaded,
        unchanged,
        result.counts["conflicts"],
    )


def _import_sources(
    specs: list[SourceSpec], root: Path, staging: Path, state: dict, downloads: dict
) -> tuple[list[ImportedSource], dict[str, dict]]:
    """Every source with files to read, imported, and the note each adds to its description
    in the pool (its name, URL, when retrieved); two sources may not share a parser."""
    imported: list[ImportedSource] = []
    notes: dict[str, dict] = {}
    used: dict[str, str] = {}
    for spec in specs:
        folder = _source_folder(spec, root, staging, downloads)
        if folder is None:
            continue
        if spec.parser in used:
            raise UsageError(
                f"sources {used[spec.parser]!r} and {spec.name!r} both use the {spec.parser} parser; "
                "give one of them another name's place (a mirror keeps the name)"
            )
        used[spec.parser] = spec.name
        try:
            imported.append(load_source(spec.parser, folder))
        except InputError as exc:
            where = redact_credentials(spec.base_url or spec.list_url)
            raise InputError(f"{spec.name} ({where}): {exc.message}") from None
        notes[spec.parser] = _note(spec, state, downloads)
    if not imported:
        raise InputError("no source has been downloaded yet")
    return imported, notes


def _note(spec: SourceSpec, state: dict, downloads: dict) -> dict:
    retrieved = _now() if spec.name in downloads else state.get(spec.name, {}).get("_retrieved")
    note: dict[str, Any] = {"source": spec.name, "url": redact_credentials(spec.base_url or spec.list_url)}
    if retrieved:
        note["retrieved"] = retrieved
    if not spec.crawler:
        note["files"] = len(spec.files)
    return note


def _download_counts(downloads: dict) -> tuple[dict[str, int], dict[str, int]]:
    """Per source, how many files came new and how many were unchanged."""
    downloaded = {
        name: sum(1 for _f, fetched in items if getattr(fetched, "changed", False)) for name, items in downloads.items()
    }
    unchanged = {
        name: sum(1 for _f, fetched in items if not getattr(fetched, "changed", True))
        for name, items in downloads.items()
    }
    return downloaded, unchanged


def _commit(downloads: dict, root: Path, staging: Path, state: dict, state_path: Path) -> None:
    """Move this run's downloads into the cache, with their validators."""
    for name, items in downloads.items():
        entry = state.setdefault(name, {})
        for file_name, fetched in items:
            if file_name == "*":
                continue
            if fetched.changed:
                (root / name).mkdir(parents=True, exist_ok=True)
                os.replace(staging / name / file_name, root / name / file_name)
            entry[file_name] = fetched.validators()
        entry["_retrieved"] = _now()
    _write_json(state_path, state)

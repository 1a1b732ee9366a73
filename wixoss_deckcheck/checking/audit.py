"""Batch audits: find every decklist under the given paths and check them all, in parallel.

:func:`expand_paths` turns command-line arguments (files, directories searched
recursively, glob patterns, and ``-`` for a list of paths on standard input) into
deck files. :func:`run_audit` checks them over worker processes
(:mod:`~wixoss_deckcheck.checking.workers`), each of which loads the card pool once,
and returns one :class:`~wixoss_deckcheck.model.results.RunReport` in the order the
decks were found. A deck that cannot be read or parsed becomes an input error for that
deck; the audit goes on. Nothing here prints.
"""

from __future__ import annotations

import fnmatch
import gc
import itertools
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.checking.session import CheckSession
from wixoss_deckcheck.decklist import DECK_SUFFIXES
from wixoss_deckcheck.decklist.reading import trust_tree
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.speed import garbage_collection_paused
from wixoss_deckcheck.tables.dates import parse_day, today

#: Below this many decks the audit runs in the calling process (starting workers costs more).
IN_PROCESS_LIMIT = 48
#: How deep an audit walks into folders (a folder or ``**``); a deeper one is a problem,
#: not entered. Issue 25: ``audit 'decks/**/*.txt'`` on a tree 1,000 folders deep.
MAX_AUDIT_DEPTH = 64
#: How many entries one folder may hold for an audit to list it (files and folders, hidden
#: ones too); a fuller folder is a problem, not listed: a folder of 1,000,000 files would
#: otherwise be read, sorted and held whole. A pattern without ``**`` is bounded alike.
MAX_FOLDER_ENTRIES = 100_000
_GLOB_CHARS = frozenset("*?[")


# -- finding the decks -------------------------------------------------------------------


def is_deck_file(name: str) -> bool:
    """A file name the audit treats as a decklist (by suffix; hidden files are skipped)."""
    return not name.startswith(".") and name.lower().endswith(DECK_SUFFIXES)


class AuditPaths(list):
    """The deck files an audit checks (a list of paths), and ``problems``: what the walk
    found and did not check, as (path, message) pairs (a folder it cannot read, a
    symbolic link leading outside the audited tree). Each problem becomes an input
    error of the report, so it is shown and makes the exit code 2."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[tuple[str, str]] = []


def _inside(path: str, root: str) -> bool:
    real = os.path.realpath(path)
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


#: What the walk says of a link it does not follow out of the tree.
OUTSIDE_TREE = "symbolic link leading outside the audited folder, not followed (--allow-outside follows it)"


def too_full() -> str:
    """What the walk says of a folder (or a pattern) with more than :data:`MAX_FOLDER_ENTRIES` entries."""
    return f"more than {MAX_FOLDER_ENTRIES:,} entries in one folder, not listed"


def _walk(directory: str, found: AuditPaths, follow_symlinks: bool = False,
          allow_outside: bool = False) -> Iterator[str]:
    """Deck files under ``directory``, recursively, sorted, skipping hidden folders.

    A folder that cannot be read is a problem, never silently skipped. A symbolic link
    to a file is followed when it stays inside ``directory``; a link to a folder inside it
    only with ``follow_symlinks`` (else the tree is walked once). A link that leads outside
    -- to a file or a folder, with ``follow_symlinks`` or not -- is a problem unless
    ``allow_outside``, so a pull request cannot make CI read ``/etc/passwd``. Each folder
    is entered once, so a link cycle cannot loop.
    """
    root = os.path.realpath(directory)
    trust_tree(root)  # its links are checked here: a deck under it may be read through one
    stack, entered = [(directory, 0)], set()
    while stack:
        folder, depth = stack.pop()
        if depth > MAX_AUDIT_DEPTH:
            found.problems.append((folder, f"more than {MAX_AUDIT_DEPTH} folders deep, not entered"))
            continue
        try:
            with os.scandir(folder) as listing:
                entries = list(itertools.islice(listing, MAX_FOLDER_ENTRIES + 1))
            info = os.stat(folder)
        except OSError as exc:
            found.problems.append((folder, f"cannot read this folder: {exc.strerror or exc}"))
            continue
        if (info.st_dev, info.st_ino) in entered:
            continue
        entered.add((info.st_dev, info.st_ino))
        if len(entries) > MAX_FOLDER_ENTRIES:
            found.problems.append((folder, too_full()))
            continue
        entries.sort(key=lambda entry: entry.name)
        folders: list[str] = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:  # is_dir and is_symlink may stat the entry: a file gone or unreadable meanwhile
                yield from _visit(entry, root, found, folders, (follow_symlinks, allow_outside))
            except OSError as exc:
                found.problems.append((entry.path, f"cannot read this entry: {exc.strerror or exc}"))
        stack.extend((path, depth + 1) for path in reversed(folders))


def _visit(entry: os.DirEntry[str], root: str, found: AuditPaths, folders: list[str],
           links: tuple[bool, bool]) -> Iterator[str]:
    """One entry of a folder the walk is in: a deck file (yielded), a folder to enter
    (added to ``folders``), a link leading outside (a problem), or nothing of the audit's.
    ``links``: (follow links to folders, follow links that lead outside)."""
    follow_symlinks, allow_outside = links
    link = entry.is_symlink()
    is_folder = entry.is_dir(follow_symlinks=True) if link else entry.is_dir(follow_symlinks=False)
    if not (is_folder or is_deck_file(entry.name)):
        return
    if link and not allow_outside and not _inside(entry.path, root):
        found.problems.append((entry.path, OUTSIDE_TREE))
    elif not is_folder:
        yield entry.path
    elif not link or follow_symlinks:
        folders.append(entry.path)


def expand_paths(arguments: Iterable[str], stdin_lines: Iterable[str] | None = None,
                 follow_symlinks: bool = False, allow_outside: bool = False) -> AuditPaths:
    """Deck files named by ``arguments``, in order, each once.

    A directory is searched recursively for deck files (``DECK_SUFFIXES``); a pattern
    with ``*``, ``?`` or ``[`` is expanded (``**`` included); ``-`` reads one path per
    line from ``stdin_lines``. A file named outright is kept whatever its suffix, and
    so is a missing file with a deck's suffix, so that the audit reports it as
    unreadable; a missing folder (a path ending in ``/``, or without a deck's suffix)
    is a usage error (:class:`~wixoss_deckcheck.errors.UsageError`).
    What the walk does not check is in the result's ``problems`` (see :func:`_walk`).
    """
    found = AuditPaths()
    seen: set[str] = set()
    for argument in arguments:
        named = (line.strip() for line in stdin_lines or ()) if argument == "-" else (argument,)
        for name in named:
            if name:
                for path in _expand(name, found, (follow_symlinks, allow_outside)):
                    if path not in seen:
                        seen.add(path)
                        found.append(path)
    return found


def _expand(argument: str, found: AuditPaths, links: tuple[bool, bool]) -> Iterator[str]:
    """The deck files one argument names: a folder's, a pattern's, or the argument itself
    (a file reached through a link that leads outside is refused when read:
    :func:`~wixoss_deckcheck.decklist.reading.refuse_outside_link`)."""
    if os.path.isdir(argument):
        yield from _walk(argument, found, *links)
    elif _GLOB_CHARS & set(argument) and not os.path.exists(argument):
        matches = _matches(argument, found, links)
        for match in matches:
            if os.path.isdir(match):
                yield from _walk(match, found, *links)
            elif is_deck_file(os.path.basename(match)):
                yield match
        if not matches and not any(why == too_full() for _path, why in found.problems):
            yield argument  # reported as "no such file"
    elif not os.path.lexists(argument) and _names_a_folder(argument):
        raise UsageError(f"{argument}: no such file or folder")
    else:
        yield argument


def _matches(pattern: str, found: AuditPaths, links: tuple[bool, bool]) -> list[str]:
    """The paths a pattern names, sorted. ``**`` is walked like a folder (the same bounds,
    links and hidden folders as :func:`_walk`) from the folders before the first wildcard,
    never by :func:`glob.glob` (unbounded in a deep tree, and through link cycles)."""
    if "**" not in pattern:
        return sorted(_glob(pattern, found))
    parts = pattern.replace(os.sep, "/").split("/")
    fixed = next(index for index, part in enumerate(parts) if _GLOB_CHARS & set(part))
    base = "/".join(parts[:fixed]) or "."
    if not os.path.isdir(base):
        return []
    shorter = pattern.replace("**/", "")  # "**/" also matches no folder at all
    prefix = "" if parts[:fixed] else "./"
    return sorted(path for path in _walk(base, found, *links)
                  if fnmatch.fnmatchcase(path.removeprefix(prefix), pattern)
                  or fnmatch.fnmatchcase(path.removeprefix(prefix), shorter))


def _glob(pattern: str, found: AuditPaths) -> list[str]:
    """What :func:`glob.glob` gives for a pattern without ``**``, but each folder listed at
    most :data:`MAX_FOLDER_ENTRIES` entries far (a fuller one is a problem, not listed)."""
    parts = pattern.split(os.sep)
    paths = [os.sep if pattern.startswith(os.sep) else ""]
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if not part:
            continue
        if not _GLOB_CHARS & set(part):
            paths = [joined for path in paths for joined in [os.path.join(path, part)]
                     if (os.path.lexists(joined) if last else os.path.isdir(joined))]
            continue
        paths = [match for path in paths for match in _listed(path, part, last, found)]
    return paths


def _listed(folder: str, part: str, last: bool, found: AuditPaths) -> list[str]:
    """The entries of ``folder`` that match ``part`` (folders only unless ``last``), as glob
    finds them (hidden ones only for a part that starts with a dot)."""
    try:
        with os.scandir(folder or os.curdir) as listing:
            entries = list(itertools.islice(listing, MAX_FOLDER_ENTRIES + 1))
    except OSError:
        return []  # as glob: a folder that cannot be listed matches nothing
    if len(entries) > MAX_FOLDER_ENTRIES:
        found.problems.append((folder or os.curdir, too_full()))
        return []
    hidden = part.startswith(".")
    return [os.path.join(folder, entry.name) for entry in entries
            if (hidden or not entry.name.startswith(".")) and fnmatch.fnmatch(entry.name, part)
            and (last or _is_folder(entry))]


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _names_a_folder(argument: str) -> bool:
    """Whether a path that does not exist was meant as a folder: it ends in ``/``, or it
    has no deck file's suffix."""
    return argument.endswith(("/", os.sep)) or not is_deck_file(os.path.basename(argument))


# -- checking them ------------------------------------------------------------------------

#: This process's CheckSession and the settings it was made with (a forked worker inherits
#: the parent's, its pool already loaded).
_made: tuple[CheckSession, RunSettings] | None = None


def _session(settings: RunSettings) -> CheckSession:
    global _made
    if _made is None or _made[1] != settings:
        _made = (CheckSession(settings), settings)
    return _made[0]


def _init_worker(settings: RunSettings) -> None:
    """Load the pool once per worker (a forked worker already has the parent's)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    _session(settings)
    gc.freeze()  # the pool lives as long as the worker: keep it out of every collection


Outcome = tuple[list[DeckResult], dict[tuple[object, ...], dict[str, object]]]


#: One batch for a worker: the run's settings and the deck paths.
Job = tuple[RunSettings, list[str]]


def _check_chunk(job: Job) -> Outcome:
    settings, paths = job
    session = _session(settings)
    results = [
        session.check_path(path, settings.format_id, settings.format_file, settings.as_of, settings.encoding)
        for path in paths
    ]
    if settings.json_in_workers:
        for result in results:
            result.to_json()
    return results, dict(session.list_problems)


def _chunks(paths: list[str], jobs: int) -> list[list[str]]:
    """Batches for the workers, shrinking as the work runs out (guided scheduling):
    large batches cost little to hand over, small last ones keep every worker busy to
    the end."""
    chunks = []
    start = 0
    while start < len(paths):
        size = max(16, min(512, (len(paths) - start) // (jobs * 4)))
        chunks.append(paths[start : start + size])
        start += size
    return chunks


def default_jobs() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def run_audit(
    paths: list[str], settings: RunSettings, jobs: int | None = None, on_progress: Callable[[int], None] | None = None,
    contents: Mapping[str, bytes] | None = None,
) -> RunReport:
    """Check every deck in ``paths``; usage errors (unknown format, bad date) raise at once.
    ``contents``: the bytes of decks that are not files (uploads to ``serve``), by name; they
    are checked in this process."""
    day = parse_day(settings.as_of) if settings.as_of else None
    settings = settings._replace(as_of=day, disable=tuple(settings.disable))
    session = _session(settings)
    table = None
    if settings.format_id or settings.format_file:
        table = session.table(settings.format_id, settings.format_file)
        session.checker(table, day or today())  # a date outside the format is a usage error, now
    jobs = max(1, jobs or default_jobs())
    if jobs == 1 or len(paths) <= IN_PROCESS_LIMIT or contents:
        results, problems = _in_process(session, paths, settings, on_progress, contents or {})
    else:
        results, problems = _in_workers(paths, settings, jobs, on_progress)
    problems = {**session.list_problems, **problems}
    if isinstance(paths, AuditPaths):
        results.extend(DeckResult(path, error=InputError(message, path)) for path, message in paths.problems)
    report = session.report([result for result in results if not result.skipped], table, day, problems)
    report.skipped = [(result.path, result.skipped) for result in results if result.skipped]
    return report


Progress = Callable[[int], None] | None


def _in_process(
    session: CheckSession, paths: list[str], settings: RunSettings, on_progress: Progress,
    contents: Mapping[str, bytes],
) -> Outcome:
    results = []
    for path in paths:
        results.append(session.check_path(path, settings.format_id, settings.format_file, settings.as_of,
                                          settings.encoding, contents.get(path)))
        if on_progress:
            on_progress(1)
    return results, dict(session.list_problems)


def _in_workers(paths: list[str], settings: RunSettings, jobs: int, on_progress: Progress) -> Outcome:
    results: list[DeckResult] = []
    problems: dict[tuple[object, ...], dict[str, object]] = {}
    with garbage_collection_paused(freeze=True):  # results are kept to the end and hold no cycles
        for chunk_results, chunk_problems in _parallel(paths, settings, jobs):
            results.extend(chunk_results)
            problems.update(chunk_problems)
            if on_progress:
                on_progress(len(chunk_results))
    return results, problems


def _parallel(
    paths: list[str], settings: RunSettings, jobs: int, work: Callable[[Job], Any] | None = None
) -> Iterator[Any]:
    """The outcome of each batch, in order, from worker processes: ``work`` of
    ``(settings, batch)``, by default each deck's check (results, list problems)."""
    from wixoss_deckcheck.checking.workers import run_batches  # the worker pool: only for a large audit

    jobs_of = [(settings, chunk) for chunk in _chunks(paths, jobs)]
    return run_batches(work or _check_chunk, jobs_of, jobs, _init_worker, (settings,))

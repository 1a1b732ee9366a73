"""Batch audits: find every decklist under the given paths and check them all, in parallel.

:func:`expand_paths` turns command-line arguments (files, directories searched
recursively, glob patterns, and ``-`` for a list of paths on standard input) into
deck files. :func:`run_audit` checks them over worker processes, each of which
loads the card pool once, and returns one :class:`~wixoss_deckcheck.model.results.RunReport`
in the order the decks were found. A deck that cannot be read or parsed becomes
an input error for that deck; the audit goes on. Nothing here prints.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Iterable, Iterator

from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.decklist import DECK_SUFFIXES
from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.speed import garbage_collection_paused

#: Below this many decks the audit runs in the calling process (starting workers costs more).
IN_PROCESS_LIMIT = 48
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


def _walk(directory: str, found: AuditPaths, follow_symlinks: bool = False) -> Iterator[str]:
    """Deck files under ``directory``, recursively, sorted, skipping hidden folders.

    A folder that cannot be read is a problem, never silently skipped. A symbolic link
    is followed only when it stays inside ``directory`` (a link to a folder never: the
    tree is walked once), unless ``follow_symlinks``; one that leads outside is a
    problem, so a pull request cannot make CI read ``/etc/passwd``. Each folder is
    entered once, so a link cycle cannot loop.
    """
    root = os.path.realpath(directory)
    stack, entered = [directory], set()
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
            info = os.stat(folder)
        except OSError as exc:
            found.problems.append((folder, f"cannot read this folder: {exc.strerror or exc}"))
            continue
        if (info.st_dev, info.st_ino) in entered:
            continue
        entered.add((info.st_dev, info.st_ino))
        folders = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            link = entry.is_symlink()
            is_folder = entry.is_dir(follow_symlinks=True) if link else entry.is_dir(follow_symlinks=False)
            if not (is_folder or is_deck_file(entry.name)):
                continue
            if link and not follow_symlinks and not _inside(entry.path, root):
                found.problems.append(
                    (entry.path, "symbolic link leading outside the audited folder, not followed (--follow-symlinks)")
                )
            elif is_folder:
                if not link or follow_symlinks:
                    folders.append(entry.path)
            else:
                yield entry.path
        stack.extend(reversed(folders))


def expand_paths(arguments: Iterable[str], stdin_lines: Iterable[str] | None = None,
                 follow_symlinks: bool = False) -> AuditPaths:
    """Deck files named by ``arguments``, in order, each once.

    A directory is searched recursively for deck files (``DECK_SUFFIXES``); a pattern
    with ``*``, ``?`` or ``[`` is expanded (``**`` included); ``-`` reads one path per
    line from ``stdin_lines``. A file named outright is kept whatever its suffix, and
    so is a path that does not exist, so that the audit reports it as unreadable.
    What the walk does not check is in the result's ``problems`` (see :func:`_walk`).
    """
    found = AuditPaths()
    seen: set[str] = set()

    def add(path: str) -> None:
        if path not in seen:
            seen.add(path)
            found.append(path)

    def expand(argument: str) -> None:
        if os.path.isdir(argument):
            for path in _walk(argument, found, follow_symlinks):
                add(path)
        elif _GLOB_CHARS & set(argument) and not os.path.exists(argument):
            matches = sorted(glob.glob(argument, recursive=True))
            for match in matches:
                if os.path.isdir(match):
                    for path in _walk(match, found, follow_symlinks):
                        add(path)
                elif is_deck_file(os.path.basename(match)):
                    add(match)
            if not matches:
                add(argument)  # reported as "no such file"
        else:
            add(argument)

    for argument in arguments:
        if argument == "-":
            for line in stdin_lines or ():
                line = line.strip()
                if line:
                    expand(line)
        else:
            expand(argument)
    return found


# -- checking them ------------------------------------------------------------------------

_SESSION = None  # the worker's CheckSession (inherited when workers are forked)
_SESSION_SETTINGS: RunSettings | None = None


def _session(settings: RunSettings):
    global _SESSION, _SESSION_SETTINGS
    if _SESSION is None or _SESSION_SETTINGS != settings:
        from wixoss_deckcheck.checking.session import CheckSession

        _SESSION = CheckSession(settings)
        _SESSION_SETTINGS = settings
    return _SESSION


def _init_worker(settings: RunSettings) -> None:
    """Load the pool once per worker (a forked worker already has the parent's)."""
    import gc
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    _session(settings)
    gc.freeze()  # the pool lives as long as the worker: keep it out of every collection


def _check_chunk(job: tuple[RunSettings, list[str]]):
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
    paths: list[str], settings: RunSettings, jobs: int | None = None, on_progress: Callable[[int], None] | None = None
) -> RunReport:
    """Check every deck in ``paths``; usage errors (unknown format, bad date) raise at once."""
    from wixoss_deckcheck.tables.dates import parse_day, today

    day = parse_day(settings.as_of) if settings.as_of else None
    settings = settings._replace(as_of=day, disable=tuple(settings.disable))
    session = _session(settings)
    table = None
    if settings.format_id or settings.format_file:
        table = session.table(settings.format_id, settings.format_file)
        session.checker(table, day or today())  # a date outside the format is a usage error, now
    jobs = max(1, jobs or default_jobs())
    results = []
    problems = dict(session.list_problems)
    if jobs == 1 or len(paths) <= IN_PROCESS_LIMIT:
        for path in paths:
            results.append(session.check_path(path, settings.format_id, settings.format_file, day, settings.encoding))
            if on_progress:
                on_progress(1)
        problems.update(session.list_problems)
    else:
        # results are kept to the end and hold no cycles
        with garbage_collection_paused(freeze=True):
            for chunk_results, chunk_problems in _parallel(paths, settings, jobs):
                results.extend(chunk_results)
                problems.update(chunk_problems)
                if on_progress:
                    on_progress(len(chunk_results))
    if isinstance(paths, AuditPaths) and paths.problems:
        from wixoss_deckcheck.errors import InputError
        from wixoss_deckcheck.model.results import DeckResult

        results.extend(DeckResult(path, error=InputError(message, path)) for path, message in paths.problems)
    return session.report(results, table, day, problems)


def _parallel(paths: list[str], settings: RunSettings, jobs: int, work: Callable | None = None):
    """(results, list problems) of each batch, in order, from worker processes (``work``
    of ``(settings, batch)``: by default each deck's check).

    When the workers cannot start (a system without working process semaphores, too
    many open files) or one of them dies (killed, out of memory), the batches not yet
    done are checked in this process instead: the audit still reports every deck.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    work = work or _check_chunk
    chunks = _chunks(paths, jobs)
    done = 0
    try:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(chunks)), mp_context=context, initializer=_init_worker, initargs=(settings,)
        ) as executor:
            try:
                for outcome in executor.map(work, [(settings, chunk) for chunk in chunks]):
                    yield outcome
                    done += 1
            except KeyboardInterrupt:
                _stop_now(executor)
                raise
        return
    except (BrokenProcessPool, OSError, NotImplementedError):
        pass
    for chunk in chunks[done:]:
        yield work((settings, chunk))


def _stop_now(executor) -> None:
    """After Ctrl-C: stop the workers at once instead of waiting for their batches (a
    second Ctrl-C while waiting used to deadlock on a worker's semaphore), and make any
    further Ctrl-C end the process immediately."""
    import signal
    import threading

    signal.signal(signal.SIGINT, lambda _signal, _frame: os._exit(130))
    # The executor's own thread then trips over the futures the interrupted map cancelled
    # (a CPython 3.11 quirk) and would print a traceback; the audit is over anyway.
    threading.excepthook = lambda _args: None
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        try:
            process.terminate()
        except (OSError, AttributeError):
            pass
    # Leaving the ``with`` block now joins the executor, which sees its workers gone.

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


def _walk(directory: str) -> Iterator[str]:
    """Deck files under ``directory``, recursively, sorted, skipping hidden folders."""
    for root, folders, files in os.walk(directory):
        folders[:] = sorted(folder for folder in folders if not folder.startswith("."))
        for name in sorted(files):
            if is_deck_file(name):
                yield os.path.join(root, name)


def expand_paths(arguments: Iterable[str], stdin_lines: Iterable[str] | None = None) -> list[str]:
    """Deck files named by ``arguments``, in order, each once.

    A directory is searched recursively for deck files (``DECK_SUFFIXES``); a pattern
    with ``*``, ``?`` or ``[`` is expanded (``**`` included); ``-`` reads one path per
    line from ``stdin_lines``. A file named outright is kept whatever its suffix, and
    so is a path that does not exist, so that the audit reports it as unreadable.
    """
    found: list[str] = []
    seen: set[str] = set()

    def add(path: str) -> None:
        if path not in seen:
            seen.add(path)
            found.append(path)

    def expand(argument: str) -> None:
        if os.path.isdir(argument):
            for path in _walk(argument):
                add(path)
        elif _GLOB_CHARS & set(argument) and not os.path.exists(argument):
            matches = sorted(glob.glob(argument, recursive=True))
            for match in matches:
                if os.path.isdir(match):
                    for path in _walk(match):
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
    return session.report(results, table, day, problems)


def _parallel(paths: list[str], settings: RunSettings, jobs: int):
    """(results, list problems) of each batch, in order, from worker processes.

    When the workers cannot start (a system without working process semaphores, too
    many open files) or one of them dies (killed, out of memory), the batches not yet
    done are checked in this process instead: the audit still reports every deck.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    chunks = _chunks(paths, jobs)
    done = 0
    try:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(chunks)), mp_context=context, initializer=_init_worker, initargs=(settings,)
        ) as executor:
            for outcome in executor.map(_check_chunk, [(settings, chunk) for chunk in chunks]):
                yield outcome
                done += 1
        return
    except (BrokenProcessPool, OSError, NotImplementedError):
        pass
    for chunk in chunks[done:]:
        yield _check_chunk((settings, chunk))

"""``audit PATHS --changed-since DATE``: the decks whose verdict on ``--as-of`` (default:
today) differs from their verdict on DATE, each with the changes of the tables that made
the difference.

Each deck is read once per worker and checked on both days by the audit's own sessions and
worker processes (:func:`wixoss_deckcheck.checking.audit.run_audit`'s machinery); only a
deck whose verdict differs has its history between the two days worked out, on the change
points that can touch it, by the checkers the worker already holds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from wixoss_deckcheck.checking.audit import IN_PROCESS_LIMIT, AuditPaths, _parallel, _session, default_jobs
from wixoss_deckcheck.checking.history import HistoryMaker
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.checking.session import CheckSession
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.model.history import ChangedReport, DeckChange, Verdict
from wixoss_deckcheck.model.results import DeckResult
from wixoss_deckcheck.speed import garbage_collection_paused
from wixoss_deckcheck.tables.dates import parse_day, today

#: One deck compared: its change (None: the same verdict), and the result to report when it
#: could not be compared or names a card the pool does not know (None: nothing to report).
Compared = tuple[DeckChange | None, DeckResult | None]

_MAKERS: dict[int, HistoryMaker] = {}


def _maker(session: CheckSession) -> HistoryMaker:
    """The history maker of a session (one per worker process)."""
    maker = _MAKERS.get(id(session))
    if maker is None:
        _MAKERS.clear()
        maker = _MAKERS[id(session)] = HistoryMaker(session)
    return maker


def compare(session: CheckSession, settings: RunSettings, since: str, path: str) -> Compared:
    """One deck checked on ``since`` and on ``settings.as_of``, and why its verdict changed."""
    as_of = settings.as_of or today()
    after = session.check_path(path, settings.format_id, settings.format_file, as_of, settings.encoding)
    if after.skipped:  # a format table, an alias table...: not a deck
        return None, None
    if after.error is not None:
        return None, after
    problem = after if after.has_input_problem else None
    try:
        before = session.check_path(path, settings.format_id, settings.format_file, since, settings.encoding)
    except UsageError as exc:  # the deck's own format did not exist yet on that day
        return None, DeckResult(after.path, after.format, error=InputError(exc.message, after.path))
    old, new = Verdict.of(before), Verdict.of(after)
    if old.same(new):
        return None, problem
    maker = _maker(session)
    table = session.table(settings.format_id or after.format, settings.format_file)
    causes = maker.changes_between(load_deck(path, settings.encoding), table, since, as_of)
    return DeckChange(after.path, table.id, since, as_of, old, new, tuple(causes)), problem


def _compare_chunk(since: str, job: tuple[RunSettings, list[str]]) -> tuple[list[Compared], dict]:
    settings, paths = job
    session = _session(settings)
    return [compare(session, settings, since, path) for path in paths], dict(session.list_problems)


def _checked_days(session: CheckSession, settings: RunSettings, since: str) -> None:
    """Usage errors for the two days: ``since`` after ``as_of``, before the tables, or outside
    the format asked for."""
    maker = _maker(session)
    as_of = settings.as_of or today()
    if since > as_of:
        raise UsageError(maker.messages.history("changed_order", start=since, end=as_of))
    if settings.format_id or settings.format_file:
        table = session.table(settings.format_id, settings.format_file)
        for day in (since, as_of):
            maker.check_day(table, day)
    else:
        maker.check_tables_day(since)


def _compare_all(
    session: CheckSession,
    paths: list[str],
    settings: RunSettings,
    since: str,
    jobs: int,
    on_progress: Callable[[int], None] | None,
) -> tuple[list[Compared], dict]:
    """Every deck compared, in this process or in worker processes, with the list problems."""
    problems = dict(session.list_problems)
    if jobs == 1 or len(paths) <= IN_PROCESS_LIMIT:
        outcomes = []
        for path in paths:
            outcomes.append(compare(session, settings, since, path))
            if on_progress:
                on_progress(1)
        problems.update(session.list_problems)
        return outcomes, problems
    outcomes = []
    with garbage_collection_paused(freeze=True):
        for chunk, chunk_problems in _parallel(paths, settings, jobs, partial(_compare_chunk, since)):
            outcomes.extend(chunk)
            problems.update(chunk_problems)
            if on_progress:
                on_progress(len(chunk))
    return outcomes, problems


def run_changed(
    paths: list[str],
    settings: RunSettings,
    since: str,
    jobs: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> ChangedReport:
    """Compare every deck in ``paths`` on ``since`` and on ``settings.as_of`` (default:
    today). The Python API of ``audit --changed-since``; bad days or formats raise
    :class:`UsageError` at once."""
    since = parse_day(since)
    as_of = parse_day(settings.as_of) if settings.as_of else today()
    settings = settings._replace(as_of=as_of, disable=tuple(settings.disable))
    session = _session(settings)
    _checked_days(session, settings, since)
    outcomes, problems = _compare_all(session, paths, settings, since, max(1, jobs or default_jobs()), on_progress)
    failed = [result for _change, result in outcomes if result is not None]
    if isinstance(paths, AuditPaths):
        failed += [DeckResult(path, error=InputError(message, path)) for path, message in paths.problems]
    changes = tuple(change for change, _result in outcomes if change is not None)
    return ChangedReport(since, as_of, len(paths), changes, tuple(failed), tuple(problems.values()), session.lang)

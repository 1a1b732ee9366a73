"""Running a check over several decks: choosing pool, format and date per deck.

This is the glue between the command line and the pure core; it reads files but
prints nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.checking.placing import place_deck_level
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.decklist import load_deck, load_deck_data
from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.messages import default_language, english_error, normalize_language
from wixoss_deckcheck.model.deck import Deck
from wixoss_deckcheck.model.results import DeckResult, RunReport
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.tables.dates import parse_day, today
from wixoss_deckcheck.tables.loading import DEFAULT_FORMAT, FormatTable, builtin_path, load_format


class CheckSession:
    """A pool, a language and the checkers built so far (one per format and day)."""

    def __init__(self, settings: RunSettings | None = None):
        settings = settings or RunSettings()
        self.settings = settings
        self.play = settings.play  # also run the play-legality analysis (check --play)
        location = locate_pool(settings.cardpool)
        if settings.cardpool and settings.cardpool_origin:
            location = location._replace(origin=settings.cardpool_origin)
        self.pool = CardPool.load(location)
        self.lang = normalize_language(settings.lang) or default_language()
        self.disable = tuple(settings.disable)
        self._tables: dict[str, FormatTable] = {}
        self._asked: dict[tuple, FormatTable] = {}  # (format id, format file) as asked → table
        self._checkers: dict[tuple[str, str], Checker] = {}
        self.list_problems: dict[tuple, dict] = {}

    def table(self, format_id: str | None, format_file: str | None) -> FormatTable:
        known = self._asked.get((format_id, format_file))
        if known is not None:
            return known
        key = f"file:{format_file}" if format_file else str(builtin_path(format_id or DEFAULT_FORMAT))
        if key not in self._tables:
            self._tables[key] = load_format(format_id, format_file)
        self._asked[(format_id, format_file)] = self._tables[key]
        return self._tables[key]

    def checker(self, table: FormatTable, day: str) -> Checker:
        key = (table.files[-1], day)
        if key not in self._checkers:
            checker = Checker(self.pool, table, day, self.lang, self.disable)
            for problem in checker.list_problems:
                self.list_problems[(problem.format, problem.index, problem.card)] = problem.to_dict()
            self._checkers[key] = checker
        return self._checkers[key]

    def report(
        self, results: list[DeckResult], table: FormatTable | None, day: str | None,
        list_problems: dict[tuple[Any, ...], dict[str, Any]] | None = None,
    ) -> RunReport:
        """The run report of these results: the format shown is the one given, else the one
        every deck used; ``list_problems`` (of worker processes) adds to this session's own."""
        if day is None:  # the day every deck was judged by, when they share one
            day = _shared({result.as_of for result in results})
        problems = {**self.list_problems, **(list_problems or {})}
        location = self.pool.location
        return RunReport(
            results=results,
            format=table.id if table else _shared({result.format for result in results}),
            format_name=table.display_name(self.lang) if table else None,
            as_of=day,
            pool_path=str(location.path) if location else "",
            pool_cards=self.pool.number_count,
            pool_origin=location.origin if location else "",
            lang=self.lang,
            list_problems=list(problems.values()),
        )

    def check_path(
        self,
        path: str,
        format_id: str | None = None,
        format_file: str | None = None,
        as_of: str | None = None,
        encoding: str | None = None,
        data: bytes | None = None,
    ) -> DeckResult:
        """Check one deck file (``-``: standard input; with ``data``, those bytes read as a
        file named ``path``: an upload); input problems become the result's error, never an
        exception."""
        try:
            deck = load_deck(path, encoding) if data is None else load_deck_data(data, path, encoding, _kind(path))
        except InputError as exc:
            # lazy: only for a file that failed to read as a deck (a check's start-up imports no json)
            from wixoss_deckcheck.decklist.other_files import other_file_kind

            return DeckResult(exc.path or path, error=_with_a_line(exc, path, data is not None),
                              skipped=other_file_kind(path, data))
        try:
            checker = self._checker_for(deck, format_id, format_file, as_of)
        except UsageError:
            raise
        except InputError as exc:
            if exc.path is None:
                exc.path = deck.path  # standard input: <stdin>
            return DeckResult(deck.path, format=deck.format, error=exc)
        result = checker.check(deck)
        if self.play:
            from wixoss_deckcheck.checking.play import add_play_findings  # check --play: the rules engine

            add_play_findings(checker, deck, result)
        place_deck_level(checker, deck, result)
        return result

    def _checker_for(self, deck: Deck, format_id: str | None, format_file: str | None, as_of: str | None) -> Checker:
        """The checker of a deck's format and day. Precedence: the command line, the deck's
        own header (a decklist sheet's event date is its deck's date), the settings file,
        the default. A problem with the deck's own header is an input error on its line."""
        table = self._table_for(deck, format_id, format_file)
        day = as_of or (parse_day(deck.date) if deck.date else (self.settings.defaults[2] or today()))
        try:
            return self.checker(table, day)
        except UsageError as exc:
            if format_id or format_file or as_of:
                raise
            raise InputError(exc.message, deck.path, deck.format_line) from None

    def _table_for(self, deck: Deck, format_id: str | None, format_file: str | None) -> FormatTable:
        """The table of the command line's format, else the deck's (the default format when
        it names none and the settings file none either), else the settings file's."""
        if format_file or format_id:
            return self.table(format_id, format_file)
        default_format, default_file, _day = self.settings.defaults
        if (default_format or default_file) and not deck.format:
            return self.table(default_format, default_file)
        try:
            return self.table(deck.format, None)
        except UsageError as exc:
            raise InputError(exc.message, deck.path, deck.format_line) from None


def _with_a_line(error: InputError, path: str, uploaded: bool = False) -> InputError:
    """A problem with a whole deck file (or upload) points at its line 1: CI annotations and
    ``file:line:`` need a line."""
    if error.line is None and error.path is not None and path != "-" and (uploaded or os.path.isfile(path)):
        error.line = 1
    return error


def _shared(values: set[str | None]) -> str | None:
    """The one value every result has (None when they differ or have none)."""
    given = {value for value in values if value}
    return given.pop() if len(given) == 1 else None


#: The name ``serve`` gives a deck pasted as text: read by its first characters, as standard input is.
PASTED = "<text>"


def _kind(path: str) -> str | None:
    return "stdin" if path == PASTED else None


def run_check(paths: Iterable[str], settings: RunSettings, contents: Mapping[str, bytes] | None = None) -> RunReport:
    """Check every deck and return the run report (usage errors raise); ``contents``: the
    bytes of decks that are not files (uploads to ``serve``), by the name each is reported under."""
    contents = contents or {}
    day = parse_day(settings.as_of) if settings.as_of else None
    session = CheckSession(settings)
    table = None
    if settings.format_id or settings.format_file:
        table = session.table(settings.format_id, settings.format_file)
        table.check_date(day or today())
    results = [
        session.check_path(str(path), settings.format_id, settings.format_file, day, settings.encoding,
                           contents.get(str(path)))
        for path in paths
    ]
    report = session.report([_named_what_it_is(result) for result in results], table, day)
    report.command = "check"
    return report


def _named_what_it_is(result: DeckResult) -> DeckResult:
    """A file ``check`` was given that is no decklist but another file of the tool's (a
    format table...): its error says what it is and where it goes, not the deck reader's
    complaint about its keys."""
    if not result.skipped or result.error is None:
        return result
    result.error = InputError(english_error(f"not_a_deck_{result.skipped}"), result.error.path or result.path)
    return result

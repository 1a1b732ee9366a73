"""A deck's legality over time: the periods of its verdict in a format, and what began each.

The verdict is worked out only on the change points of the tables that can touch the deck
(:mod:`wixoss_deckcheck.tables.changes`), each time by the one checker ``check --as-of``
uses (:meth:`CheckSession.checker`), never by a second implementation: between two change
points nothing the checker reads changes, so each period's verdict is exactly what
``check --as-of`` gives on any day inside it.

    >>> from wixoss_deckcheck.checking.history import deck_history
    >>> for history in deck_history("decks/wd01.txt", formats=["all-star"]):
    ...     for period in history.periods:
    ...         print(period.start, period.end, period.verdict.legal, period.verdict.codes)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.checking.history_causes import CauseWords, DeckReads
from wixoss_deckcheck.checking.placing import place_deck_level
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.checking.session import CheckSession
from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.deck import Deck
from wixoss_deckcheck.model.history import Cause, DeckHistory, Period, Verdict
from wixoss_deckcheck.pool.info import is_sample_pool
from wixoss_deckcheck.tables.changes import Change, FormatChanges, first_release
from wixoss_deckcheck.tables.dates import last_day, parse_day
from wixoss_deckcheck.tables.diff import FormatDiff, cards_per_product
from wixoss_deckcheck.tables.loading import FormatTable, builtin_format_ids
from wixoss_deckcheck.tables.mayus_room import resolve_mayus_room
from wixoss_deckcheck.tables.releases import load_calendar


class HistoryMaker:
    """Works out deck histories with one :class:`CheckSession`: its pool, its language and
    its checkers (one per format and day, shared by every deck)."""

    def __init__(self, session: CheckSession):
        self.session = session
        self.pool = session.pool
        self.messages = Messages(session.lang)
        self.words = CauseWords(session.pool, self.messages)
        self.calendar = load_calendar()
        self._changes: dict[str, FormatChanges] = {}
        self._level_zero: list[Card] | None = None

    # -- the tables ----------------------------------------------------------------------
    def changes(self, table: FormatTable) -> FormatChanges:
        """The change points of a format, its Mayu's Room entries resolved against the pool."""
        key = table.files[-1] if table.files else table.id
        found = self._changes.get(key)
        if found is None:
            entries, _problems = resolve_mayus_room(table.id, table.mayus_room, self.pool, is_sample_pool(self.pool))
            found = self._changes[key] = FormatChanges(table, self.calendar, entries)
        return found

    def first_day(self, table: FormatTable) -> str:
        """The first day the format's tables speak of: its start, else the first product's."""
        return max(day for day in (table.since, self.changes(table).first_day) if day)

    def check_tables_day(self, day: str) -> None:
        """A usage error for a day before the first day the tables know (the first product's)."""
        first = first_release(self.calendar)
        if first and day < first:
            raise UsageError(self.messages.history("before_tables", day=day, first=first))

    def check_day(self, table: FormatTable, day: str) -> None:
        """A usage error for a day outside the format's tables (before them, or after it ended)."""
        self.check_tables_day(day)
        table.check_date(day)

    def verdict(self, deck: Deck, table: FormatTable, day: str) -> Verdict:
        """What ``check --as-of day`` says of the deck in the format."""
        return _verdict(self.session.checker(table, day), deck)

    def _level_zero_lrigs(self) -> list[Card]:
        if self._level_zero is None:
            self._level_zero = [c for c in self.pool.cards if c.is_lrig and c.level == 0 and not c.token]
        return self._level_zero

    def reads(self, deck: Deck, table: FormatTable, day: str) -> DeckReads:
        """What the deck's verdict in the format reads from the tables, from ``day`` on."""
        checker = self.session.checker(table, day)
        resolved, _problems = checker.resolve(deck)
        return DeckReads(self.pool, resolved, self.changes(table), checker.icons, self._level_zero_lrigs)

    # -- the history ---------------------------------------------------------------------
    def history(self, deck: Deck, table: FormatTable, start: str | None = None, end: str | None = None) -> DeckHistory:
        """The periods of the deck's verdict in ``table`` from ``start`` (default: the day its
        last card came out, or the format's first day if later) to ``end`` (included;
        default: open-ended, through every change the tables hold)."""
        if start is not None:
            self.check_day(table, start)
        probe = start or self.first_day(table)
        reads = self.reads(deck, table, probe)
        deck_day = reads.first_day()
        first = start or max(day for day in (deck_day, probe) if day)
        end = self._last_day(table, first, end)
        if first != probe:
            reads = self.reads(deck, table, first)  # the icons of the first day
        opening = self.words.start_causes(first, start is not None, deck_day, table, reads)
        periods = self._periods(deck, table, first, end, reads, opening)
        return DeckHistory(
            deck.path,
            table.id,
            table.display_name(self.messages.lang),
            tuple(periods),
            input_problem=_input_problem(periods[0].verdict),
        )

    def _last_day(self, table: FormatTable, first: str, end: str | None) -> str | None:
        """The range's last day: ``end``, or the format's own last day if it ended before."""
        if table.until:
            end = min(end, last_day(table.until)) if end else last_day(table.until)
        if end is not None and first > end:
            raise UsageError(self.messages.history("empty_range", day=first, end=end, format=table.id))
        return end

    def _periods(
        self, deck: Deck, table: FormatTable, first: str, end: str | None, reads: DeckReads, opening: tuple[Cause, ...]
    ) -> list[Period]:
        """The verdict on the first day and on each change point after it that can touch the
        deck; a new period wherever it differs from the one before."""
        starts: list[tuple[str, Verdict, tuple[Cause, ...]]] = [(first, self.verdict(deck, table, first), opening)]
        live = reads.live_products(self.session.checker(table, first).icons)
        for day, changes in _change_days(reads, first, end):
            if all(c.product is not None and c.product.label not in live for c in changes):
                continue  # only releases that can no longer change the verdict
            checker = self.session.checker(table, day)
            verdict = _verdict(checker, deck)
            live = reads.live_products(checker.icons)
            previous = starts[-1][1]
            if not verdict.same(previous):
                causes = self.words.causes(changes, table, previous, verdict, reads)
                starts.append((day, verdict, tuple(causes)))
        ends = [last_day(day) for day, _verdict, _because in starts[1:]] + [end]
        return [Period(day, until, verdict, why) for (day, verdict, why), until in zip(starts, ends, strict=True)]

    def changes_between(self, deck: Deck, table: FormatTable, before: str, after: str) -> list[Cause]:
        """The causes of every change of the deck's verdict after ``before``, up to ``after``."""
        history = self.history(deck, table, before, after)
        return [cause for period in history.periods[1:] for cause in period.because]


def _verdict(checker: Checker, deck: Deck) -> Verdict:
    """The verdict of one day, its findings in the order ``check --as-of`` reports them."""
    result = checker.check(deck)
    if result.error is not None:  # checked against the sample pool, which lacks its cards
        raise result.error
    place_deck_level(checker, deck, result)
    return Verdict.of(result)


def _change_days(reads: DeckReads, first: str, end: str | None) -> list[tuple[str, list[Change]]]:
    """The changes that can touch the deck after ``first`` up to ``end``, by day, in order."""
    by_day: dict[str, list[Change]] = {}
    for change in reads.relevant():
        if first < change.day and (end is None or change.day <= end):
            by_day.setdefault(change.day, []).append(change)
    return sorted(by_day.items())


def _input_problem(verdict: Verdict) -> bool:
    """Whether a verdict holds an input error (a card the pool cannot name)."""
    return any(
        BY_CODE[code].kind == "input" and BY_CODE[code].severity == "error" for code in verdict.codes if code in BY_CODE
    )


def check_range(start: str | None, end: str | None) -> tuple[str | None, str | None]:
    """``--from`` and ``--until`` as days; a usage error when the first is after the last."""
    start = parse_day(start) if start else None
    end = parse_day(end) if end else None
    if start and end and start > end:
        raise UsageError(Messages(None).history("from_after_until", start=start, end=end))
    return start, end


def deck_history(
    path: str,
    formats: Sequence[str] | None = None,
    start: str | None = None,
    end: str | None = None,
    settings: RunSettings | None = None,
    session: CheckSession | None = None,
) -> list[DeckHistory]:
    """The history of the deck file ``path`` in each format of ``formats`` (default: the
    one of ``settings.format_id``/``format_file``, else every built-in format), from
    ``start`` to ``end`` (YYYY-MM-DD; see :meth:`HistoryMaker.history`). The Python API
    of ``check DECK --history``; an unreadable deck raises :class:`InputError`, a bad
    date or format :class:`UsageError`."""
    settings = settings or RunSettings()
    session = session or CheckSession(settings)
    start, end = check_range(start, end)
    tables = history_tables(session, settings, formats)
    deck = load_deck(path, settings.encoding)
    maker = HistoryMaker(session)
    return [maker.history(deck, table, *span) for table, span in format_spans(tables, start, end)]


def history_tables(
    session: CheckSession, settings: RunSettings, formats: Sequence[str] | None = None
) -> list[FormatTable]:
    """The formats a history covers: those asked for, else the settings' one, else every
    built-in format."""
    if formats:
        return [session.table(format_id, None) for format_id in formats]
    if settings.format_id or settings.format_file:
        return [session.table(settings.format_id, settings.format_file)]
    return [session.table(format_id, None) for format_id in builtin_format_ids()]


def format_spans(
    tables: Sequence[FormatTable], start: str | None, end: str | None
) -> list[tuple[FormatTable, tuple[str | None, str | None]]]:
    """Each format with its range. With several formats, a format that begins after ``end``
    is left out, and one that begins after ``start`` starts on its first day."""
    if len(tables) == 1:
        return [(tables[0], (start, end))]
    out = []
    for table in tables:
        if end is not None and table.since and table.since > end:
            continue
        first = None if start is not None and table.since and start < table.since else start
        out.append((table, (first, end)))
    return out


def format_diff(
    format_id: str | None,
    start: str,
    end: str,
    settings: RunSettings | None = None,
    session: CheckSession | None = None,
) -> dict[str, Any]:
    """What differs in a format on ``end`` from ``start`` (``formats diff F DATE1 DATE2``):
    ``{"format", "from", "to", "changes": [{"kind", "what", "since"|"until", "source"}]}``
    (and ``format_name``), the words in the session's language and the card counts of the
    products from its pool. Bad days raise :class:`UsageError`."""
    settings = settings or RunSettings()
    session = session or CheckSession(settings)
    maker = HistoryMaker(session)
    start, end = parse_day(start), parse_day(end)
    if start > end:
        raise UsageError(maker.messages.history("diff_order", start=start, end=end))
    table = session.table(format_id, settings.format_file)
    for day in (start, end):
        maker.check_day(table, day)
    changes = maker.changes(table)
    counts = cards_per_product(changes, (number for number, _card in session.pool.all_numbers()))
    items = FormatDiff(changes, start, end, maker.messages, counts, maker.words.card_name, changes.entries).items()
    return {
        "format": table.id,
        "format_name": table.display_name(maker.messages.lang),
        "from": start,
        "to": end,
        "changes": [item.to_dict() for item in items],
    }

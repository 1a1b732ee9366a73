"""The checker: resolve a deck against the pool, run the rules in force, and
return violation records. Pure: no printing, no network, no exit codes.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable

from wixoss_deckcheck.checking.deciding import Memo, SetReading, decide, set_readings
from wixoss_deckcheck.checking.wording import Placeholders, fill
from wixoss_deckcheck.checks import BY_CODE, REGISTRY, CheckInfo, Finding
from wixoss_deckcheck.checks.registry import Params, check_function
from wixoss_deckcheck.errors import InputError, quoted
from wixoss_deckcheck.messages import Messages, english_error
from wixoss_deckcheck.model.deck import Deck, DeckEntry
from wixoss_deckcheck.model.resolved import KnownCard, ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.model.results import DeckResult
from wixoss_deckcheck.model.violation import MAYUS_ROOM, Violation
from wixoss_deckcheck.pool.cardpool import CardPool, Resolution
from wixoss_deckcheck.pool.info import is_sample_pool
from wixoss_deckcheck.pool.normalize import looks_like_number
from wixoss_deckcheck.tables.dates import today
from wixoss_deckcheck.tables.icons import IconIndex
from wixoss_deckcheck.tables.loading import FormatTable
from wixoss_deckcheck.tables.mayus_room import MayuEntry, resolve_mayus_room
from wixoss_deckcheck.tables.releases import load_calendar

_MAYU_CHECKS = ("mayus-room-banned", "mayus-room-limit", "mayus-room-pair", "mayus-room-one-way")


#: The unknown names of one deck given suggestions (each a search of the pool, ~7 ms): issue 25.
MAX_SUGGESTED = 100


class Resolutions(dict[str, "KnownCard | Resolution"]):
    """What the pool says of each query, worked out on first use: the pool never changes,
    and the decks of one audit share most lines. A query that names a card maps to its
    :class:`~wixoss_deckcheck.model.resolved.KnownCard`, any other to its
    :class:`~wixoss_deckcheck.pool.resolution.Resolution` (why not)."""

    #: Past this many queries the memo starts again (a bound on memory, never reached by real decks).
    LIMIT = 100_000

    def __init__(self, pool: CardPool) -> None:
        super().__init__()
        self.pool = pool
        #: The queries that named their card through an alias table (a deck editor's names).
        self.aliased: set[str] = set()
        self.suggestions_left = MAX_SUGGESTED  # for the deck being resolved (Checker.resolve)

    def __missing__(self, query: str) -> KnownCard | Resolution:
        if len(self) >= self.LIMIT:
            self.clear()
            self.aliased.clear()
        suggest = self.suggestions_left > 0
        result = self.pool.resolve(query, suggest=suggest)
        if result.via == "alias":
            self.aliased.add(query)
        known = result if result.card is None else KnownCard.of(result.card, result.number)
        if result.card is None and not result.candidates:
            if not suggest:  # not kept: a later deck gets its suggestions
                return known
            self.suggestions_left -= 1
        self[query] = known
        return known


def _code_or_name(item: str) -> str:
    """A check named in ``--disable``: its code in upper case, else its name as given."""
    return item.upper() if item.upper() in BY_CODE else item


def _positions_by_key(entries: list[MayuEntry]) -> dict[str, list[int]]:
    """The positions of the entries that name each same-name key in their first list."""
    by_key: dict[str, list[int]] = {}
    for index, item in enumerate(entries):
        for key in item.keys_a:
            by_key.setdefault(key, []).append(index)
    return by_key


def _violation_order(violation: Violation) -> tuple[bool, int, str]:
    """Violations in line order (those without a line last), then by code."""
    return (violation.line is None, violation.line or 0, violation.code)


class Checker:
    """Checks decks against one format on one day, with one pool and one language.

    Build it once and call :meth:`check` for each deck: the rules in force, the
    Mayu's Room entries and the icon index are prepared once.
    """

    def __init__(
        self,
        pool: CardPool,
        table: FormatTable,
        as_of: str | None = None,
        lang: str = "en",
        disabled: Iterable[str] = (),
    ):
        self.pool = pool
        self.table = table
        self.as_of = as_of or today()
        table.check_date(self.as_of)
        self.messages = Messages(lang)
        self._card_texts: dict = {}
        self._english = self.messages if self.messages.lang == "en" else Messages("en")
        self.lang = self.messages.lang
        self.disabled = {_code_or_name(item) for item in disabled}
        self.icons = IconIndex(pool, table.icons, load_calendar(), self.as_of)
        self.rules = [rule for rule in table.rules_in_force(self.as_of) if self._enabled(REGISTRY[rule.check])]
        #: Each rule with its check and its own :class:`Params` (whose memo is this checker's alone).
        self._plan = [
            (check_function(REGISTRY[rule.check]), REGISTRY[rule.check], rule, Params(rule.params))
            for rule in self.rules
        ]
        self.sample = is_sample_pool(pool)
        self.mayus_room, self.list_problems = resolve_mayus_room(
            table.id, table.mayus_room_in_force(self.as_of), pool, self.sample
        )
        self.format_name = table.display_name(self.lang)
        #: The Mayu's Room entries (by position) that name each same-name key in their first list.
        self._mayu_by_key = _positions_by_key(self.mayus_room)
        self._mayu_keys = frozenset(self._mayu_by_key)
        self._mayu_checks = [REGISTRY[slug] for slug in _MAYU_CHECKS if self._enabled(REGISTRY[slug])]
        self._resolutions = Resolutions(pool)
        #: The set of each card number and the first day of each card, worked out once (WX006).
        self._deck_sets = Memo()
        #: Whether the rest of a deck may decide its ambiguous names (WX006 not disabled).
        self._deciding = self._enabled(BY_CODE["WX006"])

    def _enabled(self, info: CheckInfo) -> bool:
        return info.code not in self.disabled and info.slug not in self.disabled

    # -- resolving -----------------------------------------------------------------
    def resolve(self, deck: Deck) -> tuple[ResolvedDeck, list[Violation]]:
        """The deck resolved against the pool, and a violation for each line that names no
        card (WX001 unknown, WX002 ambiguous, WX003 a number and a name that disagree) or whose
        card the rest of the deck decided (WX006, :mod:`~wixoss_deckcheck.checking.deciding`)."""
        resolved = ResolvedDeck(deck, self.pool, self.icons)
        self._resolutions.suggestions_left = MAX_SUGGESTED
        missed = resolved.add_lines(deck.entries, self._resolutions)
        readings = self._set_readings(deck)
        if readings:  # a name the deck's own set gives to another card (a deck editor's name)
            read: dict[str, KnownCard | Resolution] = {query: reading.known for query, reading in readings.items()}
            known = ChainMap(read, self._resolutions)
            resolved = ResolvedDeck(deck, self.pool, self.icons)
            missed = resolved.add_lines(deck.entries, known)
        problems = [
            self._read_by_set(entry, readings[entry.query]) for entry in deck.entries if entry.query in readings
        ]
        for entry, result in missed:
            found = self._decided(resolved, entry, result) if result.candidates else None
            problems.append(found or self._unresolved(deck, entry, result))
        return resolved, problems

    def _set_readings(self, deck: Deck) -> dict[str, SetReading]:
        """The names of the deck read as its set's card (:func:`set_readings`), looked for only in
        a deck with a line that names its card through an alias table: only a deck written with
        a deck editor's names can mean one of them by a name another card has (WX006)."""
        aliased = self._resolutions.aliased
        if not (self._deciding and aliased) or aliased.isdisjoint([entry.query for entry in deck.entries]):
            return {}
        return set_readings(deck.entries, self._resolutions, self.pool, self._deck_sets, self.icons.calendar)

    def _read_by_set(self, entry: DeckEntry, reading: SetReading) -> Violation:
        """WX006 for a name read as the card the deck's own set gives it (:func:`set_readings`)."""
        card = reading.known.card
        why = self.messages.word("decided_set", detail=reading.set, n=reading.support)
        return self.violation(
            BY_CODE["WX006"],
            Finding(section=entry.section or card.deck, line=entry.line),
            {
                "query": quoted(entry.query),
                "card": self._both_names(card),
                "others": self._both_names(reading.other),
                "why": why,
            },
            cards=(reading.known.number,),
        )

    def _decided(self, resolved: ResolvedDeck, entry: DeckEntry, result: Resolution) -> Violation | None:
        """WX006: an ambiguous line the rest of the deck decides, settled as that card; None
        when the deck points to no single candidate (the line stays ambiguous, WX002)."""
        info = BY_CODE["WX006"]
        if not self._deciding:
            return None
        decision = decide(result.candidates, resolved, self.pool)
        if decision is None:
            return None
        resolved.settle(entry, decision.card, decision.number)
        others = ", ".join(self._both_names(card) for card in result.candidates if card is not decision.card)
        why = self.messages.word(f"decided_{decision.reason}", detail=decision.detail, n=decision.support)
        return self.violation(
            info,
            Finding(section=entry.section or decision.card.deck, line=entry.line),
            {"query": quoted(entry.query), "card": self._both_names(decision.card), "others": others, "why": why},
            cards=(decision.number,),
        )

    def _sample_pool_error(self, deck: Deck, problems: list[Violation]) -> DeckResult | None:
        """With the sample pool, a deck whose lines name cards the sample does not hold, each
        unknown only for want of the full pool: one input error that says so, instead of a
        WX001 per card (whose close matches, among 42 cards, would be noise) and a verdict
        judged on the sample's cards. Not when a line is something else (a name two cards
        share, a number and a name that disagree) or a typo of a sample card's name (a name
        with a close match: its WX001 says which)."""
        if not (self.sample and problems) or any(violation.code != "WX001" for violation in problems):
            return None
        queries = {entry.line: entry.query for entry in deck.entries}
        if any(self._typo_of_a_known_name(queries.get(violation.line)) for violation in problems):
            return None
        error = InputError(english_error("sample_pool"), deck.path)
        return DeckResult(deck.path, self.table.id, self.as_of, error=error)

    def _typo_of_a_known_name(self, query: str | None) -> bool:
        """A name (not a card number) close to a card of the pool: a typo, worth its WX001."""
        if not query or looks_like_number(query):
            return False
        return bool(getattr(self._resolutions[query], "suggestions", None))

    def _unresolved(self, deck: Deck, entry: DeckEntry, result: Resolution) -> Violation:
        """The violation of a line the pool resolves to no card."""
        if result.conflict:
            return self._conflict(entry, result.conflict)
        finding = Finding(section=entry.section, line=entry.line)
        if result.candidates:
            candidates = ", ".join(self._both_names(card) for card in result.candidates)
            return self.violation(
                BY_CODE["WX002"],
                finding,
                {"query": quoted(entry.query), "candidates": candidates},
                cards=tuple(card.number for card in result.candidates),
            )
        hint = self.messages.suggestion_hint(result.suggestions)
        if result.hint:
            hint += self.messages.word(result.hint)
        if entry.line in deck.comment_cut_lines:
            hint += self.messages.word("yaml_comment_hint")
        return self.violation(BY_CODE["WX001"], finding, {"query": quoted(entry.query), "hint": hint})

    # -- checking --------------------------------------------------------------------
    def check(self, deck: Deck) -> DeckResult:
        """Judge one parsed deck; every violation is reported at once."""
        resolved, violations = self.resolve(deck)
        refused = self._sample_pool_error(deck, violations)
        if refused is not None:
            return refused
        if deck.sheet_marks:
            violations += self._sheet_findings(resolved)
        unknown = resolved.unknown_decks()
        skipped: list[CheckInfo] = []
        for function, info, rule, params in self._plan:
            if unknown and not unknown.isdisjoint(info.needs):
                skipped.append(info)  # its answer depends on the card the pool could not name
                continue
            for finding in function(resolved, params):
                violations.append(self.violation(info, finding, rule=rule))
        if skipped:
            self.note_not_judged(violations, skipped, unknown)
        if self._mayu_by_key:
            violations += self._mayus_room_findings(resolved)
        if len(violations) > 1:
            violations.sort(key=_violation_order)
        counts = {
            "main": resolved.count("main"),
            "lrig": resolved.count("lrig"),
            "life_burst": resolved.life_burst_count,
        }
        return DeckResult(deck.path, self.table.id, self.as_of, counts, violations)

    def note_not_judged(
        self, violations: list[Violation], skipped: Iterable[CheckInfo], unknown: frozenset[str]
    ) -> None:
        """Say once (WX005, unless disabled) which rules were not judged because a deck they
        need holds a card the pool could not name; a note already in ``violations`` (from the
        construction checks, when the play checks add theirs) takes the new rules in."""
        info = BY_CODE["WX005"]
        if not self._enabled(info):
            return
        codes = {item.code for item in skipped}
        for index, given in enumerate(violations):
            if given.code == info.code:
                codes.update(given.found)
                del violations[index]
                break
        ordered = sorted(codes)
        separator = ", " if self.lang == "en" else "、"
        rules = separator.join(f"{code} {self.messages.check_name(code, BY_CODE[code].summary)}" for code in ordered)
        decks = self.messages.word("main_and_lrig") if len(unknown) > 1 else self.messages.word(next(iter(unknown)))
        section = next(iter(unknown)) if len(unknown) == 1 else None
        finding = Finding(section=section, found=ordered)
        violations.append(self.violation(info, finding, {"rules": rules, "decks": decks}))

    def _mayus_room_findings(self, resolved: ResolvedDeck) -> list[Violation]:
        """The findings of the Mayu's Room entries in force that name a card of the deck:
        only those can apply (usually none); two entries that say the same of a card are
        one finding."""
        keys, names = self._mayu_keys, resolved.names
        if keys.isdisjoint(names["main"]) and keys.isdisjoint(names["lrig"]):
            return []
        by_key = self._mayu_by_key
        found = {index for section in names.values() for key in section for index in by_key.get(key, ())}
        entries = {"entries": [self.mayus_room[index] for index in sorted(found)], "as_of": self.as_of}
        out: list[Violation] = []
        said: set[tuple[str, int | None, str]] = set()
        for info in self._mayu_checks:
            for finding in check_function(info)(resolved, entries):
                violation = self.violation(info, finding, source=MAYUS_ROOM)
                if (violation.code, violation.line, violation.message) not in said:
                    said.add((violation.code, violation.line, violation.message))
                    out.append(violation)
        return out

    def _sheet_findings(self, resolved: ResolvedDeck) -> list[Violation]:
        """WX004: what a decklist sheet says of each card's Life Burst, against the card."""
        info = BY_CODE["WX004"]
        if not self._enabled(info):
            return []
        return [
            self.violation(info, finding, {"problem": self.messages.word(finding.args["problem"])})
            for finding in check_function(info)(resolved, {})
        ]

    # -- messages -----------------------------------------------------------------
    def _both_names(self, card) -> str:
        """A card in the player's language and in Japanese: ``Servant D / サーバント　Ｄ (WX01-101)``."""
        shown = card.display_name(self.lang)
        return f"{shown} / {card.name} ({card.number})" if shown != card.name else f"{shown} ({card.number})"

    def _conflict(self, entry, conflict: tuple) -> Violation:
        """WX003: a card number, and a name beside it that names other cards."""
        card, number, name, others = conflict
        return self.violation(
            BY_CODE["WX003"],
            Finding(section=entry.section, line=entry.line),
            {
                "query": quoted(entry.query),
                "number": number,
                "name": quoted(name),
                "card": self._both_names(card),
                "others": ", ".join(self._both_names(other) for other in others),
            },
            cards=(number, *(other.number for other in others)),
        )

    def _card_text(self, card, number: str) -> str:
        text = self._card_texts.get((card.key, number))
        if text is None:
            text = self._card_texts[(card.key, number)] = f"{card.display_name(self.lang)} ({number})"
        return text

    def _entry_cards(self, finding: Finding) -> tuple[list[str], list[str]]:
        numbers, texts = [], []
        for item in finding.cards:
            if isinstance(item, ResolvedEntry):
                card, number = item.card, item.number
            else:
                card, number = item, item.number
            if number not in numbers:
                numbers.append(number)
                texts.append(self._card_text(card, number))
        return numbers, texts

    def violation(
        self,
        info: CheckInfo,
        finding: Finding,
        args: dict | None = None,
        cards: tuple = (),
        rule=None,
        source: str | None = None,
    ) -> Violation:
        numbers, texts = self._entry_cards(finding)
        if not numbers and cards:
            numbers = list(cards)
        values = Placeholders(self.messages, self.format_name, info, finding, rule, texts, args)
        message = fill(self.messages, self._english, info.code, values)
        lines = tuple(sorted({item.line for item in finding.cards if isinstance(item, ResolvedEntry) and item.line}))
        found = finding.found
        allowed = finding.allowed
        return Violation(
            code=info.code,
            name=info.slug,
            severity=finding.severity or (rule.severity if rule and rule.severity else info.severity),
            message=message,
            section=finding.section,
            cards=tuple(numbers),
            line=finding.line,
            lines=lines,
            found=found,
            allowed=allowed,
            rule=rule.id if rule else None,
            kind=info.kind,
            source=(rule.source if rule else source),
            card_names=tuple(texts),
            uncertain=finding.severity is not None,
        )

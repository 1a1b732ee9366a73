"""The records of a deck's legality over time: verdicts, their periods and what began each,
and the decks whose verdict changed between two days (``audit --changed-since``)."""

from __future__ import annotations

from typing import Any, NamedTuple

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.results import DeckResult


class Verdict(NamedTuple):
    """What ``check --as-of DAY`` says of a deck: legal or not, and the codes and cards of
    its errors (each once, in the report's order). ``findings`` pairs each error's code with
    its cards; it tells which codes changed, and is not part of the verdict's equality."""

    legal: bool
    codes: tuple[str, ...]
    cards: tuple[str, ...]
    findings: frozenset[tuple[str, tuple[str, ...]]] = frozenset()
    #: The codes of the warnings that are warnings only because the day is inside a window
    #: (a Mayu's Room entry between its lower bound and its first certain day, WX140-WX143; a
    #: card out only in a product inside its window, WX123): part of the verdict, so
    #: ``check --history`` shows that period.
    doubts: tuple[str, ...] = ()
    doubt_findings: frozenset[tuple[str, tuple[str, ...]]] = frozenset()

    @classmethod
    def of(cls, result: DeckResult) -> Verdict:
        """The verdict of one checked deck."""
        codes: list[str] = []
        cards: list[str] = []
        findings = set()
        doubts: list[str] = []
        doubt_findings = set()
        for violation in result.violations:
            if not violation.is_error:
                if violation.uncertain and violation.code not in doubts:
                    doubts.append(violation.code)
                if violation.uncertain:
                    doubt_findings.add((violation.code, violation.cards))
                continue
            findings.add((violation.code, violation.cards))
            if violation.code not in codes:
                codes.append(violation.code)
            cards.extend(card for card in violation.cards if card not in cards)
        return cls(
            result.legal, tuple(codes), tuple(cards), frozenset(findings), tuple(doubts), frozenset(doubt_findings)
        )

    def same(self, other: Verdict) -> bool:
        """The same verdict: legal alike, the same codes, cards and uncertain codes."""
        mine = (self.legal, self.codes, self.cards, self.doubts)
        return mine == (other.legal, other.codes, other.cards, other.doubts)

    def changed_codes(self, other: Verdict) -> set[str]:
        """The codes whose findings (errors, or warnings of an uncertain window) differ between the two verdicts."""
        moved = {code for code, _cards in self.findings ^ other.findings}
        return moved | {code for code, _cards in self.doubt_findings ^ other.doubt_findings}

    def changed_cards(self, other: Verdict) -> set[str]:
        """The cards of the findings that differ between the two verdicts."""
        return {card for _code, cards in self.findings ^ other.findings for card in cards}

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"legal": self.legal, "codes": list(self.codes), "cards": list(self.cards)}
        if self.doubts:
            data["uncertain"] = list(self.doubts)
        return data


class Cause(NamedTuple):
    """What began a period: a release (which product), a Mayu's Room entry (which card), a
    rule change (which rule), the format's start, or the start of the range asked for."""

    kind: str
    text: str
    source: str | None
    day: str

    def to_dict(self, with_day: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "text": self.text, "source": self.source}
        if with_day:
            data["day"] = self.day
        return data


class Period(NamedTuple):
    """Days ``start`` to ``end`` (both included; ``end`` None: open-ended) with one verdict."""

    start: str
    end: str | None
    verdict: Verdict
    because: tuple[Cause, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": self.start,
            "until": self.end,
            **self.verdict.to_dict(),
            "because": [cause.to_dict() for cause in self.because],
        }


class DeckHistory(NamedTuple):
    """Every period of one deck's verdict in one format, in order, touching, covering the
    range asked for; or the input error that stopped it."""

    deck: str
    format: str
    format_name: str
    periods: tuple[Period, ...] = ()
    error: InputError | None = None
    #: Whether the deck has an input problem (a card the pool cannot name): exit code 2.
    input_problem: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "format": self.format, "history": [period.to_dict() for period in self.periods]}


class DeckChange(NamedTuple):
    """A deck whose verdict on ``after_day`` differs from its verdict on ``before_day``,
    with the changes of the tables between them that made the difference."""

    deck: str
    format: str
    before_day: str
    after_day: str
    before: Verdict
    after: Verdict
    because: tuple[Cause, ...]

    @property
    def became_illegal(self) -> bool:
        return self.before.legal and not self.after.legal

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "format": self.format,
            "before": {"day": self.before_day, **self.before.to_dict()},
            "after": {"day": self.after_day, **self.after.to_dict()},
            "because": [cause.to_dict(with_day=True) for cause in self.because],
        }


class ChangedReport(NamedTuple):
    """``audit --changed-since``: the decks whose verdict on ``as_of`` differs from their
    verdict on ``since``, how many decks were compared, and those that could not be."""

    since: str
    as_of: str
    total: int
    changes: tuple[DeckChange, ...]
    #: Decks that could not be read, or name a card the pool does not know (exit code 2).
    problems: tuple[DeckResult, ...] = ()
    #: Problems of the format tables' Mayu's Room lists (as a run report has them).
    list_problems: tuple[dict[str, Any], ...] = ()
    lang: str = "en"

    @property
    def counts(self) -> dict[str, int]:
        illegal = sum(1 for change in self.changes if change.became_illegal)
        legal = sum(1 for change in self.changes if change.after.legal and not change.before.legal)
        return {"total": self.total, "changed": len(self.changes), "became_illegal": illegal, "became_legal": legal}

    def exit_code(self) -> int:
        """2 a deck could not be compared (or a Mayu's Room list is broken), 1 a deck became
        illegal, else 0."""
        if self.problems or any(problem.get("severity") == "error" for problem in self.list_problems):
            return 2
        return 1 if any(change.became_illegal for change in self.changes) else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "changed_since": self.since,
            "as_of": self.as_of,
            "decks": [change.to_dict() for change in self.changes],
            "summary": self.counts,
        }

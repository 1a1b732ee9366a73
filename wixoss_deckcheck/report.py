"""The result of one run (every deck checked), as reporters and exit codes see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wixoss_deckcheck import __version__
from wixoss_deckcheck.checker import DeckResult


@dataclass
class RunReport:
    """Everything a reporter needs; reporters never decide pass or fail."""

    results: list[DeckResult]
    format: str | None
    format_name: str | None
    as_of: str | None
    pool_path: str
    pool_cards: int
    pool_origin: str
    lang: str = "en"
    list_problems: list[dict] = field(default_factory=list)
    strict: bool = False

    @property
    def counts(self) -> dict[str, int]:
        legal = sum(1 for r in self.results if r.error is None and r.legal)
        unreadable = sum(1 for r in self.results if r.error is not None)
        return {"total": len(self.results), "legal": legal, "illegal": len(self.results) - legal - unreadable,
                "unreadable": unreadable}

    def exit_code(self, strict: bool = False) -> int:
        """0 clean, 1 a deck breaks a rule, 2 an input problem (unreadable deck, unknown card, broken list)."""
        if any(r.has_input_problem for r in self.results) or any(p["severity"] == "error" for p in self.list_problems):
            return 2
        if any(not r.legal for r in self.results):
            return 1
        if strict and any(r.violations for r in self.results):
            return 1
        return 0

    def to_dict(self, decks: bool = True) -> dict[str, Any]:
        """The whole report as plain data (``decks=False``: everything but the decks)."""
        per_code: dict[str, int] = {}
        for result in self.results:
            for violation in result.violations:
                per_code[violation.code] = per_code.get(violation.code, 0) + 1
        return {
            "tool": "wixoss-deckcheck",
            "version": __version__,
            "format": self.format,
            "format_name": self.format_name,
            "as_of": self.as_of,
            "lang": self.lang,
            "cardpool": {"path": self.pool_path, "cards": self.pool_cards, "origin": self.pool_origin},
            "list_problems": self.list_problems,
            "summary": {**self.counts, "violations_per_code": dict(sorted(per_code.items()))},
            **({"decks": [result.to_dict() for result in self.results]} if decks else {}),
        }

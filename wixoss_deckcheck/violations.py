"""The violation record: one immutable finding about one deck, with one ``to_dict()``.

JSON output and the test fixtures both use :meth:`Violation.to_dict`, so what a
test asserts is exactly what a CI script reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("error", "warning")


@dataclass(frozen=True)
class Violation:
    """A broken rule in a deck: which rule, how bad, where, which cards, how many."""

    code: str
    name: str
    severity: str
    message: str
    section: str | None = None
    cards: tuple[str, ...] = ()
    line: int | None = None
    lines: tuple[int, ...] = ()
    found: Any = None
    allowed: Any = None
    rule: str | None = None  # the format rule id that produced it
    kind: str = "construction"  # construction | input | play
    source: str | None = None  # where the rule comes from
    card_names: tuple[str, ...] = field(default=())

    def __reduce__(self):
        # Parallel audits send thousands of these between processes: a plain tuple of
        # the fields is smaller and quicker to rebuild than the default (a dict per record).
        return (Violation, (self.code, self.name, self.severity, self.message, self.section, self.cards, self.line,
                            self.lines, self.found, self.allowed, self.rule, self.kind, self.source, self.card_names))

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "message": self.message,
            "section": self.section,
            "cards": list(self.cards),
            "line": self.line,
        }
        if self.lines and list(self.lines) != [self.line]:
            data["lines"] = list(self.lines)
        if self.card_names:
            data["card_names"] = list(self.card_names)
        if self.found is not None:
            data["found"] = self.found
        if self.allowed is not None:
            data["allowed"] = self.allowed
        if self.rule:
            data["rule"] = self.rule
        data["kind"] = self.kind
        if self.source:
            data["source"] = self.source
        return data

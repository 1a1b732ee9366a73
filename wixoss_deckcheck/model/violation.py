"""The violation record: one immutable finding about one deck, with one ``to_dict()``.

JSON output and the test fixtures both use :meth:`Violation.to_dict`, so what a
test asserts is exactly what a CI script reads.
"""

from __future__ import annotations

from typing import Any, NamedTuple

SEVERITIES = ("error", "warning")


#: The ``source`` of a Mayu's Room finding (its entry's check is not a rule of the format table).
MAYUS_ROOM = "Mayu's Room"


class Violation(NamedTuple):
    """A broken rule in a deck: which rule, how bad, where, which cards, how many.

    An immutable named tuple: cheap to define at start-up, to build and to send
    between processes.
    """

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
    card_names: tuple[str, ...] = ()
    #: A warning only because a date is uncertain (a Mayu's Room entry or a product inside its
    #: window): ``check --history`` shows such a period of its own.
    uncertain: bool = False

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

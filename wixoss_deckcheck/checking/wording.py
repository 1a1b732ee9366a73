"""Filling a check's message template in the player's language.

Each template (``messages/<lang>.yaml``) names the placeholders it needs; a
:class:`Placeholders` mapping works out each one only when the template asks for it,
so a violation costs only the words its message really uses. The placeholders every
check shares are worded here; a check words its own ones itself (``wording=`` of its
registration, :class:`~wixoss_deckcheck.checks.registry.CheckInfo`), so this module
knows no particular check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.checks.registry import CheckInfo, Finding
    from wixoss_deckcheck.messages import Messages
    from wixoss_deckcheck.tables.loading import Rule

_AMOUNT_WORDS = {"exactly": "exactly", "min": "at_least", "max": "at_most"}


def amount_text(messages: Messages, value: Any) -> str:
    """``{"max": 20}`` → "at most 20"; ``[1, 3]`` → "1 or 3"; anything else as text."""
    if isinstance(value, dict) and len(value) == 1:
        ((kind, amount),) = value.items()
        return messages.word(_AMOUNT_WORDS[kind], n=amount)
    if isinstance(value, list):
        return f" {messages.word('or')} ".join(str(v) for v in value) if value else messages.word("none")
    return str(value)


def _number(value: Any) -> int | None:
    """The number a count stands for, to choose a plural form: 4, {"max": 4} → 4; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, dict) and len(value) == 1:
        return _number(next(iter(value.values())))
    if isinstance(value, list) and len(value) == 1:
        return _number(value[0])
    return None


def colours_text(messages: Messages, colours: Iterable[str]) -> str:
    return "/".join(messages.colour(c) for c in colours) or messages.word("none")


def _separator(values: Placeholders) -> str:
    return "、" if values.messages.lang != "en" else "; "


#: The placeholders every check's message may use, and how each is worded.
_SHARED: dict[str, Callable[[Placeholders], Any]] = {
    "format": lambda values: values.format_name,
    "found": lambda values: values.amount(values.finding.found),
    "allowed": lambda values: values.amount(values.finding.allowed),
    "available": lambda values: values.amount(values.finding.allowed),
    "card": lambda values: values.texts[0] if values.texts else "",
    "cards": lambda values: _separator(values).join(values.texts),
    "others": lambda values: _separator(values).join(values.texts[1:]),
    "deck": lambda values: values.word(values.finding.section or "main"),
}


class Placeholders(dict[str, Any]):
    """The values of a message template's placeholders, each computed on first use.

    ``{name|noun}`` counts the value of ``name`` with a noun ("1 card", "at most 4 cards");
    a check's own ``wording`` comes next, then the placeholders every check shares, then
    the finding's ``args`` as they are. It is also what a check's wording is given
    (:class:`~wixoss_deckcheck.checks.registry.Words`).
    """

    def __init__(
        self,
        messages: Messages,
        format_name: str,
        info: CheckInfo,
        finding: Finding,
        rule: Rule | None,
        texts: list[str],
        given: Mapping[str, Any] | None = None,
    ):
        super().__init__(given or {})
        self.messages: Messages = messages
        self.format_name: str = format_name
        self.info: CheckInfo = info
        self.finding: Finding = finding
        self.rule: Rule | None = rule
        self.texts: list[str] = texts
        self.args: Mapping[str, Any] = finding.args
        self.params: Mapping[str, Any] = rule.params if rule is not None else {}

    def __missing__(self, key: str) -> Any:
        value = self._work_out(key)
        self[key] = value
        return value

    def _work_out(self, key: str) -> Any:
        if "|" in key:
            return self._counted(key)
        own = self.info.wording.get(key)
        if own is not None:
            return own(self)
        shared = _SHARED.get(key)
        if shared is not None:
            return shared(self)
        if key in self.args:
            return self.args[key]
        raise KeyError(key)

    def _counted(self, key: str) -> str:
        """``{found|card}``: the value counted with a noun ("1 card", "at most 4 cards")."""
        name, _bar, noun = key.partition("|")
        raw = {"found": self.finding.found, "allowed": self.finding.allowed}.get(name, self.args.get(name))
        shown = self[name]
        return self.messages.plural(noun, _number(raw if raw is not None else shown), str(shown))

    # -- the words a check's wording may use (checks.registry.Words) ---------------------

    def word(self, key: str, **values: Any) -> str:
        return self.messages.word(key, **values)

    def amount(self, value: Any) -> str:
        return amount_text(self.messages, value)

    def colour(self, colour: str) -> str:
        return self.messages.colour(colour)

    def colours(self, colours: Iterable[str]) -> str:
        return colours_text(self.messages, colours)

    def card_type(self, card_type: str) -> str:
        return self.messages.card_type(card_type)

    def card_type_with_article(self, card_type: str) -> str:
        return self.messages.card_type_with_article(card_type)

    def icon(self, icon: str) -> str:
        return self.messages.icon(icon)


def fill(messages: Messages, english: Messages, code: str, values: Placeholders) -> str:
    """The message of ``code`` in the chosen language (English if its template fails)."""
    try:
        return messages.template(code).format_map(values)
    except (KeyError, IndexError, ValueError):
        return english.template(code).format_map(values)

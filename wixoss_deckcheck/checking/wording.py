"""Filling a check's message template in the player's language.

Each template (``messages/<lang>.yaml``) names the placeholders it needs; a
:class:`Placeholders` mapping works out each one only when the template asks for it,
so a violation costs only the words its message really uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.checks.registry import CheckInfo, Finding
    from wixoss_deckcheck.messages import Messages

_AMOUNT_WORDS = {"exactly": "exactly", "min": "at_least", "max": "at_most"}


def amount_text(messages: Messages, value) -> str:
    """``{"max": 20}`` → "at most 20"; ``[1, 3]`` → "1 or 3"; anything else as text."""
    if isinstance(value, dict) and len(value) == 1:
        ((kind, amount),) = value.items()
        return messages.word(_AMOUNT_WORDS[kind], n=amount)
    if isinstance(value, list):
        return f" {messages.word('or')} ".join(str(v) for v in value) if value else messages.word("none")
    return str(value)


def _number(value):
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


def colours_text(messages: Messages, colours) -> str:
    return "/".join(messages.colour(c) for c in colours) or messages.word("none")


class Placeholders(dict):
    """The values of a message template's placeholders, each computed on first use."""

    def __init__(
        self,
        messages: Messages,
        format_name: str,
        info: CheckInfo,
        finding: Finding,
        rule,
        texts: list[str],
        given: dict | None = None,
    ):
        super().__init__(given or {})
        self.messages, self.format_name, self.info = messages, format_name, info
        self.finding, self.rule, self.texts = finding, rule, texts

    def __missing__(self, key: str):
        value = self._work_out(key)
        self[key] = value
        return value

    def _separator(self) -> str:
        return "、" if self.messages.lang != "en" else "; "

    def _work_out(self, key: str):
        messages, finding, args = self.messages, self.finding, self.finding.args
        if "|" in key:  # {found|card}: the value counted with a noun ("1 card", "at most 4 cards")
            name, _bar, noun = key.partition("|")
            raw = {"found": finding.found, "allowed": finding.allowed}.get(name, args.get(name))
            shown = self[name]
            return messages.plural(noun, _number(raw if raw is not None else shown), str(shown))
        if key == "type_a" and "type" in args:  # English: the type with its article ("an LRIG")
            return messages.card_type_with_article(args["type"])
        if key == "format":
            return self.format_name
        if key == "found":
            return amount_text(messages, finding.found)
        if key in ("allowed", "available"):
            if self.info.slug == "colour-outside-lrig-colours":
                return colours_text(messages, finding.allowed or [])
            return amount_text(messages, finding.allowed)
        if key == "card":
            return self.texts[0] if self.texts else ""
        if key == "cards":
            return self._separator().join(self.texts)
        if key == "others":
            return self._separator().join(self.texts[1:])
        if key == "deck":
            return messages.word(finding.section or "main")
        if key == "icons":
            icons = self.rule.params.get("icons") if self.rule else None
            return "/".join(messages.icon(i) for i in icons or [])
        if key == "why" and "why" in args:
            return messages.word(f"pool_{args['why']}", icons=self["icons"])
        if key == "reason" and args.get("reason") in ("no_center", "counts"):
            return messages.word(
                f"start_{args['reason']}", total=finding.found, counts=amount_text(messages, finding.allowed)
            )
        if key == "type" and self.info.slug == "deck-card-types":
            return messages.card_type(args["type"])
        if key == "type_word":
            return messages.card_type(args["type"])
        if key == "allowed_n" and isinstance(finding.allowed, dict):
            return next(iter(finding.allowed.values()))
        if key in ("missing", "colours") and key in args:
            return "/".join(messages.colour(c) for c in args[key].split("/"))
        if key == "types" and args.get("types") == "-":
            return messages.word("none")
        if key == "effective" and args.get("effective_bound") == "not-before":
            return messages.word("not_before", date=args["effective"])
        if key in args:
            return args[key]
        raise KeyError(key)


def fill(messages: Messages, english: Messages, code: str, values: Placeholders) -> str:
    """The message of ``code`` in the chosen language (English if its template fails)."""
    try:
        return messages.template(code).format_map(values)
    except (KeyError, IndexError, ValueError):
        return english.template(code).format_map(values)

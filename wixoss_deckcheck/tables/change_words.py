"""The words of a change of the tables, in the run's language (the ``history:`` section of
the message catalogues): what a release, a Mayu's Room entry, a rule or a format's own
dates start or stop saying, and from which day."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from wixoss_deckcheck.checks import REGISTRY
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.tables.changes import Change, Product
from wixoss_deckcheck.tables.loading import Rule
from wixoss_deckcheck.tables.mayus_room import MayuEntry

#: How a card an entry names is shown: by default its name as the table writes it, else its numbers.
CardName = Callable[[Mapping[str, Any]], str]


def table_name(ref: Mapping[str, Any]) -> str:
    """A card of an entry as the table names it (its name, else its numbers)."""
    return str(ref.get("name") or ", ".join(ref.get("numbers") or ()))


def cards_text(refs: tuple[Mapping[str, Any], ...], names: CardName = table_name) -> str:
    return " / ".join(names(ref) for ref in refs)


def restriction(entry: MayuEntry, messages: Messages, names: CardName = table_name) -> str:
    """What an entry says of its cards: banned, at most N, not with ..., if used not ..."""
    if entry.kind == "banned":
        return messages.cli("mayu_banned")
    if entry.kind == "limit":
        return messages.cli("mayu_limit", limit=entry.limit)
    key = "mayu_pair" if entry.kind == "pair" else "mayu_one_way"
    return messages.cli(key, others=cards_text(entry.with_cards, names))


def _value_text(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value_text(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_value_text(item)}" for key, item in value.items()) + "}"
    return "null" if value is None else str(value)


def params_text(rule: Rule) -> str:
    """A rule's parameters as ``key=value`` pairs, as the table writes them (``-`` for none)."""
    return ", ".join(f"{key}={_value_text(value)}" for key, value in rule.params.items()) or "-"


def rule_code(rule: Rule) -> str:
    info = REGISTRY.get(rule.check)
    return info.code if info is not None else rule.check


def describe_rule_change(before: Rule, after: Rule, day: str, messages: Messages) -> str:
    """A rule replaced on ``day`` by another of the same id: its parameters before and after."""
    return messages.history(
        "change_rule_changed",
        rule=after.id,
        code=rule_code(after),
        before=params_text(before),
        after=params_text(after),
        day=day,
    )


def precision_text(product: Product, messages: Messages) -> str:
    """How exact a product's date is, in words (``that day``, ``about that month``...)."""
    words = messages.cards("precision")
    precision = product.release.precision
    return str(words.get(precision, precision)) if isinstance(words, dict) else precision


def entry_bound(entry: MayuEntry, messages: Messages) -> str:
    """The words of an entry's first day when it is only a lower bound (with its uncertain window)."""
    if entry.effective_bound != "not-before":
        return ""
    if entry.certain_from:
        return messages.history("bound_window", certain=entry.certain_from)
    return messages.history("bound_not_before")


def _entry_text(change: Change, entry: MayuEntry, messages: Messages, names: CardName) -> str:
    if change.certain and not change.starts:
        return messages.history(
            "change_entry_uncertain_end",
            cards=cards_text(entry.cards, names),
            restriction=restriction(entry, messages, names),
            day=change.day,
            until=entry.until or "?",
        )
    if change.certain:
        return messages.history(
            "change_entry_certain",
            cards=cards_text(entry.cards, names),
            restriction=restriction(entry, messages, names),
            day=change.day,
            since=entry.effective or "?",
        )
    if change.starts:
        bound = entry_bound(entry, messages)
        key = "change_entry"
    else:
        bound = messages.history("bound_not_after") if entry.until_bound == "not-after" else ""
        key = "change_entry_lifted"
    return messages.history(
        key,
        cards=cards_text(entry.cards, names),
        restriction=restriction(entry, messages, names),
        day=change.day,
        bound=bound,
    )


def _rule_text(change: Change, rule: Rule, messages: Messages) -> str:
    key = "change_rule" if change.starts else "change_rule_ended"
    return messages.history(key, rule=rule.id, code=rule_code(rule), params=params_text(rule), day=change.day)


def _release_text(change: Change, product: Product, messages: Messages) -> str:
    if change.certain:
        since = product.release.earliest or "?"
        return messages.history("change_release_certain", product=product.name, day=change.day, since=since)
    precision = precision_text(product, messages)
    return messages.history("change_release", product=product.name, day=change.day, precision=precision)


def describe(
    change: Change, messages: Messages, names: CardName = table_name, format_name: str | None = None
) -> str:
    """One change in words, with its day."""
    if change.entry is not None:
        return _entry_text(change, change.entry, messages, names)
    if change.rule is not None:
        return _rule_text(change, change.rule, messages)
    if change.product is not None:
        return _release_text(change, change.product, messages)
    key = "change_format" if change.starts else "change_format_ended"
    return messages.history(key, format=format_name or "", day=change.day)

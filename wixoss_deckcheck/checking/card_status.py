"""Where one card may be played on a day, and why (``cards show CARD --as-of DATE``).

The answer comes from the real checker: the card alone in a deck of its own, checked in
each format in force that day, keeps only the findings about the card itself (not in the
card pool, not yet released, a token, banned or limited by Mayu's Room); the deck-size
findings of a one-card deck are left out. The reasons a legal card is legal (its icons,
the same-name carve-out, the level-0 LRIG rule) and the Mayu's Room entries in force
that name it come with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.deck import Deck, DeckEntry
from wixoss_deckcheck.tables.loading import Rule, builtin_format_ids, load_format
from wixoss_deckcheck.tables.releases import load_calendar

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.model.cards import Card
    from wixoss_deckcheck.pool.cardpool import CardPool

#: The findings about one card as such (not about the deck around it).
CARD_CODES = frozenset({"WX110", "WX120", "WX121", "WX122", "WX123", "WX140", "WX141"})


class FormatStatus(NamedTuple):
    """One format's verdict on one card on one day."""

    format_id: str
    name: str
    in_force: bool
    legal: bool
    reasons: tuple[str, ...]  # why legal, or why not (the checker's messages)
    restrictions: tuple[str, ...]  # Mayu's Room entries in force that name the card


def card_status(pool: CardPool, card: Card, number: str, day: str, lang: str) -> list[FormatStatus]:
    """The verdict of every built-in format on ``card`` (printed as ``number``) on ``day``."""
    messages = Messages(lang)
    out = []
    for format_id in builtin_format_ids():
        table = load_format(format_id)
        name = table.display_name(messages.lang)
        try:
            checker = Checker(pool, table, day, messages.lang)
        except UsageError:
            since = table.since or "?"
            out.append(FormatStatus(format_id, name, False, False, (messages.cards("not_in_force", since=since),), ()))
            continue
        deck = Deck(path="-", entries=[DeckEntry(1, number, 1, card.deck)])
        found = [v for v in checker.check(deck).violations if v.code in CARD_CODES]
        legal = not any(v.is_error for v in found)
        reasons = tuple(v.message for v in found) if found else tuple(_why_legal(checker, card, number, messages))
        out.append(FormatStatus(format_id, name, True, legal, reasons, tuple(_restrictions(checker, card, messages))))
    return out


def _why_legal(checker: Checker, card: Card, number: str, messages: Messages) -> list[str]:
    """Why the card-pool rules in force let the card in."""
    rules = [rule for rule in checker.rules if rule.check == "card-pool"]
    wanted = sorted({icon for rule in rules for icon in rule.params.get("icons") or ()})
    if not wanted:
        return [messages.cards("every_card")]
    shown = "/".join(messages.icon(icon) for icon in wanted)
    return [messages.cards(_legal_by(checker, card, number, set(wanted), rules), icons=shown)]


def _legal_by(checker: Checker, card: Card, number: str, wanted: set[str], rules: list[Rule]) -> str:
    """The word of the reason a card with the ``wanted`` icons' rules in force is legal:
    its own icon, a same-name card's, the level-0 LRIG carve-out, or none of them."""
    icons = checker.icons
    if (icons.icons_of_number(number) | icons.icons_of_card(card)) & wanted:
        return "has_icon"
    if icons.icons_of_name(card) & wanted:
        return "same_name_icon"
    if card.is_lrig and card.level == 0 and any(rule.params.get("exempt_level_zero_lrigs") for rule in rules):
        return "level_zero"
    return "included"


def _restrictions(checker: Checker, card: Card, messages: Messages) -> list[str]:
    """The Mayu's Room entries in force that name the card, in words."""
    out = []
    for entry in checker.mayus_room:
        if card.key not in entry.keys_a and card.key not in entry.keys_b:
            continue
        others = " / ".join(_ref(ref) for ref in (entry.with_cards if card.key in entry.keys_a else entry.cards))
        since = entry.effective or "?"
        if entry.kind == "banned":
            out.append(messages.cards("banned", since=since))
        elif entry.kind == "limit":
            out.append(messages.cards("limited", limit=entry.limit, since=since))
        elif entry.kind == "pair":
            out.append(messages.cards("pair", others=others, since=since))
        else:
            out.append(messages.cards("one_way", others=others, since=since))
    return out


def _ref(ref: dict) -> str:
    return ref.get("name") or ", ".join(ref.get("numbers", []))


def release_text(number: str, messages: Messages) -> str | None:
    """When the print ``number`` came out, with how sure the calendar is; None when unknown."""
    release = load_calendar().release_of(number)
    if release is None or release.earliest is None:
        return None
    product = f" {release.name}" if release.name else ""
    if release.date is None:  # a sourced lower bound, perhaps with its window's certain end
        if release.certain_from:
            return messages.cards("released_window", date=release.earliest, product=product,
                                  certain=release.certain_from)
        return messages.cards("released_bound", date=release.earliest, product=product)
    primary, english = messages._section("cards")
    precisions = primary.get("precision") or english.get("precision") or {}
    precision = precisions.get(release.precision, release.precision)
    return messages.cards("released", date=release.date, product=product, precision=precision)

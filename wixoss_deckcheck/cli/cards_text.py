"""The text of ``cards show``: a card's fields, and where it is legal on a day and why."""

from __future__ import annotations

import re

from wixoss_deckcheck.checking.card_status import card_status, release_text
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.cardpool import CardPool
from wixoss_deckcheck.tables.icons import IconIndex
from wixoss_deckcheck.tables.loading import load_format

_KANJI = {"white": "白", "red": "赤", "blue": "青", "green": "緑", "black": "黒"}


def describe(card: Card, printed: str | None, messages: Messages) -> str:
    """Every field of the card, labelled in the chosen language."""
    say = messages.cards
    as_printed = f"  ({say('as_printed', number=printed)})" if printed and printed != card.number else ""
    lines = [f"{card.number}  {card.name}{as_printed}"]
    names = ("en", "zh_hans", "zh_hant", "kana")
    lines.extend(f"  {say(key)}: {card.names[key]}" for key in names if card.names.get(key))
    lines.append(_kind_line(card, messages))
    details = _details(card, messages)
    if details:
        lines.append("  " + "   ".join(details))
    flags = [say(key) for key, on in _flags(card) if on]
    if flags:
        lines.append("  " + ", ".join(flags))
    lines.append(f"  {say('series')}: {card.series}   {say('icons')}: {_icons(card, messages)}")
    if card.reprints:
        lines.append(f"  {say('reprints')}: {', '.join(card.reprints)}")
    return "\n".join(lines)


def _kind_line(card: Card, messages: Messages) -> str:
    """Type, colours (with their kanji outside Japanese) and level."""
    say = messages.cards
    kanji = "".join(_KANJI[c] for c in card.colors) or "無"
    colours = "/".join(messages.colour(c) for c in card.colors) or messages.colour("")
    shown = colours if messages.lang == "ja" or colours == kanji else f"{colours} ({kanji})"
    level = f"   {say('level')}: {card.level}" if card.level is not None else ""
    return f"  {say('type')}: {messages.card_type(card.type)}   {say('colour')}: {shown}{level}"


def _details(card: Card, messages: Messages) -> list[str]:
    """Limit (of an LRIG), power, LRIG types, classes, limiting conditions, team."""
    say = messages.cards
    details = []
    if card.limit is not None and card.is_lrig:
        details.append(f"{say('limit')}: {card.limit}")
    if card.power is not None:
        details.append(f"{say('power')}: {card.power}")
    for key, values in (("lrig_type", card.lrig_types), ("class", card.classes), ("limited_to", card.limiting)):
        if values:
            details.append(f"{say(key)}: {'/'.join(values)}")
    if card.team:
        details.append(f"{say('team')}: {card.team}")
    return details


def _icons(card: Card, messages: Messages) -> str:
    """The format icons the pool records for the card, or that they come from its series."""
    say = messages.cards
    if card.formats is None:
        return say("icons_series")
    return say("icons_recorded", icons=", ".join(messages.icon(i) for i in card.formats) or say("icons_none"))


def _flags(card: Card) -> tuple[tuple[str, bool], ...]:
    return (
        ("life_burst", card.life_burst),
        ("guard", card.guard),
        ("multi_ener", card.multi_ener),
        ("token", card.token),
    )


def legality(pool: CardPool, card: Card, number: str, day: str, messages: Messages) -> str:
    """When the card came out, where its icons come from, and each format's verdict on ``day``."""
    say = messages.cards
    lines = []
    for print_number in dict.fromkeys((number, card.number, *card.reprints)):
        released = release_text(print_number, messages)
        if released:
            lines.append(f"  {print_number}: {released}")
    if not lines:
        lines.append(f"  {say('release_unknown')}")
    origins = IconIndex(pool, load_format("diva").icons).icon_origins(card)
    lines.append(f"  {say('icon_origins')}:")
    lines.extend(f"    {origin}" for origin in _grouped(origins))
    lines.append(f"  {say('formats_on', day=day)}")
    for status in card_status(pool, card, number, day, messages.lang):
        verdict = say("legal") if status.legal else say("not_legal")
        if not status.in_force:
            verdict = "-"
        lines.append(f"    {status.name} ({status.format_id}): {verdict}")
        lines.extend(f"      {reason}" for reason in status.reasons)
        lines.extend(f"      {restriction}" for restriction in status.restrictions)
    return "\n".join(lines)


def _grouped(origins: list[str]) -> list[str]:
    """Origins that differ only in the print number, on one line: "diva, key: A, B: the Diva series ..."."""
    groups: dict[tuple[str, str], list[str]] = {}
    out: list[str | tuple[str, str]] = []
    for origin in origins:
        match = re.match(r"^(.*?): (\S+), (.*)$", origin)
        if match is None:
            out.append(origin)
            continue
        key = (match.group(1), match.group(3))
        if key not in groups:
            groups[key] = []
            out.append(key)
        groups[key].append(match.group(2))
    lines = []
    for item in out:
        if isinstance(item, tuple):
            lines.append(f"{item[0]}: {', '.join(groups[item])}: {item[1]}")
        else:
            lines.append(item)
    return lines

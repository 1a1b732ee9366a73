"""Groups of cards a condition names (a class, a name, a level, a colour, how many) and whether given
cards fill them: what a rise goes onto and a RESONA's appearance condition share.

A group is a mapping of the card pool (``rise_onto``, ``resona_condition``; docs/cardpool.md):
``name``, ``name_contains``, ``class`` or ``classes`` (any of them), ``colour``, ``level``,
``level_min``, ``level_max``, ``rise_icon`` (the card has 【ライズ】), ``dissona`` (a Dissona SIGNI),
``resona``, ``not_resona``,
``count``, and among the cards of the group ``distinct_levels`` and ``no_shared_colour``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from wixoss_deckcheck.engine.game.gamerules import placement_rules
from wixoss_deckcheck.model.cards import Card

Group = Mapping[str, Any]


def _name(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace(" ", "")


def _classes(card: Card) -> set[str]:
    """A card's classes, whole and without their family (奏像：悪魔 → 奏像：悪魔, 悪魔)."""
    return {part for cls in card.classes for part in (cls, cls.split("：")[-1])}


def meets(group: Group, card: Card) -> bool:
    """Does ``card`` fit the group's condition (its count aside)?"""
    level = card.level or 0
    wanted = [group["class"]] if "class" in group else list(group.get("classes", ()))
    return (
        ("name" not in group or _name(group["name"]) == _name(card.name))
        and ("name_contains" not in group or _name(group["name_contains"]) in _name(card.name))
        and (not wanted or bool(_classes(card) & set(wanted)))
        and group.get("level", level) == level
        and group.get("level_min", level) <= level <= group.get("level_max", level)
        and group.get("colour", "") in (*card.colors, "")
        and (not group.get("rise_icon") or card.rise)
        and (not group.get("dissona") or _dissona(card))
        and not (group.get("not_resona") and card.type == "RESONA")
        and (not group.get("resona") or card.type == "RESONA")
    )


def _dissona(card: Card) -> bool:
    """A Dissona SIGNI: the card data keeps no icon, the name ending says it (formats/play-rules.yaml)."""
    ending = _name(str(placement_rules().get("dissona_name_ending") or ""))
    return bool(ending) and _name(card.name).endswith(ending)


def rises_onto(card: Card, below: Card) -> bool:
    """Does ``below`` fit the first group of SIGNI the 【ライズ】 of ``card`` names (its name, class,
    level, colour, icons; an unread condition is met)? The whole condition: :mod:`.rise`."""
    onto = card.rise_onto or {}
    return meets({key: value for key, value in onto.items() if key not in ("and", "stack", "count")}, below)


def _together(group: Group, cards: Sequence[Card]) -> bool:
    """The conditions on the group's cards together: levels all different, no colour shared."""
    if group.get("distinct_levels") and len({card.level for card in cards}) < len(cards):
        return False
    if group.get("no_shared_colour"):
        seen: set[str] = set()
        for card in cards:
            if seen & set(card.colors):
                return False
            seen |= set(card.colors)
    return True


def fillings(
    groups: Sequence[Group], items: Sequence[int], card_of: Callable[[int], Card], allowed: Callable[[Group, int], bool]
) -> Iterator[list[int]]:
    """Every way of filling ``groups`` with distinct ``items`` (indexes; each group its ``count``, 1
    when left out, or more with ``or_more``, of items it ``allowed`` and whose card fits it): the items
    chosen, group by group."""
    if not groups:
        yield []
        return
    group, rest = groups[0], groups[1:]
    fitting = [item for item in items if allowed(group, item) and meets(group, card_of(item))]
    least = int(group.get("count", 1))
    sizes = range(least, len(fitting) + 1) if group.get("or_more") else (least,)
    for chosen in (combo for size in sizes for combo in combinations(fitting, size)):
        if not _together(group, [card_of(item) for item in chosen]):
            continue
        left = [item for item in items if item not in chosen]
        for more in fillings(rest, left, card_of, allowed):
            yield [*chosen, *more]


def count(groups: Sequence[Group]) -> int:
    """How many cards the groups ask for in all."""
    return sum(int(group.get("count", 1)) for group in groups)

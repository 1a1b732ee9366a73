"""Mulligan policies: which cards of the opening hand go back in the one mulligan.

Built-in policies (``--mulligan NAME``):

- ``keep`` — keep the whole hand (the default; exact answers exist for it);
- ``curve`` or ``curve:N`` — return every SIGNI above level N (default 2);
- ``find:GROUP`` — if the hand holds no card of GROUP, return the whole hand
  (e.g. ``find:level:1``, ``find:guard``, ``find:WXDi-D01-020``).

A policy of your own is a YAML file (``--mulligan FILE``) checked against
``schemas/mulligan.schema.json``::

    name: low curve
    return:                 # returned when any selector matches ...
      - {type: SIGNI, level: {min: 3}}
      - {type: SPELL}
    keep:                   # ... unless one of these matches
      - {card: WXDi-D01-021}
    max_copies:             # copies beyond max of each such card go back
      - {select: {guard: true}, max: 1}
    find:                   # fewer than at_least of these: return all the others
      select: {level: 1}
      at_least: 1

A selector may name ``card`` (number or name), ``group`` (a group term), ``type``,
``level`` (a number or ``{min, max}``), ``colour``, ``guard`` and ``life_burst``;
all keys given must match.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wixoss_deckcheck.engine.odds.groups import Selector, colour_selector, level_selector, parse_group, type_selector
from wixoss_deckcheck.engine.odds.rules import OPENING_HAND
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.resources import schemas_dir
from wixoss_deckcheck.files.schema import load_schema, validate
from wixoss_deckcheck.files.yamllines import line_at, load_yaml_file
from wixoss_deckcheck.model.cards import Card

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool

BUILTIN_POLICIES = ("keep", "curve", "curve:N", "find:GROUP")
_SCHEMA_NAME = "mulligan.schema.json"
NO_CAP = 99


@dataclass(frozen=True)
class MulliganPolicy:
    """A declared mulligan policy. A card copy is returned when any rule returns it."""

    name: str
    description: str = ""
    returns: tuple[Selector, ...] = ()
    keeps: tuple[Selector, ...] = ()
    max_copies: tuple[tuple[Selector, int], ...] = ()
    find: Selector | None = None
    find_at_least: int = 1
    source: str | None = None  # the file it came from

    @property
    def keeps_all(self) -> bool:
        """True when the policy never returns a card."""
        return not (self.returns or self.max_copies or self.find)

    @property
    def finds_one(self) -> bool:
        """True for a pure "find at least one of X" policy (it has a closed form)."""
        return self.find is not None and self.find_at_least == 1 and not (self.returns or self.max_copies)

    def plan(self, cards: Sequence[Card]) -> PolicyPlan:
        """Per-card tables the simulation back ends apply to a hand."""
        returned = tuple(
            any(s.matches(c) for s in self.returns) and not any(s.matches(c) for s in self.keeps) for c in cards
        )
        caps = tuple(self._cap(card) for card in cards)
        in_find = tuple(self.find.matches(c) for c in cards) if self.find else tuple(True for _ in cards)
        return PolicyPlan(returned, caps, in_find, self.find_at_least if self.find else 0)

    def _cap(self, card: Card) -> int:
        """The most copies of ``card`` the hand may keep (the smallest of the caps that select it)."""
        return min([NO_CAP, *(most for selector, most in self.max_copies if selector.matches(card))])

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name}
        if self.description:
            data["description"] = self.description
        if self.source:
            data["file"] = self.source
        if self.returns:
            data["return"] = [s.text for s in self.returns]
        if self.keeps:
            data["keep"] = [s.text for s in self.keeps]
        if self.max_copies:
            data["max_copies"] = [{"select": s.text, "max": most} for s, most in self.max_copies]
        if self.find:
            data["find"] = {"select": self.find.text, "at_least": self.find_at_least}
        return data


@dataclass(frozen=True)
class PolicyPlan:
    """A policy applied to the cards of one deck (index = card of the deck model)."""

    returned: tuple[bool, ...]
    caps: tuple[int, ...]
    in_find: tuple[bool, ...]
    find_at_least: int

    def returns_from(self, hand: Sequence[int]) -> list[int]:
        """How many copies of each card go back, for a hand given as counts per card."""
        back = [h if r else max(0, h - cap) for h, r, cap in zip(hand, self.returned, self.caps, strict=False)]
        if self.find_at_least and sum(h for h, f in zip(hand, self.in_find, strict=False) if f) < self.find_at_least:
            back = [h if not f else b for h, b, f in zip(hand, back, self.in_find, strict=False)]
        return back


KEEP_ALL = MulliganPolicy("keep", "keep the whole opening hand")


def builtin_policy(text: str, pool: CardPool | None = None) -> MulliganPolicy:
    """A built-in policy by name (see the module doc)."""
    name = text.strip()
    lower = name.lower()
    if lower in ("keep", "keep-all", "keepall", "none"):
        return KEEP_ALL
    if lower == "curve" or lower.startswith("curve:"):
        value = lower.partition(":")[2] or "2"
        if not (value.isascii() and value.isdigit()) or len(value) > 3:
            raise InputError(f"bad mulligan policy {text!r}: write curve:N with a level N")
        top = int(value)
        return MulliganPolicy(
            f"curve:{top}",
            f"return every SIGNI above level {top}",
            returns=(type_selector("SIGNI") & level_selector(top + 1, None),),
        )
    if lower.startswith("find:"):
        group = parse_group(name.partition(":")[2], pool)
        return MulliganPolicy(
            f"find:{group.text}", f"without a {group.text} card, return the whole hand", find=group, find_at_least=1
        )
    raise InputError(f"unknown mulligan policy {text!r}: use keep, curve, curve:N, find:GROUP or a YAML file")


def load_policy(text: str, pool: CardPool | None = None) -> MulliganPolicy:
    """A built-in policy, or the YAML file ``text`` names."""
    path = Path(text)
    if path.suffix.lower() in (".yaml", ".yml", ".json") or os.path.isfile(text):  # False on any OSError
        return load_policy_file(path, pool)
    return builtin_policy(text, pool)


def load_policy_file(path: Path, pool: CardPool | None = None) -> MulliganPolicy:
    """Read and validate a policy file; problems raise InputError naming file, line and JSON path."""
    data, root = load_yaml_file(path, "mulligan policy file")
    _validate(data, root, str(path))
    where = str(path)

    def selector(raw: dict, pointer: str) -> Selector:
        try:
            return selector_from_dict(raw, pool)
        except InputError as exc:
            raise InputError(f"{exc.message} at {pointer}", where, line_at(root, pointer)) from None

    returns = tuple(selector(s, f"/return/{i}") for i, s in enumerate(data.get("return", [])))
    keeps = tuple(selector(s, f"/keep/{i}") for i, s in enumerate(data.get("keep", [])))
    caps = tuple(
        (selector(item["select"], f"/max_copies/{i}/select"), item["max"])
        for i, item in enumerate(data.get("max_copies", []))
    )
    find = data.get("find")
    return MulliganPolicy(
        name=data.get("name") or path.stem,
        description=data.get("description", ""),
        returns=returns,
        keeps=keeps,
        max_copies=caps,
        find=selector(find["select"], "/find/select") if find else None,
        find_at_least=find.get("at_least", 1) if find else 1,
        source=where,
    )


def selector_from_dict(raw: dict[str, Any], pool: CardPool | None = None) -> Selector:
    """Build a selector from its YAML form (keys ANDed, in the order below)."""
    parts = [build(raw[key], pool) for key, build in _SELECTOR_KEYS.items() if key in raw]
    result = parts[0]
    for part in parts[1:]:
        result = result & part
    return result


def _level_part(level: Any, _pool: CardPool | None) -> Selector:
    if isinstance(level, dict):
        return level_selector(level.get("min"), level.get("max"))
    return level_selector(level, level)


def _flag_part(name: str, attribute: str) -> Callable[[Any, CardPool | None], Selector]:
    def build(wanted: Any, _pool: CardPool | None) -> Selector:
        return Selector(name if wanted else f"not {name}", (lambda c: getattr(c, attribute) == wanted,))

    return build


#: A policy file's selector keys and how each becomes a selector.
_SELECTOR_KEYS: dict[str, Callable[[Any, CardPool | None], Selector]] = {
    "card": lambda card, pool: parse_group("card:" + card, pool),
    "group": lambda group, pool: parse_group(group, pool),
    "type": lambda card_type, _pool: type_selector(card_type),
    "level": _level_part,
    "colour": lambda colour, _pool: colour_selector(colour),
    "guard": _flag_part("guard", "guard"),
    "life_burst": _flag_part("lifeburst", "life_burst"),
}


def _validate(data: Any, root: Any, path: str) -> None:
    if not isinstance(data, dict):
        raise InputError("a mulligan policy must be a YAML mapping (return:, keep:, max_copies:, find:)", path, 1)
    validate(data, load_schema(schemas_dir() / _SCHEMA_NAME), path, lambda parts: line_at(root, parts))


def returned_total(plan: PolicyPlan, hand: Sequence[int]) -> int:
    """Total number of cards a hand sends back (at most the opening hand)."""
    return min(OPENING_HAND, sum(plan.returns_from(hand)))

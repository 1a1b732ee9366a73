"""The dated game rules the engine applies, read from ``formats/play-rules.yaml``.

Nothing here is a constant of the game: :func:`game_rules` reads the table and keeps,
for each rule, the last entry in force on the given day (``since`` inclusive, ``until``
exclusive), so ``--as-of`` changes what the engine allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.resources import formats_dir
from wixoss_deckcheck.files.text import read_text_file
from wixoss_deckcheck.files.yamllines import load_plain
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.normalize import type_keys

TABLE_NAME = "play-rules.yaml"
_REQUIRED = (
    "opening_hand",
    "mulligans",
    "life_cloth",
    "draws_per_turn",
    "first_turn_draws",
    "first_turn_attack",
    "hand_limit",
    "signi_zones",
    "charges_per_turn",
    "refresh_penalty",
    "refreshes_end_turn",
    "grow_levels",
    "active_trash_max",
    "assists",
    "same_type_removal",
    "limit_upper",
    "piece_lrigs",
    "limiting_condition",
    "accessories_per_signi",
)
#: The readings of ``limiting_condition`` the engine implements (official column play_211021).
LIMITING_READINGS = ("center",)


@dataclass(frozen=True)
class LimitUpper:
    """【リミットアッパー】: +``bonus`` limit while exactly ``lrigs`` LRIG of level >= ``min_level``."""

    bonus: int
    min_level: int
    lrigs: int
    max: int


@dataclass(frozen=True)
class GameRules:
    """The game rules in force on ``as_of``; ``start_counts`` come from the format table."""

    as_of: str
    opening_hand: int
    mulligans: int
    life_cloth: int
    draws_per_turn: int
    first_turn_draws: int
    first_turn_attack: bool
    hand_limit: int
    signi_zones: int
    charges_per_turn: int
    refresh_penalty: int
    refreshes_end_turn: int
    grow_min_up: int | None
    grow_max_up: int
    active_trash_max: int
    assists: bool
    same_type_removal: bool
    limit_upper: LimitUpper | None
    piece_lrigs: int
    accessories_per_signi: int = 1
    limiting_condition: str = "center"
    start_counts: tuple[int, ...] = (1, 3)
    #: The opponent's turn: a 【アタックフェイズ】 use only in its attack phase before its attacks; a
    #: 【スペルカットイン】 only against its SPELL (False: anywhere in its turn, the reading before).
    opponent_attack_step: bool = True
    spell_cut_in_exact: bool = True

    def draws(self, turn: int, first: bool) -> int:
        """Cards drawn in the draw phase of your ``turn``-th turn."""
        return self.first_turn_draws if first and turn == 1 else self.draws_per_turn

    def attacks(self, turn: int, first: bool) -> bool:
        """False on the first player's turn 1 (unless the rules in force allow it)."""
        return self.first_turn_attack or not (first and turn == 1)

    def grow_allowed(self, before: int, after: int) -> bool:
        """May the center grow from level ``before`` to level ``after``?"""
        up = after - before
        return up <= self.grow_max_up and (self.grow_min_up is None or up >= self.grow_min_up)

    def limiting_met(self, limited: frozenset[str], center_types: frozenset[str]) -> bool:
        """Does a center LRIG of ``center_types`` meet a limiting condition (限定条件) to ``limited``?

        The one implementation of the rule, for ``replay`` (WX313) and ``check --play`` (WX205):
        a limited card is placed or used only while the center LRIG shares one of its LRIG types
        (an assist never counts; the official column play_211021, the ``limiting_condition`` rule
        of formats/play-rules.yaml). A card with no limiting condition always meets it.
        """
        return not limited or bool(limited & center_types)


@dataclass(frozen=True)
class GrowLimit:
    """One side of a printed grow restriction: every colour of ``colours_all``, ``name_contains`` in the name."""

    colours_all: tuple[str, ...] = ()
    name_contains: str | None = None
    from_level: int | None = None

    def admits(self, card: Card) -> bool:
        """Does ``card`` meet the restriction (``from_level`` widens, it never restricts)?"""
        if self.colours_all and not set(self.colours_all) <= set(card.colors):
            return False
        return not (self.name_contains and self.name_contains not in card.name)


@dataclass(frozen=True)
class GrowRestriction:
    """A card's printed grow restrictions: what it may grow into, and from what it may be grown into."""

    into: GrowLimit | None = None
    source: GrowLimit | None = None


def _limit(raw: Any) -> GrowLimit | None:
    if not isinstance(raw, dict):
        return None
    level = raw.get("from_level")
    return GrowLimit(
        tuple(raw.get("colours_all") or ()), raw.get("name_contains"), None if level is None else int(level)
    )


@lru_cache(maxsize=1)
def grow_restrictions() -> dict[str, GrowRestriction]:
    """Printed grow restrictions by card number (``grow_restrictions:`` of the table)."""
    out: dict[str, GrowRestriction] = {}
    for row in _table().get("grow_restrictions") or []:
        for number in row.get("cards") or []:
            old = out.get(number, GrowRestriction())
            out[number] = GrowRestriction(_limit(row.get("into")) or old.into, _limit(row.get("from")) or old.source)
    return out


def restriction_of(card: Card) -> GrowRestriction | None:
    """The printed grow restriction of ``card`` (by its number or a reprint's), if it has one."""
    table = grow_restrictions()
    for number in (card.number, *card.reprints):
        if number in table:
            return table[number]
    return None


def can_grow(lower: Card, upper: Card) -> bool:
    """Do the printed restrictions of both cards let ``lower`` grow into ``upper``?"""
    below, above = restriction_of(lower), restriction_of(upper)
    if below and below.into and not below.into.admits(upper):
        return False
    return not (above and above.source and not above.source.admits(lower))


@lru_cache(maxsize=1)
def placement_rules() -> dict[str, Any]:
    """The ``placements:`` section of the table: what rises and RESONAs read of the cards (the name
    ending of a Dissona SIGNI)."""
    found = _table().get("placements")
    return found if isinstance(found, dict) else {}


def extra_from_level(card: Card) -> int | None:
    """A level ``card`` may also be grown from (PR-469: from level 0), else None."""
    found = restriction_of(card)
    return found.source.from_level if found and found.source else None


def grow_problem(lower: Card | None, upper: Card, rules: GameRules) -> str | None:
    """Why ``lower`` (None: nothing) cannot grow into ``upper`` under ``rules``: ``level``, ``type``,
    ``restriction``, or None when it can. LRIG type ? shares every type (紡ぐ者, 糾う者)."""
    before = (lower.level or 0) if lower else 0
    if not rules.grow_allowed(before, upper.level or 0) and extra_from_level(upper) != before:
        return "level"
    mine, theirs = type_keys(upper.lrig_types), type_keys(lower.lrig_types) if lower else frozenset()
    if "?" not in mine and "?" not in theirs and not mine & theirs:
        return "type"
    if lower is not None and not can_grow(lower, upper):
        return "restriction"
    return None


#: Where a use or an assist grow may come: your main phase, your attack phase, the opponent's turn
#: (anywhere in it: a timing the pool does not know), its attack phase before its attacks, against its SPELL.
WHEN = ("main", "attack", "opponent", "opponent_attack", "opponent_spell")


@lru_cache(maxsize=256)
def use_places(card_type: str, timing: tuple[str, ...]) -> frozenset[str]:
    """Where a card of ``card_type`` printing ``timing`` may be used (an ASSIST LRIG: grown), from
    ``use_timings:`` of the table: the union of its timings' places; a card type without a printed
    timing by its type; a timed card whose timing is not known by ``unknown`` (else main)."""
    table = _table().get("use_timings") or {}
    if timing:
        places = {place for key in timing for place in (table.get("timings") or {}).get(key, ())}
    else:
        places = set((table.get("by_type") or {}).get(card_type) or (table.get("unknown") or {}).get(card_type) or ())
    found = frozenset(place for place in places if place in WHEN)
    return found or frozenset({"main"})


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    path = formats_dir() / TABLE_NAME
    data = load_plain(read_text_file(path, "the game rules"), str(path))  # one line naming the problem
    if not isinstance(data, dict):
        raise InputError("the game rules table is a mapping with game_rules:", str(path), 1)
    return data


@lru_cache(maxsize=1)
def _entries() -> tuple[tuple[str, Any, str | None, str | None], ...]:
    path = formats_dir() / TABLE_NAME
    rows = _table().get("game_rules")
    if not isinstance(rows, list):
        raise InputError("the game rules table needs a game_rules: list", str(path), 1)
    out = []
    for row in rows:
        if not isinstance(row, dict) or "rule" not in row or "value" not in row:
            raise InputError(f"every game rule needs rule: and value: (got {row!r})", str(path))
        out.append((str(row["rule"]), row["value"], _day(row.get("since")), _day(row.get("until"))))
    missing = sorted(set(_REQUIRED) - {name for name, *_ in out})
    if missing:
        raise InputError(f"the game rules table lacks {', '.join(missing)}", str(path))
    return tuple(out)


def _reading(value: Any) -> str:
    """The ``limiting_condition`` rule's value, one of :data:`LIMITING_READINGS`."""
    if value not in LIMITING_READINGS:
        raise InputError(f"limiting_condition is one of {', '.join(LIMITING_READINGS)} (got {value!r})", TABLE_NAME)
    return str(value)


def _day(value: Any) -> str | None:
    return None if value is None else str(value)


def rule_values(as_of: str) -> dict[str, Any]:
    """Each rule's value on ``as_of`` (YYYY-MM-DD): the last entry in force wins."""
    values: dict[str, Any] = {}
    for name, value, since, until in _entries():
        if (since is None or since <= as_of) and (until is None or as_of < until):
            values[name] = value
    missing = sorted(set(_REQUIRED) - set(values))
    if missing:
        raise InputError(f"no game rule {', '.join(missing)} is in force on {as_of}", TABLE_NAME)
    return values


@lru_cache(maxsize=64)
def game_rules(as_of: str, start_counts: tuple[int, ...] = (1, 3)) -> GameRules:
    """The :class:`GameRules` in force on ``as_of`` with the format's ``start_counts``."""
    v = rule_values(as_of)
    upper = v["limit_upper"]
    grow = v["grow_levels"]
    return GameRules(
        as_of=as_of,
        opening_hand=int(v["opening_hand"]),
        mulligans=int(v["mulligans"]),
        life_cloth=int(v["life_cloth"]),
        draws_per_turn=int(v["draws_per_turn"]),
        first_turn_draws=int(v["first_turn_draws"]),
        first_turn_attack=bool(v["first_turn_attack"]),
        hand_limit=int(v["hand_limit"]),
        signi_zones=int(v["signi_zones"]),
        charges_per_turn=int(v["charges_per_turn"]),
        refresh_penalty=int(v["refresh_penalty"]),
        refreshes_end_turn=int(v["refreshes_end_turn"]),
        grow_min_up=None if grow.get("min_up") is None else int(grow["min_up"]),
        grow_max_up=int(grow["max_up"]),
        active_trash_max=int(v["active_trash_max"]),
        assists=bool(v["assists"]),
        same_type_removal=bool(v["same_type_removal"]),
        limit_upper=LimitUpper(**{k: int(upper[k]) for k in ("bonus", "min_level", "lrigs", "max")}) if upper else None,
        piece_lrigs=int(v["piece_lrigs"]),
        accessories_per_signi=int(v["accessories_per_signi"]),
        limiting_condition=_reading(v["limiting_condition"]),
        opponent_attack_step=bool(v.get("opponent_attack_step", True)),
        spell_cut_in_exact=bool(v.get("spell_cut_in_exact", True)),
        start_counts=tuple(start_counts) if v["assists"] else tuple(c for c in start_counts if c == 1) or (1,),
    )

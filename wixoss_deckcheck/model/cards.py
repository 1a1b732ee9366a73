"""The card record: one printed card (with its reprint numbers) as the checks see it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from wixoss_deckcheck.messages import pick_name
from wixoss_deckcheck.pool.normalize import name_key

#: Card types, as written in the card pool file.
MAIN_DECK_TYPES = ("SIGNI", "SPELL")
LRIG_DECK_TYPES = ("LRIG", "ASSIST_LRIG", "ARTS", "KEY", "RESONA", "PIECE", "RELAY_PIECE")
CARD_TYPES = MAIN_DECK_TYPES + LRIG_DECK_TYPES
PIECE_TYPES = ("PIECE", "RELAY_PIECE")
LRIG_TYPES = ("LRIG", "ASSIST_LRIG")
COLOURS = ("white", "red", "blue", "green", "black")


class Card(NamedTuple):
    """One card of the pool. ``reprints`` are the other numbers of the same card.

    An immutable tuple: cheap to build, to compare and to cache for fast start-up.
    """

    number: str
    name: str
    type: str
    colors: tuple[str, ...] = ()
    level: int | None = None
    limit: int | None = None
    lrig_types: tuple[str, ...] = ()
    limiting: tuple[str, ...] = ()
    team: str | None = None
    team_piece: bool = False
    life_burst: bool = False
    guard: bool = False
    multi_ener: bool = False
    series: str = ""
    formats: tuple[str, ...] | None = None
    reprints: tuple[str, ...] = ()
    token: bool = False
    names: Mapping[str, str] = {}
    classes: tuple[str, ...] = ()
    grow_cost: Mapping[str, Any] | None = None
    cost: Mapping[str, Any] | None = None
    power: int | None = None
    #: The card lists (sources) that describe the card: ``relax`` lists only Diva-legal cards.
    sources: tuple[str, ...] = ()
    #: Limits the card's own text sets on the deck holding it: ({"deck", "type", "max"}, ...).
    deck_limits: tuple[Mapping[str, Any], ...] = ()
    #: A team PIECE's use condition ({"kind": "team", "team", "min_level"} or dream-team).
    piece_condition: Mapping[str, Any] | None = None
    #: The printed use timing of an ARTS or PIECE, the grow timing of an ASSIST LRIG
    #: (``main``, ``attack``, ``spell_cut_in``); empty when the pool does not know it.
    timing: tuple[str, ...] = ()
    #: A SIGNI with 【ライズ】: it is put onto one of your SIGNI (that one goes under it).
    rise: bool = False
    #: What a rise goes onto, where the pool reads it ({"name", "class", "level", "level_max", "colour",
    #: "rise_icon", "dissona", "count", "distinct_levels", "no_shared_colour", "and": [groups], "stack": [groups]}).
    rise_onto: Mapping[str, Any] | None = None
    #: A RESONA's appearance condition ({"timing", "groups": [{"count", "from", ...}], "level_sum_min"}), where read.
    resona_condition: Mapping[str, Any] | None = None
    #: The costs of its 【起】 and 【出】 abilities, where the text states them in the forms the pool reads
    #: ({"kind": "activated"|"on_play", "cost": {ener, coin}, "exceed", "discard", "ener_trash", "field_trash",
    #: "discard_of"..., "down", "trash_self", "attack_phase", "unread"}: importers/abilitycosts.py).
    ability_costs: tuple[Mapping[str, Any], ...] = ()
    #: What an ARTS does that the goldfish can play out (``{"draw": 2, "limit_upper": 1}``,
    #: ``choose``, ``partial``: importers/effects.py); None when none of it.
    effect: Mapping[str, Any] | None = None
    #: The same-name key (reprints and promotional notes compare equal).
    key: str = ""

    @property
    def deck(self) -> str:
        """Which deck this card type belongs to: ``main`` or ``lrig``."""
        return "main" if self.type in MAIN_DECK_TYPES else "lrig"

    @property
    def is_piece(self) -> bool:
        return self.type in PIECE_TYPES

    @property
    def is_lrig(self) -> bool:
        """LRIG or ASSIST LRIG."""
        return self.type in LRIG_TYPES

    def display_name(self, lang: str = "ja") -> str:
        """The card's name in ``lang`` when the pool knows it, else the Japanese name."""
        if lang == "en":
            return self.names.get("en") or self.name
        if lang and lang.startswith("zh"):
            return pick_name(self.names, lang, self.name)
        return self.name

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        """Build a card from its card-pool JSON object."""
        formats = data.get("formats")
        return cls(
            number=data["number"],
            name=data["name"],
            type=data["type"],
            colors=tuple(data.get("colors", ())),
            level=data.get("level"),
            limit=data.get("limit"),
            lrig_types=tuple(data.get("lrig_types", ())),
            limiting=tuple(data.get("limiting", ())),
            team=data.get("team"),
            team_piece=bool(data.get("team_piece", False)),
            life_burst=bool(data.get("life_burst", False)),
            guard=bool(data.get("guard", False)),
            multi_ener=bool(data.get("multi_ener", False)),
            series=data.get("series", ""),
            formats=tuple(formats) if formats is not None else None,
            reprints=tuple(data.get("reprints", ())),
            token=bool(data.get("token", False)),
            names=dict(data.get("names", {})),
            classes=tuple(data.get("classes", ())),
            grow_cost=data.get("grow_cost"),
            cost=data.get("cost"),
            power=data.get("power"),
            sources=tuple(data.get("sources", ())),
            deck_limits=tuple(data.get("deck_limits", ())),
            piece_condition=data.get("piece_condition"),
            timing=tuple(data.get("timing", ())),
            rise=bool(data.get("rise", False)),
            rise_onto=data.get("rise_onto"),
            resona_condition=data.get("resona_condition"),
            ability_costs=tuple(data.get("ability_costs", ())),
            effect=data.get("effect"),
            key=name_key(data.get("plays_as") or data["name"]),
        )

    @classmethod
    def make(cls, number: str, name: str, type: str, **fields: Any) -> Card:
        """Build a card in code (tests, importers), filling in its same-name key."""
        return cls(number, name, type, key=name_key(name), **fields)

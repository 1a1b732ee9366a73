"""The state of one player's game, as the rules engine keeps it.

Cards are small integers: a main-deck card is its *kind* (an index into
:class:`Book`'s main lists; copies share a kind), an LRIG-deck card its *id* (one per
physical card). Zones: the ordered deck and Life Cloth (the top is the end of the
list), hand, ener and trash as counts per kind, the check zone, 3 SIGNI zones (a SIGNI
and the cards under it), the center and two assist stacks (the top is the end), the
LRIG deck and LRIG trash, coins and the per-turn flags.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from wixoss_deckcheck.engine.game.gamerules import GameRules, use_places
from wixoss_deckcheck.engine.game.payment import Cost, card_mask, parse_cost
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.normalize import type_keys

#: Phases, in turn order; OPPONENT is the opponent's turn (guards, crushed Life Cloth).
SETUP, UP, DRAW, ENER, GROW, MAIN, ATTACK, END, OPPONENT = range(9)
#: The key of each phase's name in the catalogues' ``replay:`` section (``phase_main``...).
PHASE_NAMES = ("setup", "up", "draw", "ener", "grow", "main", "attack", "end", "opponent")
ANY_TYPE = "?"
#: The center LRIG's index in :attr:`State.down` and :attr:`State.frozen` (after the 3 SIGNI zones).
CENTER = 3
#: The left and right assist LRIGs' indexes where an ability cost names the card (their down state
#: is :attr:`State.assist_down`).
ASSISTS = (4, 5)


class Say(NamedTuple):
    """A phrase worded by the reporters from the catalogues' ``replay:`` section, in the reader's language.

    ``key`` names the phrase; ``args`` fill its placeholders (numbers, card names, other
    phrases, lists of them). ``colour:white`` and ``type:ARTS`` name a colour and a card type
    (the catalogues' ``words:``). The engine never words a message itself.
    """

    key: str
    args: Mapping[str, Any] = {}  # never changed: a phrase is built whole (plain data, as JSON writes it)


def say(key: str, **args: Any) -> Say:
    """A :class:`Say` of ``key`` with ``args``."""
    return Say(key, args)


def phase_name(phase: int) -> Say:
    """The name of a phase (``phase_main``)."""
    return Say("phase_" + PHASE_NAMES[phase])


#: The zones a record names (``zone_hand``... in the catalogues' ``replay:`` section).
ZONE_KEYS = (
    "deck",
    "hand",
    "ener",
    "trash",
    "life_cloth",
    "field",
    "check",
    "lrig_deck",
    "lrig_trash",
    "removed",
    "token",
    "lrig_zone",
)


def zone_name(zone: str) -> Say:
    """The name of a zone (``zone_life_cloth``); a zone the record invents is shown as written."""
    return Say("zone_" + zone) if zone in ZONE_KEYS else Say("as_written", {"text": zone})


def now_in(phase: int) -> Say:
    """Where the game is: ``it is the attack phase``."""
    return Say("now_in", {"phase": phase_name(phase)})


def type_name(card_type: str) -> Say:
    """The name of a card type, as the catalogues word it."""
    return Say("type:" + card_type)


def type_article(card_type: str) -> Say:
    """A card type with its article where the language has one (``an ASSIST LRIG``)."""
    return Say("type_a:" + card_type)


class Problem(NamedTuple):
    """Why an action is illegal: a check slug and the arguments of its message (values or :class:`Say`)."""

    slug: str
    args: dict[str, Any]


@dataclass
class Book:
    """The cards of one deck and what the rules read of them.

    A main-deck card is its *kind* (an index into ``main_cards``; same-name copies share a
    kind), an LRIG-deck card its *LRIG id* (an index into ``lrig_cards``; one per physical
    card). What the rules read of a card is kept in lists indexed the same way, worked out
    once per deck: the engine reads them in its inner loops (the goldfish plays thousands
    of games a second), where a list index is much cheaper than a card's attribute.
    """

    main_cards: list[Card]
    main_counts: list[int]  # copies of each kind
    lrig_cards: list[Card]
    # -- per main-deck kind ---------------------------------------------------------
    colour_masks: list[int] = field(default_factory=list)  # the colours it pays with in ener (payment.card_mask)
    signi_levels: list[int] = field(default_factory=list)  # a SIGNI's level, -1 for any other card
    is_signi: list[bool] = field(default_factory=list)
    is_guard: list[bool] = field(default_factory=list)  # 【ガード】
    has_burst: list[bool] = field(default_factory=list)  # a Life Burst
    limiting_types: list[frozenset[str]] = field(default_factory=list)  # the LRIG types it is limited to
    main_costs: list[Cost] = field(default_factory=list)
    main_places: list[frozenset[str]] = field(default_factory=list)  # where a SPELL may be used (gamerules.WHEN)
    kind_by_key: dict[str, int] = field(default_factory=dict)  # a card's same-name key -> its kind
    #: A RESONA of the LRIG deck is also a kind (0 copies in the main deck), to stand in a SIGNI zone:
    #: its LRIG id -> its kind, and back
    resona_kind: dict[int, int] = field(default_factory=dict)
    resona_lrig: dict[int, int] = field(default_factory=dict)
    # -- per LRIG id ------------------------------------------------------------------
    lrig_types: list[frozenset[str]] = field(default_factory=list)
    grow_costs: list[Cost] = field(default_factory=list)
    use_costs: list[Cost] = field(default_factory=list)  # an ARTS's or a PIECE's cost
    lrig_places: list[frozenset[str]] = field(default_factory=list)  # where it may be used or grown (its timing)
    lrig_levels: list[int] = field(default_factory=list)  # 0 when it has none
    lrig_limits: list[int] = field(default_factory=list)  # 0 when it has none
    lrig_ids_by_key: dict[str, list[int]] = field(default_factory=dict)  # a card's key -> its copies
    #: (the LRIG id grown from or None, the LRIG id grown to, the rules' levels up min, max) -> the problem or None
    grow_problem_memo: dict[tuple[int | None, int, int | None, int], str | None] = field(default_factory=dict)

    @classmethod
    def build(cls, main: Sequence[tuple[Card, int]], lrig: Sequence[Card]) -> Book:
        """Main-deck cards as (card, copies) pairs (same-name cards share a kind); LRIG-deck cards one by one."""
        kinds: dict[str, int] = {}
        cards: list[Card] = []
        counts: list[int] = []
        for card, count in main:
            kind = kinds.get(card.key)
            if kind is None:
                kinds[card.key] = len(cards)
                cards.append(card)
                counts.append(count)
            else:
                counts[kind] += count
        book = cls(cards, counts, list(lrig), kind_by_key=kinds)
        for lrig_id, card in enumerate(lrig):
            if card.type == "RESONA":  # on the field it is a SIGNI; anywhere else it returns to the LRIG deck
                book.resona_kind[lrig_id] = len(cards)
                book.resona_lrig[len(cards)] = lrig_id
                cards.append(card)
                counts.append(0)
        for card in cards:
            book.colour_masks.append(card_mask(card))
            signi = card.type in ("SIGNI", "RESONA")
            book.signi_levels.append(card.level if signi and card.level is not None else -1)
            book.is_signi.append(signi)
            book.is_guard.append(bool(card.guard))
            book.has_burst.append(bool(card.life_burst))
            book.limiting_types.append(type_keys(card.limiting))
            book.main_costs.append(parse_cost(card.cost))
            book.main_places.append(use_places(card.type, card.timing))
        for index, card in enumerate(book.lrig_cards):
            book.lrig_types.append(type_keys(card.lrig_types))
            book.grow_costs.append(parse_cost(card.grow_cost))
            book.use_costs.append(parse_cost(card.cost))
            book.lrig_places.append(use_places(card.type, card.timing))
            book.lrig_ids_by_key.setdefault(card.key, []).append(index)
            book.lrig_levels.append(card.level or 0)
            book.lrig_limits.append(card.limit or 0)
        return book

    def lrig_level(self, lrig_id: int) -> int:
        """The level of an LRIG-deck card (0 when it has none)."""
        return self.lrig_levels[lrig_id]

    def lrig_limit(self, lrig_id: int) -> int:
        """The limit of an LRIG-deck card (0 when it has none)."""
        return self.lrig_limits[lrig_id]

    def main_name(self, kind: int) -> str:
        """``name (number)`` of a main-deck card kind."""
        card = self.main_cards[kind]
        return f"{card.name} ({card.number})"

    def lrig_name(self, lrig_id: int) -> str:
        """``name (LvN)`` of an LRIG-deck card."""
        card = self.lrig_cards[lrig_id]
        level = f" (Lv{card.level})" if card.level is not None else ""
        return f"{card.name}{level}"


@dataclass
class State:
    """One player's zones and per-turn flags.

    ``deck`` and ``life_cloth`` are ordered kinds (the top is the end); ``hand``, ``ener``
    and ``trash`` are counts per kind; ``signi_zones`` holds the kind of each zone's SIGNI
    (-1 when empty) and ``under_signi`` the kinds under it; ``center`` and ``assists`` are
    stacks of LRIG ids (the top is the end); ``lrig_deck`` says, per LRIG id, whether the
    card is in the LRIG deck. The flags say what was done this turn (``drew``, ``charged``,
    ``grew``, ``signi_attacked``...).
    """

    deck: list[int]
    hand: list[int]
    ener: list[int]
    trash: list[int]
    lrig_deck: list[bool]
    life_cloth: list[int] = field(default_factory=list)  # the top is the end
    check_zone: list[int] = field(default_factory=list)
    signi_zones: list[int] = field(default_factory=lambda: [-1, -1, -1])  # a kind, -1 when empty
    under_signi: list[list[int]] = field(default_factory=lambda: [[], [], []])  # the kinds under each SIGNI
    center: list[int] = field(default_factory=list)
    assists: list[list[int]] = field(default_factory=lambda: [[], []])
    lrig_trash: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    lrig_zone_keys: list[int] = field(default_factory=list)  # the KEY in the LRIG zone
    coins: int = 0
    limit_upper: int = 0
    turn: int = 0
    phase: int = SETUP
    setup_draws: int = 0
    mulligans: int = 0
    life_dealt: bool = False
    drew: bool = False
    charged: int = 0
    grew: bool = False
    active_trash: bool = False
    refreshes: int = 0
    total_refreshes: int = 0
    ended: bool = False
    signi_attacked: list[bool] = field(default_factory=lambda: [False, False, False])
    lrig_attacked: bool = False
    #: the record opens this turn's attack phase with an ``attack_phase`` event: the phases are exact, a
    #: use or grow that only the attack phase allows is not taken as opening it
    attack_phase_declared: bool = False
    #: Down and frozen, per SIGNI zone and the center LRIG (index :data:`CENTER`): an attack turns the
    #: attacker down, the up phase stands up all but the frozen (whose freeze it ends)
    down: list[bool] = field(default_factory=lambda: [False] * 4)
    frozen: list[bool] = field(default_factory=lambda: [False] * 4)
    assist_down: list[bool] = field(default_factory=lambda: [False, False])  # turned down by an ability cost
    accessories: list[int] = field(default_factory=lambda: [0, 0, 0])  # 【アクセ】 on each SIGNI (under it)
    # -- the opponent's turn (engine/game/opponent) --------------------------------------------
    opp_exact: bool = False  # the record declares this turn's attacks (``attacked``)
    opp_attacker: str = ""  # the attack being resolved: "", "signi" or "lrig"
    opp_crushes: int = 0  # the Life Cloth it may still crush
    opp_crush_total: int = 0
    opp_guarded: bool = False
    opp_guards: int = 0
    crushed_last: int = -1  # the card the last crush put into ener (its Life Burst may follow)
    opp_phase: int = 0  # 0 the opponent's main phase, 1 its attack phase before the attacks, 2 its attacks begun
    #: the record declares this opponent's turn's attack phase (``opponent_phase``), its SPELLs (``opponent_spell``)
    opp_phase_declared: bool = False
    opp_spells_declared: bool = False
    opp_spell_open: bool = False  # an ``opponent_spell`` just came: a 【スペルカットイン】 may answer it
    #: Uses of abilities limited by 《ターンN回》/《ゲームN回》: (card key, ability index) -> uses
    uses_this_turn: dict[tuple[str, int], int] = field(default_factory=dict)
    uses_this_game: dict[tuple[str, int], int] = field(default_factory=dict)
    #: The cards that came onto the field this turn (SIGNI kinds; LRIG ids grown): their 【出】 may be paid
    came: set[tuple[bool, int]] = field(default_factory=set)
    burst_used: bool = False
    #: an LRIG, the limit or a SIGNI zone changed outside the checked placing: the field rules must be applied
    field_changed: bool = True

    @classmethod
    def new(cls, book: Book) -> State:
        """The state before setup: the whole deck, empty zones, every LRIG-deck card in the LRIG deck."""
        deck = [kind for kind, count in enumerate(book.main_counts) for _ in range(count)]
        kinds = len(book.main_cards)
        return cls(deck, [0] * kinds, [0] * kinds, [0] * kinds, [True] * len(book.lrig_cards))

    def new_turn(self, turn: int) -> None:
        """The up phase: a new own turn, its flags cleared."""
        self.turn = turn
        self.phase = UP
        self.drew = False
        self.charged = 0
        self.grew = False
        self.active_trash = False
        self.refreshes = 0
        self.ended = False
        self.signi_attacked = [False, False, False]
        self.lrig_attacked = False
        self.attack_phase_declared = False
        self.crushed_last = -1
        self.uses_this_turn = {}
        self.came = set()
        self.assist_down = [False, False]
        for i, frozen in enumerate(self.frozen):  # the up phase: a frozen card stays as it is, once
            self.down[i] = self.down[i] and frozen
            self.frozen[i] = False

    def new_opponent_turn(self, exact: bool, phase_declared: bool = False, spells_declared: bool = False) -> None:
        """The opponent's turn begins: no attack yet (``exact``: the record declares its attacks;
        ``phase_declared``, ``spells_declared``: its attack phase, its SPELLs)."""
        self.phase = OPPONENT
        self.opp_phase, self.opp_phase_declared, self.opp_spells_declared = 0, phase_declared, spells_declared
        self.opp_spell_open = False
        self.ended = False
        self.opp_exact, self.opp_attacker, self.opp_crushes, self.opp_crush_total = exact, "", 0, 0
        self.opp_guarded, self.opp_guards, self.crushed_last, self.burst_used = False, 0, -1, False
        self.uses_this_turn = {}
        self.came = set()


@dataclass
class Game:
    """A state with its deck, the rules in force, the seat, and the rule actions taken so far."""

    book: Book
    rules: GameRules
    first: bool
    state: State
    shuffle: Callable[[list[int]], None] = lambda cards: None
    format: str = ""  # the format table the game is played under
    notes: list[Say] = field(default_factory=list)  # the rule actions taken, in order
    #: Problems found on the way to an action (a phase passed without its draw), for the caller to report.
    missed: list[Problem] = field(default_factory=list)
    #: The own turns whose record opens the attack phase itself (``attack_phase``): their phases are exact.
    attack_phase_turns: frozenset[int] = frozenset()
    #: The opponent's turns (by your turn before them) whose record declares the attacks (``attacked``).
    attacked_turns: frozenset[int] = frozenset()
    #: The moves declared since the player's last other action: (turn, on the opponent's turn, kind, from, to).
    moves_before: list[tuple[int, bool, int, str, str]] = field(default_factory=list)
    #: The opponent's turns whose record opens their attack phase (``opponent_phase``), declares their SPELLs.
    opponent_phase_turns: frozenset[int] = frozenset()
    opponent_spell_turns: frozenset[int] = frozenset()

    # -- what the rules read -----------------------------------------------------------
    def center_level(self) -> int:
        """The center LRIG's level (0 before the start)."""
        state = self.state
        return self.book.lrig_levels[state.center[-1]] if state.center else 0

    def center_types(self) -> frozenset[str]:
        """The center LRIG's LRIG types."""
        state = self.state
        return self.book.lrig_types[state.center[-1]] if state.center else frozenset()

    def lrigs_on_field(self) -> int:
        """How many LRIGs are on the field (center and assists)."""
        state = self.state
        return (1 if state.center else 0) + (1 if state.assists[0] else 0) + (1 if state.assists[1] else 0)

    def limit(self) -> int:
        """Center limit plus the assists' limits, plus a 【リミットアッパー】 when it applies."""
        state = self.state
        if not state.center:
            return 0
        limits = self.book.lrig_limits
        total = limits[state.center[-1]]
        for stack in state.assists:
            if stack:
                total += limits[stack[-1]]
        upper = self.rules.limit_upper
        if (
            upper
            and state.limit_upper
            and self.lrigs_on_field() == upper.lrigs
            and self.center_level() >= upper.min_level
        ):
            total += upper.bonus
        return total

    def field_levels(self) -> int:
        """The sum of the levels of the SIGNI on the field."""
        level = self.book.signi_levels
        return sum([level[k] for k in self.state.signi_zones if k >= 0])

    def limiting_ok(self, kind: int) -> bool:
        """A limited card matches the center LRIG's types (an LRIG of type ? matches none)."""
        return self.rules.limiting_met(self.book.limiting_types[kind], self.center_types())

    def ener_masks(self) -> list[int]:
        """The payment mask of every card in ener."""
        mask = self.book.colour_masks
        return [mask[k] for k, n in enumerate(self.state.ener) for _ in range(n)]

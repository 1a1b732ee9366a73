"""Replaying a game record through the rules engine: every action checked, in order.

Each event is resolved (its cards looked up in the pool and the deck), placed in the
turn structure (your own turn N, or the opponent's turn after it), and applied by the
engine; an illegal action is reported with its check code and left out of the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wixoss_deckcheck.engine.game import actions, moves, phases
from wixoss_deckcheck.engine.game.abilities import costs
from wixoss_deckcheck.engine.game.opponent import turn as opponent
from wixoss_deckcheck.engine.game.placements import signi
from wixoss_deckcheck.engine.game.record import Event, Record, describe
from wixoss_deckcheck.engine.game.record import Game as RecordedGame
from wixoss_deckcheck.engine.game.setup import LoadedDeck, load_game_deck
from wixoss_deckcheck.engine.game.state import CENTER, OPPONENT, SETUP, Game, Problem, Say, State, say
from wixoss_deckcheck.errors import InputError, quoted

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.cardpool import CardPool

SETUP_ACTIONS = ("mulligan", "life_cloth")
OPPONENT_ACTIONS = ("guard", "crushed", "attacked", "burst", "opponent_phase", "opponent_spell")
#: What a card effect does, on either player's turn (the number of your turn, or of your last one).
EFFECT_ACTIONS = ("move", "down", "up", "freeze", "accessory")
ZONES = {1: 0, 2: 1, 3: 2, "left": 0, "center": 1, "right": 2}
MARKER = "limit_upper"
LRIGS = ("center", "left", "right")  # your LRIGs as an ``activate``'s down_lrigs names them


class Unknown(Exception):
    """A card reference the pool or the deck does not have."""

    def __init__(self, ref: str, why: Say):
        super().__init__(ref)
        self.problem = Problem("unknown-card", {"card": quoted(ref), "why": why})  # a record may hold anything


@dataclass
class Outcome:
    """One checked action: ``slug`` and ``args`` are None when it is legal."""

    index: int
    line: int | None
    turn: int
    action: Say
    slug: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    game: int = 1
    #: The rule actions the engine took after this action (refresh, a SIGNI to the trash...).
    notes: list[Say] = field(default_factory=list)


def all_legal(outcomes: Sequence[Outcome]) -> bool:
    """The verdict of a replay: every action legal (``replay`` exits 0, else 1)."""
    return all(outcome.slug is None for outcome in outcomes)


class Resolver:
    """Card references of a record → main-deck kinds or LRIG-deck ids (memoised)."""

    def __init__(self, game: Game, pool: CardPool):
        self.game = game
        self.pool = pool
        self._keys: dict[str, str] = {}

    def key(self, ref: str) -> str:
        """The same-name key of a card reference (unknown: :class:`Unknown`)."""
        found = self._keys.get(ref)
        if found is None:
            result = self.pool.resolve(ref)
            if result.card is None:
                why = say("unknown_ambiguous") if result.candidates else say("unknown_pool")
                raise Unknown(ref, why)
            found = self._keys[ref] = result.card.key
        return found

    def main(self, ref: str) -> int:
        """The main-deck kind of a card reference."""
        kind = self.game.book.kind_by_key.get(self.key(ref))
        if kind is None:
            raise Unknown(ref, say("unknown_main"))
        return kind

    def lrig(self, ref: str, where: str = "lrig_deck") -> int:
        """An LRIG-deck id of a card reference, preferring a copy in ``where``."""
        ids = self.game.book.lrig_ids_by_key.get(self.key(ref))
        if not ids:
            raise Unknown(ref, say("unknown_lrig"))
        state = self.game.state
        for lrig_id in ids:
            if where == "lrig_deck" and state.lrig_deck[lrig_id]:
                return lrig_id
            if where in ("lrig_trash", "removed") and lrig_id in getattr(state, where):
                return lrig_id
            on_top = any(stack and stack[-1] == lrig_id for stack in (state.center, *state.assists))
            if where == "field" and (on_top or lrig_id in state.lrig_zone_keys):
                return lrig_id
        return ids[0]

    def main_or_none(self, ref: str) -> int | None:
        """The main-deck kind of a reference, None when it names no card of the main deck (a ``by`` may be any text)."""
        try:
            return self.main(ref)
        except Unknown:
            return None

    def is_main(self, ref: str) -> bool:
        """Is the reference a card of the main deck?"""
        return self.key(ref) in self.game.book.kind_by_key

    def paid(self, refs: list[str]) -> tuple[list[int], int]:
        """The ener kinds and the number of coins of a ``pay`` list."""
        cards = [self.main(ref) for ref in refs if ref.strip().lower() != "coin"]
        return cards, sum(1 for ref in refs if ref.strip().lower() == "coin")


def new_game(loaded: LoadedDeck, first: bool, coins: int = 0) -> Game:
    """A game of ``loaded``'s deck and rules, before the start."""
    state = State.new(loaded.book)
    state.coins = coins
    return Game(loaded.book, loaded.rules, first, state, format=loaded.format)


def replay(record: Record, pool: CardPool, format_id: str | None = None) -> tuple[Game, list[Outcome]]:
    """Check every action of every game of ``record``; the last game, and the outcomes of all."""
    outcomes: list[Outcome] = []
    game: Game | None = None
    decks: dict[tuple[str, str | None, str | None], LoadedDeck] = {}
    for number, played in enumerate(record.games, 1):
        game, found = replay_game(record, played, pool, format_id, decks)
        for outcome in found:
            outcome.game = number
        outcomes.extend(found)
    assert game is not None  # a record has at least one game
    return game, outcomes


def replay_game(
    record: Record,
    played: RecordedGame,
    pool: CardPool,
    format_id: str | None = None,
    decks: dict[tuple[str, str | None, str | None], LoadedDeck] | None = None,
) -> tuple[Game, list[Outcome]]:
    """Check every action of one game (``decks`` memoises the decks of earlier games)."""
    header = played.header
    key = (str(record.deck_path(played)), format_id or header.get("format"), header.get("as_of"))
    loaded = (decks or {}).get(key)
    if loaded is None:
        try:
            loaded = load_game_deck(key[0], pool, key[1], key[2], record.path, played.line)
        except InputError as exc:
            if exc.path == record.path:
                raise
            raise InputError(f"its deck {exc}", record.path, played.line) from None
        if decks is not None:
            decks[key] = loaded
    game = new_game(loaded, header["player"] == "first", int(header.get("coins", 0)))
    game.attack_phase_turns = frozenset(e.turn for e in played.events if e.action == "attack_phase")
    game.attacked_turns = frozenset(e.turn for e in played.events if e.action == "attacked")
    game.opponent_phase_turns = frozenset(e.turn for e in played.events if e.action == "opponent_phase")
    game.opponent_spell_turns = frozenset(e.turn for e in played.events if e.action == "opponent_spell")
    resolver = Resolver(game, pool)
    outcomes = [_start(game, resolver, header)]
    for event in played.events:
        outcomes.extend(check_event(game, resolver, event))
    return game, outcomes


def _start(game: Game, resolver: Resolver, header: dict[str, Any]) -> Outcome:
    outcome = Outcome(0, 1, 0, say("do_start", cards=list(header["start"])))
    try:
        ids = [resolver.lrig(ref) for ref in header["start"]]
        problem = phases.start(game, ids[0], ids[1:]) if ids else Problem("start-illegal", {"why": say("start_none")})
    except Unknown as exc:
        problem = exc.problem
    if problem is not None:
        outcome.slug, outcome.args = problem.slug, problem.args
    return outcome


def check_event(game: Game, resolver: Resolver, event: Event) -> list[Outcome]:
    """The findings of one event (one legal outcome when it has none)."""
    data = event.data
    text = describe(data)
    found: list[Problem] = []
    noted = len(game.notes)
    try:
        turn_problem = _place_in_turn(game, event)
        if turn_problem is not None and turn_problem.slug in ("turn-order", "phase-order"):  # not applied
            found.append(turn_problem)
        else:
            if turn_problem is not None:
                found.append(turn_problem)
            found.extend(game.missed)
            game.missed.clear()
            if event.action != "use":  # a 【スペルカットイン】 answers the SPELL just declared, nothing later
                game.state.opp_spell_open = False
            problem = HANDLERS[event.action](game, resolver, data)
            found.extend(game.missed)
            game.missed.clear()
            if problem is not None:
                found.append(problem)
    except Unknown as exc:
        found.append(exc.problem)
    if event.action != "move":  # the moves a RESONA's appearance condition reads end at another action
        game.moves_before.clear()
    if not found:
        outcomes = [Outcome(event.index, event.line, event.turn, text)]
    else:
        outcomes = [Outcome(event.index, event.line, event.turn, text, p.slug, p.args) for p in found]
    outcomes[0].notes = game.notes[noted:]
    return outcomes


def _place_in_turn(game: Game, event: Event) -> Problem | None:
    """Move the game to the event's turn: a new own turn, or the opponent's turn after yours."""
    action = event.action
    if action in SETUP_ACTIONS or (action == "draw" and event.turn == 0):
        return None if event.turn == 0 and game.state.phase == SETUP else _out_of_order(game, event)
    on_theirs = action in ("use", "assist_grow", "resona", "activate") and event.data.get("opponent")
    if action in OPPONENT_ACTIONS or on_theirs:
        return _to_opponents_turn(game, event)
    return _to_own_turn(game, event)


def _out_of_order(game: Game, event: Event) -> Problem:
    state = game.state
    now = say("now_opponents_turn" if state.phase == OPPONENT else "now_your_turn", turn=state.turn)
    return Problem("turn-order", {"turn": event.turn, "now": now})


def _to_opponents_turn(game: Game, event: Event) -> Problem | None:
    """An opponent's-turn event carries the number of your last turn (the first player's turn 0 has none)."""
    state = game.state
    if event.turn != state.turn or (event.turn == 0 and game.first):
        return _out_of_order(game, event)
    return phases.to_opponent(game) if state.phase != OPPONENT else None


def _to_own_turn(game: Game, event: Event) -> Problem | None:
    """Your turn N goes on, or turn N+1 begins (a card effect's move may come in the opponent's turn)."""
    state, turn = game.state, event.turn
    if turn == state.turn and state.phase not in (SETUP, OPPONENT):
        return None
    by_effect = event.action in EFFECT_ACTIONS or (event.action in ("place", "grow") and event.data.get("by"))
    if turn == state.turn and state.phase == OPPONENT and by_effect:
        return None
    if turn == state.turn + 1 and turn >= 1:
        return phases.begin_turn(game, turn)
    return _out_of_order(game, event)


def _zone(data: dict[str, Any]) -> int:
    return ZONES.get(data.get("zone"), -1)


def _move(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    source, target = d["from"], d["to"]
    if d.get("by") and opponent.is_burst_source(game, r.main_or_none(str(d["by"]))):
        problem = opponent.burst_by(game, game.state.crushed_last)  # an effect of the card just crushed
        if problem is not None:
            return problem
    if source in moves.MARKER_ZONES or target in moves.MARKER_ZONES:
        return moves.move_marker(game, source, target)
    if r.is_main(d["card"]):
        zone, kind = _zone(d) if "zone" in d else None, r.main(d["card"])
        problem = moves.move_main(game, kind, source, target, zone)
        if problem is None:  # what a RESONA's appearance condition may be met by
            game.moves_before.append((game.state.turn, game.state.phase == OPPONENT, kind, source, target))
        return problem
    lrig_id = r.lrig(d["card"], source if source != "field" else "removed")
    problem = moves.move_lrig(game, lrig_id, source, target)
    resona = game.book.resona_kind.get(lrig_id)
    if problem is None and resona is not None and source == "field":  # a RESONA off the field: a condition may take it
        game.moves_before.append((game.state.turn, game.state.phase == OPPONENT, resona, source, target))
    return problem


def _place(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    onto = [ZONES.get(zone, -1) for zone in d["onto"]] if "onto" in d else None
    under = [(r.main(item["card"]), str(item["from"])) for item in d.get("under", ())]
    how = "rise" if d.get("rise") else ""
    source = str(d.get("from", "hand"))
    return signi.place(game, r.main(d["card"]), _zone(d), how, bool(d.get("by")), onto, under, source)


def _use(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    paid, coins = r.paid(d.get("pay", []))
    if r.is_main(d["card"]):
        return actions.use(game, r.main(d["card"]), None, paid, coins, bool(d.get("opponent")))
    return actions.use(game, None, r.lrig(d["card"]), paid, coins, bool(d.get("opponent")))


def _activate(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    paid, coins = r.paid(d.get("pay", []))
    spend = costs.Spend(
        paid,
        coins,
        int(d.get("exceed", 0)),
        [r.main(c) for c in d.get("discard", [])],
        bool(d.get("down")),
        bool(d.get("trash_self")),
        bool(d.get("on_play")),
        [r.main(c) for c in d.get("ener_trash", [])],
        [_zone({"zone": z}) for z in d.get("field_trash", [])],
        [r.main(c) for c in d.get("under_trash", [])],
        [_zone({"zone": z}) for z in d.get("down_signi", [])],
        [LRIGS.index(name) for name in d.get("down_lrigs", [])],
        str(d.get("from", "")),
        [r.main(c) for c in d.get("hand_ener", [])],
        [r.main(c) for c in d.get("hand_under", [])],
        [r.main(c) for c in d.get("deck_trash", [])],
    )
    if r.is_main(d["card"]):
        return costs.activate(game, r.main(d["card"]), None, _zone(d) if "zone" in d else None, spend)
    if "side" in d:  # an assist LRIG's ability
        side = 0 if d["side"] == "left" else 1
        return costs.activate(game, None, r.lrig(d["card"], "field"), None, spend, side)
    return costs.activate(game, None, r.lrig(d["card"], "field"), None, spend)


def _draw(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    kinds = [r.main(c) for c in d["cards"]]
    return phases.setup_draw(game, kinds) if game.state.phase == SETUP else phases.draw(game, kinds)


def _grow(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    paid, coins = r.paid(d.get("pay", []))
    return phases.grow(game, r.lrig(d["card"]), paid, coins, bool(d.get("by")))


def _assist_grow(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    paid, coins = r.paid(d.get("pay", []))
    side = 0 if d["side"] == "left" else 1
    return actions.assist_grow(game, r.lrig(d["card"]), side, paid, coins, bool(d.get("opponent")))


def _attack(game: Game, r: Resolver, d: dict[str, Any]) -> Problem | None:
    if "zone" in d:
        return actions.attack(game, _zone(d))
    if d.get("lrig") == "center":
        return actions.attack(game, None)
    return Problem("attack", {"why": say("attack_names")})


HANDLERS: dict[str, Callable[[Game, Resolver, dict[str, Any]], Problem | None]] = {
    "draw": _draw,
    "mulligan": lambda game, r, d: phases.mulligan(
        game, [r.main(c) for c in d["return"]], [r.main(c) for c in d["cards"]]
    ),
    "life_cloth": lambda game, r, d: phases.deal_life(game, [r.main(c) for c in d["cards"]]),
    "charge": lambda game, r, d: phases.charge(game, r.main(d["card"]), d.get("from") == "field"),
    "grow": _grow,
    "assist_grow": _assist_grow,
    "place": _place,
    "accessory": lambda game, r, d: moves.attach(game, r.main(d["card"]), _zone(d), d.get("from", "hand")),
    "trash": lambda game, r, d: actions.active_trash(game, [r.main(c) for c in d["cards"]]),
    "use": _use,
    "attack": _attack,
    "attack_phase": lambda game, r, d: actions.open_attack_phase(game),
    "activate": _activate,
    "resona": lambda game, r, d: actions.resona(game, r.lrig(d["card"]), _zone(d), bool(d.get("opponent"))),
    "down": lambda game, r, d: actions.turn(game, _zone(d) if "zone" in d else CENTER, "down"),
    "up": lambda game, r, d: actions.turn(game, _zone(d) if "zone" in d else CENTER, "up"),
    "freeze": lambda game, r, d: actions.turn(game, _zone(d) if "zone" in d else CENTER, "freeze"),
    "guard": lambda game, r, d: opponent.guard(game, r.main(d["card"])),
    "crushed": lambda game, r, d: opponent.crushed(game, r.main(d["card"])),
    "attacked": lambda game, r, d: opponent.attacked(game, d["by"], int(d.get("crushes", 1))),
    "burst": lambda game, r, d: opponent.burst(game, r.main(d["card"])),
    "opponent_phase": lambda game, r, d: opponent.attack_phase(game),
    "opponent_spell": lambda game, r, d: opponent.spell(game),
    "move": _move,
    "end": lambda game, r, d: phases.end(game, [r.main(c) for c in d.get("discard", [])]),
}

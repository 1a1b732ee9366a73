"""The ARTS the goldfish uses: those whose effect it can play out (the pool's ``effect``:
draw, 【エナチャージN】, a 【リミットアッパー】, one of two), and the cost-0 ones that place a
【リミットアッパー】 even when the rest of their text is out of its reach.

- **When**: in its printed timing (the main phase; the attack phase before the attacks when
  the ARTS is for the attack phase only). One that places a 【リミットアッパー】 waits for the turn
  it counts (the center at the rules' level with the rules' number of LRIGs on the field, and
  no marker yet) unless it can never count in this deck's games (3 LRIGs start) and the rest of
  it is worth using; any other at the first turn its cost leaves the center's grow path as
  payable as before.
- **What it does**: the draws and ener charges come off the top of the deck (a ``move`` from the
  deck by the ARTS each, as a record declares them); "this or that" takes the ener charge
  while the center's path lacks ener, else the draw; a 【リミットアッパー】 is a ``move`` from
  ``token`` to ``lrig_zone``. The parts of a text the goldfish cannot play out are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from wixoss_deckcheck.engine.game import actions, moves
from wixoss_deckcheck.engine.game.gamerules import GameRules
from wixoss_deckcheck.engine.game.payment import shortfall
from wixoss_deckcheck.engine.game.state import Book, Game, Problem

MARKER = "【リミットアッパー】"
Log = Callable[..., None]


def playable_arts(book: Book, rules: GameRules, lrigs: int) -> list[int]:
    """The ARTS of the LRIG deck the goldfish may use in a game starting with ``lrigs`` LRIGs."""
    chosen = []
    for lrig_id, card in enumerate(book.lrig_cards):
        effect = card.effect
        if card.type != "ARTS" or not effect:
            continue
        free = not book.use_costs[lrig_id].cards and not book.use_costs[lrig_id].coins
        counts = bool(effect.get("limit_upper")) and rules.limit_upper is not None and rules.limit_upper.lrigs == lrigs
        if (not effect.get("partial") and _plays(effect, rules)) or (free and counts):
            chosen.append(lrig_id)
    return chosen


def _plays(effect: Mapping[str, Any], rules: GameRules) -> bool:
    """Has the effect a part the goldfish plays out under ``rules``?"""
    return bool(effect.get("draw") or effect.get("ener_charge") or effect.get("choose")) or bool(
        effect.get("limit_upper") and rules.limit_upper is not None
    )


def phase_of(game: Game, lrig_id: int) -> str:
    """``main`` or ``attack``: where the goldfish uses the ARTS (its printed timing)."""
    timing = game.book.lrig_cards[lrig_id].timing
    return "attack" if "attack" in timing and "main" not in timing else "main"


def wanted(game: Game, lrig_id: int, phase: str, lrigs: int) -> bool:
    """Is now the moment for this ARTS, in a game that started with ``lrigs`` LRIGs (see the
    module doc; its cost is judged by the caller)?"""
    state = game.state
    if not state.lrig_deck[lrig_id] or phase_of(game, lrig_id) != phase:
        return False
    effect = game.book.lrig_cards[lrig_id].effect or {}
    upper = game.rules.limit_upper
    if not effect.get("limit_upper") or upper is None or upper.lrigs != lrigs:
        return True  # nothing to wait for (a marker that never counts here: the rest is worth it)
    return (
        state.limit_upper < upper.max
        and game.lrigs_on_field() == upper.lrigs
        and game.center_level() >= upper.min_level
    )


def play(game: Game, lrig_id: int, paid: list[int], coins: int, rest: Any, log: Log | None) -> Problem | None:
    """Use the ARTS (paying ``paid`` and ``coins``) and play out its effect; ``rest`` is what the
    center's path still needs (for "this or that"); ``log(action, **fields)`` traces each event."""
    book = game.book
    number = book.lrig_cards[lrig_id].number
    problem = actions.use(game, None, lrig_id, paid, coins)
    if problem is not None:
        return problem
    if log is not None:
        log("use", card=number, pay=[book.main_cards[k].number for k in paid] + ["coin"] * coins)
    effect = dict(book.lrig_cards[lrig_id].effect or {})
    choose = [c for c in effect.pop("choose", None) or () if isinstance(c, dict)]
    if choose:
        short = shortfall(rest, game_ener(game)) > 0
        effect.update(next((c for c in choose if ("ener_charge" in c) == short), choose[0]))
    for _ in range(count(effect, "draw")):
        problem = problem or _from_deck(game, "hand", number, log)
    for _ in range(count(effect, "ener_charge")):
        problem = problem or _from_deck(game, "ener", number, log)
    if effect.get("limit_upper") and game.rules.limit_upper is not None and problem is None:
        problem = moves.move_marker(game, "token", "lrig_zone")
        if problem is None and log is not None:
            log("move", card=MARKER, **{"from": "token", "to": "lrig_zone", "by": number})
    return problem


def count(effect: Mapping[str, Any], key: str) -> int:
    """A count of an effect (0 unless a positive integer: a hand-made pool is only shape-checked)."""
    value = effect.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _from_deck(game: Game, target: str, by: str, log: Log | None) -> Problem | None:
    """The top card of the deck to ``target`` (nothing when the deck is empty or the turn ended)."""
    state = game.state
    if not state.deck or state.ended:
        return None
    kind = state.deck[-1]
    problem = moves.move_main(game, kind, "deck", target)
    if problem is None and log is not None:
        log("move", card=game.book.main_cards[kind].number, **{"from": "deck", "to": target, "by": by})
    return problem


def game_ener(game: Game) -> tuple[tuple[int, int], ...]:
    """The ener as ``(mask, count)`` classes."""
    counts: dict[int, int] = {}
    mask = game.book.colour_masks
    for kind, n in enumerate(game.state.ener):
        if n:
            counts[mask[kind]] = counts.get(mask[kind], 0) + n
    return tuple(sorted(counts.items()))

"""``simulate --goldfish``: both seats played through the rules engine, a trace, the report.

The chosen seat is played first (and traced with ``--trace``), the other seat after it with
the next seed, so one run answers "on curve going first / going second". The trace is a
game record (``replay`` reads it): one header line per game, then its events.
"""

from __future__ import annotations

import json
import os
from typing import Any

from wixoss_deckcheck.engine.game.setup import LoadedDeck
from wixoss_deckcheck.engine.goldfish.plan import Plan, build_plan
from wixoss_deckcheck.engine.goldfish.play import IllegalGoldfish, Seat
from wixoss_deckcheck.engine.goldfish.seats import SeatTally, describe_plan, run_seat, seat_report
from wixoss_deckcheck.engine.odds.policy import MulliganPolicy
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.text import write_atomic

DEFAULT_GAMES = 5_000
POLICY = (
    "charge the card that keeps the whole grow path (then the assists' grows and the ARTS) most payable, "
    "guards kept in the hand unless only a guard keeps the curve, a SIGNI charged from the field when it is "
    "worth least and no card of the hand would be discarded at the end instead; grow the center "
    "paying exactly with the cards the rest of the path needs least; take every free assist grow (a paid "
    "one only when the center's path stays as payable); use the ARTS whose effect it plays out (draws, "
    "ener charges, a 【リミットアッパー】; the cost-0 ones that place a 【リミットアッパー】 when it counts) when the "
    "center's path stays as payable; place SIGNI highest level first (once a turn "
    "trash a lower one for a higher one); attack with every SIGNI and the center; discard the cards worth "
    "least. Every action is checked by the rules engine."
)


def trace_header(loaded: LoadedDeck, start: list[str], trace_path: str, seed: int) -> dict[str, Any]:
    """The game header of a trace: the deck path is written relative to the trace's folder."""
    folder = os.path.dirname(os.path.abspath(trace_path))
    return {
        "format": loaded.format,
        "as_of": loaded.as_of,
        "deck": os.path.relpath(os.path.abspath(loaded.path), folder),
        "start": start,
        "seed": seed,
    }


def run_goldfish(
    loaded: LoadedDeck,
    policy: MulliganPolicy,
    games: int,
    seed: int,
    first: bool,
    turns: int,
    crushes: int = 0,
    trace_path: str | None = None,
) -> dict[str, Any]:
    """Play both seats and return the ``goldfish`` section of the simulate report."""
    plan = _plan(loaded)
    mulligan = None if policy.keeps_all else policy.plan(loaded.book.main_cards)
    seats = {}
    for offset, seat_first in enumerate((first, not first)):
        seat = Seat(seat_first, turns, crushes, mulligan)
        traced = trace_path if offset == 0 else None  # the chosen seat is the one traced
        tally = _play_seat(loaded, plan, seat, games, seed + offset, traced)
        seats["first" if seat_first else "second"] = seat_report(tally, loaded, plan, seat)
    return {
        "engine": "rules engine (engine/game/phases.py)",
        "policy": POLICY,
        "plan": describe_plan(loaded, plan),
        "games_per_seat": games,
        "seed": seed,
        "turns": turns,
        "trace": trace_path,
        "seats": seats,
    }


def _plan(loaded: LoadedDeck) -> Plan:
    """The goldfish's plan; a deck too small to play or without a center is an input error."""
    rules = loaded.rules
    if sum(loaded.book.main_counts) < rules.opening_hand + rules.life_cloth:
        raise InputError(
            f"the main deck needs at least {rules.opening_hand + rules.life_cloth} cards to play", loaded.path
        )
    try:
        return build_plan(loaded.book, rules)
    except ValueError as exc:
        raise InputError(str(exc), loaded.path) from None


def _play_seat(loaded: LoadedDeck, plan: Plan, seat: Seat, games: int, seed: int, trace_path: str | None) -> SeatTally:
    """One seat's games; with ``trace_path`` each game is written there as a game record."""
    trace: list[dict[str, Any]] | None = [] if trace_path is not None else None
    header = None
    if trace_path is not None:
        start = [loaded.book.lrig_cards[lrig_id].number for lrig_id in (plan.center, *plan.assists)]
        header = trace_header(loaded, start, trace_path, seed)
    try:
        tally = run_seat(loaded, plan, seat, games, seed, trace, header)
    except IllegalGoldfish as exc:  # a bug of the policy, said in one line
        raise InputError(
            f"internal error, please report it: the goldfish tried an illegal action ({exc})", loaded.path
        ) from None
    if trace_path is not None and trace is not None:
        write_trace(trace_path, trace)
    return tally


def write_trace(path: str, lines: list[dict]) -> None:
    """Write the trace as JSON Lines, atomically."""
    write_atomic(path, "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), what="trace")

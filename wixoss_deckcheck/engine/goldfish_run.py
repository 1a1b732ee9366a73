"""``simulate --goldfish``: both seats played through the rules engine, a trace, the report.

The chosen seat is played first (and traced with ``--trace``), the other seat after it with
the next seed, so one run answers "on curve going first / going second". The trace is a
game record (``replay`` reads it): one header line per game, then its events.
"""

from __future__ import annotations

import json
import os
from typing import Any

from wixoss_deckcheck.engine.goldfish import IllegalGoldfish, Seat
from wixoss_deckcheck.engine.goldfish_plan import build_plan
from wixoss_deckcheck.engine.goldfish_report import describe_plan, run_seat, seat_report
from wixoss_deckcheck.engine.policy import MulliganPolicy
from wixoss_deckcheck.engine.setup_game import LoadedDeck
from wixoss_deckcheck.errors import InputError

DEFAULT_GAMES = 5_000
POLICY = (
    "charge the card that keeps the whole grow path (then the assists' grows and the ARTS) most payable, "
    "guards kept in the hand, a SIGNI charged from the field when it is worth least; grow the center "
    "paying exactly with the cards the rest of the path needs least; take every free assist grow (a paid "
    "one only when the center's path stays as payable); place SIGNI highest level first (once a turn "
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
    rules = loaded.rules
    if sum(loaded.book.counts) < rules.opening_hand + rules.life_cloth:
        raise InputError(
            f"the main deck needs at least {rules.opening_hand + rules.life_cloth} cards to play", loaded.path
        )
    try:
        plan = build_plan(loaded.book, rules)
    except ValueError as exc:
        raise InputError(str(exc), loaded.path) from None
    mulligan = None if policy.keeps_all else policy.plan(loaded.book.main)
    book = loaded.book
    start = [book.lrig[lid].number for lid in (plan.center, *plan.assists)]
    seats = {}
    for offset, seat_first in enumerate((first, not first)):
        seat = Seat(seat_first, turns, crushes, mulligan)
        traced = trace_path is not None and offset == 0
        trace: list[dict] | None = [] if traced else None
        header = trace_header(loaded, start, trace_path, seed) if traced and trace_path else None
        try:
            tally = run_seat(loaded, plan, seat, games, seed + offset, trace, header)
        except IllegalGoldfish as exc:  # a bug of the policy, said in one line
            raise InputError(
                f"internal error, please report it: the goldfish tried an illegal action ({exc})", loaded.path
            ) from None
        seats["first" if seat_first else "second"] = seat_report(tally, loaded, plan, seat)
        if traced and trace_path and trace is not None:
            write_trace(trace_path, trace)
    return {
        "engine": "rules engine (engine/phases.py)",
        "policy": POLICY,
        "plan": describe_plan(loaded, plan),
        "games_per_seat": games,
        "seed": seed,
        "turns": turns,
        "trace": trace_path,
        "seats": seats,
    }


def write_trace(path: str, lines: list[dict]) -> None:
    """Write the trace as JSON Lines, atomically."""
    from wixoss_deckcheck.files.text import write_atomic

    write_atomic(path, "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))


# -- the goldfish section of the text report, in the run's language (report_text.Names) --------


def _gpct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _cell(entry: dict[str, Any]) -> str:
    low, high = entry["wilson_95"]
    return f"{_gpct(entry['probability'])} [{_gpct(low)}–{_gpct(high)}]"


def _means(rows: list[dict[str, Any]], key: str) -> str:
    return "; ".join(f"t{row['turn']} {row[key]['mean']:.2f}±{row[key]['standard_error']:.2f}" for row in rows)


def render_goldfish(gold: dict[str, Any], names: Any) -> list[str]:
    """The goldfish section (rules engine, both seats) of the text report; ``names`` is a
    :class:`~wixoss_deckcheck.engine.report_text.Names` (card names and words in the language)."""
    m = names.messages
    note = m.simulate("note")
    out = [
        "",
        m.simulate("goldfish_title", games=f"{gold['games_per_seat']:,}", seed=gold["seed"])
        + " "
        + m.simulate("goldfish_policy"),
    ]
    plan = gold["plan"]

    def line(numbers: list[str]) -> str:
        return " → ".join(names.card_with_number(n) for n in numbers)

    out.append(f"  {m.simulate('plan_center')}: {line(plan['center'])}")
    for assist in plan["assists"]:
        out.append(f"  {m.simulate('plan_assist')}: {line(assist)}")
    crushes = {seat["opponent_crushes_per_turn"] for seat in gold["seats"].values()}
    for name, seat in gold["seats"].items():
        crush = seat["opponent_crushes_per_turn"]
        seat_word = m.simulate("seat_first" if name == "first" else "seat_second")
        heading = (
            m.simulate("going_crushes", seat=seat_word, crushes=crush) if crush else m.simulate("going", seat=seat_word)
        )
        out.append(heading + ":")
        out.append(
            f"  {m.simulate('on_curve')}: " + "; ".join(f"Lv{row['level']} {_cell(row)}" for row in seat["on_curve"])
        )
        out.append(
            f"  {m.simulate('guard_in_hand')}: "
            + "; ".join(
                f"t{row['opponent_turn']} {_gpct(row['probability'])}"
                for row in seat["guard_in_hand_on_opponents_turn"]
            )
        )
        for arts in seat["arts_payable_on_opponents_turn"]:
            out.append(
                "  "
                + m.simulate("can_pay", name=names.card_with_number(arts["number"], arts["name"]))
                + ": "
                + "; ".join(f"t{row['opponent_turn']} {_gpct(row['probability'])}" for row in arts["by_turn"])
            )
        out.append(
            f"  {m.simulate('refresh')}: "
            + "; ".join(f"t{row['turn']} {_gpct(row['probability'])}" for row in seat["refresh_by_turn"])
        )
        out.append(f"  {m.simulate('ener_by_turn')}: {_means(seat['by_turn'], 'ener')}")
        out.append(f"  {m.simulate('signi_by_turn')}: {_means(seat['by_turn'], 'signi_on_field')}")
        if seat["by_turn"] and "attacks" in seat["by_turn"][0]:
            out.append(f"  {m.simulate('attacks_by_turn')}: {_means(seat['by_turn'], 'attacks')}")
        if crush:
            bursts = seat["life_bursts_shown"]
            out.append("  " + m.simulate("bursts", mean=f"{bursts['mean']:.2f}", se=f"{bursts['standard_error']:.2f}"))
    for crush in sorted(crushes):
        key = "crush_note_goldfish" if crush else "crush_note_goldfish_none"
        out.append(f"{note}: {m.simulate(key, crushes=crush)}")
    out.append(f"{note}: {m.simulate('attack_note')}")
    if gold.get("trace"):
        out.append(m.simulate("trace", trace=gold["trace"]))
    return out

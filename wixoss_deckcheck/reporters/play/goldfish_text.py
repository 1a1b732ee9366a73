"""The goldfish section of the simulate text report (both seats), in the run's language."""

from __future__ import annotations

from typing import Any


def _gpct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _cell(entry: dict[str, Any]) -> str:
    low, high = entry["wilson_95"]
    return f"{_gpct(entry['probability'])} [{_gpct(low)}–{_gpct(high)}]"


def _means(rows: list[dict[str, Any]], key: str) -> str:
    return "; ".join(f"t{row['turn']} {row[key]['mean']:.2f}±{row[key]['standard_error']:.2f}" for row in rows)


def render_goldfish(gold: dict[str, Any], names: Any) -> list[str]:
    """The goldfish section (rules engine, both seats) of the text report; ``names`` is a
    :class:`~wixoss_deckcheck.reporters.play.simulation_text.Names` (card names and words in the language)."""
    m = names.messages
    note = m.simulate("note")
    out = [
        "",
        m.simulate("goldfish_title", games=f"{gold['games_per_seat']:,}", seed=gold["seed"])
        + " "
        + m.simulate("goldfish_policy"),
    ]
    out += _plan_lines(gold["plan"], names)
    for name, seat in gold["seats"].items():
        out += _seat_lines(name, seat, names)
    for crush in sorted({seat["opponent_crushes_per_turn"] for seat in gold["seats"].values()}):
        key = "crush_note_goldfish" if crush else "crush_note_goldfish_none"
        out.append(f"{note}: {m.simulate(key, crushes=crush)}")
    out.append(f"{note}: {m.simulate('attack_note')}")
    if gold.get("trace"):
        out.append(m.simulate("trace", trace=gold["trace"]))
    return out


def _plan_lines(plan: dict[str, Any], names: Any) -> list[str]:
    """The center's grow path and each assist's line."""
    m = names.messages

    def line(numbers: list[str]) -> str:
        return " → ".join(names.card_with_number(n) for n in numbers)

    return [f"  {m.simulate('plan_center')}: {line(plan['center'])}"] + [
        f"  {m.simulate('plan_assist')}: {line(assist)}" for assist in plan["assists"]
    ]


def _by_turn(rows: list[dict[str, Any]], turn: str) -> str:
    return "; ".join(f"t{row[turn]} {_gpct(row['probability'])}" for row in rows)


def _seat_lines(name: str, seat: dict[str, Any], names: Any) -> list[str]:
    """One seat: on curve, guards in the hand, each ARTS payable, refreshes, the means by turn."""
    m = names.messages
    crush = seat["opponent_crushes_per_turn"]
    seat_word = m.simulate("seat_first" if name == "first" else "seat_second")
    heading = (
        m.simulate("going_crushes", seat=seat_word, crushes=crush) if crush else m.simulate("going", seat=seat_word)
    )
    out = [
        heading + ":",
        f"  {m.simulate('on_curve')}: " + "; ".join(f"Lv{row['level']} {_cell(row)}" for row in seat["on_curve"]),
    ]
    for row in seat["on_curve"]:
        why = row.get("unreachable")
        if why:
            out.append("    " + m.simulate("unreachable_level", level=row["level"], turn=row["by_turn"], **why))
    out.append(
        f"  {m.simulate('guard_in_hand')}: " + _by_turn(seat["guard_in_hand_on_opponents_turn"], "opponent_turn")
    )
    for arts in seat["arts_payable_on_opponents_turn"]:
        can_pay = m.simulate("can_pay", name=names.card_with_number(arts["number"], arts["name"]))
        out.append(f"  {can_pay}: " + _by_turn(arts["by_turn"], "opponent_turn"))
    out.append(f"  {m.simulate('refresh')}: " + _by_turn(seat["refresh_by_turn"], "turn"))
    out.append(f"  {m.simulate('ener_by_turn')}: {_means(seat['by_turn'], 'ener')}")
    out.append(f"  {m.simulate('signi_by_turn')}: {_means(seat['by_turn'], 'signi_on_field')}")
    if seat["by_turn"] and "attacks" in seat["by_turn"][0]:
        out.append(f"  {m.simulate('attacks_by_turn')}: {_means(seat['by_turn'], 'attacks')}")
    if crush:
        bursts = seat["life_bursts_shown"]
        out.append("  " + m.simulate("bursts", mean=f"{bursts['mean']:.2f}", se=f"{bursts['standard_error']:.2f}"))
    return out

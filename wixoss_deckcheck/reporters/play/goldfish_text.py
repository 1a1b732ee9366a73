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

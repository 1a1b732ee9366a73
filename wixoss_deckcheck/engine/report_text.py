"""The human-readable simulation report (the JSON report rendered as text)."""

from __future__ import annotations

import unicodedata
from typing import Any


def _pct(value: float | None) -> str:
    return "   —  " if value is None else f"{100 * value:6.2f}%"


def _probability(entry: dict[str, Any]) -> str:
    """``42.71% exact, 42.66% ±0.11 simulated`` (the simulated part with one standard error)."""
    parts = []
    if entry.get("probability_exact") is not None:
        parts.append(f"{_pct(entry['probability_exact']).strip()} exact")
    if entry.get("probability_simulated") is not None:
        parts.append(f"{_pct(entry['probability_simulated']).strip()} ±{100 * entry['standard_error']:.2f} simulated")
    return ", ".join(parts) or "—"


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    """Cut and pad ``text`` to ``width`` terminal columns (wide characters count 2)."""
    out, used = "", 0
    for ch in text:
        w = _width(ch)
        if used + w > width - 1:
            break
        out += ch
        used += w
    return out + " " * (width - used)


def render_simulation(report: dict[str, Any]) -> str:
    out: list[str] = []
    model = report["model"]
    out.append(
        f"{report.get('deck', '')} — {report['games']:,} games, seed {report['seed']}, "
        f"{report['player']} player, {report['turns']} turns, back end {report['backend']}"
    )
    mulligan = report["mulligan"]
    out.append(
        f"mulligan: {mulligan['name']}" + (f" ({mulligan['description']})" if mulligan.get("description") else "")
    )
    path = " → ".join(f"{c['name']} (Lv{c['level']})" for c in model["center_path"]) or "no center LRIG"
    out.append(f"center: {path}; starting LRIGs: {model['start_lrigs']}")
    for note in model["notes"]:
        out.append(f"note: {note}")
    out.append(report["card_effects"])
    out.append(f"({report['turn_note']})")
    if "query" in report:
        out.append("")
        out.append(
            f"P(at least {report['at_least']} of {report['query']} [{report['copies']} cards] by turn "
            f"{report['by_turn']}, {report['cards_seen']} cards seen) = {_probability(report)}"
            f" over {report['samples']:,} games"
        )
        return "\n".join(out) + "\n"
    turns = report["turns"]
    header = "".join(f"{'t' + str(t):>9}" for t in range(turns + 1))
    out.append("")
    at_least = report["hits"][0]["at_least"] if report["hits"] else 1
    out.append(
        f"P(at least {at_least} seen) by turn: exact (hypergeometric) where a closed form exists, "
        "else simulated (marked ~)"
    )
    out.append(_pad("group", 44) + f"{'cards':>6}{header}")
    for hit in report["hits"]:
        cells = []
        for entry in hit["by_turn"]:
            if entry["probability_exact"] is not None:
                cells.append(_pct(entry["probability_exact"]) + " ")
            else:
                cells.append(_pct(entry["probability_simulated"]) + "~")
        out.append(_pad(hit["group"], 44) + f"{hit['copies']:>6}" + "".join(f"{c:>9}" for c in cells))
    life = report["life_cloth"]
    out.append("")
    out.append(
        f"Life Burst cards among the 7 Life Cloth ({life['life_burst_cards_in_deck']} in the deck): "
        f"mean {life['mean_simulated']:.3f} simulated"
        + (f", {life['mean_exact']:.3f} exact" if life["mean_exact"] is not None else "")
    )
    out.append(
        "  " + "  ".join(f"{d['life_burst']}: {_pct(_exact_or_simulated(d)).strip()}" for d in life["distribution"])
    )
    if report["grow"]:
        out.append("")
        out.append("Grow costs paid by the turn the grow is due (simulated):")
        for row in report["grow"]:
            cost = ", ".join(f"{k} {v}" for k, v in row["grow_cost"].items()) or "free"
            late = row.get("probability_one_turn_late")
            out.append(
                f"  Lv{row['level']} {row['name']} ({row['number']}), cost {cost}, due turn {row['due_turn']}: "
                f"{_probability(row)}"
                + (f"; one turn late {_pct(late['probability_simulated']).strip()}" if late else "")
            )
    out.append("")
    out.append(f"{'turn':<6}{'hand':>8}{'ener':>8}{'center Lv':>11}")
    for row in report["by_turn"]:
        out.append(
            f"{row['turn']:<6}{row['hand']['mean']:>8.2f}{row['ener']['mean']:>8.2f}{row['center_level']:>11.2f}"
        )
    gold = report.get("goldfish")
    if gold and "seats" in gold:
        from wixoss_deckcheck.engine.goldfish_run import render_goldfish

        out.extend(render_goldfish(gold))
    elif gold:
        out.append("")
        out.append("Goldfish: " + gold["policy"])
        out.append(
            "On-curve grow (center at level t after turn t): "
            + "; ".join(f"t{row['turn']} {_pct(row['probability_simulated']).strip()}" for row in gold["on_curve"])
        )
        for level in gold["center_level_first_turn"]:
            cells = [
                f"t{d['turn']} {_pct(d['probability']).strip()}"
                for d in level["first_turn"]
                if d["turn"] is not None and d["probability"] > 0
            ]
            never = level["first_turn"][-1]["probability"]
            out.append(
                f"  first turn at level {level['level']}: "
                + ", ".join(cells)
                + f"; not by turn {turns}: {_pct(never).strip()}"
            )
        refresh = gold["refreshes"]
        out.append(
            f"Refreshes by turn {refresh['by_turn']}: mean {refresh['mean']:.3f} ("
            + ", ".join(f"{k}: {_pct(v).strip()}" for k, v in refresh["distribution"].items())
            + ")"
        )
        out.append(
            "SIGNI on the field: "
            + "; ".join(f"t{row['turn']} {row['mean']:.2f}" for row in gold["signi_on_field"][1:])
        )
    return "\n".join(out) + "\n"


def _exact_or_simulated(row: dict) -> float:
    """The exact probability of a row when there is one, else the simulated one."""
    exact = row["probability_exact"]
    return exact if exact is not None else row["probability_simulated"]

"""The human-readable simulation report (the JSON report rendered as text), in the run's language.

Headings and words come from the ``simulate:`` section of the message files, card names from
the cards the command resolved (:meth:`Card.display_name`), else the names the report carries.
Rows of the "seen by turn" table whose values are all identical are shown once ("each of the
10 SIGNI with 4 copies"), the cards or groups they stand for listed under them; ``±`` is
explained once as one standard error; each thing the model leaves out is said in a note.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.reporters.play.goldfish_text import render_goldfish

#: How wide the text report's lines of card names may be (terminal columns).
LINE_WIDTH = 100


def _pct(value: float | None) -> str:
    return "   —  " if value is None else f"{100 * value:6.2f}%"


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


def _rpad(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns."""
    return " " * max(0, width - _width(text)) + text


class Names:
    """Card names and group labels in one language."""

    def __init__(
        self, messages: Messages, cards: Mapping[str, Card] | None = None, numbers_only: bool = False,
        printed: Mapping[str, str] | None = None,
    ):
        self.messages = messages
        self.cards = dict(cards or {})
        self.numbers_only = numbers_only  # a picture without a CJK font names cards by number
        #: The number each card is shown by: the print the deck wrote (the report's ``printed``), else the pool's.
        self.printed = dict(printed or {})

    def card(self, number: str, fallback: str | None = None) -> str:
        """The name of the card ``number`` in the language, else ``fallback`` (else the number)."""
        if self.numbers_only:
            return number
        card = self.cards.get(number)
        if card is not None:
            return card.display_name(self.messages.lang)
        return fallback or number

    def card_with_number(self, number: str, fallback: str | None = None) -> str:
        shown = self.printed.get(number, number)
        if self.numbers_only:
            return shown
        return f"{self.card(number, fallback)} ({shown})"

    def word_group(self, term: str) -> str | None:
        """``level:2``, ``type:SIGNI``, ``colour:red``, ``guard``, ``lifeburst`` in the language."""
        m = self.messages
        text = term.strip()
        prefix, colon, rest = text.partition(":")
        prefix = prefix.lower()
        if colon and prefix == "level":
            return m.simulate("level_group", level=rest)
        if colon and prefix == "type":
            return m.simulate("type_group", type=m.card_type(rest.upper()))
        if colon and prefix in ("colour", "color"):
            return m.simulate("colour_group", colour=m.colour(rest.lower()))
        if text.lower() == "guard":
            return m.simulate("guard_group")
        if text.lower() in ("lifeburst", "life-burst", "life_burst", "lb"):
            return m.simulate("lifeburst_group")
        return None

    def same_card(self, numbers: list[str]) -> Card | None:
        """The card when every number names the same card (reprints, same name), else None."""
        found = [self.cards[n] for n in numbers if n in self.cards]
        if not found or len(found) != len(numbers) or len({c.key for c in found}) != 1:
            return None
        return found[0]

    def group(self, hit: dict[str, Any]) -> tuple[str, Card | None]:
        """The label of a group of the report, and its card when the group is one card."""
        term = hit.get("term") or hit.get("group") or hit.get("query") or ""
        word = self.word_group(term)
        if word is not None:
            return word, None
        return self._card_group(term, list(hit.get("cards") or []), hit.get("group") or term)

    def _card_group(self, term: str, numbers: list[str], label: str) -> tuple[str, Card | None]:
        """The label of a group of cards (``numbers``), and the card when they are one card."""
        card = self.same_card(numbers)
        if card is not None:
            return self.card_with_number(card.number), card
        if term in numbers and not any(n in self.cards for n in numbers):  # a card the caller did not pass
            return (term if self.numbers_only else label), Card.make(term, label, "")
        return label, None


def mulligan_description(mulligan: dict[str, Any], names: Names) -> str:
    """A built-in policy's description in the language; a policy file's own as written."""
    name, m = str(mulligan.get("name", "")), names.messages
    if mulligan.get("file"):
        return mulligan.get("description", "")
    if name == "keep":
        return m.simulate("mulligan_keep")
    if name.startswith("curve:"):
        return m.simulate("mulligan_curve", level=name.partition(":")[2])
    if name.startswith("find:"):
        term = name.partition(":")[2]
        return m.simulate("mulligan_find", group=names.word_group(term) or term)
    return mulligan.get("description", "")


def model_note(text: str, m: Messages) -> str:
    """One of the deck model's notes (written in English) in the language."""
    if text.startswith("the format starts with 3 LRIGs"):
        return m.simulate("note_three_lrigs")
    if text.startswith("the LRIG deck has no level-0 LRIG"):
        return m.simulate("note_no_center")
    found = re.fullmatch(r"assist (.+) has the same LRIG type as another starting LRIG.*", text)
    if found:
        return m.simulate("note_same_type", card=found.group(1))
    return text


def _probability(entry: dict[str, Any], m: Messages) -> str:
    """``42.71% exact, 42.66% ±0.11 simulated`` (the simulated part with one standard error)."""
    parts = []
    if entry.get("probability_exact") is not None:
        parts.append(f"{_pct(entry['probability_exact']).strip()} {m.simulate('exact')}")
    if entry.get("probability_simulated") is not None:
        parts.append(
            f"{_pct(entry['probability_simulated']).strip()} ±{100 * entry['standard_error']:.2f} "
            + m.simulate("simulated")
        )
    return ", ".join(parts) or "—"


def _cells(hit: dict[str, Any]) -> tuple[str, ...]:
    cells = []
    for entry in hit["by_turn"]:
        if entry["probability_exact"] is not None:
            cells.append(_pct(entry["probability_exact"]) + " ")
        else:
            cells.append(_pct(entry["probability_simulated"]) + "~")
    return tuple(cells)


def merge_rows(hits: list[dict[str, Any]], names: Names) -> list[dict[str, Any]]:
    """The table's rows with identical ones merged: single cards with single cards, other groups
    with other groups. Each row: ``label``, ``copies``, ``cells``, ``members`` (labels of the
    merged groups; one for a row that stands alone)."""
    m = names.messages
    rows: dict[tuple, dict[str, Any]] = {}
    for hit in hits:
        label, card = names.group(hit)
        key = (card is not None, hit["copies"], _cells(hit))
        row = rows.setdefault(key, {"copies": hit["copies"], "cells": key[2], "members": [], "cards": []})
        row["members"].append(label)
        row["cards"].append(card)
    out = []
    for row in rows.values():
        if len(row["members"]) == 1:
            row["label"] = row["members"][0]
        elif row["cards"][0] is not None:
            what = card_word(row["cards"], m)
            row["label"] = m.simulate("each_of", n=len(row["members"]), what=what, copies=row["copies"])
        else:
            row["label"] = m.simulate("each_of_groups", groups=" / ".join(row["members"]))
        out.append(row)
    return out


def card_word(cards: list[Card], m: Messages) -> str:
    """What the merged cards are: their type when they share one ("SIGNI"), else "cards"."""
    types = {card.type for card in cards}
    return m.card_type(types.pop()) if len(types) == 1 and "" not in types else m.simulate("cards_word")


def _wrap(items: list[str], indent: str, width: int = LINE_WIDTH) -> list[str]:
    """``items`` joined by ", " in lines of at most ``width`` columns (wide characters count 2)."""
    lines, line = [], ""
    for item in items:
        piece = item if not line else ", " + item
        if line and _width(indent + line + piece) > width:
            lines.append(indent + line + ",")
            line = item
        else:
            line += piece
    if line:
        lines.append(indent + line)
    return lines


def render_simulation(report: dict[str, Any], lang: str | None = "en", cards: Mapping[str, Card] | None = None) -> str:
    """The report as text in ``lang``; ``cards`` (number → card) gives the names in that language."""
    m = Messages(lang)
    names = Names(m, cards, printed=report.get("printed"))
    out = _heading(report, names)
    if "query" in report:
        return "\n".join([*out, "", _query_line(report, names)]) + "\n"
    out.extend(_hits_table(report, names))
    out.extend(_life_and_grow(report, names))
    out.append("")
    out.append(m.simulate("by_turn_title"))
    out.append(
        _pad(m.simulate("turn"), 8)
        + _rpad(m.simulate("hand"), 8)
        + _rpad(m.simulate("ener"), 8)
        + _rpad(m.simulate("center_level"), 12)
    )
    for row in report["by_turn"]:
        out.append(
            f"{row['turn']:<8}{row['hand']['mean']:>8.2f}{row['ener']['mean']:>8.2f}{row['center_level']:>12.2f}"
        )
    gold = report.get("goldfish")
    if gold and "seats" in gold:
        out.extend(render_goldfish(gold, names))
    elif gold:
        out.extend(_tally_goldfish(gold, report["turns"], m))
    return "\n".join(out) + "\n"


def _heading(report: dict[str, Any], names: Names) -> list[str]:
    """The run (deck, games, seed, seat, back end), the mulligan policy, the center's path, the notes."""
    m, model = names.messages, report["model"]
    player = m.simulate("player_first" if report["player"] == "first" else "player_second")
    out = [
        m.simulate(
            "header",
            deck=report.get("deck", ""),
            games=f"{report['games']:,}",
            seed=report["seed"],
            player=player,
            turns=report["turns"],
            backend=report["backend"],
        )
    ]
    mulligan = report["mulligan"]
    description = mulligan_description(mulligan, names)
    out.append(f"{m.simulate('mulligan')}: {mulligan['name']}" + (f" ({description})" if description else ""))
    path = " → ".join(f"{names.card(c['number'], c['name'])} (Lv{c['level']})" for c in model["center_path"])
    center = path or m.simulate("no_center")
    out.append(f"{m.simulate('center')}: {center}; {m.simulate('start_lrigs')}: {model['start_lrigs']}")
    note = m.simulate("note")
    out += [f"{note}: {model_note(text, m)}" for text in model["notes"]]
    out.append(f"{note}: {m.simulate('effects')}")
    out.append(f"{note}: {m.simulate('turn_note')}")
    out.append(f"{note}: {m.simulate('pm_note')}")
    out.append(f"{note}: {m.simulate('crush_note')}")  # the hand and ener model never crushes
    return out


def _query_line(report: dict[str, Any], names: Names) -> str:
    """The one ``--hit`` answer."""
    m = names.messages
    label, _card = names.group({"term": report["query"], "cards": report.get("cards"), "group": report["query"]})
    return m.simulate(
        "query",
        at_least=report["at_least"],
        query=label,
        copies=report["copies"],
        by_turn=report["by_turn"],
        cards_seen=report["cards_seen"],
        probability=_probability(report, m),
        samples=f"{report['samples']:,}",
    )


def _hits_table(report: dict[str, Any], names: Names) -> list[str]:
    m = names.messages
    out = [""]
    at_least = report["hits"][0]["at_least"] if report["hits"] else 1
    out.append(m.simulate("table_title", at_least=at_least))
    header = "".join(f"{'t' + str(t):>9}" for t in range(report["turns"] + 1))
    out.append(_pad(m.simulate("group"), 44) + _rpad(m.simulate("cards"), 6) + header)
    rows = merge_rows(report["hits"], names)
    for row in rows:
        out.append(_pad(row["label"], 44) + f"{row['copies']:>6}" + "".join(f"{c:>9}" for c in row["cells"]))
        if len(row["members"]) > 1 and row["cards"][0] is not None:
            out.extend(_wrap(row["members"], "    "))
    if any(len(row["members"]) > 1 for row in rows):
        out.append(f"{m.simulate('note')}: {m.simulate('merged_note')}")
    return out


def _life_and_grow(report: dict[str, Any], names: Names) -> list[str]:
    m = names.messages
    life = report["life_cloth"]
    mean = f"{life['mean_simulated']:.3f} {m.simulate('simulated')}"
    if life["mean_exact"] is not None:
        mean += f", {life['mean_exact']:.3f} {m.simulate('exact')}"
    out = ["", m.simulate("life_title", bursts=life["life_burst_cards_in_deck"], mean=mean)]
    out.append(
        "  " + "  ".join(f"{d['life_burst']}: {_pct(_exact_or_simulated(d)).strip()}" for d in life["distribution"])
    )
    if report["grow"]:
        out.append("")
        out.append(m.simulate("grow_title"))
        for row in report["grow"]:
            cost = ", ".join(f"{m.colour(k)} {v}" for k, v in row["grow_cost"].items()) or m.simulate("free")
            late = row.get("probability_one_turn_late")
            text = m.simulate(
                "grow_row",
                level=row["level"],
                name=names.card_with_number(row["number"], row["name"]),
                cost=cost,
                due=row["due_turn"],
                probability=_probability(row, m),
            )
            if late:
                text += f"; {m.simulate('one_turn_late')} {_pct(late['probability_simulated']).strip()}"
            out.append("  " + text)
    return out


def _tally_goldfish(gold: dict[str, Any], turns: int, m: Messages) -> list[str]:
    """The goldfish section of the simple model (``run_simulation(goldfish=True)``)."""
    out = ["", "Goldfish: " + gold["policy"]]
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
        "SIGNI on the field: " + "; ".join(f"t{row['turn']} {row['mean']:.2f}" for row in gold["signi_on_field"][1:])
    )
    if gold.get("attacks"):
        out.append("Attacks: " + "; ".join(f"t{row['turn']} {row['mean']:.2f}" for row in gold["attacks"]))
    out.append(f"{m.simulate('note')}: {m.simulate('attack_note')}")
    return out


def _exact_or_simulated(row: dict) -> float:
    """The exact probability of a row when there is one, else the simulated one."""
    exact = row["probability_exact"]
    return exact if exact is not None else row["probability_simulated"]

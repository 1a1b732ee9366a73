"""Drawing probability-by-turn curves with matplotlib (the optional ``plot`` extra).

One picture: P(at least k cards of a group seen) by turn. Identical curves are drawn once
with a combined label; at most :data:`MAX_SERIES` series are drawn, each with its own
colour, line style and marker (cards whose curves differ only by sampling are grouped
first; past that the first ones are kept, said in a note under the axes). The legend stands
outside the axes, the turns are whole numbers, the title says what the axes and *k* are.
Names are in the chosen language with a CJK font when one is installed; without one a
one-line warning names the fonts looked for and the picture names cards by number, in
English, so no label is drawn as empty boxes.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import click

from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.files.dirs import user_cache_dir
from wixoss_deckcheck.files.text import check_output_path, write_atomic
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.reporters.play.simulation_text import Names, card_word

PLOT_SUFFIXES = (".png", ".svg")
#: The most series one picture draws.
MAX_SERIES = 8
#: Fonts with Japanese and Chinese glyphs, in the order they are preferred.
CJK_FONTS = (
    "Noto Sans CJK JP",
    "Noto Sans CJK SC",
    "Noto Sans CJK TC",
    "Noto Sans JP",
    "Noto Sans SC",
    "Noto Sans TC",
    "Source Han Sans",
    "Source Han Sans JP",
    "IPAexGothic",
    "IPAGothic",
    "IPAPGothic",
    "TakaoGothic",
    "VL Gothic",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Droid Sans Fallback",
    "Hiragino Sans",
    "Yu Gothic",
    "Meiryo",
    "MS Gothic",
    "Microsoft YaHei",
    "SimHei",
    "PingFang SC",
    "AR PL UMing CN",
)


def check_plot_path(path: str, inputs: Iterable[str] = ()) -> None:
    """A usage error unless the picture can be written where asked (before any simulation runs)."""
    target = Path(path)
    if target.suffix.lower() not in PLOT_SUFFIXES:
        raise UsageError(f"--plot writes .png or .svg files, not {target.suffix or 'a file without suffix'}: {path}")
    check_output_path(target, inputs, "plot")  # a missing folder, a directory, a FIFO, a link, the deck
    try:
        _figure()
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'wixoss-deckcheck[plot]'") from None


def use_own_matplotlib_cache() -> None:
    """Keep matplotlib's configuration and font cache in the tool's cache directory
    (``MPLCONFIGDIR``), not in the home directory; a user's own MPLCONFIGDIR wins."""
    os.environ.setdefault("MPLCONFIGDIR", str(user_cache_dir() / "matplotlib"))


def _figure() -> ModuleType:
    """The matplotlib side of the picture, imported once MPLCONFIGDIR is set."""
    use_own_matplotlib_cache()
    import matplotlib  # noqa: F401  # matplotlib: a heavy optional library (the plot extra), after MPLCONFIGDIR

    from wixoss_deckcheck.reporters.play import figure  # the picture, drawn with matplotlib (imported at its top)

    return figure


def find_cjk_font() -> str | None:
    """The family name of an installed font with CJK glyphs (:data:`CJK_FONTS` first), else None."""
    return _figure().find_cjk_font(CJK_FONTS)


def needs_cjk(text: str) -> bool:
    """Whether ``text`` has a character the default font (DejaVu Sans) cannot draw: wide characters."""
    return any(unicodedata.east_asian_width(ch) in ("W", "F") for ch in text)


def _values(entries: list[dict[str, Any]]) -> list[float]:
    return [
        e["probability_exact"] if e["probability_exact"] is not None else e["probability_simulated"] for e in entries
    ]


def series(
    report: dict[str, Any], names, hit: dict[str, Any] | None = None, limit: int = MAX_SERIES
) -> tuple[list[tuple[str, list[int], list[float]]], int]:
    """The curves to draw as (label, turns, probabilities), identical ones merged (and cards alike
    grouped when there are more than ``limit``), and how many there are; the caller draws the
    first ``limit``."""
    if hit is not None:
        label, _card = names.group(hit)
        return [(label, list(hit["turns"]), list(hit["values"]))], 1
    if "query" in report:
        return [], 0
    groups: dict[tuple, dict[str, Any]] = {}
    for entry in report["hits"]:
        label, card = names.group(entry)
        turns = tuple(e["turn"] for e in entry["by_turn"])
        values = tuple(round(v, 12) for v in _values(entry["by_turn"]))
        key = (turns, values)  # identical curves, cards and groups alike, are one series
        group = groups.setdefault(key, {"turns": turns, "values": values, "labels": [], "cards": [], "copies": []})
        group["labels"].append(label)
        group["cards"].append(card)
        group["copies"].append(entry["copies"])
    found = list(groups.values())
    if len(found) > limit:  # cards alike (copies, type, level): one mean curve each
        found = _group_cards_by_copies(found)
    out = [(_combined_label(g, names), list(g["turns"]), list(g["values"])) for g in found]
    return out, len(out)


def _group_cards_by_copies(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    merged: dict[tuple, dict[str, Any]] = {}
    out: list[dict[str, Any]] = []
    for group in found:
        if any(card is None for card in group["cards"]):  # a curve that is also a group's stays as it is
            out.append(group)
            continue
        card = group["cards"][0]
        key = (group["copies"][0], card.type, card.level, group["turns"])
        if key not in merged:
            merged[key] = {
                "turns": group["turns"],
                "sums": [0.0] * len(group["turns"]),
                "n": 0,
                "labels": [],
                "cards": [],
                "copies": [],
                "mean": True,
            }
            out.append(merged[key])
        target = merged[key]
        weight = len(group["labels"])
        target["sums"] = [s + weight * v for s, v in zip(target["sums"], group["values"], strict=True)]
        target["n"] += weight
        target["labels"] += group["labels"]
        target["cards"] += group["cards"]
        target["copies"] += group["copies"]
    for group in out:
        if "sums" in group:
            group["values"] = tuple(s / group["n"] for s in group["sums"])
    return out


def _combined_label(group: dict[str, Any], names: Names) -> str:
    """One series' legend text: the group's label, or "each of the N …" with the first names,
    then the other groups with the same curve."""
    labels = group["labels"]
    if len(labels) == 1:
        return labels[0]
    card_labels = [label for label, card in zip(labels, group["cards"], strict=True) if card is not None]
    others = [label for label, card in zip(labels, group["cards"], strict=True) if card is None]
    parts = [_cards_label(group, card_labels, names.messages)] if card_labels else []
    if others:
        parts.append(_others_label(others, bool(parts), names.messages))
    return "\n= ".join(parts)


def _others_label(others: list[str], after_cards: bool, m: Messages) -> str:
    """The groups (not cards) with the same curve: after the cards' label, or alone."""
    if len(others) == 1 and not after_cards:
        return others[0]
    groups = " / ".join(others)
    return groups if after_cards else m.simulate("each_of_groups", groups=groups)


def _cards_label(group: dict[str, Any], card_labels: list[str], m: Messages) -> str:
    """The cards of one series: the card's own label, or "each of the N …" and the first three."""
    if len(card_labels) == 1:
        return card_labels[0]
    cards = [card for card in group["cards"] if card is not None]
    copies = next(n for n, card in zip(group["copies"], group["cards"], strict=True) if card is not None)
    head = m.simulate("each_of", n=len(card_labels), what=card_word(cards, m), copies=copies)
    if group.get("mean"):
        head = "≈ " + head
    shown = card_labels[:3] + (["…"] if len(card_labels) > 3 else [])
    return head + "\n" + "\n".join("  " + label for label in shown)


def write_plot(
    report: dict[str, Any],
    path: str,
    hit: dict[str, Any] | None = None,
    lang: str | None = "en",
    cards: Mapping[str, Any] | None = None,
    warn=None,
) -> None:
    """Draw P(at least k seen) by turn for every group (or the ``--hit`` group) to ``path`` atomically.

    ``hit``: ``term``, ``cards`` (numbers), ``turns`` and ``values`` of the one ``--hit`` curve.
    ``warn`` receives the one-line warning when a CJK font is needed and none is installed
    (default: stderr)."""
    messages = Messages(lang)
    names = Names(messages, cards, printed=report.get("printed"))
    lines, total = series(report, names, hit)
    texts = [label for label, _t, _v in lines] + [_title(report, messages), messages.simulate("plot_x")]
    font: str | None = None
    clean: Callable[[str], str] = str
    if any(needs_cjk(text) for text in texts):
        font = find_cjk_font()
        if font is None:
            _warn(warn, messages.simulate("plot_no_font"))
            messages = Messages("en")
            names = Names(messages, cards, numbers_only=True, printed=report.get("printed"))
            lines, total = series(report, names, hit)
            clean = _drawable
    lines = [(clean(label), turns, values) for label, turns, values in lines]
    lines, left_out = lines[:MAX_SERIES], lines[MAX_SERIES:]
    target = Path(path)
    picture = _figure().draw(
        lines,
        (
            clean(_title(report, messages)),
            messages.simulate("plot_x"),
            messages.simulate("plot_y"),
            _notes(lines, left_out, total, messages),
        ),
        font,
        target.suffix.lower().lstrip("."),
    )
    write_atomic(target, picture, what="plot")  # the one checked writer: never half a picture, never a device replaced


def _notes(
    lines: list[tuple[str, list[int], list[float]]],
    left_out: list[tuple[str, list[int], list[float]]],
    total: int,
    messages: Messages,
) -> list[str]:
    """The notes under the axes: what a mean curve is, which series were left out."""
    notes = []
    if any(label.startswith("≈") for label, _t, _v in lines):
        notes.append(messages.simulate("plot_mean_note"))
    if total > len(lines):
        left = ", ".join(label.split("\n")[0] for label, _t, _v in left_out)
        notes.append(messages.simulate("plot_more", shown=len(lines), total=total, left=left))
    return notes


def _title(report: dict[str, Any], messages) -> str:
    at_least = report.get("at_least") or (report["hits"][0]["at_least"] if report.get("hits") else 1)
    player = messages.simulate("player_first" if report["player"] == "first" else "player_second")
    return messages.simulate(
        "plot_title",
        deck=Path(str(report.get("deck", ""))).name,
        k=at_least,
        player=player,
        mulligan=report["mulligan"]["name"],
    )


def _drawable(text: str) -> str:
    """``text`` with each wide character (a deck file named in Japanese) as ``?``."""
    return "".join("?" if needs_cjk(ch) else ch for ch in text)


def _warn(warn, text: str) -> None:
    if warn is not None:
        warn(text)
        return
    click.echo(text, err=True)

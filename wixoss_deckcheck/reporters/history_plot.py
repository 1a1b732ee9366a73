"""The picture of ``check --history --plot FILE``: a bar per deck and format through time,
each period coloured legal or not legal (matplotlib, the optional ``plot`` extra).

Names are in the chosen language with a CJK font when one is installed; without one a
one-line warning says so and the picture is drawn in English, as the simulate plot does.
"""

from __future__ import annotations

import datetime as _dt
import io
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from wixoss_deckcheck.files.text import write_atomic
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.model.history import DeckHistory
from wixoss_deckcheck.reporters.play.plot import check_plot_path, find_cjk_font, needs_cjk, use_own_matplotlib_cache

LEGAL_COLOUR = "#2e7d32"
ILLEGAL_COLOUR = "#c62828"


def check_history_plot(path: str, inputs: Iterable[str] = ()) -> None:
    """A usage error unless the picture can be written (matplotlib installed, a .png or .svg
    path where a file may be written), before any history is worked out."""
    check_plot_path(path, inputs)


def _day(text: str) -> _dt.date:
    return _dt.date.fromisoformat(text)


#: One row of the picture: its label, and each period as (first day, days, legal).
Row = tuple[str, list[tuple[_dt.date, int, bool]]]


def _spans(history: DeckHistory, edge: _dt.date) -> list[tuple[_dt.date, int, bool]]:
    out = []
    for period in history.periods:
        first = _day(period.start)
        last = _day(period.end) if period.end else edge
        out.append((first, (last - first).days + 1, period.verdict.legal))
    return out


def bars(histories: Sequence[DeckHistory], today: _dt.date) -> tuple[list[Row], _dt.date]:
    """Per history (label, [(first day, days, legal)]), and the right edge of the picture
    (open-ended periods run to it: a year after today or after the last day shown)."""
    days = [_day(day) for history in histories for period in history.periods for day in (period.start, period.end)
            if day]
    edge = max([today, *days]) + _dt.timedelta(days=365)
    several = len({history.deck for history in histories}) > 1
    labels = [f"{Path(h.deck).name} — {h.format_name}" if several else h.format_name for h in histories]
    return [(label, _spans(history, edge)) for label, history in zip(labels, histories, strict=True)], edge


class Plan(NamedTuple):
    """What the picture says: rows, edge, title and legend words, the font, and how text is made drawable."""

    rows: list[Row]
    edge: _dt.date
    title: str
    legal: str
    illegal: str
    font: str | None
    clean: Callable[[str], str]


def plan(histories: Sequence[DeckHistory], lang: str | None, warn: Callable[[str], None], today: _dt.date) -> Plan:
    """The picture's words in ``lang`` with a CJK font when they need one; without one, a
    warning, and English with the formats named by their ids."""
    messages = Messages(lang)
    title = messages.history("plot_title", deck=", ".join(sorted({Path(h.deck).name for h in histories})))
    rows, edge = bars(histories, today)
    font = None
    clean: Callable[[str], str] = str
    if any(needs_cjk(text) for text in [title, *(label for label, _spans in rows)]):
        font = find_cjk_font()
        if font is None:
            warn(messages.history("plot_no_font"))
            return plan_in_english(histories, today)
    return Plan(rows, edge, title, messages.history("plot_legal"), messages.history("plot_illegal"), font, clean)


def plan_in_english(histories: Sequence[DeckHistory], today: _dt.date) -> Plan:
    english = Messages("en")
    by_id = [history._replace(format_name=history.format) for history in histories]
    rows, edge = bars(by_id, today)
    title = english.history("plot_title", deck=", ".join(sorted({Path(h.deck).name for h in histories})))
    legal, illegal = english.history("plot_legal"), english.history("plot_illegal")
    return Plan(rows, edge, title, legal, illegal, None, _drawable)


def _stderr(line: str) -> None:
    sys.stderr.write(line + "\n")


def _drawable(text: str) -> str:
    return "".join("?" if needs_cjk(ch) else ch for ch in text)


def write_history_plot(
    histories: Sequence[DeckHistory],
    path: str,
    lang: str | None = "en",
    warn: Callable[[str], None] | None = None,
    today: _dt.date | None = None,
) -> None:
    """Draw the periods of every history to ``path`` (.png or .svg), atomically."""
    use_own_matplotlib_cache()
    import matplotlib  # optional and slow to import: only here, when a picture is drawn

    matplotlib.use("Agg")
    warnings.filterwarnings("ignore", message="Glyph .* missing", category=UserWarning)
    from matplotlib import dates, patches, pyplot  # the same boundary (pyplot after the back end)

    picture = plan(histories, lang, warn or _stderr, today or _dt.date.today())
    with pyplot.rc_context():
        if picture.font:
            matplotlib.rcParams["font.family"] = "sans-serif"
            matplotlib.rcParams["font.sans-serif"] = [picture.font, "DejaVu Sans"]
        figure, axes = pyplot.subplots(figsize=(11, 1.2 + 0.6 * len(picture.rows)))
        _draw(axes, picture, dates, patches)
        buffer = io.BytesIO()
        try:
            figure.savefig(buffer, format=Path(path).suffix.lower().lstrip("."), bbox_inches="tight", dpi=110)
        finally:
            pyplot.close(figure)
    write_atomic(path, buffer.getvalue(), what="plot")  # the one checked writer: never half a picture


def _draw(axes: Any, picture: Plan, dates: Any, patches: Any) -> None:
    """The bars, one row per history, with the years below and the legend outside."""
    for index, (_label, spans) in enumerate(picture.rows):
        for first, days, legal in spans:
            axes.broken_barh(
                [(dates.date2num(first), days)],
                (index - 0.35, 0.7),
                facecolors=LEGAL_COLOUR if legal else ILLEGAL_COLOUR,
                edgecolors="white",
                linewidth=0.8,
            )
    axes.set_yticks(range(len(picture.rows)))
    axes.set_yticklabels([picture.clean(label) for label, _spans in picture.rows])
    axes.invert_yaxis()
    axes.set_xlim(right=dates.date2num(picture.edge))
    axes.xaxis.set_major_locator(dates.YearLocator())
    axes.xaxis.set_major_formatter(dates.DateFormatter("%Y"))
    axes.grid(True, axis="x", alpha=0.3)
    axes.set_title(picture.clean(picture.title), fontsize="medium")
    legend = [
        patches.Patch(facecolor=LEGAL_COLOUR, label=picture.legal),
        patches.Patch(facecolor=ILLEGAL_COLOUR, label=picture.illegal),
    ]
    axes.legend(handles=legend, fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)

"""Drawing probability-by-turn curves with matplotlib (the optional ``plot`` extra)."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.files.text import replace_atomically

PLOT_SUFFIXES = (".png", ".svg")


def check_plot_path(path: str) -> None:
    """A usage error unless the picture can be written where asked (before any simulation runs)."""
    target = Path(path)
    if target.suffix.lower() not in PLOT_SUFFIXES:
        raise UsageError(f"--plot writes .png or .svg files, not {target.suffix or 'a file without suffix'}: {path}")
    from wixoss_deckcheck.files.text import check_output_path

    check_output_path(target, what="plot")  # a missing folder, a directory, a FIFO, a link
    use_own_matplotlib_cache()
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'wixoss-deckcheck[plot]'") from None


def use_own_matplotlib_cache() -> None:
    """Keep matplotlib's configuration and font cache in the tool's cache directory
    (``MPLCONFIGDIR``), not in the home directory; a user's own MPLCONFIGDIR wins."""
    from wixoss_deckcheck.files.dirs import user_cache_dir

    os.environ.setdefault("MPLCONFIGDIR", str(user_cache_dir() / "matplotlib"))


def curves(report: dict[str, Any]) -> list[tuple[str, list[int], list[float]]]:
    """(label, turns, probabilities) per group of the report; exact values where known."""
    if "query" in report:
        return []
    out = []
    for hit in report["hits"]:
        turns = [entry["turn"] for entry in hit["by_turn"]]
        values = [
            entry["probability_exact"] if entry["probability_exact"] is not None else entry["probability_simulated"]
            for entry in hit["by_turn"]
        ]
        out.append((hit.get("term") or hit["group"], turns, values))
    return out


def write_plot(report: dict[str, Any], path: str, hit_curve: tuple[str, list[int], list[float]] | None = None) -> None:
    """Draw P(at least k seen) by turn for every group (or the ``--hit`` curve) to ``path`` atomically."""
    import warnings

    use_own_matplotlib_cache()
    import matplotlib

    matplotlib.use("Agg")
    warnings.filterwarnings("ignore", message="Glyph .* missing", category=UserWarning)
    import matplotlib.pyplot as plt

    target = Path(path)
    lines = [hit_curve] if hit_curve else curves(report)
    figure, axes = plt.subplots(figsize=(9, 5.5))
    for label, turns, values in lines:
        axes.plot(turns, values, marker="o", label=label)
    axes.set_xlabel("turn (0 = opening hand after the mulligan)")
    axes.set_ylabel("probability")
    axes.set_ylim(0, 1)
    axes.grid(True, alpha=0.3)
    axes.set_title(
        f"{Path(str(report.get('deck', ''))).name}: P(at least k seen) by turn, "
        f"{report['player']} player, mulligan {report['mulligan']['name']}"
    )
    if len(lines) <= 20:
        axes.legend(fontsize="small", loc="lower right")
    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format=target.suffix.lower().lstrip("."))
    finally:
        plt.close(figure)
    try:  # the one atomic writer: never half a picture, the usual file mode
        replace_atomically(target, buffer.getvalue())
    except OSError as exc:
        raise InputError(f"cannot write plot: {exc.strerror or exc}", str(target)) from None

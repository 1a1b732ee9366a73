"""The matplotlib side of :mod:`.plot`: the installed CJK fonts and the picture itself.

Imported only by :mod:`.plot`, once it has pointed matplotlib's cache at the tool's own
(``MPLCONFIGDIR`` is read when matplotlib is first imported). Nothing is shown on screen:
the picture is drawn with the Agg back end and returned as bytes.
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Sequence

import matplotlib
import matplotlib.pyplot as plt
from matplotlib import font_manager
from matplotlib.ticker import MaxNLocator, PercentFormatter

matplotlib.use("Agg")  # pyplot picks its back end at the first figure: files only, never a window

_STYLES = ("-", "--", "-.", ":")
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: Words in a font family's name that say it has CJK glyphs.
_CJK_WORDS = ("CJK", "Gothic", "Hei", "Mincho", "Ming", "Song")
#: Words in a font file's name that say it may have CJK glyphs.
_CJK_FILE_HINTS = (
    "cjk", "wqy", "wenquanyi", "ipa", "noto", "droid", "han", "gothic", "hei", "ming", "song", "takao", "vl-",
)  # fmt: skip


def find_cjk_font(preferred: Sequence[str]) -> str | None:
    """The family name of an installed font with CJK glyphs (``preferred`` first), else None."""
    installed = {font.name for font in font_manager.fontManager.ttflist}
    if not any(name in installed for name in preferred):
        installed |= _add_new_system_fonts()
    for name in preferred:
        if name in installed:
            return name
    for name in sorted(installed):  # any other CJK family by its name
        if any(word in name for word in _CJK_WORDS):
            return name
    return None


def _add_new_system_fonts() -> set[str]:
    """Fonts installed after matplotlib's font cache was written (it never looks again by itself):
    the CJK-looking files of the system's fonts are added; their family names returned."""
    known = {font.fname for font in font_manager.fontManager.ttflist}
    added: set[str] = set()
    try:
        paths = font_manager.findSystemFonts()
    except Exception:  # pragma: no cover - a broken fontconfig: no CJK font then
        return added
    for path in paths:
        if path in known or not any(hint in os.path.basename(path).lower() for hint in _CJK_FILE_HINTS):
            continue
        try:
            font_manager.fontManager.addfont(path)
            added.add(font_manager.FontProperties(fname=path).get_name())
        except (OSError, RuntimeError, ValueError):
            continue
    return added


def draw(
    lines: list[tuple[str, list[int], list[float]]],
    words: tuple[str, str, str, list[str]],
    font: str | None,
    file_format: str,
) -> bytes:
    """The picture of the curves ``(label, turns, probabilities)`` with ``words`` (the title, the
    axes' labels, the notes under it) in ``font`` (None: matplotlib's), as ``file_format`` (png, svg)."""
    title, x_label, y_label, notes = words
    warnings.filterwarnings("ignore", message="Glyph .* missing", category=UserWarning)
    with plt.rc_context():  # the font is this picture's only
        if font:
            matplotlib.rcParams["font.family"] = "sans-serif"
            matplotlib.rcParams["font.sans-serif"] = [font, "DejaVu Sans"]
        figure, axes = plt.subplots(figsize=(11, 5.5))
        for index, (label, turns, values) in enumerate(lines):
            axes.plot(
                turns,
                values,
                color=f"C{index % 10}",
                linestyle=_STYLES[index % len(_STYLES)],
                marker=_MARKERS[index % len(_MARKERS)],
                linewidth=1.8,
                markersize=5,
                label=label,
            )
        axes.set_xlabel(x_label)
        axes.set_ylabel(y_label)
        axes.set_ylim(0, 1.02)
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.grid(True, alpha=0.3)
        axes.set_title(title, fontsize="medium", wrap=True)
        if lines:
            axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
        if notes:
            figure.text(0.01, -0.02, "\n".join(notes), fontsize="small", va="top")
        buffer = io.BytesIO()
        try:
            figure.savefig(buffer, format=file_format, bbox_inches="tight", dpi=110)
        finally:
            plt.close(figure)
    return buffer.getvalue()

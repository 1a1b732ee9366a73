"""Drawing cards for many games at once: one uniformly chosen card per game (row), moved
from a zone matrix to others (the numpy back end's only random step)."""

from __future__ import annotations

import numpy as np


def draw(
    source: np.ndarray,
    source_total: np.ndarray,
    targets: tuple,
    rng: np.random.Generator,
    rows: np.ndarray | None = None,
) -> None:
    """Move one uniformly chosen card of ``source`` to every ``targets`` matrix, per row.

    ``rows`` (indexes) limits the draw to those games; each must have a card left.
    """
    if rows is None:
        counts = source
        u = (rng.random(source.shape[0]) * source_total).astype(np.int32)
        index = np.arange(source.shape[0])
    else:
        if rows.size == 0:
            return
        counts = source[rows]
        u = (rng.random(rows.size) * source_total[rows]).astype(np.int32)
        index = rows
    cumulative = np.cumsum(counts, axis=1, dtype=np.int32)
    kind = np.argmax(cumulative > u[:, None], axis=1)
    source[index, kind] -= 1
    source_total[index] -= 1
    for target in targets:
        target[index, kind] += 1


def draw_columns(
    source: np.ndarray,
    source_total: np.ndarray,
    targets: tuple,
    rng: np.random.Generator,
    columns: np.ndarray | None = None,
) -> None:
    """:func:`draw` for a cards × games layout, used by the setup.

    The cumulative count is summed card by card over contiguous rows, and the drawn
    card of each game is the first card whose running sum passes the random number;
    this avoids fancy indexing and is several times faster than :func:`draw`.
    """
    if columns is not None:
        if columns.size == 0:
            return
        sub_source = source[:, columns]
        sub_total = source_total[columns]
        sub_targets = tuple(target[:, columns] for target in targets)
        draw_columns(sub_source, sub_total, sub_targets, rng)
        source[:, columns] = sub_source
        source_total[columns] = sub_total
        for target, sub in zip(targets, sub_targets, strict=False):
            target[:, columns] = sub
        return
    width = source.shape[1]
    u = (rng.random(width) * source_total).astype(np.int16)
    running = np.zeros(width, dtype=np.int16)
    before = np.ones(width, dtype=bool)  # running sum of the cards before this one <= u
    for kind in range(source.shape[0] - 1):
        running += source[kind]
        passed = running <= u
        drawn = before & ~passed
        source[kind] -= drawn
        for target in targets:
            target[kind] += drawn
        before = passed
    source[-1] -= before
    for target in targets:
        target[-1] += before
    source_total -= 1

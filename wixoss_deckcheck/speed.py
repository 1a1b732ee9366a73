"""Measured speed measures, behind names (each is timed in ``bench/``).

Pausing the garbage collector: building the pool's indexes and collecting an audit's
results make many objects and no reference cycles, so a collection meanwhile would only
rescan them again and again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def garbage_collection_paused(freeze: bool = False) -> Iterator[None]:
    """Run the block with the collector off (and, with ``freeze``, everything made before
    it moved out of the collector's sight); the collector is restored as it was."""
    if freeze:
        gc.freeze()
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
        if freeze:
            gc.unfreeze()

"""Writing output files safely: to a temporary file beside the target, then renamed.

A failed run never leaves a half-written ``-o`` file, and an earlier file stays intact.
"""

from __future__ import annotations

import os
from pathlib import Path

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.textfiles import replace_atomically


def write_atomic(path: str | os.PathLike, text: str) -> None:
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise InputError("output directory does not exist", str(target))
    if target.is_dir():
        raise InputError("output path is a directory", str(target))
    try:
        replace_atomically(target, text.encode("utf-8"))
    except OSError as exc:
        raise InputError(f"cannot write output: {exc.strerror or exc}", str(target)) from None

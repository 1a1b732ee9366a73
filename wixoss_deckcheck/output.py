"""Writing output files safely: to a temporary file beside the target, then renamed.

A failed run never leaves a half-written ``-o`` file, and an earlier file stays intact.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from wixoss_deckcheck.errors import InputError


def write_atomic(path: str | os.PathLike, text: str) -> None:
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise InputError("output directory does not exist", str(target))
    if target.is_dir():
        raise InputError("output path is a directory", str(target))
    temp_name = None
    try:
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(directory))
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp_name, 0o666 & ~umask)
        os.replace(temp_name, target)
        temp_name = None
    except OSError as exc:
        raise InputError(f"cannot write output: {exc.strerror or exc}", str(target)) from None
    finally:
        if temp_name is not None:
            try:
                os.unlink(temp_name)
            except OSError:
                pass

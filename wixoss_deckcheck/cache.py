"""Small on-disk caches in the user cache directory, each tied to its source file.

A cache entry remembers the source file's size and modification time (and the
tool's version); when any of them changes the entry is ignored and rebuilt. Cache
files are written atomically; a cache that cannot be read or written is simply
not used, never an error.
"""

from __future__ import annotations

import gc
import os
import marshal
import pickle
import zlib
import tempfile
from pathlib import Path
from typing import Any

from wixoss_deckcheck import __version__
from wixoss_deckcheck.userdirs import user_cache_dir


def _stamp(source: Path) -> tuple:
    info = source.stat()
    return (__version__, info.st_size, info.st_mtime_ns)


def _cache_path(kind: str, source: Path, suffix: str = ".pickle") -> Path:
    resolved = str(source.resolve())
    digest = f"{zlib.crc32(resolved.encode('utf-8')):08x}{zlib.adler32(resolved.encode('utf-8')):08x}"
    return user_cache_dir() / f"{kind}-{source.stem[:24]}-{digest}{suffix}"


def load_cached(kind: str, source: Path) -> Any | None:
    """Return the cached value for ``source``, or None when absent or stale."""
    try:
        stamp = _stamp(source)
        with open(_cache_path(kind, source), "rb") as handle:
            data = handle.read()
        collecting = gc.isenabled()
        gc.disable()  # unpickling builds many objects and no cycles: collecting meanwhile only costs time
        try:
            saved_stamp, value = pickle.loads(data)
        finally:
            if collecting:
                gc.enable()
    except Exception:  # any unreadable, stale or foreign cache is just not used
        return None
    return value if saved_stamp == stamp else None


def load_marshalled(kind: str, source: Path) -> Any | None:
    """Like :func:`load_cached`, for values of plain types stored with :mod:`marshal` (faster)."""
    try:
        stamp = _stamp(source)
        with open(_cache_path(kind, source, ".marshal"), "rb") as handle:
            saved_stamp, value = marshal.loads(handle.read())
    except Exception:  # any unreadable, stale or foreign cache is just not used
        return None
    return value if tuple(saved_stamp) == stamp else None


def store_marshalled(kind: str, source: Path, value: Any) -> None:
    """Store a value of plain types (tuples, lists, dicts, str, int, bytes) for ``source``."""
    _store(kind, source, ".marshal", lambda out: out.write(marshal.dumps((_stamp(source), value))))


def store_cached(kind: str, source: Path, value: Any) -> None:
    """Store ``value`` for ``source``; failures are ignored (the cache is optional)."""
    _store(kind, source, ".pickle",
           lambda out: pickle.dump((_stamp(source), value), out, protocol=pickle.HIGHEST_PROTOCOL))


def _store(kind: str, source: Path, suffix: str, write) -> None:
    """Write a cache file atomically (temporary file, then rename); never raise."""
    temp_name = None
    try:
        target = _cache_path(kind, source, suffix)
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(prefix=f".{kind}-", suffix=".tmp", dir=str(target.parent))
        with os.fdopen(handle, "wb") as out:
            write(out)
        os.replace(temp_name, target)
        temp_name = None
    except Exception:
        pass
    finally:
        if temp_name is not None:
            try:
                os.unlink(temp_name)
            except OSError:
                pass

"""Small on-disk caches in the user cache directory, each tied to its source file.

A cache entry remembers the source file's size and modification time, the tool's
version, the cache layout and what else it was made with (a schema's stamp); when any
of them changes the entry is ignored and rebuilt. Values
are plain data (dicts, lists, tuples, strings, numbers, bytes) stored with
:mod:`marshal`, which reads back faster than anything else in the standard library.
Cache files are written atomically; a cache that cannot be read or written is simply
not used, never an error.
"""

from __future__ import annotations

import marshal
import zlib
from pathlib import Path
from typing import Any

from wixoss_deckcheck import __version__
from wixoss_deckcheck.files.dirs import user_cache_dir
from wixoss_deckcheck.files.text import replace_atomically

#: The layout of every cache file; a file of another layout is never decoded.
LAYOUT = 5


def _stamp(source: Path, depends: str) -> tuple:
    info = source.stat()
    return (LAYOUT, __version__, info.st_size, info.st_mtime_ns, depends)


def _cache_path(kind: str, source: Path) -> Path:
    resolved = str(source.resolve()).encode("utf-8")
    digest = f"{zlib.crc32(resolved):08x}{zlib.adler32(resolved):08x}"
    return user_cache_dir() / f"{kind}-{source.stem[:24]}-{digest}.marshal"


def load_marshalled(kind: str, source: Path, depends: str = "") -> Any | None:
    """The cached value for ``source``, or None when absent, stale or unreadable.

    ``depends`` names what else the value was made with (a schema's stamp): a value
    made with another is stale too.
    """
    try:
        stamp = _stamp(source, depends)
        with open(_cache_path(kind, source), "rb") as handle:
            saved_stamp, value = marshal.loads(handle.read())
    except Exception:  # any unreadable, stale or foreign cache is just not used
        return None
    return value if tuple(saved_stamp) == stamp else None


def discard_marshalled(kind: str, source: Path) -> None:
    """Remove the cache entry of ``kind`` for ``source``, if any (a layout no longer read)."""
    try:
        _cache_path(kind, source).unlink(missing_ok=True)
    except OSError:
        pass


def store_marshalled(kind: str, source: Path, value: Any, depends: str = "") -> None:
    """Store a value of plain types for ``source``; failures are ignored (the cache is optional)."""
    try:
        payload = marshal.dumps((_stamp(source, depends), value))
        target = _cache_path(kind, source)
        target.parent.mkdir(parents=True, exist_ok=True)
        replace_atomically(target, payload, private=True)
    except Exception:
        pass

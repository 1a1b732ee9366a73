"""Small on-disk caches in the user cache directory, each tied to its source file.

A cache entry remembers the source file's size and modification time, the tool's
version, the cache layout and what else it was made with (a schema's stamp); when any
of them changes the entry is ignored and rebuilt. Values
are plain data (dicts, lists, tuples, strings, numbers, bytes) stored with
:mod:`marshal`, which reads back faster than anything else in the standard library.
Each file carries a CRC-32 of its content, checked before it is decoded: a file damaged
on disk (bit flips, a truncated copy, another program's file) is discarded and rebuilt.
Cache files are written atomically; only regular files are read (a FIFO or a device in
place of a cache file is never opened for long); a cache that cannot be read or written
is simply not used, never an error.
"""

from __future__ import annotations

import contextlib
import marshal
import re
import zlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck import __version__
from wixoss_deckcheck.files.dirs import user_cache_dir
from wixoss_deckcheck.files.fastschema import UnsupportedSchema, compile_schema
from wixoss_deckcheck.files.text import MAX_YAML_BYTES, read_regular_file, read_text_file, replace_atomically

#: The layout of every cache file; a file of another layout is never decoded.
LAYOUT = 6
#: Every cache file starts with this, then the CRC-32 of the rest (4 bytes, big-endian).
_MAGIC = b"WDCk"
#: The largest cache file read (the full pool's is about 2 MB).
MAX_CACHE_BYTES = 512_000_000


def file_stamp(path: Path) -> str:
    """What a cache made with a file (a schema) must change with: its size and time."""
    info = Path(path).stat()
    return f"{info.st_size}:{info.st_mtime_ns}"


def _stamp(source: Path, depends: str) -> tuple[Any, ...]:
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
        path = _cache_path(kind, source)
        data = read_regular_file(path, "cache file", MAX_CACHE_BYTES)
        if data[:4] != _MAGIC or int.from_bytes(data[4:8], "big") != zlib.crc32(memoryview(data)[8:]):
            path.unlink(missing_ok=True)  # damaged or foreign: rebuilt by the caller
            return None
        saved_stamp, value = marshal.loads(memoryview(data)[8:])
    except Exception:  # any unreadable, stale or foreign cache is just not used
        return None
    return value if tuple(saved_stamp) == stamp else None


def discard_marshalled(kind: str, source: Path) -> None:
    """Remove the cache entry of ``kind`` for ``source``, if any (a layout no longer read)."""
    with contextlib.suppress(OSError):
        _cache_path(kind, source).unlink(missing_ok=True)


def store_marshalled(kind: str, source: Path, value: Any, depends: str = "") -> None:
    """Store a value of plain types for ``source``; failures are ignored (the cache is optional)."""
    try:
        body = marshal.dumps((_stamp(source, depends), value))
        payload = _MAGIC + zlib.crc32(body).to_bytes(4, "big") + body
        target = _cache_path(kind, source)
        target.parent.mkdir(parents=True, exist_ok=True)
        replace_atomically(target, payload, private=True)
    except Exception:
        pass


def _cached_ok(value: Any, schema_path: Path | None, valid: Callable[[Any], bool] | None) -> bool:
    """Whether a cached value still has its shape: its schema's (checked fast), and what
    ``valid`` asks. A value whose checksum is right but whose content is not (written by
    hand, by another version) is a cache miss, never a traceback later."""
    if valid is not None and not valid(value):
        return False
    if schema_path is None:
        return True
    return _schema_check(schema_path)(value)


@lru_cache(maxsize=8)
def _schema_check(schema_path: Path) -> Callable[[Any], bool]:
    """The compiled check of the schema at ``schema_path``, the schema itself from the cache
    (a cache hit reads no JSON); on a miss, :func:`~wixoss_deckcheck.files.schema.fast_check`."""
    schema = load_marshalled("schema", schema_path)
    if isinstance(schema, dict):
        try:
            return compile_schema(schema)
        except (UnsupportedSchema, TypeError, KeyError, ValueError, AttributeError, IndexError, re.error):
            pass  # a schema the fast check does not know, or a cached one whose values are wrong
    from wixoss_deckcheck.files import schema as schemas  # a miss: the schema's JSON, or jsonschema

    store_marshalled("schema", schema_path, schemas.load_schema(schema_path))
    return schemas.fast_check(schema_path)


def load_cached_yaml(
    kind: str, path: Path, what: str, schema_path: Path | None = None, build: Callable[[Any], Any] | None = None,
    valid: Callable[[Any], bool] | None = None,
) -> Any:
    """The plain data of one of the tool's own YAML files (a message catalogue, the release
    calendar): from the cache while the file (and its schema) are unchanged; else read
    (at most :data:`~wixoss_deckcheck.files.text.MAX_YAML_BYTES`), validated against the
    schema at ``schema_path`` when given, made into what the caller keeps by ``build``,
    and cached (as entries of ``kind``). A problem is an InputError naming the file and line."""
    depends = file_stamp(schema_path) if schema_path is not None else ""
    cached = load_marshalled(kind, path, depends)
    if cached is not None and _cached_ok(cached, schema_path if build is None else None, valid):
        return cached
    from wixoss_deckcheck.files import schema, yamllines  # the slow path: YAML and a schema

    text = read_text_file(path, what, MAX_YAML_BYTES)
    data = yamllines.load_plain(text, str(path))
    if schema_path is not None:
        schema.validate(data, schema.load_schema(schema_path), str(path), yamllines.LineFinder(text))
        _schema_check(schema_path)  # the schema cached too: the next hit reads no JSON
    if build is not None:
        data = build(data)
    store_marshalled(kind, path, data, depends)
    return data

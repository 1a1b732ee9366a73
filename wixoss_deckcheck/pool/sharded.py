"""A read-only mapping kept as marshalled shards, each decoded the first time a key in it
is asked for.

The card pool's indexes hold thousands of keys (every card number, every name in every
language), but a single ``check`` looks up a few dozen. Decoding a whole index costs
several milliseconds; decoding the one shard a key lives in costs a few microseconds.
A key's shard is fixed by its CRC-32, so the shards written by one run are found by the
next.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from typing import Any
from zlib import crc32

from wixoss_deckcheck.errors import InputError

#: Shards per index: enough that one shard decodes in microseconds, few enough that the
#: cached pool stays one small file.
SHARDS = 64


def shard_of(key: str, shards: int = SHARDS) -> int:
    """The shard a key belongs to (the same in every process and on every machine)."""
    return crc32(key.encode("utf-8", "surrogatepass")) % shards


def decode_blob(blob: bytes, kind: type) -> Any:
    """One marshalled blob of the pool cache, which must hold a ``kind``. The cache file's
    checksum was verified when it was read, so this fails only if the file was changed
    on disk meanwhile: an InputError then, never a traceback."""
    try:
        value = marshal.loads(blob)
    except (ValueError, EOFError, TypeError):
        value = None
    if value.__class__ is not kind:
        raise InputError("the card pool cache changed on disk while it was in use; run the command again")
    return value


def cache_shape_ok(indexes: Any) -> bool:
    """Whether a cache's indexes have the shape :class:`ShardedIndex` reads (blobs, size)."""
    return indexes.__class__ is list and all(
        item.__class__ in (tuple, list) and len(item) == 2 and item[0].__class__ is list and item[0]
        and all(blob.__class__ is bytes for blob in item[0]) and item[1].__class__ is int
        for item in indexes
    )


class ShardedIndex:
    """A read-only ``dict`` of str keys, stored as :data:`SHARDS` marshalled blobs.

    Supports what the pool needs of its indexes: ``get``, ``in``, ``[]``, ``len`` and
    iteration over ``items()`` and keys (which decode every shard).
    """

    __slots__ = ("_blobs", "_shards", "_size")

    def __init__(self, blobs: list[bytes], size: int):
        self._blobs = blobs
        self._shards: list[dict | None] = [None] * len(blobs)
        self._size = size

    @staticmethod
    def encode(mapping: dict[str, Any]) -> tuple[list[bytes], int]:
        """The cache form of a mapping: (one marshalled blob per shard, number of keys)."""
        parts: list[dict] = [{} for _ in range(SHARDS)]
        for key, value in mapping.items():
            parts[shard_of(key)][key] = value
        return [marshal.dumps(part) for part in parts], len(mapping)

    def cache_form(self) -> tuple[list[bytes], int]:
        return self._blobs, self._size

    def _shard(self, index: int) -> dict:
        shard = self._shards[index]
        if shard is None:
            shard = self._shards[index] = decode_blob(self._blobs[index], dict)
        return shard

    def get(self, key: str, default: Any = None) -> Any:
        return self._shard(shard_of(key, len(self._blobs))).get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self._shard(shard_of(key, len(self._blobs)))[key]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self._shard(shard_of(key, len(self._blobs)))

    def __len__(self) -> int:
        return self._size

    def items(self) -> Iterator[tuple[str, Any]]:
        for index in range(len(self._blobs)):
            yield from self._shard(index).items()

    def __iter__(self) -> Iterator[str]:
        for key, _value in self.items():
            yield key

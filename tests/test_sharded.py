"""The pool's sharded indexes: a lookup decodes one shard, and the whole behaves as a dict."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.pool.cardpool import CardPool, PoolLocation
from wixoss_deckcheck.pool.sharded import SHARDS, ShardedIndex, shard_of


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(st.text(max_size=8), st.integers() | st.lists(st.integers(), max_size=3), max_size=60),
    st.text(max_size=8),
)
def test_a_sharded_index_answers_as_the_dict_it_was_made_from(mapping, other):
    index = ShardedIndex(*ShardedIndex.encode(mapping))
    assert len(index) == len(mapping)
    for key, value in mapping.items():
        assert index.get(key) == value and index[key] == value and key in index
    assert index.get(other, "absent") == mapping.get(other, "absent")
    assert (other in index) == (other in mapping)
    assert dict(index.items()) == mapping and sorted(index) == sorted(mapping)


def test_shards_are_fixed_by_the_key_alone():
    assert shard_of("WXDI-D01-001") == shard_of("WXDI-D01-001") < SHARDS
    assert len({shard_of(f"WXDI-P{n:02d}-001") for n in range(1, 40)}) > 10  # keys spread over the shards


def test_a_cached_pool_decodes_only_the_shards_its_lookups_touch(full_pool_path):
    CardPool.load(PoolLocation(full_pool_path, "option"))  # writes the cache
    pool = CardPool.load(PoolLocation(full_pool_path, "option"))
    numbers = pool._indexes[0]
    assert isinstance(numbers, ShardedIndex)
    assert pool.by_number("WXDi-D01-001").number == "WXDi-D01-001"
    assert sum(shard is not None for shard in numbers._shards) == 1
    assert pool.number_count == len(numbers) > 5000  # counted without decoding
    assert sum(shard is not None for shard in numbers._shards) == 1


def test_building_the_sharded_cache_removes_the_older_cache_file(tmp_path):
    from wixoss_deckcheck.files.cache import _cache_path
    from wixoss_deckcheck.files.resources import sample_pool_path

    source = tmp_path / "pool.json"
    source.write_bytes(sample_pool_path().read_bytes())
    older = ("pool", "pool-sharded", "pool-sharded-2", "pool-sharded-3", "pool-sharded-4")  # the layouts before
    olds = [_cache_path(kind, source) for kind in older]
    for old in olds:
        old.parent.mkdir(parents=True, exist_ok=True)
        old.write_bytes(b"an older layout")
    pool = CardPool.load(PoolLocation(source, "option"))
    assert len(pool) > 10
    assert not any(old.exists() for old in olds) and _cache_path("pool-sharded-5", source).exists()

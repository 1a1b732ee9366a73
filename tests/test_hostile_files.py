"""Special files, corrupted card pools and damaged caches: a FIFO, /dev/zero or
/dev/urandom in place of any input is refused at once; a pool of the wrong shape names
the card; a damaged cache is discarded and rebuilt."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import EXAMPLES
from hostile import assert_one_error, run_cli

DECK = EXAMPLES / "diva-illegal.txt"
SAMPLE_POOL = Path(__file__).resolve().parent.parent / "cardpool" / "sample-pool.json"


@pytest.fixture
def fifo(tmp_path):
    """A FIFO nobody writes to: opening it for reading the usual way waits forever."""
    path = tmp_path / "fifo.yaml"
    os.mkfifo(path)
    return path


SPECIAL = ["fifo", "/dev/zero", "/dev/urandom"]


def special(name: str, fifo: Path) -> Path:
    return fifo if name == "fifo" else Path(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", SPECIAL)
@pytest.mark.parametrize("option", ["deck", "--format-file", "--config", "--cardpool"])
def test_special_files_are_refused_at_once(fifo, name, option):
    path = special(name, fifo)
    args = ["check", "--no-config", path] if option == "deck" else ["check", option, path, DECK]
    if option == "--config":
        args = ["check", "--config", path, DECK]
    assert_one_error(run_cli(*args), "regular file" if option != "deck" or name == "fifo" else "")


@pytest.mark.parametrize("name", SPECIAL)
def test_special_sources_file(tmp_path, fifo, name):
    env = {"WIXOSS_DECKCHECK_DATA_DIR": str(tmp_path / "data")}
    assert_one_error(run_cli("cardpool", "update", "--sources-file", special(name, fifo), env=env), "regular file")


def test_a_fifo_in_place_of_a_cache_file_is_not_waited_for(tmp_path):
    cache = tmp_path / "cache"
    env = {"WIXOSS_DECKCHECK_CACHE_DIR": str(cache)}
    first = run_cli("check", "--no-config", "--cardpool", SAMPLE_POOL, DECK, env=env)
    for entry in cache.iterdir():
        entry.unlink()
        os.mkfifo(entry)
    again = run_cli("check", "--no-config", "--cardpool", SAMPLE_POOL, DECK, env=env)
    assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr)


def pool_with(tmp_path, edit) -> Path:
    document = json.loads(SAMPLE_POOL.read_text(encoding="utf-8"))
    edit(document["cards"])
    target = tmp_path / "pool.json"
    target.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return target


def _set(index, key, value):
    def edit(cards):
        cards[index][key] = value
    return edit


WRONG_SHAPES = {
    "card-is-a-string": lambda cards: cards.__setitem__(3, "WXDi-D01-001"),
    "names-not-a-mapping": _set(3, "names", ["x"]),
    "number-not-text": _set(3, "number", 12),
    "level-text": _set(3, "level", "3"),
    "colors-text": _set(3, "colors", "red"),
    "no-name": lambda cards: cards[3].pop("name"),
    "cost-of-text": _set(3, "grow_cost", "red"),
}


@pytest.mark.parametrize("case", sorted(WRONG_SHAPES))
def test_a_pool_of_the_wrong_shape_names_the_card(tmp_path, case):
    pool = pool_with(tmp_path, WRONG_SHAPES[case])
    assert_one_error(run_cli("check", "--no-config", "--cardpool", pool, DECK), "/cards/3")


@pytest.mark.parametrize("text", [
    '{"schema": "wixoss-deckcheck-cardpool/1", "cards": [{"number": "A", "name": "A", "type": "SIGNI", "level": NaN}]}',
    '{"schema": "wixoss-deckcheck-cardpool/1", "cards": [{"number": "A", "name": "A", "type": "SIGNI", "level": '
    + "9" * 5000 + "}]}",
    '{"schema": "wixoss-deckcheck-cardpool/1", "cards": ' + "[" * 100_000 + "]" * 100_000 + "}",
    '{"schema": "wixoss-deckcheck-cardpool/1", "cards": {"a": 1}}',
])
def test_a_pool_that_breaks_json_readers(tmp_path, text):
    pool = tmp_path / "pool.json"
    pool.write_text(text, encoding="utf-8")
    assert_one_error(run_cli("check", "--no-config", "--cardpool", pool, DECK), "pool.json")


def flip_bits(path: Path, every: int) -> None:
    data = bytearray(path.read_bytes())
    for index in range(8, len(data), every):
        data[index] ^= 0x5A
    path.write_bytes(bytes(data))


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["flip-one", "flip-many", "truncate", "foreign", "empty"])
def test_a_damaged_cache_is_discarded_and_rebuilt(tmp_path, damage):
    cache = tmp_path / "cache"
    env = {"WIXOSS_DECKCHECK_CACHE_DIR": str(cache)}
    first = run_cli("check", "--no-config", "--cardpool", SAMPLE_POOL, "-O", "json", DECK, env=env)
    for entry in cache.iterdir():
        if damage == "flip-one":
            flip_bits(entry, len(entry.read_bytes()) // 2 or 1)
        elif damage == "flip-many":
            flip_bits(entry, 97)
        elif damage == "truncate":
            entry.write_bytes(entry.read_bytes()[: len(entry.read_bytes()) // 2])
        elif damage == "foreign":  # a cache file of another layout, its checksum intact
            import marshal
            import zlib

            body = marshal.dumps(((2, "0.1.0", 1, 1, ""), {"shards": [b"\x00" * 9]}))
            from wixoss_deckcheck.files.cache import _MAGIC

            entry.write_bytes(_MAGIC + zlib.crc32(body).to_bytes(4, "big") + body)
        else:
            entry.write_bytes(b"")
    again = run_cli("check", "--no-config", "--cardpool", SAMPLE_POOL, "-O", "json", DECK, env=env)
    assert (again.returncode, again.stderr) == (first.returncode, first.stderr), again.stderr[-2000:]
    assert json.loads(again.stdout)["decks"] == json.loads(first.stdout)["decks"]


def test_a_shard_that_no_longer_decodes_is_an_error_not_a_traceback():
    from wixoss_deckcheck.errors import InputError
    from wixoss_deckcheck.pool.sharded import ShardedIndex

    blobs, size = ShardedIndex.encode({"a": 1, "b": 2})
    index = ShardedIndex([b"\xff garbage"] * len(blobs), size)
    with pytest.raises(InputError, match="run the command again"):
        index.get("a")


def test_the_table_cache_stamp_does_not_follow_reference_counts():
    """marshal's bytes change when an object gains references (another import, a
    profiler): a stamp made with it changed from run to run and the table cache missed."""
    from wixoss_deckcheck.tables import loading, schema

    first = loading.schema_stamp()
    loading.schema_stamp.cache_clear()
    more_references = [info.params for info in schema.table_rules()] * 3
    assert loading.schema_stamp() == first, more_references[:0]


@pytest.mark.slow
@pytest.mark.parametrize("case", ["fifo", "/dev/zero", "huge-number", "deep", "alias"])
def test_hostile_game_records_for_replay(tmp_path, fifo, case):
    record = {"fifo": fifo, "/dev/zero": Path("/dev/zero")}.get(case)
    if record is None:
        record = tmp_path / ("record.yaml" if case == "alias" else "record.jsonl")
        record.write_text({"huge-number": '{"game": ' + "9" * 5000 + "}\n",
                           "deep": "[" * 100_000 + "]" * 100_000 + "\n",
                           "alias": "- &a [*a]\n"}[case], encoding="utf-8")
    assert_one_error(run_cli("replay", record))

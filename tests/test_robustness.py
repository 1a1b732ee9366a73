"""Hostile and unusual inputs: encodings, binary and huge files, directories, long decks, stray writes;
and the installed console script end to end."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DECKS, EXAMPLES, ROOT

from wixoss_deckcheck.cli import cli

LEGAL = DECKS / "text" / "rx-wxdi-d01.txt"
ILLEGAL = EXAMPLES / "diva-illegal.txt"


def run(*args, env=None):
    return CliRunner().invoke(cli, ["--help"] if not args else list(args), env=env, catch_exceptions=False)


def japanese_deck(full_pool) -> str:
    """The WXDi-D01 starter with Japanese headings, full-width counts and one card by its Japanese name."""
    name = full_pool.by_number("WXDi-D01-012").name
    main = [f"４ {name}"] + [f"4 WXDi-D01-0{n}" for n in range(13, 22)]
    lrig = [f"WXDi-D01-{n:03d}" for n in range(1, 12)]
    return (
        "# 構築済みデッキ（日本語）\n# format: diva\nメインデッキ\n"
        + "\n".join(main)
        + "\nルリグデッキ\n"
        + "\n".join(lrig)
        + "\n"
    )


@pytest.mark.parametrize(
    "encoding, bom",
    [
        ("shift_jis", b""),
        ("cp932", b""),
        ("utf-16", b""),
        ("utf-16-le", b""),
        ("utf-16-be", b""),
        ("utf-8", b"\xef\xbb\xbf"),
        ("utf-8", b""),
    ],
)
def test_japanese_decklists_in_every_common_encoding(tmp_path, full_pool, full_pool_path, encoding, bom):
    deck = tmp_path / f"deck-{encoding}.txt"
    deck.write_bytes(bom + japanese_deck(full_pool).encode(encoding))
    result = run(
        "check", "--no-config", str(deck), "--cardpool", str(full_pool_path), "-O", "json", "--as-of", "2026-11-30"
    )
    data = json.loads(result.stdout)
    assert result.exit_code == 0, data["decks"][0]
    assert data["decks"][0]["counts"]["main"] == 40 and data["decks"][0]["counts"]["lrig"] == 11


def test_explicit_encoding_option(tmp_path, full_pool, full_pool_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(japanese_deck(full_pool).encode("euc_jp"))  # not detected: needs --encoding
    detected = run("check", "--no-config", str(deck), "--cardpool", str(full_pool_path))
    assert detected.exit_code == 2
    given = run(
        "check",
        "--no-config",
        str(deck),
        "--cardpool",
        str(full_pool_path),
        "--encoding",
        "euc_jp",
        "--as-of",
        "2026-11-30",
    )
    assert given.exit_code == 0, given.output
    unknown = run("check", "--no-config", str(deck), "--encoding", "klingon")
    assert unknown.exit_code == 2 and "unknown encoding 'klingon'" in unknown.stderr


def _one_error_line(result, path: Path) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}"), result.stderr
    return lines[0]


def test_binary_file_is_refused(tmp_path):
    binary = tmp_path / "deck.txt"
    binary.write_bytes(bytes(range(256)) * 100)
    assert "binary file, not a decklist" in _one_error_line(run("check", "--no-config", str(binary)), binary)


def test_100_mb_file_is_refused_without_reading_it(tmp_path):
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as handle:  # sparse: 100 MB on paper, nothing on disk
        handle.truncate(100 * 1024 * 1024)
    line = _one_error_line(run("check", "--no-config", str(huge)), huge)
    assert "104,857,600 bytes; a decklist is at most" in line


def test_a_file_is_read_whole_over_several_reads_and_refused_just_over_the_limit(tmp_path):
    from wixoss_deckcheck.decklist.reading import _READ_SIZE, MAX_DECK_BYTES, read_deck_bytes
    from wixoss_deckcheck.errors import InputError

    data = bytes(range(256)) * (MAX_DECK_BYTES // 256) + b"x" * (MAX_DECK_BYTES % 256)
    assert len(data) == MAX_DECK_BYTES > 3 * _READ_SIZE
    (tmp_path / "limit.txt").write_bytes(data)
    assert read_deck_bytes(tmp_path / "limit.txt") == data
    (tmp_path / "over.txt").write_bytes(data + b"y")
    with pytest.raises(InputError, match="1,000,001 bytes"):
        read_deck_bytes(tmp_path / "over.txt")


def test_directory_named_like_a_deck(tmp_path):
    folder = tmp_path / "deck.txt"
    folder.mkdir()
    assert "is a directory" in _one_error_line(run("check", "--no-config", str(folder)), folder)
    # audit searches it like any folder, and finds no decks in it
    (folder / "inner.yaml").mkdir()
    result = run("audit", "--no-config", str(folder))
    assert result.exit_code == 2 and "no decklists found" in result.output


def test_ten_thousand_line_deck_is_refused_with_a_clear_message(tmp_path):
    deck = tmp_path / "long.txt"
    deck.write_text("[main]\n" + "1 WXDi-D01-012\n" * 10_000, encoding="utf-8")
    assert "10,001 lines; a decklist has at most" in _one_error_line(run("check", "--no-config", str(deck)), deck)


def test_runs_write_nothing_but_the_output_file(tmp_path, full_pool_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(ILLEGAL, work / "illegal.txt")
    (work / "junk.cod").write_bytes(b"\x00\xff")
    data_dir, cache_dir = tmp_path / "data", tmp_path / "cache"
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("WIXOSS_DECKCHECK_DATA_DIR", str(data_dir))
    monkeypatch.setenv("WIXOSS_DECKCHECK_CACHE_DIR", str(cache_dir))

    def snapshot() -> dict:
        return {
            str(p.relative_to(tmp_path)): p.stat().st_mtime_ns
            for p in tmp_path.rglob("*")
            if p.is_file() and not p.is_relative_to(cache_dir) and not p.is_relative_to(data_dir)
        }

    before = snapshot()
    runner = CliRunner()
    runner.invoke(cli, ["check", "--no-config", "illegal.txt", "--cardpool", str(full_pool_path)])
    runner.invoke(
        cli, ["audit", "--no-config", ".", "--cardpool", str(full_pool_path), "-O", "sarif", "-o", "out.sarif"]
    )
    runner.invoke(cli, ["audit", "--no-config", ".", "--cardpool", str(full_pool_path), "-O", "json"])
    after = snapshot()
    assert set(after) - set(before) == {"work/out.sarif"}
    assert {k: v for k, v in after.items() if k in before} == before
    assert not (tmp_path / "home").exists()


# -- the installed console script ---------------------------------------------------------


def _script() -> list[str]:
    """The installed console script when it is on PATH, else ``python -m wixoss_deckcheck``."""
    found = shutil.which("wixoss-deckcheck")
    return [found] if found else [sys.executable, "-m", "wixoss_deckcheck"]


def _script_env(tmp_path: Path) -> dict:
    env = dict(os.environ)
    env.pop("GITHUB_ACTIONS", None)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def test_console_script_audit_end_to_end(tmp_path, full_pool_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(LEGAL, folder / "legal.txt")
    shutil.copy(ILLEGAL, folder / "illegal.txt")
    (folder / "garbage.yaml").write_bytes(b"\x00\x01garbage")
    command = _script() + [
        "audit",
        "--no-config",
        str(folder),
        "--cardpool",
        str(full_pool_path),
        "-j",
        "2",
        "-O",
        "github",
    ]
    done = subprocess.run(
        command,
        env=_script_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert f"::error file={folder / 'illegal.txt'},line=12,title=WX102::" in done.stdout
    assert "audited 3 decks: 1 legal, 1 illegal, 1 unreadable" in done.stderr
    assert "Traceback" not in done.stderr and "\x1b[" not in done.stderr  # no progress bar off a terminal


@pytest.mark.slow
def test_console_script_check_reads_stdin_list_and_reports_bad_input(tmp_path, full_pool_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"main": [{"card": 5}]}', encoding="utf-8")
    command = _script() + ["audit", "--no-config", "-", "--cardpool", str(full_pool_path), "-O", "json"]
    done = subprocess.run(
        command,
        env=_script_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        input=f"{LEGAL}\n{bad}\n",
        cwd=tmp_path,
    )
    assert done.returncode == 2
    data = json.loads(done.stdout)
    assert data["summary"]["legal"] == 1 and data["summary"]["unreadable"] == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and errors[0].startswith(f"error: {bad}:1: ")
    single = subprocess.run(
        _script() + ["check", "--no-config", str(bad)],
        env=_script_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert single.returncode == 2 and "Traceback" not in single.stderr

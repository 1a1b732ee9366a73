"""What the tool prints and writes, under hostile file names and targets: no report lets
a file name inject a terminal escape or a GitHub workflow command, and ``-o`` never
replaces what is not a regular file nor overwrites an input."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import EXAMPLES
from hostile import run_cli

DECK = EXAMPLES / "diva-illegal.txt"
EVIL_NAMES = ["evil\x1b[2J\x07.txt", "two\nlines\n::error file=x::pwned.txt", "::error::x.txt", "\udcffbad.txt"]


@pytest.fixture
def evil_decks(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in EVIL_NAMES:
        shutil.copy(DECK, folder / name.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape"))
    return folder


@pytest.mark.parametrize("output", ["text", "github", "json", "json-lines", "sarif", "junit", "csv"])
def test_no_report_carries_a_raw_control_character_from_a_file_name(tmp_path, evil_decks, output):
    result = run_cli("audit", "--no-config", "-O", output, evil_decks, cwd=tmp_path)
    assert result.returncode == 1, result.stderr[-2000:]
    for stream in (result.stdout, result.stderr):
        text = stream.decode("utf-8")  # never undecodable bytes
        assert "\x1b" not in text and "\x07" not in text
        assert "pwned" not in text or "\\x0a::error" in text or "%3A%3Aerror" in text


@pytest.mark.parametrize("name", EVIL_NAMES)
def test_github_output_has_no_injected_workflow_command(tmp_path, name):
    deck = tmp_path / name.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape")
    shutil.copy(DECK, deck)
    result = run_cli("check", "--no-config", "-O", "github", deck.name, cwd=tmp_path)
    assert result.returncode == 1
    for line in result.stdout.decode("utf-8").splitlines():
        stripped = line.lstrip()
        if stripped.startswith("::"):
            command = stripped[2:].split(" ", 1)[0].split("::", 1)[0]
            assert command in ("group", "endgroup", "error", "warning"), line
            if command in ("error", "warning"):
                assert "title=WX" in line or "title=list" in line, line  # ours, not the file name's
    assert json.loads(run_cli("check", "--no-config", "-O", "json", deck.name, cwd=tmp_path).stdout)["decks"]

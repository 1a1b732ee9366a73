"""What the tool prints and writes, under hostile file names and targets: no report lets
a file name inject a terminal escape or a GitHub workflow command, and ``-o`` never
replaces what is not a regular file nor overwrites an input."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import EXAMPLES
from hostile import assert_one_error, run_cli

DECK = EXAMPLES / "diva-illegal.txt"
EVIL_NAMES = ["evil\x1b[2J\x07.txt", "two\nlines\n::error file=x::pwned.txt", "::error::x.txt", "\udcffbad.txt"]


@pytest.fixture
def evil_decks(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in EVIL_NAMES:
        shutil.copy(DECK, folder / name.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape"))
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("output", ["text", "github", "json", "json-lines", "sarif", "junit", "csv"])
def test_no_report_carries_a_raw_control_character_from_a_file_name(tmp_path, evil_decks, output):
    result = run_cli("audit", "--no-config", "-O", output, evil_decks, cwd=tmp_path)
    assert result.returncode == 1, result.stderr[-2000:]
    for stream in (result.stdout, result.stderr):
        text = stream.decode("utf-8")  # never undecodable bytes
        assert "\x1b" not in text and "\x07" not in text
        assert "pwned" not in text or "\\x0a::error" in text or "%3A%3Aerror" in text


@pytest.mark.slow
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


def test_o_into_a_character_device_writes_into_it():
    result = run_cli("check", "--no-config", "-O", "json", "-o", "/dev/null", DECK)
    assert result.returncode == 1 and not result.stderr
    import os
    import stat

    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_o_onto_a_fifo_is_refused_before_the_check(tmp_path):
    import os

    fifo = tmp_path / "report.fifo"
    os.mkfifo(fifo)
    assert_one_error(run_cli("check", "--no-config", "-o", fifo, DECK), "not a regular file")
    assert_one_error(run_cli("audit", "--no-config", "-o", fifo, DECK), "not a regular file")


def test_o_onto_a_symlink_is_refused_and_its_target_untouched(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "report.txt"
    link.symlink_to(victim)
    assert_one_error(run_cli("check", "--no-config", "-o", link, DECK), "symbolic link")
    assert link.is_symlink() and victim.read_text() == "precious\n"


@pytest.mark.parametrize("command", ["check", "audit"])
def test_o_naming_an_input_deck_is_refused(tmp_path, command):
    deck = tmp_path / "deck.txt"
    shutil.copy(DECK, deck)
    before = deck.read_bytes()
    target = deck if command == "check" else tmp_path / "." / "deck.txt"
    assert_one_error(run_cli(command, "--no-config", "-o", target, tmp_path if command == "audit" else deck),
                     "one of the inputs")
    assert deck.read_bytes() == before


def test_o_into_a_directory_or_a_missing_folder(tmp_path):
    assert_one_error(run_cli("check", "--no-config", "-o", tmp_path, DECK), "directory")
    assert_one_error(run_cli("check", "--no-config", "-o", tmp_path / "missing" / "r.txt", DECK), "does not exist")


def test_cardpool_import_into_a_directory_says_so(tmp_path):
    from conftest import CARDDATA

    assert_one_error(run_cli("cardpool", "import", "wixossreact", CARDDATA / "wixossreact", "-o", tmp_path),
                     "is a directory")


def test_cardpool_build_report_into_a_missing_folder_leaves_the_installed_pool(tmp_path):
    from conftest import CARDDATA

    data = tmp_path / "data"
    data.mkdir()
    installed = data / "cardpool.json"
    installed.write_text('{"old": true}\n')
    env = {"WIXOSS_DECKCHECK_DATA_DIR": str(data)}
    result = run_cli("cardpool", "build", "--source", f"wixossreact={CARDDATA / 'wixossreact'}",
                     "--report", tmp_path / "missing" / "report.json", env=env)
    assert_one_error(result, "does not exist")
    assert installed.read_text() == '{"old": true}\n'


def test_plot_keeps_matplotlib_out_of_home(tmp_path, monkeypatch):
    import os

    from wixoss_deckcheck.reporters.play.plot import use_own_matplotlib_cache

    monkeypatch.delenv("MPLCONFIGDIR", raising=False)
    monkeypatch.setenv("WIXOSS_DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    use_own_matplotlib_cache()
    assert os.environ["MPLCONFIGDIR"] == str(tmp_path / "cache" / "matplotlib")

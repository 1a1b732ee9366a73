"""Precedence: the command line, then the deck's own '# format:'/'# date:' headers, then the
settings file, then the built-in defaults; and --disable checked (closest real code or name)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from wixoss_deckcheck.cli import cli

BODY = (EXAMPLES / "diva-ancient-surprise.txt").read_text(encoding="utf-8").split("[main]", 1)[1]


@pytest.fixture
def repo(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "decks").mkdir()
    (root / "decks" / "headed.txt").write_text("# format: all-star\n# date: 2024-05-01\n[main]" + BODY, "utf-8")
    (root / "decks" / "bare.txt").write_text("[main]" + BODY, "utf-8")
    (root / ".wixoss-deckcheck.yaml").write_text("format: key\nas-of: 2026-11-30\n", encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def _decks(*args: str) -> dict[str, dict]:
    result = CliRunner().invoke(cli, [*args, "-O", "json"], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return {Path(deck["path"]).name: deck for deck in json.loads(result.stdout)["decks"]}


@pytest.mark.parametrize("command", ["check", "audit"])
def test_deck_headers_beat_the_settings_file_which_beats_the_defaults(repo, command):
    decks = _decks(command, "decks/headed.txt", "decks/bare.txt")
    assert (decks["headed.txt"]["format"], decks["headed.txt"]["as_of"]) == ("all-star", "2024-05-01")
    assert (decks["bare.txt"]["format"], decks["bare.txt"]["as_of"]) == ("key", "2026-11-30")


@pytest.mark.parametrize("command", ["check", "audit"])
def test_the_command_line_beats_the_deck_headers(repo, command):
    decks = _decks(command, "decks/headed.txt", "decks/bare.txt", "--format", "diva", "--as-of", "2025-01-10")
    assert {(d["format"], d["as_of"]) for d in decks.values()} == {("diva", "2025-01-10")}


def test_without_settings_the_built_in_default(repo):
    decks = _decks("check", "--no-config", "decks/bare.txt", "decks/headed.txt")
    assert decks["bare.txt"]["format"] == "diva" and decks["headed.txt"]["format"] == "all-star"


def test_verbose_names_the_settings_file_and_the_pool(repo):
    result = CliRunner().invoke(cli, ["check", "-v", "decks/bare.txt"], catch_exceptions=False)
    assert f"settings: {repo / '.wixoss-deckcheck.yaml'}" in result.output
    assert "sample" in result.output  # the pool line names the pool in use
    none = CliRunner().invoke(cli, ["check", "-v", "--no-config", "decks/bare.txt"], catch_exceptions=False)
    assert "settings: none" in none.output


@pytest.mark.parametrize(
    ("value", "closest"), [("WX999", "WX"), ("main-deck-sise", "main-deck-size"), ("lrig-dek-size", "lrig-deck-size")]
)
@pytest.mark.parametrize("command", ["check", "audit"])
def test_unknown_disable_is_a_usage_error_naming_the_closest(value, closest, command):
    result = CliRunner().invoke(cli, [command, str(EXAMPLES / "diva-illegal.txt"), "--disable", f"WX130,{value}"])
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith(f"error: --disable: unknown check '{value}'; did you mean {closest}") and "\n" not in line


def test_disable_takes_comma_lists_codes_and_names_any_case():
    result = CliRunner().invoke(
        cli, ["check", "--no-config", str(EXAMPLES / "diva-illegal.txt"), "--disable", "wx101, life-burst-count"]
    )
    assert "WX101" not in result.stdout and "WX103" not in result.stdout and "WX104" in result.stdout


def test_unknown_disable_in_the_settings_file_names_file_and_line(repo):
    (repo / ".wixoss-deckcheck.yaml").write_text("disable:\n  - WX130\n  - main-deck-sise\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["audit", "decks/"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: {repo / '.wixoss-deckcheck.yaml'}:3: disable: unknown check 'main-deck-sise'; "
        "did you mean main-deck-size? (`wixoss-deckcheck rules` lists every code and name)"
    )
    (repo / ".wixoss-deckcheck.yaml").write_text("disable: WX101,WX104\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(EXAMPLES / "diva-illegal.txt")])
    assert "WX101" not in result.stdout and "WX104" not in result.stdout and "WX103" in result.stdout


def test_audit_verbose_names_the_settings_file_and_the_pool_on_stderr(repo):
    result = CliRunner().invoke(cli, ["audit", "-v", "decks/", "-O", "json"], catch_exceptions=False)
    assert f"settings: {repo / '.wixoss-deckcheck.yaml'}" in result.stderr and "card pool: " in result.stderr
    assert json.loads(result.stdout)["settings"] == str(repo / ".wixoss-deckcheck.yaml")

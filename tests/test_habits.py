"""Every command takes -q/-v; --version is also -V; FORCE_COLOR; shell completion of --format."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from wixoss_deckcheck import __version__
from wixoss_deckcheck.cli import _COMMANDS, cli

ILLEGAL = EXAMPLES / "diva-illegal.txt"


def _every_command() -> list[tuple[str, ...]]:
    ctx = click.Context(cli)
    out = []
    for name in _COMMANDS:
        command = cli.get_command(ctx, name)
        out.append((name,))
        if isinstance(command, click.Group):
            out.extend((name, sub) for sub in command.commands)
    return out


@pytest.mark.parametrize("path", _every_command(), ids=" ".join)
def test_every_command_takes_quiet_and_verbose(path):
    result = CliRunner().invoke(cli, [*path, "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "-q, --quiet" in result.stdout and "-v, --verbose" in result.stdout, result.stdout


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version_short_and_long(flag):
    result = CliRunner().invoke(cli, [flag])
    assert result.exit_code == 0 and result.stdout.strip() == f"wixoss-deckcheck, version {__version__}"


def test_quiet_and_verbose_do_something():
    runner = CliRunner()
    assert runner.invoke(cli, ["formats", "-q"]).stdout.split() == ["all-star", "key", "diva"]
    assert runner.invoke(cli, ["-q", "rules"]).stdout.splitlines()[0] == "WX001 unknown-card"
    shown = runner.invoke(cli, ["-v", "cards", "show", "WX01-001"])
    assert "card pool: " in shown.stderr and "WX01-001" in shown.stdout
    legal = str(EXAMPLES / "diva-ancient-surprise.txt")
    quiet = runner.invoke(cli, ["check", "-q", "--no-config", legal, str(ILLEGAL)]).stdout
    assert "diva-ancient-surprise.txt" not in quiet and f"{ILLEGAL}: illegal" in quiet


def test_force_color_colours_a_pipe_and_no_color_does_not():
    runner = CliRunner()
    forced = runner.invoke(cli, ["check", "--no-config", str(ILLEGAL)], env={"FORCE_COLOR": "1", "NO_COLOR": None})
    assert "\x1b[" in forced.stdout
    plain = runner.invoke(cli, ["check", "--no-config", str(ILLEGAL)], env={"FORCE_COLOR": None, "NO_COLOR": "1"})
    assert "\x1b[" not in plain.stdout
    never = runner.invoke(cli, ["check", "--no-config", str(ILLEGAL), "--color", "never"], env={"FORCE_COLOR": "1"})
    assert "\x1b[" not in never.stdout


def _script() -> list[str]:
    script = Path(sys.executable).parent / "wixoss-deckcheck"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "wixoss_deckcheck"]


def test_shell_completion_offers_format_ids_and_commands():
    env = {
        **os.environ,
        "_WIXOSS_DECKCHECK_COMPLETE": "bash_complete",
        "COMP_WORDS": "wixoss-deckcheck check --format ",
        "COMP_CWORD": "3",
    }
    done = subprocess.run(_script(), env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["plain,all-star", "plain,key", "plain,diva"]
    env.update(COMP_WORDS="wixoss-deckcheck au", COMP_CWORD="1")
    done = subprocess.run(_script(), env=env, capture_output=True, text=True, timeout=60)
    assert "plain,audit" in done.stdout.split()
    source = subprocess.run(
        _script(), env={**os.environ, "_WIXOSS_DECKCHECK_COMPLETE": "bash_source"}, capture_output=True, text=True
    )
    assert "complete -o nosort -F" in source.stdout


def test_the_first_step_hint_comes_once_per_run(tmp_path):
    """A deck the sample pool leaves a card unknown in, beside a line it cannot settle (a
    number and a name that disagree): its WX001 findings, and the hint once per run, with
    -q too (issue 21, item 3: -q keeps what to do)."""
    deck = tmp_path / "unknown.txt"
    deck.write_text("[main]\n4 Nonexistent card\n2 WXDi-D01-012 複成\n", encoding="utf-8")
    env = {"WIXOSS_DECKCHECK_DATA_DIR": str(tmp_path / "no-pool-here"), "WIXOSS_DECKCHECK_CARDPOOL": None}
    for command in ("check", "audit"):
        result = CliRunner().invoke(cli, [command, "--no-config", str(deck), str(deck), "--lang", "en"], env=env)
        assert result.stderr.count("cardpool update") == 1 and "cardpool build --from DIR" in result.stderr
        assert "cardpool update" not in result.stdout  # not on each WX001 line
        assert "WX001" in result.stdout
    quiet = CliRunner().invoke(cli, ["check", "-q", "--no-config", str(deck)], env=env)
    assert quiet.stderr.count("cardpool update") == 1


def test_a_deck_of_cards_the_sample_lacks_is_one_error(tmp_path):
    """Only cards the sample pool lacks: one error for the deck that says what to do, no WX001
    per card (issue 21, item 4)."""
    deck = tmp_path / "unknown.txt"
    deck.write_text("[main]\n4 Nonexistent card\n2 Other missing card\n", encoding="utf-8")
    env = {"WIXOSS_DECKCHECK_DATA_DIR": str(tmp_path / "no-pool-here"), "WIXOSS_DECKCHECK_CARDPOOL": None}
    result = CliRunner().invoke(cli, ["check", "--no-config", str(deck), "--lang", "en"], env=env)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [f"error: {deck}: checked against the sample pool, which lacks this deck's "
                                          "cards: install the full pool (wixoss-deckcheck cardpool update, or cardpool "
                                          "build --from DIR) or name the repository's pool in .wixoss-deckcheck.yaml "
                                          "(cardpool: a pool file, a folder of card lists, or update)"]


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["check", "--formt", "x", str(ILLEGAL)], "error: No such option '--formt'."),
        (["check"], "error: Missing argument 'DECK...'."),
        (["nosuch"], "error: No such command 'nosuch'."),
        (["check", str(ILLEGAL), "--lang", "xx"], "error: Invalid value for '--lang'"),
    ],
)
def test_usage_errors_are_one_error_line(args, start):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(start) and result.stderr.count("\n") == 1 and "--help)" in result.stderr


def test_usage_errors_from_the_console_script_are_one_line():
    done = subprocess.run([*_script(), "--bogus"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("error: No such option '--bogus'")
    assert done.stderr.count("\n") == 1


def test_check_imports_none_of_the_habits_extras(tmp_path):
    """A plain check imports no suggestion, conversion or completion machinery."""
    code = (
        "import sys\nfrom wixoss_deckcheck.cli import main\ntry:\n"
        f"    main(['check', '--no-config', {str(EXAMPLES / 'diva-ancient-surprise.txt')!r}])\n"
        "except SystemExit:\n    pass\n"
        "print([m for m in ('difflib', 'opencc_purepy', 'click.shell_completion') if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout + done.stderr


def test_quiet_and_verbose_before_audit(tmp_path):
    legal = str(EXAMPLES / "diva-ancient-surprise.txt")
    loud = CliRunner().invoke(cli, ["-v", "audit", "--no-config", "--no-progress", legal])
    assert "settings: none" in loud.stderr and "card pool: " in loud.stderr
    quiet = CliRunner().invoke(cli, ["-q", "audit", "--no-config", "--no-progress", legal, str(ILLEGAL)])
    assert "diva-ancient-surprise.txt" not in quiet.stdout and f"{ILLEGAL}: illegal" in quiet.stdout

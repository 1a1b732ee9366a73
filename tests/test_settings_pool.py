"""The settings file's ``cardpool`` (``.wixoss-deckcheck.yaml`` / ``[tool.wixoss-deckcheck]``) is
the pool of every command that reads one, not only ``check`` and ``audit``: ``--cardpool``
wins over it, ``--no-config`` leaves it out, ``--config FILE`` names another settings file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.pool.cardpool import CardPool

SAMPLE = ROOT / "cardpool" / "sample-pool.json"

#: Every command that reads a pool, with arguments that read it (run in the repository folder).
COMMANDS = {
    "check": ["check", "deck.txt"],
    "audit": ["audit", "deck.txt"],
    "cards show": ["cards", "show", "WD01-001"],
    "cards search": ["cards", "search", "タマヨリヒメ"],
    "simulate": ["simulate", "deck.txt", "-n", "20"],
    "sheet": ["sheet", "deck.txt", "-o", "deck.xlsx"],
    "replay": ["replay", "records/game.jsonl"],
    "formats diff": ["formats", "diff", "diva", "2024-01-01", "2025-01-01"],
    "cardpool info": ["cardpool", "info"],
    "serve": ["serve", "--port", "0"],
}


@pytest.fixture
def repo(tmp_path, monkeypatch) -> Path:
    """A deck repository whose settings file names its own pool (a copy of the sample pool)."""
    repo = tmp_path / "repo"
    (repo / "records").mkdir(parents=True)
    (repo / ".git").mkdir()
    shutil.copy(SAMPLE, repo / "own-pool.json")
    shutil.copy(SAMPLE, repo / "other-pool.json")
    shutil.copy(EXAMPLES / "all-star-white-hope.txt", repo / "deck.txt")
    record = (EXAMPLES / "records" / "wd01-two-turns.jsonl").read_text(encoding="utf-8")
    (repo / "records" / "game.jsonl").write_text(record.replace("../all-star-white-hope.txt", "../deck.txt"),
                                                 encoding="utf-8")
    (repo / ".wixoss-deckcheck.yaml").write_text("cardpool: own-pool.json\n", encoding="utf-8")
    (repo / "elsewhere.yaml").write_text("cardpool: other-pool.json\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    monkeypatch.delenv("WIXOSS_DECKCHECK_CARDPOOL", raising=False)
    return repo


def _pools_read(monkeypatch, args: list[str]) -> tuple[list[Path], str]:
    """The pool files a command read, and what it said (``serve`` is stopped before it listens)."""
    read: list[Path] = []
    real = CardPool.load.__func__  # type: ignore[attr-defined]

    def load(cls, location, *rest, **options):
        read.append(Path(location.path).resolve())
        return real(cls, location, *rest, **options)

    monkeypatch.setattr(CardPool, "load", classmethod(load))
    from wixoss_deckcheck.web import app

    def run(defaults, _host, _port):
        read.append(Path(defaults.cardpool or "(the default pool)").resolve())

    monkeypatch.setattr(app, "run", run)
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    return read, result.output


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_that_reads_a_pool_reads_the_settings_files(repo, monkeypatch, command):
    read, output = _pools_read(monkeypatch, COMMANDS[command])
    assert read and set(read) == {repo / "own-pool.json"}, (read, output)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("how", ["--cardpool", "--config", "--no-config"])
def test_the_command_line_wins_over_the_settings_files_pool(repo, monkeypatch, command, how):
    extra = {"--cardpool": ["--cardpool", "other-pool.json"], "--config": ["--config", "elsewhere.yaml"],
             "--no-config": ["--no-config"]}[how]
    read, output = _pools_read(monkeypatch, [*COMMANDS[command], *extra])
    assert read, output
    if how == "--no-config":
        assert repo / "own-pool.json" not in read, (read, output)
    else:
        assert set(read) == {repo / "other-pool.json"}, (read, output)

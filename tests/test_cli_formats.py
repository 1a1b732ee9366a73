"""`formats`, `formats show` and `rules` through the command line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from wixoss_deckcheck.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_formats_lists_date_ranges():
    result = run("formats")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("all-star") and "always" in lines[0]
    assert "key" in lines[1] and "from 2018-04-01" in lines[1]
    assert "diva" in lines[2] and "from 2020-12-05" in lines[2]
    data = json.loads(run("formats", "-O", "json").output)
    assert [f["id"] for f in data] == ["all-star", "key", "diva"]


def test_formats_show_prints_what_is_in_force_that_day():
    older = run("formats", "show", "diva", "--as-of", "2022-06-01")
    assert older.exit_code == 0
    assert "colour-outside-lrig-colours" in older.output and "lrig-type-colour-clash" not in older.output
    newer = json.loads(run("formats", "show", "diva", "--as-of", "2025-09-16", "-O", "json").output)
    checks = {rule["check"] for rule in newer["rules"]}
    assert "lrig-type-colour-clash" in checks and "colour-outside-lrig-colours" not in checks
    assert [e["limit"] for e in newer["mayus_room"]] == [2, 2]
    before = json.loads(run("formats", "show", "diva", "--as-of", "2025-09-15", "-O", "json").output)
    assert before["mayus_room"] == []
    allstar = json.loads(run("formats", "show", "all-star", "--as-of", "2016-03-01", "-O", "json").output)
    kinds = sorted(e["kind"] for e in allstar["mayus_room"])
    assert "banned" in kinds and "limit" in kinds and "pair" in kinds and "one-way" in kinds


def test_formats_show_rejects_a_day_before_the_format():
    result = run("formats", "show", "diva", "--as-of", "2020-01-01")
    assert result.exit_code == 2 and "starts on 2020-12-05" in result.output


def test_rules_lists_every_code_with_doc_and_usage():
    data = json.loads(run("rules", "-O", "json").output)
    by_code = {row["code"]: row for row in data}
    assert len(by_code) == len(data)
    for code in ("WX001", "WX101", "WX103", "WX120", "WX121", "WX130", "WX131", "WX140", "WX143"):
        assert by_code[code]["doc"] and by_code[code]["severity"] in ("error", "warning")
    assert any("diva (to 2023-01-31)" in use for use in by_code["WX130"]["used_by"])
    assert any("from 2020-12-05" in use for use in by_code["WX103"]["used_by"])
    text = run("rules").output
    assert "WX102 main-copy-limit (error, construction)" in text

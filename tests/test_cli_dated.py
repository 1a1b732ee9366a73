"""Every dated rule change, through the command line with --as-of (the cases of tests/cases/dated.yaml)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from wixoss_deckcheck.cli import cli

CASES = [
    case
    for case in yaml.safe_load((Path(__file__).parent / "cases" / "dated.yaml").read_text(encoding="utf-8"))
    if "lang" not in case and "codes" in case["expect"]
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['format']}-{c['as_of']}" for c in CASES])
def test_as_of_through_the_cli(case, tmp_path, full_pool_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(case["deck"], encoding="utf-8")
    result = CliRunner().invoke(
        cli,
        [
            "check",
            str(deck),
            "--format",
            case["format"],
            "--as-of",
            str(case["as_of"]),
            "--cardpool",
            str(full_pool_path),
            "-O",
            "json",
        ],
    )
    expected = case["expect"]
    assert result.exit_code == (0 if expected.get("legal", not expected["codes"]) else 1), result.output
    codes = sorted(v["code"] for v in json.loads(result.stdout)["decks"][0]["violations"])
    assert codes == sorted(expected["codes"])


def test_a_house_ban_through_the_cli(tmp_path, full_pool_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: house\nextends: diva\nmayus_room:\n  - kind: banned\n    cards: [{name: 翠将　センノリキュウ}]\n"
        "    effective: '2026-01-01'\n",
        encoding="utf-8",
    )
    deck = tmp_path / "deck.txt"
    deck.write_text(
        "[main]\n"
        + "".join(f"4 WXDi-D01-0{n}\n" for n in range(12, 22))
        + "[lrig]\n"
        + "".join(f"WXDi-D01-{n:03d}\n" for n in range(1, 12)),
        encoding="utf-8",
    )
    base = ["check", str(deck), "--format-file", str(house), "--cardpool", str(full_pool_path)]
    assert CliRunner().invoke(cli, base + ["--as-of", "2025-12-31"]).exit_code == 0
    banned = CliRunner().invoke(cli, base + ["--as-of", "2026-01-01"])
    assert banned.exit_code == 1 and "WX140" in banned.output and "WXDi-D01-013" in banned.output

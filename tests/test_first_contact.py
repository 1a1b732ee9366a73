"""What a new user meets first (issue 21, item 8): findings in line order, a check that
speaks of checking, a close match for a short kanji typo, a missing folder as a usage
error, and one line for a deck that cannot be read."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner
from conftest import EXAMPLES

from wixoss_deckcheck.cli import cli

ILLEGAL = EXAMPLES / "diva-illegal.txt"
_FINDING = re.compile(r"^\S+?:(\d+): (WX\d+) ", re.MULTILINE)
_ANNOTATION = re.compile(r"^::(?:error|warning) file=[^,]+,line=(\d+),title=(WX\d+)::", re.MULTILINE)


def _run(*args: str, **kwargs):
    return CliRunner().invoke(cli, [*args], catch_exceptions=False, **kwargs)


def _in_line_order(found: list[tuple[str, str]]) -> bool:
    keys = [(int(line), code) for line, code in found]
    return len(keys) > 1 and keys == sorted(keys)


def test_findings_come_in_line_order_then_by_code():
    text = _run("check", "--no-config", str(ILLEGAL)).stdout
    found = _FINDING.findall(text)
    assert [line for line, _code in found] == ["4", "4", "12", "16", "27"], text
    assert _in_line_order(found)
    github = _run("check", "--no-config", str(ILLEGAL), "-O", "github").stdout
    assert _in_line_order(_ANNOTATION.findall(github)), github
    audited = _run("audit", "--no-config", "--no-progress", str(ILLEGAL)).stdout
    assert _in_line_order(_FINDING.findall(audited)), audited
    decks = json.loads(_run("check", "--no-config", str(ILLEGAL), "-O", "json").stdout)["decks"]
    assert _in_line_order([(str(v["line"]), v["code"]) for v in decks[0]["violations"]])


def test_check_speaks_of_checking_and_audit_of_auditing():
    checked = _run("check", "--no-config", str(ILLEGAL), "-O", "github").stdout
    assert "wixoss-deckcheck: checked 1 deck: 0 legal, 1 illegal, 0 unreadable" in checked
    assert "audited" not in checked
    audited = _run("audit", "--no-config", "--no-progress", str(ILLEGAL), "-O", "github").stdout
    assert "wixoss-deckcheck: audited 1 deck: 0 legal, 1 illegal, 0 unreadable" in audited


def test_a_short_kanji_typo_gets_its_card(full_pool):
    from wixoss_deckcheck.pool.suggest import suggest_cards

    assert any(line.endswith(" 複成") for line in suggest_cards(full_pool, "複製")), suggest_cards(full_pool, "複製")
    assert suggest_cards(full_pool, "ｘｙｚ") == []  # no lower bar for what is not CJK script


def test_a_short_kanji_typo_in_a_deck(tmp_path, full_pool_path):
    deck = tmp_path / "typo.txt"
    deck.write_text("[main]\n1 複製\n", encoding="utf-8")
    result = _run("check", "--no-config", "--cardpool", str(full_pool_path), str(deck))
    assert "Unknown card “複製”. Did you mean: WXDi-D01-021 複成" in result.stdout, result.stdout


def test_a_missing_folder_is_a_usage_error(tmp_path):
    for missing in (tmp_path / "decks", f"{tmp_path / 'decks'}/"):
        result = _run("audit", "--no-config", "--no-progress", str(missing))
        assert result.exit_code == 2
        assert result.stdout == ""
        assert result.stderr.strip() == f"error: {missing}: no such file or folder", result.stderr
    deck = tmp_path / "gone.txt"  # a missing deck file is still a deck that cannot be read
    result = _run("audit", "--no-config", "--no-progress", str(deck))
    assert result.exit_code == 2 and f"{deck}: unreadable: no such file" in result.stdout


def test_an_unreadable_deck_is_one_line(tmp_path):
    for deck, problem in ((tmp_path / "gone.txt", "no such file"), (tmp_path / "binary.txt", "binary file")):
        if problem == "binary file":
            deck.write_bytes(b"\x00\x01\x02")
        result = _run("check", "--no-config", str(deck))
        assert result.exit_code == 2
        lines = (result.stdout + result.stderr).splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {deck}") and problem in lines[0], lines

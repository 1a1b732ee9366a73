"""Broken format tables in every output format: an unknown card in a Mayu's Room entry
is an error on stderr and exit 2, never also "The deck is legal."."""

from __future__ import annotations

import pytest
from conftest import DECKS
from hostile import assert_one_error, run_cli

LEGAL = DECKS / "text" / "rx-wxdi-d01.txt"
HOUSE = """id: house
name: House
extends: diva
mayus_room:
  - kind: banned
    cards: [{name: "No Such Card Anywhere"}]
    effective: "2020-01-01"
    source: test
"""


@pytest.mark.slow
@pytest.mark.parametrize("output", ["text", "json", "json-lines", "github", "sarif", "junit", "csv"])
@pytest.mark.parametrize("command", ["check", "audit"])
def test_an_unknown_card_in_mayus_room_is_an_error_in_every_output(tmp_path, full_pool_path, output, command):
    table = tmp_path / "house.yaml"
    table.write_text(HOUSE, encoding="utf-8")
    result = run_cli(command, "--no-config", "--cardpool", full_pool_path, "--format-file", table, "-O", output,
                     LEGAL)
    assert result.returncode == 2
    errors = [line for line in result.stderr.decode().splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "No Such Card Anywhere" in errors[0], result.stderr
    assert b"The deck is legal." not in result.stdout


@pytest.mark.slow
def test_a_long_mayus_room_list_gives_the_verdict_of_its_entries(tmp_path, full_pool_path):
    """4,000 entries (about 450 KB, within the size bound of the tool's own YAML files): only
    the one naming a card of the deck is reported, and no entry is an unknown card (the
    collaboration names included)."""
    import json

    from wixoss_deckcheck.pool.normalize import name_key

    cards = json.loads(full_pool_path.read_text(encoding="utf-8"))["cards"]
    deck_lines = LEGAL.read_text(encoding="utf-8").splitlines()
    in_deck = {line.split()[-1] for line in deck_lines if line[:1].isdigit()}
    deck_keys = {name_key(card.get("plays_as") or card["name"]) for card in cards if card["number"] in in_deck}
    banned = next(card["name"] for card in cards if card["number"] == "WXDi-D01-020")
    plays_as = {card["name"]: card.get("plays_as") or card["name"] for card in cards}  # ずんだもん is アト
    others = sorted(name for name, rules_name in plays_as.items() if name_key(rules_name) not in deck_keys)[:3999]
    lines = ["id: long", "extends: diva", "mayus_room:"]
    for name in [*others, banned]:
        lines += ["  - kind: banned", f"    cards: [{{name: {json.dumps(name, ensure_ascii=False)}}}]",
                  "    effective: '2020-12-05'", "    source: test"]
    table = tmp_path / "long.yaml"
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_cli("check", "--no-config", "--cardpool", full_pool_path, "--format-file", table, "-O", "json",
                     LEGAL)
    assert result.returncode == 1, result.stderr
    assert b"error: " not in result.stderr
    found = [v for deck in json.loads(result.stdout)["decks"] for v in deck["violations"]]
    banned_line = next(n for n, line in enumerate(deck_lines, 1) if line.endswith("WXDi-D01-020"))
    assert found and {(v["code"], v["line"]) for v in found} == {("WX140", banned_line)}


@pytest.mark.shared
@pytest.mark.parametrize("option", ["--format-file", "--config"])
def test_a_giant_format_or_settings_file_is_refused_in_one_line(tmp_path, option):
    """A file of the tool's own past 1 MB (here 32,000 Mayu's Room entries, 3 MB) is one
    error line naming it, exit 2: refused by its size, never read slowly."""
    entry = '  - {kind: banned, cards: [{name: "サーバント　Ｄ"}], effective: "2020-12-05", source: test}\n'
    table = tmp_path / "giant.yaml"
    table.write_text("id: giant\nextends: diva\nmayus_room:\n" + entry * 32000, encoding="utf-8")
    args = ["--no-config", "--format-file", table] if option == "--format-file" else ["--config", table]
    line = assert_one_error(run_cli("check", *args, LEGAL), "giant.yaml", "bytes; at most 1,000,000 are read")
    assert f"{table.stat().st_size:,} bytes" in line

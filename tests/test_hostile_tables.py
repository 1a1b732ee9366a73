"""Broken format tables in every output format: an unknown card in a Mayu's Room entry
is an error on stderr and exit 2, never also "The deck is legal."."""

from __future__ import annotations

import pytest
from conftest import DECKS
from hostile import run_cli

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

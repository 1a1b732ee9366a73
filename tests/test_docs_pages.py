"""The commands the docs and the check registry tell users to run exist, and the ones that
install the full pool are the ones that do."""

from __future__ import annotations

import json
import re

import click
from conftest import ROOT

from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.cli import cli


def _command_tree() -> dict[str, set[str]]:
    ctx = click.Context(cli)
    tree: dict[str, set[str]] = {}
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None
        tree[name] = set(command.list_commands(ctx)) if isinstance(command, click.Group) else set()
    return tree


def _told(text: str) -> list[tuple[str, str]]:
    return re.findall(r"wixoss-deckcheck (?:-[qv] )?([a-z]+)(?: ([a-z]+))?", text)


def test_every_command_the_docs_name_exists():
    tree = _command_tree()
    texts = {p.name: p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]}
    for name, info in BY_CODE.items():
        texts[f"doc of {name}"] = info.doc
    texts["en.yaml"] = (ROOT / "wixoss_deckcheck" / "messages" / "en.yaml").read_text(encoding="utf-8")
    named = 0
    for where, text in texts.items():
        for command, sub in _told(text):
            assert command in tree, f"{where}: wixoss-deckcheck {command}"
            if tree[command] and sub:
                assert sub in tree[command], f"{where}: wixoss-deckcheck {command} {sub}"
            named += 1
    assert named > 80


def test_install_instructions_name_the_commands_that_install_the_pool():
    """Where the full pool is to be installed, the text says cardpool update / build (issue 21
    item 7: `cardpool import` writes a pool file; it is not how a user installs the pool)."""
    told = [
        BY_CODE["WX001"].doc,
        json.loads((ROOT / "cardpool" / "sample-pool.json").read_text(encoding="utf-8"))["sources"][0]["note"],
        (ROOT / "tools" / "make_sample_pool.py").read_text(encoding="utf-8"),
    ]
    for text in told:
        assert "wixoss-deckcheck cardpool import" not in text
        assert "wixoss-deckcheck cardpool update" in text and "cardpool build --from" in text

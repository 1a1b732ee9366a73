"""The four recipes of CONTRIBUTING, done for real: each test copies the package, its format
tables and messages into a temporary folder, makes a new check, format, reader or output
format there by writing only the files its recipe names, proves that nothing else in the
copy changed, and runs the command line on the copy to show the new thing working end to
end (``rules``, ``formats``, ``--help``, ``audit`` and the settings file know it too).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DECKS, ROOT

pytestmark = pytest.mark.slow

DECK = DECKS / "text" / "rx-wxdi-d01.txt"  # a legal Diva deck (the WXDi-D01 starter)


class Copy:
    """A copy of the package with its data, where a recipe is followed."""

    def __init__(self, base: Path, pool: Path) -> None:
        self.root = base / "repo"
        for name in ("wixoss_deckcheck", "formats", "cardpool"):
            shutil.copytree(ROOT / name, self.root / name, ignore=shutil.ignore_patterns("__pycache__"))
        self.before = self._hashes()
        self.env = {
            **os.environ,
            "PYTHONPATH": str(self.root),
            "PYTHONDONTWRITEBYTECODE": "1",
            "WIXOSS_DECKCHECK_CACHE_DIR": str(base / "cache"),
            "WIXOSS_DECKCHECK_DATA_DIR": str(base / "data"),
            "WIXOSS_DECKCHECK_CARDPOOL": str(pool),
            "NO_COLOR": "1",
        }
        self.env.pop("GITHUB_ACTIONS", None)
        self.cwd = base

    def _hashes(self) -> dict[str, str]:
        return {
            str(path.relative_to(self.root)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in self.root.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts
        }

    def write(self, relative: str, text: str) -> None:
        (self.root / relative).write_text(text, encoding="utf-8")

    def append(self, relative: str, text: str) -> None:
        path = self.root / relative
        path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")

    def changed(self) -> set[str]:
        after = self._hashes()
        return {name for name in set(after) | set(self.before) if after.get(name) != self.before.get(name)}

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "wixoss_deckcheck", *args],
            cwd=self.cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )


@pytest.fixture
def copy(tmp_path, full_pool_path) -> Copy:
    return Copy(tmp_path, full_pool_path)


def test_a_new_check_touches_its_module_its_table_entry_its_messages_and_a_case(copy):
    copy.append(
        "wixoss_deckcheck/checks/construction.py",
        '''

@check(
    "WX190",
    "signi-minimum",
    "warning",
    "Too few SIGNI in the main deck",
    params=params.MIN,
    params_required=True,
    wording={"kind": lambda words: words.card_type("SIGNI")},
)
def signi_minimum(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """At least ``min`` SIGNI in the main deck."""
    found = sum(e.count for e in deck.main if e.card.type == "SIGNI")
    if found < params["min"]:
        yield Finding(section="main", found=found, allowed={"min": params["min"]})
''',
    )
    copy.append(
        "formats/common.yaml",
        """
  - id: signi-minimum
    check: signi-minimum
    params: {min: 39}
    source: tests/test_recipes.py (a check made by its recipe)
""",
    )
    common = (copy.root / "formats" / "common.yaml").read_text(encoding="utf-8")
    assert "\nrules:\n" in common and "\nmayus_room:" not in common  # rules: is the last list of the file
    for lang, template in (
        ("en", "The main deck has {found} {kind}; {format} asks for {allowed}."),
        ("ja", "メインデッキの{kind}は{found}枚です。{format}では{allowed}です。"),
        ("zh", "主卡组有{found}张{kind}；{format}要求{allowed}。"),
    ):
        text = (copy.root / "wixoss_deckcheck" / "messages" / f"{lang}.yaml").read_text(encoding="utf-8")
        head, _, rest = text.partition("\nwords:")
        copy.write(f"wixoss_deckcheck/messages/{lang}.yaml", f'{head.rstrip()}\nWX190: "{template}"\n\nwords:{rest}')
    case = copy.cwd / "case.txt"  # the case: a deck of the shared starter, which has 30 SIGNI
    case.write_text(DECK.read_text(encoding="utf-8"), encoding="utf-8")

    assert copy.changed() == {
        "wixoss_deckcheck/checks/construction.py",
        "formats/common.yaml",
        "wixoss_deckcheck/messages/en.yaml",
        "wixoss_deckcheck/messages/ja.yaml",
        "wixoss_deckcheck/messages/zh.yaml",
    }
    checked = copy.run("check", "--no-config", "-O", "json", str(case))
    assert checked.returncode == 0, checked.stderr  # a warning: still legal
    (deck,) = json.loads(checked.stdout)["decks"]
    (found,) = [v for v in deck["violations"] if v["code"] == "WX190"]
    assert found["name"] == "signi-minimum" and found["severity"] == "warning" and found["found"] < 39
    assert found["message"] == f"The main deck has {found['found']} SIGNI; Diva Selection asks for at least 39."
    ja = copy.run("check", "--no-config", "--lang", "ja", str(case))
    assert "WX190" in ja.stdout and "メインデッキのシグニは" in ja.stdout, ja.stdout + ja.stderr
    rules = copy.run("rules")
    assert "WX190 signi-minimum (warning, construction): Too few SIGNI in the main deck" in rules.stdout
    assert "all-star always (min 39)" in rules.stdout
    disabled = copy.run("check", "--no-config", "--disable", "signi-minimum", "-O", "json", str(case))
    assert "WX190" not in disabled.stdout


def test_a_new_format_touches_its_table_and_a_case(copy):
    copy.write(
        "formats/house.yaml",
        """# A house format made by its recipe (tests/test_recipes.py).
id: house
name: House Rules
names: {en: House Rules, ja: ハウスルール, zh: 房规}
aliases: [our rules]
extends: common
since: "2025-01-01"
source: tests/test_recipes.py
description: Every card; the other rules are the shared ones.
rules:
  - id: card-pool
    check: card-pool
    params: {icons: null}
    source: tests/test_recipes.py
""",
    )
    case = copy.cwd / "case.txt"
    case.write_text(DECK.read_text(encoding="utf-8").replace("# format: diva", "# format: Our Rules"), encoding="utf-8")
    assert "# format: Our Rules" in case.read_text(encoding="utf-8")

    assert copy.changed() == {"formats/house.yaml"}
    listed = json.loads(copy.run("formats", "-O", "json").stdout)
    assert [item["id"] for item in listed] == ["all-star", "key", "diva", "house"]  # in the order they began
    for how in (["--format", "house"], ["--format", "House Rules"], ["--format", "ハウスルール"], []):
        checked = copy.run("check", "--no-config", "-O", "json", "--as-of", "2025-06-01", *how, str(case))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert json.loads(checked.stdout)["decks"][0]["format"] == "house"
    early = copy.run("check", "--no-config", "--format", "house", "--as-of", "2024-06-01", str(case))
    assert early.returncode == 2 and "starts on 2025-01-01" in early.stderr
    info = copy.run("cardpool", "info")
    assert "house " in info.stdout, info.stdout


def test_a_new_reader_touches_its_module_and_a_test(copy):
    copy.write(
        "wixoss_deckcheck/decklist/readers/counted_csv.py",
        '''"""A toy decklist: ``count,number,section`` rows (made by its recipe, tests/test_recipes.py)."""

from __future__ import annotations

from wixoss_deckcheck.decklist.readers import reader
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.model.deck import Deck, DeckEntry


@reader("counted-csv", (".wxcsv",))
def read_counted_csv(text: str, path: str) -> Deck:
    deck = Deck(path=path)
    for line, row in enumerate(text.splitlines(), 1):
        count, number, section = row.split(",")
        if section not in ("main", "lrig"):
            raise InputError(f"no section {section!r}", path, line)
        deck.entries.append(DeckEntry(int(count), number, line, section))
    return deck
''',
    )
    from wixoss_deckcheck.decklist import load_deck

    rows = [f"{entry.count},{entry.query},{entry.section}" for entry in load_deck(DECK).entries]
    assert len(rows) == 21
    folder = copy.cwd / "decks"
    folder.mkdir()
    (folder / "starter.wxcsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "notes.md").write_text("not a deck\n", encoding="utf-8")

    assert copy.changed() == {"wixoss_deckcheck/decklist/readers/counted_csv.py"}
    checked = copy.run("check", "--no-config", "--format", "diva", "-O", "json", str(folder / "starter.wxcsv"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    (deck,) = json.loads(checked.stdout)["decks"]
    assert deck["legal"] is True and deck["counts"] == {"main": 40, "lrig": 11, "life_burst": 20}
    audited = copy.run("audit", "--no-config", "--format", "diva", "-O", "json", "-j", "1", str(folder))
    assert [Path(d["path"]).name for d in json.loads(audited.stdout)["decks"]] == ["starter.wxcsv"]
    pattern = subprocess.run(
        [sys.executable, "-c", "from wixoss_deckcheck.decklist.readers import hook_files_pattern as p; print(p())"],
        cwd=copy.cwd,
        env=copy.env,
        capture_output=True,
        text=True,
    ).stdout
    assert "wxcsv" in pattern  # what tools/pre_commit_hook.py --write puts in the hook
    bad = copy.cwd / "bad.wxcsv"
    bad.write_text("4,WXDi-D01-012,side\n", encoding="utf-8")
    refused = copy.run("check", "--no-config", str(bad))
    assert refused.returncode == 2 and "bad.wxcsv:1: no section 'side'" in refused.stderr


def test_a_new_output_format_touches_its_reporter_module_and_a_test(copy):
    copy.write(
        "wixoss_deckcheck/reporters/tsv_report.py",
        '''"""Tab-separated violations (made by its recipe, tests/test_recipes.py)."""

from __future__ import annotations

from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters.registry import reporter


@reporter("tsv")
def render_tsv(report: RunReport, **_options: object) -> str:
    rows = ["path\\tcode\\tline"]
    for result in report.results:
        rows += [f"{result.path}\\t{v.code}\\t{v.line or ''}" for v in result.violations]
    return "\\n".join(rows) + "\\n"
''',
    )
    illegal = copy.cwd / "illegal.txt"
    text = DECK.read_text(encoding="utf-8")
    illegal.write_text(text.replace("4 WXDi-D01-012", "5 WXDi-D01-012", 1), encoding="utf-8")
    assert "5 WXDi-D01-012" in illegal.read_text(encoding="utf-8")

    assert copy.changed() == {"wixoss_deckcheck/reporters/tsv_report.py"}
    out = copy.run("check", "--no-config", "-O", "tsv", str(illegal))
    assert out.returncode == 1, out.stderr
    assert out.stdout.splitlines()[0] == "path\tcode\tline" and "\tWX102\t" in out.stdout
    assert "tsv" in copy.run("check", "--help").stdout and "tsv" in copy.run("audit", "--help").stdout
    (copy.cwd / ".wixoss-deckcheck.yaml").write_text("output-format: tsv\n", encoding="utf-8")
    configured = copy.run("check", str(illegal))
    assert configured.stdout.startswith("path\tcode\tline"), configured.stdout + configured.stderr
    (copy.cwd / ".wixoss-deckcheck.yaml").write_text("output-format: tsvx\n", encoding="utf-8")
    refused = copy.run("check", str(illegal))
    assert refused.returncode == 2 and ".wixoss-deckcheck.yaml:1" in refused.stderr

"""What a new user meets first (issue 21, item 8): findings in line order, a check that
speaks of checking, a close match for a short kanji typo, a missing folder as a usage
error, and one line for a deck that cannot be read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
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


# -- item 5: every check explained in every language -------------------------------------

_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_every_check_has_its_doc_in_every_language():
    import yaml

    import wixoss_deckcheck.checks.play  # noqa: F401  (registers the play checks)
    from wixoss_deckcheck.checks import BY_CODE
    from wixoss_deckcheck.files.resources import messages_dir
    from wixoss_deckcheck.messages import Messages

    for lang in ("ja", "zh"):
        docs = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))["docs"]
        assert set(docs) == set(BY_CODE), (lang, set(BY_CODE) ^ set(docs))
        for code, info in BY_CODE.items():
            text = docs[code]
            assert _CJK.search(text) and text != info.doc, (lang, code)
            # the table's parameter names (``max``) and the paths a doc names stay as they are
            for kept in re.findall(r"``[^`]+``|formats/[\w/-]+\.yaml|WX\d{3}", info.doc):
                assert kept in text, (lang, code, kept)
    for lang in ("ja", "zh-Hans", "zh-Hant"):
        shown = Messages(lang)
        for code, info in BY_CODE.items():
            assert shown.check_doc(code, info.doc) != info.doc, (lang, code)
    assert Messages("en").check_doc("WX101", "English") == "English"


def test_rules_explains_every_check_in_every_language():
    english = _run("rules", "--lang", "en").stdout.splitlines()
    english_docs = [line for line in english if line.startswith("    ") and not line.startswith("    used by")]
    for lang in ("ja", "zh-Hans", "zh-Hant"):
        shown = _run("rules", "--lang", lang).stdout.splitlines()
        assert len(shown) == len(english), lang
        docs = [line for index, line in enumerate(shown) if line.startswith("    ") and english[index] in english_docs]
        assert len(docs) == len(english_docs) and all(_CJK.search(line) for line in docs), lang
        assert not set(docs) & set(english_docs), lang


# -- item 2: files beside the decks that are no decks --------------------------------------


@pytest.mark.slow  # two audits of every example against the merged pool
def test_audit_of_the_examples_skips_what_is_no_deck(merged_pool_path):
    result = _run("audit", "--no-config", "--no-progress", "-v", "--cardpool", str(merged_pool_path), str(EXAMPLES))
    assert result.exit_code == 1, result.output  # diva-illegal.txt is illegal; nothing unreadable
    for path, what in (
        ("formats/cn-key.yaml", "a format table"),
        ("formats/house-diva.yaml", "a format table"),
        ("aliases/my-editor.yaml", "an alias table"),
        ("mulligan/low-curve.yaml", "a mulligan policy"),
    ):
        assert f"skipped {EXAMPLES / path}: {what}" in result.stderr, result.stderr
        assert path not in result.stdout
    assert "0 unreadable" in result.stdout and "1 illegal" in result.stdout
    assert f"{EXAMPLES / 'diva-ancient-surprise-ja.yaml'}: legal" in result.stdout
    quiet = _run("audit", "--no-config", "--no-progress", "--cardpool", str(merged_pool_path), str(EXAMPLES))
    assert "skipped" not in quiet.stderr  # the note is for -v


def test_check_says_what_a_file_that_is_no_deck_is():
    shown = {
        "formats/house-diva.yaml": "a format table, not a decklist: give it with --format-file",
        "aliases/my-editor.yaml": "an alias table, not a decklist",
        "mulligan/low-curve.yaml": "a mulligan policy, not a decklist: give it with simulate --mulligan FILE",
    }
    for path, said in shown.items():
        result = _run("check", "--no-config", str(EXAMPLES / path))
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.startswith(f"error: {EXAMPLES / path}: {said}"), result.stderr
    japanese = _run("check", "--no-config", "--lang", "ja", str(EXAMPLES / "formats" / "cn-key.yaml"))
    assert "フォーマット表で、デッキリストではありません" in japanese.stderr


def test_a_broken_deck_is_not_taken_for_another_file(tmp_path):
    from wixoss_deckcheck.decklist.other_files import other_kind

    assert other_kind("format: diva\nmian:\n  - 4 WXDi-D01-012\n", False) is None  # a deck with a typo
    assert other_kind("main: 3\n", False) is None
    assert other_kind("site_name: my decks\nnav: []\n", False) == "other_data"
    assert other_kind('{"aliases": [], "description": "x"}', True) == "alias_table"
    assert other_kind("- a list\n", False) is None
    assert other_kind("cardpool: pool.json\nlang: ja\n", False) == "settings_file"
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "typo.yaml").write_text("format: diva\nmian:\n  - 4 WXDi-D01-012\n", encoding="utf-8")
    (folder / "mkdocs.yml").write_text("site_name: my decks\nnav: []\n", encoding="utf-8")
    result = _run("audit", "--no-config", "--no-progress", "-v", str(folder))
    assert result.exit_code == 2 and f"{folder / 'typo.yaml'}:2: unreadable" in result.stdout, result.output
    assert f"skipped {folder / 'mkdocs.yml'}: YAML or JSON that is not a decklist" in result.stderr
    assert "audited 1 deck:" in result.stdout
    shown = _run("audit", "--no-config", "--no-progress", "-v", "--lang", "ja", str(folder))
    assert f"{folder / 'mkdocs.yml'} を飛ばしました" in shown.stderr


# -- item 3: the sample pool and the real pool's Mayu's Room --------------------------------


def test_the_sample_pool_says_nothing_of_the_mayus_room_lists():
    """Right after install (the sample pool) no warning about the built-in lists' cards."""
    for output in ("text", "github"):
        result = _run("audit", "--no-config", "--no-progress", "-O", output, str(EXAMPLES / "diva-illegal.txt"),
                      str(EXAMPLES / "all-star-white-hope.txt"), "--format", "all-star")
        assert "Mayu's Room entry" not in result.output, result.output
        assert "::warning title=list" not in result.stdout
    for format_id in ("all-star", "key", "diva"):
        result = _run("check", "--no-config", "-v", "--format", format_id, str(EXAMPLES / "diva-ancient-surprise.txt"))
        assert "Mayu's Room entry" not in result.output, (format_id, result.output)


def test_quiet_keeps_the_sample_hint(tmp_path):
    deck = tmp_path / "mixed.txt"  # a number and a name that disagree, and a card the sample lacks
    deck.write_text("[main]\n4 WXDi-D01-012 複成\n4 WXDi-P01-040\n", encoding="utf-8")
    for args in (("audit", "--no-progress", "-q"), ("check", "-q"), ("-q", "check")):
        result = _run(*args, "--no-config", str(deck)) if args[0] != "-q" else _run(
            "-q", "check", "--no-config", str(deck))
        assert result.exit_code == 2
        assert "hint: the small sample pool is in use" in result.stderr, (args, result.stderr)
        assert "Mayu's Room" not in result.output


# -- item 4: the pool a deck repository names ----------------------------------------------

SHARED_TEXT = "text"  # the folder of ../shared/decks holding decks by card number


def _deck_repo(tmp_path, shared_dir, settings: str):
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    for name in ("rx-wxdi-d02.txt", "wx-wd01-white-hope.txt"):
        (repo / "decks" / name).write_bytes((shared_dir / "decks" / SHARED_TEXT / name).read_bytes())
    (repo / ".wixoss-deckcheck.yaml").write_text(settings, encoding="utf-8")
    return repo


def test_a_real_deck_against_the_sample_pool_is_one_clear_error(tmp_path, shared_dir, monkeypatch):
    repo = _deck_repo(tmp_path, shared_dir, "format: diva\n")
    monkeypatch.chdir(repo)
    result = _run("audit", "--no-progress", "decks/")
    assert result.exit_code == 2
    lines = [line for line in result.stdout.splitlines() if "rx-wxdi-d02" in line]
    assert lines == [
        "decks/rx-wxdi-d02.txt: unreadable: checked against the sample pool, which lacks this deck's cards: install"
        " the full pool (wixoss-deckcheck cardpool update, or cardpool build --from DIR) or name the repository's"
        " pool in .wixoss-deckcheck.yaml (cardpool: a pool file, a folder of card lists, or update)"
    ], result.stdout
    assert "WX001" not in result.output and "decks/wx-wd01-white-hope.txt: legal" in result.stdout
    checked = _run("check", "--lang", "ja", "decks/rx-wxdi-d02.txt")
    assert checked.exit_code == 2 and checked.stdout == ""
    said = "error: decks/rx-wxdi-d02.txt: サンプルカードプールで検査しましたが"
    assert checked.stderr.startswith(said), checked.stderr
    history = _run("check", "--history", "decks/rx-wxdi-d02.txt")  # no verdict over time on the sample either
    assert history.exit_code == 2 and history.stdout == "", history.output
    assert history.stderr.startswith("error: decks/rx-wxdi-d02.txt: checked against the sample pool"), history.stderr


def test_a_typo_of_a_sample_cards_name_keeps_its_close_match(tmp_path):
    """A name close to a card the sample holds is a typo, not a card the sample lacks: its WX001
    names the card meant (and the run says once how to install the full pool)."""
    deck = tmp_path / "typo.txt"
    deck.write_text("[main]\n4 サーバント　ZZZ\n4 WXDi-P01-040\n", encoding="utf-8")
    result = _run("check", "--no-config", str(deck))
    assert result.exit_code == 2
    assert "Did you mean: WXDi-D01-020 サーバント　#" in result.stdout and "checked against" not in result.output
    assert "hint: the small sample pool is in use" in result.stderr


def test_the_settings_file_names_the_repositorys_pool_file(tmp_path, shared_dir, merged_pool_path, monkeypatch):
    repo = _deck_repo(tmp_path, shared_dir, "format: diva\ncardpool: pool/cards.json\n")
    (repo / "pool").mkdir()
    (repo / "pool" / "cards.json").write_bytes(merged_pool_path.read_bytes())
    monkeypatch.chdir(repo / "decks")  # the settings file is found above, its path relative to it
    result = _run("audit", "--no-progress", "-v", ".")
    assert result.exit_code == 0, result.output
    assert f"card pool: {repo / 'pool' / 'cards.json'} (" in result.stderr
    assert "card numbers with reprints, settings)" in result.stderr
    report = json.loads(_run("check", "-O", "json", "wx-wd01-white-hope.txt").stdout)
    assert report["cardpool"]["origin"] == "settings"
    assert "./wx-wd01-white-hope.txt: legal" in result.stdout  # its own '# format: all-star' wins
    assert "WX120" not in result.output
    header_overridden = _run("audit", "--no-progress", "--format", "diva", "wx-wd01-white-hope.txt")
    assert header_overridden.exit_code == 1 and "WX120" in header_overridden.stdout  # --format: every deck


def test_the_settings_file_names_update_the_installed_pool(tmp_path, shared_dir, merged_pool_path, monkeypatch):
    import os

    repo = _deck_repo(tmp_path, shared_dir, "cardpool: update\n")
    data = tmp_path / "data"
    data.mkdir()
    (data / "cardpool.json").write_bytes(merged_pool_path.read_bytes())  # installed: no download
    monkeypatch.setenv("WIXOSS_DECKCHECK_DATA_DIR", str(data))
    monkeypatch.chdir(repo)
    result = _run("audit", "--no-progress", "-v", "decks/")
    assert result.exit_code == 0, result.output
    assert f"card pool: {data / 'cardpool.json'} (" in result.stderr
    assert not os.path.exists(repo / "update")


@pytest.mark.slow  # builds a pool twice (about 2 s)
def test_a_folder_of_card_lists_is_built_once_and_again_when_it_changes(tmp_path, shared_dir, capsys):
    import shutil

    from wixoss_deckcheck.cli.pool_choice import resolve_pool_choice

    folder = tmp_path / "card-data"
    shutil.copytree(shared_dir / "carddata" / "webxoss", folder / "webxoss")
    built = resolve_pool_choice(str(folder))
    assert built and built.endswith(".json") and "building the pool" in capsys.readouterr().err
    stamp = Path(built).stat().st_mtime_ns
    assert resolve_pool_choice(str(folder)) == built and capsys.readouterr().err == ""  # from the cache
    assert Path(built).stat().st_mtime_ns == stamp
    extra = next(path for path in sorted((folder / "webxoss").rglob("*")) if path.is_file())
    extra.write_bytes(extra.read_bytes() + b"\n")
    assert resolve_pool_choice(str(folder)) == built and "building the pool" in capsys.readouterr().err
    assert resolve_pool_choice(str(tmp_path / "pool.json")) == str(tmp_path / "pool.json")  # a file: as it is

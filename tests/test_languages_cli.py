"""Everything a user reads follows --lang: audit's per-deck lines and summary, error: lines,
progress text; the 'error:' prefix itself stays, for scripts."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from wixoss_deckcheck.cli import cli


@pytest.fixture
def folder(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(EXAMPLES / "diva-illegal.txt", decks / "illegal.txt")
    shutil.copy(EXAMPLES / "diva-ancient-surprise.txt", decks / "legal.txt")
    (decks / "junk.txt").write_bytes(b"\x00\x01\x02")
    return decks


def audit(*args, env=None):
    return CliRunner().invoke(cli, ["audit", "--no-config", "--no-progress", *args], env=env)


def test_audit_in_japanese(folder):
    out = audit(str(folder), "--lang", "ja").stdout
    assert f"{folder / 'illegal.txt'}：使用不可（エラー5件、警告0件）" in out
    assert f"{folder / 'junk.txt'}:1：読み込めません：バイナリファイルです（デッキリストではありません）" in out
    assert "3個のデッキを検査しました：使用可能1、使用不可1、読み込めない1" in out and "コード別の違反数：" in out
    assert "WX101 エラー [メインデッキの枚数]" in out
    for english in ("error [", "illegal (", "audited ", "violations per code", "binary file"):
        assert english not in out


def test_audit_in_english_counts_right(folder):
    out = audit(str(folder), "--lang", "en").stdout
    assert f"{folder / 'illegal.txt'}: illegal (5 errors, 0 warnings)" in out
    assert "audited 3 decks: 1 legal, 1 illegal, 1 unreadable" in out


def test_audit_in_traditional_chinese(folder):
    out = audit(str(folder), "--lang", "zh-Hant").stdout
    assert "已檢查3個卡組" in out and "二進制文件" in out


def test_error_lines_follow_the_language(folder, tmp_path):
    result = CliRunner().invoke(cli, ["check", "--no-config", str(folder / "junk.txt"), "--lang", "ja"])
    assert result.exit_code == 2
    assert result.stderr == f"error: {folder / 'junk.txt'}:1: バイナリファイルです（デッキリストではありません）\n"
    machine = CliRunner().invoke(cli, ["audit", "--no-config", str(folder), "-O", "json", "--lang", "zh"])
    assert f"error: {folder / 'junk.txt'}:1: 二进制文件，不是卡组列表" in machine.stderr
    assert "已检查3个卡组" in machine.stderr  # the summary on stderr too
    usage = CliRunner().invoke(
        cli, ["check", "--no-config", str(folder / "legal.txt"), "--lang", "ja", "--format", "x"]
    )
    assert usage.exit_code == 2 and usage.stderr.startswith("error: 不明なフォーマット 'x'（使えるもの：")
    disabled = CliRunner().invoke(cli, ["check", str(folder / "legal.txt"), "--lang", "ja", "--disable", "WX1O1"])
    assert disabled.stderr.startswith("error: --disable：不明なチェック 'WX1O1'。WX101のことですか？")


def test_locale_chooses_the_error_language(folder):
    result = CliRunner().invoke(
        cli, ["check", "--no-config", str(folder / "junk.txt")], env={"LC_ALL": "ja_JP.UTF-8", "LANG": None}
    )
    assert result.stderr.startswith("error: ") and "バイナリファイル" in result.stderr


def test_progress_label_in_the_language(folder):
    result = CliRunner().invoke(cli, ["audit", "--no-config", str(folder), "--progress", "--lang", "ja", "-O", "json"])
    assert "検査中" in result.stderr


def test_formats_and_rules_follow_the_language():
    runner = CliRunner()
    listed = runner.invoke(cli, ["formats", "--lang", "ja"]).stdout
    assert "キーセレクション" in listed and "2018-04-01から" in listed and "日付つきルール" in listed
    assert "dated rules" not in listed
    shown = runner.invoke(cli, ["formats", "show", "key", "--lang", "zh-Hant", "--as-of", "2019-01-01"]).stdout
    assert "2019-01-01生效的規則：" in shown and "繭之房間（2條）：" in shown
    assert "不能與再会の巫女　マユ同時使用" in shown
    assert "rules in force" not in shown and "Mayu's Room" not in shown
    english = runner.invoke(cli, ["formats", "show", "key", "--as-of", "2019-01-01", "--lang", "en"]).stdout
    assert "rules in force on 2019-01-01:" in english and "Mayu's Room (2 entries):" in english
    rules = runner.invoke(cli, ["rules", "--lang", "ja"]).stdout
    assert rules.startswith("WX001 unknown-card (エラー, 入力): 不明なカード\n")
    assert "used by" not in rules and "使用するフォーマット:" in rules
    assert runner.invoke(cli, ["formats", "--lang", "en"]).stdout.splitlines()[1].endswith("Mayu's Room entries")


# -- the refusals added lately, through the command line, in every language -----------------

LANGS = ["ja", "zh-Hans", "zh-Hant"]


LOCALES = {"ja": "ja_JP.UTF-8", "zh-Hans": "zh_CN.UTF-8", "zh-Hant": "zh_TW.UTF-8"}


def _said(args, tmp_path, lang, by_locale=False):
    """The error line(s) of a command run with ``--lang`` (or, for a command without the option,
    in the language's locale)."""
    if by_locale:
        result = CliRunner().invoke(cli, args, env={"LC_ALL": LOCALES[lang], "LANG": None})
    else:
        result = CliRunner().invoke(cli, [*args, "--lang", lang])
    assert result.exit_code == 2, result.output
    return result.stderr.strip() or result.stdout.strip()


def _no_english(line: str) -> None:
    from test_messages import english_sentence

    assert line.startswith("error: ") or "error: " in line, line
    assert english_sentence(line) is None, line


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_number_pattern_refusal_is_said_in_the_language(tmp_path, lang):
    table = tmp_path / "house.yaml"
    table.write_text("id: house\nname: House\nextends: diva\nsince: 2024-01-01\nsource: https://example.org/\n"
                     "icons:\n  - pattern: '(a+)+'\n    icons: [diva]\n", encoding="utf-8")
    line = _said(["check", "--no-config", "--format-file", str(table), str(EXAMPLES / "diva-illegal.txt")],
                 tmp_path, lang)
    _no_english(line)
    assert "(a+)+" in line


@pytest.mark.parametrize("lang", LANGS)
def test_card_data_source_refusals_are_said_in_the_language(tmp_path, lang):
    for args in (["cardpool", "build", "--source", "nope=/tmp", "-o", str(tmp_path / "p.json")],
                 ["cardpool", "build", "--from", str(tmp_path / "missing"), "-o", str(tmp_path / "p.json")],
                 ["cardpool", "build", "-o", str(tmp_path / "p.json")]):
        _no_english(_said(args, tmp_path, lang, by_locale=True))


@pytest.mark.parametrize("lang", LANGS)
def test_an_audit_of_a_folder_too_full_is_said_in_the_language(tmp_path, monkeypatch, lang):
    from wixoss_deckcheck.checking import audit as auditing

    monkeypatch.setattr(auditing, "MAX_FOLDER_ENTRIES", 2)
    for index in range(3):
        (tmp_path / f"{index}.txt").write_text("4 WX01-001\n", encoding="utf-8")
    result = audit(str(tmp_path), "--lang", lang)
    [line] = [line for line in (result.stdout + result.stderr).splitlines() if str(tmp_path) in line]
    assert "2" in line and english_free(line), line


def english_free(line: str) -> bool:
    from test_messages import english_sentence

    return english_sentence(line) is None


@pytest.mark.parametrize("lang", LANGS)
def test_serve_refuses_a_request_over_its_bounds_in_the_language(lang):
    from test_serve_api import client

    api = client()
    huge = api.post(f"/api/check?lang={lang}", content=b"x" * 10,
                    headers={"content-length": str(10**9), "content-type": "multipart/form-data; boundary=x"})
    assert huge.status_code == 413
    _no_english(huge.json()["error"])
    asked = api.post("/api/check", content=b"x" * 10, headers={"content-length": str(10**9), "accept-language": lang,
                                                               "content-type": "multipart/form-data; boundary=x"})
    assert asked.json() == huge.json()
    none = api.post("/api/check", data={"lang": lang})
    assert none.status_code == 400
    _no_english(none.json()["error"])


@pytest.mark.parametrize("lang", LANGS)
def test_ctrl_c_is_said_in_the_language(monkeypatch, capsys, lang):
    import wixoss_deckcheck.cli as command_line
    from wixoss_deckcheck.messages import set_run_language

    class Ended(Exception):
        pass

    def end(code):
        raise Ended(code)

    monkeypatch.setattr(command_line.os, "_exit", end)
    monkeypatch.setattr(command_line.signal, "signal", lambda *_args: None)
    set_run_language(lang)
    try:
        with pytest.raises(Ended):
            command_line.interrupted()
    finally:
        set_run_language(None)
    line = capsys.readouterr().err.strip()
    assert line == {"ja": "error: 中断しました", "zh-Hans": "error: 已中断", "zh-Hant": "error: 已中斷"}[lang], line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", [["check", "--formt", "x"], ["check"], ["sheet", "deck.txt"], ["nosuch"],
                                  ["cards", "search", "x", "--limit", "0"], ["check", "--lang", "xx", "a.txt"],
                                  ["cardpool", "info", "extra"], ["check", "--format"]])
def test_a_bad_option_or_argument_is_said_in_the_language(lang, args):
    """click's own usage errors, and the (see ... --help) after them, in the locale's language."""
    import re

    line = _said(args, None, lang, by_locale=True)
    assert "--help" in line and line.count("\n") == 0, line
    _no_english(re.sub(r"[\w-]+(?: [\w-]+)* --help", "COMMAND --help", line))  # the command's own words stay


@pytest.fixture(scope="module")
def built_pool(tmp_path_factory, shared_dir):
    from conftest import CARDDATA

    target = tmp_path_factory.mktemp("lang-pool") / "pool.json"
    assert CliRunner().invoke(cli, ["cardpool", "build", "--source", f"wixossreact={CARDDATA / 'wixossreact'}",
                                    "-o", str(target)]).exit_code == 0
    return target


# What each language says where the English output said "wrote", "sources", "merge report",
# "card pool", "records from", "types", "the decklist sheet of" ...
_POOL_WORDS = {
    "ja": ("を書き込みました", "ソース：", "統合レポート：", "カードプール：", "件の記録", "カードタイプ：シグニ",
           "のデッキ登録用紙"),
    "zh-Hans": ("已写入", "来源：", "合并报告：", "卡池：", "条记录", "卡牌类型：精灵", "的卡组登记表"),
    "zh-Hant": ("已寫入", "來源：", "合併報告：", "卡池：", "條記錄", "卡牌類型：精靈", "的卡組登記表"),
}
_POOL_ENGLISH = ("wrote ", "sources:", "merge report", "card pool:", "records from", "types:", "decklist sheet",
                 "card numbers with reprints", "built:", "SIGNI")


@pytest.mark.parametrize("lang", sorted(_POOL_WORDS))
def test_cardpool_and_sheet_say_their_lines_in_the_language(tmp_path, built_pool, lang):
    """``cardpool build``, ``cardpool info`` and ``sheet`` print from the catalogues (card types too)."""
    from conftest import CARDDATA

    runner = CliRunner()
    built = runner.invoke(cli, ["cardpool", "build", "--lang", lang, "--source",
                                f"wixossreact={CARDDATA / 'wixossreact'}", "-o", str(tmp_path / "p.json")])
    info = runner.invoke(cli, ["cardpool", "info", "--lang", lang, "--cardpool", str(built_pool)])
    sheet = runner.invoke(cli, ["sheet", "--no-config", "--lang", lang, "--cardpool", str(built_pool),
                                str(EXAMPLES / "diva-ancient-surprise.txt"), "-o", str(tmp_path / "s.xlsx")])
    assert (built.exit_code, info.exit_code, sheet.exit_code) == (0, 0, 0), (built.output, info.output, sheet.output)
    said = built.stdout + info.stdout + sheet.stdout
    for text in _POOL_WORDS[lang]:
        assert text in said, (text, said)
    for english in _POOL_ENGLISH:
        assert english not in said, (english, said)


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
def test_a_folder_pool_is_built_with_a_line_in_the_language(tmp_path, monkeypatch, shared_dir, lang):
    """``--cardpool DIR`` (built once, cached) says so in the run's language."""
    from conftest import CARDDATA

    folder = tmp_path / "cards"
    (folder / "wixossreact").mkdir(parents=True)
    for source in (CARDDATA / "wixossreact").iterdir():
        shutil.copy(source, folder / "wixossreact" / source.name)
    monkeypatch.setenv("WIXOSS_DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    result = CliRunner().invoke(cli, ["check", "--no-config", "--lang", lang, "--cardpool", str(folder),
                                      str(EXAMPLES / "diva-ancient-surprise.txt")])
    assert result.exit_code in (0, 1), result.output
    assert {"ja": "からカードプールを作成しています", "zh-Hans": "正在从"}[lang] in result.stderr, result.stderr
    assert "building the pool" not in result.stderr


@pytest.mark.parametrize(("lang", "said"), [("en", "aborted"), ("ja", "中止しました"), ("zh-Hant", "已中止")])
def test_an_abort_that_is_not_ctrl_c_is_said_in_the_language(monkeypatch, capsys, lang, said):
    """click's Abort without a Ctrl-C (an end of input at a prompt): one line, exit 2, in the language."""
    import click

    from wixoss_deckcheck import cli as cli_module
    from wixoss_deckcheck.messages import set_run_language

    def abort(*_args, **_kwargs):
        set_run_language(lang)  # as --lang does, before the command runs
        raise click.exceptions.Abort()

    monkeypatch.setattr(cli_module.cli, "main", abort)
    with pytest.raises(SystemExit) as ended:
        cli_module.main(["rules"])
    assert ended.value.code == 2
    assert capsys.readouterr().err == f"error: {said}\n"


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("command", [["check"], ["audit", "--no-config"], ["replay"]])
def test_a_report_format_given_to_format_says_to_write_dash_o(tmp_path, lang, command):
    """``--format json`` (ruff's and flake8's spelling of the report's format) on a command
    with ``-O`` is refused with the hint ``-O json``, one line, in the run's language."""
    deck = tmp_path / "d.txt"
    deck.write_text("[main]\nWD01-009\n", encoding="utf-8")
    line = _said([*command, "--format", "JSON", str(deck)], tmp_path, lang)
    assert line.count("\n") == 0 and "-O json" in line, line
    if lang != "en":
        _no_english(line)
    # a report name that is no report format, and a command without -O, keep the plain error
    for args in ([*command, "--format", "jsonx", str(deck)], ["cards", "search", "--format", "json", "WD01"]):
        plain = _said(args, tmp_path, lang)
        assert "-O" not in plain, plain


@pytest.mark.parametrize(("lang", "kept"), [("en", "; kept True (wixossreact)"), ("ja", "; True を採用（wixossreact）"),
                                            ("zh-Hant", "; 採用 True（wixossreact）")])
def test_cardpool_build_lists_its_conflicts_in_the_language(tmp_path, shared_dir, lang, kept):
    """``cardpool build -v``: each conflict's line says what was kept in the run's language
    (the field and source names are the pool's own)."""
    from conftest import CARDDATA

    result = CliRunner().invoke(cli, ["cardpool", "build", "-v", "--lang", lang, "--source",
                                      f"wixossreact={CARDDATA / 'wixossreact'}", "--source",
                                      f"webxoss={CARDDATA / 'webxoss'}", "-o", str(tmp_path / "p.json")])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert lines and all(" life_burst: " not in line or line.endswith(kept) for line in lines), lines[:3]
    assert any(line.endswith(kept) for line in lines), lines[:3]
    if lang != "en":
        assert not any("kept" in line for line in lines), lines[:3]

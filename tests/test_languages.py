"""Languages: zh-Hant as its own language (messages and card names), zh-Hans, zh kept as
Simplified, locales; OpenCC's Traditional names (拜占庭 stays 拜占庭)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, run_main

from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.importers.chinese import derive_traditional_names
from wixoss_deckcheck.messages import Messages, default_language, normalize_language, to_traditional

ILLEGAL = str(EXAMPLES / "diva-illegal.txt")


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("zh", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("zh_CN.UTF-8", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh-Hant", "zh-Hant"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh_HK.Big5", "zh-Hant"),
        ("zh_MO", "zh-Hant"),
        ("zh_Hant_TW", "zh-Hant"),
        ("ja_JP.UTF-8", "ja"),
        ("EN", "en"),
        ("fr_FR", None),
    ],
)
def test_language_codes(code, lang):
    assert normalize_language(code) == lang


@pytest.mark.parametrize(
    ("locale", "lang"), [("zh_TW.UTF-8", "zh-Hant"), ("zh_HK.UTF-8", "zh-Hant"), ("zh_CN.UTF-8", "zh-Hans")]
)
def test_locale_chooses_the_script(monkeypatch, locale, lang):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", locale)
    assert default_language() == lang


def test_opencc_keeps_byzantium_and_converts_card_names():
    assert to_traditional("拜占庭防御") == "拜占庭防禦"  # zhconv wrote 拜佔庭
    assert to_traditional("太阳之巫女 玉依姬") == "太陽之巫女 玉依姬"
    cards = [{"sources": ["wixossreact"], "names": {"zh_hans": "拜占庭防御"}, "field_sources": {}}]
    derive_traditional_names(cards)
    assert cards[0]["names"]["zh_hant"] == "拜占庭防禦"
    assert cards[0]["field_sources"]["names.zh_hant"] == "webxoss+opencc"


def test_traditional_name_finds_the_byzantium_card(capsys, merged_pool_path):
    code, out, _ = run_main(capsys, "cards", "show", "拜占庭防禦", "--cardpool", str(merged_pool_path))
    assert code == 0 and "WX11-012" in out and "拜占庭防禦" in out and "拜佔庭" not in out


def test_traditional_messages_are_complete_and_traditional():
    hant, hans = Messages("zh-Hant"), Messages("zh-Hans")
    assert hant.lang == "zh-Hant" and Messages("zh").lang == "zh-Hans"
    assert hans.template("WX101").startswith("主卡组") and hant.template("WX101").startswith("主卡組")
    assert hant.word("lrig") == "分身卡組" and hant.report("illegal") == hans.report("illegal")


@pytest.mark.parametrize(
    ("args", "expect", "refuse"),
    [
        (["--lang", "zh-Hant"], "主卡組有41張", "主卡组"),
        (["--lang", "zh-TW"], "主卡組有41張", "主卡组"),
        (["--lang", "zh"], "主卡组有41张", "主卡組"),
        (["--lang", "zh-Hans"], "主卡组有41张", "主卡組"),
    ],
)
def test_check_in_either_script(args, expect, refuse, merged_pool_path):
    result = CliRunner().invoke(cli, ["check", "--no-config", ILLEGAL, "--cardpool", str(merged_pool_path), *args])
    assert expect in result.stdout and refuse not in result.stdout
    if "Hant" in args[-1] or "TW" in args[-1]:
        assert "太陽之巫女 玉依姬 (WX01-001)" in result.stdout and "歌姬構築" in result.stdout


def test_locale_zh_tw_gives_traditional_without_lang(merged_pool_path):
    result = CliRunner().invoke(
        cli,
        ["check", "--no-config", ILLEGAL, "--cardpool", str(merged_pool_path)],
        env={"LC_ALL": None, "LC_MESSAGES": None, "LANGUAGE": None, "LANG": "zh_TW.UTF-8"},
    )
    assert "主卡組有41張" in result.stdout


def test_settings_file_lang_zh_keeps_working(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    for lang, expect in (("zh", "主卡组"), ("zh-Hant", "主卡組")):
        (tmp_path / ".wixoss-deckcheck.yaml").write_text(f"lang: {lang}\n", encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        result = CliRunner().invoke(cli, ["check", ILLEGAL, "-O", "json"])
        assert expect in result.stdout, result.output

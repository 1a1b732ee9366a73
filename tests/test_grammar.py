"""Grammar in every language: counted nouns ("1 error", "at most 1 card"), articles ("an LRIG
card", "an ARTS card"), and one kind of digits in Japanese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wixoss_deckcheck.checking.wording import Placeholders, fill
from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.checks.registry import Finding
from wixoss_deckcheck.messages import Messages

MESSAGES = Path(__file__).resolve().parent.parent / "wixoss_deckcheck" / "messages"
EN = Messages("en")


def word(code: str, lang: str = "en", **finding) -> str:
    messages = Messages(lang)
    values = Placeholders(messages, "Diva Selection", BY_CODE[code], Finding(**finding), None, ["サーバント (X-1)"])
    return fill(messages, EN, code, values)


@pytest.mark.parametrize(
    ("noun", "number", "text"),
    [
        ("card", 1, "1 card"),
        ("card", 4, "4 cards"),
        ("card", 0, "0 cards"),
        ("error", 1, "1 error"),
        ("copy", 2, "2 copies"),
    ],
)
def test_counted_nouns(noun, number, text):
    assert EN.plural(noun, number) == text


def test_at_most_one_card_and_one_copy():
    assert word("WX102", found=2, allowed=1) == (
        "サーバント (X-1): 2 copies in the main deck; at most 1 card with the same name."
    )
    assert word("WX141", found=1, allowed=0, args={"effective": "2024-01-01"}).startswith("サーバント (X-1): 1 copy;")
    assert word("WX101", found=1, allowed={"exactly": 40}) == (
        "The main deck has 1 card; Diva Selection requires exactly 40."
    )
    assert word("WX104", found=1, allowed=10) == "The LRIG deck has 1 card that is not a PIECE; at most 10."
    assert word("WX111", found=1, allowed=[1, 3]).startswith("The LRIG deck has 1 level-0 LRIG;")


@pytest.mark.parametrize(
    ("card_type", "article"),
    [
        ("LRIG", "an LRIG"),
        ("ARTS", "an ARTS"),
        ("ASSIST_LRIG", "an ASSIST LRIG"),
        ("SIGNI", "a SIGNI"),
        ("KEY", "a KEY"),
    ],
)
def test_articles(card_type, article):
    assert word("WX109", args={"type": card_type}, section="main") == (
        f"サーバント (X-1) is {article} card and cannot be in the main deck."
    )


def test_japanese_and_chinese_keep_their_counters():
    assert (
        word("WX102", "ja", found=2, allowed=1)
        == "サーバント (X-1)：メインデッキに2枚。同じ名前のカードは1枚までです。"
    )
    assert "1张" in word("WX101", "zh", found=1, allowed={"exactly": 40})


def test_report_counts_errors_and_warnings():
    line = EN.report(
        "deck_summary", path="d.txt", verdict="illegal", main=1, lrig=2, life_burst=0, errors=1, warnings=1
    )
    assert line == "d.txt: illegal (main 1, LRIG 2, Life Burst 0; 1 error, 1 warning)"
    assert (
        Messages("ja")
        .report("deck_summary", path="d", verdict="x", main=1, lrig=1, life_burst=1, errors=1, warnings=0)
        .endswith("エラー1件、警告0件）")
    )


def test_japanese_digits_are_all_half_width():
    text = (MESSAGES / "ja.yaml").read_text(encoding="utf-8")
    assert not re.search("[０-９]", text), "the numbers filled in are half-width: so are the written ones"


def test_a_card_text_limit_of_one():
    text = word("WX112", found=2, allowed={"max": 1}, args={"type": "SIGNI"}, section="main")
    assert "allows at most 1 SIGNI card in the main deck; it holds 2." in text
    assert "at most 3 SIGNI cards" in word("WX112", found=4, allowed={"max": 3}, args={"type": "SIGNI"}, section="main")

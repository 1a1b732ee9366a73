"""Message files: every check code has a text in every language, with the same placeholders."""

from __future__ import annotations

import re
import string

import pytest
import yaml

import wixoss_deckcheck.checks.play  # noqa: F401  (registers the play checks)
from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.files.resources import messages_dir
from wixoss_deckcheck.messages import Messages


def fields(template: str) -> set[str]:
    """The placeholders of a template ("{found|card}": the value found, counted with a noun)."""
    return {name.partition("|")[0] for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["en", "ja", "zh"])
def test_every_code_has_a_message_with_the_english_placeholders(lang):
    data = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))
    english = yaml.safe_load((messages_dir() / "en.yaml").read_text(encoding="utf-8"))
    for code in BY_CODE:
        assert code in data, f"{lang}: no message for {code}"
        assert fields(data[code]) <= fields(english[code]) | {"why", "type"}, (lang, code)
        if lang != "en":
            assert code in data["names"], f"{lang}: no check name for {code}"
            assert not re.search(r"[A-Za-z]{3,}", data["names"][code]), (lang, code)


#: English grammar with no counterpart elsewhere: articles ("an LRIG") and plural forms.
ENGLISH_ONLY_WORDS = {"types_a", "plural"}


def test_translated_words_cover_the_english_ones():
    english = yaml.safe_load((messages_dir() / "en.yaml").read_text(encoding="utf-8"))["words"]
    english = {key: value for key, value in english.items() if key not in ENGLISH_ONLY_WORDS}
    for lang in ("ja", "zh"):
        words = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
        assert set(english) <= set(words), (lang, set(english) - set(words))


def test_unknown_language_falls_back_to_english():
    assert Messages("fr").lang == "en"
    assert Messages("ja").colour("white") == "白"
    assert Messages("zh").card_type("SIGNI") == "精灵"


def test_the_pages_of_serve_have_every_text_in_every_language():
    """The ``web:`` section (serve's pages): the same keys and placeholders in every catalogue."""
    english = yaml.safe_load((messages_dir() / "en.yaml").read_text(encoding="utf-8"))["web"]
    for lang in ("ja", "zh"):
        web = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))["web"]
        assert set(web) == set(english), (lang, set(english) ^ set(web))
        for key, text in web.items():
            assert fields(text) == fields(english[key]), (lang, key)
    assert Messages("zh-Hant").web()["check"] == "檢查"  # Traditional Chinese: OpenCC from zh.yaml

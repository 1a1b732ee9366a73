"""A check owns the wording of its own placeholders (``wording=`` of ``@check``):
``checking/wording.py`` knows no particular check, and a check's wording is what its
message uses."""

from __future__ import annotations

import re
from pathlib import Path

from wixoss_deckcheck.checking.wording import Placeholders, fill
from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.checks.registry import Finding
from wixoss_deckcheck.messages import Messages

WORDING = Path(__file__).resolve().parent.parent / "wixoss_deckcheck" / "checking" / "wording.py"


def test_wording_names_no_check():
    source = WORDING.read_text(encoding="utf-8")
    named = [info.slug for info in BY_CODE.values() if info.slug in source]
    named += re.findall(r"WX\d{3}", source)
    assert named == []


def test_the_checks_word_their_own_placeholders():
    """The placeholders that only some messages use are worded by those checks."""
    own = {code: set(info.wording) for code, info in BY_CODE.items() if info.wording}
    assert own["WX109"] == {"type", "type_a"}
    assert own["WX130"] >= {"allowed", "available", "missing"}
    assert own["WX120"] == {"icons", "why"}
    assert {"WX140", "WX141", "WX142", "WX143"} <= set(own)
    assert "reason" in own["WX211"]


def _message(code: str, lang: str, finding: Finding) -> str:
    messages = Messages(lang)
    values = Placeholders(messages, "Diva Selection", BY_CODE[code], finding, None, ["サーバント (X-1)"])
    return fill(messages, Messages("en"), code, values)


def test_a_checks_wording_is_what_its_message_says():
    colours = Finding(allowed=["blue", "red"], args={"missing": "green"})
    assert _message("WX130", "en", colours).endswith("(they have: blue/red).")
    assert "青/赤" in _message("WX130", "ja", colours)
    no_center = Finding(found=0, allowed=1, args={"reason": "no_center"})
    assert "no level-0 LRIG can be the center" in _message("WX211", "en", no_center)
    not_before = Finding(args={"effective": "2024-01-01", "effective_bound": "not-before"})
    assert "2024-01-01 at the earliest" in _message("WX140", "en", not_before)
    exact = Finding(args={"effective": "2024-01-01", "effective_bound": "exact"})
    assert "at the earliest" not in _message("WX140", "en", exact)

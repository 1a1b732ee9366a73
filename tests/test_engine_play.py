"""Play-legality analysis: each finding on a small deck built from cards, and ``check --play``."""

from __future__ import annotations

import json

import pytest
from engine_helpers import D01, WD01, lrig, resolved_deck, signi

from wixoss_deckcheck.checking import play
from wixoss_deckcheck.checks.registry import BY_CODE
from wixoss_deckcheck.cli import main
from wixoss_deckcheck.messages import Messages

PARAMS = {"counts": [1, 3], "covered": False}


def _codes(deck, params=PARAMS):
    out = []
    for info in play.play_checks():
        out += [(info.code, finding) for finding in info.function(deck, params)]
    return out


def _tama_line(top=4):
    return [lrig(f"L{level}", level) for level in range(top + 1)]


def test_every_play_code_is_registered_with_a_message():
    codes = sorted(info.code for info in play.play_checks())
    assert codes == [f"WX2{n:02d}" for n in range(1, 12)]
    english = Messages("en")
    for code in codes:
        assert BY_CODE[code].kind == "play"
        assert english.template(code) != code
        assert BY_CODE[code].severity == ("error" if code == "WX211" else "warning")


def test_a_clean_deck_has_no_findings():
    deck = resolved_deck(
        [(signi("S1", 1, colors=("white",)), 20), (signi("S4", 4, colors=("white",)), 20)], _tama_line()
    )
    assert _codes(deck) == []


def test_grow_gap_names_the_unreachable_lrigs():
    line = [card for card in _tama_line() if card.level != 2]
    found = _codes(resolved_deck([(signi("S1", 1), 40)], line))
    assert [code for code, _ in found] == ["WX201"]
    finding = found[0][1]
    assert [entry.card.number for entry in finding.cards] == ["L3", "L4"]
    assert finding.args["below"] == 2


def test_grow_needs_a_shared_lrig_type_and_assists_grow_from_their_own_line():
    cards = [
        lrig("T0", 0),
        lrig("T1", 1),
        lrig("I2", 2, types=("イオナ",)),
        lrig("U0", 0, types=("ウムル",)),
        lrig("UA1", 1, types=("ウムル",), card_type="ASSIST_LRIG", limit=0),
        lrig("UA2", 2, types=("ウムル",), card_type="ASSIST_LRIG", limit=1),
        lrig("X0", 0, types=("タウィル",)),
    ]
    found = _codes(resolved_deck([(signi("S1", 1), 40)], cards))
    assert [(code, f.cards[0].card.number) for code, f in found if code == "WX201"] == [("WX201", "I2")]


def test_lrig_types_compare_after_width_folding():
    cards = [lrig("V0", 0, types=("LoV",)), lrig("V1", 1, types=("ＬｏＶ",))]
    deck = resolved_deck([(signi("S1", 1, limiting=("ＬｏＶ",)), 40)], cards)
    assert _codes(deck) == []


def test_cost_colours_missing_from_the_main_deck():
    cards = _tama_line(2)
    cards[2] = lrig("L2", 2, grow_cost={"white": 1})
    arts = lrig("A", 0, card_type="ARTS", cost={"black": 2, "colorless": 1})
    arts = arts._replace(level=None)
    deck = resolved_deck([(signi("S1", 1, colors=("red",)), 40)], cards + [arts])
    found = dict((code, f) for code, f in _codes(deck))
    assert found["WX202"].args["missing"] == "white" and found["WX202"].args["colours"] == "red"
    assert found["WX203"].args["missing"] == "black"
    # a multi-ener card can pay any colour
    deck = resolved_deck([(signi("S1", 1, colors=("red",)), 36), (signi("M", 1, multi_ener=True), 4)], cards + [arts])
    assert not [code for code, _ in _codes(deck) if code in ("WX202", "WX203")]


def test_signi_above_every_lrig_and_limit_that_never_fits():
    cards = [lrig("L0", 0), lrig("L1", 1, limit=1), lrig("L2", 2, limit=1)]
    deck = resolved_deck([(signi("S2", 2), 20), (signi("S3", 3), 20)], cards)
    found = _codes(deck)
    assert ("WX204", "S3") in [(code, f.cards[0].card.number) for code, f in found]
    assert [(code, f.args["limit"]) for code, f in found if code == "WX206"] == [("WX206", 1)]


def test_assist_limits_count_toward_the_limit():
    center = [lrig("C0", 0), lrig("C1", 1, limit=1), lrig("C2", 2, limit=1)]
    assists = [
        lrig("A0", 0, types=("ウムル",)),
        lrig("A1", 1, types=("ウムル",), card_type="ASSIST_LRIG", limit=1),
        lrig("B0", 0, types=("アト",)),
        lrig("B1", 1, types=("アト",), card_type="ASSIST_LRIG", limit=1),
    ]
    deck = resolved_deck([(signi("S2", 2), 40)], center + assists)
    assert "WX206" not in [code for code, _ in _codes(deck)]  # 1 + 1 + 1 = 3 >= 2
    assert "WX206" in [code for code, _ in _codes(deck, {"counts": [1], "covered": False})]  # 1 LRIG only


def test_starting_lrigs_with_the_same_type():
    cards = [
        lrig("R0", 0, types=("リメンバ",)),
        lrig("R0b", 0, types=("リメンバ",)),
        lrig("R0c", 0, types=("リメンバ",)),
        lrig("R1", 1, types=("リメンバ",)),
    ]
    found = [(code, f) for code, f in _codes(resolved_deck([(signi("S1", 1), 40)], cards)) if code == "WX207"]
    assert len(found) == 1 and len(found[0][1].cards) == 3
    # three different types: fine; and a format that starts with 1 LRIG never puts them together
    cards[1] = lrig("U0", 0, types=("ウムル",))
    cards[2] = lrig("T0", 0, types=("タウィル",))
    assert "WX207" not in [code for code, _ in _codes(resolved_deck([(signi("S1", 1), 40)], cards))]


def test_team_piece_needs_its_team():
    piece = lrig("P", 0, card_type="PIECE", team_piece=True, team="アンシエント・サプライズ")._replace(level=None)
    team = [lrig(f"T{i}", 0, types=(f"type{i}",), team="アンシエント・サプライズ") for i in range(2)]
    other = lrig("O", 0, types=("other",), team="さんばか")
    found = [
        (code, f) for code, f in _codes(resolved_deck([(signi("S1", 1), 40)], team + [other, piece])) if code == "WX208"
    ]
    assert len(found) == 1 and found[0][1].found == 2
    third = lrig("T2", 0, types=("type2",), team="アンシエント･サプライズ")  # half-width middle dot: same name
    assert "WX208" not in [code for code, _ in _codes(resolved_deck([(signi("S1", 1), 40)], team + [third, piece]))]


def test_two_level_zero_lrigs_and_a_dead_piece():
    piece = lrig("P", 0, card_type="PIECE")._replace(level=None)
    cards = [lrig("A0", 0), lrig("B0", 0, types=("イオナ",)), piece]
    codes = [code for code, _ in _codes(resolved_deck([(signi("S1", 1), 40)], cards))]
    assert "WX209" in codes and "WX210" in codes
    # a format that starts with 3 only leaves that to the construction check WX111
    assert "WX209" not in [
        code for code, _ in _codes(resolved_deck([(signi("S1", 1), 40)], cards), {"counts": [3], "covered": True})
    ]


def test_cannot_start_is_an_error_unless_construction_checks_say_so():
    cards = [lrig("A1", 1)]
    found = [f for code, f in _codes(resolved_deck([(signi("S1", 1), 40)], cards)) if code == "WX211"]
    assert found and found[0].args["reason"] == "no_center"
    assert not [
        code
        for code, _ in _codes(resolved_deck([(signi("S1", 1), 40)], cards), {"counts": [1, 3], "covered": True})
        if code == "WX211"
    ]
    two = [lrig("A0", 0), lrig("B0", 0, types=("イオナ",))]
    found = [
        f
        for code, f in _codes(resolved_deck([(signi("S1", 1), 40)], two), {"counts": [3], "covered": False})
        if code == "WX211"
    ]
    assert found and found[0].args["reason"] == "counts" and (found[0].found, found[0].allowed) == (2, [3])


def _run(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    out = capsys.readouterr()
    return info.value.code, out.out, out.err


def test_check_play_on_real_starter_decks_has_no_errors(full_pool_path, capsys):
    code, out, _err = _run(
        ["check", "--play", "-O", "json", "--cardpool", str(full_pool_path), str(D01), str(WD01)], capsys
    )
    report = json.loads(out)
    assert code == 0
    assert all(deck["legal"] for deck in report["decks"])
    assert not [
        v for deck in report["decks"] for v in deck["violations"] if v["kind"] == "play" and v["severity"] == "error"
    ]


def test_check_play_findings_in_json_and_exit_codes(tmp_path, full_pool_path, capsys):
    deck = tmp_path / "gap.txt"
    deck.write_text(
        "# format: all-star\n[main]\n"
        + "".join(f"4 WD01-{i:03d}\n" for i in range(9, 19))
        + "[lrig]\nWD01-001\nWD01-002\nWD01-004\nWD01-005\n",
        encoding="utf-8",
    )
    code, out, _err = _run(["check", "-O", "json", "--cardpool", str(full_pool_path), str(deck)], capsys)
    assert code == 0 and not json.loads(out)["decks"][0]["violations"]  # without --play: nothing
    code, out, _err = _run(["check", "--play", "-O", "json", "--cardpool", str(full_pool_path), str(deck)], capsys)
    violations = json.loads(out)["decks"][0]["violations"]
    assert code == 0  # warnings only
    assert {v["code"] for v in violations} == {"WX201"}
    assert violations[0]["kind"] == "play" and violations[0]["cards"] == ["WD01-002", "WD01-001"]
    assert violations[0]["line"] == 15
    code, out, _err = _run(["check", "--play", "--strict", "--cardpool", str(full_pool_path), str(deck)], capsys)
    assert code == 1 and "WX201" in out
    code, out, _err = _run(
        ["check", "--play", "--disable", "WX201", "-O", "json", "--cardpool", str(full_pool_path), str(deck)], capsys
    )
    assert code == 0 and not json.loads(out)["decks"][0]["violations"]


def test_play_error_fails_the_check(tmp_path, full_pool_path, capsys):
    deck = tmp_path / "nolevel0.txt"
    deck.write_text(
        "[main]\n" + "".join(f"4 WD01-{i:03d}\n" for i in range(9, 19)) + "[lrig]\nWD01-004\n", encoding="utf-8"
    )
    code, out, _err = _run(
        ["check", "--play", "-f", "all-star", "-O", "json", "--cardpool", str(full_pool_path), str(deck)], capsys
    )
    codes = [v["code"] for v in json.loads(out)["decks"][0]["violations"]]
    assert code == 1 and "WX107" in codes and "WX211" not in codes  # the construction check already says it
    bare = tmp_path / "bare.yaml"
    bare.write_text("id: bare\nname: Bare rules\nrules: []\n", encoding="utf-8")
    code, out, _err = _run(
        ["check", "--play", "--format-file", str(bare), "-O", "json", "--cardpool", str(full_pool_path), str(deck)],
        capsys,
    )
    violations = json.loads(out)["decks"][0]["violations"]
    assert [(v["code"], v["severity"], v["kind"]) for v in violations if v["code"] == "WX211"] == [
        ("WX211", "error", "play")
    ]
    assert code == 1 and json.loads(out)["decks"][0]["legal"] is False

"""replay: every action of a game record checked by the rules engine; each illegal one has its code."""

from __future__ import annotations

import json

import pytest
from conftest import DECKS, run_main
from engine_records import ev, header, wd01, wd01_setup, wd01_two_turns, write_deck, write_record

from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.errors import InputError


def _replay(tmp_path, full_pool, lines):
    game, outcomes = replay(read_record(str(write_record(tmp_path, lines))), full_pool)
    return game, [o for o in outcomes if o.slug is not None]


def _codes(tmp_path, full_pool, lines):
    from wixoss_deckcheck.checks.replay import code_of

    _game, bad = _replay(tmp_path, full_pool, lines)
    return [(o.index, code_of(o.slug)) for o in bad]


def test_a_legal_game_is_legal(tmp_path, full_pool):
    wd01(tmp_path)
    game, bad = _replay(tmp_path, full_pool, [header(), *wd01_two_turns()])
    assert bad == []
    state = game.state
    assert game.center_level() == 2 and state.signi_zones[:2] != [-1, -1] and len(state.life_cloth) == 6
    assert sum(state.ener) == 2 and sum(state.trash) == 2  # a charge, a crushed cloth; paid 1, guarded 1


def _with(events, index, new):
    out = list(events)
    out[index] = new
    return out


# (description, events after the header, expected (event index, code) findings)
BASE = wd01_two_turns()
CASES = [
    ("turn out of order", [*BASE[:5], ev(3, "charge", card="WD01-015")], [(6, "WX301")]),
    ("unknown card", [*BASE[:3], ev(1, "draw", cards=["NOPE-999"])], [(4, "WX302")]),
    ("card not in this deck", [*BASE[:3], ev(1, "draw", cards=["WX01-034"])], [(4, "WX302")]),
    (
        "impossible draw: a fifth copy",  # two WD01-009 are in the Life Cloth
        [*BASE[:3], ev(1, "draw", cards=["WD01-009"]), ev(1, "end"), ev(2, "draw", cards=["WD01-009", "WD01-009"])],
        [(6, "WX303")],
    ),
    ("a first player's turn-1 draw of 2", [*BASE[:3], ev(1, "draw", cards=["WD01-015", "WD01-010"])], [(4, "WX304")]),
    ("no draw in the draw phase", [*BASE[:3], ev(1, "grow", card="WD01-004")], [(4, "WX304")]),
    ("charge after grow", [*BASE[:4], BASE[5], BASE[4]], [(6, "WX305")]),
    ("two charges", [*BASE[:5], ev(1, "charge", card="WD01-013")], [(6, "WX306")]),
    ("two grows", [*BASE[:6], ev(1, "grow", card="WD01-003", pay=["WD01-015"])], [(7, "WX306")]),
    ("grow Lv0 to Lv2", [*BASE[:5], ev(1, "grow", card="WD01-003", pay=["WD01-015"])], [(6, "WX307")]),
    ("grow paid with a SIGNI charged this turn", _with(BASE, 12, ev(2, "grow", card="WD01-003", pay=["WD01-011"])), []),
    (
        "grow paid with too many cards",
        [*BASE[:12], ev(2, "grow", card="WD01-003", pay=["WD01-015", "WD01-011"])],
        [(13, "WX309")],
    ),
    (
        "grow paid with a card not in ener",
        [*BASE[:12], ev(2, "grow", card="WD01-003", pay=["WD01-014"])],
        [(13, "WX303")],
    ),
    ("place above the center's level", [*BASE[:6], ev(1, "place", card="WD01-012", zone=1)], [(7, "WX310")]),
    ("place into an occupied zone", [*BASE[:7], ev(1, "place", card="WD01-014", zone=1)], [(8, "WX312")]),
    ("place a SPELL", [*BASE[:6], ev(1, "place", card="WD01-015", zone=1)], [(7, "WX321")]),
    ("attack on the first player's turn 1", [*BASE[:7], ev(1, "attack", zone=1)], [(8, "WX315")]),
    ("SIGNI attack after the LRIG attack", [*BASE[:14], BASE[14], BASE[16], BASE[15]], [(17, "WX315")]),
    ("attack from an empty zone", [*BASE[:14], ev(2, "attack", zone=3)], [(15, "WX315")]),
    ("guard with a card without a guard", _with(BASE, 9, ev(1, "guard", card="WD01-014")), [(10, "WX316")]),
    (
        "back to your turn after the opponent's",
        [*BASE[:7], ev(1, "crushed", card="WD01-012"), ev(1, "end")],
        [(9, "WX301")],
    ),
    ("crushed card not in the Life Cloth", [*BASE[:8], ev(1, "crushed", card="WD01-014")], [(9, "WX303")]),
    ("mulligan twice", [*BASE[:2], BASE[1]], [(3, "WX306")]),
    ("mulligan after the Life Cloth", [*BASE[:3], ev(0, "mulligan", **{"return": []}, cards=[])], [(4, "WX305")]),
]


@pytest.mark.parametrize("events, expected", [pytest.param(e, x, id=d) for d, e, x in CASES])
def test_illegal_actions_have_their_codes(tmp_path, full_pool, events, expected):
    wd01(tmp_path)
    assert _codes(tmp_path, full_pool, [header(), *events]) == expected


def test_colourless_card_cannot_pay_white(tmp_path, full_pool):
    wd01(tmp_path)
    events = [
        *wd01_setup(),
        ev(1, "draw", cards=["WD01-018"]),
        ev(1, "charge", card="WD01-018"),
        ev(1, "grow", card="WD01-004"),
        ev(1, "end"),
        ev(2, "draw", cards=["WD01-010", "WD01-011"]),
        ev(2, "grow", card="WD01-003", pay=["WD01-018"]),
    ]
    assert _codes(tmp_path, full_pool, [header(), *events]) == [(9, "WX309")]


def test_limit_and_hand_limit(tmp_path, full_pool):
    wd01(tmp_path)
    events = [
        *wd01_setup(),
        ev(1, "draw", cards=["WD01-014"]),
        ev(1, "grow", card="WD01-004"),
        ev(1, "place", card="WD01-013", zone=1),
        ev(1, "place", card="WD01-014", zone=2),
        ev(1, "place", card="WD01-014", zone=3),
    ]
    assert _codes(tmp_path, full_pool, [header(), *events]) == [(8, "WX311")]
    events = [*wd01_setup(), ev(1, "draw", cards=["WD01-014"]), ev(1, "end", discard=["WD01-014"])]
    assert _codes(tmp_path, full_pool, [header(), *events]) == [(5, "WX317")]  # 6 cards: nothing to discard


def test_limiting_condition_against_the_center(tmp_path, full_pool):
    wd01(tmp_path, swap={"WD01-018": "WX01-034"})  # 修復: 緑子限定
    events = [
        *wd01_setup()[:1],
        ev(0, "life_cloth", cards=["WD01-009"] * 4 + ["WD01-011"] * 3),
        ev(1, "draw", cards=["WX01-034"]),
        ev(1, "use", card="WX01-034"),
    ]
    assert _codes(tmp_path, full_pool, [header(), *events]) == [(4, "WX313")]


def test_one_limiting_rule_serves_replay_and_check_play(tmp_path, full_pool, monkeypatch):
    """WX313 (replay) and WX205 (check --play) both ask GameRules.limiting_met: changing that one
    rule changes both verdicts (the official column play_211021 reading lives in one place)."""
    from wixoss_deckcheck.checking.checker import Checker
    from wixoss_deckcheck.checking.play import play_violations
    from wixoss_deckcheck.decklist import parse_deck_text
    from wixoss_deckcheck.engine.game.gamerules import GameRules, game_rules
    from wixoss_deckcheck.tables.loading import load_format

    assert game_rules("2026-11-30").limiting_condition == "center"
    wd01(tmp_path, swap={"WD01-018": "WX01-034"})  # 修復: 緑子限定
    events = [
        *wd01_setup()[:1],
        ev(0, "life_cloth", cards=["WD01-009"] * 4 + ["WD01-011"] * 3),
        ev(1, "draw", cards=["WX01-034"]),
        ev(1, "use", card="WX01-034"),
    ]
    deck = parse_deck_text("[main]\n4 WX01-034\n[lrig]\nWD01-005\nWD01-004\n", "d.txt")
    checker = Checker(full_pool, load_format("all-star"), "2026-11-30")

    def play_codes():
        return [v.code for v in play_violations(checker, deck) if v.code == "WX205"]

    assert _codes(tmp_path, full_pool, [header(), *events]) == [(4, "WX313")]
    assert play_codes() == ["WX205"]
    monkeypatch.setattr(GameRules, "limiting_met", lambda self, limited, center: True)
    assert (4, "WX313") not in _codes(tmp_path, full_pool, [header(), *events])  # (its cost is still unpaid)
    assert play_codes() == []


def test_grow_needs_a_shared_lrig_type(tmp_path, full_pool):
    wd01(tmp_path, extra_lrig=("WD02-004",))  # 花代・壱
    events = [*wd01_setup(), ev(1, "draw", cards=["WD01-015"]), ev(1, "grow", card="WD02-004")]
    assert _codes(tmp_path, full_pool, [header(), *events]) == [(5, "WX308")]


def test_active_trash_is_dated(tmp_path, full_pool):
    wd01(tmp_path)
    events = [
        *wd01_setup(),
        ev(1, "draw", cards=["WD01-015"]),
        ev(1, "grow", card="WD01-004"),
        ev(1, "place", card="WD01-013", zone=1),
        ev(1, "place", card="WD01-014", zone=2),
        ev(1, "trash", cards=["WD01-013", "WD01-014"]),
    ]
    assert _codes(tmp_path, full_pool, [header(as_of="2026-11-30"), *events]) == []
    assert _codes(tmp_path, full_pool, [header(as_of="2017-06-01"), *events]) == [(8, "WX314")]


def test_a_second_refresh_ends_the_turn(tmp_path, full_pool):
    wd01(tmp_path)
    setup = wd01_setup()
    seen = ["WD01-013", "WD01-014", "WD01-012", "WD01-016", "WD01-017"] + setup[2]["cards"]
    counts = {c: 4 for c in [f"WD01-{n:03d}" for n in range(9, 19)]}
    for card in seen:
        counts[card] -= 1
    rest = [c for c, n in counts.items() for _ in range(n)]  # the 28 cards left in the deck
    mill = [ev(1, "move", card=c, **{"from": "deck", "to": "trash"}, by="test") for c in rest[1:]]
    lines = [
        header(),
        *setup,
        ev(1, "draw", cards=[rest[0]]),
        *mill,
        *mill,
        ev(1, "place", card="WD01-013", zone=1),
        ev(1, "end"),
    ]
    game, bad = _replay(tmp_path, full_pool, lines)
    assert game.state.total_refreshes == 2 and len(game.state.life_cloth) == 5  # two Life Cloth to the trash
    assert [(o.index, o.slug) for o in bad] == [(len(lines) - 2, "turn-ended")]  # the end phase still runs
    from wixoss_deckcheck.messages import Messages
    from wixoss_deckcheck.reporters.play.replay import word

    assert any("the turn ends" in word(note, Messages("en")) for note in game.notes)


def test_piece_needs_three_lrigs_and_assist_grows(tmp_path, full_pool):
    deck = DECKS / "text" / "rx-wxdi-d01.txt"
    (tmp_path / "d01.txt").write_text(deck.read_text(encoding="utf-8"), encoding="utf-8")
    hand = ["WXDi-D01-012"] * 4 + ["WXDi-D01-013"]
    life = ["WXDi-D01-014"] * 4 + ["WXDi-D01-015"] * 3
    one = header("d01.txt", start=("WXDi-D01-001",), fmt="diva")
    events = [
        ev(0, "draw", cards=hand),
        ev(0, "life_cloth", cards=life),
        ev(1, "draw", cards=["WXDi-D01-013"]),
        ev(1, "use", card="WXDi-D01-011"),
    ]
    assert _codes(tmp_path, full_pool, [one, *events]) == [(4, "WX319")]
    three = header("d01.txt", start=("WXDi-D01-001", "WXDi-D01-005", "WXDi-D01-008"), fmt="diva")
    events = [
        *events[:3],
        ev(1, "grow", card="WXDi-D01-002"),
        ev(1, "assist_grow", card="WXDi-D01-006", side="left"),
        ev(1, "assist_grow", card="WXDi-D01-010", side="right"),
    ]
    assert _codes(tmp_path, full_pool, [three, *events]) == [(6, "WX320")]


def test_illegal_starts(tmp_path, full_pool):
    wd01(tmp_path)
    assert _codes(tmp_path, full_pool, [header(start=("WD01-001",))]) == [(0, "WX322")]
    assert _codes(tmp_path, full_pool, [header(start=("WD01-005", "WD01-004", "WD01-003"))]) == [(0, "WX322")]


def test_cli_exit_codes_and_json(tmp_path, full_pool_path, capsys):
    wd01(tmp_path)
    good = write_record(tmp_path, [header(), *wd01_two_turns()], "good.jsonl")
    code, out, err = run_main(capsys, "replay", str(good), "--cardpool", str(full_pool_path))
    assert code == 0 and "legal (" in out and not err
    bad = write_record(
        tmp_path,
        [header(), *wd01_setup(), ev(1, "draw", cards=["WD01-015"]), ev(1, "grow", card="WD01-002")],
        "bad.jsonl",
    )
    code, out, err = run_main(capsys, "replay", str(bad), "--cardpool", str(full_pool_path), "-O", "json")
    report = json.loads(out)
    assert code == 1 and report["legal"] is False
    wrong = [a for a in report["actions"] if not a["legal"]]
    assert [(a["index"], a["turn"], a["code"]) for a in wrong] == [(5, 1, "WX307")]
    assert wrong[0]["message"].startswith("turn 1: grow to WD01-002: 弦月の巫女")
    assert "Lv0" in wrong[0]["message"] and "level 1" in wrong[0]["message"]
    assert set(wrong[0]) >= {"index", "turn", "action", "legal", "code", "message"}
    code, out, _err = run_main(capsys, "replay", str(bad), "--cardpool", str(full_pool_path), "--lang", "ja")
    assert code == 1 and "グロウできるのは" in out


@pytest.mark.parametrize(
    "text, problem, line",
    [
        ("", "empty", 1),
        ('{"turn": 0, "action": "draw", "cards": []}\n', "game header", 1),
        ('{"game": {"deck": "wd01.txt", "player": "first", "start": ["WD01-005"]}}\nnot json\n', "not JSON", 2),
        (
            '{"game": {"deck": "wd01.txt", "player": "first", "start": ["WD01-005"]}}\n'
            '{"turn": 0, "action": "draw", "cards": 3}\nxx\n',
            "not of type 'array'",
            2,
        ),
        (
            '{"game": {"deck": "wd01.txt", "player": "first", "start": ["WD01-005"]}}\n'
            '{"turn": 1, "action": "grow", "card": "WD01-004", "colour": "red"}\n',
            "unknown key 'colour'",
            2,
        ),
        (
            '{"game": {"deck": "missing.txt", "player": "first", "start": ["WD01-005"]}}\n',
            "missing.txt: no such file",
            1,
        ),
        (
            '{"game": {"deck": "wd01.txt", "as_of": "2026-13-45", "player": "first", "start": ["WD01-005"]}}\n',
            "not a date",
            1,
        ),
    ],
)
def test_unreadable_records_are_one_error_line(tmp_path, full_pool_path, capsys, text, problem, line):
    wd01(tmp_path)
    path = tmp_path / "r.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_main(capsys, "replay", str(path), "--cardpool", str(full_pool_path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and problem in err and "Traceback" not in err
    if line is not None:
        assert f"r.jsonl:{line}:" in err


def test_yaml_records_are_read_the_same_way(tmp_path, full_pool):
    import yaml

    wd01(tmp_path)
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump([header(), *wd01_two_turns()], allow_unicode=True), encoding="utf-8")
    _game, outcomes = replay(read_record(str(path)), full_pool)
    assert all(o.slug is None for o in outcomes) and len(outcomes) == len(wd01_two_turns()) + 1
    path.write_text("game: 1\n", encoding="utf-8")
    with pytest.raises(InputError, match="YAML record is a list"):
        read_record(str(path))


def test_write_deck_helper(tmp_path):
    path = write_deck(tmp_path, "x.txt", [(4, "A")], ["B"])
    assert path.read_text(encoding="utf-8") == "[main]\n4 A\n[lrig]\nB\n"


def test_either_or_grow_cost_and_printed_restrictions(tmp_path, full_pool):
    """コード・ピルルク・φ2 costs 《青/黒》×１ (blue or black) and grows only from a blue-and-black LRIG."""
    main = [(4, f"WD03-{n:03d}") for n in range(9, 16)] + [(4, "WD01-016"), (4, "WD01-017"), (4, "WD01-018")]
    write_deck(tmp_path, "pi.txt", main, ["WD03-005", "WD03-004", "WX25-P2-032", "WX25-P2-033"])
    hand = ["WD03-010", "WD03-012", "WD03-013", "WD03-015", "WD01-018"]
    life = ["WD03-009"] * 4 + ["WD03-011"] * 3
    start = [
        ev(0, "draw", cards=hand),
        ev(0, "life_cloth", cards=life),
        ev(1, "draw", cards=["WD03-014"]),
        ev(1, "charge", card="WD03-010"),
    ]
    lines = [header("pi.txt", start=("WD03-005",))]
    legal = [
        *start,
        ev(1, "grow", card="WX25-P2-032"),
        ev(1, "end"),
        ev(2, "draw", cards=["WD03-014", "WD03-015"]),
        ev(2, "charge", card="WD01-018"),
        ev(2, "grow", card="WX25-P2-033", pay=["WD03-010"]),
    ]
    assert _codes(tmp_path, full_pool, [*lines, *legal]) == []
    colourless = [*legal[:-1], ev(2, "grow", card="WX25-P2-033", pay=["WD01-018"])]
    assert _codes(tmp_path, full_pool, [*lines, *colourless]) == [(9, "WX309")]
    from_blue = [
        *start,
        ev(1, "grow", card="WD03-004"),
        ev(1, "end"),
        ev(2, "draw", cards=["WD03-014", "WD03-015"]),
        ev(2, "grow", card="WX25-P2-033", pay=["WD03-010"]),
    ]
    assert _codes(tmp_path, full_pool, [*lines, *from_blue]) == [(8, "WX323")]


def test_either_or_costs_of_the_pool_are_symbols_either_colour_pays():
    from wixoss_deckcheck.engine.game.payment import COLOUR_BITS, COLOURLESS, matches, parse_cost

    cost = parse_cost({"choice": [{"colours": ["blue", "black"], "amount": 1}], "colorless": 1})
    blue, black, red = (COLOUR_BITS[c] | COLOURLESS for c in ("blue", "black", "red"))
    assert cost.symbols == ((COLOUR_BITS["blue"] | COLOUR_BITS["black"], 1), (COLOURLESS, 1))
    assert matches(cost, [black, blue]) and matches(cost, [red, blue]) and not matches(cost, [red, red])


def test_rules_lists_the_replay_codes(capsys):
    code, out, _err = run_main(capsys, "rules", "-O", "json")
    rows = {row["code"]: row for row in json.loads(out) if row["kind"] == "replay"}
    assert code == 0 and sorted(rows) == [f"WX3{n:02d}" for n in range(1, 32)]
    assert all(row["severity"] == "error" and row["used_by"] == ["replay (game records)"] for row in rows.values())


def test_arts_before_the_attacks(tmp_path, full_pool):
    """An ARTS of the attack phase comes before the attacks (the step before the SIGNI attack step)."""
    wd01(tmp_path)
    base = wd01_two_turns()  # after its turn-2 grow, ener holds WD01-012 (crushed) and WD01-011 (charged)
    arts = ev(2, "use", card="WD01-008", pay=["WD01-012", "WD01-011"])  # バロック・ディフェンス: white 2
    attack = ev(2, "attack", zone=1)
    assert _codes(tmp_path, full_pool, [header(), *base[:14], attack, arts]) == [(16, "WX305")]
    assert _codes(tmp_path, full_pool, [header(), *base[:14], arts, attack]) == []


def test_the_shipped_example_record_is_legal_with_the_sample_pool(capsys):
    from conftest import EXAMPLES

    code, out, err = run_main(capsys, "replay", str(EXAMPLES / "records" / "wd01-two-turns.jsonl"))
    assert code == 0 and "legal (19 actions)" in out, out + err


def test_the_replay_page_lists_every_replay_code():
    """The table of replay codes in docs/replay.md says what the registry holds (no code left out)."""
    from pathlib import Path

    from wixoss_deckcheck.checks.replay import REPLAY_CODES

    page = (Path(__file__).resolve().parent.parent / "docs" / "replay.md").read_text(encoding="utf-8")
    for code, name, _summary, _doc in REPLAY_CODES.values():
        assert f"| [{code}](checks/{code}.md) | {name} |" in page, code

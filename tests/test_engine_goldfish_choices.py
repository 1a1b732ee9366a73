"""The goldfish's choices, issue 22: a guard charged when only it keeps the curve, a SIGNI of the
field charged only when that is no worse than a card of the hand, ARTS used, and levels the
arithmetic never reaches."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import DECKS

from wixoss_deckcheck.engine.game.setup import load_game_deck
from wixoss_deckcheck.engine.goldfish.charge import charge_choice
from wixoss_deckcheck.engine.goldfish.plan import build_plan
from wixoss_deckcheck.engine.goldfish.play import Seat, new_goldfish
from wixoss_deckcheck.engine.goldfish.seats import run_seat

REAL = Path(__file__).parent / "realdecks"
D02 = DECKS / "text" / "rx-wxdi-d02.txt"
D06 = REAL / "diva" / "2022-12-21-wxdi-d06-diagram.txt"


@pytest.fixture(scope="module")
def d02(full_pool):
    return load_game_deck(str(D02), full_pool, as_of="2026-11-30")


def _at(loaded, step: int, hand: dict[str, int], ener: dict[str, int], field: list[str | None]):
    """A goldfish in the ener phase of turn ``step + 1``: the center ``step`` grows along its path,
    the hand, ener and field as given (card numbers)."""
    book = loaded.book
    plan = build_plan(book, loaded.rules)
    goldfish = new_goldfish(book, plan, loaded.rules, True, random.Random(1))
    goldfish.setup(Seat(True, 3))
    state = goldfish.game.state
    kinds = {card.number: kind for kind, card in enumerate(book.main_cards)}
    state.hand = [hand.get(card.number, 0) for card in book.main_cards]
    state.ener = [ener.get(card.number, 0) for card in book.main_cards]
    state.signi_zones = [kinds[n] if n else -1 for n in field]
    state.center = [plan.center, *plan.center_path[:step]]
    goldfish.step = step
    return goldfish


def _choice(goldfish) -> tuple[str, bool] | None:
    chosen = charge_choice(goldfish.game, goldfish.plan, goldfish.step, goldfish.ener_classes())
    return None if chosen is None else (goldfish.book.main_cards[chosen[0]].number, chosen[1])


def test_a_guard_is_charged_when_only_it_pays_the_grow(d02):
    """Lv1 -> Lv3 needs white 2; the ener holds one white card; the hand holds black cards and
    サーバント＃ (a multi-ener guard): only the guard makes the Lv3 grow payable this turn."""
    goldfish = _at(
        d02,
        2,
        {"WXDi-D01-020": 1, "WXDi-D02-25": 2, "WXDi-D02-29": 3},
        {"WXDi-D02-26": 1},
        ["WXDi-D02-22", "WXDi-D02-22", None],
    )
    assert _choice(goldfish) == ("WXDi-D01-020", False)
    kind = next(k for k, card in enumerate(d02.book.main_cards) if card.number == "WXDi-D02-24")
    goldfish.game.state.hand[kind] += 1  # a white SIGNI: another card keeps the curve, the guard stays
    assert _choice(goldfish) == ("WXDi-D02-24", False)


def test_a_field_signi_stays_when_the_hand_is_over_the_limit(d02):
    """A hand of 8 white cards with two zones full: a card of the hand would be discarded at the
    end, so it is charged rather than the white Lv1 SIGNI of the field (which no card of the hand
    replaces at Lv1, and which pays no more); with a hand of 6 the field's SIGNI, worth least, goes."""
    hand = {"WXDi-D02-23": 3, "WXDi-D02-24": 3, "WXDi-D02-21": 2}
    goldfish = _at(d02, 1, hand, {}, ["WXDi-D02-20", "WXDi-D02-20", None])
    assert _choice(goldfish) == ("WXDi-D02-21", False)
    goldfish = _at(d02, 1, {**hand, "WXDi-D02-21": 0}, {}, ["WXDi-D02-20", "WXDi-D02-20", None])
    assert _choice(goldfish) == ("WXDi-D02-20", True)


def _misses_and_empty_field_discards(loaded, first: bool, games: int) -> tuple[int, int, int]:
    """Games that miss Lv3 by turn 3; turns that charged a SIGNI of the field and ended with its
    zone empty and a discard; and all turns."""
    from wixoss_deckcheck.engine.goldfish import play

    counts = {"turns": 0, "bad": 0}

    class Watched(play.Goldfish):
        def charge(self, turn):
            before = list(self.game.state.signi_zones)
            super().charge(turn)
            self.emptied = [z for z, k in enumerate(before) if k >= 0 and self.game.state.signi_zones[z] < 0]

        def end(self, turn):
            state = self.game.state
            counts["turns"] += 1
            emptied = getattr(self, "emptied", [])
            if any(state.signi_zones[z] < 0 for z in emptied) and sum(state.hand) > self.game.rules.hand_limit:
                counts["bad"] += 1
            self.emptied = []
            super().end(turn)

    original = play.Goldfish
    play.Goldfish = Watched  # new_goldfish builds the class named in its module
    try:
        tally = run_seat(loaded, build_plan(loaded.book, loaded.rules), Seat(first, 10), games, 11)
    finally:
        play.Goldfish = original
    return games - tally.level_at_least[3][3], counts["bad"], counts["turns"]


@pytest.mark.slow
@pytest.mark.parametrize("deck", [D02, D06], ids=["WXDi-D02", "WXDi-D06"])
def test_the_lv3_curve_and_no_empty_zone_before_a_discard(full_pool, deck):
    """3,000 games a seat, seed 11: before issue 22 the Lv3 curve was missed in 21 (D02) and 24
    (D06) games going first, 5 and 10 going second, and 2.3-3.1% of D02's turns charged a SIGNI
    of the field, left its zone empty and discarded at the end; now 3, 2, 0 and 0 games and at
    most 0.07% of the turns."""
    loaded = load_game_deck(str(deck), full_pool, "diva", "2026-11-30")
    for first in (True, False):
        misses, bad, turns = _misses_and_empty_field_discards(loaded, first, 3000)
        assert misses <= 5, misses
        assert bad / turns < 0.002, bad / turns


WD01 = DECKS / "text" / "wx-wd01-white-hope.txt"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Lv4 by turn 4 cannot be reached by arithmetic: its grows take 6 ener, and at most 4 cards"),
        ("ja", "4ターン目までのレベル4は計算上届きません：そこまでのグロウにエナが6枚要りますが"),
        ("zh", "第4回合前达到等级4在计算上不可能：到那里的成长需要6张能量"),
    ],
)
def test_a_level_the_arithmetic_rules_out_says_why(full_pool_path, capsys, lang, words):
    """WD01: Lv4 on turn 4 takes 0 + 1 + 2 + 3 = 6 ener; 4 charges come (none crushed)."""
    from conftest import run_main

    args = ["simulate", str(WD01), "--goldfish", "--games", "20", "--seed", "1", "--cardpool", str(full_pool_path)]
    code, out, err = run_main(capsys, *args, "--lang", lang)
    assert code == 0, err
    assert words in out and out.count(words) == 2  # both seats


def test_the_json_says_why_and_crushes_make_it_reachable(full_pool_path, capsys):
    import json

    from conftest import run_main

    args = ["simulate", str(WD01), "--goldfish", "--games", "20", "--seed", "1", "--cardpool", str(full_pool_path)]
    code, out, _err = run_main(capsys, *args, "-O", "json")
    rows = json.loads(out)["goldfish"]["seats"]["first"]["on_curve"]
    assert code == 0 and [("unreachable" in row) for row in rows] == [False, False, False, True]
    assert rows[3]["unreachable"] == {
        "ener_needed": 6,
        "ener_at_most": 4,
        "charges": 4,
        "crushed_life_cloth": 0,
        "arts_ener_charge": 0,
    }
    code, out, _err = run_main(capsys, *args, "--opponent-crushes", "1", "-O", "json")
    for seat in json.loads(out)["goldfish"]["seats"].values():
        lv4 = seat["on_curve"][3]
        assert "unreachable" not in lv4 and lv4["probability"] > 0.9  # 4 charges + 3 crushed


WX24_D1 = REAL / "diva" / "2024-04-27-wx24-d1-white-alt-hope.txt"


def test_the_pool_reads_what_an_arts_does(full_pool):
    from wixoss_deckcheck.importers.effects import arts_effect

    assert full_pool.resolve("WX24-D1-09").card.effect == {"draw": 2, "limit_upper": 1}  # ドロー・エンハンス
    assert full_pool.resolve("WX24-D1-10").card.effect == {"choose": [{"draw": 3}, {"ener_charge": 3}]}
    assert full_pool.resolve("WX24-P1-032").card.effect == {"limit_upper": 1, "partial": True}  # シーク・エンハンス
    assert full_pool.resolve("WX24-D1-06").card.effect is None  # ロココアド・バウンダリー: nothing it plays out
    assert arts_effect("カードを１枚引き【エナチャージ１】をする。") == {"draw": 1, "ener_charge": 1}
    banish = "【エナチャージ２】をする。対戦相手のシグニ１体をバニッシュする。"
    assert arts_effect(banish) == {"ener_charge": 2, "partial": True}
    assert arts_effect("") is None and arts_effect("対戦相手のシグニ１体をバニッシュする。") is None


def _limits_at(loaded, turn: int, games: int, seed: int) -> list[tuple[int, int]]:
    """(limit, sum of the SIGNI levels on the field) at the end of your turn ``turn``, game by game."""
    from wixoss_deckcheck.engine.goldfish.play import play

    found = []
    plan = build_plan(loaded.book, loaded.rules)
    rng = random.Random(seed)
    for _ in range(games):
        goldfish = new_goldfish(loaded.book, plan, loaded.rules, True, rng)

        def observe(g, moment, t):
            if moment == "own" and t == turn:
                found.append((g.game.limit(), g.game.field_levels()))

        play(goldfish, Seat(True, turn), observe)
    return found


def test_a_one_lrig_wx24_deck_gets_the_limit_upper_of_its_cost_0_arts(full_pool):
    """WX24-D1 starts with one LRIG; ドロー・エンハンス (cost 0) places a 【リミットアッパー】: from the
    Lv3 turn its limit is 6 + 2 = 8 (it stayed at 6 before issue 22), and the field uses it."""
    loaded = load_game_deck(str(WX24_D1), full_pool, "diva", "2026-11-30")
    plan = build_plan(loaded.book, loaded.rules)
    assert plan.assists == () and [loaded.book.lrig_cards[i].number for i in plan.plays] == ["WX24-D1-09", "WX24-D1-10"]
    found = _limits_at(loaded, 4, 60, 5)
    assert sum(limit == 8 for limit, _levels in found) >= 55  # every game on curve at Lv3 by turn 4
    assert any(levels > 6 for _limit, levels in found)


def test_the_arts_it_uses_replay_as_legal(tmp_path, full_pool):
    """Every use of an ARTS and the moves of its effect replay as legal, both seats, with crushes."""
    from wixoss_deckcheck.engine.game.record import read_record
    from wixoss_deckcheck.engine.game.replay import replay
    from wixoss_deckcheck.engine.goldfish.run import trace_header, write_trace

    loaded = load_game_deck(str(WX24_D1), full_pool, "diva", "2026-11-30")
    plan = build_plan(loaded.book, loaded.rules)
    for first in (True, False):
        trace: list[dict] = []
        path = tmp_path / f"wx24-{first}.jsonl"
        start = [loaded.book.lrig_cards[plan.center].number]
        run_seat(loaded, plan, Seat(first, 10, 1), 6, 9, trace, trace_header(loaded, start, str(path), 9))
        write_trace(str(path), trace)
        _game, outcomes = replay(read_record(str(path)), full_pool)
        assert [o for o in outcomes if o.slug] == []
        uses = [e for e in trace if e.get("action") == "use"]
        markers = [e for e in trace if e.get("action") == "move" and e["from"] == "token"]
        assert len(uses) >= 6 and len(markers) == 6 and all(m["by"] == "WX24-D1-09" for m in markers)
        assert {e["card"] for e in uses} == {"WX24-D1-09", "WX24-D1-10"}

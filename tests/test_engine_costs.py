"""Costs that are not ener or coins (issue 22 item 6): exceed, down, discard, and the costs of
activated (【起】) and on-play (【出】) abilities where the card data states them."""

from __future__ import annotations

from engine_records import ev, header, wd01, write_record

from wixoss_deckcheck.checks.replay import code_of
from wixoss_deckcheck.engine.game.abilities.costs import Spend, activate
from wixoss_deckcheck.engine.game.gamerules import game_rules
from wixoss_deckcheck.engine.game.record import read_record
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.engine.game.state import MAIN, Book, Game, State
from wixoss_deckcheck.importers.abilitycosts import ability_cost
from wixoss_deckcheck.model.cards import Card

HANIEL = "WX01-061"  # 探求の思想　ハニエル: 【起】《ダウン》手札を１枚捨てる：...
TURN_1 = [
    ev(0, "draw", cards=["WD01-013", "WD01-014", "WD01-012", "WD01-010", "WD01-016"]),
    ev(0, "life_cloth", cards=["WD01-012", "WD01-009", "WD01-009", "WD01-011", "WD01-015", "WD01-013", "WD01-017"]),
    ev(1, "draw", cards=[HANIEL]),
    ev(1, "charge", card="WD01-014"),
    ev(1, "grow", card="WD01-004"),
    ev(1, "place", card=HANIEL, zone=1),
]  # events 1-6


def _codes(tmp_path, pool, events):
    wd01(tmp_path, swap={"WD01-018": HANIEL})
    path = write_record(tmp_path, [header(), *events])
    return [(o.index, code_of(o.slug)) for o in replay(read_record(str(path)), pool)[1] if o.slug]


def test_the_pool_reads_the_costs_of_abilities(full_pool):
    once = {"kind": "activated", "per_turn": 1, "exceed": 2, "cost": {}}
    assert ability_cost("起", "《ターン１回》エクシード２") == once
    assert ability_cost("起", "《白×2》《無》") == {"kind": "activated", "cost": {"white": 2, "colorless": 1}}
    assert ability_cost("起", "コラボライバー１人とコラボする") is None  # not a form it reads
    costs = full_pool.resolve(HANIEL).card.ability_costs
    assert costs == ({"kind": "activated", "down": True, "discard": 1, "cost": {}},)


def test_an_ability_is_paid_as_the_card_states(tmp_path, full_pool):
    use = ev(1, "activate", card=HANIEL, zone=1, discard=["WD01-010"], down=True)
    assert _codes(tmp_path, full_pool, [*TURN_1, use]) == []
    assert _codes(tmp_path, full_pool, [*TURN_1, use, ev(1, "attack_phase"), ev(1, "end")]) == []
    no_discard = ev(1, "activate", card=HANIEL, zone=1, down=True)
    assert _codes(tmp_path, full_pool, [*TURN_1, no_discard]) == [(7, "WX329")]  # not its cost
    again = ev(1, "activate", card=HANIEL, zone=1, discard=["WD01-012"], down=True)
    assert _codes(tmp_path, full_pool, [*TURN_1, use, again]) == [(8, "WX329")]  # it is down: no down cost
    not_in_hand = ev(1, "activate", card=HANIEL, zone=1, discard=["WD01-011"], down=True)
    assert _codes(tmp_path, full_pool, [*TURN_1, not_in_hand]) == [(7, "WX303")]
    off_field = ev(1, "activate", card=HANIEL, zone=2, discard=["WD01-010"], down=True)
    assert _codes(tmp_path, full_pool, [*TURN_1, off_field]) == [(7, "WX329")]


def test_an_ability_the_pool_does_not_know_is_trusted(tmp_path, full_pool):
    trusted = ev(1, "activate", card="WD01-004", discard=["WD01-010"])  # the center LRIG: no costs known
    assert _codes(tmp_path, full_pool, [*TURN_1, trusted]) == []


def _lrig_game():
    zero = Card.make("T-000", "テスト・ゼロ", "LRIG", level=0, limit=0, lrig_types=("テスト",))
    one = Card.make(
        "T-001",
        "テスト・ワン",
        "LRIG",
        level=1,
        limit=2,
        lrig_types=("テスト",),
        ability_costs=({"kind": "activated", "exceed": 1, "cost": {}},),
    )
    signi = Card.make("T-010", "テスト・シグニ", "SIGNI", level=1, colors=("white",))
    book = Book.build([(signi, 40)], [zero, one])
    game = Game(book, game_rules("2026-11-30"), True, State.new(book))
    game.state.center = [0, 1]  # テスト・ワン grown from テスト・ゼロ, which is under it
    game.state.turn, game.state.phase, game.state.drew = 2, MAIN, True
    return game


def test_exceed_puts_cards_from_under_the_lrig_into_the_lrig_trash():
    game = _lrig_game()
    assert activate(game, None, 1, None, Spend(exceed=1)) is None
    assert game.state.center == [1] and game.state.lrig_trash == [0]
    problem = activate(game, None, 1, None, Spend(exceed=1))  # nothing left under it
    assert problem is not None and problem.slug == "ability-cost"
    problem = activate(_lrig_game(), None, 1, None, Spend())  # its cost is exceed 1, not nothing
    assert problem is not None and problem.slug == "ability-cost"


def test_an_ability_of_once_a_turn_is_used_once_a_turn():
    game = _lrig_game()
    once = {"kind": "activated", "per_turn": 1, "cost": {}}
    game.book.lrig_cards[1] = game.book.lrig_cards[1]._replace(ability_costs=(once,))
    assert activate(game, None, 1, None, Spend()) is None
    problem = activate(game, None, 1, None, Spend())
    assert problem is not None and problem.slug == "ability-cost"  # 《ターン１回》
    game.state.new_turn(3)
    assert activate(game, None, 1, None, Spend()) is None  # a new turn, a new use
    game.book.lrig_cards[1] = game.book.lrig_cards[1]._replace(ability_costs=({**once, "per_game": 2},))
    problem = activate(game, None, 1, None, Spend())  # two uses this game already (turn 2 and turn 3)
    assert problem is not None and problem.slug == "ability-cost"


def test_a_key_pays_by_going_to_the_lrig_trash():
    assert ability_cost("起", "《白×0》このキーを場からルリグトラッシュに置く") == {
        "kind": "activated",
        "trash_self": True,
        "cost": {},
    }
    to_trash = {"kind": "activated", "trash_self": True, "cost": {}}
    key = Card.make("T-K01", "テスト・キー", "KEY", ability_costs=(to_trash,))
    game = _lrig_game()
    game.book.lrig_cards.append(key)
    game.state.lrig_deck.append(False)
    game.state.lrig_zone_keys = [2]
    assert activate(game, None, 2, None, Spend(trash_self=True)) is None
    assert game.state.lrig_zone_keys == [] and game.state.lrig_trash == [2]
    problem = activate(game, None, 2, None, Spend(trash_self=True))  # no longer in the LRIG zone
    assert problem is not None and problem.slug == "ability-cost"


def test_exceed_takes_from_under_every_lrig_in_all():
    """「あなたのルリグの下から合計N枚」: with nothing left under the center, under an assist."""
    game = _lrig_game()
    game.state.center = [1]
    game.state.assists = [[0, 1], []]  # (the same cards stand in: only the counts matter here)
    game.state.field_changed = False  # (and the same-type rule is not this test's)
    assert activate(game, None, 1, None, Spend(exceed=1)) is None
    assert game.state.assists[0] == [1] and game.state.lrig_trash == [0]


def test_an_on_play_cost_is_paid_when_its_card_comes():
    from wixoss_deckcheck.engine.game.placements.signi import place

    game = _lrig_game()
    on_play = {"kind": "on_play", "discard": 1, "cost": {}}
    game.book.main_cards[0] = game.book.main_cards[0]._replace(ability_costs=(on_play,))
    game.state.hand[0] = 3
    problem = activate(game, 0, None, 0, Spend(discard=[0], on_play=True))
    assert problem is not None and problem.slug == "ability-cost"  # not on the field
    assert place(game, 0, 0) is None  # テスト・シグニ comes: its 【出】 may be paid now
    assert activate(game, 0, None, 0, Spend(discard=[0], on_play=True)) is None
    game.state.new_turn(3)
    problem = activate(game, 0, None, 0, Spend(discard=[0], on_play=True))
    assert problem is not None and problem.slug == "ability-cost"  # it came on an earlier turn

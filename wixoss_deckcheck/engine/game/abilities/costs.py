"""The costs of activated (【起】) and on-play (【出】) abilities: ener, coins, exceed, discard, down.

The engine applies no ability's effect (a record declares those as moves); it checks the cost
an ``activate`` event declares against the card's abilities where the pool knows their costs
(``ability_costs``, read from the card text), and pays it: the ener cards to the trash, exceed
N (N cards from under your LRIGs, the center's first, to the LRIG trash), the discarded cards from the hand
(of the class, colour, type or level the cost names), cards of ener put into the trash, other SIGNI
of the field put into the trash, the card turned down (it must be up), or the SIGNI itself to the trash.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wixoss_deckcheck.engine.game.abilities.parts import Spend as Spend
from wixoss_deckcheck.engine.game.abilities.parts import eichi_problem, fits, pay_others, shape_fits, there
from wixoss_deckcheck.engine.game.actions import timing_problem
from wixoss_deckcheck.engine.game.continuous import settle
from wixoss_deckcheck.engine.game.moves import take
from wixoss_deckcheck.engine.game.payment import matches, parse_cost
from wixoss_deckcheck.engine.game.phases import pay
from wixoss_deckcheck.engine.game.state import ASSISTS, CENTER, Game, Problem, say, zone_name
from wixoss_deckcheck.model.cards import Card


def activate(
    game: Game, kind: int | None, lrig_id: int | None, zone: int | None, spend: Spend, side: int | None = None
) -> Problem | None:
    """An ability of your SIGNI (``kind`` in ``zone``), your center LRIG, a KEY or the assist LRIG
    on ``side`` (0 left, 1 right; ``lrig_id``) is used, its cost paid as ``spend`` declares."""
    state, book = game.state, game.book
    card = book.main_cards[kind] if kind is not None else book.lrig_cards[lrig_id or 0]
    where = _where(game, kind, lrig_id, zone) if side is None else _assist_where(game, lrig_id, side)
    if spend.source and kind is not None:  # a card of your hand or trash (手札から/トラッシュにあるこのカード)
        held = (state.hand if spend.source == "hand" else state.trash)[kind] > 0
        where = OFF_FIELD if held else None
    if where is None:
        return Problem("ability-cost", {"card": card.name, "why": say("ability_not_on_field")})
    if spend.on_play and ((kind is None, lrig_id if kind is None else kind) not in state.came):
        return Problem("ability-cost", {"card": card.name, "why": say("ability_not_came")})
    problem = _matched(game, card, spend, where) or eichi_problem(game, card, spend.cost)
    if problem is None and not spend.on_play:
        problem = timing_problem(game, say("what_ability"), _places(spend.cost))
    if problem is None:
        problem = _pay_rest(game, card, where, spend)
    if problem is not None:
        return problem
    if spend.cost:
        use = (card.key, spend.index)
        state.uses_this_turn[use] = state.uses_this_turn.get(use, 0) + 1
        state.uses_this_game[use] = state.uses_this_game.get(use, 0) + 1
    if spend.cost.get("discard_self") and kind is not None:  # 手札からこのカードを捨てる
        state.hand[kind] -= 1
        state.trash[kind] += 1
    elif spend.cost.get("remove_self") and kind is not None:  # トラッシュにあるこのカードをゲームから除外する
        state.trash[kind] -= 1
    elif spend.trash_self and kind is not None:
        take(state, kind, "field")
        state.trash[kind] += 1
    elif spend.trash_self and lrig_id in state.lrig_zone_keys:  # このキーを場からルリグトラッシュに置く
        state.lrig_zone_keys.remove(lrig_id)
        state.lrig_trash.append(lrig_id)
    settle(game)
    return None


#: The ``where`` of a card used from the hand or the trash (no field index: no down state, nothing under it).
OFF_FIELD = 99


def _places(cost: Mapping[str, Any]) -> frozenset[str]:
    """When an activated ability may be used (gamerules.WHEN): your main phase; its attack-phase icon:
    the attack phases (yours, the opponent's before its attacks); its spell-cut-in icon: against the
    opponent's SPELL; a cost the pool does not know (nor its timing): the main phase or the opponent's
    attack phase."""
    if not cost:
        return frozenset({"main", "opponent_attack"})
    places = {"attack", "opponent_attack"} if cost.get("attack_phase") else set()
    if cost.get("spell_cut_in"):
        places.add("opponent_spell")
    return frozenset(places or {"main"})


def _where(game: Game, kind: int | None, lrig_id: int | None, zone: int | None) -> int | None:
    """The card's index in :attr:`State.down` (a SIGNI zone, or :data:`CENTER`), None when it is not on the field."""
    state = game.state
    if kind is None:  # the center LRIG, or a KEY in the LRIG zone (it has no down state: CENTER stands for it)
        on_field = (state.center and state.center[-1] == lrig_id) or lrig_id in state.lrig_zone_keys
        return CENTER if on_field else None
    zones = [zone] if zone is not None else range(len(state.signi_zones))
    return next((z for z in zones if 0 <= z < len(state.signi_zones) and state.signi_zones[z] == kind), None)


def _assist_where(game: Game, lrig_id: int | None, side: int) -> int | None:
    """The index in :attr:`State.down` of the assist LRIG on ``side``, None when ``lrig_id`` is not it."""
    stacks = game.state.assists
    on_field = side in (0, 1) and bool(stacks[side]) and stacks[side][-1] == lrig_id
    return ASSISTS[side] if on_field else None


def _matched(game: Game, card: Card, spend: Spend, where: int) -> Problem | None:
    """The declared cost is one of the card's abilities' costs (when the pool knows them; when one of
    them is unread, a declared cost none of the others states is trusted)."""
    wanted = "on_play" if spend.on_play else "activated"
    known = [cost for cost in card.ability_costs if cost.get("kind") == wanted]
    if not known:
        return None  # the pool does not state them: the record is trusted
    masks = [game.book.colour_masks[k] for k in spend.paid]
    used_up = off = False
    for index, cost in enumerate(card.ability_costs):
        if cost.get("kind") != wanted or cost.get("unread") or not shape_fits(cost, spend):
            continue
        if not matches(parse_cost(cost.get("cost")), masks):
            continue
        if not fits(game, cost, spend, where):
            off = True
            continue
        if not _uses_left(game, (card.key, index), cost):
            used_up = True
            continue
        spend.cost, spend.index = cost, index
        return None
    if any(cost.get("unread") for cost in known) and not (used_up or off):
        return None  # perhaps the ability whose cost the pool does not read: trusted
    why = (
        say("ability_used_up")
        if used_up
        else say("ability_cost_which")
        if off
        else say("ability_cost_none", abilities=len(known))
    )
    return Problem("ability-cost", {"card": card.name, "why": why})


def _uses_left(game: Game, key: tuple[str, int], cost: Mapping[str, Any]) -> bool:
    """Has the ability a use left this turn and this game (《ターンN回》, 《ゲームN回》)?"""
    state = game.state
    per_turn, per_game = int(cost.get("per_turn", 1 << 30)), int(cost.get("per_game", 1 << 30))
    return state.uses_this_turn.get(key, 0) < per_turn and state.uses_this_game.get(key, 0) < per_game


def _pay_rest(game: Game, card: Card, where: int, spend: Spend) -> Problem | None:
    """Check every part of the cost can be paid, then pay it (all or nothing)."""
    state, book = game.state, game.book
    stacks = [stack for stack in (state.center, *state.assists) if stack]
    if spend.cost.get("exceed_own"):  # 「このルリグの下から」: this LRIG's cards only
        own = {CENTER: state.center, ASSISTS[0]: state.assists[0], ASSISTS[1]: state.assists[1]}.get(where)
        stacks = [own] if own else []
    under = sum(len(stack) - 1 for stack in stacks)  # エクシード: 「あなたのルリグの下から合計N枚」
    if spend.exceed > under:
        return Problem("ability-cost", {"card": card.name, "why": say("exceed_short", exceed=spend.exceed, have=under)})
    if spend.down and where == OFF_FIELD:
        return Problem("ability-cost", {"card": card.name, "why": say("ability_not_on_field")})
    downs, at = (state.down, where) if where < len(state.down) else (state.assist_down, where - ASSISTS[0])
    if spend.down and downs[at]:
        return Problem("ability-cost", {"card": card.name, "why": say("state_already_down")})
    hand = list(state.hand)
    for kind in spend.discard:
        if hand[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("hand")})
        hand[kind] -= 1
    problem = there(game, spend, where)
    if problem is not None:
        return problem
    problem = (
        pay(game, parse_cost(spend.cost.get("cost")), spend.paid, spend.coins) if spend.cost else _plain(game, spend)
    )
    if problem is not None:
        return problem
    state.hand = hand
    for kind in spend.discard:
        state.trash[kind] += 1
    pay_others(game, spend, where)
    left = spend.exceed
    for stack in stacks:  # from under the center first, then under the assists
        taken = min(left, len(stack) - 1)
        state.lrig_trash.extend(stack[:taken])
        del stack[:taken]
        left -= taken
    if spend.down:
        downs[at] = True
    return None


def _plain(game: Game, spend: Spend) -> Problem | None:
    """A cost the pool does not know: the paid cards must be in ener (they go to the trash), the coins held."""
    state, book = game.state, game.book
    have = list(state.ener)
    for kind in spend.paid:
        if have[kind] <= 0:
            return Problem("card-not-in-zone", {"card": book.main_name(kind), "zone": zone_name("ener")})
        have[kind] -= 1
    if spend.coins > state.coins:
        return Problem(
            "ability-cost",
            {"card": "coin", "why": say("why_coins", due=spend.coins, paid=spend.coins, have=state.coins)},
        )
    for kind in spend.paid:
        state.ener[kind] -= 1
        state.trash[kind] += 1
    state.coins -= spend.coins
    return None

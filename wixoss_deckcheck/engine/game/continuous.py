"""Rules applied continuously, after every action (rule processing).

In order: refresh (the deck is empty and the trash is not: the trash becomes the deck
and the top Life Cloth goes to the trash; a second refresh in one own turn ends it, the
end phase still runs), same-LRIG-type removal (an assist with exactly the center's LRIG
types goes to the LRIG trash), SIGNI above the center's level, SIGNI whose limiting
condition the center does not meet, and SIGNI over the limit (the highest level first;
in a real game the player chooses) go to the trash. Each rule action is written to
``game.notes``.
"""

from __future__ import annotations

from wixoss_deckcheck.engine.game.gamerules import GameRules
from wixoss_deckcheck.engine.game.state import OPPONENT, Game, Say, State, say

_EMPTY = [-1, -1, -1]


def settle(game: Game) -> None:
    """Apply every continuous rule until none applies."""
    state = game.state
    if game.book.resona_kind:
        _resona_home(game)
    if not state.deck:
        refresh(game)
    if state.field_changed:  # only a change of the LRIGs, the limit or a zone outside a checked placing can break them
        state.field_changed = False
        if game.rules.same_type_removal and (state.assists[0] or state.assists[1]):
            _same_type(game)
        if state.signi_zones != _EMPTY:
            _overflow(game)


def refresh(game: Game) -> bool:
    """Refresh when the deck is empty and the trash is not; True when it happened."""
    state, rules = game.state, game.rules
    if state.deck or not any(state.trash):
        return False
    return _refresh(game, state, rules)


def _refresh(game: Game, state: State, rules: GameRules) -> bool:
    state.deck = [kind for kind, n in enumerate(state.trash) for _ in range(n)]
    game.shuffle(state.deck)
    state.trash = [0] * len(state.trash)
    for _ in range(rules.refresh_penalty):
        if state.life_cloth:
            state.trash[state.life_cloth.pop()] += 1
    state.refreshes += 1
    state.total_refreshes += 1
    game.notes.append(say("note_refresh", cards=len(state.deck), penalty=rules.refresh_penalty))
    if state.refreshes >= rules.refreshes_end_turn and state.phase != OPPONENT:
        state.ended = True
        game.notes.append(say("note_turn_ends", refreshes=state.refreshes))
    return True


def _same_type(game: Game) -> None:
    state, book = game.state, game.book
    if not state.center or not (state.assists[0] or state.assists[1]):
        return
    types = book.lrig_types[state.center[-1]]
    for side, stack in enumerate(state.assists):
        if stack and book.lrig_types[stack[-1]] == types:
            game.notes.append(say("note_same_type", card=book.lrig_name(stack[-1])))
            state.lrig_trash.extend(stack)
            state.assists[side] = []


def _overflow(game: Game) -> None:
    """SIGNI above the center's level or not matching its limiting condition, then SIGNI over
    the limit, go to the trash (the checks come first: this runs after every action)."""
    state, book = game.state, game.book
    zones = state.signi_zones
    if zones == _EMPTY:
        return
    top, levels, limiting = game.center_level(), book.signi_levels, book.limiting_types
    total, fits = 0, True
    for kind in zones:
        if kind >= 0:
            total += levels[kind]
            if levels[kind] > top or (limiting[kind] and not game.limiting_ok(kind)):
                fits = False
    if fits and total <= game.limit():
        return
    _trash_misfits(game, top)
    limit = game.limit()
    while game.field_levels() > limit:  # the highest level first (in a real game the player chooses)
        zone = max((z for z in range(len(zones)) if zones[z] >= 0), key=lambda z: levels[zones[z]])
        _to_trash(game, zone, say("note_over_limit", limit=limit))


def _trash_misfits(game: Game, top: int) -> None:
    """SIGNI above the center's level ``top``, or whose limiting condition the center does not meet."""
    levels = game.book.signi_levels
    for zone, kind in enumerate(game.state.signi_zones):
        if kind < 0:
            continue
        if levels[kind] > top:
            _to_trash(game, zone, say("note_above_center", level=levels[kind], center=top))
        elif not game.limiting_ok(kind):
            _to_trash(game, zone, say("note_limiting"))


def _to_trash(game: Game, zone: int, why: Say) -> None:
    state = game.state
    kind = state.signi_zones[zone]
    game.notes.append(say("note_to_trash", card=game.book.main_name(kind), why=why))
    state.trash[kind] += 1
    for card in state.under_signi[zone]:
        state.trash[card] += 1
    state.signi_zones[zone] = -1
    state.under_signi[zone] = []


def _resona_home(game: Game) -> None:
    """A RESONA anywhere but the field (the trash, ener, the hand, the deck...) returns to the LRIG deck."""
    state = game.state
    for kind, lrig_id in game.book.resona_lrig.items():
        away = state.trash[kind] + state.ener[kind] + state.hand[kind]
        for pile in (state.deck, state.life_cloth, state.check_zone):
            while kind in pile:
                pile.remove(kind)
                away += 1
        if away:
            state.trash[kind] = state.ener[kind] = state.hand[kind] = 0
            state.lrig_deck[lrig_id] = True
            game.notes.append(say("note_resona_home", card=game.book.lrig_name(lrig_id)))

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

from wixoss_deckcheck.engine.game.state import OPPONENT, Game

_EMPTY = [-1, -1, -1]


def settle(game: Game) -> None:
    """Apply every continuous rule until none applies."""
    s = game.state
    if not s.deck:
        refresh(game)
    if s.dirty:  # only a change of the LRIGs, the limit or a zone outside a checked placing can break them
        s.dirty = False
        if game.rules.same_type_removal and (s.assists[0] or s.assists[1]):
            _same_type(game)
        if s.zones != _EMPTY:
            _overflow(game)


def refresh(game: Game) -> bool:
    """Refresh when the deck is empty and the trash is not; True when it happened."""
    s, rules = game.state, game.rules
    if s.deck or not any(s.trash):
        return False
    return _refresh(game, s, rules)


def _refresh(game: Game, s, rules) -> bool:
    s.deck = [kind for kind, n in enumerate(s.trash) for _ in range(n)]
    game.shuffle(s.deck)
    s.trash = [0] * len(s.trash)
    for _ in range(rules.refresh_penalty):
        if s.life:
            s.trash[s.life.pop()] += 1
    s.refreshes += 1
    s.total_refreshes += 1
    game.notes.append(
        f"refresh: the trash became the deck ({len(s.deck)} cards); {rules.refresh_penalty} Life Cloth to the trash"
    )
    if s.refreshes >= rules.refreshes_end_turn and s.phase != OPPONENT:
        s.ended = True
        game.notes.append(f"refresh {s.refreshes} this turn: the turn ends (the end phase still runs)")
    return True


def _same_type(game: Game) -> None:
    s, book = game.state, game.book
    if not s.center or not (s.assists[0] or s.assists[1]):
        return
    types = book.ltypes[s.center[-1]]
    for side, stack in enumerate(s.assists):
        if stack and book.ltypes[stack[-1]] == types:
            game.notes.append(f"{book.lname(stack[-1])} has the center's LRIG type: to the LRIG trash")
            s.lrig_trash.extend(stack)
            s.assists[side] = []


def _overflow(game: Game) -> None:
    s, book = game.state, game.book
    zones = s.zones
    if zones == _EMPTY:
        return
    top, levels, limiting = game.center_level(), book.level, book.limiting
    total, fits = 0, True
    for kind in zones:
        if kind >= 0:
            total += levels[kind]
            if levels[kind] > top or (limiting[kind] and not game.limiting_ok(kind)):
                fits = False
    if fits and total <= game.limit():
        return
    for zone, kind in enumerate(zones):
        if kind < 0:
            continue
        if levels[kind] > top:
            _to_trash(game, zone, f"level {levels[kind]} above the center's level {top}")
        elif not game.limiting_ok(kind):
            _to_trash(game, zone, "its limiting condition does not match the center LRIG")
    limit = game.limit()
    while game.field_levels() > limit:
        zone = max((z for z in range(len(zones)) if zones[z] >= 0), key=lambda z: levels[zones[z]])
        _to_trash(game, zone, f"the SIGNI levels exceed the limit {limit}")


def _to_trash(game: Game, zone: int, why: str) -> None:
    s = game.state
    kind = s.zones[zone]
    game.notes.append(f"{game.book.name(kind)} to the trash: {why}")
    s.trash[kind] += 1
    for card in s.under[zone]:
        s.trash[card] += 1
    s.zones[zone] = -1
    s.under[zone] = []

"""The codes of ``replay``: one per kind of illegal action in a game record (``REPLAY_CODES``).

They are registered like the deck checks (``rules`` lists them) but run by the rules
engine (:mod:`wixoss_deckcheck.engine.game.replay`), not on a decklist: ``function`` is None.
Every one is an error: the action breaks the rules in force on the record's day.
"""

from __future__ import annotations

from wixoss_deckcheck.checks.registry import register

#: engine slug -> (code, registry slug, summary, doc)
REPLAY_CODES: dict[str, tuple[str, str, str, str]] = {
    "turn-order": (
        "WX301",
        "record-turn-order",
        "Event out of turn order",
        "Events come in turn order: your turn N (0 = setup), the opponent's turn after it, then turn "
        "N+1. An opponent's-turn event (guard, crushed) carries the number of your last turn.",
    ),
    "unknown-card": (
        "WX302",
        "record-unknown-card",
        "Card unknown to the pool or not in the deck",
        "Every card an event names must be known to the card pool and be in the record's deck.",
    ),
    "card-not-in-zone": (
        "WX303",
        "card-not-in-zone",
        "Card not in the zone it is taken from",
        "A drawn card must be in the deck, a charged or placed card in the hand, a paid card in "
        "ener, a grown LRIG in the LRIG deck: an impossible draw or a move from an empty zone.",
    ),
    "wrong-count": (
        "WX304",
        "wrong-card-count",
        "Wrong number of cards",
        "The opening hand is 5 cards, the Life Cloth 7, a draw 2 (1 on the first player's turn 1, "
        "fewer only when the deck runs out), a mulligan draws as many as it returns.",
    ),
    "phase-order": (
        "WX305",
        "phase-order",
        "Action outside its phase",
        "A turn runs up, draw, ener, grow, main, attack, end; an action of an earlier phase after a "
        "later one, or an own-turn action in setup or on the opponent's turn, is illegal. On the opponent's "
        "turn an attack-phase card or ability comes in its attack phase before its first attack, and a "
        "spell-cut-in one against its SPELL (its main phase). UNVERIFIED: the step before the attacks is read from "
        "community sources (formats/play-rules.yaml opponent_attack_step).",
    ),
    "once-per-turn": (
        "WX306",
        "once-per-turn",
        "Done more often than the rules allow",
        "One draw phase, one charge, one grow and one active trash a turn; one mulligan a game.",
    ),
    "grow-level": (
        "WX307",
        "grow-level",
        "Grow to a level the rules do not allow",
        "A grow goes up exactly one level (before 2018-12-20: to the same or a lower level, or one up; "
        "dated in formats/play-rules.yaml).",
    ),
    "grow-type": (
        "WX308",
        "grow-type",
        "Grow without a shared LRIG type",
        "An LRIG grows into an LRIG that shares an LRIG type with it (an LRIG of type ? shares any).",
    ),
    "payment": (
        "WX309",
        "payment-mismatch",
        "The payment does not match the cost",
        "A cost is paid exactly: each symbol by one ener card that can pay it (multi-ener cards pay any "
        "colour, colourless by any card), coins by coins; checked by a matching, never greedily.",
    ),
    "signi-level": (
        "WX310",
        "signi-level",
        "SIGNI above the center LRIG's level",
        "A SIGNI's level may not exceed the center LRIG's level.",
    ),
    "signi-limit": (
        "WX311",
        "signi-limit",
        "SIGNI levels above the limit",
        "The levels of your SIGNI add up to at most the limit (center, plus assists, plus a "
        "【リミットアッパー】 where it applies).",
    ),
    "zone-occupied": (
        "WX312",
        "zone-occupied",
        "SIGNI zone occupied or missing",
        "A SIGNI is placed into an empty one of the 3 SIGNI zones.",
    ),
    "limiting": (
        "WX313",
        "limiting-condition",
        "Limiting condition not met by the center LRIG",
        "A card limited to an LRIG type (e.g. タマ限定) is placed or used only while the center LRIG has that type.",
    ),
    "active-trash": (
        "WX314",
        "active-trash-count",
        "Active trash of too many SIGNI",
        "The active trash puts 1 to 3 SIGNI into the trash (1 before 2018-02-22).",
    ),
    "attack": (
        "WX315",
        "illegal-attack",
        "Illegal attack",
        "No attack on the first player's turn 1; each SIGNI and the center attack once; the SIGNI attack "
        "step comes before the LRIG attack step; an empty zone cannot attack.",
    ),
    "guard": (
        "WX316",
        "illegal-guard",
        "Illegal guard",
        "A guard is a card with 【ガード】 discarded from the hand on the opponent's turn.",
    ),
    "hand-limit": (
        "WX317",
        "hand-limit",
        "End of turn with more cards than the hand limit",
        "The end phase discards down to 6 cards, exactly: no more, no fewer.",
    ),
    "turn-ended": (
        "WX318",
        "turn-ended",
        "Action after a second refresh ended the turn",
        "A second refresh in one turn ends it: only the end phase still runs.",
    ),
    "piece-condition": (
        "WX319",
        "piece-condition",
        "PIECE used without its condition",
        "A PIECE needs 3 LRIGs on the field; a team PIECE needs its team's LRIGs.",
    ),
    "assist-grow": (
        "WX320",
        "assist-grow",
        "Illegal assist grow",
        "An assist grows into an ASSIST LRIG one level up, in the main phase, never above the center's level.",
    ),
    "wrong-card-type": (
        "WX321",
        "wrong-card-type-for-action",
        "Card of the wrong type for the action",
        "Only SIGNI are placed, only LRIGs grow the center, only ASSIST LRIGs grow an assist, only "
        "SPELL, ARTS, PIECE and KEY are used.",
    ),
    "start-illegal": (
        "WX322",
        "start-illegal",
        "Illegal starting LRIGs",
        "The game starts with a level-0 LRIG as the center and, where the format allows, two more "
        "level-0 LRIGs as assists (1 or 3 in all).",
    ),
    "grow-restriction": (
        "WX323",
        "grow-restriction",
        "Grow against a printed grow restriction",
        "Some LRIGs print what they may grow into or be grown from (「青かつ黒のルリグにしかグロウできない」, "
        "《アロス》 only, 【グロウ】 conditions on the center's name); the table is in formats/play-rules.yaml.",
    ),
    "life-cloth-top": (
        "WX324",
        "life-cloth-top",
        "A crush that does not take the top Life Cloth",
        "A crushed Life Cloth is always the top one (the first card of the record's life_cloth, then the "
        "next): a record that crushes another card of the Life Cloth has the order wrong.",
    ),
    "life-burst": (
        "WX325",
        "life-burst",
        "Life Burst of a card that has none, or of a card not just crushed",
        "A burst event, or a move whose by is the card just crushed (its effect), is that card's Life Burst: "
        "the card was crushed on this opponent's turn and has a Life Burst, used once.",
    ),
    "card-state": (
        "WX326",
        "card-state",
        "Turned down, up or frozen where no card is, or down twice",
        "A down, up or freeze event names a SIGNI zone that holds a SIGNI, or the center LRIG; a card is turned "
        "down (by an effect or a cost) only while it is up.",
    ),
    "rise": (
        "WX327",
        "rise-onto-nothing",
        "A rise onto an empty zone",
        "A 【ライズ】 SIGNI is put onto your SIGNI (they and the cards under them go under the new one): its zone, "
        "and every zone it rises onto (onto), must hold a SIGNI. Its level and the limit are checked as for any "
        "SIGNI (the ones below leave the count).",
    ),
    "accessory": (
        "WX328",
        "accessory",
        "An 【アクセ】 on an empty zone or on a SIGNI that has its accessory",
        "An 【アクセ】 goes on a SIGNI of yours, at most one on each (the printed reminder, formats/play-rules.yaml).",
    ),
    "ability-cost": (
        "WX329",
        "ability-cost",
        "An ability's cost not as the card states it, or not payable",
        "An activate event pays one of the card's 【起】 (or, with on_play, 【出】) costs as the card text states it: "
        "the ener symbols one for one, exceed N with N cards under the center LRIG, the discards from the hand "
        "(of the class, colour, type or level it names), the ener, field and under cards it puts into the trash, "
        "the cards it turns down while they are up, its 英知 condition; the card is on your field.",
    ),
    "rise-condition": (
        "WX330",
        "rise-condition",
        "A rise onto SIGNI its 【ライズ】 does not name",
        "A 【ライズ】 SIGNI goes onto the SIGNI its text names (a class, a name, a level or level or lower, "
        "a colour, the rise or Dissona icon, how many, levels all different, no colour shared) and takes "
        "under it the cards its text names from the trash or ener, where the card pool reads the condition; "
        "an unread condition is trusted as the record declares it. It comes onto the field only by its rise, "
        "from the hand or by an effect alike (the official glossary): a plain place of it, or a move of it "
        "onto the field, is this finding too.",
    ),
    "resona-condition": (
        "WX331",
        "resona-condition",
        "A RESONA whose appearance condition the moves before it do not meet",
        "A RESONA appears when its 【出現条件】 phase icons allow, after the moves just before it (the same "
        "turn, after the player's previous action) put the SIGNI its condition names into the trash (how many, "
        "a class, a colour, a level, a level or power total, K of its ways; from the field, the hand or ener; "
        "judged after the placing rules), where the card pool "
        "reads the condition; an unread condition is trusted.",
    ),
}

for _slug, (_code, _name, _summary, _doc) in REPLAY_CODES.items():
    register(_code, _name, "error", _summary, kind="replay", doc=_doc)


def code_of(slug: str) -> str:
    """The stable code of an engine slug."""
    return REPLAY_CODES[slug][0]

"""Deck construction checks: sizes, copy limits, Life Burst, the LRIG deck, tokens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from wixoss_deckcheck.checks import params
from wixoss_deckcheck.checks.registry import Finding, RuleParams, Words, check, derived
from wixoss_deckcheck.model.cards import CARD_TYPES
from wixoss_deckcheck.model.resolved import ResolvedDeck


def _amount_broken(found: int, params: RuleParams) -> dict[str, int] | None:
    """The amount rule (``{"exactly": 40}``, ``{"max": 20}``) when ``found`` breaks it, else None."""
    if "exactly" in params and found != params["exactly"]:
        return {"exactly": params["exactly"]}
    if "min" in params and found < params["min"]:
        return {"min": params["min"]}
    if "max" in params and found > params["max"]:
        return {"max": params["max"]}
    return None


@check("WX101", "main-deck-size", "error", "Main deck size", params=params.AMOUNT, params_required=True)
def main_deck_size(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The main deck must hold the number of cards the format sets (``exactly``, or a ``min``
    or ``max``)."""
    found = deck.count("main")
    allowed = _amount_broken(found, params)
    if allowed is not None:
        yield Finding(section="main", found=found, allowed=allowed)


@check("WX102", "main-copy-limit", "error", "Too many copies in the main deck", params=params.MAX, params_required=True)
def main_copy_limit(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """At most ``max`` cards with the same name in the main deck. Reprints under other
    numbers and the same card split over several lines count together."""
    limit = params["max"]
    for key, found in deck.name_counts("main").items():
        if found > limit:
            entries = deck.by_name("main")[key]
            yield Finding(tuple(entries), "main", entries[0].line, found, limit)


@check(
    "WX103",
    "life-burst-count",
    "error",
    "Life Burst count",
    params=params.AMOUNT,
    params_required=True,
    needs=("main",),
)
def life_burst_count(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The number of main-deck cards with a Life Burst, as the format sets it (``exactly``, or a
    ``min`` or ``max``; the tables date each limit)."""
    found = deck.life_burst_count
    allowed = _amount_broken(found, params)
    if allowed is not None:
        yield Finding(section="main", found=found, allowed=allowed)


@check("WX104", "lrig-deck-size", "error", "LRIG deck size", params=params.MAX, params_required=True)
def lrig_deck_size(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """At most ``max`` cards in the LRIG deck that are not PIECEs (PIECEs have their own
    places)."""
    found = deck.totals["lrig"] - deck.piece_total - sum(e.count for e in deck.unresolved if e.section == "lrig")
    if found > params["max"]:
        yield Finding(section="lrig", found=found, allowed=params["max"])


@check("WX105", "piece-count", "error", "Too many PIECEs", params=params.MAX, params_required=True)
def piece_count(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """At most ``max`` PIECEs (PIECE and RELAY PIECE) in the LRIG deck, besides the places of
    the LRIG deck's other cards."""
    found = deck.piece_total
    if found > params["max"]:
        pieces = [e for e in deck.lrig if e.card.is_piece]
        yield Finding(tuple(pieces), "lrig", pieces[-1].line, found, params["max"])


@check(
    "WX106",
    "lrig-copy-limit",
    "error",
    "Same name twice in the LRIG deck",
    params=params.LRIG_COPIES,
    params_required=True,
)
def lrig_copy_limit(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """At most ``max`` LRIG-deck cards with the same name (the tables date the limit). A
    format may set another limit for some card types (``per_type``)."""
    per_type = params.get("per_type", {})
    lowest = min([params["max"], *per_type.values()])
    for key, found in deck.name_counts("lrig").items():
        if found > lowest:
            entries = deck.by_name("lrig")[key]
            limit = per_type.get(entries[0].card.type, params["max"])
            if found > limit:
                yield Finding(tuple(entries), "lrig", entries[0].line, found, limit)


@check("WX107", "level-zero-lrig", "error", "No level-0 LRIG", params=params.MIN, needs=("lrig",))
def level_zero_lrig(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The LRIG deck needs level-0 LRIGs to start the game with: at least ``min`` (one when
    the rule gives none)."""
    wanted = params.get("min", 1)
    found = sum(e.count for e in deck.level_zero_lrigs if e.card.type == "LRIG")
    if found < wanted:
        yield Finding(section="lrig", found=found, allowed={"min": wanted})


@check("WX108", "team-piece-limit", "error", "Too many team PIECEs", params=params.MAX, params_required=True)
def team_piece_limit(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """At most ``max`` PIECEs with 【チーム】 or 【ドリームチーム】 in their use condition, in
    total (printed on the cards, e.g. WXDi-P14-001)."""
    pieces = [e for e in deck.lrig if e.card.team_piece]
    found = sum(e.count for e in pieces)
    if found > params["max"]:
        yield Finding(tuple(pieces), "lrig", pieces[-1].line, found, params["max"])


@check(
    "WX109",
    "deck-card-types",
    "error",
    "Card in the wrong deck",
    params=params.DECK_TYPES,
    params_required=True,
    wording={
        "type": lambda words: words.card_type(words.args["type"]),
        "type_a": lambda words: words.card_type_with_article(words.args["type"]),  # English: "an LRIG"
    },
)
def deck_card_types(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """Each deck holds only the card types the format allows in it: ``main`` for the main
    deck (SIGNI, SPELL), ``lrig`` for the LRIG deck (LRIG, ASSIST LRIG, ARTS, KEY, RESONA,
    PIECE, as the format dates them)."""
    types = deck.types
    allowed_main, allowed_lrig = derived(params, "allowed types", _allowed_types)
    if types["main"] <= allowed_main and types["lrig"] <= allowed_lrig:
        return  # the usual deck: every card's type is allowed where it is
    for entry in deck.entries:
        if entry.card.token or entry.card.type not in CARD_TYPES:
            continue  # tokens and markers: token-card reports them
        allowed = params[entry.section]
        if entry.card.type not in allowed:
            yield Finding(
                (entry,),
                entry.section,
                entry.line,
                entry.card.type,
                list(allowed),
                args={"type": entry.card.type},
            )


def _allowed_types(params: RuleParams) -> tuple[frozenset[str], frozenset[str]]:
    """The card types the main deck and the LRIG deck allow, as sets."""
    known = frozenset(CARD_TYPES)
    return frozenset(params.get("main", ())) & known, frozenset(params.get("lrig", ())) & known


def _limit_number(words: Words) -> Any:
    """The number of a limit ``{"max": 3}`` alone (3), for a template that puts its own words."""
    allowed = words.finding.allowed
    return next(iter(allowed.values())) if isinstance(allowed, dict) else words.args["allowed_n"]


@check("WX110", "token-card", "error", "Token or craft in a deck")
def token_card(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """Tokens, crafts and markers (numbers with -TK, クラフト) are made during the game;
    they are never deck cards."""
    for entry in deck.entries:
        if entry.card.token:
            yield Finding((entry,), entry.section, entry.line, entry.count, 0)


@check(
    "WX111",
    "starting-lrigs",
    "error",
    "Cannot start the game",
    params=params.START,
    params_required=True,
    needs=("lrig",),
)
def starting_lrigs(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The game starts with one of the numbers of level-0 LRIGs the format permits
    (``counts``; with 3, one center and two assists). The LRIG deck must allow one of those
    starts, and hold no more level-0 LRIGs than it starts with unless
    ``more_level_zero_allowed``."""
    counts = params["counts"]
    zeros = deck.level_zero_lrigs
    total = sum(e.count for e in zeros)
    centers = sum(e.count for e in zeros if e.card.type == "LRIG")
    if centers == 0:
        return  # level-zero-lrig reports a deck with no level-0 LRIG at all
    can_start = any(total >= n for n in counts)
    exact = not params.get("more_level_zero_allowed", True)
    if not can_start or (exact and total not in counts):  # a center is a level-0 LRIG: zeros has one
        yield Finding(tuple(zeros), "lrig", zeros[0].line, total, counts)


@check(
    "WX112",
    "card-text-deck-limit",
    "error",
    "Over a limit the card's own text sets",
    wording={
        "type_word": lambda words: words.card_type(words.args["type"]),
        "allowed_n": _limit_number,
    },
)
def card_text_deck_limit(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """Some cards limit the deck that holds them, in their own text: 夢限 -Ｐ- (WXK03-003A)
    「このカードをルリグデッキに入れる場合、あなたのルリグデッキにはアーツを３枚までしか入れられない」.
    The pool derives these limits from the card text (``deck_limits``); a deck with the card
    may hold at most that many cards of the type."""
    for entry in deck.entries:
        for limit in entry.card.deck_limits:
            section = limit["deck"]
            found = sum(e.count for e in deck.section(section) if e.card.type == limit["type"])
            if found > limit["max"]:
                yield Finding(
                    (entry,),
                    section,
                    entry.line,
                    found,
                    {"max": limit["max"]},
                    args={"type": limit["type"]},
                )

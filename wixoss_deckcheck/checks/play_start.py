"""Play-legality analysis (``check --play``), the start of a game: the level-0 LRIGs a deck
can open with, and what its PIECEs need of them (codes WX207–WX211; the rest of the
analysis and its rules are in :mod:`.play`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from wixoss_deckcheck.checks.play import _can_start_three, _counts, _engine, _lrigs, _types_text, _zeros
from wixoss_deckcheck.checks.registry import Finding, RuleParams, Words, check, none_for_dash
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.pool.normalize import name_key, type_keys


@check(
    "WX207",
    "starting-lrig-types-shared",
    "warning",
    "Starting LRIGs with the same LRIG type",
    kind="play",
    wording={"types": none_for_dash("types")},
    needs=("lrig",),
)
def starting_lrig_types_shared(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """Two LRIGs on the field with exactly the same LRIG type cannot stay together: the
    one that is not the center goes to the LRIG trash (RULES.md §3). A deck that starts
    with 3 LRIGs needs three level-0 LRIGs of different types (one of them an LRIG to be
    the center)."""
    if not _can_start_three(deck, params):
        return
    zeros = _zeros(deck)
    for trio in combinations(zeros, 3):
        types = [type_keys(e.card.lrig_types) for e in trio]
        if len(set(types)) == 3 and any(e.card.type == "LRIG" for e in trio):
            return
    by_types: dict[frozenset[str], list[ResolvedEntry]] = {}
    for entry in zeros:
        by_types.setdefault(type_keys(entry.card.lrig_types), []).append(entry)
    for entries in by_types.values():
        if len(entries) >= 2:
            yield Finding(
                tuple(entries),
                "lrig",
                entries[0].line,
                len(entries),
                1,
                args={"types": _types_text(entries[0].card.lrig_types)},
            )


def _team_words(words: Words) -> Any:
    """The team a PIECE needs, in words: its name, any one team, or a 【ドリームチーム】 condition."""
    args = words.args
    if args.get("dream_total"):
        return words.word("dream_colours", n=args["dream_total"])
    if args.get("dream_includes"):
        return words.word("dream_includes", colours=words.colours(str(args["dream_includes"]).split("/")))
    return args.get("team") or words.word("team_any")


@check(
    "WX208",
    "team-piece-unformed",
    "warning",
    "Team PIECE whose team the LRIGs do not form",
    kind="play",
    wording={"team": _team_words},
    needs=("lrig",),
)
def team_piece_unformed(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A PIECE's use condition (【使用条件】, as the card pool records it) must be met by your 3
    LRIGs: 【チーム】<name>, all of that team (any one team when no name is given); or
    【ドリームチーム】, so many colours among them, or one LRIG of a named colour. Checked
    against every trio of level-0 LRIGs that can start together (different LRIG types), each
    with the colours its line can reach; a PIECE no trio can use is reported."""
    zeros = _zeros(deck)
    lrigs = _lrigs(deck)
    for entry in deck.lrig:
        condition = _engine().piece_condition_of(entry.card) if entry.card.is_piece else None
        if condition is None:
            continue
        condition = {k: v for k, v in condition.items() if k != "min_level"}  # levels are reached in play
        trios = [t for t in combinations(zeros, 3) if len({type_keys(e.card.lrig_types) for e in t}) == 3]
        if not _some_trio_meets(condition, trios, lrigs):
            found = _team_formed(condition, zeros, trios)
            yield Finding((entry,), "lrig", entry.line, found, 3, args=_engine().condition_args(condition))


def _some_trio_meets(
    condition: Mapping[str, Any], trios: Sequence[tuple[ResolvedEntry, ...]], lrigs: list[ResolvedEntry]
) -> bool:
    """Whether some trio that can start together, each with its line's colours, meets ``condition``."""
    unmet = _engine().condition_unmet
    return any(unmet(condition, [_with_line_colours(e, lrigs) for e in trio]) is None for trio in trios)


def _team_formed(
    condition: Mapping[str, Any], zeros: list[ResolvedEntry], trios: Sequence[tuple[ResolvedEntry, ...]]
) -> int:
    """How many LRIGs of the team the condition asks for the deck can have together."""
    if condition.get("kind") == "team" and condition.get("team"):
        wanted = name_key(str(condition["team"]))
        return _distinct_types([e for e in zeros if e.card.team and name_key(e.card.team) == wanted])
    found = max((_distinct_types(list(t)) for t in trios), default=_distinct_types(zeros))
    return min(found, 2) if trios else found


def _with_line_colours(zero: ResolvedEntry, lrigs: list[ResolvedEntry]) -> Card:
    """A level-0 LRIG with the colours of every LRIG of its LRIG types (what its line can show)."""
    mine = type_keys(zero.card.lrig_types)
    colours = {c for e in lrigs if type_keys(e.card.lrig_types) & mine for c in e.card.colors} | set(zero.card.colors)
    return zero.card._replace(colors=tuple(sorted(colours)))


def _distinct_types(entries: list[ResolvedEntry]) -> int:
    """How many of ``entries`` can stand together (different LRIG types), at most 3."""
    for size in (3, 2, 1):
        for group in combinations(entries, size):
            if len({type_keys(e.card.lrig_types) for e in group}) == size:
                return size
    return 0


@check("WX209", "two-level-zero-lrigs", "warning", "Exactly 2 level-0 LRIGs", kind="play", needs=("lrig",))
def two_level_zero_lrigs(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A game starts with 1 or 3 LRIGs, never 2: a deck with exactly 2 level-0 LRIGs
    starts each game with one of them, which the player chooses game by game; the other
    is not used in that game."""
    zeros = _zeros(deck)
    if sum(e.count for e in zeros) == 2 and 1 in _counts(params):
        yield Finding(tuple(zeros), "lrig", zeros[0].line, 2, list(_counts(params)))


@check(
    "WX210",
    "piece-needs-three-lrigs",
    "warning",
    "PIECE in a deck that starts with 1 LRIG",
    kind="play",
    needs=("lrig",),
)
def piece_needs_three_lrigs(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """PIECEs can only be used with 3 LRIGs on the field (printed reminder text): in a
    deck that can only start with 1 LRIG a PIECE is legal but dead."""
    if not _zeros(deck) or _can_start_three(deck, params):
        return
    for entry in deck.lrig:
        if entry.card.is_piece:
            yield Finding((entry,), "lrig", entry.line)


def _start_reason(words: Words) -> Any:
    """Why the deck cannot start, in words (``reason``: no_center or counts)."""
    reason = words.args["reason"]
    if reason not in ("no_center", "counts"):
        return reason
    return words.word(f"start_{reason}", total=words.finding.found, counts=words.amount(words.finding.allowed))


@check(
    "WX211",
    "cannot-start",
    "error",
    "The deck cannot start a game",
    kind="play",
    wording={"reason": _start_reason},
    needs=("lrig",),
)
def cannot_start(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """The game starts with a level-0 LRIG as the center (and, with 3 LRIGs, two more
    level-0 LRIGs as assists). Reported only when the format's own construction checks
    (WX107, WX111) are not in force to say so."""
    if params.get("covered"):
        return
    zeros = _zeros(deck)
    total = sum(e.count for e in zeros)
    counts = _counts(params)
    if not any(e.card.type == "LRIG" for e in zeros):
        yield Finding(tuple(zeros), "lrig", None, 0, 1, args={"reason": "no_center"})
    elif not any(total >= n for n in counts):
        yield Finding(tuple(zeros), "lrig", zeros[0].line, total, list(counts), args={"reason": "counts"})

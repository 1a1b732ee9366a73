"""Diva Selection colour rules (RULES.md §5)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from wixoss_deckcheck.checks import params
from wixoss_deckcheck.checks.registry import Finding, RuleParams, check, colours_of
from wixoss_deckcheck.model.cards import LRIG_TYPES
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry


@check(
    "WX130",
    "colour-outside-lrig-colours",
    "error",
    "Card colour not among the level-0 LRIGs' colours",
    params=params.COLOUR,
    needs=("lrig",),  # the level-0 LRIGs give the colours
    wording={
        "allowed": lambda words: words.colours(words.finding.allowed or []),
        "available": lambda words: words.colours(words.finding.allowed or []),
        "missing": colours_of("missing"),
    },
)
def colour_outside_lrig_colours(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card in the main deck or the LRIG deck (option ``decks``) may not have a colour other
    than those of the three level-0 LRIGs opened at game start
    (「ゲーム開始時に公開される3枚のルリグが持つ色」); a deck with more level-0 LRIGs is judged by
    the start that leaves the fewest cards out (option ``lrigs``);
    colourless cards are exempt (official column play_201127: 「青・緑・赤以外の色を持つ
    カードはメイン・ルリグ両デッキに入れられません」). A multi-colour card must have no
    colour outside them (option ``multicolour``)."""
    every = params.get("multicolour", "every") == "every"
    entries = [
        (section, entry)
        for section in params.get("decks", ["main", "lrig"])
        for entry in deck.section(section)
        if entry.card.colors and not entry.card.token
    ]
    available = _fewest_left_out(entries, _colour_options(deck, params.get("lrigs", "starting-trio")), every)
    if available is None:
        return
    for section, entry in entries:
        colours = set(entry.card.colors)
        if not _covered(entry.card.colors, available, every):
            yield Finding(
                (entry,),
                section,
                entry.line,
                sorted(colours),
                sorted(available),
                args={"missing": "/".join(sorted(colours - available))},
            )


def _covered(colours: tuple[str, ...], available: frozenset[str], every: bool) -> bool:
    return set(colours) <= available if every else bool(set(colours) & available)


def _colours_of(entries: Iterable[ResolvedEntry]) -> frozenset[str]:
    return frozenset(c for e in entries for c in e.card.colors)


def _colour_options(deck: ResolvedDeck, lrigs: str) -> list[frozenset[str]]:
    """The colour sets a game of the deck may start with, as option ``lrigs`` counts them."""
    if lrigs == "all":
        return [_colours_of(e for e in deck.lrig if e.card.is_lrig)]
    if lrigs == "level-zero":
        return [_colours_of(deck.level_zero_lrigs)]
    return _trio_colours(deck.level_zero_lrigs)


def _fewest_left_out(
    entries: list[tuple[str, ResolvedEntry]], options: list[frozenset[str]], every: bool
) -> frozenset[str] | None:
    """The colours of the start the player would choose, the first that leaves the fewest cards
    out; None when one leaves none out."""
    best: tuple[int, frozenset[str]] | None = None
    for available in options:
        uncovered = sum(1 for _section, entry in entries if not _covered(entry.card.colors, available, every))
        if best is None or uncovered < best[0]:
            best = (uncovered, available)
    return None if best is None or best[0] == 0 else best[1]


def _trio_colours(zeros: list[ResolvedEntry]) -> list[frozenset[str]]:
    """The colours of each start a deck can open with: three level-0 LRIGs (one LRIG and two
    ASSIST LRIGs when the deck has them), or all of them when it has three or fewer."""
    if len(zeros) <= 3:
        return [_colours_of(zeros)]
    centers = [e for e in zeros if e.card.type == "LRIG"] or zeros
    out = set()
    for center in _one_per_colours(centers, 1):  # only colours count: bounded however many zeros
        for pair in combinations(_one_per_colours(_assists_beside(center, zeros), 2), 2):
            out.add(_colours_of((center, *pair)))
    return sorted(out, key=sorted) or [frozenset()]


def _one_per_colours(entries: list[ResolvedEntry], keep: int) -> list[ResolvedEntry]:
    """At most ``keep`` of the entries of each colour set (a pair may hold two of one), so
    the trios are counted over colour sets, not cards (issue 25: 835 level-0 LRIGs were
    C(835, 3) trios, over a minute)."""
    seen: dict[frozenset[str], int] = {}
    out = []
    for entry in entries:
        colours = frozenset(entry.card.colors)
        if seen.get(colours, 0) < keep:
            seen[colours] = seen.get(colours, 0) + 1
            out.append(entry)
    return out


def _assists_beside(center: ResolvedEntry, zeros: list[ResolvedEntry]) -> list[ResolvedEntry]:
    """The level-0 LRIGs that may start beside ``center``: its ASSIST LRIGs when there are two."""
    others = [e for e in zeros if e is not center]
    assists = [e for e in others if e.card.type == "ASSIST_LRIG"]
    return assists if len(assists) >= 2 else others


@check(
    "WX131",
    "lrig-type-colour-clash",
    "error",
    "Same LRIG type in different colours",
    params=params.COLOUR_CLASH,
)
def lrig_type_colour_clash(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A Mayu's Room rule (official column play_230127):
    「ルリグタイプが同じで、色が異なるルリグ」 may not be used together. Read (option
    ``reading``, default ``no-shared-colour``) as: two LRIGs clash when they share an LRIG
    type and share no colour, so a mono-colour LRIG goes with the two-colour LRIGs of its
    type that the same products print (blue コード・ピルルク with the blue/black
    コード・ピルルク・π2, which grows only from blue/black LRIGs). ``subset``: they clash
    unless one's colours hold the other's; ``different-colours``: any two colour sets
    that differ clash (the literal reading, which rejects those official designs).
    Colourless LRIGs clash with none."""
    reading = params.get("reading", "no-shared-colour")
    by_type, colour_sets = _by_lrig_type(deck)
    reported: set[tuple[str, ...]] = set()
    for lrig_type, sets in colour_sets.items():
        clashing = _clashing(sets, reading)
        if not clashing:
            continue
        entries = [e for e in by_type[lrig_type] if frozenset(e.card.colors) in clashing]
        key = tuple(sorted(e.card.number for e in entries))
        if key in reported:
            continue
        reported.add(key)
        yield Finding(
            tuple(entries),
            "lrig",
            entries[0].line,
            sorted("/".join(sorted(c)) for c in clashing),
            1,
            args={"type": lrig_type},
        )


def _by_lrig_type(deck: ResolvedDeck) -> tuple[dict[str, list[ResolvedEntry]], dict[str, set[frozenset[str]]]]:
    """The coloured LRIGs of each LRIG type, and the colour sets of each type."""
    by_type: dict[str, list[ResolvedEntry]] = {}
    colour_sets: dict[str, set[frozenset[str]]] = {}
    for entry in deck.lrig:
        card = entry.card
        if card.colors and card.type in LRIG_TYPES:
            for lrig_type in card.lrig_types:
                by_type.setdefault(lrig_type, []).append(entry)
                colour_sets.setdefault(lrig_type, set()).add(frozenset(card.colors))
    return by_type, colour_sets


def _clashing(sets: set[frozenset[str]], reading: str) -> set[frozenset[str]]:
    """The colour sets of one LRIG type that clash with another of them under ``reading``."""
    if len(sets) < 2:
        return set()  # the usual deck: every LRIG type in one colour set
    return {colours for colours in sets for other in sets if other != colours and _clash(colours, other, reading)}


def _clash(colours: frozenset[str], other: frozenset[str], reading: str) -> bool:
    """Whether two different colour sets of one LRIG type clash under ``reading``."""
    if reading == "no-shared-colour":
        return not colours & other
    if reading == "subset":
        return not (colours <= other or other <= colours)
    return True  # different-colours: any difference

"""Format card pool checks: icons, the same-name carve-out, level-0 LRIGs."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from wixoss_deckcheck.checks import params
from wixoss_deckcheck.checks.registry import Finding, RuleParams, Words, check, colours_of, derived, none_for_dash
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.patterns import card_pattern
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry
from wixoss_deckcheck.pool.normalize import name_key, number_key
from wixoss_deckcheck.tables.icons import IconIndex


def _icons(deck: ResolvedDeck) -> IconIndex:
    """The deck's icon index (a deck resolved by the checker always has one)."""
    if deck.icons is None:
        raise TypeError("the card-pool checks need a deck resolved with an icon index")
    return deck.icons


def _is_level_zero_lrig(card: Card) -> bool:
    return card.is_lrig and card.level == 0


def _icon_words(words: Words) -> str:
    """The icons of the rule (``params: icons``) in words, ``/`` between."""
    return "/".join(words.icon(icon) for icon in words.params.get("icons") or [])


@check(
    "WX120",
    "card-pool",
    "error",
    "Card not in the format's card pool",
    params=params.CARD_POOL,
    params_required=True,
    wording={
        "icons": _icon_words,
        "why": lambda words: words.word(f"pool_{words.args['why']}", icons=words["icons"]),
    },
)
def card_pool(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card must carry one of the icons the rule names (``icons``; none: every card). A
    card without it is legal when a card of the same name has it (a reprint; ``same_name``),
    or when the print the deck names has it, or when the rule's own list includes it
    (``include``; ``exclude`` takes cards out). Level-0 LRIGs may follow their own rule
    (``exempt_level_zero_lrigs``: level-zero-lrig-pool)."""
    rule = derived(params, "card pool", _PoolRule.of)
    if not rule.required and not rule.exclude:
        return
    icons_of_number, icons_of_name = _icons(deck).icons_of_number, _icons(deck).icons_of_name
    # The verdict depends only on the card, the printed number and the rule: remember it.
    legal = derived(params, "legal prints", lambda _params: set())
    for entry in deck.entries:
        card = entry.card
        if card.token or (entry.number, card.key) in legal:
            continue
        # The print the deck names counts too: an alias may name a print the pool lacks.
        icons = icons_of_number(entry.number)
        if rule.same_name:
            icons = icons | icons_of_name(card)
        why = rule.why_not(entry, icons)
        if why:
            yield Finding((entry,), entry.section, entry.line, sorted(icons), sorted(rule.required), args={"why": why})
        elif why is None and not rule.exclude:
            legal.add((entry.number, card.key))


class _PoolRule(NamedTuple):
    """A card-pool rule as the check applies it: its icons, its own card lists, its options."""

    required: frozenset[str]
    include: _Selection
    exclude: _Selection
    same_name: bool
    exempt_level_zero: bool

    @classmethod
    def of(cls, params: RuleParams) -> _PoolRule:
        return cls(
            frozenset(params.get("icons") or ()),
            _Selection(params.get("include")),
            _Selection(params.get("exclude")),
            params.get("same_name", True),
            params.get("exempt_level_zero_lrigs", False),
        )

    def why_not(self, entry: ResolvedEntry, icons: frozenset[str]) -> str | None:
        """Why the card of ``entry`` (carrying ``icons``) is not in the pool: ``excluded`` or
        ``no_icon``; None when its icons (or its level 0) put it in, "" when the rule's own
        list does."""
        if self.exclude and self.exclude.matches(entry, self.same_name):
            return "excluded"
        required = self.required
        if not required or icons & required or (self.exempt_level_zero and _is_level_zero_lrig(entry.card)):
            return None
        return "" if self.include and self.include.matches(entry, self.same_name) else "no_icon"


class _Selection:
    """Cards picked by number, name or series pattern (a format's own card list)."""

    def __init__(self, spec: Mapping[str, Any] | None):
        spec = spec or {}
        self.numbers = {number_key(n) for n in spec.get("numbers", [])}
        self.names = {name_key(n) for n in spec.get("names", [])}
        self.series = [card_pattern(pattern, "series") for pattern in spec.get("series", [])]

    def __bool__(self) -> bool:
        return bool(self.numbers or self.names or self.series)

    def matches(self, entry: ResolvedEntry, same_name: bool) -> bool:
        card = entry.card
        numbers = (card.number, *card.reprints) if same_name else (entry.number,)
        if card.key in self.names or any(number_key(n) in self.numbers for n in numbers):
            return True
        return any(pattern.match(number) for pattern in self.series for number in numbers)


@check(
    "WX121",
    "level-zero-lrig-pool",
    "error",
    "Level-0 LRIG not usable in the format",
    params=params.LEVEL_ZERO_POOL,
    params_required=True,
    wording={"icons": _icon_words, "colours": colours_of("colours"), "types": none_for_dash("types")},
)
def level_zero_lrig_pool(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """With ``match: colour-and-type``, a level-0 LRIG without one of the rule's ``icons`` is
    legal only if some level-0 LRIG with the icon has the same colour and the same LRIG
    type (Diva Selection's correction of 2020-12-14: the All-Star white タウィル and black
    ウムル are not usable); with ``match: any`` every level-0 LRIG is legal."""
    if params["match"] == "any":
        return
    required = frozenset(params["icons"])
    signatures = None
    for entry in deck.level_zero_lrigs:
        card = entry.card
        if _icons(deck).icons_of_name(card) & required:
            continue
        if signatures is None:
            signatures = _icons(deck).level_zero_signatures(required)
        colours = frozenset(card.colors)
        if not any((colours, lrig_type) in signatures for lrig_type in card.lrig_types):
            yield Finding(
                (entry,),
                "lrig",
                entry.line,
                args={"colours": "/".join(card.colors) or "colourless", "types": "/".join(card.lrig_types) or "-"},
            )


@check("WX122", "not-yet-released", "error", "Card not yet released on the date")
def not_yet_released(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card can be in a deck only once some print of it (any reprint, any card of the
    same name) is on sale: the release calendar (``formats/data/releases.yaml``) gives each
    product's first day, as a lower bound where only the month or the year is known, and a
    sourced lower bound (``not_before``) for a product whose day no source gives. A print
    with no calendar entry at all never makes a card available earlier than its other
    prints; a card with no dated or bounded print at all counts as released. Inside a
    product's window (between its lower bound and the first day a source shows it out) the
    card is WX123's warning, not this error."""
    icons = _icons(deck)
    if icons.calendar is None or icons.day is None:
        return
    for entry in deck.entries:
        card = entry.card
        if icons.card_released(card) or icons.name_released(card):
            continue
        numbers = [n for n in icons.name_numbers(card) if icons.calendar.earliest(n)]
        first = min((icons.calendar.earliest(n) or "" for n in numbers), default="?")
        yield Finding((entry,), entry.section, entry.line, icons.day, first, args={"released": first, "day": icons.day})


@check("WX123", "release-uncertain", "warning", "Card perhaps not yet released on the date")
def release_uncertain(deck: ResolvedDeck, params: RuleParams) -> Iterator[Finding]:
    """A card out on the date only in a product whose day no source gives, inside its window:
    on or after its sourced lower bound (``not_before``) and before the first day a source
    shows it out (``certain_from``), it may not have been on sale yet. A warning that names
    the window and both sources; before the window it is WX122's error, after it nothing."""
    icons = _icons(deck)
    if icons.calendar is None or icons.day is None:
        return
    for entry in deck.entries:
        numbers = icons.name_numbers(entry.card)
        if icons.release_state(numbers) != "window":
            continue
        release = icons.calendar.window_of(numbers, icons.day)
        if release is None:
            continue
        yield Finding(
            (entry,),
            entry.section,
            entry.line,
            args={
                "product": release.name or "?",
                "since": release.earliest or "?",
                "certain": release.certain_from or "?",
                "bound_source": release.bound_source or "?",
                "certain_source": release.certain_source or "?",
                "day": icons.day,
            },
            severity="warning",  # uncertain: check --history shows the window as a period
        )

"""What resolving one decklist query against the card pool gives."""

from __future__ import annotations

from dataclasses import dataclass, field

from wixoss_deckcheck.model.cards import Card


@dataclass
class Resolution:
    """The outcome of resolving one decklist query against the pool."""

    query: str
    card: Card | None = None
    number: str | None = None  # the printed number the player used, when by number
    candidates: list[Card] = field(default_factory=list)  # when ambiguous
    suggestions: list[str] = field(default_factory=list)  # when unknown
    #: A card number and a name beside it that names other cards: (the number's card,
    #: the number as written, the name, the cards it names). Never settled silently.
    conflict: tuple | None = None
    #: A word of the messages that says more about an unknown card (``webxoss_no_list``).
    hint: str | None = None
    #: How the card was found when not by its own number or names: ``alias`` (an alias table).
    via: str | None = None
    #: A card number, its card's name and a bare number first or last (``WD01-009 甲冑　ローメイル 2``):
    #: (the card, the number as written, the copies). Not ``ok``: the deck reads it as that many
    #: copies only on a line that wrote no other count
    #: (:meth:`~wixoss_deckcheck.model.resolved.ResolvedDeck.add_lines`).
    counted: tuple[Card, str, int] | None = None

    @property
    def ok(self) -> bool:
        return self.card is not None

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

    @property
    def ok(self) -> bool:
        return self.card is not None

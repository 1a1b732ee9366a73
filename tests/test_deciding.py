"""An ambiguous name the rest of the deck decides (checking/deciding.py, WX006; issue 20 item 1):
by the LRIG type of the deck's other LRIGs, or by the set most of its other cards are printed in;
never when the deck points to no single candidate."""

from __future__ import annotations

from wixoss_deckcheck.checking.deciding import decide
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.model.deck import Deck, DeckEntry
from wixoss_deckcheck.model.resolved import ResolvedDeck, ResolvedEntry


class Pool:
    """Every card is its own only print."""

    def same_name(self, card: Card) -> list[Card]:
        return [card]


def deck_of(*cards: Card) -> ResolvedDeck:
    resolved = ResolvedDeck(Deck("deck.txt"), None, None)
    for line, card in enumerate(cards, 1):
        resolved.add(ResolvedEntry(DeckEntry(1, card.number, line, card.deck), card, card.number, card.deck))
    return resolved


def lrig(number: str, name: str, kind: str) -> Card:
    return Card.make(number, name, "LRIG", level=1, lrig_types=(kind,))


def signi(number: str, name: str) -> Card:
    return Card.make(number, name, "SIGNI", level=1)


def test_an_lrig_of_the_decks_lrig_type_is_taken():
    tama, yuzuki = lrig("WX01-002", "暁の巫女　タマヨリヒメ", "タマ"), lrig("WX02-004", "遊月・壱", "遊月")
    deck = deck_of(lrig("WX01-001", "太陽の巫女　タマヨリヒメ", "タマ"), lrig("WD01-005", "新月の巫女", "タマ"))
    found = decide([tama, yuzuki], deck, Pool())
    assert found is not None and (found.card, found.reason, found.detail) == (tama, "lrig_type", "タマ")
    # both of the deck's type, or neither: nothing to take by type (and no set points anywhere)
    assert decide([tama, lrig("WX03-006", "天空の巫女", "タマ")], deck, Pool()) is None
    assert decide([yuzuki, lrig("WX04-006", "閻魔　ウリス", "ウリス")], deck, Pool()) is None


def test_the_set_most_other_cards_share_decides_when_one_candidate_alone_is_printed_there():
    ours, theirs = signi("WDK08-Y16", "幻水　スイギュ"), signi("WXDi-D01-018", "幻水　スイギュウ")
    deck = deck_of(signi("WDK08-Y11", "幻水　スピノー"), signi("WDK08-Y12", "幻水　ダンクルテウス"))
    found = decide([theirs, ours], deck, Pool())
    assert found is not None and (found.card, found.number, found.reason, found.detail, found.support) == (
        ours,
        "WDK08-Y16",
        "set",
        "WDK08",
        2,
    )
    # one other card of that set is too little to decide
    assert decide([theirs, ours], deck_of(signi("WDK08-Y11", "幻水　スピノー")), Pool()) is None
    # two candidates as well supported: none is taken
    mixed = deck_of(*[e.card for e in deck.entries], signi("WXDi-D01-012", "a"), signi("WXDi-D01-013", "b"))
    assert decide([theirs, ours], mixed, Pool()) is None

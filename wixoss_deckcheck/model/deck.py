"""What a parsed decklist is: entries that remember their file and line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

SECTIONS = ("main", "lrig")


class DeckEntry(NamedTuple):
    """One line of a decklist: ``count`` copies of the card the player wrote as ``query``.

    ``section`` is ``main`` or ``lrig`` when the list said so, ``None`` when the card
    is placed by its type.
    """

    count: int  # type: ignore[assignment]  # the field shadows tuple.count, which entries never need
    query: str
    line: int | None
    section: str | None = None


class WrittenCount(int):
    """A copy count of 1 a line wrote (``1 WD01-009 甲冑　ローメイル 2``): 1 everywhere, but not the
    1 of a line that wrote no count, which a count after the card's name may replace
    (:meth:`~wixoss_deckcheck.model.resolved.ResolvedDeck.add_lines`)."""

    __slots__ = ()


#: The written count 1 (the readers' one instance).
WRITTEN_ONE = WrittenCount(1)


def written_count(count: int) -> int:
    """A count a line or an entry wrote: a 1 becomes :data:`WRITTEN_ONE` (the one mark every reader
    gives it), any other count stays as it is."""
    return WRITTEN_ONE if count == 1 else count


#: Builds a :class:`DeckEntry` from a tuple of its four fields without the Python-level
#: ``__new__`` of a named tuple: ``new_entry(DeckEntry, (count, query, line, section))``.
#: The quick readers make one per line of every deck of an audit.
new_entry = tuple.__new__


@dataclass
class Deck:
    """A parsed decklist, before its cards are resolved against a pool."""

    path: str
    entries: list[DeckEntry] = field(default_factory=list)
    name: str | None = None
    format: str | None = None  # the format the file declares, if any
    date: str | None = None  # the date the file declares (YYYY-MM-DD), if any
    format_line: int | None = None
    #: Lines of a YAML decklist where a comment (`` #...``) cut an entry short: a card
    #: name with a ``#`` in it must be quoted there. The checker says so for an unknown card.
    comment_cut_lines: frozenset[int] = frozenset()
    #: For a decklist sheet (``.xlsx``), what the sheet says of each entry, in the order of
    #: ``entries``: (the sheet's own row number, ``burst``, ``burst-ticked`` (ライフバースト無
    #: ticked) or ``plain``) for the main deck, None for the LRIG deck. Checked by WX004.
    sheet_marks: tuple[tuple[int, str] | None, ...] = ()

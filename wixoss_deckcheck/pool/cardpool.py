"""The card pool: loading it, choosing which one, and resolving what a player wrote.

Pool choice, first match wins: ``--cardpool FILE``, the environment variable
``WIXOSS_DECKCHECK_CARDPOOL``, the pool installed in the user data directory (by
``wixoss-deckcheck cardpool update`` or ``cardpool build``), and the small sample pool
shipped with the package.
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeGuard

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.cache import discard_marshalled, load_marshalled, store_marshalled
from wixoss_deckcheck.files.text import read_regular_file
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.location import POOL_ENV, PoolLocation, locate_pool
from wixoss_deckcheck.pool.normalize import (
    looks_like_number,
    name_key,
    number_key,
    search_key,
    series_of,
)
from wixoss_deckcheck.pool.resolution import Resolution
from wixoss_deckcheck.pool.sharded import ShardedIndex, cache_shape_ok, decode_blob
from wixoss_deckcheck.speed import garbage_collection_paused

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.pool.aliases import AliasTable

__all__ = ["POOL_ENV", "POOL_SCHEMA_ID", "CardPool", "PoolLocation", "Resolution", "locate_pool"]

POOL_SCHEMA_ID = "wixoss-deckcheck-cardpool/1"
#: The name of the pool's compact cache files (changed whenever their layout changes).
#: 2: cards carry their timing; 3: and 【ライズ】; 4: and their ability costs; 5: ARTS their effect
_CACHE_KIND = "pool-sharded-5"
_OLDER_CACHE_KINDS = ("pool", "pool-sharded", "pool-sharded-2", "pool-sharded-3", "pool-sharded-4")


def _cached_card(values: Any) -> Card:
    """A card of a decoded cache row; a row of the wrong shape is a ValueError."""
    card = Card._make(values)
    if card.number.__class__ is not str or card.name.__class__ is not str or card.type.__class__ is not str:
        raise ValueError("a cached card row of the wrong shape")
    return card


def _cache_state_ok(state: Any) -> TypeGuard[tuple]:
    """Whether a decoded pool cache has the shape :meth:`CardPool._from_cache` reads."""
    return (
        state.__class__ is tuple and len(state) == 4 and state[0].__class__ is dict
        and state[1].__class__ is list and (not state[1] or state[1][0].__class__ is bytes)
        and cache_shape_ok(state[2]) and len(state[2]) == 3 and state[3].__class__ is dict
    )


def _indexes(cards: list[Card]) -> tuple[dict[str, int], dict[str, list[int]], dict[str, list[int]]]:
    """The pool's three indexes of its rows: by number (reprints included), by same-name
    key, and every name (Japanese too) under its loose search key (kana, accents)."""
    by_number: dict[str, int] = {}
    by_name: dict[str, list[int]] = {}
    by_other_name: dict[str, list[int]] = {}
    for index, card in enumerate(cards):
        by_number[number_key(card.number)] = index
        for reprint in card.reprints:
            by_number.setdefault(number_key(reprint), index)
        by_name.setdefault(card.key, []).append(index)
        for value in (card.name, *card.names.values()):
            bucket = by_other_name.setdefault(search_key(value), []) if value else None
            if bucket is not None and index not in bucket:
                bucket.append(index)
    return by_number, by_name, by_other_name


class CardPool:
    """All known cards, indexed by number (reprints included) and by name in every language."""

    #: Alias tables (:mod:`wixoss_deckcheck.pool.aliases`), read on the first name no card has
    #: (:mod:`~wixoss_deckcheck.pool.namematch`). A class default, so a pool that never
    #: misses never reads them, and the compact pool cache never holds them.
    _aliases: AliasTable | None = None

    def __init__(self, cards: Iterable[Card], meta: dict | None = None, location: PoolLocation | None = None):
        self.meta = meta or {}
        self.location = location
        self._suggestion_choices: dict[bool, tuple[dict[str, int], list[str]]] = {}
        #: Card objects by row; ``None`` for rows not decoded yet (see :meth:`_from_cache`).
        loaded = list(cards)
        self._objects: list[Card | None] = list(loaded)
        #: Marshalled rows, when the pool came from the compact cache; decoded on first use.
        self._rows: list[bytes] | None = None
        by_number, by_name, by_other_name = _indexes(loaded)
        #: The three indexes (number → row, same-name key → rows, search key → rows);
        #: from the cache each is a :class:`ShardedIndex`, decoded shard by shard as keys are asked for.
        self._indexes: list = [by_number, by_name, by_other_name]
        #: Rows that share their name with other rows (reprint rows): row → all those rows.
        self._same: dict[int, tuple[int, ...]] = {
            index: tuple(rows) for rows in by_name.values() if len(rows) > 1 for index in rows
        }
        self._row_of: dict[int, int] = {id(card): index for index, card in enumerate(self._objects)}

    def _index(self, which: int):
        return self._indexes[which]

    @property
    def _by_number(self) -> dict[str, int]:
        return self._index(0)

    @property
    def _by_name(self) -> dict[str, list[int]]:
        return self._index(1)

    @property
    def _by_other_name(self) -> dict[str, list[int]]:
        return self._index(2)

    # -- rows ----------------------------------------------------------------------
    def _card(self, index: int) -> Card:
        """The card of one row, decoded from the compact cache the first time it is asked for."""
        try:
            card = self._objects[index]
            if card is None:
                assert self._rows is not None  # a row not yet decoded comes from the cache
                card = self._objects[index] = _cached_card(decode_blob(self._rows[index], tuple))
                self._row_of[id(card)] = index
        except (IndexError, TypeError, ValueError, EOFError):  # a cache with a right checksum but wrong values
            where = self.location.path if self.location is not None else None
            if where is not None:
                discard_marshalled(_CACHE_KIND, where)
            raise InputError("the card pool's cache was damaged and is removed: run the command again "
                             "(the pool file itself is fine)", str(where)) from None
        return card

    def _cards(self, indexes: Iterable[int]) -> list[Card]:
        return [self._card(index) for index in indexes]

    @property
    def cards(self) -> list[Card]:
        """Every card of the pool (decodes all rows; a single ``check`` never needs this)."""
        if self._rows is not None:
            for index in range(len(self._objects)):
                self._card(index)
            self._rows = None
        return self._objects  # type: ignore[return-value]

    def _to_cache(self) -> tuple:
        rows = self._rows if self._rows is not None else [None] * len(self._objects)
        encoded = [marshal.dumps(tuple(card)) if card is not None else rows[i] for i, card in enumerate(self._objects)]  # type: ignore[arg-type]
        indexes = [
            value.cache_form() if isinstance(value, ShardedIndex) else ShardedIndex.encode(value)
            for value in self._indexes
        ]
        return (self.meta, encoded, indexes, self._same)

    @classmethod
    def _from_cache(cls, state: tuple, location: PoolLocation) -> CardPool:
        pool = cls.__new__(cls)
        pool.meta, pool._rows, indexes, pool._same = state
        pool._indexes = [ShardedIndex(blobs, size) for blobs, size in indexes]
        pool._objects = [None] * len(pool._rows)
        pool._row_of = {}
        pool._suggestion_choices = {}
        pool.location = location
        return pool

    # -- loading -----------------------------------------------------------------
    @classmethod
    def load(cls, location: PoolLocation) -> CardPool:
        """Load a card pool, from the compact cache when it is current, else from JSON.

        The compact cache (marshal, in the user cache directory) holds the indexes and
        one encoded row per card; rows are decoded only when a card is looked at, so a
        ``check`` reads the indexes and the few dozen cards of its deck.
        """
        path = location.path
        if os.path.isfile(path):  # False on any OSError (a name too long)
            with garbage_collection_paused():  # building the indexes makes many objects and no cycles
                state = load_marshalled(_CACHE_KIND, path)
            if _cache_state_ok(state):
                return cls._from_cache(state, location)
        pool = cls.load_json(location)
        store_marshalled(_CACHE_KIND, path, pool._to_cache())
        for older in _OLDER_CACHE_KINDS:  # the layouts before this one
            discard_marshalled(older, path)
        return pool

    @classmethod
    def load_json(cls, location: PoolLocation) -> CardPool:
        """Read a card pool file; any problem is an :class:`InputError` naming the file."""
        from wixoss_deckcheck.pool.shape import MAX_POOL_BYTES, check_cards, parse_pool_json  # the slow path: json

        path = location.path
        data = parse_pool_json(read_regular_file(path, "card pool", MAX_POOL_BYTES), str(path))
        if (
            not isinstance(data, dict)
            or data.get("schema") != POOL_SCHEMA_ID
            or not isinstance(data.get("cards"), list)
        ):
            raise InputError(
                f'not a card pool of this tool (expected a JSON object with "schema": "{POOL_SCHEMA_ID}" '
                'and "cards")',
                str(path),
            )
        check_cards(data["cards"], str(path))
        cards = [Card.from_dict(raw) for raw in data["cards"]]
        meta = {key: value for key, value in data.items() if key != "cards"}
        return cls(cards, meta, location)

    # -- queries -----------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._objects)

    @property
    def number_count(self) -> int:
        """How many distinct card numbers (prints and reprints) the pool knows."""
        return len(self._by_number)

    def by_number(self, number: str) -> Card | None:
        index = self._by_number.get(number_key(number))
        return None if index is None else self._card(index)

    def same_name(self, card: Card) -> list[Card]:
        """Every card of the pool with the same name as ``card`` (reprint rows included)."""
        row = self._row_of.get(id(card))
        if row is not None:
            return self._cards(self._same.get(row, (row,)))
        indexes = self._by_name.get(card.key)
        return self._cards(indexes) if indexes else [card]

    def cards_named(self, name: str) -> list[Card]:
        return self._cards(self._by_name.get(name_key(name), ()))

    def knows_name_key(self, key: str) -> bool:
        """Whether a card has this same-name key (:func:`~wixoss_deckcheck.pool.normalize.name_key`);
        decodes no card."""
        return key in self._by_name

    def key_of_printed_name(self, name: str) -> str | None:
        """The same-name key of the cards printed with exactly this name when that is not
        their name under the rules (a collaboration print such as ``ずんだもん　レベル0``
        plays as a WIXOSS card): None when no card, or cards of several keys, are printed so."""
        wanted = name_key(name)
        rows = self._by_other_name.get(search_key(name), ())
        keys = {card.key for card in self._cards(rows) if name_key(card.name) == wanted}
        return keys.pop() if len(keys) == 1 else None

    def resolve(self, query: str, suggest: bool = True) -> Resolution:
        """Resolve a card number or a name in any language the pool knows.

        An exact number or name resolves. Several different cards that share a
        name (other than reprints, which are one name) make the query ambiguous. What
        is neither goes to :mod:`~wixoss_deckcheck.pool.namematch` (a number beside a
        name, a deck editor's set code, the alias tables, loose names), and an unknown
        query gets close suggestions. Nothing is ever guessed.
        """
        text = query.strip()
        if looks_like_number(text):
            card = self.by_number(text)
            if card is not None:
                return Resolution(query, card, number=self.printed_number(card, text))
        found = self.resolve_name(query, text)
        if found is not None:
            return found
        from wixoss_deckcheck.pool.namematch import resolve_missed  # only after every exact lookup missed

        return resolve_missed(self, query, text, suggest)

    def resolve_name(self, query: str, text: str, edition: str | None = None) -> Resolution | None:
        """Exact Japanese name, else any name in its loose search key; None if unknown."""
        exact = self._by_name.get(name_key(text))
        if exact:
            return self.pick_print(query, self._cards(exact), edition)
        rows = self._by_other_name.get(search_key(text))
        if not rows:
            return None
        others = self._cards(rows)
        distinct = {card.key: card for card in others}
        if len(distinct) > 1 and edition:
            distinct = self._with_print_in(distinct, edition) or distinct
        if len(distinct) == 1:
            key = next(iter(distinct))
            return self.pick_print(query, [card for card in others if card.key == key], edition)
        return Resolution(query, candidates=list(distinct.values()))

    def _with_print_in(self, cards: dict[str, Card], edition: str) -> dict[str, Card]:
        """The cards (by same-name key) with a print in the set ``edition``."""
        return {key: card for key, card in cards.items()
                if any(self._print_in(same, edition) for same in self.same_name(card))}

    def pick_print(self, query: str, cards: list[Card], edition: str | None) -> Resolution:
        """The row (and printed number) of a same-name group, preferring ``edition``'s print."""
        if edition:
            for card in self.same_name(cards[0]):
                number = self._print_in(card, edition)
                if number:
                    return Resolution(query, card, number=number)
        return Resolution(query, cards[0])

    @staticmethod
    def _print_in(card: Card, edition: str) -> str | None:
        wanted = edition.upper()
        for number in (card.number, *card.reprints):
            if series_of(number).upper() == wanted or number_key(number).startswith(wanted + "-"):
                return number
        return None

    def printed_number(self, card: Card, text: str) -> str:
        wanted = number_key(text)
        if number_key(card.number) == wanted:
            return card.number
        for number in card.reprints:
            if number_key(number) == wanted:
                return number
        return card.number

    def suggestion_keys(self, by_number: bool) -> dict[str, int]:
        """Every number key (``by_number``) or every name and search key, with the row of a
        card it names. Rows, not cards: suggesting decodes only the cards it shows."""
        if by_number:
            return dict(self._by_number.items())
        keys = {key: rows[0] for key, rows in self._by_name.items()}
        for key, rows in self._by_other_name.items():
            keys.setdefault(key, rows[0])
        return keys

    def suggestion_choices(self, by_number: bool) -> tuple[dict[str, int], list[str]]:
        """:meth:`suggestion_keys` and the list of its keys, made once per pool."""
        found = self._suggestion_choices.get(by_number)
        if found is None:
            rows = self.suggestion_keys(by_number)
            found = self._suggestion_choices[by_number] = (rows, list(rows))
        return found

    def card_at(self, row: int) -> Card:
        """The card of a row given by :meth:`suggestion_keys`."""
        return self._card(row)

    def all_numbers(self) -> Iterable[tuple[str, Card]]:
        """Every (number key, card) pair, reprint numbers included."""
        return ((key, self._card(index)) for key, index in self._by_number.items())

    def name_rows(self) -> Iterable[tuple[str, list[int]]]:
        """Every (search key, rows) pair of every name in every language (no card decoded)."""
        return self._by_other_name.items()

    def name_index(self) -> Iterable[tuple[str, list[Card]]]:
        """Every (search key, cards) pair of every name in every language (card search)."""
        return ((key, self._cards(indexes)) for key, indexes in self._by_other_name.items())

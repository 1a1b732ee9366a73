"""Looking up what a player wrote when it is not exactly a card number or a card name.

Used by :meth:`wixoss_deckcheck.pool.cardpool.CardPool.resolve` only after every exact lookup
missed (:func:`resolve_missed`), so none of this runs for a deck whose cards are written
exactly. In order:

- A card number beside a name, in either order (``WD01-013 小剣　ククリ``,
  ``小剣　ククリ WD01-013``, ``甲冑　ローメイル (WD01-009)``, ``甲冑　ローメイル［WD01-009］``), with a
  bare count after it (``甲冑　ローメイル WD01-009 2``: that many copies when the name is the
  number's card's): the number names the card; a name beside it that names another card is a
  conflict, never settled silently.
- A deck editor's set code after the name (``Servant D (WX07)``): the name's print of
  that set; an alias of that set when the name has no print in it. A code that is no
  series (``(WDi-08)``, ``(WXi-06)``) is read through the alias tables' ``set_codes``.
- The alias tables (:mod:`~wixoss_deckcheck.pool.aliases`): names deck editors use.
- Names without their punctuation (``Romail Helmet Armor`` for ``Romail, Helmet Armor``),
  ``⁑`` written for ``*`` (or the other way round), and the short forms of the ``//``
  names (``コードメイズ　ペイラビ//ディソナ`` written ``ペイラビ//ディソナ`` or ``ペイラビ``):
  a card when exactly one card (one name; reprints are one) matches, else the candidates.
- Else an unknown card, with suggestions (:mod:`~wixoss_deckcheck.pool.suggest`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any, NamedTuple, Protocol

from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.aliases import AliasTable, load_aliases
from wixoss_deckcheck.pool.normalize import (
    count_like,
    fold_width,
    looks_like_number,
    search_key,
    split_edition_suffix,
)
from wixoss_deckcheck.pool.resolution import Resolution
from wixoss_deckcheck.pool.suggest import suggest_cards

#: How a webxoss deck export's cards are written (``webxoss:112``): looked up by pid.
WEBXOSS_PREFIX = "webxoss:"


class MatchSource(Protocol):
    """What these lookups need of a card pool (:class:`~wixoss_deckcheck.pool.cardpool.CardPool`)."""

    meta: dict[str, Any]
    _aliases: AliasTable | None

    def by_number(self, number: str) -> Card | None: ...

    def resolve(self, query: str, suggest: bool = True) -> Resolution: ...

    def resolve_name(self, query: str, text: str, edition: str | None = None) -> Resolution | None: ...

    def pick_print(self, query: str, cards: list[Card], edition: str | None) -> Resolution: ...

    def printed_number(self, card: Card, text: str) -> str: ...

    def same_name(self, card: Card) -> list[Card]: ...

    def name_rows(self) -> Iterable[tuple[str, list[int]]]: ...

    def card_at(self, row: int) -> Card: ...

    def suggestion_choices(self, by_number: bool) -> tuple[dict[str, int], list[str]]: ...


#: Punctuation that stays part of a name in the loose key: ``Servant #`` is not ``Servant``.
_KEPT = frozenset("#*&%")
_BRACKETS = {"(": ")", "[": "]", "【": "】", "<": ">", "{": "}", "〔": "〕"}


class NumberAndName(NamedTuple):
    """A card number the pool knows, the number as written, and the rest of the text (the name)."""

    card: Card
    number: str
    name: str


_FIRST = re.compile(r"^\s*(\S+)\s+(?=\S)")
_LAST = re.compile(r"(?<=\S)\s+(\S+)\s*$")
#: A number in brackets written against the name, with no space (``甲冑　ローメイル［WD01-009］``,
#: ``【WD01-009】甲冑　ローメイル``): the brackets set it apart as a space would.
_OPEN, _CLOSE = "(\\[【<{（［〔＜｛", ")\\]】>}）］〕＞｝"
_GLUED = "[" + _OPEN + "][^\\s" + _OPEN + "]+[" + _CLOSE + "]"
_GLUED_FIRST = re.compile(r"^\s*(" + _GLUED + r")\s*(?=\S)")
_GLUED_LAST = re.compile(r"(?<=\S)\s*(" + _GLUED + r")\s*$")
#: A number before a bare count at the end (``甲冑　ローメイル WD01-009 2``, ``Name［WD01-009］ 2``):
#: the count stays with the name, where :func:`resolve_number_and_name` reads a count at its end.
_COUNT_AFTER = r"(\s+[0-9０-９]+)\s*$"
_LAST_COUNTED = re.compile(r"(?<=\S)\s+(\S+)" + _COUNT_AFTER)
_GLUED_COUNTED = re.compile(r"(?<=\S)\s*(" + _GLUED + r")" + _COUNT_AFTER)
_AT_START = (_FIRST, _GLUED_FIRST)
_SPLITS = (_FIRST, _LAST, _GLUED_FIRST, _GLUED_LAST, _LAST_COUNTED, _GLUED_COUNTED)


def _numbers_at_ends(text: str) -> Iterable[tuple[str, str]]:
    """Each card-number-shaped token at the start or the end of ``text`` (see
    :func:`split_number`), with the text beside it (a bare count at the end stays in it)."""
    for pattern in _SPLITS:
        match = pattern.search(text)
        token = _number_token(match.group(1)) if match else ""
        if match and token:
            rest = text[match.end() :] if pattern in _AT_START else text[: match.start()]
            yield token, (rest + match.group(2) if match.lastindex == 2 else rest).strip()


def split_number(pool: MatchSource, text: str) -> NumberAndName | None:
    """The known card number at the start or the end of ``text`` with the text beside it
    (as written), else None. A number in brackets counts (``Name (WD01-009)``, ``[WD01-009] Name``,
    ``Name［WD01-009］``), and so does a number before a bare count at the end (``Name WD01-009 2``)."""
    found = []
    for token, rest in _numbers_at_ends(text):
        card = pool.by_number(token)
        if card is not None:
            found.append(NumberAndName(card, token, rest))
    if not found or any(other.card.key != found[0].card.key for other in found):
        return None  # no number, or two numbers of two cards: nothing to pick (an unknown card)
    return found[0]


def _number_token(token: str) -> str:
    """``token`` (brackets taken off) when it has the shape of a card number, else ""."""
    token = _unbracketed(fold_width(token))
    return token if any(char.isdigit() for char in token) and looks_like_number(token) else ""


def _unbracketed(token: str) -> str:
    closing = _BRACKETS.get(token[:1])
    if closing is None:
        return token
    return token[1:-1] if token.endswith(closing) and len(token) > 2 else ""


def loose_key(text: str) -> str:
    """:func:`~wixoss_deckcheck.pool.normalize.search_key` without punctuation (``#``, ``*``,
    ``&`` and ``%`` stay, and so do symbols such as ``∞``: ``サーバント　∞`` is no ``サーバント``),
    ``⁑`` as ``*``."""
    return _loosen(search_key(text))


#: The translation that makes a key loose, grown with every new character seen.
_LOOSE_TABLE: dict[int, str | None] = {0x2051: "*"}
_SEEN: set[str] = {"\u2051"}


def _loosen(key: str, known: bool = False) -> str:
    """A search key made loose (:func:`loose_key`); ``known``: its characters were seen."""
    if not known:
        _learn(set(key))
    return key.translate(_LOOSE_TABLE)


def _learn(chars: set[str]) -> None:
    for char in chars - _SEEN:
        if char not in _KEPT and unicodedata.category(char).startswith("P"):
            _LOOSE_TABLE[ord(char)] = None
    _SEEN.update(chars)


def _short_forms(name: str) -> list[str]:
    """The ways players shorten a ``//`` name: ``コードメイズ　ペイラビ//ディソナ`` →
    ``ペイラビ//ディソナ``, ``ペイラビ``, ``コードメイズ　ペイラビ``; ``Pale Laby//Dissona,
    Code: Maze`` → ``Pale Laby//Dissona``, ``Pale Laby``."""
    raw = name.replace("\uff0f", "/")
    if "//" not in raw:
        return []
    left, right = raw.split("//", 1)
    core = left.split("\u3000")[-1]  # the part after the card's class name (コードメイズ　)
    left, core, right = fold_width(left).strip(), fold_width(core).strip(), fold_width(right)
    second = right.split(",")[0].strip()
    forms = {f"{core}//{second}", core, left.strip(), f"{left.strip()}//{second}"}
    return [form for form in forms if form]


def _loose_index(pool: MatchSource) -> dict[str, set[int]]:
    """Loose key → the rows of the cards it may name, built once per pool on the first miss:
    from the search keys (no card is decoded), plus the short forms of the ``//`` names (only
    those cards are decoded)."""
    memo = pool.__dict__.get("_loose_index")
    if memo is not None:
        return memo
    index: dict[str, set[int]] = {}
    slashed = set()
    names = list(pool.name_rows())
    _learn(set().union(*(key for key, _rows in names)))
    for key, rows in names:
        index.setdefault(_loosen(key, known=True), set()).update(rows)
        if "//" in key:
            slashed.update(rows)
    for row in slashed:
        card = pool.card_at(row)
        for name in {card.name, *card.names.values()}:
            for form in _short_forms(name) if name else ():
                index.setdefault(loose_key(form), set()).add(row)
    index.pop("", None)
    pool.__dict__["_loose_index"] = index
    return index


def loose_matches(pool: MatchSource, text: str) -> list[Card]:
    """One card of every name whose loose form (or short ``//`` form) is ``text``'s loose form."""
    key = loose_key(text)
    rows = _loose_index(pool).get(key) if key else None
    if not rows:
        return []
    by_name: dict[str, Card] = {}
    for row in sorted(rows):
        card = pool.card_at(row)
        by_name.setdefault(card.key, card)
    return list(by_name.values())


def name_part(text: str) -> str:
    """``text`` without a card number at its start or end (and a bare count after it): what
    suggestions are made from."""
    for _token, rest in _numbers_at_ends(text):
        return _count_dropped(rest)
    return text


def _count_dropped(text: str) -> str:
    words = text.split()
    return text[: len(text) - len(words[-1])].strip() if len(words) > 1 and count_like(words[-1]) else text


def resolve_missed(pool: MatchSource, query: str, text: str, suggest: bool = True) -> Resolution:
    """What ``text`` (the query, stripped) names when it is no card number or name of the
    pool: see the module's docstring for the order of the lookups."""
    found = resolve_number_and_name(pool, query, text)
    if found is None:
        found = _resolve_set_code(pool, query, text)
    if found is None:
        found = _resolve_alias(pool, query, text)
    return found if found is not None else resolve_loosely(pool, query, text, suggest)


def _resolve_set_code(pool: MatchSource, query: str, text: str) -> Resolution | None:
    """``Servant D (WX07)``: a deck editor's set code after the name picks a print. When
    the name is known but the pool has no print of it in that set, a deck editor may give
    another card of that set the same name ("Midoriko, Battle Girl (WDK03)" is 闘娘　翠子,
    not 闘娘　緑姫): an alias of exactly that text wins."""
    base, edition = split_edition_suffix(text)
    if not edition:
        return None
    found = pool.resolve_name(query, base, edition)
    if found is not None and found.number is not None:
        return found  # the name's print of that set: no table is read
    series = _aliases(pool).set_code(edition)
    if series and series.casefold() != edition.casefold():  # a deck editor's code: WDi-08 is WXDi-D08
        meant = f"{base} ({series})"
        return _resolve_set_code(pool, query, meant) or _resolve_alias(pool, query, meant) or found
    if found is not None and found.card is not None:
        found = _resolve_alias(pool, query, text, with_set_code_only=True) or found
    return found


def _resolve_alias(pool: MatchSource, query: str, text: str, with_set_code_only: bool = False) -> Resolution | None:
    """A name from the alias tables (read on the first miss); None if none applies.

    An alias whose numbers this pool does not know is ignored. ``Name (SET)`` looks
    up ``Name (SET)``, then (unless ``with_set_code_only``) ``Name``, and prefers
    the print of SET, as for card names.
    """
    base, edition = split_edition_suffix(text)
    alias = _aliases(pool).get(text)
    if alias is None and edition and not with_set_code_only:
        alias = _aliases(pool).get(base)
    found = _first_known(pool, alias.numbers) if alias is not None else None
    if alias is None or found is None:
        return None
    number, card = found
    if edition:
        picked = pool.pick_print(query, [card], edition)
        if picked.number:
            picked.via = "alias"
            return picked
    printed = pool.printed_number(card, alias.number) if number == alias.number else alias.number
    return Resolution(query, card, number=printed, via="alias")


def _aliases(pool: MatchSource) -> AliasTable:
    """The pool's alias tables, read on its first miss."""
    if pool._aliases is None:
        pool._aliases = load_aliases()
    return pool._aliases


def _first_known(pool: MatchSource, numbers: Iterable[str]) -> tuple[str, Card] | None:
    """The first of ``numbers`` the pool knows, with its card."""
    for number in numbers:
        card = pool.by_number(number)
        if card is not None:
            return number, card
    return None


def resolve_number_and_name(pool: MatchSource, query: str, text: str) -> Resolution | None:
    """The card of a known number beside a name; a conflict when the name names only other
    cards (a name that names no card leaves the number's card); None without such a number.
    A ``webxoss:PID`` query (a webxoss deck export) is looked up here too."""
    if text.startswith(WEBXOSS_PREFIX):
        return _webxoss_card(pool, query, text)
    both = split_number(pool, text)
    if both is None:
        return None
    card, number, name = both
    named = pool.resolve(name, suggest=False)
    cards = [named.card] if named.card is not None else named.candidates
    printed = pool.printed_number(card, number)
    if not cards and _count_at_an_end(name):  # "WD01-009 甲冑　ローメイル 2": never one copy
        return _counted(pool, query, (card, printed), name)
    if cards and all(other.key != card.key for other in cards):
        return Resolution(query, conflict=(card, printed, name, cards))
    return Resolution(query, card, number=printed)


def _counted(pool: MatchSource, query: str, numbered: tuple[Card, str], name: str) -> Resolution:
    """A number, a name and a bare count at an end of the name: that many copies of the
    number's card when the rest of the name is its name; the number and the name disagreeing
    (WX003) when the rest names other cards; else an unknown card with the hint to write the
    count as a count, and the number's card as the suggestion."""
    card, printed = numbered
    name = name.strip()
    words = name.split()
    ends = ((words[-1], name[: len(name) - len(words[-1])]), (words[0], name[len(words[0]) :]))
    for count, rest in ends:
        rest = rest.strip()
        if not (rest and _BARE_COUNT.fullmatch(fold_width(count))):
            continue
        named = pool.resolve(rest, suggest=False)
        others = [named.card] if named.card is not None else named.candidates
        if any(other.key == card.key for other in others):
            return Resolution(query, counted=(card, printed, int(fold_width(count))), hint="count_beside_number")
        if others:
            return Resolution(query, conflict=(card, printed, rest, others))
    return Resolution(query, suggestions=[f"{card.number} {card.name}"], hint="count_beside_number")


#: A copy count as it stands bare beside a name (1-99).
_BARE_COUNT = re.compile(r"[1-9][0-9]?")


def _count_at_an_end(name: str) -> bool:
    """Whether the first or the last word of ``name`` is written as a copy count is (``2``,
    ``4.5``, ``¹``): beside a card number and a name that names no card, a count misread."""
    words = name.split()
    return bool(words) and (count_like(words[0]) or count_like(words[-1]))


def resolve_loosely(pool: MatchSource, query: str, text: str, suggest: bool = True) -> Resolution:
    """A name without its punctuation or a short ``//`` name when exactly one card matches,
    the candidates when several do, else an unknown card with suggestions from the name part."""
    matches = [] if looks_like_number(text) else loose_matches(pool, text)  # a number is no name
    if len(matches) == 1:
        return Resolution(query, pool.same_name(matches[0])[0])
    if matches:
        return Resolution(query, candidates=matches)
    return Resolution(query, suggestions=suggest_cards(pool, name_part(text)) if suggest else [])


def _webxoss_card(pool: MatchSource, query: str, text: str) -> Resolution:
    """The card of a ``webxoss:PID`` query, through the pool's pid list (``webxoss_pids``)."""
    pids = pool.meta.get("webxoss_pids")
    if not pids:
        return Resolution(query, hint="webxoss_no_list")
    number = pids.get(text[len(WEBXOSS_PREFIX) :].strip())
    card = pool.by_number(number) if number else None
    if card is None:
        return Resolution(query)
    return Resolution(query, card, number=pool.printed_number(card, number))

"""Merging the sources into one card pool, keyed by card number (reprints included).

Sources are read in a fixed order (:data:`~wixoss_deckcheck.importers.catalogue.SOURCE_ORDER`):
the WixossReact CSVs make the cards; relax adds rarity, copy limits and the newest sets; webxoss adds English
and Simplified Chinese names, kana and reprint links; the English list adds English
names and English-only prints; the official pages add format icons.

Which value the pool keeps, field by field (:data:`FIELD_PRECEDENCE`): for game
fields (type, level, colours, Life Burst, costs, …) the official page, then
WixossReact, then relax, then webxoss; English names from the English edition before
webxoss; kana from the official page before webxoss. A record never erases a value
another source gave; it only fills what is unknown or replaces a value of a source
ranked lower.

Every card remembers where its data came from: ``sources`` lists the sources that
described it (the first one made the card), and ``field_sources`` names the source of
each field that did *not* come from that first source (``names.en``, ``formats``, …).

Conflicts (two sources give a different level, colour set, Life Burst flag or card
type for the same number) are never silently resolved: each becomes a ``conflict``
entry of the merge report with every source's value and the one the pool kept.
Records that match no card (an English-only promo whose Japanese card cannot be told)
become ``unmatched`` entries. The field precedence is in
:mod:`~wixoss_deckcheck.importers.precedence`; the report's lines are worded by
:mod:`~wixoss_deckcheck.importers.merge_report`.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from wixoss_deckcheck.importers.alignment import align_by_type
from wixoss_deckcheck.importers.catalogue import merge_rank
from wixoss_deckcheck.importers.chinese import derive_traditional_names
from wixoss_deckcheck.importers.merge_report import construction_entries
from wixoss_deckcheck.importers.precedence import (
    CONFLICT_FIELDS,
    NOT_MERGED,
    VARIANT_SUFFIX,
    exact_name_key,
    name_marks,
    natural_key,
    rank,
    same_value,
    tidy_inherited,
)
from wixoss_deckcheck.importers.source import ImportedSource
from wixoss_deckcheck.pool.normalize import name_key, number_key, search_key, series_of


@dataclass
class MergeResult:
    cards: list[dict]
    report: list[dict]
    counts: dict[str, int] = field(default_factory=dict)


class PoolMerger:
    """Accumulates sources into cards; see the module doc for the rules."""

    def __init__(self) -> None:
        self.cards: list[dict] = []
        self._by_number: dict[str, dict] = {}
        self._by_name: dict[tuple[str, str], list[dict]] = {}
        self._conflicts: dict[tuple[str, str], dict] = {}
        self._english_index: dict[str, list[dict]] = {}
        self._first_source: str | None = None
        self.report: list[dict] = []
        #: (number, sentence) of the deck-construction texts already reported.
        self._construction_seen: set[tuple[str, str]] = set()

    # -- building blocks ---------------------------------------------------------
    def _new_card(self, record: dict, source: str) -> dict:
        card = {
            key: copy.deepcopy(value)
            for key, value in record.items()
            if not key.startswith("_") and key not in ("sources", "field_sources")
        }
        card.setdefault("colors", [])
        card["reprints"] = list(card.get("reprints", []))
        card["sources"] = [source]
        card["field_sources"] = {}
        self._index(card)
        return card

    def _index(self, card: dict) -> None:
        self.cards.append(card)
        for number in (card["number"], *card["reprints"]):
            self._by_number.setdefault(number_key(number), card)
        if not card.get("token"):
            self._by_name.setdefault((exact_name_key(card["name"]), card["type"]), []).append(card)

    def _add_reprint(self, card: dict, number: str, source: str) -> None:
        key = number_key(number)
        if key in self._by_number:
            return
        card["reprints"].append(number)
        self._by_number[key] = card
        self._note_source(card, "reprints", source)

    def _note_source(self, card: dict, field_name: str, source: str) -> None:
        if source not in card["sources"]:
            card["sources"].append(source)
        if field_name == "reprints":
            given = card["field_sources"].get("reprints", "")
            parts = given.split("+") if given else []
            if source not in parts:
                card["field_sources"]["reprints"] = "+".join(parts + [source])

    @staticmethod
    def _get(card: dict, field_name: str) -> Any:
        if field_name.startswith("names."):
            return card.get("names", {}).get(field_name[6:])
        return card.get(field_name)

    @staticmethod
    def _set(card: dict, field_name: str, value: object) -> None:
        if field_name.startswith("names."):
            card.setdefault("names", {})[field_name[6:]] = value
        else:
            card[field_name] = copy.deepcopy(value)

    def _merge_field(self, card: dict, printed: str, field_name: str, value: object, source: str) -> None:
        given_by = card["field_sources"].get(field_name)
        if given_by is None and self._get(card, field_name) is not None and field_name != "reprints":
            given_by = card["sources"][0]
        if given_by is None:
            self._set(card, field_name, value)
            card["field_sources"][field_name] = source
            return
        current = self._get(card, field_name)
        if same_value(field_name, current, value):
            return
        if field_name in CONFLICT_FIELDS:
            self._note_conflict(card, printed, field_name, (given_by, current), (source, value))
        if rank(source, field_name) < rank(given_by, field_name):
            self._set(card, field_name, value)
            card["field_sources"][field_name] = source

    def _note_conflict(self, card: dict, printed: str, field_name: str, kept: tuple, given: tuple) -> None:
        """Record in the report that ``given`` (source, value) disagrees with the value ``kept``
        (source, value) so far, for the print ``printed``; one entry per card and field."""
        entry = self._conflicts.get((card["number"], field_name))
        if entry is None:
            entry = self._conflicts[(card["number"], field_name)] = {
                "kind": "conflict",
                "number": card["number"],
                "field": field_name,
                "values": {kept[0]: copy.deepcopy(kept[1])},
                "printed": {},
            }
            self.report.append(entry)
        source, value = given
        label = source
        if source in entry["values"] and not same_value(field_name, entry["values"][source], value):
            label = f"{source}:{printed}"
        entry["values"].setdefault(label, copy.deepcopy(value))
        if number_key(printed) != number_key(card["number"]):
            entry["printed"].setdefault(label, []).append(printed)

    def merge_record(self, card: dict, record: dict, source: str) -> None:
        """Merge the fields of one record into ``card``."""
        for key, value in record.items():
            if key.startswith("_") or key in NOT_MERGED:
                continue
            if key == "names":
                for lang, text in value.items():
                    self._merge_field(card, record["number"], f"names.{lang}", text, source)
            else:
                self._merge_field(card, record["number"], key, value, source)
        self._note_source(card, "", source)

    # -- one source ------------------------------------------------------------
    def add_source(self, imported: ImportedSource) -> None:
        source = imported.name
        if self._first_source is None:
            self._first_source = source
        self.report.extend(imported.skipped)
        self.report.extend(construction_entries(imported, self._construction_seen))
        names_only = [record for record in imported.records if record.get("_names_only")]
        for record in imported.records:
            if not record.get("_names_only"):
                self._add_full(record, source)
        if names_only:
            self._add_names_source(names_only, source)

    # -- a list that only names cards (the English edition) ----------------------
    def _add_names_source(self, records: list[dict], source: str) -> None:
        """Attach names by number, set by set, trusting a set's numbers only when they
        agree with the Japanese set.

        - A set whose numbers match Japanese numbers with the same card type (at least
          90%) is matched number by number.
        - A set whose numbers match but whose types disagree is numbered differently
          (the English WXDi-P00 is another product): its numbers are not trusted, its
          names attach only where the name itself tells the card.
        - A set whose numbers match none (the English WXDi-D02 counts 001–021 where the
          Japanese deck counts 01LAT–29) is aligned in order by card type, as the
          English edition keeps the Japanese order and leaves cards out.
        Then parallel prints (``…P``/``S``/``D``) join their base number, and what is
        left joins a card only when its English name belongs to exactly one card.
        """
        by_series: dict[str, list[dict]] = {}
        for record in records:
            by_series.setdefault(series_of(record["number"]), []).append(record)
        pending: list[tuple[dict, bool]] = []
        for series, group in by_series.items():
            pending.extend(self._attach_set(series, group, source))
        self._english_index = self._index_english_names()
        for record, numbers_trusted in pending:
            if not self._add_names_only(record, source, numbers_trusted):
                self.report.append(
                    {
                        "kind": "unmatched",
                        "source": source,
                        "number": record["number"],
                        "note": "no card with this number, and its name does not tell one card",
                    }
                )

    def _attach_set(self, series: str, group: list[dict], source: str) -> list[tuple[dict, bool]]:
        """Attach the records of one set by number where its numbers can be trusted (see
        :meth:`_add_names_source`); return the others, each with whether its number is trusted."""
        exact = self._same_numbers(group)
        if not exact:
            pairs = align_by_type(series, group, self.cards)
            for r, card in pairs:
                self._add_reprint(card, r["number"], source)
                self.merge_record(card, r, source)
            return _left_over(group, pairs, True)
        agreeing = sum(1 for r, card in exact if r.get("_type") in (None, card["type"]))
        if agreeing < 0.9 * len(exact):
            return self._attach_renumbered_set(series, group, exact, agreeing, source)
        for r, card in exact:
            self.merge_record(card, r, source)
        return _left_over(group, exact, True)

    def _same_numbers(self, group: list[dict]) -> list[tuple[dict, dict]]:
        """(record, card) for each record whose number the pool knows, in number order."""
        known = [(r, self._by_number.get(number_key(r["number"]))) for r in group]
        return sorted(
            ((r, card) for r, card in known if card is not None), key=lambda pair: natural_key(pair[0]["number"])
        )

    def _attach_renumbered_set(
        self, series: str, group: list[dict], exact: list[tuple[dict, dict]], agreeing: int, source: str
    ) -> list[tuple[dict, bool]]:
        """A set numbered otherwise than the Japanese one: only its first numbers that name a
        card of the same type and marks are trusted; the others attach by name only."""
        trusted = []
        for r, card in exact:
            if r.get("_type") not in (None, card["type"]) or name_marks(r["names"]["en"]) != name_marks(card["name"]):
                break
            trusted.append((r, card))
        self.report.append(
            {
                "kind": "skipped",
                "source": source,
                "number": series,
                "note": f"the {source} list numbers {series} differently from the Japanese set "
                f"({len(exact) - agreeing} of {len(exact)} numbers name another card type); "
                f"only its first {len(trusted)} numbers are trusted, the rest attach by name only",
            }
        )
        for r, card in trusted:
            self.merge_record(card, r, source)
        return _left_over(group, trusted, False)

    def _add_full(self, record: dict, source: str) -> None:
        key = number_key(record["number"])
        card = self._by_number.get(key)
        if card is None and record.get("_reprint_of"):
            card = self._by_number.get(number_key(record["_reprint_of"]))
            if card is not None:
                self._add_reprint(card, record["number"], source)
        if card is None and source != self._first_source:
            card = self._same_card_by_name(record)
            if card is not None:
                self._add_reprint(card, record["number"], source)
        if card is None:
            self._new_card(record, source)
            return
        if source == "official" and number_key(card["number"]) != key:
            card = self._detach(card, record["number"])
        self.merge_record(card, record, source)

    def _same_card_by_name(self, record: dict) -> dict | None:
        """The card a new number reprints: the same printed name (case kept: ``Bp`` is
        not ``BP``), type, level and colours. Otherwise the number becomes its own row."""
        if record.get("token"):
            return None
        for card in self._by_name.get((exact_name_key(record["name"]), record["type"]), ()):
            if record.get("level") not in (None, card.get("level")):
                continue
            if set(record.get("colors", ())) != set(card.get("colors", ())):
                continue
            return card
        return None

    def _detach(self, card: dict, number: str) -> dict:
        """Give a reprint its own row (an official page describes that print alone)."""
        card["reprints"] = [n for n in card["reprints"] if number_key(n) != number_key(number)]
        row = copy.deepcopy(card)
        row["number"] = number
        row["series"] = series_of(number)
        row["reprints"] = []
        row["field_sources"].pop("reprints", None)
        self._by_number[number_key(number)] = row
        self.cards.append(row)
        if not row.get("token"):
            self._by_name.setdefault((exact_name_key(row["name"]), row["type"]), []).append(row)
        return row

    def _add_names_only(self, record: dict, source: str, numbers_trusted: bool) -> bool:
        card = None
        if numbers_trusted:
            key = number_key(record["number"])
            base = VARIANT_SUFFIX.sub("", key)
            card = self._by_number.get(base) if base != key else None
            if card is not None:
                self._add_reprint(card, record["number"], source)
        if card is None:
            card = self._card_by_english_name(record)
            if card is not None:
                self._add_reprint(card, record["number"], source)
        if card is None:
            return False
        self.merge_record(card, record, source)
        return True

    def _index_english_names(self) -> dict[str, list[dict]]:
        index: dict[str, list[dict]] = {}
        for card in self.cards:
            english = card.get("names", {}).get("en")
            if english and not card.get("token"):
                index.setdefault(search_key(english), []).append(card)
        return index

    def _card_by_english_name(self, record: dict) -> dict | None:
        """The one card (by Japanese name) that has this English name, if exactly one."""
        matches: dict[str, dict] = {}
        for card in self._english_index.get(search_key(record["names"]["en"]), ()):
            if record.get("_type") in (None, card["type"]):
                matches.setdefault(name_key(card["name"]), card)
        return next(iter(matches.values())) if len(matches) == 1 else None

    # -- result ----------------------------------------------------------------
    def result(self) -> MergeResult:
        for entry in self._conflicts.values():
            card = self._by_number[number_key(entry["number"])]
            entry["kept"] = card["field_sources"].get(entry["field"]) or card["sources"][0]
            entry["value"] = copy.deepcopy(self._get(card, entry["field"]))
            if not entry["printed"]:
                del entry["printed"]
        for card in self.cards:
            _tidy(card)
        derive_traditional_names(self.cards)
        kinds = Counter(entry["kind"] for entry in self.report)
        counts = {
            "cards": len(self.cards),
            "numbers": len(self._by_number),
            "conflicts": kinds["conflict"],
            "unmatched": kinds["unmatched"],
            "construction": kinds["construction"],
        }
        return MergeResult(self.cards, self.report, counts)


def _left_over(group: list[dict], attached: list[tuple[dict, dict]], numbers_trusted: bool) -> list[tuple[dict, bool]]:
    """The records of ``group`` not attached, each with whether its number may be trusted."""
    done = {id(r) for r, _card in attached}
    return [(r, numbers_trusted) for r in group if id(r) not in done]


def _tidy(card: dict) -> None:
    """A merged card as the pool keeps it: only the field sources other than its first source,
    its reprints sorted and each once, no empty names."""
    tidy_inherited(card)
    first = card["sources"][0]
    card["field_sources"] = {k: v for k, v in sorted(card["field_sources"].items()) if v != first}
    if not card["field_sources"]:
        del card["field_sources"]
    card["reprints"] = sorted(set(card["reprints"]), key=number_key)
    if "names" in card and not card["names"]:
        del card["names"]


def merge_sources(sources: Iterable[ImportedSource]) -> MergeResult:
    """Merge imported sources (in the catalogue's order, others last) into one pool."""
    ordered = sorted(sources, key=lambda s: merge_rank(s.name))
    merger = PoolMerger()
    for imported in ordered:
        merger.add_source(imported)
    return merger.result()

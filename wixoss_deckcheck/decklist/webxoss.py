"""Deck exports of the webxoss simulator, as players share them::

    {"format": "WEBXOSS Deck", "version": "1",
     "content": {"mainDeck": [112, 112, ...], "lrigDeck": [104, ...]}}

Each number is a webxoss ``pid`` (one print of a card), one per copy. The deck's
entries are ``webxoss:PID`` queries, one per pid with its count; the card pool looks
them up through the pid list it keeps from ``webxoss/cards.json`` (``webxoss_pids``,
written by ``cardpool build``), so a pid the pool does not know is an unknown card.
webxoss plays All-Star, so an export is checked in All-Star unless ``--format`` says
otherwise.
"""

from __future__ import annotations

import json
import re

from wixoss_deckcheck.errors import InputError, quoted
from wixoss_deckcheck.model.deck import Deck, DeckEntry
from wixoss_deckcheck.pool.namematch import WEBXOSS_PREFIX as PREFIX

FORMAT_NAME = "WEBXOSS Deck"
_SECTIONS = (("mainDeck", "main"), ("lrigDeck", "lrig"))


def is_webxoss_export(data: object) -> bool:
    """Whether a parsed JSON document is a webxoss deck export."""
    return isinstance(data, dict) and data.get("format") == FORMAT_NAME


def parse_webxoss_deck(text: str, data: dict, path: str) -> Deck:
    """The deck of a webxoss export (``data`` is ``text`` parsed); problems name the line."""
    content = data.get("content")
    if not isinstance(content, dict):
        raise InputError(
            'a webxoss deck needs "content": {"mainDeck": [...], "lrigDeck": [...]}', path, _line_of(text, '"content"')
        )
    unknown = sorted(set(content) - {key for key, _section in _SECTIONS})
    if unknown:
        shown = quoted(unknown[0])
        raise InputError(f"unknown key {shown!r} in a webxoss deck's content (expected mainDeck and lrigDeck)",
                         path, _line_of(text, '"content"'))
    if "name" in data and not isinstance(data["name"], str):
        raise InputError('the webxoss deck\'s "name" must be text', path, _line_of(text, '"name"'))
    deck = Deck(
        path=path,
        name=data.get("name"),
        format="all-star",
        format_line=_line_of(text, '"format"'),
    )
    for key, section in _SECTIONS:
        deck.entries.extend(_section_entries(text, content.get(key, []), key, section, path))
    if not deck.entries:
        raise InputError("the webxoss deck has no cards", path, 1)
    return deck


def _section_entries(text: str, pids: object, key: str, section: str, path: str) -> list[DeckEntry]:
    """One entry per pid of the ``key`` list (``mainDeck``, ``lrigDeck``), with its count and
    the line of its first copy."""
    lines = _item_lines(text, key)
    if not isinstance(pids, list):
        raise InputError(f'"{key}" must be a list of webxoss card ids', path, _line_of(text, f'"{key}"'))
    counts: dict[int, list[int]] = {}
    for index, pid in enumerate(pids):
        line = lines[index] if index < len(lines) else _line_of(text, f'"{key}"')
        if not isinstance(pid, int) or isinstance(pid, bool) or pid < 1:
            raise InputError(f'"{key}" item {index + 1} is not a webxoss card id: {quoted(repr(pid))}', path, line)
        counts.setdefault(pid, [0, line])[0] += 1
    entries = []
    for pid, (count, line) in counts.items():
        if count > 99:
            raise InputError(f"copy count {count} of webxoss card {pid} is out of range (1-99)", path, line)
        entries.append(DeckEntry(count, f"{PREFIX}{pid}", line, section))
    return entries


def _line_of(text: str, needle: str, nth: int = 1) -> int:
    position = -1
    for _ in range(nth):
        found = text.find(needle, position + 1)
        if found < 0:
            break
        position = found
    return text.count("\n", 0, position) + 1 if position >= 0 else 1


def _item_lines(text: str, key: str) -> list[int]:
    """The line of each item of the array under ``key`` (the document is valid JSON)."""
    match = re.search(r'"' + key + r'"\s*:\s*\[', text)
    if match is None:
        return []
    lines = []
    line = text.count("\n", 0, match.end()) + 1
    for item in re.finditer(r"\s*([^,\]\s][^,\]]*?)?\s*([,\]])", text[match.end() :]):
        if item.group(1) is not None:
            line += text.count("\n", match.end() + item.start(), match.end() + item.start(1))
            lines.append(line)
            line += text.count("\n", match.end() + item.start(1), match.end() + item.end())
        else:
            line += item.group(0).count("\n")
        if item.group(2) == "]":
            break
    return lines


def load_json_document(text: str, path: str) -> object:
    """``text`` parsed as JSON: "invalid JSON" with the line, and duplicate keys refused."""

    def no_duplicates(pairs: list) -> dict:
        result: dict = {}
        for key, value in pairs:
            if key in result:
                raise InputError(f"duplicate key {quoted(key)!r} in a JSON object", path, _line_of(text, f'"{key}"', 2))
            result[key] = value
        return result

    try:
        return json.loads(text, object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", path, exc.lineno) from None
    except RecursionError:
        raise InputError("invalid JSON: nested too deeply", path) from None

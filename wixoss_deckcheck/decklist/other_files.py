"""What a YAML or JSON file that is not a decklist is: a format table, an alias table, a
mulligan policy, a settings file, a list of card sources, or other data.

A folder of decks often holds such files beside the decks (``decks/house-diva.yaml``, the
format the decks are played in). ``audit`` and the pre-commit hook skip them, by their
content and never by their folder or name: a file is one of these when it fails to read
as a decklist and its top-level keys are those of another kind of file (the keys of its
schema). A file that looks like a deck with a mistake (``mian:`` beside ``format:``) is
none of these: it stays a deck that cannot be read, so its error is shown.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache

from wixoss_deckcheck.decklist.readers import reader_of_suffix
from wixoss_deckcheck.decklist.reading import decode_deck, read_deck_bytes
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.resources import formats_dir, schemas_dir

#: The top-level keys of a YAML or JSON decklist (schemas/deck.schema.json), and of a
#: webxoss export: a file holding one of them is a decklist, readable or not.
_DECK_KEYS = frozenset({"name", "format", "date", "main", "lrig", "notes", "content"})
#: A key at the start of a line, outside a block: ``key:`` then a space or the line's end.
_TOP_KEY = re.compile(r"^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]|$)", re.MULTILINE)


@cache
def _schema_keys(path: str) -> frozenset[str]:
    """The top-level property names of a JSON schema of the project."""
    with open(path, encoding="utf-8") as handle:
        return frozenset(json.load(handle).get("properties", {}))


def _kinds() -> list[tuple[str, frozenset[str], frozenset[str]]]:
    """Each other kind of file: its name, the keys one of which it must have, and the
    keys it may have (its schema's)."""
    formats = _schema_keys(str(formats_dir() / "schema.json"))
    mulligan = _schema_keys(str(schemas_dir() / "mulligan.schema.json"))
    settings = _schema_keys(str(schemas_dir() / "config.schema.json"))
    return [
        ("format_table", frozenset({"rules", "extends", "mayus_room", "abstract"}), formats),
        ("alias_table", frozenset({"aliases"}), _schema_keys(str(schemas_dir() / "aliases.schema.json"))),
        ("mulligan_policy", frozenset({"return", "keep", "max_copies", "find"}), mulligan),
        ("source_list", frozenset({"sources"}), _schema_keys(str(schemas_dir() / "sources.schema.json"))),
        ("settings_file", settings - _DECK_KEYS, settings),
    ]


def top_level_keys(text: str, is_json: bool) -> frozenset[str] | None:
    """The keys of a document's top-level mapping (None: it is not a mapping, or not
    readable as one)."""
    if is_json:
        try:
            data = json.loads(text)
        except ValueError:
            return None
        return frozenset(str(key) for key in data) if isinstance(data, dict) else None
    keys = frozenset(_TOP_KEY.findall(text))
    return keys or None


def other_kind(text: str, is_json: bool) -> str | None:
    """What the text of a file that could not be read as a decklist is instead
    (``format_table``, ``alias_table``, ``mulligan_policy``, ``source_list``,
    ``settings_file``, ``other_data``), or None: a decklist that cannot be read."""
    keys = top_level_keys(text, is_json)
    if not keys or keys & {"main", "lrig", "content"}:
        return None
    for kind, marks, allowed in _kinds():
        if keys & marks and keys <= allowed | {"schema", "$schema"}:
            return kind
    return None if keys & _DECK_KEYS else "other_data"


def other_file_kind(path: str, data: bytes | None = None) -> str | None:
    """:func:`other_kind` of a YAML or JSON file that failed to read as a decklist (None for
    standard input, another kind of file, or one that cannot be read at all). Called only
    after a deck's reading failed, so a deck is never read twice. ``data``: the file's bytes
    when it is an upload (``serve``), not a file on disk."""
    found = reader_of_suffix(os.path.splitext(path)[1]) if path != "-" else None
    if found is None or found.kind not in ("yaml", "json"):
        return None
    try:
        text = decode_deck(read_deck_bytes(path) if data is None else data, path)
    except InputError:
        return None
    return other_kind(text, found.kind == "json")

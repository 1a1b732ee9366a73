"""What every importer returns: the records of one source, ready to be merged.

A record is a card dictionary in the card-pool shape (``cardpool/schema.json``)
holding only the fields the source really knows: a field the source does not give
is absent, never guessed, so the merge can tell "unknown" from "false". Keys that
start with ``_`` are read by the merge and never written to the pool:

- ``_reprint_of``: the number of the card this record is a reprint of (webxoss ``cid``);
- ``_names_only``: the record only names a card (the English list): it adds names
  and numbers to a card another source describes, and never makes a card by itself;
- ``_type``: the card type a names-only record states, to check a match by name.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.text import read_text_file


@dataclass
class ImportedSource:
    """The records read from one source, and how the pool will describe that source."""

    name: str
    records: list[dict]
    description: dict
    #: Rows the importer skipped, as merge-report entries (``kind: skipped``).
    skipped: list[dict] = field(default_factory=list)
    #: Links the pool keeps beside the cards, by name (``webxoss_pids``: webxoss pid → card number).
    links: dict[str, dict] = field(default_factory=dict)


def read_text(path: Path, what: str) -> str:
    """Read a UTF-8 file (a byte-order mark is allowed); problems name the file."""
    return read_text_file(path, what)


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


#: JSON as the standard has it: ``NaN`` and ``Infinity`` (which Python's json reads) refused.
_DECODER = json.JSONDecoder(parse_constant=_not_a_number)


def read_json_list(path: Path, what: str) -> list[Any]:
    """Read a JSON array, or a JavaScript file that assigns one (``var x = [...];``).

    Community lists publish their data as JavaScript; the first ``[`` or ``{`` after
    the assignment starts a JSON literal, which is all that is read. An object whose
    values are the records (``{"1": {...}, "2": {...}}``) is accepted as their list.
    """
    text = read_text(path, what)
    stripped = text.lstrip()
    if stripped.startswith("<"):
        raise InputError(f"{what} is HTML, not JSON (an error page in place of the data?)", str(path), 1)
    start = 0
    if not stripped.startswith(("[", "{")):
        assignment = re.search(r"=\s*([\[{])", text)
        if assignment is None:
            raise InputError(f"{what} holds no JSON array", str(path), 1)
        start = assignment.start(1)
    try:
        data, _end = _DECODER.raw_decode(text, start)
    except json.JSONDecodeError as exc:
        try:  # a JavaScript literal: comments and trailing commas are allowed there
            data, _end = _DECODER.raw_decode(js_literal_as_json(text[start:]))
        except json.JSONDecodeError:
            raise InputError(f"{what} is not valid JSON ({exc.msg})", str(path), exc.lineno) from None
    if isinstance(data, dict):
        data = list(data.values())
    if not isinstance(data, list):
        raise InputError(f"{what} is not a JSON array of cards", str(path), 1)
    return data


def set_if(record: dict, key: str, value: Any) -> None:
    """Set ``record[key]`` unless ``value`` is None (unknown)."""
    if value is not None:
        record[key] = value


def js_literal_as_json(text: str) -> str:
    """Turn a JavaScript array/object literal written like JSON into JSON: drop
    ``//`` and ``/* */`` comments (outside strings) and trailing commas."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char == '"':
            end = _string_end(text, i)
            out.append(text[i:end])
            i = end
        elif text.startswith("//", i):
            newline = text.find("\n", i)
            i = n if newline < 0 else newline
        elif text.startswith("/*", i):
            close = text.find("*/", i + 2)
            i = n if close < 0 else close + 2
        else:
            if char in "]}":
                _drop_trailing_comma(out)
            out.append(char)
            i += 1
    return "".join(out)


def _string_end(text: str, start: int) -> int:
    """Where the JSON string that opens at ``start`` ends (after its closing quote)."""
    end = start + 1
    while end < len(text) and text[end] != '"':
        end += 2 if text[end] == "\\" else 1
    return end + 1


def _drop_trailing_comma(out: list[str]) -> None:
    """A comma before a closing bracket (white space between) is not JSON: drop it."""
    j = len(out) - 1
    while j >= 0 and out[j].isspace():
        j -= 1
    if j >= 0 and out[j] == ",":
        del out[j]

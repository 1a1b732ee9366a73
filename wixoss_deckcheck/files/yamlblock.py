"""Plain data read line by line from the block-style YAML the tool's own files are
written in: the quickest way in (a format table of 32,000 Mayu's Room entries, 3 MB,
reads in about 0.2 s, where building it from the parser's events takes 0.55 s).

Only a strict subset is read here, and it gives exactly what PyYAML's loader gives (an
integer too long to convert is left to the parser, which refuses it with its line):

* block mappings whose keys are plain words (``rules:``, ``en:``), block sequences
  (``- item``, ``- key: value``), comments and blank lines;
* plain scalars that stay on their line, resolved by the loader's own resolvers (so
  ``yes`` is true and ``2024-05-01`` stays text where the loader keeps dates as text);
* single- and double-quoted scalars on one line (with YAML's escapes);
* flow sequences and mappings (``[a, b]``, ``{name: "x"}``) on one line;
* folded and literal block scalars (``>-``, ``|``) without indentation indicators.

Anything else (a tab, a CR, a document marker, an anchor, a tag, a multi-line plain
scalar, a key YAML would not read as text, a very long number or key, nesting near the
limit, anything unusual at all) returns :data:`NOT_PLAIN`, and the caller reads the
text through the parser (:mod:`~wixoss_deckcheck.files.yamlevents`, then PyYAML), which
also words every problem. So a document is either read alike or not read here at all;
property tests hold both readers to that. Decklists have their own reader, which keeps
each entry's line (:mod:`wixoss_deckcheck.decklist.structured`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from wixoss_deckcheck.files.yamlevents import NOT_PLAIN, NotPlain, plain_value

Resolve = Callable[..., str]

# Characters this reader takes as they are: printable, no tab, no line break but LF
# (no CR, NEL, LS, PS) and no byte-order mark. Anything else goes to the parser.
_UNUSUAL = re.compile("[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
_MARKERS = re.compile(r"^(?:---|\.\.\.|%)", re.MULTILINE)
# A block mapping key: a plain word, then ":" and a space or the end of the line.
_KEY = re.compile(r"(\w[\w.\-]*):(?: +|$)")
_FLOW_KEY = re.compile(r"(\w[\w.\-]*): +")
# A plain scalar inside a flow collection: no indicator first, no ",[]{}#:" inside.
_FLOW_PLAIN = re.compile(r"(?:[^\s,\[\]{}#:'\"&*!|>%@`?\-]|-[^\s,\[\]{}#:])[^,\[\]{}#:]*")
_SINGLE = re.compile(r"'((?:[^']|'')*)'")
_DOUBLE = re.compile(r'"((?:[^"\\]|\\.)*)"')
_BLOCK_HEADER = re.compile(r"([|>])(-?)(?: +#.*)?")
_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
    "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029",
}  # fmt: skip
_HEX_ESCAPE = re.compile(r"\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))")
_FIRST_BLOCKED = frozenset("&*!|>%@`,?:-[]{}'\"#")
#: PyYAML reads a key of at most 1,024 characters; longer ones are left to it.
_MAX_KEY = 1000


def read_block_yaml(text: str, resolve: Resolve, max_depth: int) -> Any:
    """The plain data of ``text`` (as the loader whose ``resolve`` this is gives it), or NOT_PLAIN."""
    if "\t" in text or "\r" in text or _UNUSUAL.search(text) or _MARKERS.search(text):
        return NOT_PLAIN
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the text's last line break
    reader = _Reader(lines, resolve, max_depth - 1, text.endswith("\n"))
    if not reader.contents:
        return None  # only comments and blank lines: an empty document
    try:
        value, at = reader.node(0, 1)
    except (NotPlain, RecursionError, ValueError, OverflowError):
        return NOT_PLAIN
    return value if at == len(reader.contents) else NOT_PLAIN  # nothing may follow the root


def _is_item(content: str) -> bool:
    return content[0] == "-" and (len(content) == 1 or content[1] == " ")


class _Reader:
    """Reads the lines of one document; every method raises NotPlain to step aside.

    The lines that hold something (not blank, not a comment) are listed once with their
    indentation and their number; the readers below move along that list (``at``), and
    only block scalars look at the raw lines.
    """

    def __init__(self, lines: list[str], resolve: Resolve, max_depth: int, final_break: bool):
        self.lines = lines
        self.resolve = resolve
        self.max_depth = max_depth
        self.final_break = final_break
        stripped = [line.lstrip(" ") for line in lines]
        self.numbers = [i for i, content in enumerate(stripped) if content and content[0] != "#"]
        self.contents = [stripped[i] for i in self.numbers]
        self.indents = [len(lines[i]) - len(stripped[i]) for i in self.numbers]
        self.indents.append(-1)  # the end
        self.scalars: dict[str, Any] = {}
        self.keys: dict[str, str] = {}
        self.entries: dict[str, tuple[str, Any]] = {}  # "key: scalar" lines seen before

    def node(self, at: int, depth: int, indent: int = -1, content: str = "") -> tuple[Any, int]:
        """The block collection that starts at content line ``at`` (or with ``content`` at
        ``indent``, the rest of a ``- `` line); returns it and the next content line."""
        if depth > self.max_depth:
            raise NotPlain
        if indent < 0:
            indent, content = self.indents[at], self.contents[at]
        if _is_item(content):
            return self.sequence(at, indent, content, depth)
        if _KEY.match(content):
            return self.mapping(at, indent, content, depth)
        raise NotPlain  # a scalar on a line of its own (a multi-line plain scalar, say)

    def sequence(self, at: int, indent: int, content: str, depth: int) -> tuple[list, int]:
        items = []
        indents, contents = self.indents, self.contents
        while True:
            rest = content[1:].lstrip(" ")
            if not rest or rest[0] == "#":
                if indents[at + 1] > indent:
                    value, at = self.node(at + 1, depth + 1)
                else:
                    value, at = None, at + 1
            elif _is_item(rest) or _KEY.match(rest):  # "- - x" or "- key: value"
                value, at = self.node(at, depth + 1, indent + len(content) - len(rest), rest)
            else:
                value, at = self.value(at, indent, rest, depth + 1)
            items.append(value)
            below = indents[at]
            if below != indent or not _is_item(contents[at]):
                if below > indent:
                    raise NotPlain
                return items, at
            content = contents[at]

    def mapping(self, at: int, indent: int, content: str, depth: int) -> tuple[dict, int]:
        result: dict = {}
        indents, contents, entries = self.indents, self.contents, self.entries
        while True:
            seen = entries.get(content)
            if seen is not None:  # a "key: scalar" line read before
                key, value = seen
                result[key] = value
                at += 1
            else:
                match = _KEY.match(content)
                if match is None:
                    raise NotPlain
                key = self.key(match.group(1))
                rest = content[match.end() :]
                if not rest or rest[0] == "#":
                    below = indents[at + 1]
                    if below > indent:
                        value, at = self.node(at + 1, depth + 1)
                    elif below == indent and _is_item(contents[at + 1]):  # "key:" then "- item" at its indent
                        value, at = self.sequence(at + 1, below, contents[at + 1], depth + 1)
                    else:
                        value, at = None, at + 1
                else:
                    first = rest[0]
                    value, at = self.value(at, indent, rest, depth + 1)
                    if first not in "[{|>" and at < len(contents) and indents[at] <= indent:
                        entries[content] = (key, value)  # a scalar: the same line reads the same
                result[key] = value
            below = indents[at]
            if below != indent:
                if below > indent:
                    raise NotPlain
                return result, at
            content = contents[at]
            if _is_item(content):
                raise NotPlain

    def key(self, text: str) -> str:
        key = self.keys.get(text)
        if key is None:
            if len(text) > _MAX_KEY:
                raise NotPlain
            value = self.plain(text)
            if not isinstance(value, str):
                raise NotPlain  # yes:, 1:, null: are not text keys
            key = self.keys[text] = value
        return key

    def value(self, at: int, indent: int, text: str, depth: int) -> tuple[Any, int]:
        """The value that starts on content line ``at`` after ``key: `` or ``- ``; the next line."""
        first = text[0]
        if first == "|" or first == ">":
            return self.block_scalar(at, indent, text)
        if first == "[" or first == "{":
            value, end = self.flow(text, 0, depth)
        elif first == "'" or first == '"':
            value, end = self.quoted(text, 0)
        elif first in _FIRST_BLOCKED and not (first == "-" and text[1:2] not in ("", " ")):
            raise NotPlain  # an indicator ("-1" and "-x" are plain)
        else:
            cut = text.find(" #")
            if cut >= 0:
                text = text[:cut]
            text = text.rstrip(" ")
            if ": " in text or text.endswith(":"):
                raise NotPlain  # PyYAML: "mapping values are not allowed here"
            return self.plain(text), at + 1
        if end < len(text):
            rest = text[end:].lstrip(" ")
            if rest and (rest[0] != "#" or end == len(text) - len(rest)):
                raise NotPlain  # something after the value (a comment needs a space before it)
        return value, at + 1

    def plain(self, text: str) -> Any:
        value = self.scalars.get(text, _MISSING)
        if value is _MISSING:
            value = self.scalars[text] = plain_value(text, self.resolve)
        return value

    def quoted(self, text: str, start: int) -> tuple[str, int]:
        if text[start] == "'":
            match = _SINGLE.match(text, start)
            if match is None:
                raise NotPlain  # it goes on to another line
            return match.group(1).replace("''", "'"), match.end()
        match = _DOUBLE.match(text, start)
        if match is None:
            raise NotPlain
        body = match.group(1)
        return (_unescape(body) if "\\" in body else body), match.end()

    def flow(self, text: str, start: int, depth: int) -> tuple[Any, int]:
        """A flow collection that opens at ``text[start]`` and closes on the same line;
        returns it and where it ends."""
        if depth > self.max_depth:
            raise NotPlain
        close = "]" if text[start] == "[" else "}"
        result: Any = [] if close == "]" else {}
        at = _skip(text, start + 1)
        if text[at : at + 1] == close:
            return result, at + 1
        while True:
            if close == "}":
                match = _FLOW_KEY.match(text, at)
                if match is None:
                    raise NotPlain  # "{a}", "{a:1}", a quoted key
                key = self.key(match.group(1))
                value, at = self.flow_value(text, match.end(), depth)
                result[key] = value
            else:
                value, at = self.flow_value(text, at, depth)
                result.append(value)
            at = _skip(text, at)
            following = text[at : at + 1]
            if following == close:
                return result, at + 1
            if following != ",":
                raise NotPlain  # "[a: b]" (a single-pair mapping), two values, the end of the line
            at = _skip(text, at + 1)
            if text[at : at + 1] in ("]", "}", ""):
                raise NotPlain  # a trailing comma, or the collection goes on to another line

    def flow_value(self, text: str, at: int, depth: int) -> tuple[Any, int]:
        first = text[at : at + 1]
        if first == "[" or first == "{":
            return self.flow(text, at, depth + 1)
        if first == "'" or first == '"':
            return self.quoted(text, at)
        match = _FLOW_PLAIN.match(text, at)
        if match is None:
            raise NotPlain
        return self.plain(match.group().rstrip(" ")), match.end()

    def block_scalar(self, at: int, indent: int, header: str) -> tuple[str, int]:
        """A ``|`` or ``>`` scalar whose header is on content line ``at``; its lines are
        indented more than ``indent``, all alike for ``>``. Returns the next content line."""
        match = _BLOCK_HEADER.fullmatch(header)
        if match is None:
            raise NotPlain  # an indentation indicator, "+" chomping, something after the header
        literal, strip = match.group(1) == "|", match.group(2) == "-"
        lines = self.lines
        count = len(lines)
        body: list[str | None] = []
        own = -1
        j = self.numbers[at] + 1
        while j < count:
            line = lines[j]
            if not line:
                body.append(None)
                j += 1
                continue
            content = line.lstrip(" ")
            if not content:
                raise NotPlain  # a line of spaces only
            here = len(line) - len(content)
            if own < 0:
                if here <= indent:
                    break
                if body:
                    raise NotPlain  # blank lines before the first line of text
                own = here
            elif here < own:
                break
            elif here > own and not literal:
                raise NotPlain  # more-indented lines keep their breaks in a folded scalar
            body.append(line[own:])
            j += 1
        if own < 0 or (j == count and not self.final_break):
            raise NotPlain  # empty, or running into the end of a text without a last line break
        while body[-1] is None:
            body.pop()
        if literal:
            value = "\n".join(piece or "" for piece in body)
        else:
            parts, blanks = [body[0] or ""], 0
            for piece in body[1:]:
                if piece is None:
                    blanks += 1
                    continue
                parts.append("\n" * blanks if blanks else " ")
                parts.append(piece)
                blanks = 0
            value = "".join(parts)
        return (value if strip else value + "\n"), bisect_left(self.numbers, j)


def _skip(text: str, at: int) -> int:
    while text[at : at + 1] == " ":
        at += 1
    return at


def _unescape(body: str) -> str:
    def one(match: re.Match) -> str:
        code = match.group(1) or match.group(2) or match.group(3)
        if code:
            return chr(int(code, 16))  # ValueError past U+10FFFF: the caller steps aside
        replacement = _ESCAPES.get(match.group(4))
        if replacement is None:
            raise NotPlain
        return replacement

    return _HEX_ESCAPE.sub(one, body)


_MISSING: Any = object()

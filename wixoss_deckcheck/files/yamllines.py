"""Reading YAML: the one way the tool goes into PyYAML for its own files.

Every document goes through PyYAML's C loader where PyYAML was built with it (the pure
Python one otherwise). :func:`load_plain` gives plain data (dates kept as text);
:func:`load_yaml_file` and :func:`compose_with_lines` keep the nodes, whose lines error
messages point at. The tool's own files are small (the largest shipped one, the release
calendar, is 92 KB) and cached once read, so a file past
:data:`~wixoss_deckcheck.files.text.MAX_YAML_BYTES` is refused rather than read slowly.
Every problem is an :class:`~wixoss_deckcheck.errors.InputError` naming the file and
line. Decklists have their own readers
(:mod:`wixoss_deckcheck.decklist`), which end here too for anything but the usual files.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

import yaml

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.text import MAX_YAML_BYTES, read_text_file

# The C loader is much faster where PyYAML was built with it.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: How deep mappings and lists may nest in any YAML or JSON file the tool reads (its
#: own files nest at most 6 deep); deeper is refused before anything is built.
MAX_DEPTH = 64
#: The longest integer read (Python converts at most 4,300 digits).
MAX_DIGITS = 4300


def check_plain_yaml(text: str, path: str) -> None:
    """Refuse what no file of this tool needs and what makes YAML explode: anchors and
    aliases (``&a`` / ``*a``: an alias bomb of a few hundred bytes expands to gigabytes,
    ``&a [*a]`` refers to itself) and nesting deeper than :data:`MAX_DEPTH`.

    Reads the parser's events only, so nothing is expanded or built. A YAML syntax error
    is left to the caller's parser, which words it.
    """
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise InputError("YAML anchors and aliases (&name, *name) are not allowed", path, _line(event))
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise InputError(f"nesting deeper than {MAX_DEPTH} levels", path, _line(event))
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return


def _line(event: yaml.Event | yaml.Node) -> int | None:
    return event.start_mark.line + 1 if event.start_mark else None


def _bounded_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    """An integer, refused with its line past :data:`MAX_DIGITS` digits (``int()`` would
    refuse it without one)."""
    if len(node.value) > MAX_DIGITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of more than {MAX_DIGITS:,} digits", node.start_mark
        )
    return loader.construct_yaml_int(node)


class _PlainLoader(_Loader):  # type: ignore[valid-type,misc]  # the C loader where PyYAML has it
    """The safe loader, with dates left as text (tables check them as calendar days) and
    integers bounded."""

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in _Loader.yaml_implicit_resolvers.items()
    }


_PlainLoader.add_constructor("tag:yaml.org,2002:int", _bounded_int)


def check_size(text: str, path: str, what: str = "YAML file") -> None:
    """Refuse a text of more than :data:`~wixoss_deckcheck.files.text.MAX_YAML_BYTES` bytes in UTF-8."""
    if len(text) * 4 <= MAX_YAML_BYTES:  # no text this short can be too long
        return
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_YAML_BYTES:
        raise InputError(f"{what} is {size:,} bytes; at most {MAX_YAML_BYTES:,} are read", path)


def load_plain(text: str, path: str) -> Any:
    """Plain data of a YAML document of the tool's own (safe tags only; dates stay text):
    at most :data:`~wixoss_deckcheck.files.text.MAX_YAML_BYTES`; anchors, aliases and deep nesting are refused
    (:func:`check_plain_yaml`)."""
    check_size(text, path)
    check_plain_yaml(text, path)
    try:
        return yaml.load(text, Loader=_PlainLoader)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, path) from None
    except (ValueError, TypeError, RecursionError) as exc:
        raise InputError(f"invalid YAML: {exc}", path) from None


def _yaml_error(exc: yaml.YAMLError, text: str, path: str) -> InputError:
    """One line for a problem PyYAML found: a syntax error or a value it cannot build at
    its line, a character YAML does not allow with its code and line."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        return InputError(f"invalid YAML: {exc.problem or exc.context}", path, mark.line + 1 if mark else None)
    if isinstance(exc, yaml.reader.ReaderError):
        line = text[: exc.position].count("\n") + 1 if isinstance(exc.position, int) else None
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        return InputError(f"invalid YAML: {exc.reason} (character U+{code:04X})", path, line)
    return InputError(f"invalid YAML: {exc}", path)


def compose_with_lines(text: str, path: str) -> yaml.Node | None:
    """Compose YAML text into nodes (which carry ``start_mark.line``); anchors, aliases
    and deep nesting are refused first (:func:`check_plain_yaml`)."""
    check_plain_yaml(text, path)
    try:
        return yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, path) from None


def plain(node: yaml.Node | None, path: str | None = None):
    """Turn composed nodes into plain Python values (safe tags only; dates as ISO strings)."""
    if node is None:
        return None
    try:
        value = yaml.SafeLoader("").construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise InputError(f"invalid YAML: {exc.problem}", path, mark.line + 1 if mark else None) from None
    except (yaml.YAMLError, TypeError, ValueError, RecursionError) as exc:
        raise InputError(f"invalid YAML: {exc}", path) from None
    return _dates_to_text(value)


def _dates_to_text(value):
    if isinstance(value, dict):
        return {(_dates_to_text(k) if isinstance(k, _dt.date) else k): _dates_to_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dates_to_text(item) for item in value]
    if isinstance(value, _dt.date):
        return value.isoformat()
    return value


def load_yaml_file(path, what: str = "YAML file"):
    """Load a YAML file of the tool's own, at most :data:`~wixoss_deckcheck.files.text.MAX_YAML_BYTES`
    (returns data and the composed root node for line lookups)."""
    text = read_text_file(path, what, MAX_YAML_BYTES)
    root = compose_with_lines(text, str(path))
    return plain(root, str(path)), root


def line_at(root: yaml.Node | None, parts: list[Any] | str) -> int | None:
    """The 1-based line of the YAML node at a JSON path (``["rules", 3, "params"]`` or a
    pointer ``"/rules/3/params"``): a mapping entry's key line, else the deepest node
    that exists. ``None`` for an empty document."""
    if root is None:
        return None
    if isinstance(parts, str):
        parts = [part for part in parts.split("/") if part]
    node, line = root, root.start_mark.line + 1
    for part in parts:
        step = _child(node, str(part))
        if step is None:
            break
        node, line = step
    return line


class LineFinder:
    """The line of the node at a JSON path of a YAML text (:func:`line_at`), for the
    message of a problem found in its data: the text is composed on the first question
    only. A text that does not compose has no lines (None)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._root: yaml.Node | None = None
        self._composed = False

    def __call__(self, parts: list[Any] | str) -> int | None:
        if not self._composed:
            self._composed = True
            try:
                self._root = compose_with_lines(self._text, "")
            except InputError:
                self._root = None
        return line_at(self._root, parts)


def _child(node: yaml.Node, part: str) -> tuple[yaml.Node, int] | None:
    """The node under ``node`` at one step of a JSON path, with its line (a mapping
    entry's: its key's); None when there is none."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == part:
                return value, key.start_mark.line + 1
        return None
    if isinstance(node, yaml.SequenceNode) and part.isdecimal() and int(part) < len(node.value):
        item = node.value[int(part)]
        return item, item.start_mark.line + 1
    return None

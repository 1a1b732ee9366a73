"""Reading YAML: the one way the tool goes into PyYAML for its own files.

:func:`load_plain` reads plain data quickly (dates kept as text); :func:`load_yaml_file`
and :func:`compose_with_lines` keep the nodes, whose lines error messages point at.
Every problem is an :class:`~wixoss_deckcheck.errors.InputError` naming the file and line.
Decklists have their own readers (:mod:`wixoss_deckcheck.decklist`), which end here too
for anything but the usual files.
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache
from typing import Any

import yaml

from wixoss_deckcheck.errors import InputError

# The C loader is much faster where PyYAML was built with it.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: How deep mappings and lists may nest in any YAML or JSON file the tool reads (its
#: own files nest at most 6 deep); deeper is refused before anything is built.
MAX_DEPTH = 64


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
                line = event.start_mark.line + 1 if event.start_mark else None
                raise InputError("YAML anchors and aliases (&name, *name) are not allowed", path, line)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else None
                    raise InputError(f"nesting deeper than {MAX_DEPTH} levels", path, line)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return


@lru_cache(maxsize=1)
def _text_dates_loader() -> type[yaml.SafeLoader]:
    """The safe loader, with dates left as text (tables check them as calendar days)."""

    class TextDatesLoader(_Loader):  # type: ignore[valid-type,misc]  # the C loader where PyYAML has it
        pass

    TextDatesLoader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in _Loader.yaml_implicit_resolvers.items()
    }
    return TextDatesLoader


def load_plain(text: str, path: str) -> Any:
    """Plain data of a YAML document (safe tags only; dates stay text), fast; anchors,
    aliases and deep nesting are refused (:func:`check_plain_yaml`). The usual document
    is read line by line (:mod:`~wixoss_deckcheck.files.yamlblock`); what that reader
    leaves goes through :func:`load_plain_parsed`, which gives the same data and words
    every problem."""
    from wixoss_deckcheck.files.yamlblock import read_block_yaml
    from wixoss_deckcheck.files.yamlevents import NOT_PLAIN

    data = read_block_yaml(text, _text_dates_loader()("").resolve, MAX_DEPTH)
    if data is not NOT_PLAIN:
        return data
    return load_plain_parsed(text, path)


def load_plain_parsed(text: str, path: str) -> Any:
    """:func:`load_plain` through the parser: the document built from its events
    (:mod:`~wixoss_deckcheck.files.yamlevents`), else PyYAML's constructor."""
    from wixoss_deckcheck.files.yamlevents import NOT_PLAIN, plain_from_events

    data = plain_from_events(text, path, _text_dates_loader(), MAX_DEPTH)
    if data is not NOT_PLAIN:
        return data
    check_plain_yaml(text, path)
    try:
        return yaml.load(text, Loader=_text_dates_loader())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise InputError(f"invalid YAML: {exc.problem or exc.context}", path, mark.line + 1 if mark else None) from None
    except (yaml.YAMLError, ValueError, TypeError, RecursionError) as exc:
        raise InputError(f"invalid YAML: {exc}", path) from None


def compose_with_lines(text: str, path: str) -> yaml.Node | None:
    """Compose YAML text into nodes (which carry ``start_mark.line``); anchors, aliases
    and deep nesting are refused first (:func:`check_plain_yaml`)."""
    check_plain_yaml(text, path)
    try:
        return yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise InputError(f"invalid YAML: {exc.problem or exc.context}", path, line) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line = text[: exc.position].count("\n") + 1 if isinstance(exc.position, int) else None
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        raise InputError(f"invalid YAML: {exc.reason} (character U+{code:04X})", path, line) from None
    except yaml.YAMLError as exc:
        raise InputError(f"invalid YAML: {exc}", path) from None


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
    """Load a YAML file (returns data and the composed root node for line lookups)."""
    from wixoss_deckcheck.files.text import read_text_file

    text = read_text_file(path, what)
    root = compose_with_lines(text, str(path))
    return plain(root, str(path)), root


def line_at(root, parts) -> int | None:
    """The 1-based line of the YAML node at a JSON path (``["rules", 3, "params"]`` or a
    pointer ``"/rules/3/params"``): a mapping entry's key line, else the deepest node
    that exists. ``None`` for an empty document."""
    if root is None:
        return None
    if isinstance(parts, str):
        parts = [part for part in parts.split("/") if part]
    node, line = root, root.start_mark.line + 1
    for part in parts:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == str(part):
                    node, line = value, key.start_mark.line + 1
                    break
            else:
                break
        elif isinstance(node, yaml.SequenceNode) and str(part).isdecimal() and int(part) < len(node.value):
            node = node.value[int(part)]
            line = node.start_mark.line + 1
        else:
            break
    return line

"""Reading a settings file not yet cached: ``[tool.wixoss-deckcheck]`` of ``pyproject.toml``
(TOML) or ``.wixoss-deckcheck.yaml``, validated against ``schemas/config.schema.json``,
with the line of every key for later messages.

The slow path of :mod:`~wixoss_deckcheck.checking.settings_file`, imported only when a
settings file changed since it was last read: a usual ``check`` loads no TOML or YAML
parser and no schema.
"""

from __future__ import annotations

import datetime as _dt
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.resources import schemas_dir
from wixoss_deckcheck.files.schema import load_schema, validate
from wixoss_deckcheck.files.yamllines import compose_with_lines, line_at, plain
from wixoss_deckcheck.reporters.registry import reporter_names

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the tomli backport (a dependency there)
    import tomli as tomllib

#: The line of the value at a JSON path of the settings (None: unknown).
LineOf = Callable[[list[Any]], "int | None"]
#: The line of each setting (``key``, and ``key/index`` for the items of a list).
Lines = dict[str, "int | None"]

_TOML_ERROR_LINE = re.compile(r"\(at line (\d+), column \d+\)")


def read_settings(text: str, path: Path, table: str, header: re.Pattern[str]) -> tuple[dict[str, Any], Lines]:
    """The validated settings of a file's text and the line of each (``table``: the TOML
    table's name, ``header``: how its header line reads)."""
    if path.suffix.lower() == ".toml":
        data, line_of = _parse_toml(text, path, table, header)
    else:
        data, line_of = _parse_yaml(text, path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError("settings must be a mapping of option names to values", str(path), line_of([]))
    data = _dates_to_text(data)
    validate(data, settings_schema(), str(path), line_of)
    lines: Lines = {key: line_of([key]) for key in data}
    for key, value in data.items():
        if isinstance(value, list):
            lines.update({f"{key}/{index}": line_of([key, index]) for index in range(len(value))})
    return data, lines


@cache
def settings_schema() -> dict[str, Any]:
    """``schemas/config.schema.json`` with the ``output-format`` names of the reporter
    registry (the file holds no copy of that list)."""
    schema = load_schema(schemas_dir() / "config.schema.json")
    properties = dict(schema["properties"])
    properties["output-format"] = {**properties["output-format"], "enum": list(reporter_names())}
    return {**schema, "properties": properties}


def _parse_toml(text: str, path: Path, table: str, header: re.Pattern[str]) -> tuple[Any, LineOf]:
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_ERROR_LINE.search(message)
        line = int(match.group(1)) if match else None
        raise InputError(f"invalid TOML: {_TOML_ERROR_LINE.sub('', message).strip()}", str(path), line) from None
    except (ValueError, RecursionError) as exc:
        raise InputError(f"invalid TOML: {exc}", str(path)) from None
    tool = document.get("tool")
    data = tool.get(table) if isinstance(tool, dict) else None
    if data is None:
        raise InputError(f"no [tool.{table}] table", str(path))
    return data, _toml_lines(text.splitlines(), header)


def _toml_lines(lines: list[str], header: re.Pattern[str]) -> LineOf:
    """The line of a key of the table (the table's header line for anything else)."""
    start = next((number for number, line in enumerate(lines, start=1) if header.match(line)), None)

    def line_of(parts: list[Any]) -> int | None:
        if not parts or start is None:
            return start
        key = re.compile(r"^\s*(?:\"{0}\"|'{0}'|{0})\s*=".format(re.escape(str(parts[0]))))
        for number in range(start + 1, len(lines) + 1):
            text_line = lines[number - 1]
            if re.match(r"^\s*\[", text_line):
                break
            if key.match(text_line):
                return number
        return start

    return line_of


def _parse_yaml(text: str, path: Path) -> tuple[Any, LineOf]:
    root = compose_with_lines(text, str(path))
    data = plain(root, str(path))

    def line_of(parts: list[Any]) -> int | None:
        return line_at(root, parts) or 1

    return data, line_of


def _dates_to_text(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _dates_to_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_dates_to_text(item) for item in value]
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    if isinstance(value, _dt.time):
        return value.isoformat()
    return value

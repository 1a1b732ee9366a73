"""Project settings: ``[tool.wixoss-deckcheck]`` in ``pyproject.toml`` or ``.wixoss-deckcheck.yaml``.

The settings file is found by walking up from the current directory; the first
directory that has one wins (``.wixoss-deckcheck.yaml`` before ``pyproject.toml``),
and the walk stops at the root of a git checkout. Settings are defaults for the
``check`` and ``audit`` commands: an option given on the command line wins.

Every file is validated against ``schemas/config.schema.json`` (unknown keys are
refused, since they are usually typos): a problem is an :class:`InputError` naming
the file, the line and the JSON path. Relative paths (``cardpool``, ``format-file``)
are relative to the settings file.
"""

from __future__ import annotations

import datetime as _dt
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.resources import schemas_dir

YAML_NAMES = (".wixoss-deckcheck.yaml", ".wixoss-deckcheck.yml")
TABLE = "wixoss-deckcheck"
#: Settings whose value is a path, resolved against the settings file's folder.
PATH_KEYS = ("cardpool", "format-file")

_TABLE_HEADER = re.compile(
    r"^\s*\[\s*tool\s*\.\s*(?:\"wixoss-deckcheck\"|'wixoss-deckcheck'|wixoss-deckcheck)\s*\]", re.MULTILINE
)


@dataclass
class Config:
    """Settings read from one file (``values`` keyed as in the file, paths made absolute)."""

    path: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)
    #: The line of each key in the file (for errors about a value, e.g. an unknown check).
    lines: dict[str, int | None] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


def find_config(start: Path | None = None) -> Path | None:
    """The settings file that applies in ``start`` (default: the current directory), if any."""
    directory = (start or Path.cwd()).resolve()
    for folder in (directory, *directory.parents):
        for name in YAML_NAMES:
            candidate = folder / name
            if candidate.is_file():
                return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_table(pyproject):
            return pyproject
        if (folder / ".git").exists():
            break
    return None


def _has_table(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text(encoding="utf-8-sig", errors="replace")
    except OSError:
        return False
    return bool(_TABLE_HEADER.search(text))


def load_config(path: str | Path | None = None, start: Path | None = None) -> Config:
    """Read the settings file ``path`` (default: the one :func:`find_config` finds)."""
    if path is None:
        found = find_config(start)
        if found is None:
            return Config()
        path = found
    path = Path(path)
    text = _read_text(path)
    if path.suffix.lower() == ".toml":
        data, line_of = _parse_toml(text, path)
    else:
        data, line_of = _parse_yaml(text, path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError("settings must be a mapping of option names to values", str(path), line_of([]))
    data = _dates_to_text(data)
    _validate(data, path, line_of)
    values = dict(data)
    if "as-of" in values:
        try:
            values["as-of"] = _dt.date.fromisoformat(values["as-of"].strip()).isoformat()
        except ValueError:
            raise InputError(
                f"as-of is not a date (YYYY-MM-DD): {values['as-of']!r} at /as-of", str(path), line_of(["as-of"])
            ) from None
    for key in PATH_KEYS:
        if key in values:
            values[key] = (
                str((path.parent / values[key]).resolve()) if not Path(values[key]).is_absolute() else values[key]
            )
    lines = {key: line_of([key]) for key in values}
    for key, value in values.items():
        if isinstance(value, list):
            lines.update({f"{key}/{index}": line_of([key, index]) for index in range(len(value))})
    return Config(path, values, lines)


def _read_text(path: Path) -> str:
    from wixoss_deckcheck.files.text import read_text_file

    return read_text_file(path, "settings file")


# -- TOML ------------------------------------------------------------------------------


def _load_toml_module() -> Any:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10: the tomli backport (a dependency there)
        import tomli as tomllib
    return tomllib


def _parse_toml(text: str, path: Path):
    tomllib = _load_toml_module()
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        toml_error_line = re.compile(r"\(at line (\d+), column \d+\)")
        match = toml_error_line.search(message)
        line = int(match.group(1)) if match else None
        message = toml_error_line.sub("", message).strip()
        raise InputError(f"invalid TOML: {message}", str(path), line) from None
    except (ValueError, RecursionError) as exc:
        raise InputError(f"invalid TOML: {exc}", str(path)) from None
    lines = text.splitlines()
    header = next((number for number, line in enumerate(lines, start=1) if _TABLE_HEADER.match(line)), None)

    def line_of(parts: list) -> int | None:
        if not parts or header is None:
            return header
        key = re.compile(r"^\s*(?:\"{0}\"|'{0}'|{0})\s*=".format(re.escape(str(parts[0]))))
        for number in range(header + 1, len(lines) + 1):
            text_line = lines[number - 1]
            if re.match(r"^\s*\[", text_line):
                break
            if key.match(text_line):
                return number
        return header

    tool = document.get("tool")
    data = tool.get(TABLE) if isinstance(tool, dict) else None
    if data is None:
        raise InputError(f"no [tool.{TABLE}] table", str(path))
    return data, line_of


# -- YAML ------------------------------------------------------------------------------


def _parse_yaml(text: str, path: Path):
    from wixoss_deckcheck.files.yamllines import compose_with_lines, line_at, plain

    root = compose_with_lines(text, str(path))
    data = plain(root, str(path))

    def line_of(parts: list) -> int | None:
        return line_at(root, parts) or 1

    return data, line_of


# -- validation ------------------------------------------------------------------------


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


@cache
def settings_schema() -> dict:
    """``schemas/config.schema.json`` with the ``output-format`` names of the reporter
    registry (the file holds no copy of that list)."""
    from wixoss_deckcheck.files.schema import load_schema
    from wixoss_deckcheck.reporters.registry import reporter_names

    schema = load_schema(schemas_dir() / "config.schema.json")
    properties = dict(schema["properties"])
    properties["output-format"] = {**properties["output-format"], "enum": list(reporter_names())}
    return {**schema, "properties": properties}


def _validate(data: dict, path: Path, line_of) -> None:
    """Validate against the settings schema; a problem names the file, line and JSON path."""
    from wixoss_deckcheck.files.schema import validate

    validate(data, settings_schema(), str(path), line_of)

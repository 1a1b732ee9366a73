"""Options shared by several commands, and how they meet the settings file.

Precedence for every option: the command line, then the settings file
(:mod:`wixoss_deckcheck.checking.settings_file`), then the built-in default. The format and
the date have one more step between the command line and the settings file: a deck's own
``# format:`` / ``# date:`` header (see :data:`DECK_HEADER_KEYS`). The report format
has one more step before the default: under GitHub Actions (``GITHUB_ACTIONS=true``)
it is ``github``.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import click
from click.core import ParameterSource

from wixoss_deckcheck.checking.disabling import parse_disable
from wixoss_deckcheck.checking.settings_file import Config, load_config
from wixoss_deckcheck.cli.habits import complete_format
from wixoss_deckcheck.cli.pool_choice import resolve_pool_choice
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.messages import normalize_language, set_run_language
from wixoss_deckcheck.reporters.registry import reporter_names


def _pool_choice(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    return resolve_pool_choice(value)


cardpool_option = click.option(
    "--cardpool",
    "cardpool",
    metavar="FILE",
    default=None,
    callback=_pool_choice,
    help="Card pool JSON file, a folder of card lists (built once, cached) or 'update' (the installed pool, "
    "downloaded on first use); default: $WIXOSS_DECKCHECK_CARDPOOL, the installed pool, else the sample pool.",
)
def _language(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """``--lang``: one of the languages (``zh`` is Simplified Chinese), remembered for error lines."""
    if value is None:
        return None
    lang = normalize_language(value)
    set_run_language(lang)
    return lang


#: What ``--lang`` accepts (any case; ``zh`` = ``zh-Hans``; zh-TW/zh-HK = ``zh-Hant``).
LANG_CHOICES = ("en", "ja", "zh", "zh-Hans", "zh-Hant", "zh-CN", "zh-TW", "zh-HK")

lang_option = click.option(
    "--lang",
    type=click.Choice(LANG_CHOICES, case_sensitive=False),
    default=None,
    callback=_language,
    help="Language of messages and card names: en, ja, zh-Hans (or zh), zh-Hant "
    "(default: from the locale, zh_TW/zh_HK giving zh-Hant; else English).",
)
def format_option(help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--format/-f FORMAT`` (a built-in format id or alias, completed in the shell), with
    what it means for the command."""
    return click.option("--format", "-f", "format_id", metavar="FORMAT", shell_complete=complete_format, help=help)


def refuse_report_format(params: Mapping[str, Any], choices: Sequence[str] | None = None) -> None:
    """``--format json`` on a command with ``-O``: the report's format was meant (it is
    ruff's and flake8's ``--format``), so the error says to write ``-O json``. Called in the
    command's body, once ``--lang`` has made the run's language."""
    value = params.get("format_id")
    if "output_format" not in params or not value or value.strip().lower() not in (choices or OUTPUT_FORMATS):
        return
    from wixoss_deckcheck.tables.loading import builtin_format_id, builtin_format_ids

    if builtin_format_id(value) is None:
        known = ", ".join(builtin_format_ids())
        raise UsageError(f"unknown format {value!r} (known: {known}; or give --format-file): "
                         f"for the report's format, write -O {value.strip().lower()}")


format_file_option = click.option(
    "--format-file",
    metavar="FILE",
    help="A format table of your own (may extend a built-in one).",
)
encoding_option = click.option(
    "--encoding",
    metavar="NAME",
    help="Decklist encoding (default: detect UTF-8/UTF-16/Shift_JIS/GBK/Big5).",
)
disable_option = click.option(
    "--disable",
    multiple=True,
    metavar="CODE",
    help="Skip a check by code or name (repeatable).",
)
strict_option = click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
color_option = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the text report (auto: on a terminal, or with FORCE_COLOR set; never with NO_COLOR).",
)

#: Every ``--output-format`` (``csv`` is most useful with ``audit``): the reporter registry's names.
OUTPUT_FORMATS = reporter_names()

#: Settings-file key -> click parameter name.
CONFIG_KEYS = {
    "format": "format_id",
    "format-file": "format_file",
    "as-of": "as_of",
    "cardpool": "cardpool",
    "lang": "lang",
    "disable": "disable",
    "output-format": "output_format",
    "strict": "strict",
    "exit-zero": "exit_zero",
    "color": "color",
    "encoding": "encoding",
    "jobs": "jobs",
}

#: Settings a deck's own header (``# format:``, ``# date:``) overrides: the settings file gives
#: them only as defaults for decks without that header (``default_<name>`` in the merged options).
DECK_HEADER_KEYS = ("format_id", "format_file", "as_of")

output_format_option = click.option(
    "--output-format",
    "-O",
    "output_format",
    default=None,
    type=click.Choice(OUTPUT_FORMATS),
    help="Report format (default: github under GitHub Actions, else text).",
)
output_file_option = click.option(
    "-o",
    "--output",
    "output",
    metavar="FILE",
    help="Write the report to FILE (atomically: an earlier FILE stays intact if the run fails).",
)
excel_option = click.option(
    "--excel",
    is_flag=True,
    help="CSV for Excel: a UTF-8 byte-order mark (so Japanese and Chinese show) and CRLF line ends; implies -O csv.",
)
config_option = click.option(
    "--config",
    "config_file",
    metavar="FILE",
    help="Settings file (default: .wixoss-deckcheck.yaml or [tool.wixoss-deckcheck] in pyproject.toml, "
    "found by walking up from the current directory).",
)
no_config_option = click.option("--no-config", is_flag=True, help="Ignore any settings file.")


def _allow_outside(_ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    from wixoss_deckcheck.decklist.reading import allow_outside  # the run's one reading policy

    allow_outside(value)
    return value


#: Read decks through symbolic links (and a record's deck) outside the tree: only ever asked for
#: on the command line (no settings file can: a pull request could add one).
allow_outside_option = click.option(
    "--allow-outside",
    is_flag=True,
    callback=_allow_outside,
    help="Read decks behind symbolic links that lead outside their folder (and a replay record's deck "
    "outside the record's folder); refused by default, so CI never reads a file a pull request points at.",
)


def apply_settings(ctx: click.Context, params: Mapping[str, Any]) -> dict[str, Any]:
    """The command's parameters (as click passed them), with every option the command line
    left unset taken from the settings file.

    The settings file's format and date become ``default_format_id``, ``default_format_file``
    and ``default_as_of``: they apply only to a deck without its own header
    (:data:`DECK_HEADER_KEYS`). ``settings_path`` names the file used (``None``: none).
    ``--disable`` values are checked here (commas split them; an unknown code or name is a
    usage error naming the closest real one), the settings file's naming its file and line.
    """
    refuse_report_format(params)
    merged: dict[str, Any] = dict(params)
    if "disable" in params:
        merged["disable"] = parse_disable(params.get("disable") or ())
    merged["settings_path"] = None
    merged.update((f"default_{name}", None) for name in DECK_HEADER_KEYS)
    config = None if params.get("no_config") else load_config(params.get("config_file"))
    if config is not None and config.path is not None:
        merged["settings_path"] = str(config.path)
        for key, name in _settings_to_take(ctx, params, config):
            value = _setting_value(key, name, config)
            # The format and the date: defaults, below a deck's own header.
            merged[f"default_{name}" if name in DECK_HEADER_KEYS else name] = value
            if name == "cardpool":
                merged["cardpool_origin"] = "settings"
    if merged.get("cardpool"):  # a folder of card lists, or update: the pool file it stands for
        merged["cardpool"] = resolve_pool_choice(merged["cardpool"])
    return merged


def settings_pool(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--config`` and ``--no-config`` for a command that reads a pool but takes no other
    setting (``cards``, ``simulate``, ``serve``, ``sheet``, ``replay``, ``formats diff``,
    ``cardpool info``): without ``--cardpool`` its pool is the settings file's ``cardpool``, as
    ``check`` and ``audit`` take it (a folder of card lists or ``update`` made a pool file).
    Put it between ``@click.command`` and the command's options."""

    @config_option
    @no_config_option
    @functools.wraps(command)
    def with_settings_pool(*args: Any, **kwargs: Any) -> Any:
        config_file, no_config = kwargs.pop("config_file", None), kwargs.pop("no_config", False)
        if not kwargs.get("cardpool") and not no_config:
            chosen = load_config(config_file).values.get("cardpool")
            if chosen:
                kwargs["cardpool"] = resolve_pool_choice(chosen)
        return command(*args, **kwargs)

    return with_settings_pool


_FORMAT_OPTIONS = ("format_id", "format_file")


def _settings_to_take(ctx: click.Context, params: Mapping[str, Any], config: Config) -> Iterator[tuple[str, str]]:
    """(key, parameter name) of each setting in the file that the command takes and its
    command line left unset; ``--format`` or ``--format-file`` given replaces both settings."""
    given_format = any(_given(ctx, name) for name in _FORMAT_OPTIONS if name in params)
    for key, name in CONFIG_KEYS.items():
        if name not in params or key not in config.values or _given(ctx, name):
            continue
        if not (given_format and name in _FORMAT_OPTIONS):
            yield key, name


def _setting_value(key: str, name: str, config: Config) -> Any:
    """A setting's value as the command takes it: ``disable`` checked (naming the file and
    line of a bad entry), ``lang`` normalised and made the run's language."""
    value = config.values[key]
    if name == "disable":
        entries = [value] if isinstance(value, str) else value
        return tuple(
            item
            for index, entry in enumerate(entries)
            for item in parse_disable([entry], "disable", str(config.path), config.lines.get(f"{key}/{index}"))
        )
    if name == "lang":
        lang = normalize_language(value)
        set_run_language(lang)
        return lang
    return value


def _given(ctx: click.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)


def choose_output_format(chosen: str | None, excel: bool = False) -> str:
    """The report format: as chosen, else ``github`` under GitHub Actions, else ``text``
    (``csv`` with ``--excel``, which no other format takes)."""
    if excel:
        if chosen not in (None, "csv"):
            raise UsageError(f"--excel writes CSV; it cannot be combined with -O {chosen}")
        return "csv"
    if chosen:
        return chosen
    if os.environ.get("GITHUB_ACTIONS", "").lower() == "true":
        return "github"
    return "text"


#: ``-O text|json`` of the commands that report one thing (formats, rules, simulate, replay).
text_or_json_option = click.option(
    "--output-format",
    "-O",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Report format.",
)

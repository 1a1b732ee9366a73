"""Message texts per language, kept in data files keyed by check code.

``en.yaml`` is complete; other languages may leave keys out, which then fall back
to English. The JSON output keeps stable codes whatever the language. Languages:
``en``, ``ja``, ``zh-Hans`` (``zh.yaml``; ``--lang zh`` is the same) and ``zh-Hant``
(converted from ``zh.yaml`` by OpenCC, so it is always complete).
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from wixoss_deckcheck.errors import MAX_PATH, printable, redact_credentials
from wixoss_deckcheck.files.cache import load_cached_yaml

#: The languages, as ``--lang`` names them (BCP 47). ``zh`` is kept as Simplified Chinese.
LANGUAGES = ("en", "ja", "zh-Hans", "zh-Hant")
#: Every spelling ``--lang``, the settings file and the locale may use, folded to lower case.
ALIASES = {
    "en": "en",
    "ja": "ja",
    "jp": "ja",
    "zh": "zh-Hans",
    "zh-hans": "zh-Hans",
    "zh-cn": "zh-Hans",
    "zh-sg": "zh-Hans",
    "zh-my": "zh-Hans",
    "zh-hans-cn": "zh-Hans",
    "zh-hant": "zh-Hant",
    "zh-tw": "zh-Hant",
    "zh-hk": "zh-Hant",
    "zh-mo": "zh-Hant",
    "zh-hant-tw": "zh-Hant",
    "zh-hant-hk": "zh-Hant",
}
#: The message file of each language; Traditional Chinese is converted from the Simplified
#: file by OpenCC (``s2t``), then ``zh-Hant.yaml`` (if any) overrides it key by key.
_FILES = {"en": "en.yaml", "ja": "ja.yaml", "zh-Hans": "zh.yaml", "zh-Hant": "zh.yaml"}
_DIR = Path(__file__).resolve().parent


def normalize_language(code: str | None) -> str | None:
    """``zh``, ``zh_TW``, ``zh-hant``... as one of :data:`LANGUAGES` (``None`` when unknown)."""
    if not code:
        return None
    folded = code.strip().replace("_", "-").split(".")[0].split("@")[0].lower()
    if folded in ALIASES:
        return ALIASES[folded]
    parts = folded.split("-")
    if parts[0] == "zh":
        if "hant" in parts or any(part in ("tw", "hk", "mo") for part in parts):
            return "zh-Hant"
        return "zh-Hans"
    return ALIASES.get(parts[0])


@cache
def _load(lang: str) -> dict[str, Any]:
    """The messages of one language (parsed once, then read from the user cache)."""
    path = _DIR / _FILES.get(lang, f"{lang}.yaml")
    if not path.is_file():
        return {}
    if lang == "zh-Hant":
        traditional: dict[str, Any] = load_cached_yaml("messages-zh-Hant", path, "message file", build=_traditional,
                                                       valid=_catalogue_ok)
        return traditional
    catalogue: dict[str, Any] = load_cached_yaml("messages", path, "message file", build=_mapping, valid=_catalogue_ok)
    return catalogue


def _mapping(data: Any) -> Any:
    return data or {}


def _catalogue_ok(data: Any) -> bool:
    """Whether a cached catalogue has its shape: sections of texts, of lists of texts (the
    plural forms) and of mappings of those."""
    return data.__class__ is dict and all(
        key.__class__ is str and (
            value.__class__ is str or _catalogue_ok(value)
            or (value.__class__ is list and all(item.__class__ is str for item in value))
        )
        for key, value in data.items()
    )


def _traditional(simplified: Any) -> Any:
    """The Traditional Chinese catalogue: converted from the Simplified one, then
    ``zh-Hant.yaml`` (if any) over it key by key."""
    data = to_traditional(simplified or {})
    overrides = _DIR / "zh-Hant.yaml"
    if overrides.is_file():
        data = _overlay(data, load_cached_yaml("messages", overrides, "message file", build=_mapping))
    return data


def _overlay(base: dict, top: dict) -> dict:
    merged = dict(base)
    for key, value in top.items():
        nested = isinstance(value, dict) and isinstance(merged.get(key), dict)
        merged[key] = _overlay(merged[key], value) if nested else value
    return merged


@cache
def _converter():
    from opencc_purepy import OpenCC  # heavy (its dictionaries): only for Traditional Chinese

    return OpenCC("s2t")


def to_traditional(value):
    """Simplified → Traditional Chinese with OpenCC (``s2t``: character by character, phrase
    aware: 拜占庭 stays 拜占庭, where zhconv wrote 拜佔庭); strings inside lists and mappings too."""
    if isinstance(value, str):
        return _converter().convert(value)
    if isinstance(value, dict):
        return {key: to_traditional(item) for key, item in value.items()}
    if isinstance(value, list):
        return [to_traditional(item) for item in value]
    return value


#: Where a mapping of names by language keeps a Chinese name (card pools write
#: ``zh_hans``/``zh_hant``, format tables ``zh``): the keys of the language's own name, in
#: order, then those of a Simplified name to convert.
_CHINESE_KEYS = {
    "zh-Hans": (("zh-Hans", "zh_hans", "zh", "zh_hant"), ()),
    "zh-Hant": (("zh-Hant", "zh_hant"), ("zh-Hans", "zh_hans", "zh")),
}


def pick_name(names: Mapping[str, str], lang: str | None, fallback: str) -> str:
    """A name in ``lang`` from a mapping of names by language (card pools write ``zh_hans``/``zh_hant``,
    format tables ``zh``): Traditional Chinese converted from the Simplified name when only that
    one is known; else ``fallback``."""
    lang = normalize_language(lang) or "en"
    if lang not in _CHINESE_KEYS:
        return names.get(lang) or fallback
    own_keys, simplified_keys = _CHINESE_KEYS[lang]
    own = _first_name(names, own_keys)
    if own:
        return own
    simplified = _first_name(names, simplified_keys)
    return str(to_traditional(simplified)) if simplified else fallback


def _first_name(names: Mapping[str, str], keys: tuple[str, ...]) -> str | None:
    return next((names[key] for key in keys if names.get(key)), None)


def default_language() -> str:
    """The language from the environment's locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), else
    English: ``zh_TW``/``zh_HK``/``zh_MO`` (and ``zh_Hant``) are Traditional Chinese, other ``zh`` Simplified."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            code = value.split(":")[0]
            if code.split(".")[0].lower() in ("c", "posix"):
                continue
            return normalize_language(code) or "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:  # pragma: no cover
        code = ""
    return normalize_language(code) or "en"


@cache
def english_error(key: str) -> str:
    """The English text of an input error of ``errors:`` (en.yaml): what the core raises,
    which :meth:`Messages.error_text` then says in the run's language."""
    return str((_load("en").get("errors") or {})[key])


@cache
def _error_patterns() -> list:
    """(key, compiled pattern) of every English error template: ``{name}`` matches any text.
    The templates with the most words of their own come first: ``source {name}: unknown
    setting(s) {unknown}`` is tried before ``source {name}: {value}``."""
    out = []
    for key, template in (_load("en").get("errors") or {}).items():
        parts = re.split(r"\{(\w+)\}", template)
        regex = "".join(re.escape(part.replace("{{", "{").replace("}}", "}")) if index % 2 == 0
                        else f"(?P<{part}>.+?)" for index, part in enumerate(parts))
        out.append((-len("".join(parts[::2])), key, re.compile(regex, re.DOTALL)))
    return [(key, pattern) for _length, key, pattern in sorted(out, key=lambda item: item[0])]


#: How deep :meth:`Messages.error_text` says the parts of a message that are messages themselves.
_ERROR_DEPTH = 3
#: What :meth:`Messages.error_text` said, by (language, message, depth): a message's parts are
#: often said again (an audit's many decks, the parts of one message), and at most this many kept.
_SAID: dict[tuple[str, str, int], str] = {}
_SAID_LIMIT = 4096


_RUN_LANGUAGE: list[str | None] = [None]


def set_run_language(lang: str | None) -> None:
    """Remember the language of this run (``--lang``, or the settings file's) for error lines."""
    _RUN_LANGUAGE[0] = normalize_language(lang) if lang else None


def current_language() -> str:
    """The language of this run: ``--lang`` (or the settings file's) once a command has read
    it, else the locale's."""
    return _RUN_LANGUAGE[0] or default_language()


class Counted(dict):
    """Template values where ``{name|noun}`` is the value of ``name`` counted with ``noun``
    (:meth:`Messages.plural`): "{errors|error}" → "1 error", "2 errors"."""

    def __init__(self, messages: Messages, values: dict):
        super().__init__(values)
        self.messages = messages

    def __missing__(self, key: str):
        name, bar, noun = key.partition("|")
        if not bar or name not in self:
            raise KeyError(key)
        value = self[name]
        return self.messages.plural(noun, value)


class Messages:
    """Templates and words for one language, falling back to English per key."""

    def __init__(self, lang: str | None = "en"):
        self.lang = normalize_language(lang) or "en"
        self._primary = _load(self.lang)
        self._english = _load("en")

    def template(self, code: str) -> str:
        return self._primary.get(code) or self._english.get(code) or code

    def _section(self, name: str) -> tuple[dict, dict]:
        return self._primary.get(name) or {}, self._english.get(name) or {}

    def word(self, key: str, **args) -> str:
        primary, english = self._section("words")
        value = primary.get(key, english.get(key, key))
        return value.format_map(Counted(self, args)) if args and isinstance(value, str) else value

    def named(self, group: str, name: str) -> str:
        """The word for ``name`` in the ``words:`` mapping ``group`` (``colours``, ``types``,
        ``icons``, ``pool_origins``, ``pool_kinds``) of this language, else of English, else
        ``name`` itself."""
        primary, english = self._section("words")
        for words in (primary.get(group), english.get(group)):
            value = words.get(name) if isinstance(words, dict) else None
            if isinstance(value, str) and value:
                return value
        return name

    def plural(self, noun: str, number, shown: str | None = None) -> str:
        """``number`` with ``noun`` in the right form ("1 card", "4 cards"); ``shown`` replaces the
        number in the text ("at most 1 card"). A language without plural forms for ``noun``
        (Japanese, Chinese) gives the number alone: its templates put the counter word."""
        text = str(number) if shown is None else shown
        primary, _english = self._section("words")
        forms = (primary.get("plural") or {}).get(noun)
        if not forms:
            return text
        if isinstance(forms, str):
            return forms.format(n=text)
        return (forms[0] if number == 1 else forms[-1]).format(n=text)

    def suggestion_hint(self, suggestions: list[str]) -> str:
        """What follows "unknown card": the close matches, or that there are none.

        The one wording of the hint, for the checker, ``cards show`` and ``simulate``."""
        if suggestions:
            return self.word("did_you_mean", suggestions="; ".join(suggestions))
        return self.word("no_suggestion")

    def colour(self, colour: str) -> str:
        if colour in ("", "colourless", "colorless"):
            return self.word("colourless")
        return self.named("colours", colour)

    def card_type(self, card_type: str) -> str:
        return self.named("types", card_type)

    def card_type_with_article(self, card_type: str) -> str:
        """English: the card type with "a" or "an" ("an LRIG", "an ARTS", "a SIGNI")."""
        primary, english = self._section("words")
        articled = (primary.get("types_a") or english.get("types_a") or {}).get(card_type)
        return articled or f"a {self.card_type(card_type)}"

    def check_name(self, code: str, default: str) -> str:
        """The readable name of a check in this language (the slug in English)."""
        return (self._primary.get("names") or {}).get(code) or default

    def check_doc(self, code: str, default: str) -> str:
        """What a check checks, in this language (``docs:`` of the catalogue; the registry's
        English doc in English, or where a catalogue has none)."""
        return (self._primary.get("docs") or {}).get(code) or default

    def icon(self, icon: str) -> str:
        return self.named("icons", icon)

    def report(self, key: str, **args) -> str:
        primary, english = self._section("report")
        value = primary.get(key, english.get(key, key))
        return value.format_map(Counted(self, args)) if args else value

    def error_text(self, message: str, depth: int = 0) -> str:
        """An input or usage error's message in this language: the English patterns of
        ``errors:`` (en.yaml) are tried against the whole message, and the parts a template
        fills in that are errors themselves (``{where}: pattern {text}: {problem}``) are said in
        this language too; unmatched ones stay English."""
        if self.lang == "en":
            return message
        said = _SAID.get((self.lang, message, depth))
        if said is None:
            if len(_SAID) > _SAID_LIMIT:
                _SAID.clear()
            said = _SAID[self.lang, message, depth] = self._error_text(message, depth)
        return said

    def _error_text(self, message: str, depth: int) -> str:
        primary = self._primary.get("errors") or {}
        for key, pattern in _error_patterns():
            match = pattern.fullmatch(message)
            if match and key in primary:
                values = match.groupdict()
                if depth < _ERROR_DEPTH:
                    values = {name: self.error_text(value, depth + 1) for name, value in values.items()}
                try:
                    return str(primary[key].format(**values))
                except (KeyError, IndexError, ValueError):
                    return message
        return message

    def error_line(self, error) -> str:
        """The whole ``error: FILE:LINE: message`` line of an :class:`~wixoss_deckcheck.errors.InputError`.
        The ``error:`` prefix stays the same in every language, for scripts that look for it."""
        where = ""
        if getattr(error, "path", None):
            path = printable(redact_credentials(str(error.path)))  # escaped and bounded, as in every error line
            where = f"{path}:{error.line}: " if getattr(error, "line", None) else f"{path}: "
        message = redact_credentials(self.error_text(getattr(error, "message", str(error))))
        return f"error: {where}{printable(message, MAX_PATH)}"

    def cards(self, key: str, **args) -> str:
        """A text of ``cards show``/``cards search`` (the ``cards:`` section)."""
        primary, english = self._section("cards")
        value = primary.get(key, english.get(key, key))
        return value.format_map(Counted(self, args)) if args else value

    def cli(self, key: str, **args) -> str:
        """A text of the other commands (``formats``, ``rules``: the ``cli:`` section)."""
        primary, english = self._section("cli")
        value = primary.get(key, english.get(key, key))
        return value.format_map(Counted(self, args)) if args else value

    def history(self, key: str, **args: object) -> str:
        """A text of a deck's history, ``formats diff`` and ``audit --changed-since`` (the
        ``history:`` section)."""
        primary, english = self._section("history")
        value = primary.get(key, english.get(key, key))
        return str(value.format_map(Counted(self, args)) if args else value)

    def web(self) -> dict[str, str]:
        """Every text of ``serve``'s pages (the ``web:`` section), English filling any gap."""
        primary, english = self._section("web")
        return {key: str(primary.get(key) or value) for key, value in english.items()}

    def simulate(self, key: str, **args) -> str:
        """A text of ``simulate``'s report and pictures (the ``simulate:`` section)."""
        primary, english = self._section("simulate")
        value = primary.get(key, english.get(key, key))
        return value.format_map(Counted(self, args)) if args else value

    def replay(self, key: str, **args: object) -> str:
        """A phrase of ``replay``'s messages and notes (the ``replay:`` section)."""
        primary, english = self._section("replay")
        value = primary.get(key, english.get(key, key))
        return str(value.format_map(Counted(self, args)) if args else value)

    def severity(self, severity: str) -> str:
        primary, english = self._section("report")
        return (primary.get("severity") or {}).get(severity) or (english.get("severity") or {}).get(severity, severity)

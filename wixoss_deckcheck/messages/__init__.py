"""Message texts per language, kept in data files keyed by check code.

``en.yaml`` is complete; other languages may leave keys out, which then fall back
to English. The JSON output keeps stable codes whatever the language.
"""

from __future__ import annotations

import locale
import os
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "ja", "zh")
_DIR = Path(__file__).resolve().parent


@cache
def _load(lang: str) -> dict:
    """The messages of one language (parsed once, then read from the user cache)."""
    from wixoss_deckcheck.files.cache import load_marshalled, store_marshalled

    path = _DIR / f"{lang}.yaml"
    if not path.is_file():
        return {}
    cached = load_marshalled("messages", path)
    if cached is not None:
        return cached
    from wixoss_deckcheck.files.text import read_text_file
    from wixoss_deckcheck.files.yamllines import load_plain

    data = load_plain(read_text_file(path, "message file"), str(path)) or {}
    store_marshalled("messages", path, data)
    return data


def default_language() -> str:
    """The language from the environment's locale (LC_ALL, LC_MESSAGES, LANG), else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code not in ("c", "posix"):
                return "en"
    try:
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except ValueError:  # pragma: no cover
        code = ""
    return code if code in LANGUAGES else "en"


class Messages:
    """Templates and words for one language, falling back to English per key."""

    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in LANGUAGES else "en"
        self._primary = _load(self.lang)
        self._english = _load("en")

    def template(self, code: str) -> str:
        return self._primary.get(code) or self._english.get(code) or code

    def _section(self, name: str) -> tuple[dict, dict]:
        return self._primary.get(name) or {}, self._english.get(name) or {}

    def word(self, key: str, **args) -> str:
        primary, english = self._section("words")
        value = primary.get(key, english.get(key, key))
        return value.format(**args) if args and isinstance(value, str) else value

    def suggestion_hint(self, suggestions: list[str]) -> str:
        """What follows "unknown card": the close matches, or that there are none.

        The one wording of the hint, for the checker, ``cards show`` and ``simulate``."""
        if suggestions:
            return self.word("did_you_mean", suggestions="; ".join(suggestions))
        return self.word("no_suggestion")

    def colour(self, colour: str) -> str:
        if colour in ("", "colourless", "colorless"):
            return self.word("colourless")
        primary, english = self._section("words")
        return (primary.get("colours") or {}).get(colour) or (english.get("colours") or {}).get(colour, colour)

    def card_type(self, card_type: str) -> str:
        primary, english = self._section("words")
        return (primary.get("types") or {}).get(card_type) or (english.get("types") or {}).get(card_type, card_type)

    def check_name(self, code: str, default: str) -> str:
        """The readable name of a check in this language (the slug in English)."""
        return (self._primary.get("names") or {}).get(code) or default

    def icon(self, icon: str) -> str:
        primary, english = self._section("words")
        return (primary.get("icons") or {}).get(icon) or (english.get("icons") or {}).get(icon, icon)

    def report(self, key: str, **args) -> str:
        primary, english = self._section("report")
        value = primary.get(key, english.get(key, key))
        return value.format(**args) if args else value

    def severity(self, severity: str) -> str:
        primary, english = self._section("report")
        return (primary.get("severity") or {}).get(severity) or (english.get("severity") or {}).get(severity, severity)

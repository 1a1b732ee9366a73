"""The two pages of ``serve``, made from the templates beside this module and the texts
of the ``web:`` section of the message catalogues (every language at once: the page
switches language without asking the server again)."""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path

from wixoss_deckcheck.messages import LANGUAGES, Messages
from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format
from wixoss_deckcheck.web.api import ServeDefaults

TEMPLATES = Path(__file__).resolve().parent / "templates"
_PLACE = re.compile(r"\{\{(\w+)(?::(\w+))?\}\}")


@cache
def _template(name: str) -> str:
    return (TEMPLATES / f"{name}.html").read_text(encoding="utf-8")


@cache
def page_texts(lang: str) -> dict[str, str]:
    """The page's texts in ``lang``, with the severities as the reports word them."""
    messages = Messages(lang)
    texts = messages.web()
    texts.update({f"severity_{name}": messages.severity(name) for name in ("error", "warning")})
    return texts


def _script_json(value: object) -> str:
    """JSON safe inside ``<script>``: no ``<`` can close the element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace("&", "\\u0026")


def _format_options(lang: str, chosen: str | None) -> str:
    tables = [load_format(format_id) for format_id in builtin_format_ids()]
    return "".join(
        f'<option value="{html.escape(table.id)}"{" selected" if table.id == chosen else ""}>'
        f"{html.escape(table.display_name(lang))}</option>"
        for table in tables
    )


def _language_options(lang: str) -> str:
    keys = {"en": "lang_en", "ja": "lang_ja", "zh-Hans": "lang_zh_hans", "zh-Hant": "lang_zh_hant"}
    texts = page_texts(lang)
    return "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{html.escape(texts[keys[code]])}</option>'
        for code in LANGUAGES
    )


def render_page(name: str, lang: str, defaults: ServeDefaults) -> str:
    """The page ``name`` (``player``, ``desk``) in ``lang``: ``{{t:key}}`` is a text,
    ``{{name}}`` one of the values below."""
    texts = page_texts(lang)
    chosen = load_format(defaults.format_id).id if defaults.format_id else None
    values = {
        "lang": lang,
        "format_options": _format_options(lang, chosen),
        "language_options": _language_options(lang),
        "event_date": html.escape(defaults.event_date or "", quote=True),
        "texts": _script_json({code: page_texts(code) for code in LANGUAGES}),
        "format_names": _script_json(
            {code: {fid: load_format(fid).display_name(code) for fid in builtin_format_ids()} for code in LANGUAGES}
        ),
    }

    def fill(match: re.Match[str]) -> str:
        kind, key = match.group(1), match.group(2)
        if kind == "t" and key:
            return html.escape(texts.get(key, key))
        return values[kind]

    return _PLACE.sub(fill, _template(name))

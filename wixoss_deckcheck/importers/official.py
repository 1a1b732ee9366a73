"""Importer for card-detail pages of the official card database (HTML).

The official page is the only public source of the format icons. Fields are read by
their ``<dt>`` label inside ``div.cardData``, never by position (the middle fields
change with the card type: チーム/コイン for an LRIG, 限定条件/ガード for a SIGNI,
使用タイミング for ARTS). The format icons are the images inside
``<dt>フォーマット</dt>``'s ``<dd>`` (``icon_txt_format_key.png``,
``icon_txt_format_diva.png``; none = All-Star only); Life Burst is the image
``icon_txt_burst.png`` inside a ``div.cardSkill``. The standard library's
``html.parser`` is enough for these fragments.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.importers.common import (
    JA_TYPES,
    add_timing,
    empty,
    parse_colours,
    parse_cost,
    parse_int,
    parse_limiting,
    split_types,
)
from wixoss_deckcheck.importers.source import ImportedSource, read_text, set_if
from wixoss_deckcheck.pool.normalize import series_of

SOURCE_NAME = "official"
_FORMAT_ICONS = {"icon_txt_format_key": "key", "icon_txt_format_diva": "diva"}
_BURST_ICON = "icon_txt_burst"
_VOID = {"br", "img", "hr", "input", "meta", "link", "source", "wbr", "area", "col", "embed"}


class _DetailParser(HTMLParser):
    """Collects the number, name, kana, rarity, ``dt``→``dd`` fields and skill icons."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, frozenset[str]]] = []
        self.number = ""
        self.name = ""
        self.kana = ""
        self.rarity = ""
        self.fields: dict[str, dict] = {}
        self.skill_icons: list[str] = []
        self._label: str | None = None
        self._dt_text: list[str] | None = None
        self._dd: dict | None = None

    # -- where are we --------------------------------------------------------
    def _inside(self, tag: str, cls: str = "") -> bool:
        """True inside an open ``tag`` (with class ``cls`` when given)."""
        return any(t == tag and (not cls or cls in classes) for t, classes in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "img":
            self._image(attributes)
        elif tag in _VOID:
            if tag == "br" and self._dd is not None:
                self._dd["text"].append("\n")
        else:
            self.stack.append((tag, frozenset((attributes.get("class") or "").split())))
            self._open_field(tag)

    def _open_field(self, tag: str) -> None:
        """A ``dt`` (a field's label) or ``dd`` (its value) of ``div.cardData`` starts."""
        if not self._inside("div", "cardData") or self._inside("div", "cardFaq"):
            return
        if tag == "dt":
            self._dt_text = []
            self._dd = None
        elif tag == "dd" and self._label is not None:
            self._dd = {"text": [], "images": []}

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID and self.stack and self.stack[-1][0] == tag:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or not self._close(tag):
            return
        if tag == "dt" and self._dt_text is not None:
            self._label = "".join(self._dt_text).strip()
            self._dt_text = None
            if self._label:
                self.fields[self._label] = {"text": "", "images": []}
        elif tag == "dd" and self._dd is not None and self._label is not None:
            self.fields[self._label] = {"text": "".join(self._dd["text"]).strip(), "images": self._dd["images"]}
            self._dd = None
            self._label = None

    def _close(self, tag: str) -> bool:
        """Close up to the matching open tag (tolerates unclosed children); False when none is open."""
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return True
        return False

    def handle_data(self, data: str) -> None:
        if self._dt_text is not None:
            self._dt_text.append(data)
        elif self._dd is not None:
            self._dd["text"].append(data)
        elif self._inside("p", "cardNum"):
            self.number += data
        elif self._inside("p", "cardName"):
            if self._inside("span"):
                self.kana += data
            else:
                self.name += data
        elif self._inside("div", "cardRarity"):
            self.rarity += data

    def _image(self, attributes: dict) -> None:
        source = attributes.get("src") or ""
        icon = source.rsplit("/", 1)[-1].split(".", 1)[0]
        if self._dd is not None:
            self._dd["images"].append(icon)
            self._dd["text"].append(attributes.get("alt") or "")
        elif self._inside("div", "cardSkill"):
            self.skill_icons.append(icon)


def _field(fields: dict, label: str) -> str | None:
    value = fields.get(label)
    if value is None:
        return None
    text = value["text"]
    return None if empty(text) else text


def parse_detail(html: str, origin: str = "<html>") -> dict:
    """Parse one card-detail page (or fragment) into a card record."""
    parser = _read_page(html, origin)
    number = parser.number.strip()
    fields = parser.fields
    raw_type = _field(fields, "カード種類") or ""
    kind = _card_type(raw_type)
    record: dict = {
        "number": number,
        "name": re.sub(r"\s+$", "", parser.name.strip()),
        "type": kind,
        "series": series_of(number),
        "colors": parse_colours(_field(fields, "色")),
    }
    if "クラフト" in raw_type or kind == "TOKEN":
        record["token"] = True
    kana = parser.kana.strip().strip("＜＞<>")
    if kana:
        record["names"] = {"kana": kana}
    set_if(record, "rarity", parser.rarity.strip() or None)
    _add_type_fields(record, fields, kind)
    if "限定条件" in fields:
        record["limiting"] = parse_limiting(_field(fields, "限定条件"))
    set_if(record, "team", _field(fields, "チーム") or None)
    _add_icons(record, fields, kind, parser.skill_icons)
    return record


def _read_page(html: str, origin: str) -> _DetailParser:
    """The page read by :class:`_DetailParser`; a page without a card number or a カード種類
    field is no card-detail page."""
    parser = _DetailParser()
    try:
        parser.feed(html)
        parser.close()
    except Exception as exc:  # html.parser is lenient; anything raised is a broken page
        raise InputError(f"cannot parse the official card page: {exc}", origin) from None
    if not parser.number.strip() or "カード種類" not in parser.fields:
        raise InputError("not an official card-detail page (no cardNum or no カード種類 field)", origin)
    return parser


def _card_type(raw_type: str) -> str:
    """The card type of the カード種類 field (``シグニ``, ``ピース リレー``, ``シグニ レゾナ``...)."""
    kinds = split_types(raw_type.replace(" ", "/").replace("　", "/"))
    if "ピース" in kinds and "リレー" in raw_type:
        return "RELAY_PIECE"
    return "RESONA" if "レゾナ" in kinds else next((JA_TYPES[k] for k in kinds if k in JA_TYPES), "TOKEN")


def _add_type_fields(record: dict, fields: dict, kind: str) -> None:
    """Classes (LRIG types, limit and grow cost of an LRIG), level, power and cost, where the
    card type has them."""
    classes = split_types(_field(fields, "カードタイプ"))
    if kind in ("LRIG", "ASSIST_LRIG"):
        record["lrig_types"] = classes
        set_if(record, "limit", parse_int(_field(fields, "リミット")))
        set_if(record, "grow_cost", parse_cost(_field(fields, "グロウコスト")))
    elif classes:
        record["classes"] = classes
    if kind in ("SIGNI", "LRIG", "ASSIST_LRIG", "RESONA"):
        set_if(record, "level", parse_int(_field(fields, "レベル")))
    if kind in ("SIGNI", "RESONA"):
        set_if(record, "power", parse_int(_field(fields, "パワー")))
    set_if(record, "cost", parse_cost(_field(fields, "コスト")))
    add_timing(record, kind, _field(fields, "使用タイミング"))


def _add_icons(record: dict, fields: dict, kind: str, skill_icons: list[str]) -> None:
    """What the page's images say: guard (of a SIGNI), Life Burst (of a SIGNI or SPELL) and
    the format icons."""
    if kind == "SIGNI" and "ガード" in fields:
        guard = fields["ガード"]
        record["guard"] = bool(guard["images"]) or not empty(guard["text"])
    if kind in ("SIGNI", "SPELL"):
        record["life_burst"] = _BURST_ICON in skill_icons
    if "フォーマット" in fields:
        icons = [_FORMAT_ICONS[i] for i in fields["フォーマット"]["images"] if i in _FORMAT_ICONS]
        record["formats"] = sorted(set(icons), key=("key", "diva").index)


def import_official(path: str | Path) -> ImportedSource:
    """Read every ``*.html`` card-detail page in a folder (or one page)."""
    target = Path(path)
    if target.is_dir():
        pages = sorted(target.glob("*.html"))
        if not pages:
            raise InputError("no *.html card-detail pages found", str(target))
    elif target.is_file():
        pages = [target]
    else:
        raise InputError("official card pages not found", str(target))
    records: list[dict] = []
    seen: set[str] = set()
    for page in pages:
        record = parse_detail(read_text(page, "official card page"), str(page))
        if record["number"].upper() not in seen:
            seen.add(record["number"].upper())
            records.append(record)
    description = {"name": SOURCE_NAME, "path": str(target), "cards": len(records)}
    return ImportedSource(SOURCE_NAME, records, description)

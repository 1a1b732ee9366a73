"""What a card's text says about how it comes onto the field: the 【ライズ】 condition of a rise
SIGNI (``rise_onto``) and the 【出現条件】 of a RESONA (``resona_condition``), structured for the
rules engine (``replay`` judges a rise and a RESONA's appearance by them).

Both are read on the NFKC form of the text (＜＞ and full-width digits folded), in the forms of
the real card data listed in docs/cardpool.md; a wording in no such form is left unread (the
record is then trusted).
"""

from __future__ import annotations

import re
import unicodedata

from wixoss_deckcheck.importers.common import JA_COLOURS

#: One group of SIGNI a rise goes onto or takes under it: [a modifier] [あなたの] a name, or the
#: rise or Dissona icon, a level (or lower), a colour and a class; then a count (体/枚, ずつ: each zone).
_GROUP = re.compile(
    r"(?P<icon>《ライズアイコン》を持つ)?(?P<mod>それぞれレベルの異なる|レベルの異なる|共通する色を持たない)?"
    r"(?:あなたの)?(?:場にいる)?(?:《(?P<name>(?!ディソナアイコン)[^》]+)》"
    r"|(?P<dissona>《ディソナアイコン》の)?(?:レベル(?P<level>[0-9])(?P<or_lower>以下)?の)?"
    r"(?:(?P<colour>[白赤青緑黒])の)?(?:(?P<cls>(?:<[^>]+>か)*<[^>]+>)の)?シグニ)"
    r"(?P<count>[0-9]+)?(?:体|枚)?(?P<each>ずつ)?"
)
_CLAUSE = re.compile(r"【ライズ】(?P<clause>.*?(?:置く|出す))")
_FROM_TRASH = re.compile(r"あなたのトラッシュにある(?P<group>.+)を下に重ねて場に出す")
_WITH_STACK = re.compile(
    r"(?P<field>.+?)に(?P<zones>エナゾーンとトラッシュ|トラッシュ|エナゾーン)にある(?P<group>.+)を重ね、その上に置く"
)
_ONTO = re.compile(r"(?P<groups>.+)の上に(?:置く|出す)")
_ZONES = {"トラッシュ": "trash", "エナゾーン": "ener"}


def folded(text: str) -> str:
    """The NFKC form of a card text, as the readers here match it."""
    return unicodedata.normalize("NFKC", text)


def signi_group(text: str) -> dict | None:
    """One group of SIGNI (``{"class" or "classes", "name", "level", "level_max", "colour", "rise_icon", "dissona",
    "count", "distinct_levels", "no_shared_colour"}``), or None when ``text`` is not one."""
    match = _GROUP.fullmatch(text)
    if match is None:
        return None
    found: dict = {}
    if match["icon"]:
        found["rise_icon"] = True
    if match["dissona"] is not None:
        found["dissona"] = True
    if match["name"]:
        found["name"] = match["name"]
    if match["level"]:
        found["level_max" if match["or_lower"] else "level"] = int(match["level"])
    if match["colour"]:
        found["colour"] = JA_COLOURS[match["colour"]]
    classes = re.findall(r"<([^>]+)>", match["cls"] or "")
    if len(classes) == 1:
        found["class"] = classes[0]
    elif classes:
        found["classes"] = classes  # ＜X＞か＜Y＞: any of them
    found["count"] = int(match["count"] or 1)
    if match["mod"] in ("それぞれレベルの異なる", "レベルの異なる"):
        found["distinct_levels"] = True
    elif match["mod"]:
        found["no_shared_colour"] = True
    if match["each"]:
        found["each"] = True
    return found


def _groups(text: str) -> list[dict] | None:
    """Groups joined by と (after a count: 《A》1体と《B》1体), or None when one is not a group."""
    parts = re.split(r"(?<=[体枚])と", text)
    found = [signi_group(part) for part in parts]
    return None if any(group is None for group in found) else [g for g in found if g is not None]


def _stack(zones: str, group: dict) -> list[dict] | None:
    """The cards of other zones put under: one group per zone (ずつ: the count in each)."""
    names = zones.split("と")
    if len(names) > 1 and not group.pop("each", False):
        return None
    group.pop("each", None)
    return [{"zone": _ZONES[name], **group} for name in names]


def rise_condition(text: str) -> dict | None:
    """The 【ライズ】 condition of a SIGNI text, or None when the wording is not read: the first group
    of your SIGNI it goes onto (``count`` left out when 1; 0: onto none, into an empty zone), ``and``
    the further groups, ``stack`` the groups put under it from other zones (each with its ``zone``)."""
    match = _CLAUSE.match(folded(text).lstrip())
    if match is None:
        return None
    clause = match["clause"]
    trash = _FROM_TRASH.fullmatch(clause)
    if trash:
        group = signi_group(trash["group"])
        return _written([], [{"zone": "trash", **group}]) if group and "each" not in group else None
    stacked = _WITH_STACK.fullmatch(clause)
    if stacked:
        onto, group = _groups(stacked["field"]), signi_group(stacked["group"])
        stack = _stack(stacked["zones"], group) if group else None
        return _written(onto, stack) if onto and stack else None
    plain = _ONTO.fullmatch(clause)
    onto = _groups(plain["groups"]) if plain else None
    if not onto or any("each" in group for group in onto):
        return None
    return _written(onto, [])


def _written(onto: list[dict], stack: list[dict]) -> dict:
    """The pool's form: the first group's keys at the top (a one-SIGNI rise reads as it always did)."""
    first = dict(onto[0]) if onto else {"count": 0}
    if first.get("count") == 1:
        del first["count"]
    if onto[1:]:
        first["and"] = onto[1:]
    if stack:
        first["stack"] = stack
    return first


def add_rise(record: dict, kind: str, text: str) -> None:
    """A SIGNI whose text opens with 【ライズ】 (its placing rule) is a rise SIGNI; ``rise_onto`` says
    what it goes onto (:func:`rise_condition`) where the text says it in a form read here."""
    if kind != "SIGNI" or not text.lstrip().startswith("【ライズ】"):
        return
    record["rise"] = True
    condition = rise_condition(text)
    if condition is not None:
        record["rise_onto"] = condition


#: The phase icons of an appearance condition, as the pool writes the timing (formats/play-rules.yaml use_timings).
_PHASE_ICONS = {
    "《メインフェイズアイコン》": "main",
    "《アタックフェイズアイコン》": "attack",
    "《スペルカットインアイコン》": "spell_cut_in",
}
_APPEAR = re.compile(r"【出現条件】(?P<clause>[^【]*)")
_RESONA_GROUP = re.compile(
    r"(?:《(?P<name>[^》]+)》|(?P<resona>レゾナ)|(?P<not_resona>レゾナではない)?(?:レベル(?P<level>[0-9])(?P<bound>以上|以下)?の)?"
    r"(?:(?P<colour>[白赤青緑黒])の)?(?:カード名に《(?P<contains>[^》]+)》を含む)?(?P<classes>(?:<[^>]+>か)*<[^>]+>の)?シグニ)"
    r"(?P<count>[0-9]+)?(?:体|枚)?"
)
_PUT = re.compile(
    r"(?:合計(?P<total>[0-9]+)枚の)?(?:レベルの合計が(?P<sum>[0-9]+)以上になるように)?(?P<groups>.+?)を"
    r"あなたの(?P<zones>(?:手札|エナゾーン|場)(?:と(?:手札|エナゾーン|場))*)から"
    r"(?:(?P<to>ルリグトラッシュ|トラッシュ)に置[くき]|捨てる)"
)
_POWER = re.compile(
    r"パワーの合計が(?P<power>[0-9]+)以上になるようにあなたの(?P<zones>手札|エナゾーン|場)から(?P<group>.+?)を好きな数"
    r"トラッシュに置く"
)
_CHOICE = re.compile(r"以下の(?P<of>[0-9])つから(?P<choose>[0-9])つを選ぶ(?P<options>.+)")
_RESONA_ZONES = {"手札": "hand", "エナゾーン": "ener", "場": "field"}


def resona_group(text: str) -> dict | None:
    """One group of SIGNI of an appearance condition (``count``, ``name``, ``name_contains``, ``class`` or
    ``classes`` (any of), ``colour``, ``level``/``level_min``/``level_max``, ``not_resona``, ``resona``), or None."""
    match = _RESONA_GROUP.fullmatch(text)
    if match is None:
        return None
    found: dict = {"count": int(match["count"] or 1)}
    if match["name"]:
        found["name"] = match["name"]
    if match["resona"]:
        found["resona"] = True
    if match["not_resona"]:
        found["not_resona"] = True
    if match["level"]:
        found[{"以上": "level_min", "以下": "level_max"}.get(match["bound"] or "", "level")] = int(match["level"])
    if match["colour"]:
        found["colour"] = JA_COLOURS[match["colour"]]
    if match["contains"]:
        found["name_contains"] = match["contains"]
    classes = re.findall(r"<([^>]+)>", match["classes"] or "")
    if len(classes) == 1:
        found["class"] = classes[0]
    elif classes:
        found["classes"] = classes
    return found


def _put(clause: str) -> tuple[list[dict], int] | None:
    """The groups one 「…をあなたの…からトラッシュに置く」 puts (from its zones, to the trash or the LRIG
    trash) and the level total it asks (0: none), or None when it is not read."""
    put = _PUT.fullmatch(clause)
    if put is None:
        return None
    zones = [_RESONA_ZONES[zone] for zone in put["zones"].split("と")]
    where = {"from": zones, **({"to": "lrig_trash"} if put["to"] == "ルリグトラッシュ" else {})}
    parts = [resona_group(part) for part in re.split(r"(?<=[体枚])と", put["groups"])]
    groups = [dict(group, **where) for group in parts if group is not None]
    if len(groups) != len(parts) or (put["total"] and len(groups) != 1):
        return None
    if put["total"]:
        groups[0]["count"] = int(put["total"])
    return groups, int(put["sum"] or 0)


def _puts(clause: str) -> tuple[list[dict], int] | None:
    """Several puts joined by 「置き、」 (a RESONA to the LRIG trash, and a SIGNI to the trash)."""
    groups: list[dict] = []
    total = 0
    for part in re.split(r"(?<=置き)、", clause):
        found = _put(part)
        if found is None:
            return None
        groups += found[0]
        total = max(total, found[1])
    return groups, total


def resona_condition(text: str) -> dict | None:
    """A RESONA's 【出現条件】: ``{"timing": [...], "groups": [{..., "count", "from": [zones], "to"}],
    "level_sum_min": N}`` (the SIGNI put from those zones into the trash, ``to`` ``lrig_trash`` for a
    RESONA; 捨てる is from the hand), or ``{"timing", "choose": K, "options": [[groups], ...]}`` (K of
    the ways), with ``power_sum_min`` and a group of ``count`` ``or_more`` for 「パワーの合計がN以上になるように
    …シグニを好きな数」; None when the wording is not read."""
    match = _APPEAR.search(folded(text))
    if match is None:
        return None
    clause = match["clause"].strip()
    timing = []
    icon = next((icon for icon in _PHASE_ICONS if clause.startswith(icon)), None)
    while icon is not None:
        timing.append(_PHASE_ICONS[icon])
        clause = clause[len(icon) :].strip()
        icon = next((icon for icon in _PHASE_ICONS if clause.startswith(icon)), None)
    if not timing:
        return None
    choice = _CHOICE.fullmatch(clause)
    if choice:
        ways = [_puts(way) for way in re.split(r"(?:^|(?<=置く)|(?<=捨てる))[1-9]", choice["options"]) if way]
        if len(ways) != int(choice["of"]) or any(way is None or way[1] for way in ways):
            return None
        return {"timing": timing, "choose": int(choice["choose"]), "options": [way[0] for way in ways if way]}
    power = _POWER.fullmatch(clause)
    if power:  # any number of SIGNI whose powers total N or more
        group = resona_group(power["group"])
        if group is None:
            return None
        group.update({"or_more": True, "from": [_RESONA_ZONES[power["zones"]]]})
        return {"timing": timing, "groups": [group], "power_sum_min": int(power["power"])}
    found = _puts(clause)
    if found is None:
        return None
    condition: dict = {"timing": timing, "groups": found[0]}
    if found[1]:
        condition["level_sum_min"] = found[1]
    return condition


def add_resona_condition(record: dict, kind: str, text: str) -> None:
    """A RESONA's appearance condition (:func:`resona_condition`), where the text says it in a form read here."""
    if kind != "RESONA":
        return
    condition = resona_condition(text or "")
    if condition is not None:
        record["resona_condition"] = condition

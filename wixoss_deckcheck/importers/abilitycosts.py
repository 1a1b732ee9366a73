"""The costs of 【起】 (activated) and 【出】 (on-play) abilities, read from a card's Japanese text."""

from __future__ import annotations

import re

from wixoss_deckcheck.importers.common import COST_NAMES, JA_COLOURS, parse_int

#: 【起】 (activated) and 【出】 (on-play) abilities: the text before the first full-width colon is the cost
#: (read after the reminders in （…） are cut: 「（【出】能力の：の左側はコストである…）」 is none).
_ABILITY = re.compile(r"【(起|出)】((?:《[^》]*》|[^：【])*)：")
_REMINDER = re.compile(r"（[^（）]*）")
_ENER_SYMBOL = re.compile(r"《(白|赤|青|緑|黒|無)(?:×([0-9０-９]+))?》(?:×([0-9０-９]+))?")
_COIN_SYMBOL = re.compile(r"《コイン(?:アイコン)?(?:×([0-9０-９]+))?》")
_LIMITS = re.compile(r"《(ターン|ゲーム)([0-9０-９]+)回》")
_IGNORED = re.compile(
    r"《(?:ターン|ゲーム)[0-9０-９]+回》|《(?:メインフェイズ|アタックフェイズ|スペルカットイン)アイコン》"
)
#: The name a 《ゲームN回》 ability of a Key or Diva LRIG prints before its cost (「プライマル《緑×0》」,
#: 「デザイア　シグニ１体を…」): words without を, up to a symbol or a full-width space.
_NAME = re.compile(r"^[^《　を]+(?:　|(?=《))")
#: Which cards a cost takes: [《ディソナアイコン》の|《ライズアイコン》を持つ][レベルNの][色の]
#: [＜クラス＞(か＜クラス＞)の](シグニ|スペル|カード).
_WHICH = (
    r"(?:《(?P<icon>ディソナ|ライズ)アイコン》(?:の|を持つ))?"
    r"(?:レベル(?P<level>[0-9０-９]+)の)?(?:(?P<colour>[白赤青緑黒])の)?"
    r"(?:(?P<classes>＜[^＞]+＞(?:か＜[^＞]+＞)*)の)?(?P<type>シグニ|スペル|カード)"
)
_N = r"(?P<n>[0-9０-９]+)"
_UP_LRIGS = r"アップ状態の(?:レベル(?P<level>[0-9０-９]+)の)?(?P<center>センター)?ルリグ"
_COST_WORDS = (
    (re.compile(r"エクシード" + _N), "exceed"),
    (re.compile(r"このルリグの下からカード" + _N + r"枚をルリグトラッシュに置く"), "exceed_own"),  # this LRIG's only
    (re.compile(r"英知[＝=]" + _N), "eichi"),  # a condition: the level total of your ＜英知＞ SIGNI is N
    (re.compile(r"手札を" + _N + r"枚(?P<up_to>まで)?捨てる"), "discard"),
    (re.compile(r"手札から" + _WHICH + r"を" + _N + r"枚(?P<up_to>まで)?捨てる"), "discard"),
    (re.compile(r"このシグニの下からカード" + _N + r"枚をトラッシュに置く"), "under_trash"),
    (re.compile(r"手札から" + _WHICH + r"を?" + _N + r"枚(?:を)?エナゾーンに置く"), "hand_ener"),
    (re.compile(r"手札から" + _WHICH + r"を?" + _N + r"枚(?:を)?このシグニの下に置く"), "hand_under"),
    (re.compile(r"(?:あなたの)?デッキの上からカードを" + _N + r"枚トラッシュに置く"), "deck_trash"),
    (re.compile(r"アップ状態の(?P<other>他の)?" + _WHICH + _N + r"体をダウンする"), "down_signi"),
    (re.compile(_UP_LRIGS + _N + "体をダウンする"), "down_lrigs"),
    (re.compile(r"(?:あなたの)?エナゾーンから" + _WHICH + r"(?P<n>[0-9０-９]+)枚をトラッシュに置く"), "ener_trash"),
    (re.compile(r"(?P<other>他の)?" + _WHICH + r"(?P<n>[0-9０-９]+)体を場からトラッシュに置く"), "field_trash"),
)
_SELF = {
    "《ダウン》": "down",
    "手札をすべて捨てる": "discard_all",
    "このシグニを場からトラッシュに置く": "trash_self",
    "このキーを場からルリグトラッシュに置く": "trash_self",
    "手札からこのカードを捨てる": "discard_self",  # an ability used from the hand
    "トラッシュにあるこのカードをゲームから除外する": "remove_self",  # an ability used from the trash
}
_TYPES = {"シグニ": "SIGNI", "スペル": "SPELL"}


def ability_cost(kind: str, text: str) -> dict | None:
    """One ability's cost as the pool keeps it: ``{"kind": "activated"|"on_play", "cost": {ener,
    coin}, "exceed": N, "discard": N (``discard_up_to``, ``discard_all``), "ener_trash": N,
    "field_trash": N, "under_trash": N, "down_signi": N, "down_lrigs": N, "down": true,
    "trash_self": true, "eichi": N (a condition), "attack_phase": true, "spell_cut_in": true,
    "per_turn": N, "per_game": N}``, with ``discard_of``, ``ener_trash_of``, ``field_trash_of``,
    ``down_signi_of``, ``down_lrigs_of`` saying which cards (:func:`_which`); None when a part of
    it is not one of these (the engine then trusts the record)."""
    found: dict = {"kind": "activated" if kind == "起" else "on_play"}
    if "《アタックフェイズアイコン》" in text:
        found["attack_phase"] = True
    if "《スペルカットインアイコン》" in text:
        found["spell_cut_in"] = True
    for limit in _LIMITS.finditer(text):
        found["per_turn" if limit.group(1) == "ターン" else "per_game"] = parse_int(limit.group(2)) or 1
    rest = _IGNORED.sub("", text).strip(" 　")
    read = _parts(rest, found)
    if read is None and "per_game" in found and _NAME.match(rest):
        read = _parts(_NAME.sub("", rest, count=1), found)  # the ability's name, then its cost
    if read is None:
        return None
    found["cost"] = read
    return found


def _parts(rest: str, found: dict) -> dict | None:
    """The ener and coins of a cost (returned), its other parts into ``found``; None when a part is unread."""
    ener: dict = {}
    for name, inner, outer in _ENER_SYMBOL.findall(rest):
        key = COST_NAMES[name]
        amount = parse_int(inner or outer) if (inner or outer) else 1
        ener[key] = ener.get(key, 0) + (amount or 0)
    for (times,) in (match.groups() for match in _COIN_SYMBOL.finditer(rest)):
        ener["coin"] = ener.get("coin", 0) + (parse_int(times) or 0 if times else 1)
    rest = _COIN_SYMBOL.sub("", _ENER_SYMBOL.sub("", rest))
    parts: dict = {}
    for pattern, key in _COST_WORDS:
        match = pattern.search(rest)
        if match is None:
            continue
        parts[key] = parse_int(match["n"]) or 0
        if match.groupdict().get("up_to"):
            parts[f"{key}_up_to"] = True
        which = _which(match)
        if which:
            parts[f"{key}_of"] = which
        rest = rest[: match.start()] + rest[match.end() :]
    for words, key in _SELF.items():
        if words in rest:
            parts[key] = True
            rest = rest.replace(words, "")
    if rest.strip(" 　、と"):
        return None
    found.update(parts)
    return {key: amount for key, amount in ener.items() if amount}


def _which(match: re.Match[str]) -> dict:
    """Which cards a cost part takes: ``type`` (SIGNI, SPELL; any card when absent), ``classes``
    (one of them), ``colour``, ``level``; ``other``: not the card whose ability it is."""
    groups = match.groupdict()
    which: dict = {}
    if groups.get("type") in _TYPES:
        which["type"] = _TYPES[groups["type"]]
    if groups.get("classes"):
        which["classes"] = re.findall(r"＜([^＞]+)＞", groups["classes"])
    if groups.get("colour"):
        which["colour"] = JA_COLOURS[groups["colour"]]
    if groups.get("level"):
        which["level"] = parse_int(groups["level"])
    if groups.get("other"):
        which["other"] = True
    if groups.get("center"):
        which["center"] = True
    if groups.get("icon"):
        which["dissona" if groups["icon"] == "ディソナ" else "rise_icon"] = True
    return which


def abilities(text: str) -> list[tuple[str, str]]:
    """The card's 【起】 and 【出】 abilities as (``起``|``出``, the cost's text), the reminders cut."""
    return _ABILITY.findall(_REMINDER.sub("", text or ""))


def add_ability_costs(record: dict, text: str) -> None:
    """The costs of the card's 【起】 and 【出】 abilities, where the text states them in the forms
    :func:`ability_cost` reads. Of a kind (【起】 or 【出】) with a cost read, its abilities without a
    cost are kept too (``cost: {}``), and one whose cost is not read is kept as ``{"kind": …,
    "unread": true}`` (a record declaring another cost is then trusted); a kind with no cost read
    is left out."""
    found = [(kind, ability_cost(kind, raw)) for kind, raw in abilities(text)]
    costly = {cost["kind"] for _kind, cost in found if cost and (cost["cost"] or len(cost) > 2)}
    costs = []
    for kind, cost in found:
        name = "activated" if kind == "起" else "on_play"
        if name in costly:
            costs.append(cost if cost is not None else {"kind": name, "unread": True, "cost": {}})
    if costs:
        record["ability_costs"] = costs

"""The rules engine's messages: every phrase from the catalogues, in every language, worded right.

The engine words nothing itself (its problems and notes are :class:`Say` phrases); these tests
hold the catalogues' ``replay:`` sections complete over every phrase the engine can emit, and
the rendered messages free of English inside Japanese and Chinese output (issue 21 item 6), and
the wording faults of issue 22 item 7.
"""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest
import yaml
from conftest import run_main
from engine_records import ev, header, wd01, wd01_setup, wd01_two_turns, write_record
from test_engine_replay import CASES

from wixoss_deckcheck.engine.game import state as engine_state
from wixoss_deckcheck.engine.game.record import read_record, schema
from wixoss_deckcheck.engine.game.replay import replay
from wixoss_deckcheck.files.resources import messages_dir
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.reporters.play.replay import notes_of, outcome_message

ENGINE = Path(engine_state.__file__).parent
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _catalogue(lang: str) -> dict:
    return yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))


def _fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def _emitted_keys() -> set[str]:
    """Every phrase key the engine can emit: the literal ``say("key")``/``Say("key")`` of its sources,
    and the families it builds (each phase, zone, side and recorded action)."""
    keys: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("say", "Say")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                keys.add(node.args[0].value)
    keys -= {"either"}  # a list joined with the language's either_sep
    keys |= {"phase_" + name for name in engine_state.PHASE_NAMES}
    keys |= {"zone_" + zone for zone in engine_state.ZONE_KEYS}
    keys |= {"side_left", "side_right", "line", "in_game", "list_sep", "either_sep"}
    keys |= {"summary_illegal", "summary_legal", "summary_legal_games"}
    actions = schema()["$defs"]["event"]["properties"]["action"]["enum"]
    keys |= {"do_" + action for action in actions if action not in ("attack", "charge", "assist_grow", "move")}
    keys |= {"attacker_signi", "attacker_lrig"}
    return keys


def test_the_engine_emits_phrases_of_many_kinds():
    keys = _emitted_keys()
    assert len(keys) > 100 and {"attack_signi_after_lrig", "why_cards", "note_refresh", "phase_main"} <= keys


@pytest.mark.parametrize("lang", ["en", "ja", "zh"])
def test_every_phrase_the_engine_emits_is_in_the_catalogue(lang):
    english = _catalogue("en")["replay"]
    replay_section = _catalogue(lang)["replay"]
    missing = sorted(_emitted_keys() - set(replay_section))
    assert missing == [], (lang, missing)
    for key in _emitted_keys():
        assert _fields(replay_section[key]) == _fields(english[key]), (lang, key)


@pytest.mark.parametrize("lang", ["ja", "zh"])
def test_no_english_word_in_the_japanese_and_chinese_phrases(lang):
    catalogue = _catalogue(lang)
    texts = dict(catalogue["replay"])
    texts.update({code: catalogue[code] for code in catalogue if re.fullmatch(r"WX3\d\d", str(code))})
    texts["kind_replay"] = catalogue["cli"]["kind_replay"]
    for key, text in texts.items():
        bare = re.sub(r"`[^`]*`|\{[^}]*\}", "", text)  # record field names in backticks, placeholders
        assert not ENGLISH_WORD.search(bare), (lang, key, text)


def _all_outcomes(tmp_path, full_pool):
    """The outcomes of every illegal-action case of the replay tests, with their notes."""
    wd01(tmp_path)
    found = []
    for number, (_name, events, _expected) in enumerate(CASES):
        path = write_record(tmp_path, [header(), *events], f"case{number}.jsonl")
        found.extend(replay(read_record(str(path)), full_pool)[1])
    return found


def _without_card_numbers(text: str) -> str:
    return re.sub(r"[A-Za-z]+-?\d[\w-]*|`[^`]*`", "", text)  # WD01-013, NOPE-999: the record's own words


@pytest.mark.parametrize("lang", ["ja", "zh-Hans", "zh-Hant"])
def test_rendered_engine_messages_have_no_english(tmp_path, full_pool, lang):
    outcomes = _all_outcomes(tmp_path, full_pool)
    messages = [outcome_message(o, lang) for o in outcomes if o.slug]
    assert len(messages) == sum(len(expected) for _name, _events, expected in CASES)
    notes = notes_of(outcomes, lang)
    for text in [*messages, *notes]:
        assert text and not ENGLISH_WORD.search(_without_card_numbers(text)), (lang, text)


def test_payment_message_in_japanese_names_colours_and_counts(tmp_path, full_pool):
    wd01(tmp_path)
    base = wd01_two_turns()
    events = [*base[:12], ev(2, "grow", card="WD01-003", pay=["WD01-015", "WD01-011"])]
    _game, outcomes = replay(read_record(str(write_record(tmp_path, [header(), *events]))), full_pool)
    bad = [o for o in outcomes if o.slug]
    assert outcome_message(bad[0], "ja") == (
        "ターン2：WD01-003にグロウ：コストは白×1、支払いはゲット・バイブル、篭手　トレット："
        "コストは1枚、支払いは2枚です。"
    )
    assert "white 1" in (outcome_message(bad[0], "en") or "")


# -- issue 22 item 7 -------------------------------------------------------------------------


def _replay(tmp_path, full_pool, events):
    wd01(tmp_path)
    _game, outcomes = replay(read_record(str(write_record(tmp_path, [header(), *events]))), full_pool)
    return [o for o in outcomes if o.slug]


def test_a_wrong_draw_count_is_reported_once(tmp_path, full_pool):
    events = [*wd01_setup(), ev(1, "draw", cards=["WD01-015", "WD01-010"]), ev(1, "charge", card="WD01-013")]
    bad = _replay(tmp_path, full_pool, events)
    assert [(o.index, o.slug) for o in bad] == [(4, "wrong-count")]  # not again at the charge, as "the record has 0"


def test_a_signi_attacking_after_the_lrig_is_told_so(tmp_path, full_pool):
    base = wd01_two_turns()
    bad = _replay(tmp_path, full_pool, [*base[:14], base[14], base[16], base[15]])
    message = outcome_message(bad[0], "en") or ""
    assert "cannot attack after the LRIG attack step" in message and "before" not in message.split(":")[-1][:30]


def test_a_spell_in_the_attack_phase_names_the_spell_and_the_phase(tmp_path, full_pool):
    base = wd01_two_turns()
    events = [*base[:15], ev(2, "use", card="WD01-015")]  # ゲット・バイブル after an attack
    bad = _replay(tmp_path, full_pool, events)
    assert [o.slug for o in bad] == ["phase-order"]
    assert outcome_message(bad[0], "en") == (
        "turn 2: use WD01-015: the use of a SPELL cannot come now (it is the attack phase)."
    )


def test_card_types_have_their_article(tmp_path, full_pool):
    events = [*wd01_setup(), ev(1, "draw", cards=["WD01-015"]), ev(1, "use", card="WD01-004")]
    bad = _replay(tmp_path, full_pool, events)
    assert "is an LRIG and cannot be used" in (outcome_message(bad[0], "en") or "")
    assert "はルリグなので" in (outcome_message(bad[0], "ja") or "")


def test_json_notes_cover_every_game(tmp_path, full_pool_path, capsys):
    wd01(tmp_path)
    setup = wd01_setup()
    game = [
        header(),
        setup[0],
        ev(0, "life_cloth", cards=["WD01-009", "WD01-009", "WD01-011", "WD01-015", "WD01-018", "WD01-013", "WD01-012"]),
        ev(1, "draw", cards=["WD01-015"]),
        ev(1, "end"),
        ev(1, "crushed", card="WD01-009"),  # it has a Life Burst: a note
    ]
    path = write_record(tmp_path, [*game, *game])
    code, out, _err = run_main(capsys, "replay", str(path), "--cardpool", str(full_pool_path), "-O", "json")
    assert code == 0
    notes = json.loads(out)["notes"]
    shown = "Life Burst shown: 甲冑　ローメイル (WD01-009)"
    assert notes == [f"game 1: {shown}", f"game 2: {shown}"]


def test_a_team_pieces_condition_is_worded_in_the_language():
    """WX208 names a dream-team condition in the reader's language (it was English inside ja/zh)."""
    from wixoss_deckcheck.checks.play_start import _team_words
    from wixoss_deckcheck.engine.game.play_rules import condition_args

    class Shown:
        def __init__(self, condition, lang):
            self.args, self.messages = condition_args(condition), Messages(lang)

        def word(self, key, **values):
            return self.messages.word(key, **values)

        def colours(self, colours):
            return "/".join(self.messages.colour(c) for c in colours)

    dream = {"kind": "dream-team", "colours_total": 3}
    assert _team_words(Shown(dream, "en")) == "【ドリームチーム】 with 3 colours in total"
    assert _team_words(Shown(dream, "ja")) == "合計3色の【ドリームチーム】"
    includes = {"kind": "dream-team", "includes": ["blue"]}
    assert _team_words(Shown(includes, "zh")) == "含有蓝分身的【ドリームチーム】"
    assert _team_words(Shown({"kind": "team", "team": "さんばか"}, "ja")) == "さんばか"
    assert _team_words(Shown({"kind": "team", "team": None}, "ja")) == "どれか1つのチーム"


def test_rules_names_the_replay_kind_in_the_language(capsys):
    code, out, _err = run_main(capsys, "rules", "--lang", "ja")
    line = next(row for row in out.splitlines() if row.startswith("WX301 "))
    assert code == 0 and "記録の再生" in line and "replay" not in line.split("(")[1], line
    code, out, _err = run_main(capsys, "rules", "--lang", "zh-Hant")
    assert "記錄回放" in next(row for row in out.splitlines() if row.startswith("WX324 "))

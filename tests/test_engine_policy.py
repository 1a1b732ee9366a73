"""Mulligan policies: built-ins, YAML files and their schema errors, and what they return."""

from __future__ import annotations

import pytest
from engine_helpers import D01, real_model

from wixoss_deckcheck.engine.odds.groups import parse_group
from wixoss_deckcheck.engine.odds.policy import KEEP_ALL, builtin_policy, load_policy
from wixoss_deckcheck.errors import InputError


@pytest.fixture(scope="module")
def d01(full_pool):
    return real_model(full_pool, D01)


def _hand(model, numbers: dict[str, int]) -> list[int]:
    hand = [0] * model.kinds
    for number, count in numbers.items():
        hand[[c.number for c in model.cards].index(number)] = count
    return hand


def _back(model, policy, numbers):
    plan = policy.plan(model.cards)
    back = plan.returns_from(_hand(model, numbers))
    return {model.cards[i].number: n for i, n in enumerate(back) if n}


def test_keep_all_returns_nothing(d01):
    assert KEEP_ALL.keeps_all
    assert _back(d01, KEEP_ALL, {"WXDi-D01-015": 3, "WXDi-D01-021": 2}) == {}


def test_curve_returns_signi_above_the_level(full_pool, d01):
    policy = builtin_policy("curve:2", full_pool)
    hand = {"WXDi-D01-015": 1, "WXDi-D01-016": 1, "WXDi-D01-013": 1, "WXDi-D01-012": 1, "WXDi-D01-021": 1}
    assert _back(d01, policy, hand) == {"WXDi-D01-015": 1, "WXDi-D01-016": 1}
    assert _back(d01, builtin_policy("curve:1", full_pool), hand) == {
        "WXDi-D01-015": 1,
        "WXDi-D01-016": 1,
        "WXDi-D01-013": 1,
    }


def test_find_returns_everything_only_when_the_group_is_missing(full_pool, d01):
    policy = builtin_policy("find:guard", full_pool)
    assert policy.finds_one
    assert _back(d01, policy, {"WXDi-D01-020": 1, "WXDi-D01-015": 4}) == {}
    assert _back(d01, policy, {"WXDi-D01-012": 2, "WXDi-D01-015": 3}) == {"WXDi-D01-012": 2, "WXDi-D01-015": 3}


def test_unknown_builtin_is_a_usage_error(full_pool):
    with pytest.raises(InputError, match="unknown mulligan policy"):
        builtin_policy("sometimes", full_pool)
    with pytest.raises(InputError, match="unknown card or group"):
        builtin_policy("find:no such card at all xyz", full_pool)


def test_yaml_policy_with_every_rule(tmp_path, full_pool, d01):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "name: mine\n"
        "description: low curve, one servant\n"
        "return:\n"
        "  - {type: SIGNI, level: {min: 3}}\n"
        "  - {type: SPELL}\n"
        "keep:\n"
        "  - {card: WXDi-D01-017}\n"
        "max_copies:\n"
        "  - {select: {guard: true}, max: 1}\n"
        "find:\n"
        "  select: {group: 'level:1'}\n"
        "  at_least: 1\n",
        encoding="utf-8",
    )
    policy = load_policy(str(path), full_pool)
    assert policy.name == "mine" and policy.source == str(path)
    hand = {"WXDi-D01-015": 1, "WXDi-D01-017": 1, "WXDi-D01-021": 1, "WXDi-D01-020": 2}
    # 015 is level 3 (returned), 017 is kept, 021 is a SPELL, one servant over the cap; a level-1 card is there
    assert _back(d01, policy, hand) == {"WXDi-D01-015": 1, "WXDi-D01-021": 1, "WXDi-D01-020": 1}
    hand = {"WXDi-D01-013": 2, "WXDi-D01-017": 3}  # no level-1 card: everything but level 1 goes back
    assert _back(d01, policy, hand) == {"WXDi-D01-013": 2, "WXDi-D01-017": 3}
    assert policy.to_dict()["find"] == {"select": "level:1", "at_least": 1}


@pytest.mark.parametrize(
    "text,pointer,line",
    [
        ("return:\n  - {levl: 3}\n", "/return/0/levl", 2),
        ("name: x\nretrun: []\n", "/retrun", 2),
        ("max_copies:\n  - {select: {guard: true}}\n", "/max_copies/0", 2),
        ("find:\n  select: {type: LRIG}\n", "/find/select/type", 2),
        ("keep:\n  - {}\n", "/keep/0", 2),
    ],
)
def test_schema_errors_name_file_line_and_json_path(tmp_path, full_pool, text, pointer, line):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_policy(str(path), full_pool)
    error = info.value
    assert error.path == str(path)
    assert error.line == line
    assert f"at {pointer}" in error.message


def test_policy_file_problems_are_input_errors(tmp_path, full_pool):
    missing = tmp_path / "missing.yaml"
    with pytest.raises(InputError, match="not found"):
        load_policy(str(missing), full_pool)
    broken = tmp_path / "broken.yaml"
    broken.write_text("return: [\n", encoding="utf-8")
    with pytest.raises(InputError, match="invalid YAML"):
        load_policy(str(broken), full_pool)
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("return:\n  - {card: no such card xyz}\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_policy(str(unknown), full_pool)
    assert info.value.line == 2 and "/return/0" in info.value.message
    listing = tmp_path / "list.yaml"
    listing.write_text("- keep\n", encoding="utf-8")
    with pytest.raises(InputError, match="must be a YAML mapping"):
        load_policy(str(listing), full_pool)


@pytest.mark.parametrize(
    "term,expected",
    [
        ("level:1", 12),
        ("level:2-3", 24),
        ("type:SIGNI", 36),
        ("type:spell", 4),
        ("guard", 4),
        ("lifeburst", 20),
        ("lb", 20),
        ("colour:red", 8),
        ("color:colourless", 4),
        ("WXDi-D01-015", 4),
        ("card:WXDi-D01-015", 4),
    ],
)
def test_groups_count_the_right_cards(full_pool, d01, term, expected):
    selector = parse_group(term, full_pool)
    assert sum(n for card, n in zip(d01.cards, d01.counts, strict=False) if selector.matches(card)) == expected


@pytest.mark.parametrize(
    "term,message",
    [
        ("level:x", "bad level group"),
        ("type:LRIG", "unknown card type"),
        ("colour:pink", "unknown colour"),
        ("", "empty card or group"),
    ],
)
def test_bad_groups(full_pool, term, message):
    with pytest.raises(InputError, match=message):
        parse_group(term, full_pool)

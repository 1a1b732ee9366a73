"""cards show --as-of: the formats where a card is legal that day and why (icons and where
they come from, release dates, Mayu's Room); cards search: relevance, then number, --limit."""

from __future__ import annotations

import re

from conftest import run_main


def show(capsys, pool, *args):
    return run_main(capsys, "cards", "show", *args, "--cardpool", str(pool))


def _block(out: str, format_id: str) -> str:
    """The lines of one format's verdict."""
    match = re.search(rf"^    .*\({format_id}\): .*\n(?:      .*\n)*", out, re.MULTILINE)
    assert match, out
    return match.group(0)


def test_a_key_era_card_in_2022(capsys, merged_pool_path):
    code, out, _ = show(capsys, merged_pool_path, "WX01-001", "--as-of", "2022-06-01", "--lang", "en")
    assert code == 0 and "Formats on 2022-06-01:" in out
    assert _block(out, "all-star").startswith("    All-Star (all-star): legal")
    assert "(key): not legal" in _block(out, "key") and "has the key icon" in _block(out, "key")
    assert "(diva): not legal" in _block(out, "diva")
    assert "WX01-001: Released: 2014-04-26" in out
    assert "Where the icons come from:" in out and "no evidence of an icon" in out


def test_a_format_not_yet_in_force(capsys, merged_pool_path):
    _, out, _ = show(capsys, merged_pool_path, "WX01-001", "--as-of", "2017-01-01", "--lang", "en")
    assert "(key): -" in out and "not in force that day (from 2018-04-01)" in out


def test_a_diva_card_and_its_icon_origins(capsys, merged_pool_path):
    _, out, _ = show(capsys, merged_pool_path, "WXDi-P01-001", "--as-of", "2024-01-01", "--lang", "en")
    assert "(diva): legal\n      the card has the diva icon" in out
    assert re.search(r"diva, key: .*WXDi-P01-001.*: a Diva series", out)


def test_mayus_room_restrictions_in_force(capsys, merged_pool_path):
    _, before, _ = show(capsys, merged_pool_path, "WX24-P2-052", "--as-of", "2025-09-01", "--lang", "en")
    _, after, _ = show(capsys, merged_pool_path, "WX24-P2-052", "--as-of", "2025-10-01", "--lang", "en")
    assert "Mayu's Room" not in _block(before, "diva")
    assert "Mayu's Room: at most 2 (from 2025-09-16)" in _block(after, "diva")
    _, pair, _ = show(capsys, merged_pool_path, "WXK01-043", "--as-of", "2019-01-01", "--lang", "en")
    assert "Mayu's Room: not together with コードイート　トンカツ (from 2018-12-20)" in _block(pair, "key")


def test_show_in_japanese_and_traditional_chinese(capsys, merged_pool_path):
    _, ja, _ = show(capsys, merged_pool_path, "WX01-001", "--as-of", "2022-06-01", "--lang", "ja")
    assert "2022-06-01時点のフォーマット：" in ja and "キーセレクション (key): 使用不可" in ja
    assert "カードタイプ: ルリグ" in ja
    _, hant, _ = show(capsys, merged_pool_path, "WX01-001", "--as-of", "2022-06-01", "--lang", "zh-Hant")
    assert "歌姬構築 (diva): 不合法" in hant and "太陽之巫女 玉依姬 (WX01-001)不能在歌姬構築中使用" in hant


def test_search_says_how_many_matched_and_sorts(capsys, merged_pool_path):
    code, out, err = run_main(capsys, "cards", "search", "タマ", "--cardpool", str(merged_pool_path), "--limit", "3")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    total = int(re.search(r"^3 of (\d+) matches shown \(--limit \1 shows them all\)$", err.strip()).group(1))
    assert total > 3
    assert lines[0].split("\t")[1].split(" / ")[0] == "タマ"  # the exact name first
    _, everything, err = run_main(
        capsys, "cards", "search", "タマ", "--cardpool", str(merged_pool_path), "--limit", str(total)
    )
    assert len(everything.splitlines()) == total and err == ""
    prefix = [line.split("\t")[0] for line in everything.splitlines()[1:] if line.split("\t")[1].startswith("タマ")]
    assert prefix == sorted(prefix, key=lambda n: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", n)])


def test_an_undated_print_shows_its_bound_or_window(capsys, merged_pool_path):
    """issue 20 item 2: a product without a known day shows its sourced lower bound, or its window."""
    code, out, _ = show(capsys, merged_pool_path, "WX25-P2-001", "--as-of", "2025-09-01", "--lang", "en")
    assert code == 0 and "WX25-P2-001: Released: between 2025-07-26 and 2026-01-31" in out
    assert "(diva): legal" in _block(out, "diva") and "may not be released yet" in _block(out, "diva")  # WX123
    code, out, _ = show(capsys, merged_pool_path, "PR-171", "--as-of", "2021-06-01", "--lang", "en")
    assert code == 0 and "SPDi34-23: Released: 2023-11-01 at the earliest" in out
    assert "(diva): not legal" in _block(out, "diva")  # SPDi34 is out no earlier than 2023-11-01

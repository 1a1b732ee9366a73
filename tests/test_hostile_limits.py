"""Issue 25, hangs: work bounded by the input's size or stopped by a named limit. The
Diva level-0 trio search (WX130, ``simulate --goldfish``) is counted over colour sets and
LRIG types, not cards: generated decks check that it gives the brute force's answer and
that its work does not grow with the number of level-0 LRIGs."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.checks import colours
from wixoss_deckcheck.engine.goldfish import plan

COLOURS = ["white", "red", "blue", "green", "black", "colorless"]


def _zero(card_type: str, colours_: tuple[str, ...]) -> SimpleNamespace:
    return SimpleNamespace(card=SimpleNamespace(type=card_type, colors=colours_))


ZEROS = st.lists(
    st.tuples(st.sampled_from(["LRIG", "ASSIST_LRIG"]), st.lists(st.sampled_from(COLOURS), max_size=2).map(tuple)),
    max_size=9,
).map(lambda rows: [_zero(kind, cols) for kind, cols in rows])


def _brute_trio_colours(zeros):
    """WX130's starts as they were counted before (every trio of cards)."""
    if len(zeros) <= 3:
        return [colours._colours_of(zeros)]
    centers = [e for e in zeros if e.card.type == "LRIG"] or zeros
    out = set()
    for center in centers:
        for pair in itertools.combinations(colours._assists_beside(center, zeros), 2):
            out.add(colours._colours_of((center, *pair)))
    return sorted(out, key=sorted) or [frozenset()]


@settings(max_examples=150, deadline=None)
@given(zeros=ZEROS)
def test_the_colour_starts_are_those_of_every_trio(zeros):
    assert colours._trio_colours(zeros) == _brute_trio_colours(zeros)


def _counted(monkeypatch, module) -> list[int]:
    seen = [0]
    real = itertools.combinations

    def counting(items, size):
        for item in real(items, size):
            seen[0] += 1
            yield item

    monkeypatch.setattr(module, "combinations", counting)
    return seen


def test_the_trio_search_does_not_grow_with_the_level_zero_lrigs(monkeypatch):
    seen = _counted(monkeypatch, colours)
    work = []
    for count in (40, 835, 5000):
        seen[0] = 0
        zeros = [_zero("LRIG" if i % 7 == 0 else "ASSIST_LRIG", (COLOURS[i % 6], COLOURS[(i * 5) % 6]))
                 for i in range(count)]
        colours._trio_colours(zeros)
        work.append(seen[0])
    assert work[0] == work[1] == work[2] and work[2] < 2_000, work  # C(835, 3) was 96 million


TYPES = st.lists(st.tuples(st.sampled_from(["タマ", "ユキ", "ピルルク", "花代", "緑子"]), st.integers(0, 3),
                           st.integers(0, 3), st.booleans()), min_size=3, max_size=9)


def _brute_best_trio(book, centers, zeros, depth, assist_depth):
    trios = []
    for center in centers:
        for pair in itertools.combinations([z for z in zeros if z != center], 2):
            types = [book.lrig_types[center], *(book.lrig_types[a] for a in pair)]
            if len(set(types)) == 3:
                trios.append((depth[center], sum(assist_depth[a] for a in pair), -center, center, pair))
    if not trios:
        return None
    best = max(trios)
    return best[3], best[4]


@settings(max_examples=150, deadline=None)
@given(rows=TYPES)
def test_the_goldfish_trio_is_the_brute_forces(rows):
    book = SimpleNamespace(lrig_types=[kind for kind, _d, _a, _c in rows])
    zeros = list(range(len(rows)))
    centers = [index for index, row in enumerate(rows) if row[3]]
    depth = {index: rows[index][1] for index in centers}
    assist_depth = {index: rows[index][2] for index in zeros}
    assert plan._best_trio(book, centers, zeros, depth, assist_depth) == _brute_best_trio(
        book, centers, zeros, depth, assist_depth)


def test_the_goldfish_trio_search_is_bounded(monkeypatch):
    seen = _counted(monkeypatch, plan)
    work = []
    for count in (40, 835, 5000):
        seen[0] = 0
        book = SimpleNamespace(lrig_types=[f"type{i % 9}" for i in range(count)])
        zeros = list(range(count))
        centers = zeros[::3]
        plan._best_trio(book, centers, zeros, {c: c % 4 for c in centers}, {z: z % 3 for z in zeros})
        work.append(seen[0])
    assert work[1] == work[2] and work[2] < 2_000, work


@settings(max_examples=200, deadline=None)
@given(games=st.integers(1, 100_000_000), turns=st.integers(0, 40),
       engine=st.sampled_from(["numpy", "python", "goldfish"]))
def test_simulate_refuses_exactly_the_runs_past_its_work_limit(games, turns, engine):
    from wixoss_deckcheck.cli.simulate import MAX_GAME_TURNS, check_work
    from wixoss_deckcheck.errors import UsageError

    if games * (turns + 1) > MAX_GAME_TURNS[engine]:
        with pytest.raises(UsageError, match="lower -n or --turns"):
            check_work(games, turns, engine)
    else:
        check_work(games, turns, engine)


def test_every_default_fits_with_forty_turns():
    from wixoss_deckcheck.cli.simulate import DEFAULT_SIMULATED_GAMES, MAX_GAME_TURNS, MAX_TURNS, check_work
    from wixoss_deckcheck.engine.goldfish.run import DEFAULT_GAMES

    for engine, games in (*DEFAULT_SIMULATED_GAMES.items(), ("goldfish", DEFAULT_GAMES)):
        check_work(games, MAX_TURNS, engine)
        assert games * (MAX_TURNS + 1) <= MAX_GAME_TURNS[engine]


def test_a_huge_simulate_is_one_line_before_any_game(capsys):
    from conftest import EXAMPLES, run_main

    deck = str(EXAMPLES / "diva-ancient-surprise.txt")
    for args in (["-n", "100000000"], ["-n", "3000000", "--turns", "40"], ["--goldfish", "--turns", "40", "-n", "9000"],
                 ["--backend", "python", "-n", "1000000"]):
        code, out, err = run_main(capsys, "simulate", deck, *args)
        assert code == 2 and err.count("\n") == 1 and "game-turns" in err and not out, (args, err)


def _workbook(tmp_path, name, fill):
    import openpyxl

    workbook = openpyxl.Workbook()
    fill(workbook.active)
    path = tmp_path / name
    workbook.save(path)
    return path


def _far(row: int, column: int):
    def fill(sheet):
        sheet["A1"] = "デッキリスト"
        sheet.cell(row, column).value = "far"

    return fill


@settings(max_examples=15, deadline=None)
@given(row=st.integers(1, 1_048_576), column=st.integers(1, 16_384))
def test_a_cell_anywhere_is_read_or_refused_at_once(tmp_path_factory, row, column):
    from wixoss_deckcheck.decklist.sheet import MAX_SHEET_COLUMN, MAX_SHEET_ROW, open_workbook
    from wixoss_deckcheck.errors import InputError

    path = _workbook(tmp_path_factory.mktemp("far"), "far.xlsx", _far(row, column))
    far = row > MAX_SHEET_ROW or column > MAX_SHEET_COLUMN
    try:
        open_workbook(path.read_bytes(), str(path))
    except InputError as exc:
        assert far and "far outside" in exc.message
    else:
        assert not far


def _rows(count: int):
    def fill(sheet):
        for row in range(1, count + 1):
            sheet.cell(row, 1).value = row

    return fill


def _comment(size: int):
    def fill(sheet):
        from openpyxl.comments import Comment

        sheet["A1"] = "x"
        sheet["A1"].comment = Comment("y" * size, "me")

    return fill


def _cells(count: int):
    def fill(sheet):
        for index in range(count):
            sheet.cell(1 + index // 90, 1 + index % 90).value = 1

    return fill


@pytest.mark.parametrize(("name", "fill", "words"), [
    ("far.xlsx", _far(1_048_576, 16_384), "XFD1048576"),
    ("rows.xlsx", _rows(2_500), "far outside"),
    ("comment.xlsx", _comment(3_000_000), "comment"),
    ("cells.xlsx", _cells(20_100), "cells"),
])
@pytest.mark.parametrize("way", ["file", *(pytest.param(way, marks=pytest.mark.slow)
                                  for way in ("stdin", "template", "replay"))])
def test_a_giant_workbook_is_refused_before_it_is_loaded(tmp_path, name, fill, words, way):
    from conftest import EXAMPLES
    from hostile import assert_one_error, run_cli

    path = _workbook(tmp_path, name, fill)
    deck = EXAMPLES / "diva-ancient-surprise.txt"
    if way == "file":
        result = run_cli("check", "--no-config", path)
    elif way == "stdin":
        result = run_cli("check", "--no-config", "-", stdin=path.read_bytes())
    elif way == "template":
        result = run_cli("sheet", deck, "-o", tmp_path / "out.xlsx", "--template", path)
        assert not (tmp_path / "out.xlsx").exists()
    else:
        record = tmp_path / "game.jsonl"
        record.write_text(f'{{"game": {{"format": "diva", "deck": "{path.name}", "player": "first", "start": []}}}}\n'
                          '{"turn": 0, "action": "draw", "cards": []}\n', encoding="utf-8")
        result = run_cli("replay", record, cwd=tmp_path)
    assert_one_error(result, words)


@pytest.mark.parametrize("kind", ["json", "yaml-flow", "yaml", "cod", "text"])
@pytest.mark.parametrize("count", [2_001, 20_000])
def test_every_reader_has_the_same_line_limit(tmp_path, capsys, kind, count):
    import json

    from conftest import run_main

    names = [f"Unknown card {index}" for index in range(count)]
    if kind == "json":
        path, text = tmp_path / "d.json", json.dumps({"format": "diva", "main": names, "lrig": []})
    elif kind == "yaml-flow":
        path, text = tmp_path / "d.yaml", "main: [" + ", ".join(json.dumps(n) for n in names) + "]\nlrig: []\n"
    elif kind == "yaml":
        path, text = tmp_path / "d.yaml", "main:\n" + "".join(f"  - {json.dumps(n)}\n" for n in names)
    elif kind == "cod":
        path = tmp_path / "d.cod"
        text = ('<?xml version="1.0"?><cockatrice_deck version="1"><zone name="main">'
                + "".join(f'<card number="1" name="{n}"/>' for n in names) + "</zone></cockatrice_deck>")
    else:
        path, text = tmp_path / "d.txt", "".join(f"1 {n}\n" for n in names)
    path.write_text(text, encoding="utf-8")
    limit = "at most 1,000,000" if path.stat().st_size > 1_000_000 else "at most 2,000"  # by size, else lines
    code, _out, err = run_main(capsys, "check", "--no-config", str(path))
    assert code == 2 and err.count("\n") == 1 and limit in err, err


def test_suggestions_are_bounded_per_deck(monkeypatch):
    """Only the first MAX_SUGGESTED unknown names of a deck are searched for suggestions."""
    from conftest import EXAMPLES

    from wixoss_deckcheck.checking import checker
    from wixoss_deckcheck.checking.checker import MAX_SUGGESTED, Resolutions
    from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool

    pool = CardPool.load(locate_pool(None))
    asked = []
    real = pool.resolve

    def counting(query, suggest=True):
        asked.append(suggest)
        return real(query, suggest=suggest)

    monkeypatch.setattr(pool, "resolve", counting)
    resolutions = Resolutions(pool)
    for index in range(3 * MAX_SUGGESTED):
        resolutions[f"Nothing like it {index}"]
    assert asked.count(True) == MAX_SUGGESTED and len(asked) == 3 * MAX_SUGGESTED
    resolutions.suggestions_left = MAX_SUGGESTED  # the next deck gets its own suggestions
    resolutions["Nothing like it 250"]
    assert asked[-1] is True
    assert checker.MAX_SUGGESTED == MAX_SUGGESTED and EXAMPLES


@settings(max_examples=12, deadline=None)
@given(depth=st.integers(1, 200), pattern=st.sampled_from(["{base}/**/*.txt", "{base}/**/x.txt", "{base}/d/**/*.txt"]))
@example(depth=64, pattern="{base}/**/*.txt")
@example(depth=65, pattern="{base}/**/*.txt")
@example(depth=65, pattern="{base}/d/**/*.txt")  # the final CI run of 2026-12-02 found this one
@example(depth=66, pattern="{base}/d/**/*.txt")
def test_an_audit_pattern_walks_a_deep_tree_bounded(tmp_path_factory, depth, pattern):
    import os

    from wixoss_deckcheck.checking.audit import MAX_AUDIT_DEPTH, expand_paths

    base = tmp_path_factory.mktemp("deep")
    folder = base
    for _ in range(depth):
        folder = folder / "d"
    folder.mkdir(parents=True)
    (folder / "x.txt").write_text("1 WX01-001\n")
    (base / "top.txt").write_text("1 WX01-001\n")
    os.symlink("..", folder / "loop")  # a cycle: entered once
    found = expand_paths([pattern.format(base=base)])
    # the bound counts folders below where the walk starts: the folders before the
    # pattern's first wildcard ({base}/d/**/ starts one folder down)
    below_start = depth - 1 if pattern.startswith("{base}/d/") else depth
    deep_enough = below_start <= MAX_AUDIT_DEPTH
    assert (str(folder / "x.txt") in found) == deep_enough
    assert any("folders deep" in why for _path, why in found.problems) == (not deep_enough)
    assert (str(base / "top.txt") in found) == (pattern == "{base}/**/*.txt")


def test_a_tree_that_cannot_be_walked_is_a_problem_line_not_a_traceback(tmp_path, monkeypatch):
    """A folder or entry the walk cannot read (a permission, a file removed meanwhile: root
    reads every folder, so the errors are made here) is a problem of the audit, and the rest
    of the tree is still audited."""
    import os

    from wixoss_deckcheck.checking import audit

    for name in ("ok", "locked", "flaky"):
        (tmp_path / name).mkdir()
        (tmp_path / name / f"{name}.txt").write_text("1 WX01-001\n")
    real = os.scandir

    class Flaky:
        def __init__(self, entry):
            self.entry, self.name, self.path = entry, entry.name, entry.path

        def is_symlink(self):
            raise PermissionError(13, "Permission denied")

        def is_dir(self, follow_symlinks=True):
            raise PermissionError(13, "Permission denied")

    class Listing:
        def __init__(self, path):
            self.inner = real(path)
            self.flaky = str(path).endswith("flaky")

        def __enter__(self):
            return (Flaky(e) if self.flaky else e for e in self.inner)

        def __exit__(self, *exc):
            self.inner.close()

    def scandir(path):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return Listing(path)

    monkeypatch.setattr(audit.os, "scandir", scandir)
    found = audit.expand_paths([str(tmp_path)])
    assert [os.path.basename(p) for p in found] == ["ok.txt"]
    reasons = {os.path.basename(path): why for path, why in found.problems}
    assert "cannot read this folder" in reasons["locked"] and "cannot read this entry" in reasons["flaky.txt"]


@pytest.mark.parametrize("copies", [10, 99])
def test_simulate_refuses_a_giant_main_deck_in_one_line(tmp_path, capsys, copies):
    """A main deck past MAX_SIMULATED_CARDS (1,990 lines of 99 copies took 111 s) is one
    line before the deck is judged or any game played; a deck within it is simulated."""
    import json

    from conftest import ROOT, run_main

    from wixoss_deckcheck.cli.simulate import MAX_SIMULATED_CARDS

    pool = json.loads((ROOT / "cardpool" / "sample-pool.json").read_text(encoding="utf-8"))
    main = [card["number"] for card in pool["cards"] if card["type"] in ("SIGNI", "SPELL")]
    deck = tmp_path / "giant.txt"
    deck.write_text("main:\n" + "".join(f"{copies} {number}\n" for number in main), encoding="utf-8")
    code, out, err = run_main(capsys, "simulate", str(deck), "-n", "50")
    if copies * len(main) > MAX_SIMULATED_CARDS:
        assert code == 2 and err.count("\n") == 1 and "at most" in err and not out, err
    else:
        assert code == 0 and out, err


@pytest.mark.parametrize("how", ["folder", "tree", "pattern", "pattern below"])
def test_an_audit_refuses_to_list_a_folder_over_the_entry_bound(tmp_path, monkeypatch, capsys, how):
    """A folder of more than MAX_FOLDER_ENTRIES entries (1,000,000 files would be read, sorted
    and held whole) is one problem line naming the folder, not listed; a folder at the bound is
    listed. Whether named, met on the walk, or listed by a pattern (with or without ``**``)."""
    from conftest import run_main

    from wixoss_deckcheck.checking import audit

    monkeypatch.setattr(audit, "MAX_FOLDER_ENTRIES", 5)
    full, fine = tmp_path / "top" / "full", tmp_path / "top" / "fine"
    for folder, count in ((full, 6), (fine, 5)):
        folder.mkdir(parents=True)
        for index in range(count):
            (folder / f"{index}.txt").write_text("4 WX01-001\n")
    argument = {"folder": str(full), "tree": str(tmp_path / "top"), "pattern": f"{full}/*.txt",
                "pattern below": f"{tmp_path}/top/**/*.txt"}[how]
    found = audit.expand_paths([argument] + ([f"{fine}/*.txt"] if how == "pattern" else []))
    assert not any(path.startswith(str(full)) for path in found)
    assert found.problems == [(str(full), "more than 5 entries in one folder, not listed")]
    if how != "folder":
        assert sorted(found) == sorted(str(fine / f"{index}.txt") for index in range(5))
    code, out, err = run_main(capsys, "audit", "--no-config", argument, "--lang", "en")
    assert code == 2
    line = next(line for line in (out + err).splitlines() if "entries in one folder" in line)
    assert str(full) in line and line.endswith("more than 5 entries in one folder, not listed"), out + err

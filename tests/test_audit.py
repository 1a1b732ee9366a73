"""`wixoss-deckcheck audit`: finding decks, parallel checking, summaries, CSV and JSON reports."""

from __future__ import annotations

import csv
import io
import json
import pickle
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DECKS, EXAMPLES

from wixoss_deckcheck.checking.audit import expand_paths, run_audit
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.decklist import DECK_SUFFIXES
from wixoss_deckcheck.errors import InputError

LEGAL = DECKS / "text" / "rx-wxdi-d01.txt"
ILLEGAL = EXAMPLES / "diva-illegal.txt"
ILLEGAL_CODES = {"WX101": 1, "WX102": 1, "WX103": 1, "WX104": 1, "WX120": 1}


def audit(*args, input=None, env=None):
    return CliRunner().invoke(cli, ["audit", "--no-config", *args], input=input, env=env, catch_exceptions=False)


@pytest.fixture
def mixed(tmp_path, shared_dir) -> Path:
    """A folder with a legal deck, an illegal deck (in a subfolder) and a garbage file."""
    folder = tmp_path / "decks"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(LEGAL, folder / "legal.txt")
    shutil.copy(ILLEGAL, folder / "sub" / "illegal.txt")
    (folder / "garbage.txt").write_bytes(bytes(range(256)) * 4)
    (folder / "notes.md").write_text("not a deck", encoding="utf-8")
    (folder / ".hidden").mkdir()
    shutil.copy(ILLEGAL, folder / ".hidden" / "skipped.txt")
    return folder


def test_acceptance_mixed_folder_reports_all_three_kinds(mixed, full_pool_path):
    result = audit(str(mixed), "--cardpool", str(full_pool_path), "--as-of", "2026-11-30")
    assert result.exit_code == 2, result.output
    out = result.stdout
    assert f"{mixed / 'legal.txt'}: legal" in out
    assert f"{mixed / 'sub' / 'illegal.txt'}: illegal (5 errors" in out
    assert f"{mixed / 'sub' / 'illegal.txt'}:12: WX102 error" in out
    assert f"{mixed / 'garbage.txt'}:1: unreadable: binary file" in out
    assert "audited 3 decks: 1 legal, 1 illegal, 1 unreadable" in out
    for code in ILLEGAL_CODES:
        assert any(line.split()[:2] == [code, "1"] for line in out.splitlines()), code
    assert "notes.md" not in out and "skipped.txt" not in out


def test_json_report_has_the_summary_per_code(mixed, full_pool_path, tmp_path):
    target = tmp_path / "report.json"
    result = audit(str(mixed), "--cardpool", str(full_pool_path), "-O", "json", "-o", str(target))
    assert result.exit_code == 2
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["summary"] == {
        "total": 3,
        "legal": 1,
        "illegal": 1,
        "unreadable": 1,
        "violations_per_code": ILLEGAL_CODES,
    }
    by_path = {Path(deck["path"]).name: deck for deck in data["decks"]}
    assert by_path["garbage.txt"]["error"]["message"] == "binary file, not a decklist"
    assert by_path["legal.txt"]["legal"] is True and by_path["illegal.txt"]["legal"] is False
    # machine formats keep stdout clean; the unreadable file and the summary go to stderr
    assert result.stdout == ""
    assert f"error: {mixed / 'garbage.txt'}:1: binary file, not a decklist" in result.stderr
    assert "audited 3 decks: 1 legal, 1 illegal, 1 unreadable" in result.stderr


def test_csv_report_one_row_per_violation(mixed, full_pool_path):
    result = audit(str(mixed), "--cardpool", str(full_pool_path), "-O", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    verdicts = {Path(row["path"]).name: row["verdict"] for row in rows}
    assert verdicts == {"garbage.txt": "unreadable", "legal.txt": "legal", "illegal.txt": "illegal"}
    illegal = [row for row in rows if row["verdict"] == "illegal"]
    assert sorted(row["code"] for row in illegal) == sorted(ILLEGAL_CODES)
    copies = next(row for row in illegal if row["code"] == "WX102")
    assert copies["line"] == "12" and copies["cards"] == "WXDi-D01-020" and copies["severity"] == "error"


def test_parallel_audit_matches_serial(tmp_path, full_pool_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(60):  # above the in-process limit, so workers are used
        source = ILLEGAL if index % 3 == 0 else LEGAL
        shutil.copy(source, folder / f"deck{index:02d}.txt")
    (folder / "deck99.cod").write_text(
        "<cockatrice_deck><zone name='main'><card number='x' name='a'/>", encoding="utf-8"
    )
    paths = expand_paths([str(folder)])
    assert len(paths) == 61
    settings = RunSettings(cardpool=str(full_pool_path), lang="en", as_of="2026-11-30")
    serial = run_audit(paths, settings, jobs=1)
    parallel = run_audit(paths, settings, jobs=2)
    assert [r.to_dict() for r in parallel.results] == [r.to_dict() for r in serial.results]
    assert parallel.counts == {"total": 61, "legal": 40, "illegal": 20, "unreadable": 1}
    broken = parallel.results[-1]
    assert broken.error is not None and broken.error.path == str(folder / "deck99.cod") and broken.error.line == 1


def test_json_made_by_the_workers_is_the_json_of_the_whole_report(tmp_path, full_pool_path):
    from wixoss_deckcheck.reporters import render
    from wixoss_deckcheck.reporters.json_report import INDENT_LIMIT

    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(INDENT_LIMIT + 20):  # compact JSON, over worker processes
        shutil.copy(ILLEGAL if index % 3 == 0 else LEGAL, folder / f"deck{index:03d}.txt")
    (folder / "zz.cod").write_text("<cockatrice_deck>", encoding="utf-8")
    paths = expand_paths([str(folder)])
    settings = RunSettings(cardpool=str(full_pool_path), lang="ja", as_of="2026-11-30", json_in_workers=True)
    report = run_audit(paths, settings, jobs=2)
    assert all(result.json_text is not None for result in report.results)  # made in the workers
    document = render("json", report)
    assert document == json.dumps(report.to_dict(), ensure_ascii=False) + "\n"
    assert json.loads(document)["summary"]["total"] == INDENT_LIMIT + 21
    lines = render("json-lines", report).splitlines()
    head = report.to_dict()
    assert [json.loads(line) for line in lines] == [
        {**deck, "tool": "wixoss-deckcheck", "cardpool": head["cardpool"]} for deck in head["decks"]
    ]
    assert lines[0] == json.dumps(
        {**head["decks"][0], "tool": "wixoss-deckcheck", "cardpool": head["cardpool"]}, ensure_ascii=False
    )


def test_expand_paths_dirs_globs_stdin_and_missing(tmp_path):
    for name in ("a.txt", "b.yaml", "c.yml", "d.json", "e.cod", "f.deck", "g.md", "h.TXT", "i.xlsx", "j.xlsm"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / "nested" / "deeper").mkdir(parents=True)
    (tmp_path / "nested" / "deeper" / "z.txt").write_text("x", encoding="utf-8")
    found = [Path(p).name for p in expand_paths([str(tmp_path)])]
    assert found == ["a.txt", "b.yaml", "c.yml", "d.json", "e.cod", "f.deck", "h.TXT", "i.xlsx", "j.xlsm", "z.txt"]
    assert {Path(p).suffix.lower() for p in expand_paths([str(tmp_path)])} == set(DECK_SUFFIXES)
    globbed = expand_paths([str(tmp_path / "**" / "*.txt")])
    assert [Path(p).name for p in globbed] == ["a.txt", "z.txt"]
    listed = expand_paths(
        ["-", str(tmp_path / "a.txt")], stdin_lines=[f"{tmp_path / 'b.yaml'}\n", "\n", f"{tmp_path / 'a.txt'}\n"]
    )
    assert [Path(p).name for p in listed] == ["b.yaml", "a.txt"]  # each deck once
    missing = str(tmp_path / "nope.txt")
    assert expand_paths([missing, str(tmp_path / "nothing-*.txt")]) == [missing, str(tmp_path / "nothing-*.txt")]
    assert expand_paths([str(tmp_path / "g.md")]) == [str(tmp_path / "g.md")]  # named outright: kept


def test_stdin_list_and_missing_file(tmp_path, full_pool_path):
    missing = tmp_path / "gone.txt"
    result = audit("-", "--cardpool", str(full_pool_path), input=f"{LEGAL}\n{missing}\n")
    assert result.exit_code == 2
    assert f"{LEGAL}: legal" in result.stdout
    assert f"{missing}: unreadable: no such file" in result.stdout


def test_exit_codes_strict_and_exit_zero(tmp_path, full_pool_path):
    assert audit(str(LEGAL), "--cardpool", str(full_pool_path)).exit_code == 0
    assert audit(str(ILLEGAL), "--cardpool", str(full_pool_path)).exit_code == 1
    assert audit(str(ILLEGAL), "--cardpool", str(full_pool_path), "--exit-zero").exit_code == 0
    garbage = tmp_path / "g.txt"
    garbage.write_bytes(b"\x00\x01\x02")
    assert audit(str(garbage), "--cardpool", str(full_pool_path), "--exit-zero").exit_code == 2


def test_usage_errors_and_empty_audit(tmp_path, full_pool_path):
    result = audit(str(LEGAL), "--format", "nosuch", "--cardpool", str(full_pool_path))
    assert result.exit_code == 2 and "unknown format 'nosuch'" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = audit(str(empty))
    assert result.exit_code == 2 and "no decklists found" in result.output


def test_quiet_leaves_out_clean_decks(mixed, full_pool_path):
    result = audit(str(mixed), "--cardpool", str(full_pool_path), "-q")
    assert "legal.txt: legal" not in result.stdout and "illegal.txt: illegal" in result.stdout


def test_progress_bar_only_when_asked_or_on_a_terminal(mixed, full_pool_path):
    plain = audit(str(mixed), "--cardpool", str(full_pool_path), "-O", "json")
    assert "auditing" not in plain.stderr  # CliRunner's stderr is not a terminal
    forced = audit(str(mixed), "--cardpool", str(full_pool_path), "-O", "json", "--progress")
    assert "auditing" in forced.stderr
    assert json.loads(forced.stdout)["summary"]["total"] == 3  # the bar never touches stdout


def test_input_error_survives_pickling():
    error = pickle.loads(pickle.dumps(InputError("bad line", "deck.txt", 7)))
    assert (error.message, error.path, error.line, str(error)) == ("bad line", "deck.txt", 7, "deck.txt:7: bad line")


@pytest.mark.parametrize("count, jobs", [(1, 2), (49, 2), (10_000, 2), (3_001, 8)])
def test_batches_keep_every_deck_in_order_and_shrink_toward_the_end(count, jobs):
    from wixoss_deckcheck.checking.audit import _chunks

    paths = [f"deck{index}.txt" for index in range(count)]
    chunks = _chunks(paths, jobs)
    assert [path for chunk in chunks for path in chunk] == paths
    sizes = [len(chunk) for chunk in chunks]
    assert sizes == sorted(sizes, reverse=True) and max(sizes) <= 512
    assert sizes[-1] <= 16


_PARENT: list[int] = []
_IN_PARENT: list[list[str]] = []  # batches the parent checked itself


def _dies_in_a_worker(job):
    """A batch function whose worker dies (as if killed) on the batch holding deck50.txt."""
    import os

    from wixoss_deckcheck.checking import audit as audit_module

    if os.getpid() != _PARENT[0] and any(path.endswith("deck50.txt") for path in job[1]):
        os._exit(9)
    if os.getpid() == _PARENT[0]:
        _IN_PARENT.append(job[1])
    return audit_module._check_chunk_in_tests(job)


def test_an_audit_finishes_in_process_when_a_worker_dies(tmp_path, full_pool_path, monkeypatch):
    import os

    from wixoss_deckcheck.checking import audit as audit_module

    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(80):
        shutil.copy(ILLEGAL if index % 4 == 0 else LEGAL, folder / f"deck{index:02d}.txt")
    paths = expand_paths([str(folder)])
    settings = RunSettings(cardpool=str(full_pool_path), lang="en", as_of="2026-11-30")
    serial = run_audit(paths, settings, jobs=1)
    monkeypatch.setattr(audit_module, "_check_chunk_in_tests", audit_module._check_chunk, raising=False)
    _PARENT[:] = [os.getpid()]
    monkeypatch.setattr(audit_module, "_check_chunk", _dies_in_a_worker)
    report = run_audit(paths, settings, jobs=2)
    assert [r.to_dict() for r in report.results] == [r.to_dict() for r in serial.results]
    assert any(path.endswith("deck50.txt") for batch in _IN_PARENT for path in batch)  # the worker did die


def test_an_audit_runs_in_process_when_workers_cannot_start(tmp_path, full_pool_path, monkeypatch):
    import concurrent.futures

    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(60):
        shutil.copy(LEGAL, folder / f"deck{index:02d}.txt")

    def no_processes(*_args, **_kwargs):
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_processes)
    report = run_audit(
        expand_paths([str(folder)]), RunSettings(cardpool=str(full_pool_path), as_of="2026-11-30"), jobs=2
    )
    assert report.counts == {"total": 60, "legal": 60, "illegal": 0, "unreadable": 0}

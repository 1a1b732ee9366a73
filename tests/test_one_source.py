"""One place for each list (issue 19): every list the tool shows or accepts in several
places comes from one source, and these tests fail when a copy appears or drifts.

- output formats: the reporter registry (``reporters/*_report.py``) = what click offers
  for ``check`` and ``audit`` = the settings schema's ``output-format`` names;
- decklist file endings: the reader registry (``decklist/readers/``) = what ``audit``'s walk
  finds = what a file name is read as = what ``.pre-commit-hooks.yaml`` matches (the file is
  written from the registry by ``tools/pre_commit_hook.py``) = what ``sheet -o`` writes;
- formats: the format tables (``formats/*.yaml``: ``id``, ``name``, ``names``, ``aliases``) =
  what ``--format``, the settings file and a deck's ``format:`` header accept = the formats
  ``formats``, ``rules``, ``sheet`` and ``cardpool info`` list, in the tables' order.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner
from conftest import DECKS

from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.reporters import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "wixoss_deckcheck"


# -- output formats --------------------------------------------------------------------


def _choices(command: str, option: str) -> tuple[str, ...]:
    found = cli.get_command(click.Context(cli), command)
    assert found is not None
    param = next(p for p in found.params if p.name == option)
    assert isinstance(param.type, click.Choice)
    return tuple(param.type.choices)


def test_output_formats_come_from_the_reporter_registry():
    from wixoss_deckcheck.checking.settings_read import settings_schema

    names = registry.reporter_names()
    modules = sorted(p.name for p in (PACKAGE / "reporters").glob("*_report.py"))
    assert sorted(registry.module_name(name).rpartition(".")[2] + ".py" for name in names) == modules
    assert "text" in names and "json-lines" in names
    assert _choices("check", "output_format") == names
    assert _choices("audit", "output_format") == names
    assert settings_schema()["properties"]["output-format"]["enum"] == list(names)
    raw = (PACKAGE / "schemas" / "config.schema.json").read_text(encoding="utf-8")
    assert not any(f'"{name}"' in raw for name in names if name != "text")  # no copy of the list


def test_every_registered_output_format_renders():
    report = RunReport([], "diva", "Diva Selection", "2025-01-01", "pool.json", 0, "sample")
    for name in registry.reporter_names():
        text = registry.render(name, report)
        assert isinstance(text, str)
        assert name in registry.REPORTERS


def test_a_settings_file_with_an_unknown_output_format_is_refused(tmp_path, monkeypatch):
    from wixoss_deckcheck.checking.settings_file import load_config
    from wixoss_deckcheck.errors import InputError

    (tmp_path / ".wixoss-deckcheck.yaml").write_text("output-format: yaml\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    try:
        load_config(None)
    except InputError as error:
        assert error.line == 1 and "output-format" in str(error)
    else:  # pragma: no cover - the assertion below names the failure
        raise AssertionError("an unknown output-format in a settings file was accepted")
    (tmp_path / ".wixoss-deckcheck.yaml").write_text("output-format: json-lines\n", encoding="utf-8")
    assert load_config(None).values["output-format"] == "json-lines"


def test_a_reporter_module_that_registers_nothing_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(registry, "reporter_names", lambda: ("nothing-here", "helpers"))
    try:
        registry.get_reporter("nothing-here")
    except ModuleNotFoundError as error:
        assert "nothing_here_report" in str(error)
    else:  # pragma: no cover
        raise AssertionError("a missing reporter module was not reported")
    monkeypatch.setattr(registry, "module_name", lambda name: "wixoss_deckcheck.reporters.ci_common")
    try:
        registry.get_reporter("helpers")  # a module that registers no reporter
    except LookupError as error:
        assert "registers no @reporter('helpers')" in str(error)
    else:  # pragma: no cover
        raise AssertionError("a module without its reporter was not reported")
    try:
        registry.get_reporter("yaml")
    except KeyError as error:
        assert "yaml" in str(error) and "nothing-here" in str(error)
    else:  # pragma: no cover
        raise AssertionError("an unknown reporter name was not reported")


# -- decklist file endings -------------------------------------------------------------


def _hook_tool():
    spec = importlib.util.spec_from_file_location("pre_commit_hook", ROOT / "tools" / "pre_commit_hook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_deck_endings_come_from_the_reader_registry(tmp_path):
    from wixoss_deckcheck.checking.audit import expand_paths, is_deck_file
    from wixoss_deckcheck.decklist import DECK_SUFFIXES, kind_of
    from wixoss_deckcheck.decklist.readers import deck_suffixes, readers_by_kind

    found = readers_by_kind()
    assert {"text", "yaml", "json", "cod", "sheet"} <= set(found)
    assert deck_suffixes() == DECK_SUFFIXES
    assert ".xlsm" in DECK_SUFFIXES  # read by the sheet reader, and so found by audit too
    for item in found.values():
        for suffix in item.suffixes:
            assert kind_of(f"deck{suffix.upper()}") == item.kind
            assert is_deck_file(f"deck{suffix}")
            (tmp_path / f"deck{suffix}").write_bytes(b"x")
    assert {Path(p).suffix for p in expand_paths([str(tmp_path)])} == set(DECK_SUFFIXES)
    raw = (PACKAGE / "decklist" / "__init__.py").read_text(encoding="utf-8")
    assert not any(f'"{suffix}"' in raw for suffix in DECK_SUFFIXES)  # no copy of the list


def test_the_pre_commit_hook_is_written_from_the_reader_registry():
    from wixoss_deckcheck.decklist.readers import hook_files_pattern, readers_by_kind

    assert (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8") == _hook_tool().hook_file_text()
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["files"] == hook_files_pattern()
    files = re.compile(hook["files"])
    for item in readers_by_kind().values():
        for suffix in item.suffixes:
            assert files.search(f"decks/season1/x{suffix}") and files.search(f"deck/x{suffix}")
            assert bool(files.search(f"lists/x{suffix}")) == (suffix in item.anywhere)
            assert bool(files.search(f"lists/x.deck{suffix}")) == (suffix in item.anywhere or not item.binary)
    assert not files.search("README.md") and not files.search("package.json") and not files.search("a.txt")


@pytest.mark.slow
def test_an_xlsm_sheet_is_found_and_checked_by_audit(tmp_path, full_pool_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    runner = CliRunner()
    common = ["--cardpool", str(full_pool_path)]
    sheet = folder / "rx-wxdi-d01.xlsm"
    written = runner.invoke(cli, ["sheet", *common, str(DECKS / "text" / "rx-wxdi-d01.txt"), "-o", str(sheet)])
    assert written.exit_code == 0, written.output
    audited = runner.invoke(cli, ["audit", "--no-config", *common, "-O", "json", "-j", "1", str(folder)])
    assert audited.exit_code == 0, audited.output
    decks = json.loads(audited.stdout)["decks"]
    assert [Path(d["path"]).name for d in decks] == ["rx-wxdi-d01.xlsm"] and decks[0]["legal"] is True


# -- formats ---------------------------------------------------------------------------


def _spellings() -> list[tuple[str, str]]:
    """(format id, a way of writing it) for every way each shipped table gives."""
    out = []
    for path in sorted((ROOT / "formats").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "id" not in data or data.get("abstract"):
            continue
        for spelling in [data["id"], data["name"], *data["names"].values(), *data.get("aliases", [])]:
            out.append((data["id"], spelling))
    return out


def test_every_way_of_writing_a_format_comes_from_its_table(tmp_path):
    from wixoss_deckcheck.decklist import parse_deck_text
    from wixoss_deckcheck.decklist.headings import format_value
    from wixoss_deckcheck.tables.loading import builtin_format_id, builtin_path, load_format

    spellings = _spellings()
    assert {format_id for format_id, _ in spellings} == {"all-star", "key", "diva"}
    assert ("diva", "ディーバ") in spellings and ("all-star", "as") in spellings
    for format_id, spelling in spellings:
        assert builtin_format_id(spelling) == format_id
        assert builtin_format_id(spelling.upper().replace(" ", "-")) == format_id
        assert load_format(spelling).id == format_id
        assert format_value(spelling) == format_id
        assert parse_deck_text(f"# format: {spelling}\nWD01-001\n", "d.txt").format == format_id
    assert builtin_path("common").name == "common.yaml"  # a base table: by its id only
    assert builtin_format_id("Rules shared by every format") is None
    assert format_value("house rules") == "house rules"


def test_no_two_formats_are_written_alike():
    from wixoss_deckcheck.tables.loading import builtin_index, fold_format_name

    folded = [(format_id, fold_format_name(spelling)) for format_id, spelling in _spellings()]
    for format_id, key in folded:
        assert key and all(other == format_id for other, again in folded if again == key)
    assert {key for _id, key in folded} <= set(builtin_index())


def test_the_lists_of_formats_are_the_tables(full_pool):
    from wixoss_deckcheck.pool.info import format_counts
    from wixoss_deckcheck.tables.loading import builtin_format_ids, builtin_formats

    ids = builtin_format_ids()
    tables = [item for item in builtin_formats() if not item.abstract]
    assert ids == [item.id for item in tables] == ["all-star", "key", "diva"]
    assert [item.since or "" for item in tables] == sorted(item.since or "" for item in tables)  # as they began
    counts = format_counts(full_pool)
    assert list(counts) == [*ids, "icons recorded"]
    assert counts["all-star"] > counts["key"] > counts["diva"] > 0
    runner = CliRunner()
    listed = json.loads(runner.invoke(cli, ["formats", "-O", "json"]).stdout)
    assert [item["id"] for item in listed] == ids


def test_no_python_module_lists_the_formats():
    """The readers, the sheet command, cardpool info and the table loader name no format."""
    names = {spelling for _id, spelling in _spellings() if len(spelling) > 2} - {"all", "key"}  # plain words
    for relative in ("decklist/headings.py", "decklist/text.py", "cli/sheet.py", "pool/info.py", "tables/loading.py"):
        text = (PACKAGE / relative).read_text(encoding="utf-8")
        text = text.replace('DEFAULT_FORMAT = "diva"', "")  # the one default, not a list
        found = [name for name in names if f'"{name}"' in text or f"'{name}'" in text or f" {name} " in text]
        assert found == [], (relative, found)

"""One place for each list (issue 19): every list the tool shows or accepts in several
places comes from one source, and these tests fail when a copy appears or drifts.

- output formats: the reporter registry (``reporters/*_report.py``) = what click offers
  for ``check`` and ``audit`` = the settings schema's ``output-format`` names;
- decklist file endings: the reader registry (``decklist/readers/``) = what ``audit``'s walk
  finds = what a file name is read as = what ``.pre-commit-hooks.yaml`` matches (the file is
  written from the registry by ``tools/pre_commit_hook.py``) = what ``sheet -o`` writes;
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
    from wixoss_deckcheck.checking.settings_file import settings_schema

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
    monkeypatch.setattr(registry, "reporter_names", lambda: ("nothing-here",))
    try:
        registry.get_reporter("nothing-here")
    except ModuleNotFoundError as error:
        assert "nothing_here_report" in str(error)
    else:  # pragma: no cover
        raise AssertionError("a missing reporter module was not reported")
    try:
        registry.get_reporter("yaml")
    except KeyError as error:
        assert "yaml" in str(error)
    else:  # pragma: no cover
        raise AssertionError("an unknown reporter name was not reported")
    assert json.dumps(list(registry.reporter_names())) == '["nothing-here"]'


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
    from wixoss_deckcheck.decklist.readers import deck_suffixes, readers

    found = readers()
    assert {"text", "yaml", "json", "cod", "sheet"} <= set(found)
    assert DECK_SUFFIXES == deck_suffixes()
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
    from wixoss_deckcheck.decklist.readers import hook_files_pattern, readers

    assert (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8") == _hook_tool().hook_file_text()
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["files"] == hook_files_pattern()
    files = re.compile(hook["files"])
    for item in readers().values():
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

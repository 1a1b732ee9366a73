"""One place for each list (issue 19): every list the tool shows or accepts in several
places comes from one source, and these tests fail when a copy appears or drifts.

- output formats: the reporter registry (``reporters/*_report.py``) = what click offers
  for ``check`` and ``audit`` = the settings schema's ``output-format`` names;
"""

from __future__ import annotations

import json
from pathlib import Path

import click

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

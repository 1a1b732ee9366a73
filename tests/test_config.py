"""Settings files: found by walking up, validated (typos name file, line and JSON path), beaten by options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from wixoss_deckcheck.checking.settings_file import find_config, load_config
from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.errors import InputError

ILLEGAL = EXAMPLES / "diva-illegal.txt"


def run_in(folder: Path, monkeypatch, *args):
    monkeypatch.chdir(folder)
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def repo(tmp_path) -> Path:
    """A git-like checkout with a nested folder to run from."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "decks" / "deep").mkdir(parents=True)
    return tmp_path / "repo"


def test_pyproject_table_found_walking_up(repo, full_pool_path, monkeypatch):
    (repo / "pyproject.toml").write_text(
        '[project]\nname = "decks"\n\n[tool.wixoss-deckcheck]\noutput-format = "json"\n'
        f'cardpool = "{full_pool_path}"\ndisable = ["WX101", "life-burst-count"]\nas-of = 2026-11-30\n',
        encoding="utf-8",
    )
    start = repo / "decks" / "deep"
    assert find_config(start) == repo / "pyproject.toml"
    result = run_in(start, monkeypatch, "check", str(ILLEGAL))
    data = json.loads(result.stdout)
    assert data["cardpool"]["path"] == str(full_pool_path) and data["as_of"] == "2026-11-30"
    assert {v["code"] for v in data["decks"][0]["violations"]} == {"WX102", "WX104", "WX120"}
    # the command line wins
    text = run_in(start, monkeypatch, "check", str(ILLEGAL), "-O", "text", "--disable", "WX120")
    assert "WX101 error" in text.stdout and "WX120" not in text.stdout


def test_yaml_file_wins_over_pyproject_and_relative_paths(repo, full_pool_path, monkeypatch, tmp_path):
    (repo / "pyproject.toml").write_text('[tool.wixoss-deckcheck]\nformat = "key"\n', encoding="utf-8")
    (repo / "house.yaml").write_text(
        "id: soft\nextends: diva\nrules:\n  - id: main-deck-size\n    check: main-deck-size\n"
        "    params: {exactly: 40}\n    severity: warning\n",
        encoding="utf-8",
    )
    (repo / ".wixoss-deckcheck.yaml").write_text(
        f"format-file: house.yaml\ncardpool: {full_pool_path}\nstrict: true\n", encoding="utf-8"
    )
    config = load_config(start=repo / "decks")
    assert config.path == repo / ".wixoss-deckcheck.yaml"
    assert config.values["format-file"] == str(repo / "house.yaml")
    deck = repo / "decks" / "short.txt"
    deck.write_text(
        "# format: diva\n[main]\n3 WXDi-D01-012\n"
        + "".join(f"4 WXDi-D01-0{n}\n" for n in range(13, 22))
        + "[lrig]\n"
        + "".join(f"WXDi-D01-{n:03d}\n" for n in range(1, 12)),
        encoding="utf-8",
    )
    assert run_in(repo / "decks", monkeypatch, "check", "short.txt").exit_code == 1  # strict: the warning fails
    assert (
        run_in(
            repo / "decks", monkeypatch, "check", "short.txt", "--no-config", "--cardpool", str(full_pool_path)
        ).exit_code
        == 1
    )  # plain diva: an error
    # --format on the command line replaces the file's format-file
    result = run_in(repo / "decks", monkeypatch, "check", "short.txt", "--format", "diva", "-O", "json")
    assert json.loads(result.stdout)["decks"][0]["violations"][0]["severity"] == "error"


def test_walk_stops_at_the_checkout_root(tmp_path):
    (tmp_path / ".wixoss-deckcheck.yaml").write_text("strict: true\n", encoding="utf-8")
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    assert find_config(tmp_path / "repo") is None
    assert find_config(tmp_path) == tmp_path / ".wixoss-deckcheck.yaml"


def test_pyproject_without_the_table_is_not_a_settings_file(repo):
    (repo / "pyproject.toml").write_text("[tool.other]\nx = 1\n", encoding="utf-8")
    assert find_config(repo) is None


@pytest.mark.parametrize(
    "name, text, line, pointer",
    [
        (
            "pyproject.toml",
            '[project]\nname = "x"\n[tool.wixoss-deckcheck]\nformat = "diva"\nformt = "key"\n',
            5,
            "/formt",
        ),
        ("pyproject.toml", '[tool.wixoss-deckcheck]\nstrict = "yes"\n', 2, "/strict"),
        ("pyproject.toml", '[tool.wixoss-deckcheck]\ndisable = ["WX101", 3]\n', 2, "/disable/1"),
        (".wixoss-deckcheck.yaml", "format: diva\noutput-format: xml\n", 2, "/output-format"),
        (".wixoss-deckcheck.yaml", "lang: en\nas_of: 2024-01-01\n", 2, "/as_of"),
        (".wixoss-deckcheck.yaml", "jobs: 0\n", 1, "/jobs"),
    ],
)
def test_typos_and_wrong_types_exit_2_naming_file_line_and_path(repo, monkeypatch, name, text, line, pointer):
    (repo / name).write_text(text, encoding="utf-8")
    result = run_in(repo, monkeypatch, "check", str(ILLEGAL))
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"error: {repo / name}:{line}: ") and f"at {pointer}" in lines[0], lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "name, text, message, line",
    [
        ("pyproject.toml", "[tool.wixoss-deckcheck]\nformat = \n", "invalid TOML", 2),
        (".wixoss-deckcheck.yaml", "format: [diva\n", "invalid YAML", 2),
        (".wixoss-deckcheck.yaml", "- diva\n", "settings must be a mapping", 1),
        (".wixoss-deckcheck.yaml", "as-of: soon\n", "as-of is not a date", 1),
    ],
)
def test_broken_settings_files(repo, monkeypatch, name, text, message, line):
    (repo / name).write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_config(start=repo)
    assert message in caught.value.message and caught.value.path == str(repo / name) and caught.value.line == line
    result = run_in(repo, monkeypatch, "audit", str(ILLEGAL))
    assert result.exit_code == 2 and result.output.startswith(f"error: {repo / name}:{line}: ")


def test_explicit_config_option_and_empty_file(tmp_path, monkeypatch, full_pool_path):
    settings = tmp_path / "ci.yaml"
    settings.write_text(f"output-format: csv\ncardpool: {full_pool_path}\n", encoding="utf-8")
    result = run_in(tmp_path, monkeypatch, "audit", str(ILLEGAL), "--config", str(settings))
    assert result.stdout.startswith("path,verdict,format")
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    assert load_config(empty).values == {}
    missing = run_in(tmp_path, monkeypatch, "check", str(ILLEGAL), "--config", str(tmp_path / "nope.yaml"))
    assert missing.exit_code == 2 and "settings file not found" in missing.output

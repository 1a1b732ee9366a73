"""The JSON report against its shipped JSON Schema (every key described), and CSV for Excel."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from wixoss_deckcheck.cli import cli

SCHEMA = json.loads(
    (Path(__file__).resolve().parent.parent / "wixoss_deckcheck" / "schemas" / "report.schema.json").read_text("utf-8")
)


def run(*args: str):
    return CliRunner().invoke(cli, [*args], catch_exceptions=False)


@pytest.fixture
def decks(tmp_path) -> Path:
    folder = tmp_path / "decks"
    folder.mkdir()
    for name in ("diva-illegal.txt", "diva-ancient-surprise.txt", "diva-ancient-surprise-ja.yaml"):
        shutil.copy(EXAMPLES / name, folder / name)
    (folder / "binary.txt").write_bytes(b"\x00\x01")
    (folder / "typo.txt").write_text("[main]\n4 サーバント　ZZZ\n", encoding="utf-8")
    return folder


def _validator(definition: str | None = None) -> jsonschema.Draft202012Validator:
    schema = (
        SCHEMA
        if definition is None
        else {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{definition}"}
    )
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def _errors(validator, document) -> list:
    return sorted(validator.iter_errors(document), key=str)


@pytest.mark.parametrize("command", ["check", "audit"])
def test_json_report_validates_against_the_shipped_schema(decks, command):
    paths = [str(p) for p in sorted(decks.iterdir())] if command == "check" else [str(decks)]
    result = run(command, "--no-config", *paths, "-O", "json", "--play" if command == "check" else "--no-progress")
    document = json.loads(result.stdout)
    assert not _errors(_validator(), document), _errors(_validator(), document)[0]
    assert document["summary"]["unreadable"] == 1 and document["summary"]["illegal"] >= 1


def test_json_lines_validate_against_the_schema(decks):
    result = run("audit", "--no-config", "--no-progress", str(decks), "-O", "json-lines")
    validator = _validator("jsonLine")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 5 and all(not _errors(validator, line) for line in lines)


def test_the_schema_refuses_what_the_contract_does_not_have(decks):
    document = json.loads(run("check", "--no-config", str(decks / "diva-illegal.txt"), "-O", "json").stdout)
    document["decks"][0]["violations"][0]["severity"] = "fatal"
    document["summary"]["extra"] = 1
    assert len(_errors(_validator(), document)) == 2


def test_every_key_of_the_schema_is_described():
    def walk(node, where):
        if isinstance(node, dict):
            for name, spec in (node.get("properties") or {}).items():
                if isinstance(spec, dict) and "$ref" not in spec:
                    assert spec.get("description"), f"{where}/{name} has no description"
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(SCHEMA, "#")


def test_csv_excel_writes_a_bom_and_crlf(decks, tmp_path):
    target = tmp_path / "audit.csv"
    run("audit", "--no-config", "--no-progress", str(decks), "--excel", "-o", str(target))
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfpath,verdict,") and b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert any("サーバント" in row["message"] for row in rows)
    plain = run("audit", "--no-config", "--no-progress", str(decks), "-O", "csv").stdout
    assert plain.startswith("path,") and "\r" not in plain


def test_excel_with_another_format_is_one_error_line(decks):
    result = CliRunner().invoke(cli, ["check", str(decks / "diva-illegal.txt"), "--excel", "-O", "json"])
    assert result.exit_code == 2
    assert result.stderr == "error: --excel writes CSV; it cannot be combined with -O json\n"


@pytest.mark.parametrize(("lang", "shown"), [("zh", "zh-Hans"), ("zh-TW", "zh-Hant"), ("ja", "ja")])
def test_the_report_names_its_language(decks, lang, shown):
    document = json.loads(
        run("check", "--no-config", str(decks / "diva-illegal.txt"), "-O", "json", "--lang", lang).stdout
    )
    assert document["lang"] == shown and not _errors(_validator(), document)

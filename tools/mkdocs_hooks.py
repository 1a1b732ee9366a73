"""MkDocs hooks (``hooks:`` in ``mkdocs.yml``): the pages made at build time.

- ``checks/WXnnn.md``, one page per check, from the check registry (what
  ``wixoss-deckcheck rules -O json`` prints: name, severity, doc, the formats, dates and
  sources that use it), its English message, the decks of ``tests/cases/`` that must (or
  must not) get it, and the test files that name its code;
- the table of every check, in place of ``<!-- checks-table -->`` in ``checks/index.md``;
- ``contributing.md``, which is ``CONTRIBUTING.md`` itself (one file, never a copy).

The functions that make the text need no MkDocs (``tests/test_docs_pages.py`` calls them).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TABLE_MARK = "<!-- checks-table -->"
KIND_WORDS = {
    "input": "found while reading the deck",
    "sheet": "found on decklist sheets",
    "construction": "a construction rule",
    "play": "a play finding of `check --play`",
    "replay": "an illegal action found by `replay`",
}


def registry_rows() -> list[dict[str, Any]]:
    """Every check as ``rules -O json`` gives it, in English."""
    done = subprocess.run(
        [sys.executable, "-m", "wixoss_deckcheck", "rules", "-O", "json", "--lang", "en"],
        capture_output=True,
        check=True,
        cwd=ROOT,
    )
    rows: list[dict[str, Any]] = json.loads(done.stdout)
    return rows


def load_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every case of ``tests/cases/``: (its file, the case)."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for path in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in data if isinstance(data, list) else [data]:
            cases.append((f"tests/cases/{path.name}", case))
    return cases


def english_messages() -> dict[str, str]:
    """The English message template of each code that has one at the top of ``en.yaml``."""
    data = yaml.safe_load((ROOT / "wixoss_deckcheck" / "messages" / "en.yaml").read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if isinstance(value, str)}


def tests_naming(code: str) -> list[str]:
    """The test files whose text names ``code``."""
    return [
        f"tests/{path.name}"
        for path in sorted((ROOT / "tests").glob("test_*.py"))
        if code in path.read_text(encoding="utf-8")
    ]


def _case_text(source: str, case: dict[str, Any]) -> str:
    expect = case.get("expect") or {}
    facts = [f"`{source}`"]
    for key in ("format", "as_of", "pool", "kind", "lang"):
        if case.get(key) is not None:
            facts.append(f"{key.replace('_', ' ')}: {case[key]}")
    if case.get("play"):
        facts.append("with `--play`")
    wanted = []
    if "legal" in expect:
        wanted.append("legal" if expect["legal"] else "illegal")
    if expect.get("codes") is not None:
        wanted.append("exactly " + (", ".join(expect["codes"]) or "no finding"))
    if expect.get("includes"):
        wanted.append("at least " + ", ".join(expect["includes"]))
    if expect.get("excludes"):
        wanted.append("never " + ", ".join(expect["excludes"]))
    for text in expect.get("message_contains") or []:
        wanted.append(f"a message containing “{text}”")
    title = " ".join(str(case.get("description", "(no description)")).split())
    deck = str(case.get("deck", "")).rstrip("\n")
    return (
        f"### {title}\n\n{'; '.join(facts)}. Expected: {'; '.join(wanted)}.\n\n"
        f"```text\n{deck}\n```\n"
    )


def _expected_codes(case: dict[str, Any]) -> list[str]:
    expect = case.get("expect") or {}
    return list(expect.get("codes", [])) + list(expect.get("includes", []))


def check_page(row: dict[str, Any], cases: list[tuple[str, dict[str, Any]]], messages: dict[str, str]) -> str:
    """The Markdown page of one check."""
    code, name = row["code"], row["name"]
    lines = [
        f"# {code} `{name}`",
        "",
        f"**{row['summary']}**: {row['severity']}, {KIND_WORDS.get(row['kind'], row['kind'])}.",
        "",
        row["doc"],
        "",
    ]
    if code in messages:
        lines += ["The message (English; `--lang` gives the others):", "", f"> {messages[code]}", ""]
    lines += ["## Where it applies", "", "Used by: " + "; ".join(row["used_by"]) + ".", ""]
    if row["rules"]:
        lines += ["| format | in force | parameters | source |", "|---|---|---|---|"]
        for rule in row["rules"]:
            params = ", ".join(
                f"`{key}: {json.dumps(value, ensure_ascii=False)}`" for key, value in rule["params"].items()
            )
            source = rule["source"].replace("|", "\\|") + (" (UNVERIFIED reading)" if rule["unverified"] else "")
            lines.append(f"| {rule['format']} | {rule['in_force']} | {params or '-'} | {source} |")
        lines.append("")
    if row["kind"] in ("construction", "play", "sheet"):
        lines += [f"`--disable {code}` (or `--disable {name}`) skips it; `--strict` makes its warnings fail.", ""]
    expecting = [(s, c) for s, c in cases if code in _expected_codes(c)]
    excluding = [(s, c) for s, c in cases if code in (c.get("expect") or {}).get("excludes", [])]
    lines += ["## Cases", ""]
    if expecting:
        lines += [
            f"The decks of `tests/cases/` that must get {code} (`tests/test_cases.py` checks each):",
            "",
        ]
        lines += [_case_text(source, case) for source, case in expecting]
    else:
        lines += [f"No deck of `tests/cases/` is about {code}.", ""]
    if excluding:
        lines += [f"Decks that must not get {code}:", ""]
        lines += [f"- {' '.join(str(case.get('description', '')).split())} (`{source}`)" for source, case in excluding]
        lines.append("")
    tested = tests_naming(code)
    if tested:
        lines += ["Tests that name it: " + ", ".join(f"`{path}`" for path in tested) + ".", ""]
    lines += ["[Every check](index.md)", ""]
    return "\n".join(lines)


def checks_table(rows: list[dict[str, Any]]) -> str:
    """The table of every check, each linking to its page."""
    lines = ["| code | name | severity | what |", "|---|---|---|---|"]
    for row in rows:
        lines.append(f"| [{row['code']}]({row['code']}.md) | `{row['name']}` | {row['severity']} | {row['summary']} |")
    return "\n".join(lines) + "\n"


def generated_pages(rows: list[dict[str, Any]]) -> dict[str, str]:
    """Every generated page: its path under ``docs/`` and its Markdown."""
    cases = load_cases()
    messages = english_messages()
    pages = {f"checks/{row['code']}.md": check_page(row, cases, messages) for row in rows}
    pages["contributing.md"] = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    return pages


# -- the MkDocs hooks ----------------------------------------------------------------------

_rows: list[dict[str, Any]] = []


def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the site."""
    from mkdocs.structure.files import File, InclusionLevel

    _rows[:] = registry_rows()
    pages = generated_pages(_rows)
    for uri, text in pages.items():
        inclusion = InclusionLevel.NOT_IN_NAV if uri.startswith("checks/") else InclusionLevel.INCLUDED
        files.append(File.generated(config, uri, content=text, inclusion=inclusion))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Put the table of every check in place of its mark."""
    if TABLE_MARK in markdown:
        return markdown.replace(TABLE_MARK, checks_table(_rows or registry_rows()))
    return markdown

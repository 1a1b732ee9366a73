"""The documentation site: the pages made at build time (tools/mkdocs_hooks.py) and the
commands the docs and the check registry tell users to run."""

from __future__ import annotations

import importlib.util
import json
import re

import click
import pytest
import yaml
from conftest import ROOT

from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.cli import cli


def _hooks():
    spec = importlib.util.spec_from_file_location("mkdocs_hooks", ROOT / "tools" / "mkdocs_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def hooks():
    return _hooks()


@pytest.fixture(scope="module")
def rows(hooks):
    return hooks.registry_rows()


@pytest.fixture(scope="module")
def pages(hooks, rows):
    return hooks.generated_pages(rows)


def test_one_page_per_registered_check(pages):
    made = {uri.removeprefix("checks/").removesuffix(".md") for uri in pages if uri.startswith("checks/")}
    assert made == set(BY_CODE)
    for code, info in BY_CODE.items():
        page = pages[f"checks/{code}.md"]
        assert page.startswith(f"# {code} `{info.slug}`"), page[:80]
        assert info.doc in page


def test_a_check_page_shows_its_cases_and_where_it_applies(hooks, pages):
    """Every case of tests/cases/ that expects a code is on that code's page, deck and all."""
    cases = hooks.load_cases()
    shown = 0
    for _source, case in cases:
        expect = case.get("expect") or {}
        for code in set(expect.get("codes", []) + expect.get("includes", [])):
            page = pages[f"checks/{code}.md"]
            assert " ".join(str(case["description"]).split()) in page
            assert str(case["deck"]).strip().splitlines()[0] in page
            shown += 1
    assert shown > 50
    wx102 = pages["checks/WX102.md"]
    assert "| diva | always | `max: 4` | RULES.md §2 |" in wx102
    assert "`--disable WX102`" in wx102


def test_the_checks_index_gets_the_table(hooks, rows):
    index = (ROOT / "docs" / "checks" / "index.md").read_text(encoding="utf-8")
    assert hooks.TABLE_MARK in index
    table = hooks.checks_table(rows)
    for code in BY_CODE:
        assert f"[{code}]({code}.md)" in table


def test_the_contributors_page_is_contributing_md_itself(pages):
    assert pages["contributing.md"] == (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def test_mkdocs_config_names_the_hook_and_every_page():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["hooks"] == ["tools/mkdocs_hooks.py"]

    def pages_of(nav):
        for item in nav:
            for value in item.values():
                yield from (pages_of(value) if isinstance(value, list) else [value])

    listed = set(pages_of(config["nav"]))
    on_disk = {str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").rglob("*.md")}
    assert on_disk <= listed, on_disk - listed
    assert listed - on_disk == {"contributing.md"}  # made by the hook


# -- the commands users are told to run exist --------------------------------------------------


def _command_tree() -> dict[str, set[str]]:
    ctx = click.Context(cli)
    tree: dict[str, set[str]] = {}
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None
        tree[name] = set(command.list_commands(ctx)) if isinstance(command, click.Group) else set()
    return tree


def _told(text: str) -> list[tuple[str, str]]:
    return re.findall(r"wixoss-deckcheck (?:-[qv] )?([a-z]+)(?: ([a-z]+))?", text)


def test_every_command_the_docs_name_exists():
    tree = _command_tree()
    texts = {p.name: p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]}
    for name, info in BY_CODE.items():
        texts[f"doc of {name}"] = info.doc
    texts["en.yaml"] = (ROOT / "wixoss_deckcheck" / "messages" / "en.yaml").read_text(encoding="utf-8")
    named = 0
    for where, text in texts.items():
        for command, sub in _told(text):
            assert command in tree, f"{where}: wixoss-deckcheck {command}"
            if tree[command] and sub:
                assert sub in tree[command], f"{where}: wixoss-deckcheck {command} {sub}"
            named += 1
    assert named > 80


def test_install_instructions_name_the_commands_that_install_the_pool():
    """Where the full pool is to be installed, the text says cardpool update / build (issue 21
    item 7: `cardpool import` writes a pool file; it is not how a user installs the pool)."""
    told = [
        BY_CODE["WX001"].doc,
        json.loads((ROOT / "cardpool" / "sample-pool.json").read_text(encoding="utf-8"))["sources"][0]["note"],
        (ROOT / "tools" / "make_sample_pool.py").read_text(encoding="utf-8"),
    ]
    for text in told:
        assert "wixoss-deckcheck cardpool import" not in text
        assert "wixoss-deckcheck cardpool update" in text and "cardpool build --from" in text


# -- CONTRIBUTING's module map is the layout ---------------------------------------------------


def _module_map() -> dict[str, set[str]]:
    """Each folder of CONTRIBUTING.md's module map with the module files its row names."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    start = text.index("## The module map")
    table = text[start : text.index("\n## ", start + 1)]
    rows: dict[str, set[str]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].startswith("`") and cells[0].endswith("/`"):
            rows[cells[0].strip("`").rstrip("/")] = set(re.findall(r"`([\w/]+\.(?:py|yaml))`", cells[2]))
    return rows


def test_the_module_map_has_a_row_for_every_folder_and_names_only_modules_that_exist():
    package = ROOT / "wixoss_deckcheck"
    rows = _module_map()
    folders = {str(init.parent.relative_to(package)) for init in package.rglob("__init__.py") if init.parent != package}
    # a folder of sub-packages only (engine/) is mapped by their rows
    own_modules = {
        folder for folder in folders if any(p.name != "__init__.py" for p in (package / folder).glob("*.py"))
    }
    for folder in sorted(own_modules):
        parent, _, name = folder.rpartition("/")
        # a folder has its own row, or its parent's row names it (decklist's `readers/`)
        assert folder in rows or (parent in rows and re.search(rf"`{name}/`", _row_text(parent))), folder
    for folder, modules in rows.items():
        assert folder in folders, f"the module map names {folder}/, which is no package"
        for module in (name for name in modules if "/" not in name):  # a path names a file elsewhere
            found = list((package / folder).rglob(module))
            assert found, f"the module map names {folder}/{module}, which does not exist"


def _row_text(folder: str) -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    start = text.index(f"| `{folder}/` |")
    return text[start : text.index("\n", start)]

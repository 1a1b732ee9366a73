"""The shape of the package: no import cycles (lazy and TYPE_CHECKING imports included),
a short package root, no module over 400 lines, and one complete check registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "wixoss_deckcheck"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path) -> set[str]:
    """Every module of the package that ``name`` imports anywhere (in functions and
    ``if TYPE_CHECKING:`` blocks too). The package ``__init__`` that Python imports on the
    way to a submodule is not counted: only names taken from it are."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            # ``from package import module`` needs the module; ``from package import name``
            # needs the package's __init__, where the name is defined.
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        else:
            continue
        for target in targets:
            if target in MODULES and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles() -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in GRAPH[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                item = stack.pop()
                on_stack.discard(item)
                component.append(item)
                if item == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return out


def test_no_import_cycles():
    assert _cycles() == []


def test_the_package_root_is_short():
    root = [path.name for path in PACKAGE.glob("*.py")]
    assert len(root) <= 12, root


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_over_400_lines(name):
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"{name}: {lines} lines"


def test_every_check_module_is_in_the_registry_list():
    from wixoss_deckcheck import checks

    listed = {module.__name__.rpartition(".")[2] for module in checks.CHECK_MODULES}
    present = {path.stem for path in (PACKAGE / "checks").glob("*.py")} - {"__init__", "registry", "params"}
    assert listed == present


def test_reporters_do_not_import_the_checker():
    reporters = [name for name in GRAPH if name.startswith("wixoss_deckcheck.reporters")]
    for name in reporters:
        assert not any(target.startswith("wixoss_deckcheck.checking") for target in GRAPH[name]), name


def test_the_table_schema_is_completed_from_the_registry():
    """Adding a check touches no schema: the rule names and parameter schemas come from it."""
    from wixoss_deckcheck.checks import REGISTRY
    from wixoss_deckcheck.tables.schema import format_schema

    rule = format_schema()["$defs"]["rule"]
    names = rule["properties"]["check"]["enum"]
    assert sorted(names) == sorted(slug for slug, info in REGISTRY.items() if info.table_rule)
    clauses = {clause["if"]["properties"]["check"]["const"] for clause in rule["allOf"]}
    assert clauses == set(names)
    raw = (PACKAGE.parent / "formats" / "schema.json").read_text(encoding="utf-8")
    assert not any(f'"{name}"' in raw for name in names)  # no copy of the list in the file


def test_sarif_lists_the_same_rules_with_and_without_play(tmp_path, capsys):
    """The registry is complete however the command runs: play checks are always in it."""
    import json

    from conftest import EXAMPLES, run_main

    deck = sorted(EXAMPLES.rglob("*.txt"))[0]
    rules = []
    for extra in ([], ["--play"]):
        out = tmp_path / f"report{len(extra)}.sarif"
        run_main(capsys, "check", str(deck), "-O", "sarif", "-o", str(out), "--no-config", *extra)
        document = json.loads(out.read_text(encoding="utf-8"))
        rules.append([rule["id"] for rule in document["runs"][0]["tool"]["driver"]["rules"]])
    assert rules[0] == rules[1]
    assert {"WX101", "WX201", "WX211"} <= set(rules[0])


def test_the_json_join_agrees_with_json_dumps():
    import json

    from wixoss_deckcheck.reporters.json_join import extend_object, object_with_list

    items = [{"path": "a", "n": 1, "s": "ルリグ"}, {"path": "b\n", "v": [1, {"x": None}]}]
    texts = [json.dumps(item, ensure_ascii=False) for item in items]
    head = {"tool": "wixoss-deckcheck", "summary": {"total": 2}}
    assert object_with_list(head, "decks", texts) == json.dumps({**head, "decks": items}, ensure_ascii=False)
    assert object_with_list(head, "decks", []) == json.dumps({**head, "decks": []}, ensure_ascii=False)
    extra = {"tool": "wixoss-deckcheck", "cardpool": {"cards": 3}}
    for item, text in zip(items, texts, strict=True):
        assert extend_object(text, extra) == json.dumps({**item, **extra}, ensure_ascii=False)
    assert extend_object("{}", extra) == json.dumps(extra, ensure_ascii=False)


# The engine's sub-packages and what each may import of the package's other parts (their
# ``__init__`` docstrings say the same): goldfish plays through game and uses odds' mulligan
# policies; game and odds stand alone; nothing in the engine renders, runs the checker or
# knows the command line.
ENGINE = "wixoss_deckcheck.engine"
ENGINE_PACKAGES = ("odds", "game", "goldfish")
ENGINE_MAY_NOT_IMPORT = {
    "odds": ("engine.game", "engine.goldfish"),
    "game": ("engine.odds", "engine.goldfish", "checks"),
    "goldfish": (),
}
NO_ENGINE_MODULE_IMPORTS = ("reporters", "checking", "cli")


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_engine_is_split_by_concern_into_small_sub_packages():
    engine = PACKAGE / "engine"
    assert sorted(path.name for path in engine.iterdir() if path.suffix == ".py") == ["__init__.py"]
    packages = sorted(path.name for path in engine.iterdir() if path.is_dir() and (path / "__init__.py").exists())
    assert packages == sorted(ENGINE_PACKAGES)
    for package in packages:
        modules = list((engine / package).glob("*.py"))
        assert len(modules) <= 12, (package, len(modules))
        assert ast.get_docstring(ast.parse((engine / package / "__init__.py").read_text(encoding="utf-8")))


def test_the_engine_package_roots_only_say_what_they_hold():
    """``engine/__init__.py`` and the sub-packages' ``__init__`` import nothing: a docstring each."""
    for name in (ENGINE, *(f"{ENGINE}.{package}" for package in ENGINE_PACKAGES)):
        tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
        assert [type(node) for node in tree.body] == [ast.Expr], name
        assert GRAPH[name] == set(), name


@pytest.mark.parametrize("package", ENGINE_PACKAGES)
def test_each_engine_sub_package_imports_only_what_its_docstring_allows(package):
    inside = f"{ENGINE}.{package}"
    forbidden = [f"wixoss_deckcheck.{part}" for part in (*ENGINE_MAY_NOT_IMPORT[package], *NO_ENGINE_MODULE_IMPORTS)]
    found = {
        (name, target)
        for name in GRAPH
        if _inside(name, inside)
        for target in GRAPH[name]
        if any(_inside(target, bad) for bad in forbidden)
    }
    assert found == set()


def test_the_rules_directions_the_test_enforces_are_real():
    """The direction test would see a forbidden import: goldfish does import game and odds."""
    goldfish = {target for name in GRAPH if _inside(name, f"{ENGINE}.goldfish") for target in GRAPH[name]}
    assert any(_inside(target, f"{ENGINE}.game") for target in goldfish)
    assert any(_inside(target, f"{ENGINE}.odds") for target in goldfish)


def test_only_the_play_reporters_the_commands_and_the_play_checks_use_the_engine():
    users = {name for name in GRAPH if not _inside(name, ENGINE) and any(_inside(t, ENGINE) for t in GRAPH[name])}
    allowed = ("wixoss_deckcheck.reporters.play", "wixoss_deckcheck.cli", "wixoss_deckcheck.checks.play")
    assert users and all(any(_inside(name, package) for package in allowed) for name in users), users


def test_every_package_folder_is_listed_for_the_wheel():
    """``[tool.setuptools] packages`` names every folder with an ``__init__.py`` (a new
    sub-package left out would be missing from an installed wheel)."""
    import re

    text = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    block = text[text.index("[tool.setuptools]") :]
    listed = set(re.findall(r'"(wixoss_deckcheck(?:\.\w+)*)"', block[: block.index("]", block.index("packages"))]))
    folders = {_module_name(path) for path in PACKAGE.rglob("__init__.py")}
    assert folders <= listed, sorted(folders - listed)


def _imports_inside_functions(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every import statement inside a function of ``path``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    found.append((inner.lineno, lines[inner.lineno - 1]))
    return sorted(set(found))


def test_the_engine_and_its_reports_import_lazily_only_at_named_boundaries():
    """Imports inside functions (ruff PLC0415) in the engine, its reports and its two commands:
    at most 8, each with a one-line reason (a heavy optional library: numpy, matplotlib)."""
    paths = [
        *sorted((PACKAGE / "engine").rglob("*.py")),
        *sorted((PACKAGE / "reporters" / "play").glob("*.py")),
        PACKAGE / "cli" / "simulate.py",
        PACKAGE / "cli" / "replay.py",
    ]
    lazy = [(path.relative_to(PACKAGE), *found) for path in paths for found in _imports_inside_functions(path)]
    assert len(lazy) <= 8, lazy
    unexplained = [item for item in lazy if "#" not in item[2] or not item[2].split("#")[-1].strip()]
    assert unexplained == []


WEB = "wixoss_deckcheck.web"
WEB_STACK = {"starlette", "uvicorn", "multipart", "python_multipart", "httpx"}


def _third_party_roots(path: Path) -> set[str]:
    """The first part of every absolute import's module name in ``path`` (functions included)."""
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_only_serve_imports_the_web_layer_and_it_knows_no_command_line():
    """serve's pages and API (``web/``, the [web] extra) are imported by the serve command alone,
    inside the command (so the other commands start without Starlette); the web layer calls
    the core, never the click layer; Starlette and uvicorn are imported nowhere else."""
    users = {name for name in GRAPH if not _inside(name, WEB) and any(_inside(t, WEB) for t in GRAPH[name])}
    assert users == {"wixoss_deckcheck.cli.serve"}
    serve = ast.parse(MODULES["wixoss_deckcheck.cli.serve"].read_text(encoding="utf-8"))
    top = [node.module for node in serve.body if isinstance(node, ast.ImportFrom) and node.module]
    assert "wixoss_deckcheck.cli.options" in top and not any(_inside(module, WEB) for module in top)
    assert not [(n, t) for n in GRAPH if _inside(n, WEB) for t in GRAPH[n] if _inside(t, "wixoss_deckcheck.cli")]
    outside = {name for name, path in MODULES.items()
               if not _inside(name, WEB) and _third_party_roots(path) & WEB_STACK}
    assert outside == set(), outside
    assert any(_third_party_roots(path) & WEB_STACK for name, path in MODULES.items() if _inside(name, WEB))

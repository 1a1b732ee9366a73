"""The test tiers keep their promises.

A test that reads ``../shared`` must say so (the ``shared`` marker, or a fixture that asks
for ``shared_dir``), or it fails with a traceback, instead of being skipped with the one
reason, in a clone that has no ``../shared`` beside it (see ``tests/conftest.py``). This
walks every test module: a test or fixture that names a path into ``../shared`` (conftest's
``SHARED``, ``CARDDATA``, ``DECKS``, or a module-level name or helper built from them, in
its module or a helper module it imports from) must say so.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# conftest's paths into ../shared: every other shared name is built from these.
ROOTS = {"conftest": frozenset({"SHARED", "CARDDATA", "DECKS"})}


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _says_shared(node: ast.AST) -> bool:
    """Whether ``node`` holds ``pytest.mark.shared`` (or ``mark.shared``)."""
    return any(
        isinstance(n, ast.Attribute) and n.attr == "shared" and ast.unparse(n.value).endswith("mark")
        for n in ast.walk(node)
    )


def _is_fixture(func: ast.FunctionDef) -> bool:
    return any("fixture" in ast.unparse(d) for d in func.decorator_list)


def _parameters(func: ast.FunctionDef) -> set[str]:
    args = func.args
    return {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}


def _used(func: ast.FunctionDef) -> set[str]:
    """The names a function's body, decorators and defaults use."""
    found: set[str] = set()
    for part in [*func.body, *func.decorator_list, *func.args.defaults, *func.args.kw_defaults]:
        if part is not None:
            found |= _names(part)
    return found


class Module:
    """What one test or helper module says about ../shared."""

    def __init__(self, name: str, source: str | None = None) -> None:
        self.name = name
        self.tree = ast.parse(source if source is not None else (TESTS / f"{name}.py").read_text(encoding="utf-8"))
        self.tainted: set[str] = set(ROOTS.get(name, ()))
        self.shared_fixtures: set[str] = {"shared_dir"} if name == "conftest" else set()
        self.marked_module = False
        self._imports()
        self._spread()

    def _imports(self) -> None:
        for node in self.tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and (TESTS / f"{node.module}.py").is_file():
                helper = module(node.module)
                for alias in node.names:
                    if alias.name in helper.tainted:
                        self.tainted.add(alias.asname or alias.name)
            targets = node.targets if isinstance(node, ast.Assign) else []
            if any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
                self.marked_module = self.marked_module or _says_shared(node.value)
        self.shared_fixtures |= module("conftest").shared_fixtures if self.name != "conftest" else set()

    def _spread(self) -> None:
        """Taint, to a fixed point, what is built from a shared name; fixtures that ask for a
        shared fixture are shared fixtures."""
        changed = True
        while changed:
            changed = False
            for node in self.tree.body:
                if isinstance(node, ast.FunctionDef) and _is_fixture(node):
                    if _parameters(node) & self.shared_fixtures and node.name not in self.shared_fixtures:
                        self.shared_fixtures.add(node.name)
                        changed = True
                    continue
                if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("test_"):
                    used = _used(node) if isinstance(node, ast.FunctionDef) else _names(node)
                    targets = {node.name}
                elif isinstance(node, ast.Assign | ast.AnnAssign):
                    used = _names(node.value) if node.value is not None else set()
                    assigned = node.targets if isinstance(node, ast.Assign) else [node.target]
                    targets = {n.id for t in assigned for n in ast.walk(t) if isinstance(n, ast.Name)}
                else:
                    continue
                if used & self.tainted and not targets <= self.tainted:
                    self.tainted |= targets
                    changed = True

    def unmarked(self) -> list[str]:
        """The tests and fixtures here that use a shared name without saying so."""
        found = []
        for node in self.tree.body:
            if not isinstance(node, ast.FunctionDef):
                continue
            uses = sorted(_used(node) & self.tainted)
            if not uses:
                continue
            if _is_fixture(node):
                if node.name not in self.shared_fixtures:
                    found.append(
                        f"{self.name}.py: fixture {node.name} uses {', '.join(uses)} but does not ask for shared_dir"
                    )
            elif node.name.startswith("test_"):
                said = self.marked_module or any(_says_shared(d) for d in node.decorator_list)
                if not said and not _parameters(node) & self.shared_fixtures:
                    found.append(f"{self.name}.py: {node.name} uses {', '.join(uses)} but is not marked shared")
        return found


@cache
def module(name: str) -> Module:
    return Module(name)


TEST_MODULES = sorted(p.stem for p in TESTS.glob("test_*.py"))


@pytest.mark.parametrize("name", TEST_MODULES)
def test_every_test_that_reads_shared_says_so(name):
    assert module(name).unmarked() == []


def test_the_guard_sees_a_test_that_reads_shared_unmarked():
    """The walk above finds what it is for (a module-level name built from DECKS, used by an
    unmarked test and by an unmarked fixture), and accepts the ways of saying so."""
    source = """
from conftest import DECKS
import pytest
LEGAL = DECKS / "text" / "rx-wxdi-d01.txt"
def helper():
    return LEGAL.read_text()
@pytest.fixture
def deck():
    return helper()
@pytest.fixture
def fine(full_pool):
    return LEGAL
def test_unmarked():
    assert helper()
@pytest.mark.shared
def test_marked():
    assert LEGAL
def test_through_a_fixture(fine):
    assert LEGAL
def test_other():
    assert True
"""
    assert Module("probe", source).unmarked() == [
        "probe.py: fixture deck uses helper but does not ask for shared_dir",
        "probe.py: test_unmarked uses helper but is not marked shared",
    ]


def test_the_guard_accepts_a_module_marked_shared():
    source = """
from conftest import CARDDATA
import pytest
pytestmark = [pytest.mark.slow, pytest.mark.shared]
def test_reads():
    assert CARDDATA.is_dir()
"""
    assert Module("probe", source).unmarked() == []
    assert Module("probe", source.replace("pytest.mark.shared", "pytest.mark.network")).unmarked() == [
        "probe.py: test_reads uses CARDDATA but is not marked shared"
    ]


# -- the mechanism, run in a repository with no ../shared beside it -----------------------

PROBE_TESTS = """
import pytest
from conftest import DECKS

@pytest.mark.shared
def test_marked():
    assert DECKS.is_dir()

def test_through_a_fixture(shared_dir):
    assert shared_dir.is_dir()

@pytest.mark.shared
@pytest.mark.parametrize("path", sorted(DECKS.glob("*.txt")))
def test_over_shared_decks(path):
    assert path.is_file()

def test_without_shared():
    assert True
"""


def _run_probe(tmp_path: Path, **env: str):
    import os
    import shutil
    import subprocess
    import sys

    repo = tmp_path / "repo"  # its parent, tmp_path, has no shared folder
    (repo / "tests").mkdir(parents=True)
    shutil.copy(TESTS / "conftest.py", repo / "tests" / "conftest.py")
    shutil.copy(TESTS.parent / "pyproject.toml", repo / "pyproject.toml")  # the markers, --strict-markers
    (repo / "tests" / "test_probe.py").write_text(PROBE_TESTS, encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k != "WIXOSS_DECKCHECK_REQUIRE_SHARED"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "tests"],
        cwd=repo,
        env={**environment, **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_without_shared_every_shared_test_is_skipped_with_the_one_reason(tmp_path):
    from conftest import SHARED_REASON

    done = _run_probe(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed, 3 skipped" in done.stdout, done.stdout
    reasons = [line.split(": ", 1)[1] for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(reasons) == 3 and set(reasons) == {SHARED_REASON}, done.stdout


def test_without_shared_a_run_that_requires_it_fails(tmp_path):
    done = _run_probe(tmp_path, WIXOSS_DECKCHECK_REQUIRE_SHARED="1")
    assert done.returncode != 0, done.stdout
    assert "WIXOSS_DECKCHECK_REQUIRE_SHARED is set but" in done.stdout + done.stderr
    assert "3 tests: needs ../shared" in done.stdout + done.stderr


# -- .ci/run -------------------------------------------------------------------------------

CI_RUN = TESTS.parent / ".ci" / "run"


def _readme_test_command() -> str:
    readme = (TESTS.parent / "README.md").read_text(encoding="utf-8")
    return next(line for line in readme.splitlines() if "python -m pytest" in line)


def test_ci_runs_the_readmes_test_command_word_for_word_with_shared_required():
    """.ci/run reads the README's Quick start commands (tools/readme_commands.py) and runs the
    second, the test command, as written, after requiring ../shared."""
    import importlib.util

    lines = [line.strip() for line in CI_RUN.read_text(encoding="utf-8").splitlines()]
    command = _readme_test_command()
    assert command == 'pip install ".[test]" && python -m pytest -q'
    spec = importlib.util.spec_from_file_location("readme_commands", TESTS.parent / "tools" / "readme_commands.py")
    assert spec and spec.loader
    extract = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extract)
    assert extract.quick_start_commands((TESTS.parent / "README.md").read_text(encoding="utf-8"))[1] == command
    assert "mapfile -t readme < <(python3 tools/readme_commands.py)" in lines
    runs = next(i for i, line in enumerate(lines) if line.startswith('eval "${readme[1]}"'))
    assert "export WIXOSS_DECKCHECK_REQUIRE_SHARED=1" in lines[:runs]


def _pyproject() -> dict:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib
    return tomllib.loads((TESTS.parent / "pyproject.toml").read_text(encoding="utf-8"))


def _packages(line: str) -> list[str]:
    return [word.removeprefix("wixoss_deckcheck/") for word in line.split() if word.startswith("wixoss_deckcheck/")]


def test_ci_types_strictly_the_packages_house_counts_counts():
    """.ci/run's ``mypy --strict`` line and its waiting list name, together, the packages of
    tools/house_counts.py; the enforced ones are held strict by plain ``mypy`` too (the
    override in pyproject.toml), so the gate, the count and the config cannot drift apart."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("house_counts", TESTS.parent / "tools" / "house_counts.py")
    assert spec and spec.loader
    counts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(counts)
    lines = CI_RUN.read_text(encoding="utf-8").splitlines()
    enforced = [line for line in lines if line.startswith("mypy --strict ")]
    waiting = [line for line in lines if line.startswith("# waiting for mypy --strict:")]
    assert len(enforced) == 1 and len(waiting) <= 1, (enforced, waiting)
    strict = _packages(enforced[0])
    assert sorted(strict + _packages(waiting[0] if waiting else "")) == sorted(counts.STRICT_PACKAGES)
    config = _pyproject()
    overrides = [o for o in config["tool"]["mypy"]["overrides"] if o.get("disallow_untyped_defs")]
    assert len(overrides) == 1
    packages = [f"wixoss_deckcheck.{p.replace('/', '.')}" for p in strict]
    assert overrides[0]["module"] == [m for p in packages for m in (p, f"{p}.*")]


def test_ci_runs_the_gates_of_issue_19():
    """ruff selects SIM and C90 (so `ruff check .` in .ci/run and before every push runs
    them), and .ci/run fails when a house count misses its target."""
    config = _pyproject()
    assert {"SIM", "C90"} <= set(config["tool"]["ruff"]["lint"]["select"])
    assert config["tool"]["ruff"]["lint"]["mccabe"]["max-complexity"] == 15
    assert any(r.startswith("radon") for r in config["project"]["optional-dependencies"]["lint"])
    lines = [line.strip() for line in CI_RUN.read_text(encoding="utf-8").splitlines()]
    assert "ruff check ." in lines
    assert "python tools/house_counts.py --no-mypy" in lines

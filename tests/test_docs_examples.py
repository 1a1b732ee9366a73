"""Every shell example of ``README.md`` and ``docs/`` runs as written and prints what it shows.

How examples are found, run and compared: ``tests/docs_examples.py``. The README runs in a
new user's HOME (the sample pool; ``cardpool update`` and ``build`` then install the full
one); every page of ``docs/`` runs with the full pool installed, as those pages say. Card
list downloads go to a local copy of the sources' sites (``carddata_site``), named in the
sandbox's ``sources.yaml``, so ``cardpool update`` runs as written without the network.
The README's two set-up commands are the ones ``.ci/run`` runs (``tools/readme_commands.py``).
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest
from carddata_site import serve, sources_yaml
from conftest import ROOT
from docs_examples import Block, Sandbox, allowed_exit, lines_match, markdown_files, shell_blocks

README = ROOT / "README.md"
BIN = Path(sys.executable).parent


def _readme_commands():
    spec = importlib.util.spec_from_file_location("readme_commands", ROOT / "tools" / "readme_commands.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


QUICK_START = _readme_commands().quick_start_commands(README.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def site(shared_dir):
    yield from serve(shared_dir / "carddata")


def _label(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def run_page(path: Path, sandbox: Sandbox) -> tuple[list[str], int]:
    """Run every example of one page in order: (what went wrong, how many commands ran)."""
    problems: list[str] = []
    ran = 0
    for block in shell_blocks(path):
        if block.not_run:
            continue
        for index, command in enumerate(block.commands):
            if path == README and command.text in QUICK_START:
                continue  # .ci/run runs these as written, in a fresh clone and a fresh HOME
            code, output = sandbox.run(command.text)
            ran += 1
            where = f"{_label(path)}:{command.line}: $ {command.text}"
            if command.expected is not None and not lines_match(command.expected, output):
                shown = "\n".join(command.expected)
                printed = "\n".join(output)
                problems.append(f"{where}\n--- shown:\n{shown}\n--- printed (exit {code}):\n{printed}")
            elif not allowed_exit(block, index, code, command.expected, command.text):
                problems.append(f"{where}\nexit {code}:\n" + "\n".join(output))
    return problems, ran


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.parametrize("path", markdown_files(), ids=_label)
def test_every_shell_example_runs_as_shown(path, site, merged_pool_path, tmp_path):
    """Each command of the page runs in its sandbox; the output shown is the output printed."""
    sandbox = Sandbox(tmp_path / "box", BIN)
    if path != README:
        sandbox.install_pool(merged_pool_path)
    sandbox.add_sources(sources_yaml(site.base_url, timeout=10.0))
    problems, ran = run_page(path, sandbox)
    assert not problems, "\n\n".join(problems)
    runnable = [c for b in shell_blocks(path) if not b.not_run for c in b.commands]
    assert ran == len([c for c in runnable if not (path == README and c.text in QUICK_START)])


def test_the_console_script_is_installed():
    """The examples run through the installed console script, as a user types them."""
    assert shutil.which("wixoss-deckcheck", path=str(BIN)), f"no wixoss-deckcheck in {BIN}"


def test_every_page_has_examples_and_few_are_not_run():
    """Every page holds runnable shell examples; the few that are not run say why, visibly."""
    not_run: list[tuple[str, int, str]] = []
    for path in markdown_files():
        blocks = shell_blocks(path)
        if path.name not in ("speed.md", "robustness.md"):
            assert any(b.commands and not b.not_run for b in blocks), f"{_label(path)}: no shell example runs"
        for block in blocks:
            assert block.commands, f"{_label(path)}:{block.line}: a shell block without a command"
            if block.not_run:
                not_run.append((_label(path), block.line, block.not_run))
    assert len(not_run) <= 4, not_run
    assert all(len(reason) > 20 for _, _, reason in not_run), not_run


def test_readme_quick_start_is_what_ci_runs():
    """Two commands: the first makes its own environment on the system Python, installs the
    tool and checks an example deck; the second installs the test extra and runs the tests.
    ``.ci/run`` reads them with tools/readme_commands.py and runs them as written."""
    assert len(QUICK_START) == 2, QUICK_START
    first, second = QUICK_START
    assert first.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install . && ")
    deck = first.rsplit("wixoss-deckcheck check ", 1)[1]
    assert (ROOT / deck).is_file(), deck
    assert second == 'pip install ".[test]" && python -m pytest -q'
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 tools/readme_commands.py" in ci and 'eval "${readme[0]}"' in ci and 'eval "${readme[1]}"' in ci
    assert "mkdocs build --strict" in ci


def test_readme_is_short():
    assert len(README.read_text(encoding="utf-8").splitlines()) < 250


# -- the harness itself: a stale example must fail ------------------------------------------


def test_wildcards_match_only_what_they_say():
    assert lines_match(("a", "...", "d"), ["a", "b", "c", "d"])
    assert lines_match(("a", "...", "d"), ["a", "d"])
    assert lines_match(("wrote 5 ..."), ["wrote 5 cards"]) is False  # a string is not a tuple of lines
    assert lines_match(("wrote 5 ...",), ["wrote 5 cards"])
    assert not lines_match(("wrote 5 ...",), ["wrote 6 cards"])
    assert not lines_match(("a", "d"), ["a", "b", "d"])
    assert not lines_match(("a",), ["a", "b"])


def test_parsing_console_sh_and_not_run_blocks(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "```console\n$ echo one\none\n$ echo $?\n0\n```\n\n"
        "  ```sh\n  true   # indented, in a list\n  # a comment\n  echo a \\\n    b\n  ```\n\n"
        "```sh\n# not run by the docs tests: it needs a machine of its own\nreboot\n```\n\n"
        "```text\nno command here\n```\n",
        encoding="utf-8",
    )
    blocks = shell_blocks(page)
    assert [b.lang for b in blocks] == ["console", "sh", "sh"]
    assert [(c.text, c.expected) for c in blocks[0].commands] == [("echo one", ("one",)), ("echo $?", ("0",))]
    assert [c.text for c in blocks[1].commands] == ["true   # indented, in a list", "echo a \\\n  b"]
    assert blocks[2].not_run == "it needs a machine of its own"


@pytest.mark.shared  # the sandbox links ../shared beside its working folder
def test_a_stale_example_is_caught(tmp_path):
    """Wrong output, and an exit code the example does not show, are both reported."""
    page = tmp_path / "stale.md"
    page.write_text(
        "```console\n$ wixoss-deckcheck check examples/diva-ancient-surprise.txt\nThe deck is illegal.\n```\n\n"
        "```sh\nwixoss-deckcheck check examples/no-such-deck.txt\n```\n\n"
        "```sh\nfalse\n```\n",
        encoding="utf-8",
    )
    problems, ran = run_page(page, Sandbox(tmp_path / "box", BIN))
    assert ran == 3
    assert len(problems) == 3, problems
    assert "The deck is legal." in problems[0]


def test_exit_two_needs_an_error_line_or_echo():
    block = Block(Path("x.md"), 1, "console")
    assert allowed_exit(block, 0, 2, ("error: x.txt: no such file",), "wixoss-deckcheck check x.txt")
    assert not allowed_exit(block, 0, 2, ("The deck could not be read.",), "wixoss-deckcheck check x.txt")
    assert not allowed_exit(block, 0, 1, None, "grep nothing file")
    assert allowed_exit(block, 0, 1, None, "wixoss-deckcheck check examples/diva-illegal.txt")


@pytest.mark.shared  # the sandbox links ../shared beside its working folder
def test_a_command_that_never_ends_is_stopped_with_all_it_started(tmp_path):
    """A server or a prompt in an example fails its test with a line that says so; it does
    not hang the suite (the whole process group is stopped, not only bash)."""
    import time

    sandbox = Sandbox(tmp_path / "box", BIN)
    started = time.monotonic()
    code, output = sandbox.run("sleep 120 & sleep 120", timeout=1)
    assert code == 124 and output[0].startswith("(did not end within 1 s"), output
    assert time.monotonic() - started < 60

"""The shell examples of ``README.md`` and ``docs/``: found in their fenced blocks, run as a
user would type them, and compared with the output they show.

What counts as a shell example:

- a ``sh`` (or ``shell``, ``bash``) block: every line is a command (``\\`` continues it);
  comment lines are skipped. Its output is not shown, so only the exit code is checked:
  0, or 1 when the command ends in ``wixoss-deckcheck`` (an illegal deck), never 2 (a
  usage or input error) or worse;
- a ``console`` block, and a ``text`` block with ``$ `` lines: ``$ COMMAND`` lines are
  commands, the lines under each, up to the next ``$``, the output it must print
  (stdout and stderr together, as a terminal shows them). A line ``...`` stands for any
  lines (none included), a line ending in ``...`` for any line that starts with what is
  before it. A command may exit 2 only when its output shows an ``error:`` line, or when
  the next command is ``echo $?`` showing the code (so may any other command exit 1).

A block whose first line is ``# not run by the docs tests: REASON`` is not run; the
reason is visible to every reader. Every command of a page runs in order in one sandbox:
a working folder holding a copy of ``examples/``, with ``../shared`` beside it, and a
fresh ``HOME``.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from conftest import ROOT, SHARED

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`]*)$")
NOT_RUN = re.compile(r"^#\s*not run by the docs tests:\s*(?P<why>\S.*)$")
SHELL_LANGS = {"sh", "shell", "bash"}
OUTPUT_LANGS = {"console", "text"}


@dataclass(frozen=True)
class Command:
    """One command of a page: its text, the output it shows (None: not shown) and its line."""

    text: str
    line: int
    expected: tuple[str, ...] | None = None


@dataclass
class Block:
    """A fenced shell example."""

    path: Path
    line: int
    lang: str
    commands: list[Command] = field(default_factory=list)
    not_run: str | None = None


def markdown_files() -> list[Path]:
    """The README and every page of ``docs/``."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def fenced_blocks(path: Path) -> list[tuple[int, str, list[str]]]:
    """Every fenced block of a Markdown file: (line of the fence, language, its lines
    with the fence's indent taken off)."""
    found: list[tuple[int, str, list[str]]] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence = match["indent"], match["fence"]
        lang = (match["info"].split() or [""])[0].strip("{}.")
        body: list[str] = []
        start = i + 1
        i += 1
        while i < len(lines) and not re.match(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", lines[i]):
            body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        found.append((start, lang, body))
        i += 1
    return found


def _joined(lines: list[str], first: int) -> list[tuple[int, str]]:
    """Lines with a trailing backslash joined to the next: (line number, text)."""
    out: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for offset, line in enumerate(lines):
        number = first + offset
        if pending is not None:
            number, line = pending[0], pending[1] + "\n" + line
            pending = None
        if line.endswith("\\"):
            pending = (number, line)
            continue
        out.append((number, line))
    if pending is not None:
        out.append(pending)
    return out


def shell_blocks(path: Path) -> list[Block]:
    """The shell examples of one Markdown file, in order."""
    blocks: list[Block] = []
    for start, lang, body in fenced_blocks(path):
        is_console = lang == "console" or (lang == "text" and any(line.startswith("$ ") for line in body))
        if lang not in SHELL_LANGS and not is_console:
            continue
        block = Block(path, start, "console" if is_console else "sh")
        first = next((line for line in body if line.strip()), "")
        skip = NOT_RUN.match(first.strip())
        if skip:
            block.not_run = skip["why"]
        if is_console:
            _console_commands(block, body, start + 1)
        else:
            for number, text in _joined(body, start + 1):
                if text.strip() and not text.lstrip().startswith("#"):
                    block.commands.append(Command(text.strip(), number))
        blocks.append(block)
    return blocks


def _console_commands(block: Block, body: list[str], first: int) -> None:
    command: tuple[int, str] | None = None
    output: list[str] = []

    def close() -> None:
        if command is not None:
            while output and not output[-1].strip():
                output.pop()
            block.commands.append(Command(command[1], command[0], tuple(output)))

    for number, text in _joined(body, first):
        if text.startswith("$ "):
            close()
            command, output = (number, text[2:].strip()), []
        elif command is not None:
            output.extend(text.split("\n"))
        elif text.strip() and not NOT_RUN.match(text.strip()):
            raise AssertionError(f"{block.path.name}:{number}: output before the first `$ ` command")
    close()


def lines_match(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Whether the output printed matches the output shown (``...`` wildcards)."""
    memo: dict[tuple[int, int], bool] = {}

    def match(i: int, j: int) -> bool:
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i].strip() == "...":
            result = match(i + 1, j) or (j < len(actual) and match(i, j + 1))
        elif j == len(actual):
            result = False
        else:
            want, got = expected[i].rstrip(), actual[j].rstrip()
            same = want == got or (want.endswith("...") and got.startswith(want[:-3]))
            result = same and match(i + 1, j + 1)
        memo[key] = result
        return result

    return match(0, 0)


class Sandbox:
    """Where the commands of one page run: ``work/`` (the working folder, holding a copy of
    ``examples/``), ``shared`` beside it (a link to the real ``../shared``), and ``home/``."""

    def __init__(self, base: Path, bin_dir: Path):
        self.base = base
        self.work = base / "work"
        self.home = base / "home"
        self.home.mkdir(parents=True)
        shutil.copytree(ROOT / "examples", self.work / "examples")
        (base / "shared").symlink_to(SHARED, target_is_directory=True)
        self.data_dir = self.home / ".local" / "share" / "wixoss-deckcheck"
        self.env = {
            "HOME": str(self.home),
            "PATH": f"{bin_dir}{os.pathsep}/usr/local/bin{os.pathsep}/usr/bin{os.pathsep}/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "dumb",
            "COLUMNS": "80",
            "PYTHONUNBUFFERED": "1",  # stdout and stderr in the order a terminal shows them
            "MPLBACKEND": "Agg",
        }
        self.last_code = 0

    def install_pool(self, pool: Path) -> None:
        """Put a card pool where ``cardpool build`` would install it."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(pool, self.data_dir / "cardpool.json")

    def add_sources(self, text: str) -> None:
        """A user sources file (``cardpool update`` then downloads from there)."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        (self.data_dir / "sources.yaml").write_text(text, encoding="utf-8")

    def run(self, command: str, timeout: float = 240) -> tuple[int, list[str]]:
        """Run one command in bash, ``$?`` being the previous command's exit code. A command
        that does not end in ``timeout`` seconds (a server, a prompt) is stopped and reported
        as exit code 124 with a line that says so."""
        process = subprocess.Popen(
            ["bash", "-c", f"(exit {self.last_code}); {command}"],
            cwd=self.work,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: a timeout stops everything it started
        )
        try:
            stdout, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            self.last_code = 124
            return 124, [
                f"(did not end within {timeout:.0f} s: a command that waits, such as a server, needs a test "
                "of its own, and its block `# not run by the docs tests: REASON`)"
            ]
        self.last_code = process.returncode
        text = stdout.decode("utf-8", "replace")
        text = text.replace(str(self.work) + os.sep, "").replace(str(self.work), ".").replace(str(self.home), "~")
        lines = [line.rstrip() for line in text.splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        return process.returncode, lines


def ends_with_the_tool(command: str) -> bool:
    """Whether the last part of a command line (after ``|``, ``&&``, ``;``) runs wixoss-deckcheck."""
    last = re.split(r"\|\||&&|;|\|", command)[-1]
    return re.match(r"^\s*(\w+=\S*\s+)*wixoss-deckcheck\b", last) is not None


def allowed_exit(block: Block, index: int, code: int, output: tuple[str, ...] | None, command: str) -> bool:
    """Whether a command's exit code is what its example says (see the module doc): 0; 1 when
    wixoss-deckcheck says "illegal" (or "nothing matched"); 2 only where the example shows it."""
    if code == 0 or (code == 1 and ends_with_the_tool(command)):
        return True
    if code not in (1, 2) or output is None:
        return False
    if code == 2 and any(line.startswith("error:") for line in output):
        return True
    following = block.commands[index + 1] if index + 1 < len(block.commands) else None
    return following is not None and following.text == "echo $?" and following.expected == (str(code),)

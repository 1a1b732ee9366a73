"""Print the README's set-up commands: the fenced ``sh`` blocks under ``## Quick start``,
one command a line, so that ``.ci/run`` runs them exactly as written.

Usage (from the project root)::

    python3 tools/readme_commands.py            # the commands, one a line

``tests/test_docs_examples.py`` holds the same list to what the README shows (two
commands: the first installs and checks an example deck, the second runs the tests).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HEADING = "## Quick start"
README = Path(__file__).resolve().parent.parent / "README.md"


def quick_start_commands(text: str) -> list[str]:
    """The commands of the ``sh`` blocks in the Quick start section, in order."""
    lines = text.splitlines()
    try:
        start = lines.index(HEADING) + 1
    except ValueError:
        raise SystemExit(f"README.md has no '{HEADING}' heading") from None
    commands: list[str] = []
    in_block = False
    for line in lines[start:]:
        if not in_block and line.startswith("## "):
            break
        if re.match(r"^```\s*(sh|shell|bash)\s*$", line):
            in_block = True
        elif in_block and line.startswith("```"):
            in_block = False
        elif in_block and line.strip() and not line.lstrip().startswith("#"):
            commands.append(line.strip())
    return commands


def main() -> None:
    commands = quick_start_commands(README.read_text(encoding="utf-8"))
    if not commands:
        raise SystemExit(f"README.md: no sh block under '{HEADING}'")
    sys.stdout.write("".join(command + "\n" for command in commands))


if __name__ == "__main__":
    main()

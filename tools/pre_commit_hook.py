"""Write ``.pre-commit-hooks.yaml`` from the reader registry (the decklist file endings).

    python tools/pre_commit_hook.py           # print it
    python tools/pre_commit_hook.py --write   # write it (after adding a reader with a new ending)
    python tools/pre_commit_hook.py --check   # exit 1 when the file is not what the registry gives

``tests/test_one_source.py`` fails while the file and the registry disagree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / ".pre-commit-hooks.yaml"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from wixoss_deckcheck.decklist.readers import hook_endings, hook_files_pattern  # noqa: E402

_TEMPLATE = """\
# pre-commit hook: check the staged decklists (README: "pre-commit").
# Written by tools/pre_commit_hook.py from the reader registry (wixoss_deckcheck/decklist/readers/).
#
# By default it matches only files that are decklists by their name:
#   {anywhere}   anywhere, and
#   {every}   under a folder named decks/ or deck/
# so .pre-commit-config.yaml, package.json, requirements.txt or a workflow file are never
# read as decks. Widen or narrow it in your .pre-commit-config.yaml with `files:`.
# It runs `audit`, which skips the files beside the decks that are no decklists by their
# content (a format table, an alias table, a mulligan policy: decks/house-diva.yaml).
- id: wixoss-deckcheck
  name: wixoss-deckcheck
  description: Check WIXOSS decklists (All-Star, Key Selection, Diva Selection) for legality.
  entry: wixoss-deckcheck audit --no-progress
  language: python
  files: '{files}'
  types: [file]
"""


def hook_file_text() -> str:
    """The text ``.pre-commit-hooks.yaml`` must hold."""
    every, anywhere, compound = hook_endings()
    return _TEMPLATE.format(
        anywhere="  ".join(f"*{s}" for s in (*anywhere, *(f".deck{s}" for s in compound))),
        every="  ".join(f"*{s}" for s in every),
        files=hook_files_pattern(),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help="write .pre-commit-hooks.yaml")
    group.add_argument("--check", action="store_true", help="exit 1 when the file differs")
    args = parser.parse_args()
    text = hook_file_text()
    if args.write:
        HOOKS.write_text(text, encoding="utf-8")
    elif args.check:
        if HOOKS.read_text(encoding="utf-8") != text:
            print(f"{HOOKS.name} is not what the reader registry gives: run python tools/pre_commit_hook.py --write")
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Helpers of the hostile-input tests: run the real command line in a child process with
a timeout (a hang fails the test; nothing is timed), and the one outcome every hostile
input must have: exit 2 and exactly one short ``error:`` line on stderr."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: Fails a test only when the tool hangs: a run of a few hundred milliseconds has plenty of room.
HANG = 60

_MAIN = "from wixoss_deckcheck.cli import main; main()"


def run_cli(*args: str | Path, cwd: Path | None = None, env: dict | None = None,
            stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """The console script's entry point run on ``args`` (stdout and stderr as bytes)."""
    import os

    environment = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-c", _MAIN, *map(str, args)], cwd=cwd, env=environment,
                          input=stdin, capture_output=True, timeout=HANG, check=False)


def assert_one_error(result: subprocess.CompletedProcess, *words: str) -> str:
    """Exit 2, one ``error:`` line under 1 KB on stderr (no traceback), holding ``words``."""
    err = result.stderr.decode("utf-8", "replace")
    lines = err.splitlines()
    assert result.returncode == 2, (result.returncode, err[-2000:])
    assert len(lines) == 1 and lines[0].startswith("error: "), err[-2000:]
    assert len(result.stderr) < 1024, len(result.stderr)
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]

"""Issue 25, lost or replaced files: every command that writes a file refuses, with one
line and exit 2, a target it must not replace, and leaves the folder exactly as it was.

The cases are generated: every writing command (``check -o``, ``audit -o``, ``check
--history -o``/``--plot``, ``sheet -o``, ``sheet --template``, ``simulate --trace`` and
``--plot``, ``cardpool build -o``/``--report``, ``cardpool import -o``, ``cardpool update
-o``) crossed with every hostile kind of target (one of its own inputs, standard input's
file, a read-only file, a FIFO, a symbolic link, a directory, a missing folder, a name with
a control character, ``..`` through a missing folder, two outputs naming one file); a
seeded sample runs in the quick tier, the whole product in the slow one. A character
device is written into as a stream and stays a device (``/dev/full`` is one error line).
"""

from __future__ import annotations

import itertools
import os
import random
import shutil
import stat
from pathlib import Path

import pytest
from conftest import CARDDATA, EXAMPLES, ROOT, run_main

pytestmark = pytest.mark.shared  # the card sources of cardpool build/import come from ../shared

DECK = EXAMPLES / "diva-ancient-surprise.txt"

#: command -> (arguments before the target, the option naming the target, the target's suffix)
WRITERS = {
    "check": (["check", "--no-config", "{deck}"], "-o", ".txt"),
    "check-stdin": (["check", "--no-config", "-"], "-o", ".txt"),
    "audit": (["audit", "--no-config", "{dir}"], "-o", ".txt"),
    "history": (["check", "--no-config", "--history", "{deck}"], "-o", ".txt"),
    "history-plot": (["check", "--no-config", "--history", "{deck}"], "--plot", ".svg"),
    "sheet": (["sheet", "{deck}"], "-o", ".xlsx"),
    "trace": (["simulate", "{deck}", "--goldfish", "-n", "2", "--turns", "1"], "--trace", ".txt"),
    "plot": (["simulate", "{deck}", "-n", "10"], "--plot", ".svg"),
    "build": (["cardpool", "build", "--source", "wixossreact={src}"], "-o", ".csv"),
    "build-report": (["cardpool", "build", "--source", "wixossreact={src}"], "--report", ".csv"),
    "import": (["cardpool", "import", "wixossreact", "{src}"], "-o", ".csv"),
    "update": (["cardpool", "update", "--sources-file", "{sources}"], "-o", ".yaml"),
}

KINDS = ["input", "read-only", "fifo", "symlink", "directory", "missing-folder", "control", "dotdot", "twice"]


#: What the one error line says, by kind of target.
WHY = {
    "input": ["one of the inputs"],
    "read-only": ["read-only"],
    "fifo": ["not a regular file"],
    "symlink": ["symbolic link"],
    "directory": ["is a directory"],
    "missing-folder": ["does not exist"],
    "control": ["control character"],
    "dotdot": ["does not exist"],
    "twice": ["name the same file", "one of the inputs"],
}


def _snapshot(root: Path) -> dict:
    """Every entry under ``root``: its type, mode and (for a regular file) its bytes; nothing opened but files."""
    seen = {}
    for path in sorted(root.rglob("*")):
        info = os.lstat(path)
        data = path.read_bytes() if stat.S_ISREG(info.st_mode) else os.readlink(path) if path.is_symlink() else None
        seen[str(path.relative_to(root))] = (stat.S_IFMT(info.st_mode), stat.S_IMODE(info.st_mode), data)
    return seen


def _setup(root: Path, command: str, kind: str) -> tuple[list[str], bytes | None]:
    """The arguments of one hostile run in ``root``, and what standard input holds."""
    before, option, suffix = WRITERS[command]
    decks = root / "decks"
    decks.mkdir()
    deck = decks / f"deck{suffix}" if command in ("check", "audit", "history") else decks / "deck.txt"
    shutil.copy(DECK, deck)
    src = root / "src"
    shutil.copytree(CARDDATA / "wixossreact", src)
    for path in src.iterdir():
        path.chmod(0o644)  # ../shared may be read-only: these stand for files one may write
    pool = root / f"pool{suffix}"  # a pool file named like the output (.svg, .xlsx), an input too
    shutil.copy(ROOT / "cardpool" / "sample-pool.json", pool)
    sources = root / "sources.yaml"
    sources.write_text("sources: []\n")
    values = {"deck": str(deck), "dir": str(decks), "src": str(src), "sources": str(sources)}
    args = [part.format(**values) for part in before]
    if command not in ("build", "build-report", "import", "update"):
        args += ["--cardpool", str(pool)]
    victim = root / f"victim{suffix}"
    victim.write_bytes(b"precious\n")
    own_input = {".txt": deck, ".xlsx": pool, ".svg": pool, ".csv": next(src.glob("*.csv")), ".yaml": sources}
    stdin = None
    if kind == "input":
        target = own_input[suffix]
        if command == "check-stdin":
            stdin = deck.read_bytes()
    elif kind == "read-only":
        target = root / f"ro{suffix}"
        target.write_bytes(b"read only\n")
        target.chmod(0o444)
    elif kind == "fifo":
        target = root / f"fifo{suffix}"
        os.mkfifo(target)
    elif kind == "symlink":
        target = root / f"link{suffix}"
        target.symlink_to(victim)
    elif kind == "directory":
        target = root / f"folder{suffix}"
        target.mkdir()
    elif kind == "missing-folder":
        target = root / "new" / "sub" / "dir" / f"o{suffix}"
    elif kind == "control":
        target = root / f"bad\x1b[2J\nname{suffix}"
    elif kind == "dotdot":
        target = root / "missing" / ".." / f"escaped{suffix}"
    else:  # "twice": the same new file named by two outputs (or by the output and an input)
        target = root / f"same{suffix}"
        other = {"trace": ["--plot", str(root / "same.txt")], "build": ["--report", str(target)],
                 "build-report": ["-o", str(target)], "history": ["--plot", str(target)],
                 "history-plot": ["-o", str(target)]}
        args += other.get(command, [])
        if command not in other:  # the output names the pool read, given once more
            target = pool if "--cardpool" in args else own_input[suffix]
    return [*args, option, str(target)], stdin


def _cases() -> list[tuple[str, str]]:
    return list(itertools.product(WRITERS, KINDS))


def _run_case(tmp_path: Path, capsys, monkeypatch, command: str, kind: str) -> None:
    root = tmp_path / "work"
    root.mkdir()
    args, stdin = _setup(root, command, kind)
    if stdin is not None:
        import io
        import sys

        handle = os.open(root / "decks" / "deck.txt", os.O_RDONLY)  # `check - < deck.txt`
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(os.fdopen(os.dup(handle), "rb")))
        saved = os.dup(0)
        os.dup2(handle, 0)
        os.close(handle)
    before = _snapshot(root)
    try:
        code, _out, err = run_main(capsys, *args)
    finally:
        if stdin is not None:
            os.dup2(saved, 0)
            os.close(saved)
    lines = err.splitlines()
    assert code == 2, (command, kind, code, err[-1500:])
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) < 1024, (command, kind, err[-1500:])
    assert "\x1b" not in err
    assert any(word in lines[0] for word in WHY[kind]), (command, kind, lines[0])
    assert _snapshot(root) == before, (command, kind, "the folder changed")
    assert not (tmp_path / "escaped.txt").exists()


_SAMPLE = random.Random(25).sample(_cases(), 24)


@pytest.mark.parametrize(("command", "kind"), _SAMPLE)
def test_a_seeded_sample_of_hostile_targets_is_refused_and_nothing_changes(tmp_path, capsys, monkeypatch,
                                                                           command, kind):
    _run_case(tmp_path, capsys, monkeypatch, command, kind)


@pytest.mark.slow
@pytest.mark.parametrize(("command", "kind"), [case for case in _cases() if case not in _SAMPLE])
def test_every_writer_refuses_every_hostile_target(tmp_path, capsys, monkeypatch, command, kind):
    _run_case(tmp_path, capsys, monkeypatch, command, kind)


def _device(path: Path, minor: int) -> Path:
    """A character device like /dev/null (minor 3) or /dev/full (minor 7) in ``path``'s folder."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except (PermissionError, AttributeError):
        pytest.skip("creating a character device needs root (CAP_MKNOD)")
    return path


@pytest.mark.parametrize("command", ["check", "audit", "sheet", "plot", "build-report"])
def test_a_character_device_is_written_into_and_stays_a_device(tmp_path, capsys, command):
    before, option, suffix = WRITERS[command]
    null = _device(tmp_path / f"null{suffix}", 3)
    full = _device(tmp_path / f"full{suffix}", 7)
    decks = tmp_path / "decks"
    decks.mkdir()
    shutil.copy(DECK, decks)
    values = {"deck": str(DECK), "dir": str(decks), "src": str(CARDDATA / "wixossreact"),
              "sources": ""}
    args = [part.format(**values) for part in before]
    if command == "build-report":
        args += ["-o", str(tmp_path / "pool.json")]
    code, _out, err = run_main(capsys, *args, option, str(null))
    assert code in (0, 1), err[-1500:]
    code, _out, err = run_main(capsys, *args, option, str(full))
    # one error line; a machine without a CJK font also warns that the plot is drawn in English
    errors = [line for line in err.splitlines() if not line.startswith("warning: ")]
    assert code == 2 and len(errors) == 1 and "No space left" in errors[0], err[-1500:]
    for device in (null, full):
        assert stat.S_ISCHR(os.lstat(device).st_mode)


@pytest.mark.parametrize("option", ["-o", "--format-file", "--cardpool", "--config"])
def test_an_empty_path_is_refused_not_ignored(capsys, option):
    code, _out, err = run_main(capsys, "check", str(DECK), option, "")
    assert code == 2 and err.count("\n") == 1 and "empty path" in err, err


@pytest.mark.parametrize("error", [PermissionError(13, "Permission denied"), OSError(30, "Read-only file system"),
                                   OSError(28, "No space left on device")])
@pytest.mark.parametrize("command", ["check", "sheet", "build-report"])
def test_a_folder_that_cannot_be_written_is_one_line_and_the_old_file_stays(tmp_path, capsys, monkeypatch,
                                                                           error, command):
    """A read-only folder (root writes anywhere, so the refusal is made at the temporary
    file, where a read-only or full folder fails): one line, the old output intact, no
    temporary file left."""
    import tempfile

    before, option, suffix = WRITERS[command]
    target = tmp_path / f"out{suffix}"
    target.write_bytes(b"old\n")
    values = {"deck": str(DECK), "dir": "", "src": str(CARDDATA / "wixossreact"), "sources": ""}
    args = [part.format(**values) for part in before]
    if command == "build-report":
        args += ["-o", str(tmp_path / "pool.json")]
    real = tempfile.mkstemp

    def refuse(*a, dir=None, **k):
        if dir == str(tmp_path) and k.get("prefix", "").startswith(".out"):
            raise error
        return real(*a, dir=dir, **k)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, _out, err = run_main(capsys, *args, option, str(target))
    assert code == 2 and err.count("\n") == 1 and error.strerror in err, err
    assert target.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []

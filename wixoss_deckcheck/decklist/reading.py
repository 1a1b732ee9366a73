"""Reading a decklist file as text: encodings, size limits, binary files."""

from __future__ import annotations

import codecs
import os
import re
import stat
import sys
from pathlib import Path

from wixoss_deckcheck.decklist.encodings import decode_legacy
from wixoss_deckcheck.errors import InputError, UsageError

#: Decklists are small; anything larger is refused before it is read whole.
MAX_DECK_BYTES = 1_000_000
_READ_SIZE = 65_536
# What no decklist holds once decoded: controls other than tab and line breaks, lone surrogates.
_UNSAFE = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff]")
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


#: Whether a deck may be read through a symbolic link that leads outside (``--allow-outside``):
#: set once by the command line for the run (forked audit workers inherit it).
_OUTSIDE = [False]
OUTSIDE_LINK = (
    "a symbolic link to a file outside its folder and the current folder: not read (--allow-outside reads it)"
)


#: Folders a link may lead into besides its own and the current one: the trees an audit walks.
_TREES: list[str] = []


def trust_tree(folder: str | os.PathLike) -> None:
    """Let links lead anywhere inside ``folder`` (an audited tree: the walk checked its links)."""
    real = os.path.realpath(folder)
    if real not in _TREES:
        _TREES.append(real)


def allow_outside(allowed: bool) -> None:
    """Let this run read decks through links that lead outside (``--allow-outside``), or not."""
    _OUTSIDE[0] = bool(allowed)


def outside_allowed() -> bool:
    return _OUTSIDE[0]


def inside(path: str | os.PathLike, root: str | os.PathLike) -> bool:
    """Whether ``path`` (resolved) is ``root`` (resolved) or under it (False for a path that
    cannot be resolved: a NUL byte)."""
    try:
        real, top = os.path.realpath(path), os.path.realpath(root)
    except (ValueError, OSError):
        return False
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def refuse_outside_link(path: str | os.PathLike) -> None:
    """A deck reached through a symbolic link whose target lies outside the link's own folder
    and the current folder is refused, unless ``--allow-outside``: a pull request cannot make
    CI read ``/etc/passwd`` or a secrets file by adding ``decks/x.txt -> /etc/passwd``.
    (A path named outright, without a link, is read wherever it is: the user named it.)"""
    if _OUTSIDE[0]:
        return
    try:
        given = os.path.abspath(path)
        real = os.path.realpath(given)
    except (ValueError, OSError):  # a NUL byte, a name too long: opening it says so
        return
    if real == os.path.normpath(given):
        return  # no link on the way
    folder = os.path.dirname(os.path.normpath(given))
    roots = [os.getcwd(), *_TREES] + ([folder] if os.path.realpath(folder) == folder else [])
    if not any(inside(real, root) for root in roots) and _planted_link(given, [os.getcwd(), *_TREES]):
        raise InputError(OUTSIDE_LINK, str(path))


def _planted_link(given: str, roots: list[str]) -> bool:
    """Whether a link on the way to ``given`` is the file itself or lies in the current
    folder or a tree given (a link a repository can hold: ``decks/x.txt -> /etc/passwd``,
    ``decks -> /etc``), rather than a folder link of the user's own elsewhere
    (``../shared`` beside the clone), which the path named outright goes through."""
    norm = os.path.normpath(given)
    if os.path.islink(norm):
        return True
    parts = norm.split(os.sep)
    for end in range(2, len(parts)):
        prefix = os.sep.join(parts[:end])
        if os.path.islink(prefix) and any(inside(os.path.dirname(prefix), root) for root in roots):
            return True
    return False


def read_deck_bytes(path: str | Path) -> bytes:
    """Read a deck file, refusing directories, missing files and very large files, and a
    link that leads outside (:func:`refuse_outside_link`).

    Plain ``os`` calls (open, read, close): an audit reads thousands of small files, and
    a buffered file object per deck costs more than the reading itself.
    """
    refuse_outside_link(path)
    handle = _open(path)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            if stat.S_ISDIR(os.fstat(handle).st_mode):
                raise InputError("is a directory, not a decklist", str(path))
            raise InputError("not a regular file (a FIFO, socket or device), not a decklist", str(path))
        return _read_all(handle, path)
    except IsADirectoryError:
        raise InputError("is a directory, not a decklist", str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", str(path)) from None
    finally:
        os.close(handle)


def _open(path: str | Path) -> int:
    """A descriptor of the file (opened without waiting for a FIFO's writer); InputError if none."""
    try:
        return os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise InputError("no such file", str(path)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a decklist", str(path)) from None
    except PermissionError:
        raise InputError("permission denied", str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", str(path)) from None
    except ValueError:  # a NUL byte in the name (a path list on stdin, a hostile file name)
        raise InputError("no such file (the name holds a NUL byte)", str(path)) from None


def _read_all(handle: int, path: str | Path) -> bytes:
    """Every byte of the open file, up to :data:`MAX_DECK_BYTES` (more is refused)."""
    chunks = []
    total = 0
    while total <= MAX_DECK_BYTES:
        # Small reads: asking for the whole limit at once makes Python set aside a
        # megabyte for every file, which costs more than reading a decklist.
        chunk = os.read(handle, min(_READ_SIZE, MAX_DECK_BYTES + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    if total > MAX_DECK_BYTES:
        size = os.fstat(handle).st_size
        raise InputError(f"file is {max(size, total):,} bytes; a decklist is at most {MAX_DECK_BYTES:,}", str(path))
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def check_text_encoding(encoding: str) -> None:
    """A UsageError unless ``encoding`` names a codec that turns bytes into text
    (not ``undefined``, ``rot13``, ``base64``, ``zlib`` and the like)."""
    try:
        info = codecs.lookup(encoding)
    except (LookupError, ValueError, TypeError):  # ValueError: a NUL in the name
        raise UsageError(f"unknown encoding {encoding!r}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name == "undefined":
        raise UsageError(f"{encoding!r} is not a text encoding (--encoding)")


def read_stdin_bytes() -> bytes:
    """The deck on standard input (``check -``), with the same size limit as a file."""
    stream = getattr(sys.stdin, "buffer", None)
    try:
        data = stream.read(MAX_DECK_BYTES + 1) if stream is not None else sys.stdin.read(MAX_DECK_BYTES + 1).encode()
    except OSError as exc:
        raise InputError(f"cannot read standard input: {exc.strerror or exc}", "<stdin>") from None
    if len(data) > MAX_DECK_BYTES:
        raise InputError(f"standard input holds over {MAX_DECK_BYTES:,} bytes; a decklist is at most that", "<stdin>")
    return data


def decode_deck(data: bytes, path: str, encoding: str | None = None) -> str:
    """Decode deck bytes: an explicit encoding, else BOMs, UTF-8, then whichever of Shift_JIS,
    GBK/GB18030 and Big5 the bytes clearly are (:mod:`.encodings`).

    Binary data (NUL bytes outside UTF-16) is refused with a clear error.
    """
    if encoding:
        check_text_encoding(encoding)
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise InputError(f"not valid {encoding} text (byte {exc.start})", path) from None
        unsafe = _UNSAFE.search(text)  # escape codecs (unicode_escape) can spell anything
        if unsafe:
            line = text.count("\n", 0, unsafe.start()) + 1
            raise InputError(f"a control character or lone surrogate in {encoding} text", path, line)
        return text
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise InputError(f"not valid UTF-16 text (byte {exc.start})", path) from None
    if b"\x00" in data:
        guess = _utf16_without_bom(data)
        if guess is not None:
            return guess
        raise InputError("binary file, not a decklist", path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as utf8_error:
        return decode_legacy(data, path, data[: utf8_error.start].count(b"\n") + 1)


def _utf16_without_bom(data: bytes) -> str | None:
    if len(data) % 2:
        return None
    evens, odds = data[0::2].count(0), data[1::2].count(0)
    codec = "utf-16-le" if odds > evens else "utf-16-be"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    return None if "\x00" in text else text

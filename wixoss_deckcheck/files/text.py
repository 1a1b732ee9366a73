"""Reading and writing the tool's own text files, with errors that name the file.

Format tables, settings, alias tables, policies and source lists are UTF-8 (a
byte-order mark is allowed). Output and cache files are written atomically: to a
temporary file beside the target, then renamed, so a failure never leaves half a file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from wixoss_deckcheck.errors import InputError

#: The largest text file read through :func:`read_text_file` unless the caller gives
#: another limit (the importers' card lists, state files).
MAX_TEXT_BYTES = 8_000_000
#: The largest YAML file of the tool's own kinds it reads: format tables, settings,
#: message catalogues, alias tables, policies, sources, corrections, the release calendar.
#: The largest shipped one (the release calendar) is 92 KB; a format table of 4,000
#: Mayu's Room entries is about 450 KB. They are cached once read, so a giant is refused
#: rather than read slowly.
MAX_YAML_BYTES = 1_000_000
_READ_SIZE = 1 << 20


def read_regular_file(path: str | os.PathLike, what: str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else is an InputError.

    A FIFO, a device (``/dev/zero``, ``/dev/urandom``), a socket or a directory is
    refused at once: the file is opened without blocking (a FIFO with no writer would
    wait forever) and its type checked before a byte is read. The read stops past
    ``limit`` even if the file grows meanwhile.
    """
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise InputError(f"{what} not found", str(path)) from None
    except IsADirectoryError:
        raise InputError(f"{what} is a directory, not a file", str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", str(path)) from None
    except ValueError:  # a NUL byte in the name
        raise InputError(f"{what} not found (the name holds a NUL byte)", str(path)) from None
    try:
        size = _regular_size(handle, path, what, limit)
        return _read_at_most(handle, size, path, what, limit)
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", str(path)) from None
    finally:
        os.close(handle)


def _regular_size(handle: int, path: str | os.PathLike, what: str, limit: int) -> int:
    """The size of an open regular file of at most ``limit`` bytes; anything else is an InputError."""
    info = os.fstat(handle)
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{what} is a directory, not a file", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{what} is not a regular file (a FIFO, socket or device)", str(path))
    if info.st_size > limit:
        raise InputError(f"{what} is {info.st_size:,} bytes; at most {limit:,} are read", str(path))
    return info.st_size


def _read_at_most(handle: int, size: int, path: str | os.PathLike, what: str, limit: int) -> bytes:
    """The whole file (in one read as a rule), refused if it grows past ``limit`` meanwhile."""
    first = os.read(handle, min(size, limit) + 1)
    chunks, total = [first], len(first)
    while first and total <= limit:
        chunk = os.read(handle, min(_READ_SIZE, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    if total > limit:
        raise InputError(f"{what} grew past {limit:,} bytes while it was read", str(path))
    return first if len(chunks) == 1 else b"".join(chunks)


def read_text_file(path: str | os.PathLike, what: str, limit: int = MAX_TEXT_BYTES) -> str:
    """A UTF-8 regular file's text (at most ``limit`` bytes); a missing, special, too
    large, unreadable or non-UTF-8 file is an InputError."""
    raw = read_regular_file(path, what, limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError(f"{what} is not UTF-8 (byte {exc.start})", str(path), line) from None


def replace_atomically(target: Path, data: bytes, private: bool = False) -> None:
    """Write ``data`` to ``target`` through a temporary file in the same folder, then rename.

    The new file gets the usual permissions (the umask), unless ``private``. Raises
    OSError; the temporary file never stays behind.
    """
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(target.parent))
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        if not private:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp_name, 0o666 & ~umask)
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise


#: Up to this many inputs, each is compared with an existing output file by device and
#: inode (links included); beyond it only the inputs of the same file name are.
_STAT_ALL = 64


def check_output_path(path: str | os.PathLike, inputs: Iterable[str | os.PathLike] = (), what: str = "output") -> bool:
    """Refuse an output path that must not be written, before any work is done.

    Refused, each with one line: an empty name, a name holding a control character, a
    missing folder, a directory, a symbolic link, a FIFO, a socket or a block device, a
    read-only file, or one of the ``inputs`` (the decks, templates, sources being read;
    ``-`` stands for standard input's file). Returns True for a character device
    (``/dev/null``, ``/dev/full``, a terminal): it is written into as a stream, never
    replaced by a regular file.
    """
    name = os.fspath(path)
    if not name:
        raise InputError(f"{what} path is empty", "''")
    if any(ord(char) < 32 or 127 <= ord(char) < 160 for char in name):
        raise InputError(f"{what} path holds a control character", repr(name)[1:-1])
    target = Path(name)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        directory = target.parent if str(target.parent) else Path(".")
        if not os.path.isdir(directory):
            raise InputError(f"{what} directory does not exist", name) from None
        return False
    except OSError as exc:
        raise InputError(f"cannot write {what}: {exc.strerror or exc}", name) from None
    if stat.S_ISCHR(info.st_mode):
        return True
    _refuse_special(info.st_mode, target, what)
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise InputError(f"{what} path is a read-only file", name)
    _refuse_inputs(info, target, inputs, what)
    return False


def _refuse_special(mode: int, target: Path, what: str) -> None:
    """Refuse an existing output path that is not a regular file."""
    if stat.S_ISDIR(mode):
        raise InputError(f"{what} path is a directory", str(target))
    if stat.S_ISLNK(mode):
        raise InputError(f"{what} path is a symbolic link (name the file it points to)", str(target))
    if not stat.S_ISREG(mode):
        raise InputError(f"{what} path is not a regular file (a FIFO, socket or block device)", str(target))


def _refuse_inputs(info: os.stat_result, target: Path, inputs: Iterable[str | os.PathLike], what: str) -> None:
    """Refuse an output file that is one of the inputs (by device and inode)."""
    sources = [source for source in inputs if source is not None]
    if len(sources) > _STAT_ALL:  # an audit of thousands: only names that could be this file
        sources = [source for source in sources if os.path.basename(source) == target.name]
    for source in sources:
        try:
            same = os.path.samestat(info, os.fstat(0) if os.fspath(source) == "-" else os.stat(source))
        except (OSError, ValueError):
            continue
        if same:
            raise InputError(f"{what} path is one of the inputs; it would be overwritten", str(target))


def refuse_same_outputs(outputs: dict[str, str | os.PathLike | None]) -> None:
    """Refuse two options naming one output file (``-o`` and ``--report``, ``--trace``
    and ``--plot``): the second would replace the first."""
    seen: dict[str, str] = {}
    for option, path in outputs.items():
        if not path:
            continue
        key = os.path.normcase(os.path.realpath(path))
        if key in seen:
            raise InputError(f"{seen[key]} and {option} name the same file; one would replace the other", str(path))
        seen[key] = option


def write_atomic(
    path: str | os.PathLike, data: str | bytes, inputs: Iterable[str | os.PathLike] = (), what: str = "output"
) -> None:
    """Write a user-named output file (``-o``, ``--plot``, ``--trace``, ``--report``, a
    sheet, a pool): the one checked way, atomically, an InputError on failure.

    See :func:`check_output_path` for what is refused; a character device is written
    into (``/dev/null`` swallows it, ``/dev/full`` is a one-line error), never replaced.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    device = check_output_path(target, inputs, what)
    try:
        if device:
            with open(target, "wb") as out:
                out.write(payload)
        else:
            replace_atomically(target, payload)
    except OSError as exc:
        raise InputError(f"cannot write {what}: {exc.strerror or exc}", str(target)) from None

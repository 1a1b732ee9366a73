"""Reading and writing the tool's own text files, with errors that name the file.

Format tables, settings, alias tables, policies and source lists are UTF-8 (a
byte-order mark is allowed). Output and cache files are written atomically: to a
temporary file beside the target, then renamed, so a failure never leaves half a file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from wixoss_deckcheck.errors import InputError

#: The largest text file of the tool's own kinds (format tables, settings, alias
#: tables, policies, source lists) it reads; the shipped ones are under 40 KB.
MAX_TEXT_BYTES = 8_000_000
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
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"{what} is a directory, not a file", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{what} is not a regular file (a FIFO, socket or device)", str(path))
        if info.st_size > limit:
            raise InputError(f"{what} is {info.st_size:,} bytes; at most {limit:,} are read", str(path))
        first = os.read(handle, min(info.st_size, limit) + 1)  # the whole file, in one read as a rule
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
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror or exc}", str(path)) from None
    finally:
        os.close(handle)


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
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise


#: Up to this many inputs, each is compared with an existing output file by device and
#: inode (links included); beyond it only the inputs of the same file name are.
_STAT_ALL = 64


def check_output_path(path: str | os.PathLike, inputs: Iterable[str | os.PathLike] = (), what: str = "output") -> bool:
    """Refuse an output path that must not be written, before any work is done: a
    missing folder, a directory, a symbolic link, a FIFO, a socket or a block device,
    or one of the ``inputs`` (the decks being checked). Returns True for a character
    device (``/dev/null``, a terminal), which is written into, never replaced."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise InputError(f"cannot write {what}: {exc.strerror or exc}", str(target)) from None
    if info is None:
        if not os.path.isdir(directory):
            raise InputError(f"{what} directory does not exist", str(target))
        return False
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise InputError(f"{what} path is a directory", str(target))
    if stat.S_ISLNK(mode):
        raise InputError(f"{what} path is a symbolic link (name the file it points to)", str(target))
    if stat.S_ISCHR(mode):
        return True
    if not stat.S_ISREG(mode):
        raise InputError(f"{what} path is not a regular file (a FIFO, socket or block device)", str(target))
    sources = list(inputs)
    if len(sources) > _STAT_ALL:  # an audit of thousands: only names that could be this file
        sources = [source for source in sources if os.path.basename(source) == target.name]
    for source in sources:
        try:
            if os.path.samestat(info, os.stat(source)):
                raise InputError(f"{what} path is one of the input decks; it would be overwritten", str(target))
        except OSError:
            continue
    return False


def write_atomic(path: str | os.PathLike, text: str, inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Write a user-named output file (``-o``): atomically, an InputError on failure.

    See :func:`check_output_path` for what is refused; a character device is written into.
    """
    target = Path(path)
    device = check_output_path(target, inputs)
    try:
        if device:
            with open(target, "wb") as out:
                out.write(text.encode("utf-8"))
        else:
            replace_atomically(target, text.encode("utf-8"))
    except OSError as exc:
        raise InputError(f"cannot write output: {exc.strerror or exc}", str(target)) from None

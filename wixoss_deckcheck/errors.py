"""Input and usage errors: one line, naming the file, the line and the problem.

Every error a user can cause (a malformed decklist, a broken format table, an
unreadable card pool) is raised as :class:`InputError`; the command line turns it
into a single ``error:`` line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import re

#: An error line never grows past this many characters per part (message, path): a
#: hostile file cannot make the tool echo megabytes of its text.
MAX_PART = 300
#: A file name shown in a report is escaped like an error line, but cut only past this.
MAX_PATH = 4096

# Characters a terminal or a CI log acts on or cannot print: C0 and C1 controls, DEL,
# lone surrogates, and the Unicode line and paragraph separators.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


#: The user-info part of a URL (``https://user:token@host/``): credentials, never shown.
_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/?#\s@]*@")


def redact_credentials(text: str) -> str:
    """``text`` with the user name and password of every URL in it replaced by ``***``
    (``https://user:token@host/x`` -> ``https://***@host/x``): for error lines, the pool's
    ``sources`` and ``cardpool info``."""
    return _CREDENTIALS.sub(r"\1***@", text) if "@" in text else text


def printable(text: str, limit: int = MAX_PART) -> str:
    """``text`` safe for one line of a terminal: unprintable characters as ``\\xNN`` /
    ``\\uNNNN`` escapes, and at most ``limit`` characters (the middle cut out)."""
    if not text.isprintable() and _UNPRINTABLE.search(text):  # isprintable: the quick yes for most text
        text = _UNPRINTABLE.sub(_escape, text)
    if len(text) > limit:
        half = (limit - 3) // 2
        text = f"{text[:half]}...{text[-half:]}"
    return text


#: How much of a piece of input (a decklist line, a cell, a key) a message quotes: a line that
#: may be anything -- a password file's, a secret's -- must not be echoed whole into a CI log.
QUOTED = 40
#: ... and of a piece that cannot be a card line at all (two colons, ``=``, ``$``, ``_``, ...).
SHORT_QUOTE = 12
_NOT_A_CARD_LINE = re.compile(r"[=_$\\;{}<>|\"`@]|:.*:")


def quoted(text: object) -> str:
    """A piece of input as a message quotes it: :func:`printable`, at most :data:`QUOTED`
    characters (``…`` for the rest), and at most :data:`SHORT_QUOTE` when it cannot be a card
    line (``root:x:0:0:root:/root:/bin/bash`` is ``root:x:0:0:…``)."""
    shown = printable(str(text).strip())
    limit = SHORT_QUOTE if _NOT_A_CARD_LINE.search(shown) else QUOTED
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class InputError(Exception):
    """A problem with something the user gave us (file, option, data)."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        if "\n" in message or "\r" in message:  # always one line on the terminal
            message = " ".join(part.strip() for part in message.splitlines() if part.strip())
        message = printable(redact_credentials(message))  # a mirror's https://user:token@ never shown
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __reduce__(self):
        # Keep path and line when a result crosses a process boundary (parallel audits).
        return (self.__class__, (self.message, self.path, self.line))

    def __str__(self) -> str:
        where = ""
        if self.path:
            where = printable(str(self.path))
            if self.line:
                where += f":{self.line}"
            where += ": "
        return where + self.message


class UsageError(InputError):
    """A problem with the options given (an unknown format, a date out of range)."""

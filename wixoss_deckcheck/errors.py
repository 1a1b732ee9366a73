"""Input and usage errors: one line, naming the file, the line and the problem.

Every error a user can cause (a malformed decklist, a broken format table, an
unreadable card pool) is raised as :class:`InputError`; the command line turns it
into a single ``error:`` line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations


class InputError(Exception):
    """A problem with something the user gave us (file, option, data)."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None):
        if "\n" in message or "\r" in message:  # always one line on the terminal
            message = " ".join(part.strip() for part in message.splitlines() if part.strip())
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
            where = str(self.path)
            if self.line:
                where += f":{self.line}"
            where += ": "
        return where + self.message


class UsageError(InputError):
    """A problem with the options given (an unknown format, a date out of range)."""

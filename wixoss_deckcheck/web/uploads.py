"""What a request to ``serve`` uploads: decks (files, a pasted text, the members of a
``.zip``) and the fields beside them, read with bounds.

Nothing is written to disk here: every deck is held as bytes and read as a file of its
name is (the multipart parser spools a large part to a temporary file of its own, which is
closed, and so removed, when the request ends). Over a bound -- the whole request, one
deck, a zip's member count or unpacked size (a zip bomb) -- is :class:`TooLarge` (HTTP 413).
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from starlette.datastructures import FormData, UploadFile
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wixoss_deckcheck.checking.audit import is_deck_file
from wixoss_deckcheck.checking.session import PASTED
from wixoss_deckcheck.decklist.reading import MAX_DECK_BYTES
from wixoss_deckcheck.errors import MAX_PART, InputError, printable

#: The most a request may send (a desk's drop of many sheets, or their zip).
MAX_REQUEST_BYTES = 32_000_000
#: The most decks one request (or one zip) may hold.
MAX_DECKS = 500
#: The most a zip's members may unpack to, all together.
MAX_UNPACKED_BYTES = 64_000_000


class TooLarge(Exception):
    """An upload over a bound: HTTP 413 with this one line."""


@dataclass
class Upload:
    """The decks of a request, by name (in the order given), and its other fields."""

    decks: dict[str, bytes] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)

    def get(self, name: str) -> str | None:
        """A text field, stripped; None when absent or empty."""
        value = self.fields.get(name, "").strip()
        return value or None

    def flag(self, name: str) -> bool:
        return (self.get(name) or "").lower() in ("1", "true", "on", "yes")

    def one_deck(self) -> tuple[str, bytes]:
        """The request's one deck: a usage error without one or with several."""
        if not self.decks:
            raise InputError("no deck: send a file as 'deck' or the list as 'text'")
        if len(self.decks) > 1:
            raise InputError(f"{len(self.decks)} decks sent; this takes one (POST /api/audit takes many)")
        return next(iter(self.decks.items()))

    def some_decks(self) -> dict[str, bytes]:
        if not self.decks:
            raise InputError("no deck: send files as 'deck' (or one .zip of them)")
        return self.decks


async def read_upload(form: FormData) -> Upload:
    """The decks (``deck`` files, ``.zip`` files unpacked, a ``text`` field) and the other fields."""
    upload = Upload()
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            if key != "deck":
                continue
            data = await value.read(MAX_REQUEST_BYTES + 1)
            name = _file_name(value.filename)
            if name.lower().endswith(".zip"):
                for member, content in unzip(data, name):
                    _add(upload, member, content)
            else:
                _add(upload, name, data)
        elif key == "text":
            if value.strip():
                _add(upload, PASTED, value.encode("utf-8"))
        else:
            upload.fields[key] = value
    return upload


def _add(upload: Upload, name: str, data: bytes) -> None:
    if len(data) > MAX_DECK_BYTES:
        raise TooLarge(f"{printable(name)}: {len(data):,} bytes; a decklist is at most {MAX_DECK_BYTES:,}")
    if len(upload.decks) >= MAX_DECKS:
        raise TooLarge(f"over {MAX_DECKS} decks in one request")
    unique, number = name, 1
    while unique in upload.decks:  # two files of one name: both are checked, the second renamed
        number += 1
        stem, suffix = os.path.splitext(name)
        unique = f"{stem} ({number}){suffix}"
    upload.decks[unique] = data


def _file_name(given: str | None) -> str:
    """The upload's own file name, without any folder a browser sent (``deck`` when none)."""
    name = (given or "").replace("\\", "/").rsplit("/", 1)[-1].strip()
    return printable(name, MAX_PART) if name and name not in (".", "..") else "deck"


def unzip(data: bytes, name: str) -> Iterator[tuple[str, bytes]]:
    """The decklists of a ``.zip`` (by suffix, as ``audit`` finds them in a folder; hidden
    files and folders left out), each as ``name/member``; a member or the total over its
    bound is :class:`TooLarge`, whatever the zip's directory claims."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [info for info in archive.infolist() if not info.is_dir() and _wanted(info.filename)]
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise InputError(f"not a readable .zip: {exc}", name) from None
    if len(members) > MAX_DECKS:
        raise TooLarge(f"{printable(name)}: {len(members)} decklists; a zip holds at most {MAX_DECKS}")
    total = 0
    with archive:
        for info in members:
            content = _member(archive, info, name)
            total += len(content)
            if total > MAX_UNPACKED_BYTES:
                raise TooLarge(f"{printable(name)}: unpacks to over {MAX_UNPACKED_BYTES:,} bytes")
            yield f"{name}/{info.filename}", content


def _wanted(member: str) -> bool:
    parts = member.replace("\\", "/").split("/")
    return is_deck_file(parts[-1]) and not any(part.startswith(".") or part == "__MACOSX" for part in parts)


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> bytes:
    """A member's bytes, read up to one past the deck bound (its stated size is not trusted)."""
    try:
        with archive.open(info) as handle:
            content = handle.read(MAX_DECK_BYTES + 1)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, ValueError, OSError) as exc:
        raise InputError(f"cannot unpack {info.filename!r}: {exc}", name) from None
    if len(content) > MAX_DECK_BYTES:
        raise TooLarge(f"{printable(name)}/{printable(info.filename)}: over {MAX_DECK_BYTES:,} bytes unpacked")
    return content


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is refused with 413 (at once
    when its Content-Length says so, else as soon as that many bytes have come)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_REQUEST_BYTES,
                 say: Callable[[Scope, str], str] | None = None) -> None:
        self.app = app
        self.limit = limit
        #: The error line of a refusal (in the request's language): ``error: MESSAGE`` without it.
        self.say = say or (lambda _scope, message: f"error: {message}")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or ()).get(b"content-length", b"0")
        if length.isdigit() and int(length) > self.limit:
            await _too_large(send, self.say(scope, too_large(self.limit)))
            return
        received = 0

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                raise TooLarge(too_large(self.limit))
            return message

        await self.app(scope, bounded, send)


def too_large(limit: int) -> str:
    """What a request over ``limit`` bytes is told."""
    return f"the request is over {limit:,} bytes"


async def _too_large(send: Send, line: str) -> None:
    body = json.dumps({"error": line}).encode()
    headers: list[Any] = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})

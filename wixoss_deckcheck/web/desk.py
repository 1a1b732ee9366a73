"""The organiser's desk: every submitted deck at once (the audit), who submitted it, and
all their official sheets in one ``.zip``."""

from __future__ import annotations

import io
import json
import os
import zipfile

from starlette.requests import Request
from starlette.responses import Response

from wixoss_deckcheck.decklist import kind_of, load_deck_data
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.messages import Messages
from wixoss_deckcheck.web.api import (
    attachment,
    audit_report,
    download_name,
    guarded,
    read_request,
    request_language,
    resolved_deck,
    sheet_of,
)


def player_of(name: str, data: bytes) -> str:
    """Who submitted a deck: the nickname in its sheet's header (ニックネーム), else its file
    name without folder and ending (a text deck's ``# name:`` names the deck, not the player)."""
    if kind_of(name) == "sheet":
        try:
            nickname = load_deck_data(data, name).name
        except InputError:
            nickname = None
        if nickname and nickname.strip():
            return nickname.strip()
    return os.path.splitext(os.path.basename(name))[0]


@guarded
async def desk_check(request: Request) -> Response:
    """``POST /api/desk``: the audit of every deck sent (as ``/api/audit``), with each deck's player."""
    upload = await read_request(request)
    report = audit_report(upload, request)
    players = {name: player_of(name, data) for name, data in upload.decks.items()}
    document = {"report": report.to_dict(), "players": players, "exit_code": report.exit_code()}
    return Response(json.dumps(document, ensure_ascii=False), media_type="application/json")


@guarded
async def all_sheets(request: Request) -> Response:
    """``POST /api/sheets``: the official sheet of every deck sent, in one ``.zip``; a deck
    that cannot be put on a sheet is named with its reason in ``not-written.txt``."""
    upload = await read_request(request)
    defaults = request.app.state.defaults
    messages = Messages(request_language(request, upload.get("lang")))
    buffer, refused, taken = io.BytesIO(), [], set[str]()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in upload.some_decks().items():
            try:
                sheet = sheet_of(upload, resolved_deck(upload, name, data, defaults), defaults)
            except InputError as exc:
                refused.append(messages.error_line(exc))
                continue
            archive.writestr(_unique(download_name(name, ".xlsx"), taken), sheet)
        if refused:
            archive.writestr("not-written.txt", "\n".join(refused) + "\n")
    return attachment(buffer.getvalue(), "sheets.zip", "application/zip")


def _unique(name: str, taken: set[str]) -> str:
    stem, suffix = os.path.splitext(name)
    unique, number = name, 1
    while unique in taken:
        number += 1
        unique = f"{stem} ({number}){suffix}"
    taken.add(unique)
    return unique

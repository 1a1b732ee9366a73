"""The JSON API of ``serve``: the same core, the same records as the command line.

``POST /api/check`` is ``check -O json`` of one deck, ``POST /api/audit`` ``audit -O json``
(or ``-O csv``) of many, ``POST /api/sheet`` the ``sheet`` command's ``.xlsx``, ``GET
/api/formats`` ``formats -O json``. A bad request is the command line's one error line as
JSON (``{"error": "error: ..."}``) with HTTP 400; an upload over a bound HTTP 413. The
header ``X-Exit-Code`` carries the exit code the command would have ended with.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Scope

from wixoss_deckcheck.checking.audit import run_audit
from wixoss_deckcheck.checking.run_settings import RunSettings
from wixoss_deckcheck.checking.session import PASTED, run_check
from wixoss_deckcheck.checking.sheet_deck import (
    deck_text,
    official_sheet,
    refuse_bad_seat,
    resolve_for_sheet,
    sheet_fields,
)
from wixoss_deckcheck.decklist import load_deck_data
from wixoss_deckcheck.errors import InputError, printable
from wixoss_deckcheck.messages import LANGUAGES, Messages, normalize_language
from wixoss_deckcheck.model.resolved import ResolvedDeck
from wixoss_deckcheck.model.results import RunReport
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.reporters import render
from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format
from wixoss_deckcheck.web.uploads import MAX_REQUEST_BYTES, TooLarge, Upload, read_upload


@dataclass(frozen=True)
class ServeDefaults:
    """What ``serve``'s options set for every request: the pool, and the format and event
    date the pages start with (a request's own fields come first)."""

    cardpool: str | None = None
    format_id: str | None = None
    event_date: str | None = None


Handler = Callable[[Request], Awaitable[Response]]


def guarded(handler: Handler) -> Handler:
    """An endpoint whose bad input is one error line as JSON (400), an upload over a bound
    413, and anything else a one-line 500: never a traceback page."""

    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except TooLarge as exc:  # in the language asked for, as an input error's line
            lang = getattr(request.state, "lang", None) or request_language(request)
            return error_response(Messages(lang).error_line(InputError(str(exc))), 413)
        except HTTPException as exc:  # a form the multipart parser cannot read: its words after the tool's
            lang = getattr(request.state, "lang", None) or request_language(request)
            detail = printable(" ".join(str(exc.detail).split()))
            line = Messages(lang).error_line(InputError(f"the request is no form the tool can read: {detail}"))
            return error_response(line, exc.status_code)
        except InputError as exc:  # in the language of the request's lang field, once it is read
            lang = getattr(request.state, "lang", None) or request_language(request)
            return error_response(Messages(lang).error_line(exc), 400)

    endpoint.__name__ = handler.__name__
    endpoint.__doc__ = handler.__doc__
    return endpoint


def error_response(line: str, status: int) -> JSONResponse:
    return JSONResponse({"error": line}, status_code=status, headers={"X-Exit-Code": "2"})


def too_large_line(scope: Scope, message: str) -> str:
    """The error line of a request refused for its size before it is read (:class:`BodyLimit`),
    in the language its query or ``Accept-Language`` asks for."""
    return Messages(request_language(Request(scope))).error_line(InputError(message))


def request_language(request: Request, given: str | None = None) -> str:
    """The language asked for (a ``lang`` field or query), else the browser's first of
    ``Accept-Language`` that the tool speaks, else English."""
    chosen = normalize_language(given or request.query_params.get("lang"))
    return chosen or accepted_language(request.headers.get("accept-language", ""))


def accepted_language(header: str) -> str:
    """The best of ``Accept-Language`` (``ja,en;q=0.8``) among :data:`LANGUAGES`, else ``en``."""
    ranked = []
    for index, part in enumerate(header.split(",")):
        tag, _semi, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            weight = 0.0
        lang = normalize_language(tag.strip())
        if lang in LANGUAGES and weight > 0:
            ranked.append((-weight, index, lang))
    return min(ranked)[2] if ranked else "en"


async def read_request(request: Request) -> Upload:
    """The request's decks and fields (its language, ``request.state.lang``, for an error line)."""
    async with request.form(max_files=1000, max_fields=100, max_part_size=MAX_REQUEST_BYTES) as form:
        upload = await read_upload(form)
    request.state.lang = request_language(request, upload.get("lang"))
    return upload


def _settings(upload: Upload, request: Request, defaults: ServeDefaults) -> RunSettings:
    return RunSettings(
        cardpool=defaults.cardpool,
        lang=request_language(request, upload.get("lang")),
        format_id=upload.get("format"),
        as_of=upload.get("as_of"),
    )


def _report(text: str, report: RunReport, media_type: str = "application/json") -> Response:
    return Response(text, media_type=media_type, headers={"X-Exit-Code": str(report.exit_code())})


@guarded
async def check(request: Request) -> Response:
    """``POST /api/check``: one deck (``deck`` file or ``text``) → ``check -O json``."""
    upload = await read_request(request)
    name, data = upload.one_deck()
    settings = _settings(upload, request, request.app.state.defaults)
    report = run_check([name], settings, {name: data})
    failed = report.results[0].error
    if failed is not None:
        raise failed
    return _report(render("json", report), report)


@guarded
async def audit(request: Request) -> Response:
    """``POST /api/audit``: several decks (``deck`` files, or a ``.zip``) → ``audit -O json``
    (``output_format=csv``: ``audit -O csv``)."""
    upload = await read_request(request)
    report = audit_report(upload, request)
    if upload.get("output_format") == "csv":
        return _report(render("csv", report), report, "text/csv; charset=utf-8")
    return _report(render("json", report), report)


def audit_report(upload: Upload, request: Request) -> RunReport:
    decks = upload.some_decks()
    return run_audit(list(decks), _settings(upload, request, request.app.state.defaults), 1, None, decks)


def resolved_deck(upload: Upload, name: str, data: bytes, defaults: ServeDefaults) -> ResolvedDeck:
    """A deck read and resolved for its sheet; the request's ``format`` names its format."""
    deck = load_deck_data(data, name, upload.get("encoding"), "stdin" if name == PASTED else None)
    chosen = upload.get("format")
    if chosen:  # an unknown format is a usage error, as on the command line
        deck.format = load_format(chosen).id
    return resolve_for_sheet(deck, CardPool.load(locate_pool(defaults.cardpool)))


def sheet_of(upload: Upload, resolved: ResolvedDeck, defaults: ServeDefaults) -> bytes:
    """The official sheet's bytes, with the request's header fields (``team``, ``seat``,
    ``nickname``, ``selector_id``, ``event_date``, ``venue``, ``center``)."""
    team, seat = upload.flag("team"), upload.get("seat")
    refuse_bad_seat(team, seat)
    given = {key: upload.get(key) for key in ("nickname", "selector_id", "venue", "center")}
    given["event_date"] = upload.get("event_date") or defaults.event_date
    given["seat"] = seat
    return official_sheet(resolved, sheet_fields(resolved, given, "event_date"), team)


def download_name(name: str, suffix: str) -> str:
    """The file name of a download made from the deck ``name`` (``deck.xlsx`` for pasted text)."""
    stem = os.path.splitext(os.path.basename(name))[0] if name != PASTED else ""
    return ("".join(char for char in stem if char.isalnum() or char in "-_. ()").strip(". ") or "deck") + suffix


def attachment(data: bytes | str, filename: str, media_type: str) -> Response:
    """A download named ``filename`` (any script: RFC 6266's ``filename*`` as well)."""
    disposition = f"attachment; filename=\"{filename.encode('ascii', 'replace').decode()}\"; " \
                  f"filename*=UTF-8''{quote(filename)}"
    return Response(data, media_type=media_type, headers={"Content-Disposition": disposition})


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@guarded
async def sheet(request: Request) -> Response:
    """``POST /api/sheet``: one deck → its official decklist sheet (``.xlsx``)."""
    upload = await read_request(request)
    name, data = upload.one_deck()
    defaults = request.app.state.defaults
    resolved = resolved_deck(upload, name, data, defaults)
    return attachment(sheet_of(upload, resolved, defaults), download_name(name, ".xlsx"), XLSX)


@guarded
async def text(request: Request) -> Response:
    """``POST /api/text``: one deck → the deck as a plain-text decklist (names in ``lang``)."""
    upload = await read_request(request)
    name, data = upload.one_deck()
    resolved = resolved_deck(upload, name, data, request.app.state.defaults)
    lang = request_language(request, upload.get("lang"))
    return attachment(deck_text(resolved, lang), download_name(name, ".txt"), "text/plain; charset=utf-8")


def formats_json() -> str:
    """What ``formats -O json`` prints."""
    summaries: list[dict[str, Any]] = [load_format(format_id).summary() for format_id in builtin_format_ids()]
    return json.dumps(summaries, ensure_ascii=False, indent=2) + "\n"


@guarded
async def formats(request: Request) -> Response:
    """``GET /api/formats``: the formats, as ``formats -O json``."""
    return Response(formats_json(), media_type="application/json")

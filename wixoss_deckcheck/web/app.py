"""The ``serve`` application: the player's page, the organiser's desk, the JSON API and
the page's own files (nothing is loaded from the internet).

Every endpoint runs in the event loop, one request at a time: the checks are quick, and
the core keeps a little per-process state (the run's language) that requests must not share.
"""

from __future__ import annotations

from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from wixoss_deckcheck.errors import printable
from wixoss_deckcheck.web import api, desk
from wixoss_deckcheck.web.api import ServeDefaults, error_response, request_language
from wixoss_deckcheck.web.pages import render_page
from wixoss_deckcheck.web.uploads import BodyLimit

STATIC = Path(__file__).resolve().parent / "static"

#: What every page says about itself to the browser: no framing by other sites, no sniffing.
_PAGE_HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Cache-Control": "no-store"}


async def player_page(request: Request) -> Response:
    """``GET /``: the player's page."""
    return HTMLResponse(render_page("player", request_language(request), request.app.state.defaults),
                        headers=_PAGE_HEADERS)


async def desk_page(request: Request) -> Response:
    """``GET /desk``: the organiser's desk."""
    return HTMLResponse(render_page("desk", request_language(request), request.app.state.defaults),
                        headers=_PAGE_HEADERS)


async def internal_error(request: Request, exc: Exception) -> Response:
    """Anything unexpected: one line as JSON (500), never a traceback page."""
    line = printable(" ".join(str(exc).split()))
    return error_response(f"error: internal error ({type(exc).__name__}): {line}", 500)


def allowed_hosts(host: str) -> list[str]:
    """The ``Host`` headers the server answers: its own address and ``localhost`` (so that a
    web page elsewhere cannot reach it by pointing a name of its own at 127.0.0.1: DNS
    rebinding); any, when it listens on every address (``0.0.0.0``, ``::``)."""
    if host in ("0.0.0.0", "::", ""):
        return ["*"]
    return sorted({host, "localhost", "127.0.0.1", "::1"})


def create_app(defaults: ServeDefaults | None = None, hosts: list[str] | None = None) -> Starlette:
    """The application (``defaults``: what ``serve``'s options set; ``hosts``: the ``Host``
    headers it answers, default any)."""
    routes = [
        Route("/", player_page),
        Route("/desk", desk_page),
        Route("/api/check", api.check, methods=["POST"]),
        Route("/api/audit", api.audit, methods=["POST"]),
        Route("/api/sheet", api.sheet, methods=["POST"]),
        Route("/api/text", api.text, methods=["POST"]),
        Route("/api/formats", api.formats, methods=["GET"]),
        Route("/api/desk", desk.desk_check, methods=["POST"]),
        Route("/api/sheets", desk.all_sheets, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=hosts or ["*"]),
                  Middleware(BodyLimit, say=api.too_large_line)]
    app = Starlette(routes=routes, middleware=middleware, exception_handlers={Exception: internal_error})
    app.state.defaults = defaults or ServeDefaults()
    return app


def run(defaults: ServeDefaults, host: str, port: int) -> None:
    """Serve until interrupted (uvicorn; its own log only for warnings)."""
    uvicorn.run(create_app(defaults, allowed_hosts(host)), host=host, port=port, log_level="warning")

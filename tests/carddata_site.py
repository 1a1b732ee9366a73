"""A local stand-in for the card sources' web sites (127.0.0.1 only), for the update tests.

Serves ``../shared/carddata`` in place under the paths a test sources file declares,
answers conditional requests (ETag), lists the official HTML fragments on a list page
and serves them as detail pages, and injects faults on request.
"""

from __future__ import annotations

import hashlib
import threading
import time
from pathlib import Path

from werkzeug.wrappers import Request, Response

HTML_PAGE = b"<!DOCTYPE html><html><head><title>503</title></head><body>Service temporarily unavailable</body></html>"


class CardDataSite:
    """The request handler; ``faults`` maps a path to a fault name."""

    def __init__(self, carddata: Path):
        self.carddata = carddata
        self.faults: dict[str, str] = {}
        self.log: list[tuple[str, str, int]] = []
        self.sleep = 1.5
        self._lock = threading.Lock()

    # -- what is served -------------------------------------------------------
    def file_for(self, path: str) -> Path | None:
        mapping = {
            "/wixossreact/": "wixossreact/",
            "/relax/": "relax/",
            "/webxoss/": "webxoss/",
            "/english/": "english/",
        }
        for prefix, folder in mapping.items():
            if path.startswith(prefix):
                name = path[len(prefix) :]
                if "/" in name or ".." in name:
                    return None
                candidate = self.carddata / folder / name
                return candidate if candidate.is_file() else None
        return None

    def official_numbers(self) -> list[str]:
        return sorted(
            p.name.replace("_detail_fragment.html", "") for p in (self.carddata / "official-html").glob("*.html")
        )

    def list_page(self, page: int) -> bytes:
        numbers = self.official_numbers() if page == 1 else []
        links = "".join(
            f'<li><a class="c-box" href="card_list.php?card=card_detail&amp;card_no={n}">{n}</a></li>' for n in numbers
        )
        return f"<html><body><ul class='cardlist'>{links}</ul></body></html>".encode()

    @staticmethod
    def content_type(path: str) -> str:
        if path.endswith(".csv"):
            return "text/csv; charset=utf-8"
        if path.endswith(".json"):
            return "application/json"
        if path.endswith(".tsv"):
            return "text/plain; charset=utf-8"
        return "text/html; charset=utf-8"

    # -- the handler ------------------------------------------------------------
    def __call__(self, request: Request) -> Response:
        response = self._respond(request)
        with self._lock:
            self.log.append((request.method, request.full_path.rstrip("?"), response.status_code))
        return response

    def _respond(self, request: Request) -> Response:
        found = self._page(request)
        if isinstance(found, Response):
            return found
        body, kind = found
        fault = self.faults.get(request.path)
        faulty = self._faulty(fault, body, kind)
        if isinstance(faulty, Response):
            return faulty
        body, kind = faulty
        etag = '"' + hashlib.sha1(body).hexdigest() + '"'
        if request.headers.get("If-None-Match") == etag:
            return Response(status=304, headers=[("ETag", etag)])
        return Response(body, headers=[("Content-Type", kind), ("ETag", etag)])

    def _page(self, request: Request) -> tuple[bytes, str] | Response:
        """The body and content type the real site serves at the request's path, or a 404."""
        path = request.path
        if path == "/official/list" and request.method == "POST":
            return self.list_page(int(request.form.get("card_page", "1"))), "text/html; charset=utf-8"
        if path == "/official/detail":
            number = request.args.get("card_no", "")
            page = self.carddata / "official-html" / f"{number}_detail_fragment.html"
            if self.faults.get(f"detail:{number}") == "gone" or not page.is_file():
                return Response(b"not found", status=404)
            return page.read_bytes(), "text/html; charset=utf-8"
        source = self.file_for(path)
        if source is None:
            return Response(b"not found", status=404)
        return source.read_bytes(), self.content_type(path)

    def _faulty(self, fault: str | None, body: bytes, kind: str) -> tuple[bytes, str] | Response:
        """The body and content type (or the whole response) with the path's fault applied."""
        if fault in HOSTILE_BODIES:
            return HOSTILE_BODIES[fault](body), kind
        if fault == "drip":  # one byte every 0.2 s: each read is quick, the whole never ends in time

            def drip():
                for byte in body[:300]:
                    time.sleep(0.2)
                    yield bytes([byte])

            return Response(drip(), headers=[("Content-Type", kind)], direct_passthrough=True)
        if fault == "500":
            return Response(b"internal error", status=500)
        if fault == "truncate":
            return Response(
                iter([body[: len(body) // 2]]),
                headers=[("Content-Length", str(len(body))), ("Content-Type", kind)],
                direct_passthrough=True,
            )
        if fault == "timeout":
            time.sleep(self.sleep)
        if fault == "ctype":
            kind = "image/png"
        if fault == "html":
            body = HTML_PAGE
        if fault == "drop-row":
            lines = body.split(b"\n")
            body = b"\n".join(lines[:1] + lines[2:])  # the first card disappears
        return body, kind


#: Upstream content that breaks parsers, by fault name: body -> hostile body.
HOSTILE_BODIES = {
    "huge-field": lambda body: body.split(b"\n", 1)[0] + b"\n" + b'"' + b"x" * 200_000 + b'",1\n',
    "nan": lambda body: b'[{"ID": "WX01-001", "NAME": "x", "TYPE": "SIGNI", "LEVEL": NaN, "POWER": Infinity}]',
    "deep": lambda body: b"[" * 100_000 + b"]" * 100_000,
    "huge-number": lambda body: b'[{"cid": ' + b"9" * 5000 + b"}]",
    "wrong-shape": lambda body: b'{"cards": "not a list"}',
}


def sources_yaml(base_url: str, timeout: float = 1.0) -> str:
    """A user sources file pointing every source at the local site (the shipped ones replaced)."""
    files = ", ".join([f"CardData_Sheet{i}.csv" for i in range(1, 11)] + ["CardData_TK.csv", "CardData_Variants.csv"])
    return f"""
defaults: {{timeout: {timeout}, retries: 1, backoff: 0.01, max_bytes: 20000000}}
sources:
  - {{name: wixossreact, parser: wixossreact, base_url: "{base_url}/wixossreact/", files: [{files}], expect: csv,
      content_types: [text/csv, text/plain]}}
  - {{name: relax, parser: relax, base_url: "{base_url}/relax/", files: [cards.json], expect: json,
      content_types: [application/json]}}
  - {{name: webxoss, parser: webxoss, base_url: "{base_url}/webxoss/", files: [cards.json], expect: json,
      content_types: [application/json]}}
  - {{name: english, parser: english, base_url: "{base_url}/english/", files: [cards_en.tsv], expect: tsv,
      content_types: [text/plain]}}
  - {{name: official, parser: official, default: true, crawler: official, list_url: "{base_url}/official/list",
      detail_url: "{base_url}/official/detail?card_no={{number}}", products: [], per_page: 21,
      concurrency: 4, rate_per_second: 200, expect: html, content_types: [text/html]}}
"""


def serve(carddata: Path):
    """Serve ``carddata`` on 127.0.0.1 for a test module: yields the handler (its
    ``base_url`` set), stops the server after."""
    import re

    from pytest_httpserver import HTTPServer

    handler = CardDataSite(carddata)
    server = HTTPServer(host="127.0.0.1", port=0, threaded=True)
    server.expect_request(re.compile(".*")).respond_with_handler(handler)
    server.start()
    handler.base_url = server.url_for("").rstrip("/")
    yield handler
    server.clear()
    if server.is_running():
        server.stop()

"""Downloading one file safely: conditional, bounded, checked, never half-written.

Every download:
- sends the ETag / Last-Modified of the copy we have (``If-None-Match`` /
  ``If-Modified-Since``); ``304 Not Modified`` means the copy is still current;
- has a connect and read timeout, and is tried again (a bounded number of times,
  waiting ``backoff`` seconds, then twice as long, …) after a timeout, a dropped
  connection, a truncated body, HTTP 429 or 5xx; other HTTP errors fail at once;
- is refused past ``max_bytes``, or when its content type or its first bytes are not
  what the source should send (an HTML error page in place of a CSV list);
- is written to a temporary file first: a failure leaves nothing behind;
- ends within its ``deadline`` (tries and pauses included) and within the run's
  ``run_deadline``, however slowly the server sends: a watchdog gives up on it and
  shuts its connection down.

Failures raise :class:`FetchError`, whose message is one line naming the URL.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO
from urllib.parse import urlsplit

from wixoss_deckcheck.errors import InputError, printable
from wixoss_deckcheck.update.sources import FetchPolicy

if TYPE_CHECKING:  # pragma: no cover
    from requests import Response

_RETRY_STATUS = {429, 500, 502, 503, 504}
_CHUNK = 65536


class FetchError(InputError):
    """A download that failed for good (after its retries)."""


class _Retry(Exception):
    """A failure worth another try."""


@dataclass
class Fetched:
    """The outcome of one download: ``changed`` (a new body at ``path``) or not."""

    url: str
    changed: bool
    path: Path | None = None
    etag: str | None = None
    last_modified: str | None = None
    size: int = 0

    def validators(self) -> dict:
        return {key: value for key, value in (("etag", self.etag), ("last_modified", self.last_modified)) if value}


#: What the first line of a list must hold, by the kind of file expected.
_FIRST_LINE_HOLDS = {
    "csv": (b",", "not CSV: the first line has no comma"),
    "tsv": (b"\t", "not a TSV list: the first line has no tab"),
}


def sniff(head: bytes, expect: str) -> str | None:
    """What is wrong with a body starting with ``head`` for a ``expect`` file, or None."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if expect in ("csv", "tsv", "json") and (text.startswith(b"<") or b"<html" in text[:512]):  # markup
        return "an HTML page came in place of the data"
    separator, problem = _FIRST_LINE_HOLDS.get(expect, (b"", ""))
    if separator not in head.split(b"\n", 1)[0]:
        return problem
    if expect == "html" and b"<" not in text[:2048]:
        return "not an HTML page"
    if not text:
        return "the body is empty"
    return None


class RateLimiter:
    """At most ``rate`` requests a second, shared by threads."""

    def __init__(self, rate: float):
        self.interval = 1.0 / rate if rate > 0 else 0.0
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self) -> None:
        with self._lock:
            now = time.monotonic()
            start = max(now, self._next)
            self._next = start + self.interval
        if start > now:
            time.sleep(start - now)


class Fetcher:
    """Downloads with one ``requests`` session and one :class:`FetchPolicy`."""

    def __init__(self, policy: FetchPolicy, sleep: Callable[[float], None] = time.sleep):
        import requests  # a heavy library, imported only when an update runs

        self.requests = requests
        self.policy = policy
        self.session = requests.Session()
        # Plain bodies, so that a truncated body is seen by its Content-Length.
        self.session.headers.update({"User-Agent": policy.user_agent, "Accept-Encoding": "identity"})
        self._sleep = sleep
        #: When the whole run must be over (``run_deadline`` from now).
        self.run_end = time.monotonic() + policy.run_deadline

    def close(self) -> None:
        self.session.close()

    def fetch(
        self,
        url: str,
        dest: Path,
        *,
        validators: dict | None = None,
        expect: str = "",
        content_types: list[str] | None = None,
        method: str = "GET",
        data: dict | None = None,
        cookies: dict | None = None,
        check: Callable[[Path], str | None] | None = None,
    ) -> Fetched:
        """Download ``url`` to ``dest`` (replaced atomically); see the module doc."""
        last = "no try made"
        tries = self.policy.retries + 1
        end = min(time.monotonic() + self.policy.deadline, self.run_end)
        for attempt in range(tries):
            try:
                return self._within(
                    end, url, lambda live: self._once(
                        url, dest, validators or {}, expect, content_types or [], method, data, cookies, check, live
                    )
                )
            except _Retry as retry:
                last = str(retry)
            except self.requests.RequestException as exc:
                last = self._worth_retrying(url, exc)
            if attempt + 1 < tries:
                self._sleep(max(0.0, min(self.policy.backoff * (2**attempt), end - time.monotonic())))
        raise FetchError(f"{url}: {last} (tried {tries} times)")

    def _worth_retrying(self, url: str, exc: Exception) -> str:
        """Why a try failed, when another try may work (a timeout, a truncated body, a dropped
        connection); a :class:`FetchError` for a failure that is final (no DNS, a bad URL...)."""
        exceptions = self.requests.exceptions
        if isinstance(exc, exceptions.Timeout):
            return f"timed out after {self.policy.timeout:g} s"
        if isinstance(exc, (exceptions.ChunkedEncodingError, exceptions.ContentDecodingError)):
            return "the connection closed before the whole body came (truncated)"
        if not isinstance(exc, exceptions.ConnectionError):
            raise FetchError(f"{url}: {_short(exc)}") from None
        host = _unresolved_host(exc, url)
        if host is not None:  # no network or no DNS: trying again would only wait
            raise FetchError(f"{url}: cannot resolve the host {host} (no network, or no DNS?)") from None
        return f"connection failed ({_short(exc)})"

    def _within(self, end: float, url: str, work: Callable[[_Live], Fetched]) -> Fetched:
        """``work`` run in a helper thread that is given up on at ``end``: its connection is
        shut down (which ends a read that waits), and the download fails for good."""
        live = _Live()
        outcome: dict = {}

        def run() -> None:
            try:
                outcome["value"] = work(live)
            except BaseException as exc:  # handed to the calling thread
                outcome["error"] = exc

        remaining = end - time.monotonic()
        if remaining > 0:
            helper = threading.Thread(target=run, name="wixoss-deckcheck download", daemon=True)
            helper.start()
            helper.join(remaining)
            if not helper.is_alive():
                if "error" in outcome:
                    raise outcome["error"]
                return outcome["value"]
            live.cancel()
            helper.join(1.0)
        which = "update's run_deadline" if end >= self.run_end else "download's deadline"
        raise FetchError(f"{url}: not done within the {which} ({self._deadline_of(end):g} s); given up")

    def _deadline_of(self, end: float) -> float:
        return self.policy.run_deadline if end >= self.run_end else self.policy.deadline

    def _once(
        self,
        url: str,
        dest: Path,
        validators: dict,
        expect: str,
        content_types: list[str],
        method: str,
        data: dict | None,
        cookies: dict | None,
        check: Callable[[Path], str | None] | None,
        live: _Live,
    ) -> Fetched:
        timeout = (self.policy.timeout, self.policy.timeout)
        with self.session.request(
            method,
            url,
            headers=_conditional_headers(validators),
            data=data,
            cookies=cookies,
            timeout=timeout,
            stream=True,
            allow_redirects=True,
        ) as response:
            live.watch(response)
            status = response.status_code
            if status == 304:
                return Fetched(url, False, etag=validators.get("etag"), last_modified=validators.get("last_modified"))
            if status in _RETRY_STATUS:
                raise _Retry(f"HTTP {status}")
            if status != 200:
                raise FetchError(f"{url}: HTTP {status}")
            declared = self._refuse_unwanted(url, response.headers, content_types)
            size = self._save(url, response, dest, declared, expect, check, live)
            return Fetched(url, True, dest, response.headers.get("ETag"), response.headers.get("Last-Modified"), size)

    def _refuse_unwanted(self, url: str, headers: Mapping[str, str], content_types: list[str]) -> str | None:
        """A :class:`FetchError` for a content type not among ``content_types`` (when given) or
        a declared length over the limit; else the declared length (``Content-Length``)."""
        kind = (headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if content_types and kind not in [t.lower() for t in content_types]:
            raise FetchError(f"{url}: unexpected content type {kind or 'none'!r} (expected {', '.join(content_types)})")
        declared = headers.get("Content-Length")
        if declared is None:
            return None
        if not _LENGTH.fullmatch(declared.strip()):  # negative, huge, not digits: a broken answer
            raise FetchError(f"{url}: the server sent a bad Content-Length ({printable(declared[:40])!r})")
        if int(declared) > self.policy.max_bytes:
            raise FetchError(f"{url}: {int(declared)} bytes is over the {self.policy.max_bytes}-byte limit")
        return declared.strip()

    def _save(
        self,
        url: str,
        response: Response,
        dest: Path,
        declared: str | None,
        expect: str,
        check: Callable[[Path], str | None] | None,
        live: _Live,
    ) -> int:
        dest.parent.mkdir(parents=True, exist_ok=True)
        temp = dest.with_name(f".{dest.name}.part")
        try:
            with _fresh_file(temp) as out:
                size, head = self._copy_body(url, response, out, live)
            if declared and size != int(declared):
                raise _Retry(f"truncated body: {size} of {declared} bytes")
            problem = sniff(head, expect) if expect else None
            if problem is None and check is not None:
                problem = check(temp)
            if problem:
                raise FetchError(f"{url}: {problem}")
            os.replace(temp, dest)
            return size
        finally:
            if temp.exists():
                temp.unlink()

    def _copy_body(self, url: str, response: Response, out: BinaryIO, live: _Live) -> tuple[int, bytes]:
        """Write the body into ``out`` chunk by chunk, up to the size limit and while the
        download is not given up; return its size and its first 4 KiB."""
        size = 0
        head = b""
        for chunk in response.iter_content(_CHUNK):
            if live.cancelled:
                raise FetchError(f"{url}: given up (past its deadline)")
            size += len(chunk)
            if size > self.policy.max_bytes:
                raise FetchError(f"{url}: larger than the {self.policy.max_bytes}-byte limit")
            if len(head) < 4096:
                head += chunk[: 4096 - len(head)]
            out.write(chunk)
        return size, head


def _conditional_headers(validators: dict) -> dict[str, str]:
    """``If-None-Match`` / ``If-Modified-Since`` from the ETag / Last-Modified of our copy."""
    headers = {}
    if validators.get("etag"):
        headers["If-None-Match"] = validators["etag"]
    if validators.get("last_modified"):
        headers["If-Modified-Since"] = validators["last_modified"]
    return headers


class _Live:
    """The response of a download in progress, which a watchdog may cut off."""

    def __init__(self) -> None:
        self.cancelled = False
        self.response: Response | None = None

    def watch(self, response: Response) -> None:
        self.response = response
        if self.cancelled:
            self.cancel()

    def cancel(self) -> None:
        """Shut the connection down: a read waiting on it returns at once."""
        self.cancelled = True
        raw = getattr(self.response, "raw", None)
        for stop in (getattr(raw, "shutdown", None), getattr(self.response, "close", None)):
            if stop is not None:
                with contextlib.suppress(Exception):  # the connection may be gone already
                    stop()


#: What the resolver says when a host name cannot be resolved (glibc, macOS, Windows, urllib3).
_DNS_WORDS = (
    "NameResolutionError",
    "Name or service not known",
    "Temporary failure in name resolution",
    "nodename nor servname",
    "getaddrinfo failed",
    "No address associated with hostname",
)


def _causes(exc: BaseException) -> list[BaseException]:
    """The exception and everything it wraps (``__cause__``, ``__context__``, urllib3's ``reason``)."""
    seen: list[BaseException] = []
    stack: list[BaseException] = [exc]
    while stack and len(seen) < 20:
        item = stack.pop()
        if any(item is known for known in seen):
            continue
        seen.append(item)
        for nested in (item.__cause__, item.__context__, getattr(item, "reason", None), *getattr(item, "args", ())):
            if isinstance(nested, BaseException):
                stack.append(nested)
    return seen


#: A Content-Length the fetcher accepts: 1 to 19 ASCII digits (anything else is refused).
_LENGTH = re.compile(r"[0-9]{1,19}")


def _fresh_file(temp: Path) -> BinaryIO:
    """``temp`` opened for writing as a new file: what a killed run left there (a partial
    download, a planted link) is removed first, and a link is never followed."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temp)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    return os.fdopen(os.open(temp, flags, 0o600), "wb")


def _unresolved_host(exc: BaseException, url: str) -> str | None:
    """The host name of ``url`` when ``exc`` says it cannot be resolved, else None."""
    for item in _causes(exc):
        if isinstance(item, socket.gaierror) or any(word in str(item) for word in _DNS_WORDS):
            return urlsplit(url).hostname or url
    return None


def _short(exc: Exception, limit: int = 200) -> str:
    """A one-line reason, the innermost one when requests wraps it; cut at a word, never mid-word."""
    reasons = [str(item).splitlines()[0] for item in _causes(exc) if str(item)]
    text = reasons[-1] if reasons else exc.__class__.__name__
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return (cut if len(cut) > limit // 2 else text[:limit]) + " …"

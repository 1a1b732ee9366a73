"""A polite, resumable crawler of the official card database.

List pages are searched product by product (POST, 21 cards a page; the detail links
are ``a.c-box[href]`` holding ``card_no=…``), then each card's detail page is
downloaded into the cache folder ``official-html/NUMBER.html``. At most
``concurrency`` (≤ 4) requests run at once and at most ``rate_per_second`` start each
second. Every page is saved as soon as it is checked, and the crawl state
(``official-state.json``) records which pages are done, so an interrupted crawl goes
on where it stopped; later runs fetch only new cards (``--full`` re-checks every
known card with conditional requests).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlparse

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.text import read_text_file, replace_atomically
from wixoss_deckcheck.update.http import Fetcher, FetchError, RateLimiter
from wixoss_deckcheck.update.sources import SourceSpec

_SAFE_NUMBER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9\-]{1,40}$")


class _ListParser(HTMLParser):
    """Collects the card numbers of the ``a.c-box`` detail links of a list page."""

    def __init__(self, base: str):
        super().__init__(convert_charrefs=True)
        self.base = base
        self.numbers: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag != "a" or "c-box" not in (attributes.get("class") or "").split():
            return
        href = attributes.get("href") or ""
        query = parse_qs(urlparse(urljoin(self.base, href)).query)
        for number in query.get("card_no", []):
            number = number.strip()
            if _SAFE_NUMBER.match(number) and number not in self.numbers:
                self.numbers.append(number)


def list_numbers(html: str, base: str = "") -> list[str]:
    """The card numbers linked from one list page."""
    parser = _ListParser(base)
    parser.feed(html)
    return parser.numbers


def _load_state(path: Path) -> dict:
    try:
        state = json.loads(read_text_file(path, "state file"))
        return state if isinstance(state, dict) else {}
    except (InputError, ValueError, RecursionError):  # a missing or damaged state file: start afresh
        return {}


def _save_state(path: Path, state: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_atomically(path, json.dumps(state, ensure_ascii=False, indent=0).encode("utf-8"), private=True)


def crawl(
    spec: SourceSpec,
    fetcher: Fetcher,
    pages_dir: Path,
    state_path: Path,
    *,
    full: bool = False,
    progress: Callable[[str], None] = lambda line: None,
) -> dict:
    """Crawl the list pages, then the detail pages not yet cached; return counts."""
    from wixoss_deckcheck.importers.official import parse_detail

    state = _load_state(state_path)
    details: dict = state.setdefault("details", {})
    limiter = RateLimiter(spec.rate_per_second)
    numbers: list[str] = []
    lists_dir = pages_dir.parent / ".official-lists"
    for product in spec.products or [""]:
        page = 1
        while True:
            limiter.wait()
            form = {
                "search": "1",
                "keyword": "",
                "product_type": "",
                "product_no": product,
                "card_page": str(page),
                "card_kind": "",
                "rarelity": "",
                "support_formats": "",
                "keyword_target": "",
            }
            listing = fetcher.fetch(
                spec.list_url,
                lists_dir / f"{product or 'all'}-{page}.html",
                method="POST",
                data=form,
                cookies={"wixAge": "conf"},
                expect="html",
                content_types=spec.content_types,
            )
            if listing.path is None:
                raise InputError(f"{spec.name}: list page {page} was not saved", str(state_path))
            found = list_numbers(listing.path.read_text(encoding="utf-8", errors="replace"), spec.list_url)
            numbers.extend(n for n in found if n not in numbers)
            progress(f"official: list {product or 'all'} page {page}: {len(found)} cards")
            if len(found) < spec.per_page:
                break
            page += 1
    todo = [n for n in numbers if full or n not in details or not (pages_dir / f"{n}.html").is_file()]

    def check_page(number: str) -> Callable[[Path], str | None]:
        def check(path: Path) -> str | None:
            try:
                record = parse_detail(path.read_text(encoding="utf-8"), str(path))
            except (InputError, UnicodeDecodeError) as exc:
                return f"not a card-detail page ({exc})"
            if record["number"].upper() != number.upper():
                return f"the page describes {record['number']}, not {number}"
            return None

        return check

    def one(number: str):
        limiter.wait()
        validators = details.get(number) if full and (pages_dir / f"{number}.html").is_file() else None
        return number, fetcher.fetch(
            spec.detail_url.format(number=number),
            pages_dir / f"{number}.html",
            validators=validators,
            expect="html",
            content_types=spec.content_types,
            cookies={"wixAge": "conf"},
            check=check_page(number),
        )

    changed = 0
    failure: FetchError | None = None
    pool = ThreadPoolExecutor(max_workers=spec.concurrency)
    try:
        for future in [pool.submit(one, n) for n in todo]:
            try:
                number, fetched = future.result()
            except FetchError as exc:
                failure = failure or exc
                continue
            details[number] = fetched.validators()
            changed += fetched.changed
            _save_state(state_path, state)  # resumable: what is saved is done
    finally:
        # Interrupted (Ctrl-C) or done: start nothing more; what is saved stays saved.
        pool.shutdown(wait=True, cancel_futures=True)
        _save_state(state_path, state)
    if failure is not None:
        raise failure
    return {"listed": len(numbers), "fetched": len(todo), "changed": changed}

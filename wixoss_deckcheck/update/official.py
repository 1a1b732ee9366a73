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
import shutil
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlparse

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.text import read_text_file, replace_atomically
from wixoss_deckcheck.importers.official import parse_detail
from wixoss_deckcheck.update.http import Fetched, Fetcher, FetchError, RateLimiter
from wixoss_deckcheck.update.sources import SourceSpec

#: The list pages of one product read at most (the official site lists about 70 pages
#: of 36 cards for all products; a server that always answers a full page is stopped).
MAX_LIST_PAGES = 1000
_SAFE_NUMBER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9\-]{1,40}$")


class _ListParser(HTMLParser):
    """Collects the card numbers of the ``a.c-box`` detail links of a list page."""

    def __init__(self, base: str):
        super().__init__(convert_charrefs=True)
        self.base = base
        self.numbers: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
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
    progress: Callable[..., None] = lambda key, **args: None,
) -> dict:
    """Crawl the list pages, then the detail pages not yet cached; return counts."""
    state = _load_state(state_path)
    details: dict = state.setdefault("details", {})
    limiter = RateLimiter(spec.rate_per_second)
    lists_dir = pages_dir.parent / ".official-lists"
    try:
        numbers = _listed_numbers(spec, fetcher, limiter, lists_dir, state_path, progress)
    finally:  # list pages are read once: never kept, so the folder never grows
        shutil.rmtree(lists_dir, ignore_errors=True)
    todo = [n for n in numbers if full or n not in details or not (pages_dir / f"{n}.html").is_file()]
    changed = _fetch_details(spec, fetcher, limiter, pages_dir, todo, full, state, state_path)
    return {"listed": len(numbers), "fetched": len(todo), "changed": changed}


def _listed_numbers(
    spec: SourceSpec,
    fetcher: Fetcher,
    limiter: RateLimiter,
    lists_dir: Path,
    state_path: Path,
    progress: Callable[..., None],
) -> list[str]:
    """The card numbers of every list page of every product (all cards: no products), each once."""
    numbers: list[str] = []
    for product in spec.products or [""]:
        name = product or "all"
        for page, found in _list_pages(spec, fetcher, limiter, lists_dir, product, state_path):
            numbers.extend(n for n in found if n not in numbers)
            progress("update_list_page", name=name, page=page, found=len(found))
    return numbers


def _list_pages(
    spec: SourceSpec, fetcher: Fetcher, limiter: RateLimiter, lists_dir: Path, product: str, state_path: Path
) -> Iterator[tuple[int, list[str]]]:
    """(page, card numbers) of each list page of ``product`` (all products: ""), until a page
    holds fewer than a full page of cards."""
    page = 1
    while True:
        limiter.wait()
        listing = fetcher.fetch(
            spec.list_url,
            lists_dir / f"{product or 'all'}-{page}.html",
            method="POST",
            data=_search_form(product, page),
            cookies={"wixAge": "conf"},
            expect="html",
            content_types=spec.content_types,
        )
        if listing.path is None:
            raise InputError(f"{spec.name}: list page {page} was not saved", str(state_path))
        found = list_numbers(listing.path.read_text(encoding="utf-8", errors="replace"), spec.list_url)
        yield page, found
        if len(found) < spec.per_page:
            return
        if page >= MAX_LIST_PAGES:
            raise InputError(f"{spec.name}: still full list pages after {MAX_LIST_PAGES} pages of "
                             f"{product or 'all products'}; the list never ends (a broken server?)", spec.list_url)
        page += 1


def _search_form(product: str, page: int) -> dict[str, str]:
    """The list page's search form: every card of ``product`` (all: ""), page ``page``."""
    return {
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


def _page_check(number: str) -> Callable[[Path], str | None]:
    """What is wrong with a downloaded page that should be ``number``'s detail page, or None."""

    def check(path: Path) -> str | None:
        try:
            record = parse_detail(path.read_text(encoding="utf-8"), str(path))
        except (InputError, UnicodeDecodeError) as exc:
            return f"not a card-detail page ({exc})"
        if record["number"].upper() != number.upper():
            return f"the page describes {record['number']}, not {number}"
        return None

    return check


def _fetch_details(
    spec: SourceSpec,
    fetcher: Fetcher,
    limiter: RateLimiter,
    pages_dir: Path,
    todo: list[str],
    full: bool,
    state: dict,
    state_path: Path,
) -> int:
    """Download the detail page of each number in ``todo`` (``concurrency`` at a time), saving
    the crawl state after each; return how many changed. The first failure is raised once
    every download has ended."""
    details: dict = state["details"]

    def one(number: str) -> tuple[str, Fetched]:
        limiter.wait()
        page = pages_dir / f"{number}.html"
        validators = details.get(number) if full and page.is_file() else None
        return number, fetcher.fetch(
            spec.detail_url.format(number=number),
            page,
            validators=validators,
            expect="html",
            content_types=spec.content_types,
            cookies={"wixAge": "conf"},
            check=_page_check(number),
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
    return changed

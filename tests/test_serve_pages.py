"""``serve``'s pages in a real browser: Debian's headless Chromium (``/usr/bin/chromium``)
driven by Playwright, against ``wixoss-deckcheck serve`` started as a user starts it.

No browser is ever downloaded (never ``playwright install``): without ``/usr/bin/chromium``
these tests skip with one reason, unless ``WIXOSS_DECKCHECK_REQUIRE_BROWSER`` is set (as
``.ci/run`` sets it), which fails them instead. With ``WIXOSS_DECKCHECK_SCREENSHOTS=docs``
the screenshots of docs/serve.md are written to docs/img/ (else to the test's own folder).
"""

from __future__ import annotations

import base64
import json
import os
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT, SHARED

from wixoss_deckcheck.cli import cli
from wixoss_deckcheck.web.pages import page_texts

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
BROWSER_REASON = "needs Debian's chromium at /usr/bin/chromium (apt-get install chromium); .ci/run installs it"
#: The switches of a quiet, private browser: no GPU, no QUIC, no first-run pages, no network of its own.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
DOCS_IMG = ROOT / "docs" / "img"
ILLEGAL = EXAMPLES / "diva-illegal.txt"
LEGAL = EXAMPLES / "diva-ancient-surprise.txt"


def _need_browser() -> None:
    if CHROMIUM.is_file():
        return
    if os.environ.get("WIXOSS_DECKCHECK_REQUIRE_BROWSER"):
        pytest.fail(f"WIXOSS_DECKCHECK_REQUIRE_BROWSER is set: {BROWSER_REASON}", pytrace=False)
    pytest.skip(BROWSER_REASON)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(merged_pool_path) -> Iterator[str]:
    """``wixoss-deckcheck serve`` on a free port of 127.0.0.1, with the full card pool."""
    _need_browser()
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "wixoss_deckcheck", "serve", "--port", str(port), "--cardpool", str(merged_pool_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        first = process.stdout.readline() if process.stdout else ""
        assert first.startswith(f"wixoss-deckcheck serve: http://127.0.0.1:{port}/"), (first, process.stderr)
        _wait_for(port)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:  # pragma: no cover
            process.kill()


def _wait_for(port: int) -> None:
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"serve never listened on {port}")


@pytest.fixture()
def browser(tmp_path) -> Iterator[object]:
    """A fresh Chromium profile (its own user-data-dir), downloads allowed."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True,
            accept_downloads=True, locale="en-GB", viewport={"width": 1000, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


def _screenshot(page, name: str, tmp_path: Path) -> Path:
    folder = DOCS_IMG if os.environ.get("WIXOSS_DECKCHECK_SCREENSHOTS") == "docs" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    page.screenshot(path=str(target), full_page=True)
    assert target.read_bytes().startswith(b"\x89PNG")
    return target


def cli_check(path: Path, pool: Path, *args: str) -> dict:
    result = CliRunner().invoke(cli, ["check", str(path), "-O", "json", "--no-config", "--cardpool", str(pool), *args])
    return json.loads(result.stdout)["decks"][0]


def _findings(page) -> list[list[str]]:
    return [[cell.inner_text() for cell in row.query_selector_all("td")]
            for row in page.query_selector_all("#findings tbody tr")]


@pytest.mark.shared
def test_the_players_page_checks_switches_language_and_downloads_the_sheet(server, browser, merged_pool_path,
                                                                          tmp_path):
    page = browser.new_page()
    page.goto(server + "/")
    assert page.evaluate("document.documentElement.lang") == "en"  # from the browser's en-GB
    page.fill("#text", ILLEGAL.read_text(encoding="utf-8"))
    page.click("#check")
    page.wait_for_selector("#result:not([hidden])")
    expected = cli_check(ILLEGAL, merged_pool_path, "--lang", "en")
    assert page.inner_text("#verdict") == page_texts("en")["verdict_illegal"]
    rows = _findings(page)
    assert [row[1] for row in rows] == [v["code"] for v in expected["violations"]]
    assert [row[4] for row in rows] == [v["message"] for v in expected["violations"]]
    for lang in ("ja", "zh-Hans", "zh-Hant"):
        page.select_option("#lang", lang)
        wanted = [v["message"] for v in cli_check(ILLEGAL, merged_pool_path, "--lang", lang)["violations"]]
        page.wait_for_function("(m) => [...document.querySelectorAll('#findings tbody td:nth-child(5)')]"
                               ".map(td => td.textContent).join('\\n') === m", arg="\n".join(wanted))
        assert page.inner_text("#verdict") == page_texts(lang)["verdict_illegal"]
        assert page.inner_text("#check") == page_texts(lang)["check"]
        if lang == "zh-Hans":  # Chinese names where the pool has them, Japanese ones where not
            cards = " ".join(row[3] for row in _findings(page))
            assert "太阳之巫女" in cards and "サーバント" in cards
            _screenshot(page, "serve-player-zh.png", tmp_path)
    page.select_option("#lang", "ja")
    page.fill("#text", LEGAL.read_text(encoding="utf-8"))
    page.click("#check")
    page.wait_for_function("document.querySelector('#verdict').className === 'verdict legal'")
    assert page.inner_text("#verdict") == page_texts("ja")["verdict_legal"]
    page.fill("#nickname", "たま")
    page.check("#team")
    page.select_option("#seat", "B")
    with page.expect_download() as info:
        page.click("#download-sheet")
    sheet = tmp_path / info.value.suggested_filename
    info.value.save_as(sheet)
    assert sheet.suffix == ".xlsx"
    back, before = cli_check(sheet, merged_pool_path), cli_check(LEGAL, merged_pool_path)
    assert (back["legal"], back["counts"]) == (before["legal"], before["counts"]) == (True, before["counts"])
    with page.expect_download() as info:
        page.click("#download-text")
    text = tmp_path / "deck.txt"
    info.value.save_as(text)
    again = cli_check(text, merged_pool_path)
    assert (again["legal"], again["counts"]) == (True, before["counts"])
    assert "羅星" in text.read_text(encoding="utf-8")  # the names in the page's language


@pytest.mark.shared
def test_the_players_page_reads_a_dropped_file_and_fits_a_phone(server, browser, merged_pool_path, tmp_path):
    deck = SHARED / "decks" / "cockatrice" / "WXDi-D02.cod"
    page = browser.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "/?lang=ja")
    page.set_input_files("#file", str(deck))
    assert deck.name in page.inner_text("#file-name")
    page.click("#check")
    page.wait_for_selector("#result:not([hidden])")
    expected = cli_check(deck, merged_pool_path, "--lang", "ja")
    verdict = "verdict_legal" if expected["legal"] else "verdict_illegal"
    assert page.inner_text("#verdict") == page_texts("ja")[verdict]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scrolling
    _screenshot(page, "serve-player-phone.png", tmp_path)
    # dropped on the box: a YAML deck (a drop event carrying the file, as a browser makes it)
    yaml_deck = EXAMPLES / "diva-ancient-surprise-ja.yaml"
    dropped = page.evaluate_handle(
        "([name, text]) => { const dt = new DataTransfer(); dt.items.add(new File([text], name)); return dt; }",
        [yaml_deck.name, yaml_deck.read_text(encoding="utf-8")],
    )
    page.dispatch_event("#drop", "drop", {"dataTransfer": dropped})
    assert yaml_deck.name in page.inner_text("#file-name")
    with page.expect_response("**/api/check") as answer:
        page.click("#check")
    assert answer.value.json()["decks"][0]["path"] == yaml_deck.name
    page.wait_for_function("document.querySelector('#counts').textContent.includes('40')")
    assert page.inner_text("#verdict") == page_texts("ja")["verdict_legal"]
    # what a deck says is shown as text, never run as the page's own markup
    page.click("#clear-file")
    page.fill("#text", "4 <img src=x onerror=window.pwned=1>\n")
    page.click("#check")
    page.wait_for_function("document.querySelector('#result').textContent.includes('<img src=x')")
    assert page.evaluate("window.pwned === undefined && !document.querySelector('#result img')")


def _twenty_decks(folder: Path, pool: Path) -> list[Path]:
    """20 submissions: the shared decks, examples, an official sheet (its nickname たま), copies
    under players' names, one unreadable."""
    sources = sorted((SHARED / "decks").rglob("*.txt")) + sorted((SHARED / "decks").rglob("*.cod"))
    sources += [LEGAL, ILLEGAL, EXAMPLES / "diva-ancient-surprise-ja.yaml"]
    decks = []
    for index, source in enumerate(sources):
        target = folder / f"{index:02d}-{source.name}"
        target.write_bytes(source.read_bytes())
        decks.append(target)
    sheet = folder / "sheet-tama.xlsx"
    made = CliRunner().invoke(cli, ["sheet", str(LEGAL), "-o", str(sheet), "--nickname", "たま",
                                    "--cardpool", str(pool)])
    assert made.exit_code == 0, made.output
    decks.append(sheet)
    while len(decks) < 19:
        target = folder / f"player-{len(decks):02d}.txt"
        target.write_bytes(ILLEGAL.read_bytes() if len(decks) % 2 else LEGAL.read_bytes())
        decks.append(target)
    broken = folder / "19-broken.yaml"
    broken.write_text("main: [\n", encoding="utf-8")
    return [*decks, broken]


def _rows(page) -> list[list[str]]:
    return [[cell.inner_text() for cell in row.query_selector_all("td")][:5]
            for row in page.query_selector_all("#decks tbody tr")]


@pytest.mark.shared
def test_the_desk_with_twenty_files_and_a_zip(server, browser, merged_pool_path, tmp_path, monkeypatch):
    folder = tmp_path / "submissions"
    folder.mkdir()
    decks = _twenty_decks(folder, merged_pool_path)
    monkeypatch.chdir(folder)
    audit = CliRunner().invoke(cli, ["audit", *[d.name for d in decks], "-O", "json", "--no-config",
                                     "--cardpool", str(merged_pool_path), "--lang", "en"])
    expected = {deck["path"]: deck for deck in json.loads(audit.stdout)["decks"]}
    page = browser.new_page()
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/desk?lang=en")
    page.set_input_files("#files", [str(d) for d in decks])
    page.wait_for_function("document.querySelectorAll('#decks tbody tr').length === 20")
    words = page_texts("en")
    players = {row[1]: row[0] for row in _rows(page)}
    assert players["sheet-tama.xlsx"] == "たま" and players["player-16.txt"] == "player-16"
    for _player, file, _format, verdict, _first in _rows(page):
        deck = expected[file]
        wanted = "unreadable" if "error" in deck else ("legal" if deck["legal"] else "illegal")
        assert verdict == words[f"word_{wanted}"], file
    # sortable: the verdict column, twice (up, then down)
    page.click("th[data-sort=verdict]")
    column = [row[3] for row in _rows(page)]
    assert column == sorted(column, key=lambda text: text.lower()) or column == sorted(column)
    page.click("th[data-sort=verdict]")
    assert [row[3] for row in _rows(page)] == column[::-1] or len(set(column)) == 1
    # filterable: by verdict, by text
    illegal = sum(1 for deck in expected.values() if not deck["legal"] and "error" not in deck)
    page.select_option("#verdict-filter", "illegal")
    assert len(_rows(page)) == illegal
    page.select_option("#verdict-filter", "")
    page.fill("#filter", "player-")
    assert {row[1] for row in _rows(page)} == {d.name for d in decks if d.name.startswith("player-")}
    page.fill("#filter", "")
    # a row opens the deck's findings
    page.click("#decks tbody tr:has-text('diva-illegal')")
    page.wait_for_selector("#details:not([hidden])")
    assert "WX102" in page.inner_text("#details-body")
    _screenshot(page, "serve-desk.png", tmp_path)
    # a zip of five more
    archive = tmp_path / "more.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        for deck in decks[:5]:
            bundle.write(deck, f"late/{deck.name}")
    # dropped on the desk (a drop event carrying the zip, as a browser makes it)
    dropped = page.evaluate_handle(
        "([name, data]) => { const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));"
        " const dt = new DataTransfer(); dt.items.add(new File([bytes], name)); return dt; }",
        [archive.name, base64.b64encode(archive.read_bytes()).decode()],
    )
    page.dispatch_event("#drop", "drop", {"dataTransfer": dropped})
    page.wait_for_function("document.querySelectorAll('#decks tbody tr').length === 25")
    assert any(row[1].startswith("more.zip/late/") for row in _rows(page))
    _desk_downloads(page, tmp_path, merged_pool_path, expected)
    # re-judge every deck at another date with one control
    page.fill("#as_of", "2021-06-01")
    page.click("#rejudge")
    page.wait_for_function("document.querySelector('#status').textContent.includes('25')")
    with page.expect_download() as info:
        page.click("#download-json")
    info.value.save_as(tmp_path / "again.json")
    again = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert {deck["as_of"] for deck in again["decks"] if "error" not in deck} == {"2021-06-01"}
    # a printable page per deck: one deck from its row, or every deck
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    page.click("#decks tbody tr:has-text('12-diva-illegal') button.print-one")
    assert page.evaluate("window.printed") == 1
    page.emulate_media(media="print")
    assert page.evaluate("[...document.querySelectorAll('#print-area .deck-page')]"
                         ".filter(p => p.offsetParent !== null).map(p => p.querySelector('h2').textContent)"
                         ) == ["12-diva-illegal"]
    page.emulate_media(media="screen")
    page.click("#print-all")
    assert page.evaluate("window.printed") == 2
    page.emulate_media(media="print")
    assert page.evaluate("[...document.querySelectorAll('#print-area .deck-page')]"
                         ".filter(p => p.offsetParent !== null).length") == 25
    assert page.evaluate("getComputedStyle(document.querySelector('main')).display") == "none"


def _desk_downloads(page, tmp_path: Path, pool: Path, expected: dict) -> None:
    """Every official sheet in one zip (each reads back with ``check``), the CSV and the JSON."""
    with page.expect_download() as info:
        page.click("#download-sheets")
    sheets = tmp_path / "sheets.zip"
    info.value.save_as(sheets)
    unpacked = tmp_path / "sheets"
    with zipfile.ZipFile(sheets) as bundle:
        names = bundle.namelist()
        bundle.extractall(unpacked)
    xlsx = sorted(unpacked.glob("*.xlsx"))
    assert len(xlsx) >= 10
    assert "not-written.txt" in names  # the decks that do not fit a sheet, each with its reason
    for sheet in xlsx[:3]:
        assert "error" not in cli_check(sheet, pool)
    with page.expect_download() as info:
        page.click("#download-csv")
    csv_text = Path(info.value.path()).read_text(encoding="utf-8")
    assert csv_text.startswith("path,verdict,format")
    assert len({line.split(",")[0] for line in csv_text.splitlines()[1:]}) == 25
    with page.expect_download() as info:
        page.click("#download-json")
    document = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    by_path = {deck["path"]: deck for deck in document["decks"]}
    for path, deck in expected.items():
        assert by_path[path]["legal"] == deck["legal"]
        assert [v["code"] for v in by_path[path]["violations"]] == [v["code"] for v in deck["violations"]]


@pytest.mark.shared
def test_the_desk_row_shows_the_first_error_before_an_earlier_warning(server, browser, tmp_path):
    """A deck whose first finding in line order is a warning (WX006 on the LRIG deck's line 9)
    and whose errors come later (WX102 on line 13): the desk's row names the error."""
    deck = tmp_path / "warned.txt"
    deck.write_text(
        "# format: all-star\n# date: 2014-06-12\n[lrig]\nMidoriko, Fourth Girl\nMidoriko, Third Girl\n"
        "Midoriko, Second Girl\nMidoriko, First Girl\nMidoriko, Battle Girl\nIn High Spirits\n"
        "Over and Over Again\nFollow Blindly\n[main]\n5 Seiryu, Phantom Beast\n4 Misuzaku, Phantom Beast\n"
        "4 Bigtatt, Phantom Beast\n4 Koalan, Phantom Beast\n4 Kogenbu, Phantom Beast\n4 Pandan, Phantom Beast\n"
        "4 Hyakko, Phantom Beast\n4 Servant Q2\n4 Servant O2\n3 Fallen\n",
        encoding="utf-8",
    )
    page = browser.new_page()
    page.goto(server + "/desk?lang=en")
    page.set_input_files("#files", [str(deck)])
    page.wait_for_function("document.querySelectorAll('#decks tbody tr').length === 1")
    [[_player, _file, _format, _verdict, first]] = _rows(page)
    assert first.startswith("WX102 "), first
    page.click("#decks tbody tr")
    page.wait_for_selector("#details:not([hidden])")
    details = page.inner_text("#details-body")
    assert details.index("WX006") < details.index("WX102"), details  # all findings, in line order

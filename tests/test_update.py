"""``cardpool update`` against a local server on 127.0.0.1 serving ../shared/carddata.

Each fault (timeout, HTTP 500, truncated body, wrong content type, HTML in place of
CSV, a card that disappears) must leave the installed pool byte-for-byte intact, exit
non-zero and say why in one line. No test touches the internet.
"""

from __future__ import annotations

import json
import shutil

import pytest
from carddata_site import serve, sources_yaml
from conftest import CARDDATA

from wixoss_deckcheck.cli import main

pytestmark = pytest.mark.slow  # full updates against a local server serving ../shared/carddata


@pytest.fixture(scope="module")
def site(shared_dir):
    yield from serve(CARDDATA)


@pytest.fixture
def home(tmp_path, monkeypatch, site):
    """A fresh user data directory and a sources file pointing at the local site."""
    monkeypatch.setenv("WIXOSS_DECKCHECK_DATA_DIR", str(tmp_path / "data"))
    sources = tmp_path / "sources.yaml"
    sources.write_text(sources_yaml(site.base_url), encoding="utf-8")
    monkeypatch.setenv("WIXOSS_DECKCHECK_SOURCES", str(sources))
    site.faults.clear()
    site.log.clear()
    return tmp_path


def run(*args) -> int:
    try:
        main(list(args))
    except SystemExit as exc:
        return exc.code
    return 0


@pytest.fixture(scope="module")
def installed(tmp_path_factory, site):
    """A pool installed by a clean update from the local site (built once)."""
    base = tmp_path_factory.mktemp("installed")
    sources = base / "sources.yaml"
    sources.write_text(sources_yaml(site.base_url), encoding="utf-8")
    target = base / "pool.json"
    import os

    saved = os.environ.get("WIXOSS_DECKCHECK_DATA_DIR")
    os.environ["WIXOSS_DECKCHECK_DATA_DIR"] = str(base / "data")
    try:
        assert run("cardpool", "update", "--sources-file", str(sources), "-o", str(target)) == 0
    finally:
        os.environ["WIXOSS_DECKCHECK_DATA_DIR"] = saved or ""
    return target


def test_update_installs_a_full_pool_from_every_source(installed):
    document = json.loads(installed.read_text(encoding="utf-8"))
    names = [source["name"] for source in document["sources"]]
    assert names == ["wixossreact", "relax", "webxoss", "english", "official"]
    assert all(
        source.get("url", "").startswith("http://127.0.0.1:") and source.get("retrieved")
        for source in document["sources"]
    )
    cards = {card["number"]: card for card in document["cards"]}
    assert len(cards) > 6500
    assert cards["WX01-001"]["names"]["zh_hans"] == "太阳之巫女 玉依姬"
    assert cards["WXDi-P14-040"]["formats"] == ["key", "diva"]  # from the crawled official page
    assert any(card["series"] == "WX26-P1" for card in document["cards"])


def test_second_update_uses_conditional_requests_and_fetches_no_known_card_page(home, installed, site):
    target = home / "pool.json"
    assert run("cardpool", "update", "-o", str(target)) == 0
    first = [entry for entry in site.log if entry[2] == 200]
    assert any("/official/detail" in path for _m, path, _s in first)
    site.log.clear()
    before = target.read_bytes()
    assert run("cardpool", "update", "-o", str(target)) == 0
    statuses = {path: status for _m, path, status in site.log}
    assert statuses["/wixossreact/CardData_Sheet1.csv"] == 304
    assert statuses["/relax/cards.json"] == 304
    assert not [path for path in statuses if path.startswith("/official/detail")], "known cards were fetched again"
    assert json.loads(target.read_text())["cards"] == json.loads(before)["cards"]


def test_update_of_one_source_reuses_the_others(home, site):
    target = home / "pool.json"
    assert run("cardpool", "update", "-o", str(target)) == 0
    site.log.clear()
    assert run("cardpool", "update", "--source", "relax", "-o", str(target)) == 0
    assert {path for _m, path, _s in site.log} == {"/relax/cards.json"}
    names = [source["name"] for source in json.loads(target.read_text())["sources"]]
    assert names == ["wixossreact", "relax", "webxoss", "english", "official"]


FAULTS = [
    ("timeout", "/relax/cards.json", "timed out"),
    ("500", "/wixossreact/CardData_Sheet3.csv", "HTTP 500"),
    ("truncate", "/webxoss/cards.json", "truncated"),
    ("ctype", "/wixossreact/CardData_Variants.csv", "unexpected content type 'image/png'"),
    ("html", "/wixossreact/CardData_Sheet1.csv", "HTML page came in place of the data"),
    ("drop-row", "/wixossreact/CardData_Sheet4.csv", "lacks 1 card number(s) the installed pool has (WXK08-001)"),
]


@pytest.mark.parametrize("fault, path, reason", FAULTS, ids=[f[0] for f in FAULTS])
def test_a_failed_update_leaves_the_installed_pool_byte_for_byte(home, installed, site, capsys, fault, path, reason):
    target = home / "pool.json"
    shutil.copyfile(installed, target)
    before = target.read_bytes()
    site.faults[path] = fault
    capsys.readouterr()
    code = run("cardpool", "update", "-o", str(target))
    err = capsys.readouterr().err
    assert code == 2
    assert target.read_bytes() == before
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("error: update failed: ") and reason in lines[0], lines[0]
    assert "installed pool is unchanged" in lines[0]
    assert not list((home / "data" / "sources").glob(".update-*")), "staging files were left behind"


def test_a_card_page_that_disappears_fails_the_crawl_but_keeps_the_pool(home, installed, site, capsys):
    target = home / "pool.json"
    shutil.copyfile(installed, target)
    before = target.read_bytes()
    site.faults["detail:WXK11-002"] = "gone"
    code = run("cardpool", "update", "--source", "official", "-o", str(target))
    err = capsys.readouterr().err.strip()
    assert code == 2 and target.read_bytes() == before
    assert "WXK11-002" in err and "HTTP 404" in err and "\n" not in err


def test_an_interrupted_crawl_resumes_with_the_missing_pages(home, site):
    target = home / "pool.json"
    site.faults["detail:WXK11-002"] = "gone"
    assert run("cardpool", "update", "-o", str(target)) == 2
    assert not target.exists()
    fetched = {path for _m, path, status in site.log if path.startswith("/official/detail") and status == 200}
    assert len(fetched) == 8
    site.faults.clear()
    site.log.clear()
    # The community files of the failed run were discarded; the official pages were kept.
    assert run("cardpool", "update", "--source", "official", "-o", str(target)) == 0
    again = [path for _m, path, _s in site.log if path.startswith("/official/detail")]
    assert again == ["/official/detail?card_no=WXK11-002"]
    assert len(json.loads(target.read_text())["cards"]) == 9


def test_unknown_source_and_broken_sources_file_are_one_line_errors(home, capsys, tmp_path):
    assert run("cardpool", "update", "--source", "nope") == 2
    assert "unknown source 'nope'" in capsys.readouterr().err
    broken = tmp_path / "broken.yaml"
    broken.write_text("sources: [\n", encoding="utf-8")
    assert run("cardpool", "update", "--sources-file", str(broken)) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: {broken}") and "\n" not in err


def test_requests_is_not_imported_by_check():
    import subprocess
    import sys

    code = "import sys, wixoss_deckcheck.cli.check, wixoss_deckcheck.pool.cardpool; print('requests' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"


@pytest.mark.parametrize(("lang", "said", "english"), [
    ("ja", ("をダウンロードしました", "official：一覧 all の1ページ目：カード", "をインストールしました：カード"),
     ("downloaded", "installed ", " page ", "unchanged")),
    ("zh-Hant", ("已下載", "official：列表 all 第1頁：", "已安裝"),
     ("downloaded", "installed ", " page ", "unchanged")),
])
def test_update_says_its_progress_and_outcome_in_the_language(home, capsys, lang, said, english):
    """``-v``'s file-by-file lines (stderr) and the outcome (stdout) come from the catalogues."""
    target = home / "pool.json"
    capsys.readouterr()
    assert run("cardpool", "update", "-v", "--lang", lang, "-o", str(target)) == 0
    out, err = capsys.readouterr()
    for text in said:
        assert text in out + err, (text, out, err)
    for text in english:
        assert text not in out + err, (text, out, err)

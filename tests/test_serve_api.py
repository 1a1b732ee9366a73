"""``serve``'s JSON API through Starlette's test client, against the command line's own
answers (``check -O json``, ``audit -O json``, ``formats -O json``, ``sheet``) run through
click's CliRunner on the same files."""

from __future__ import annotations

import html
import json
import re
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT, SHARED

from wixoss_deckcheck.cli import cli

with warnings.catch_warnings():  # Starlette asks for httpx2; httpx still drives its test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient as WebClient

from wixoss_deckcheck.web.api import ServeDefaults, accepted_language
from wixoss_deckcheck.web.app import create_app

SHARED_DECKS = sorted((SHARED / "decks").rglob("*.txt")) + sorted((SHARED / "decks").rglob("*.cod"))
ILLEGAL = EXAMPLES / "diva-illegal.txt"
LEGAL = EXAMPLES / "diva-ancient-surprise.txt"


def client(cardpool: Path | None = None) -> WebClient:
    return WebClient(create_app(ServeDefaults(cardpool=str(cardpool) if cardpool else None)))


def cli_run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def upload(path: Path, name: str | None = None) -> tuple[str, tuple[str, bytes]]:
    return ("deck", (name or path.name, path.read_bytes()))


def test_check_is_check_o_json_for_an_example(monkeypatch):
    monkeypatch.chdir(ILLEGAL.parent)
    code, out, _err = cli_run("check", ILLEGAL.name, "-O", "json", "--no-config", "--lang", "ja")
    response = client().post("/api/check", files=[upload(ILLEGAL)], data={"lang": "ja"})
    assert response.status_code == 200
    assert response.text == out
    assert response.headers["x-exit-code"] == str(code) == "1"


@pytest.mark.slow  # the full pool, the command and the API, in two languages
@pytest.mark.shared
@pytest.mark.parametrize("deck", SHARED_DECKS, ids=lambda path: path.name)
def test_check_is_check_o_json_for_the_shared_decks(deck, full_pool_path, monkeypatch):
    monkeypatch.chdir(deck.parent)
    for lang, as_of in (("en", None), ("zh-Hant", "2024-06-01")):
        args = ["--as-of", as_of] if as_of else []
        code, out, _err = cli_run("check", deck.name, "-O", "json", "--no-config", "--lang", lang,
                                  "--cardpool", str(full_pool_path), *args)
        fields = {"lang": lang, **({"as_of": as_of} if as_of else {})}
        response = client(full_pool_path).post("/api/check", files=[upload(deck)], data=fields)
        assert response.status_code == 200, response.text
        assert response.text == out
        assert response.headers["x-exit-code"] == str(code)


def test_pasted_text_is_read_as_standard_input_is():
    text = LEGAL.read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "-", "-O", "json", "--no-config", "--lang", "en"], input=text)
    response = client().post("/api/check", data={"text": text, "lang": "en"})
    expected = json.loads(result.stdout)
    expected["decks"][0]["path"] = "<text>"
    assert response.json() == expected
    assert response.json()["decks"][0]["legal"] is True


@pytest.mark.slow  # the full pool, the command and the API, in two languages
@pytest.mark.shared
def test_the_official_sheet_round_trip(full_pool_path, tmp_path, monkeypatch):
    """Sheet download → read back with ``check``: the same deck, the same verdict."""
    deck = SHARED / "decks" / "text" / "rx-wxdi-d01.txt"
    api = client(full_pool_path)
    for team, seat in ((False, None), (True, "B")):
        fields = {"nickname": "たま", "event_date": "2024-06-01", **({"team": "1", "seat": seat} if team else {})}
        response = api.post("/api/sheet", files=[upload(deck)], data=fields)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("application/vnd.openxmlformats")
        sheet = tmp_path / f"sheet-{team}.xlsx"
        sheet.write_bytes(response.content)
        code, out, _err = cli_run("check", str(sheet), "-O", "json", "--no-config", "--cardpool", str(full_pool_path))
        _code, original, _ = cli_run("check", str(deck), "-O", "json", "--no-config", "--cardpool",
                                     str(full_pool_path), "--as-of", "2024-06-01")
        back, before = json.loads(out)["decks"][0], json.loads(original)["decks"][0]
        assert back["as_of"] == "2024-06-01"  # the event date written in the header, read back
        assert (back["legal"], back["counts"]) == (before["legal"], before["counts"])
        assert code == 0
    monkeypatch.chdir(tmp_path)
    code, _out, _err = cli_run("sheet", str(deck), "-o", "cli.xlsx", "--cardpool", str(full_pool_path),
                               "--nickname", "たま", "--event-date", "2024-06-01")
    assert code == 0


def test_the_deck_as_text_reads_back_the_same():
    response = client().post("/api/text", files=[upload(LEGAL)], data={"lang": "ja"})
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    again = client().post("/api/check", data={"text": response.text, "lang": "en"}).json()["decks"][0]
    first = client().post("/api/check", files=[upload(LEGAL)], data={"lang": "en"}).json()["decks"][0]
    assert (again["legal"], again["counts"], again["violations"]) == (first["legal"], first["counts"], [])


def test_audit_is_audit_o_json(tmp_path, monkeypatch):
    decks = [LEGAL, ILLEGAL, EXAMPLES / "all-star-white-hope.txt"]
    for deck in decks:
        (tmp_path / deck.name).write_bytes(deck.read_bytes())
    monkeypatch.chdir(tmp_path)
    code, out, _err = cli_run("audit", *[deck.name for deck in decks], "-O", "json", "--no-config", "--lang", "en")
    response = client().post("/api/audit", files=[upload(deck) for deck in decks], data={"lang": "en"})
    assert response.status_code == 200
    assert response.json() == json.loads(out)
    assert response.headers["x-exit-code"] == str(code) == "1"




def test_formats_is_formats_o_json():
    _code, out, _err = cli_run("formats", "-O", "json")
    response = client().get("/api/formats")
    assert response.status_code == 200
    assert response.text == out


@pytest.mark.parametrize(
    ("fields", "cli_args"),
    [
        ({"format": "nope"}, ["-f", "nope"]),
        ({"as_of": "2024-13-40"}, ["--as-of", "2024-13-40"]),
        ({"format": "diva", "as_of": "2001-01-01"}, ["-f", "diva", "--as-of", "2001-01-01"]),
    ],
)
def test_bad_options_are_the_cli_error_line_with_400(fields, cli_args, monkeypatch):
    monkeypatch.chdir(LEGAL.parent)
    code, _out, err = cli_run("check", LEGAL.name, "--no-config", "--lang", "en", *cli_args)
    response = client().post("/api/check", files=[upload(LEGAL)], data={"lang": "en", **fields})
    assert (response.status_code, code) == (400, 2)
    assert response.json() == {"error": err.strip()}
    assert "Traceback" not in response.text


def test_an_unreadable_deck_is_its_error_line_with_400(monkeypatch, tmp_path):
    (tmp_path / "bin.txt").write_bytes(b"\x00\x01\x02binary")
    monkeypatch.chdir(tmp_path)
    code, _out, err = cli_run("check", "bin.txt", "--no-config", "--lang", "ja")
    response = client().post("/api/check", files=[("deck", ("bin.txt", b"\x00\x01\x02binary"))], data={"lang": "ja"})
    assert (response.status_code, code) == (400, 2)
    assert response.json() == {"error": err.strip()}


@pytest.mark.parametrize("path", ["/api/check", "/api/sheet", "/api/audit", "/api/text"])
def test_no_deck_is_a_400_with_one_line(path):
    response = client().post(path, data={"format": "diva"})
    assert response.status_code == 400
    assert response.json()["error"].startswith("error: no deck")


def test_a_deck_that_does_not_fit_the_sheet_is_refused_with_the_sheet_commands_reason(monkeypatch):
    monkeypatch.chdir(ILLEGAL.parent)
    code, _out, err = cli_run("sheet", ILLEGAL.name, "-o", "never.xlsx")
    response = client().post("/api/sheet", files=[upload(ILLEGAL)])
    assert (response.status_code, code) == (400, 2)
    assert response.json() == {"error": err.strip()}
    assert "does not fit the decklist sheet" in err and not (ILLEGAL.parent / "never.xlsx").exists()


def test_seat_without_team_is_refused():
    response = client().post("/api/sheet", files=[upload(LEGAL)], data={"seat": "A"})
    assert response.status_code == 400
    assert response.json() == {"error": "error: --seat is for the 3-on-3 team sheet: add --team"}


def test_the_language_follows_the_field_else_the_browser():
    assert accepted_language("fr-FR,ja;q=0.9,en;q=0.8") == "ja"
    assert accepted_language("zh-TW,zh;q=0.9") == "zh-Hant"
    assert accepted_language("de") == "en"
    api = client()
    response = api.post("/api/check", files=[upload(ILLEGAL)], headers={"accept-language": "zh-CN"})
    assert response.json()["lang"] == "zh-Hans"
    response = api.post("/api/check", files=[upload(ILLEGAL)], data={"lang": "ja"},
                        headers={"accept-language": "zh-CN"})
    assert response.json()["lang"] == "ja"


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hans", "zh-Hant"])
def test_the_pages_are_in_the_language_of_the_browser(lang):
    from wixoss_deckcheck.web.pages import page_texts

    for path, title in (("/", "title_player"), ("/desk", "title_desk")):
        page = client().get(path, headers={"accept-language": lang})
        assert page.status_code == 200
        assert f'<html lang="{lang}">' in page.text
        assert f">{html.escape(page_texts(lang)[title])}</title>" in page.text
        assert '<meta name="viewport"' in page.text
        assert "http://" not in page.text and "https://" not in page.text  # nothing from the internet
    assert client().get("/static/player.js").status_code == 200


def test_a_traditional_chinese_page_is_converted_by_opencc():
    from wixoss_deckcheck.web.pages import page_texts

    assert page_texts("zh-Hant")["check"] == "檢查"
    assert page_texts("zh-Hans")["check"] == "检查"


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch, capsys):
    import importlib.util

    from conftest import run_main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    code, out, err = run_main(capsys, "serve")
    assert code == 2 and out == ""
    assert err == 'error: serve needs the web extra (uvicorn missing): pip install "wixoss-deckcheck[web]"\n'


def test_serve_refuses_a_bad_format_before_it_starts(capsys):
    from conftest import run_main

    code, _out, err = run_main(capsys, "serve", "--format", "nope")
    assert code == 2 and err.startswith("error: unknown format 'nope'") and err.count("\n") == 1


def test_the_docs_show_each_page():
    """docs/serve.md shows the screenshots the browser tests take (regenerated with
    WIXOSS_DECKCHECK_SCREENSHOTS=docs); each is a PNG in docs/img."""
    docs = ROOT / "docs"
    shown = re.findall(r"\]\(img/(serve-[\w-]+\.png)\)", (docs / "serve.md").read_text(encoding="utf-8"))
    assert set(shown) == {"serve-player-zh.png", "serve-player-phone.png", "serve-desk.png"}
    for name in shown:
        assert (docs / "img" / name).read_bytes().startswith(b"\x89PNG"), name


def test_ci_installs_and_requires_the_browser():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    tests_run = next(i for i, line in enumerate(lines) if line.startswith('eval "${readme[1]}"'))
    assert "export WIXOSS_DECKCHECK_REQUIRE_BROWSER=1" in lines[:tests_run]
    assert any("apt-get install -y chromium fonts-noto-cjk" in line for line in lines[:tests_run])
    assert not any("playwright install" in line for line in lines)


def test_the_browser_tests_skip_only_without_chromium_and_not_required(monkeypatch):
    import test_serve_pages

    monkeypatch.setattr(test_serve_pages, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.delenv("WIXOSS_DECKCHECK_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="needs Debian's chromium"):
        test_serve_pages._need_browser()
    monkeypatch.setenv("WIXOSS_DECKCHECK_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="WIXOSS_DECKCHECK_REQUIRE_BROWSER is set"):
        test_serve_pages._need_browser()


def _deck_of_kind(kind: str, folder: Path, pool: Path) -> Path:
    """The same starter deck written as each reader reads it (a sheet made by ``sheet``)."""
    from test_deck_files import WD01_LRIG, WD01_MAIN, webxoss_export

    if kind == "json":
        import yaml

        target = folder / "deck.json"
        document = yaml.safe_load((EXAMPLES / "diva-ancient-surprise-ja.yaml").read_text(encoding="utf-8"))
        target.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    elif kind == "webxoss":
        target = folder / "wd01.webxoss.json"
        target.write_text(webxoss_export(WD01_MAIN, WD01_LRIG), encoding="utf-8")
    elif kind == "xlsx":
        target = folder / "deck.xlsx"
        assert cli_run("sheet", str(LEGAL), "-o", str(target), "--cardpool", str(pool),
                       "--event-date", "2024-06-01")[0] == 0
    else:
        source = {"text": LEGAL, "yaml": EXAMPLES / "diva-ancient-surprise-ja.yaml",
                  "cod": SHARED / "decks" / "cockatrice" / "WXDi-D01.cod"}[kind]
        target = folder / source.name
        target.write_bytes(source.read_bytes())
    return target


@pytest.mark.slow  # the full pool, the command and the API, in two languages
@pytest.mark.shared
@pytest.mark.parametrize("kind", ["text", "yaml", "json", "cod", "webxoss", "xlsx"])
def test_every_kind_of_decklist_uploads_as_check_reads_it(kind, merged_pool_path, tmp_path, monkeypatch):
    deck = _deck_of_kind(kind, tmp_path, merged_pool_path)
    monkeypatch.chdir(tmp_path)
    code, out, _err = cli_run("check", deck.name, "-O", "json", "--no-config", "--lang", "ja",
                              "--cardpool", str(merged_pool_path))
    response = client(merged_pool_path).post("/api/check", files=[upload(deck)], data={"lang": "ja"})
    assert response.status_code == 200, response.text
    assert response.text == out
    assert json.loads(out)["decks"][0]["counts"]["main"] == 40 and code in (0, 1)


def test_serve_listens_on_this_machine_only_by_default():
    from wixoss_deckcheck.cli.serve import serve_command

    defaults = {param.name: param.default for param in serve_command.params}
    assert (defaults["host"], defaults["port"]) == ("127.0.0.1", 8765)


def test_every_file_the_pages_load_is_in_the_wheel():
    """The templates and static files match the package-data globs of pyproject.toml."""
    from fnmatch import fnmatch

    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    globs = setuptools["package-data"]["wixoss_deckcheck.web"]
    web = ROOT / "wixoss_deckcheck" / "web"
    files = [path.relative_to(web).as_posix() for path in web.rglob("*")
             if path.is_file() and path.suffix not in (".py", ".pyc")]
    assert files and all(any(fnmatch(name, pattern) for pattern in globs) for name in files), files
    page = client().get("/")
    for loaded in re.findall(r'(?:src|href)="/static/([^"]+)"', page.text):
        assert client().get(f"/static/{loaded}").status_code == 200, loaded


def test_downloads_are_named_after_the_deck():
    from wixoss_deckcheck.web.api import download_name

    assert download_name("<text>", ".xlsx") == "deck.xlsx"
    assert download_name("subs.zip/late/たま の デッキ.txt", ".xlsx") == "たま の デッキ.xlsx"
    assert download_name("../../etc/passwd", ".txt") == "passwd.txt"
    assert download_name('"; rm -rf.txt', ".txt") == "rm -rf.txt"
    response = client().post("/api/sheet", files=[upload(LEGAL, "たま.txt")])
    assert response.headers["content-disposition"].endswith("filename*=UTF-8''%E3%81%9F%E3%81%BE.xlsx")


def test_serves_options_set_what_the_pages_start_with(tmp_path):
    """--format preselects the pages' format; --event-date is the sheets' 大会日時 (read back as the deck's date)."""
    api = WebClient(create_app(ServeDefaults(format_id="key", event_date="2024年6月1日")))
    page = api.get("/", headers={"accept-language": "en"}).text
    assert '<option value="key" selected>' in page and page.count(" selected>") == 2  # the format, the language
    assert 'value="2024年6月1日"' in page
    sheet = tmp_path / "deck.xlsx"
    sheet.write_bytes(api.post("/api/sheet", files=[upload(LEGAL)]).content)
    _code, out, _err = cli_run("check", str(sheet), "-O", "json", "--no-config")
    assert json.loads(out)["decks"][0]["as_of"] == "2024-06-01"

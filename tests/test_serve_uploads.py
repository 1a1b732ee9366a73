"""``serve``'s uploads: the bounds (HTTP 413: a request, a deck, a zip bomb), zips of
submissions, the desk's players and sheets, CSV safe for a spreadsheet, nothing left on
disk, and an unexpected failure as one JSON line."""

from __future__ import annotations

import io
import zipfile

import pytest
from test_serve_api import ILLEGAL, LEGAL, WebClient, client, upload

from wixoss_deckcheck.decklist.reading import MAX_DECK_BYTES
from wixoss_deckcheck.web.app import create_app
from wixoss_deckcheck.web.uploads import MAX_DECKS


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_audit_of_a_zip_checks_every_decklist_in_it():
    data = _zip({"a/legal.txt": LEGAL.read_bytes(), "b/illegal.txt": ILLEGAL.read_bytes(), "notes.pdf": b"%PDF",
                 "__MACOSX/._legal.txt": b"junk", ".hidden.txt": b"x"})
    report = client().post("/api/audit", files=[("deck", ("subs.zip", data))]).json()
    verdicts = {deck["path"]: deck["legal"] for deck in report["decks"]}
    assert verdicts == {"subs.zip/a/legal.txt": True, "subs.zip/b/illegal.txt": False}


def test_an_upload_over_the_bounds_is_413():
    api = client()
    big = b"4 WXDi-D01-012\n" * (MAX_DECK_BYTES // 15 + 1)
    assert api.post("/api/check", files=[("deck", ("big.txt", big))]).status_code == 413
    assert api.post("/api/check", data={"text": big.decode()}).status_code == 413
    huge = api.post("/api/check", content=b"x" * 10, headers={"content-length": str(10**9),
                                                               "content-type": "multipart/form-data; boundary=x"})
    assert huge.status_code == 413
    assert huge.json()["error"].startswith("error: the request is over")


def test_zip_bombs_and_zips_of_too_many_files_are_413():
    api = client()
    bomb = _zip({"bomb.txt": b"0" * (MAX_DECK_BYTES + 1)})
    assert len(bomb) < 10_000
    response = api.post("/api/audit", files=[("deck", ("bomb.zip", bomb))])
    assert response.status_code == 413
    assert "unpacked" in response.json()["error"]
    many = _zip({f"d{index}.txt": b"4 WXDi-D01-012\n" for index in range(MAX_DECKS + 1)})
    assert api.post("/api/audit", files=[("deck", ("many.zip", many))]).status_code == 413
    assert api.post("/api/audit", files=[("deck", ("bad.zip", b"PK not a zip"))]).status_code == 400


def test_csv_cells_that_a_spreadsheet_would_run_are_text():
    response = client().post("/api/audit", files=[upload(ILLEGAL, "=HYPERLINK(1).txt"), upload(LEGAL, "@x.txt")],
                             data={"output_format": "csv"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    cells = [line.split(",")[0] for line in response.text.splitlines()[1:]]
    assert cells and all(cell.startswith(("'=", "\"'=", "'@")) for cell in cells), cells


def test_nothing_uploaded_is_left_on_disk(tmp_path, monkeypatch):
    """The API keeps uploads in memory; the parser's own spool files (a large part) are removed."""
    import tempfile

    spool, work = tmp_path / "spool", tmp_path / "work"
    spool.mkdir()
    work.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spool))
    monkeypatch.chdir(work)
    padded = LEGAL.read_bytes() + b"#" * (MAX_DECK_BYTES - 10_000) + b"\n"  # over the parser's 1 MB-in-memory spool
    for path in ("/api/check", "/api/sheet", "/api/audit"):
        response = client().post(path, files=[upload(LEGAL), ("deck", ("padded.txt", padded))]
                                 if path == "/api/audit" else [upload(LEGAL)])
        assert response.status_code == 200, response.text
    assert list(spool.iterdir()) == [] and list(work.iterdir()) == []


def test_the_desk_names_each_player_from_the_sheet_else_the_file_name():
    api = client()
    sheet = api.post("/api/sheet", files=[upload(LEGAL)], data={"nickname": "たま"}).content
    response = api.post("/api/desk", files=[("deck", ("sub/a.xlsx", sheet)), upload(LEGAL, "bob.txt"),
                                            upload(ILLEGAL, "carol.txt")])
    assert response.status_code == 200
    document = response.json()
    assert document["players"] == {"a.xlsx": "たま", "bob.txt": "bob", "carol.txt": "carol"}
    assert [deck["legal"] for deck in document["report"]["decks"]] == [True, True, False]
    assert document["exit_code"] == 1


def test_every_sheet_in_one_zip_names_the_decks_that_do_not_fit():
    response = client().post("/api/sheets", files=[upload(LEGAL, "bob.txt"), upload(ILLEGAL, "carol.txt")],
                             data={"event_date": "2024-06-01"})
    assert response.status_code == 200
    with zipfile.ZipFile(io.BytesIO(response.content)) as bundle:
        assert sorted(bundle.namelist()) == ["bob.xlsx", "not-written.txt"]
        refused = bundle.read("not-written.txt").decode()
    assert refused.startswith("error: carol.txt") and refused.count("\n") == 1


def test_an_unexpected_failure_is_one_json_line_never_a_traceback(monkeypatch):
    import wixoss_deckcheck.web.api as api

    def broken(*_args, **_kwargs):
        raise RuntimeError("the disk caught fire\nsecond line")

    monkeypatch.setattr(api, "run_check", broken)
    response = WebClient(create_app(), raise_server_exceptions=False).post("/api/check", data={"text": "x"})
    assert response.status_code == 500
    assert response.json() == {"error": "error: internal error (RuntimeError): the disk caught fire second line"}
    assert "Traceback" not in response.text


def test_a_page_elsewhere_cannot_reach_the_server_by_a_name_of_its_own():
    """DNS rebinding: only the server's own address (and localhost) is answered."""
    from wixoss_deckcheck.web.app import allowed_hosts

    hosts = allowed_hosts("127.0.0.1")
    assert hosts == ["127.0.0.1", "::1", "localhost"] and allowed_hosts("0.0.0.0") == ["*"]
    api = WebClient(create_app(hosts=hosts), base_url="http://127.0.0.1:8765")
    assert api.get("/api/formats").status_code == 200
    assert api.get("/api/formats", headers={"host": "localhost:8765"}).status_code == 200
    assert api.get("/api/formats", headers={"host": "evil.example:8765"}).status_code == 400


def test_a_request_without_a_length_is_cut_at_the_bound():
    """A chunked request (no Content-Length) is refused with 413 once it passes the bound."""
    from wixoss_deckcheck.web.uploads import MAX_REQUEST_BYTES

    chunk = b"--x\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n" + b"4 WXDi-D01-012\n" * 65_536

    def body():
        sent = 0
        while sent <= MAX_REQUEST_BYTES:
            yield chunk
            sent += len(chunk)

    response = client().post("/api/check", content=body(), headers={"content-type": "multipart/form-data; boundary=x"})
    assert response.status_code == 413
    assert response.json() == {"error": f"error: the request is over {MAX_REQUEST_BYTES:,} bytes"}


def test_a_form_the_parser_cannot_read_is_one_json_line():
    response = client().post("/api/check", content=b"--x\r\nbroken", headers={"content-type": "multipart/form-data"})
    assert response.status_code == 400
    assert response.json()["error"].startswith("error: ") and "\n" not in response.json()["error"]
    assert response.json()["error"].startswith("error: the request is no form the tool can read: ")


@pytest.mark.parametrize("lang, frame", [("ja", "読み取れるフォームではありません"), ("zh-Hans", "无法读取的表单"),
                                         ("zh-Hant", "無法讀取的表單")])
def test_a_form_the_parser_cannot_read_is_said_in_the_language_asked(lang, frame):
    """The tool's own words in the language asked for; the parser's own words after them."""
    for query, headers in ((f"?lang={lang}", {}), ("", {"accept-language": lang})):
        response = client().post("/api/check" + query, content=b"--x\r\nbroken",
                                 headers={"content-type": "multipart/form-data", **headers})
        assert response.status_code == 400
        line = response.json()["error"]
        assert line.startswith(f"error: {frame}") and "Missing boundary" in line and "\n" not in line, line


def test_port_zero_is_a_free_port_named_in_the_address():
    import socket

    from wixoss_deckcheck.cli.serve import free_port

    port = free_port("127.0.0.1")
    assert 0 < port < 65536
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", port))  # free: it binds

"""Issue 25, lost or replaced files in ``cardpool update``: source names that cannot collide
with the tool's own files, no write through a symbolic link in the data directory, a killed
run's staging files replaced safely, ``.official-lists/`` bounded and removed, what a failed
update says about the pool is what happened, and a mirror's credentials never shown.
Generated with hypothesis where the input is text (names, URLs, Content-Length values)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import ROOT, run_main
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.errors import InputError, redact_credentials
from wixoss_deckcheck.update import official, run
from wixoss_deckcheck.update.http import Fetched, Fetcher, FetchError, _fresh_file
from wixoss_deckcheck.update.sources import FetchPolicy, SourceSpec, load_sources

#: The tool's own files and folders beside the sources' folders in <data>/sources.
OWN = re.compile(r"^(state\.json|\.official-lists|\.update-.*|.*-crawl\.json)$")
NAMES = st.one_of(
    st.sampled_from(["state.json", ".official-lists", "relax-crawl.json", ".update-x", "..", ".", "a/b", "a.b"]),
    st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs")), min_size=1, max_size=20),
)


@settings(max_examples=60, deadline=None)
@given(name=NAMES)
def test_a_source_name_never_collides_with_the_tools_own_files(tmp_path_factory, name):
    folder = tmp_path_factory.mktemp("sources")
    user = folder / "sources.yaml"
    entry = {"name": name, "parser": "relax", "base_url": "https://example.org/", "files": ["cards.json"]}
    user.write_text(json.dumps({"sources": [entry]}), encoding="utf-8")
    try:
        _policy, specs = load_sources(str(user))
    except InputError as exc:
        assert "sources.yaml" in str(exc.path)
        return
    accepted = {spec.name for spec in specs}
    assert name in accepted
    for spec in specs:
        assert not OWN.match(spec.name) and "/" not in spec.name and "." not in spec.name


CREDENTIALS = st.text(alphabet="abcXYZ019_-.~%!$&'()*+,;=:", min_size=3, max_size=30).filter(lambda t: ":" in t)


@settings(max_examples=80, deadline=None)
@given(secret=CREDENTIALS, host=st.sampled_from(["mirror.example", "127.0.0.1:8080", "[::1]"]))
def test_credentials_in_a_url_are_redacted_in_every_error_line(secret, host):
    url = f"https://{secret}@{host}/cards/"
    for text in (url, f"{url}: HTTP 500 (tried 3 times)", f"relax ({url}): bad JSON; also {url}x"):
        # a secret that is also written elsewhere in the line (::1 in the host [::1]) stays there
        assume(secret not in text.replace(f"{secret}@", "@"))
        shown = redact_credentials(text)
        assert secret not in shown and "***@" in shown
        assert secret not in InputError(text).message
    assert redact_credentials("https://host/a@b") == "https://host/a@b"  # an @ in the path is not a password


def test_the_pools_sources_and_cardpool_info_hide_credentials(tmp_path, capsys):
    spec = SourceSpec(name="relax", parser="relax", base_url="https://bob:s3cret-token@mirror.example/relax/",
                      files=["cards.json"])
    note = run._note(spec, {}, {"relax": []})
    assert "s3cret" not in json.dumps(note) and note["url"] == "https://***@mirror.example/relax/"
    pool = json.loads((ROOT / "cardpool" / "sample-pool.json").read_text(encoding="utf-8"))
    pool["sources"] = [{"name": "relax", "url": spec.base_url, "cards": 1}]  # a pool built before the fix
    path = tmp_path / "pool.json"
    path.write_text(json.dumps(pool), encoding="utf-8")
    code, out, err = run_main(capsys, "cardpool", "info", "--cardpool", str(path))
    assert code == 0, err
    assert "s3cret" not in out and "https://***@mirror.example/relax/" in out


@settings(max_examples=120, deadline=None)
@given(value=st.one_of(st.text(max_size=30), st.integers(-10**30, 10**30).map(str), st.just("9" * 5000),
                       st.just("-1"), st.just("１２"), st.just(" 12 ")))
def test_any_content_length_is_a_length_or_one_fetch_error(value):
    fetcher = Fetcher(FetchPolicy(max_bytes=1000))
    try:
        declared = fetcher._refuse_unwanted("https://u:p@h/x", {"Content-Length": value}, [])
    except FetchError as exc:
        assert "u:p" not in exc.message and len(exc.message) < 400
    else:
        assert declared is not None and declared.isascii() and declared.isdigit() and int(declared) <= 1000
    finally:
        fetcher.close()


def test_a_killed_runs_partial_file_or_planted_link_is_replaced_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    for planted in ("link", "partial"):
        temp = tmp_path / f".cards-{planted}.json.part"
        if planted == "link":
            temp.symlink_to(victim)
        else:
            temp.write_bytes(b"half a download")
        with _fresh_file(temp) as out:
            out.write(b"new")
        assert not temp.is_symlink() and temp.read_bytes() == b"new"
    assert victim.read_text() == "precious\n"


@pytest.mark.parametrize("place", ["relax", "state.json", "relax-crawl.json", ".official-lists", ""])
def test_a_symlink_in_the_data_directory_is_not_written_through(tmp_path, monkeypatch, place):
    data, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    elsewhere.mkdir()
    sources = data / "sources"
    if place:
        sources.mkdir(parents=True)
        (sources / place).symlink_to(elsewhere)
    else:
        data.mkdir()
        sources.symlink_to(elsewhere)
    monkeypatch.setenv("WIXOSS_DECKCHECK_DATA_DIR", str(data))
    spec = SourceSpec(name="relax", parser="relax", base_url="https://127.0.0.1:9/", files=["cards.json"])
    with pytest.raises(run.UpdateError, match="symbolic link"):
        run.refuse_links(sources, [spec])
    code, _out, err = run_main_update(monkeypatch, tmp_path)
    assert code == 2 and err.count("\n") == 1 and "symbolic link" in err and "unchanged" in err, err
    assert list(elsewhere.iterdir()) == []


def run_main_update(monkeypatch, tmp_path: Path) -> tuple[int, str, str]:
    import io
    import sys

    from wixoss_deckcheck.cli import main

    user = tmp_path / "sources.yaml"
    user.write_text('sources:\n  - {name: relax, parser: relax, base_url: "https://127.0.0.1:9/", '
                    "files: [cards.json]}\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    try:
        main(["cardpool", "update", "--source", "relax", "--sources-file", str(user), "-o", str(tmp_path / "p.json")])
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


class _FullPages:
    """A list server that answers every page with a full page of new cards."""

    def __init__(self, per_page: int):
        self.per_page, self.calls = per_page, 0

    def fetch(self, url: str, dest: Path, **_kwargs) -> Fetched:
        self.calls += 1
        dest.parent.mkdir(parents=True, exist_ok=True)
        links = "".join(f'<a class="c-box" href="?card_no=WX{self.calls:04d}-{i:03d}">x</a>'
                        for i in range(self.per_page))
        dest.write_text(f"<html>{links}</html>", encoding="utf-8")
        return Fetched(url, True, dest)


def test_official_list_pages_are_bounded_and_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(official, "MAX_LIST_PAGES", 5)
    spec = SourceSpec(name="official", parser="official", crawler="official", list_url="https://x/list",
                      detail_url="https://x/{number}", per_page=3, rate_per_second=1000)
    fetcher = _FullPages(3)
    with pytest.raises(InputError, match="never ends"):
        official.crawl(spec, fetcher, tmp_path / "official", tmp_path / "official-crawl.json")  # type: ignore[arg-type]
    assert fetcher.calls == 5
    assert not (tmp_path / ".official-lists").exists()


def test_a_failure_after_the_install_says_the_pool_was_installed(tmp_path, monkeypatch):
    monkeypatch.setenv("WIXOSS_DECKCHECK_DATA_DIR", str(tmp_path / "data"))
    target = tmp_path / "pool.json"

    def install(target, *_args):
        target.write_text("{}")
        return run.UpdateOutcome(target, 1, 1, 1, 0)

    def broken_cache(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(run, "_download", lambda *args: {})
    monkeypatch.setattr(run, "_build_and_install", install)
    monkeypatch.setattr(run, "_commit", broken_cache)
    with pytest.raises(run.UpdateError) as caught:
        run.run_update(target)
    assert "the new pool is installed" in caught.value.message and "unchanged" not in caught.value.message
    monkeypatch.setattr(run, "_build_and_install", lambda *args: (_ for _ in ()).throw(InputError("broken source")))
    with pytest.raises(run.UpdateError, match="the installed pool is unchanged"):
        run.run_update(target)

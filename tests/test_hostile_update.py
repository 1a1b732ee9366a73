"""``cardpool update`` against a misbehaving server on 127.0.0.1 and a hostile sources
file: a server that drips bytes, content that breaks the parsers, a data directory that
cannot be written, values out of range, names that leave the data directory, staging
folders of killed runs. Each is one error line, exit 2, and the installed pool intact."""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys

import pytest
from carddata_site import HOSTILE_BODIES, serve, sources_yaml
from conftest import CARDDATA
from hostile import assert_one_error, run_cli

pytestmark = pytest.mark.slow  # a local update server, with deadlines and faults


@pytest.fixture(scope="module")
def site(shared_dir):
    yield from serve(CARDDATA)


@pytest.fixture
def home(tmp_path, site):
    """A data directory with a pool installed, a sources file for the local site; the
    environment for a child process."""
    site.faults.clear()
    site.log.clear()
    sources = tmp_path / "sources.yaml"
    sources.write_text(sources_yaml(site.base_url), encoding="utf-8")
    pool = tmp_path / "pool.json"
    pool.write_text('{"installed": "before"}\n', encoding="utf-8")
    env = {"WIXOSS_DECKCHECK_DATA_DIR": str(tmp_path / "data"), "WIXOSS_DECKCHECK_SOURCES": str(sources)}
    return tmp_path, pool, env


def update(home, *args, sources=None):
    tmp_path, pool, env = home
    if sources is not None:
        (tmp_path / "sources.yaml").write_text(sources, encoding="utf-8")
    return run_cli("cardpool", "update", "--source", "relax", "-o", pool, *args, env=env)


def assert_failed_cleanly(home, result, *words):
    tmp_path, pool, _env = home
    line = assert_one_error(result, "update failed" if "update failed" in result.stderr.decode() else "", *words)
    assert pool.read_text() == '{"installed": "before"}\n'
    assert not list((tmp_path / "data" / "sources").glob(".update-*"))
    return line


def test_a_server_that_drips_is_cut_off_at_the_deadline(home, site):
    site.faults["/relax/cards.json"] = "drip"
    sources = sources_yaml(site.base_url).replace("backoff: 0.01", "backoff: 0.01, deadline: 1.5")
    assert_failed_cleanly(home, update(home, sources=sources), "deadline")


def test_the_run_deadline_bounds_the_whole_update(home, site):
    site.faults["/relax/cards.json"] = "drip"
    sources = sources_yaml(site.base_url).replace("backoff: 0.01", "backoff: 0.01, run_deadline: 1.5")
    assert_failed_cleanly(home, update(home, sources=sources), "run_deadline")


@pytest.mark.parametrize("fault", sorted(set(HOSTILE_BODIES) - {"huge-field"}))
def test_upstream_json_that_breaks_the_parser(home, site, fault):
    site.faults["/relax/cards.json"] = fault
    assert_failed_cleanly(home, update(home), "relax")


def test_a_csv_field_over_128_kib(home, site):
    site.faults["/wixossreact/CardData_Sheet1.csv"] = "huge-field"
    tmp_path, pool, env = home
    result = run_cli("cardpool", "update", "--source", "wixossreact", "-o", pool, env=env)
    assert_failed_cleanly(home, result, "wixossreact")


def test_a_data_directory_that_cannot_be_written(home):
    tmp_path, pool, env = home
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data directory should be\n")
    result = run_cli("cardpool", "update", "-o", pool, env={**env, "WIXOSS_DECKCHECK_DATA_DIR": str(blocked)})
    assert_one_error(result, "cannot write")
    assert pool.read_text() == '{"installed": "before"}\n'


def test_a_disk_that_fills_up_during_the_update(home, monkeypatch, capsys):
    from conftest import run_main

    tmp_path, pool, env = home
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    real_replace = os.replace

    def full(source, target, *args, **kwargs):
        if str(source).endswith(".part"):
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        return real_replace(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", full)
    code, _out, err = run_main(capsys, "cardpool", "update", "--source", "relax", "-o", str(pool))
    assert code == 2 and err.count("\n") == 1 and "No space left on device" in err, err
    assert pool.read_text() == '{"installed": "before"}\n'


BAD_VALUES = {
    "timeout-zero": ("defaults:", "defaults: {timeout: 0}\nx:"),
    "backoff-negative": ("defaults:", "defaults: {backoff: -1}\nx:"),
    "rate-not-a-number": ("rate_per_second: 200", 'rate_per_second: "fast"'),
    "retries-text": ("retries: 1", "retries: many"),
    "file-leaves-the-folder": ("files: [cards.json]", "files: [../../escape.json]"),
    "file-absolute": ("files: [cards.json]", "files: [/etc/passwd]"),
    "name-leaves-the-folder": ("name: relax,", 'name: "../relax",'),
}


@pytest.mark.parametrize("case", sorted(BAD_VALUES))
def test_sources_file_values_are_validated_before_use(home, site, case):
    old, new = BAD_VALUES[case]
    text = sources_yaml(site.base_url)
    if old == "defaults:":
        text = re.sub(r"defaults: \{[^}]*\}\n", new.replace("\nx:", "\n"), text)
    else:
        assert old in text
        text = text.replace(old, new)
    tmp_path, pool, env = home
    (tmp_path / "sources.yaml").write_text(text, encoding="utf-8")
    result = run_cli("cardpool", "update", "-o", pool, env=env)
    assert_one_error(result, "sources.yaml")
    assert site.log == [], "something was downloaded before the sources file was checked"
    assert pool.read_text() == '{"installed": "before"}\n'


def test_staging_folders_of_killed_updates_are_removed_next_run(home, site):
    tmp_path, pool, env = home
    root = tmp_path / "data" / "sources"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    killed = root / ".update-killed"
    (killed / "relax").mkdir(parents=True)
    (killed / "pid").write_text(dead.stdout.strip())
    (killed / "relax" / ".cards.json.part").write_bytes(b"half")
    older = root / ".update-older"  # from a version that wrote no pid
    older.mkdir()
    result = update(home)
    assert result.returncode == 0, result.stderr[-2000:]
    assert not killed.exists() and not older.exists()
    shutil.rmtree(root)


def test_a_host_that_cannot_be_resolved_is_not_retried(tmp_path):
    """No network or no DNS: one clear line at once, not four tries and a cut message."""
    from wixoss_deckcheck.update.http import Fetcher, FetchError
    from wixoss_deckcheck.update.sources import FetchPolicy

    waits: list[float] = []
    fetcher = Fetcher(FetchPolicy(retries=3, backoff=5.0, timeout=5.0), sleep=waits.append)
    with pytest.raises(FetchError) as caught:
        fetcher.fetch("http://no-such-host.invalid/cards.json", tmp_path / "cards.json")
    message = str(caught.value)
    assert "cannot resolve the host no-such-host.invalid" in message
    assert "tried" not in message and waits == []  # no retry, no back-off
    assert not (tmp_path / "cards.json").exists()


def test_a_long_connection_error_is_cut_at_a_word():
    from wixoss_deckcheck.update.http import _short

    inner = ConnectionRefusedError("[Errno 111] Connection refused " + "and some more words " * 20)
    outer = OSError("HTTPConnectionPool(host='127.0.0.1', port=9): Max retries exceeded")
    outer.__cause__ = inner
    text = _short(outer, limit=60)
    assert text.startswith("[Errno 111] Connection refused") and text.endswith(" …")
    assert len(text) <= 62 and not text[:-2].endswith(("wor", "mor", "som"))

"""Leaks into CI (issue 25): what a deck, a file name or a card pool holds must neither come out
whole in a report nor steer the CI log or a spreadsheet that reads it.

- A line that cannot be a card line (``/etc/passwd``'s, a secrets file's) is quoted at most
  40 characters long, and at most 12 when it cannot be a card line at all, in every output
  of ``check`` (text, json, sarif, github, junit, csv), ``sheet``, ``simulate`` and ``replay``.
- No output line starts with ``::`` from user data (a file named ``::error::forged.txt`` or
  ``x,line=9,title=pwn.txt``, a card name from a hostile pool with a line break in it): the
  ``github`` output's commands are ours alone, their properties escaped.
- Sheet fields and card names are written as text, never as formulas; CSV cells that start
  like a formula get a ``'``.

The secret lines, the file names and the pool's names are generated (seeded), so the test
covers their variants, not only the issue's own cases."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import string
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from wixoss_deckcheck.cli import cli

SHIPPED_SAMPLE = EXAMPLES.parent / "cardpool" / "sample-pool.json"
FORMATS = ["text", "json", "sarif", "github", "junit", "csv"]
DECK = (EXAMPLES / "diva-ancient-surprise.txt").read_text(encoding="utf-8")


def pool_document() -> dict:
    """The sample pool's cards under a source of another name (the sample itself gets one
    error for a deck of cards it lacks, and no finding per line)."""
    pool = json.loads(SHIPPED_SAMPLE.read_text(encoding="utf-8"))
    pool["sources"] = [dict(source, name="hostile-test") for source in pool["sources"]]
    return pool


@pytest.fixture(scope="module")
def sample_pool(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pool") / "pool.json"
    path.write_text(json.dumps(pool_document(), ensure_ascii=False), encoding="utf-8")
    return path


def run(*args: str | Path) -> str:
    """stdout and stderr of the command line, in this process."""
    result = CliRunner().invoke(cli, list(map(str, args)))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.output


def secret_lines(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """(line, its secret part) pairs of the kinds a file outside the tree holds."""
    out = []
    for _ in range(n):
        token, other = ("".join(rng.choice(string.ascii_letters + string.digits) for _ in range(rng.randint(24, 48)))
                        for _ in range(2))
        kind = rng.randrange(7)
        line = [
            f"{rng.choice(['root', 'daemon', 'www-data'])}:x:{rng.randint(0, 999)}:0:{token}:/root:/bin/bash",
            f"{rng.choice(['API_KEY', 'AWS_SECRET_ACCESS_KEY', 'token'])}={token}",
            f"export GITHUB_TOKEN={token}",
            f"password: {token}",
            f"{token}{other}",  # a long line of a key: only its first 39 characters
            f"-----BEGIN PRIVATE KEY----- {token}",
            f'{{"secret": "{token}"}}',
        ][kind]
        out.append((line, token if kind != 4 else (token + other)[39:]))
    return out


@pytest.fixture(scope="module")
def secrets(tmp_path_factory):
    """A folder with a deck of 24 generated secret lines (and a replay record naming it)."""
    folder = tmp_path_factory.mktemp("secrets")
    pairs = secret_lines(random.Random(25), 24)
    (folder / "deck.txt").write_text("\n".join(line for line, _ in pairs) + "\n", encoding="utf-8")
    record = {"game": {"format": "diva", "as_of": "2026-11-30", "deck": "deck.txt", "player": "first",
                       "start": ["WXDi-D01-001"]}}
    (folder / "game.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    return folder, [secret for _line, secret in pairs]


def assert_no_secret(output: str, tokens: list[str], what: str) -> None:
    for token in tokens:
        assert token not in output, (what, token, output[:2000])


@pytest.mark.slow
@pytest.mark.parametrize("output", FORMATS)
def test_secret_lines_are_never_echoed_whole_by_check(secrets, sample_pool, output):
    folder, tokens = secrets
    out = run("check", "--no-config", "--cardpool", sample_pool, "-O", output, folder / "deck.txt")
    assert "deck.txt" in out  # the run reported the deck
    assert_no_secret(out, tokens, output)


def test_secret_lines_are_never_echoed_whole_by_sheet_simulate_and_replay(secrets, sample_pool, tmp_path):
    folder, tokens = secrets
    for args in (
        ("sheet", "--cardpool", sample_pool, folder / "deck.txt", "-o", tmp_path / "s.xlsx"),
        ("simulate", "--cardpool", sample_pool, folder / "deck.txt"),
        ("replay", "--cardpool", sample_pool, folder / "game.jsonl"),
        ("replay", "--cardpool", sample_pool, "-O", "json", folder / "game.jsonl"),
    ):
        out = run(*args)
        assert "nknown card" in out, (args, out)  # the deck was read and its first line quoted
        assert_no_secret(out, tokens, args[0])


def test_etc_passwd_is_quoted_a_few_characters_long(sample_pool):
    passwd = Path("/etc/passwd")
    out = run("check", "--no-config", "--cardpool", sample_pool, "-O", "text", passwd)
    for line in passwd.read_text(encoding="utf-8", errors="replace").splitlines()[:30]:
        if len(line) > 12 and ":" in line:
            assert line not in out, line
    assert "root:x:0:0:…" in out or "root" not in passwd.read_text()


# -- workflow commands -------------------------------------------------------------------------

PIECES = ["::", "error", "warning", "notice", "add-mask", "set-output name=x", ",", "line=9", "title=pwn", "file=",
          "%0A", "%25", "\n", "\r", " ", "\t", "x", ":", "=", "debug"]
OURS = re.compile(
    r"::(?:group|endgroup)::|::(?:error|warning) (?:file=[^:,]*,line=\d+,title=[A-Za-z0-9-]+|title=list)::"
)


def hostile_names(rng: random.Random, n: int) -> list[str]:
    names = ["::error::forged", "x,line=9,title=pwn", "  ::warning::sp", "%0A::error::enc", "\n::error::nl"]
    while len(names) < n:
        names.append("".join(rng.choice(PIECES) for _ in range(rng.randint(2, 7))))
    return names


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """Decks under hostile names, and a pool whose cards of the deck have hostile names."""
    folder = tmp_path_factory.mktemp("hostile")
    rng = random.Random(2025)
    decks = folder / "decks"
    decks.mkdir()
    deck = DECK.replace("4 WXDi-D01-012", "5 WXDi-D01-012").replace("4 WXDi-D01-013", "5 WXDi-D01-013")
    deck += "\n::error::in-a-deck-line\n4 ::notice::card\n"
    written = set()
    for name in hostile_names(rng, 24):
        file_name = name.replace("/", "_").replace("\x00", "") + ".txt"
        if file_name.startswith(".") or file_name in written:
            continue
        written.add(file_name)
        (decks / file_name).write_text(deck, encoding="utf-8")
    pool = pool_document()
    evil = hostile_names(rng, 40)[5:]
    for card in pool["cards"]:
        if card["number"].startswith("WXDi-D01-"):
            card["name"] = rng.choice(evil) + rng.choice(["\n::error::pool", "=HYPERLINK(\"http://x\")", ""])
    (folder / "pool.json").write_text(json.dumps(pool, ensure_ascii=False), encoding="utf-8")
    return folder


@pytest.mark.parametrize("output", ["text", "csv", "junit", "github"])
def test_no_output_line_starts_a_workflow_command_from_user_data(hostile, output):
    decks = sorted((hostile / "decks").iterdir())
    for command, targets in (("audit", [hostile / "decks"]), ("check", decks)):
        result = CliRunner().invoke(cli, [command, "--no-config", "--cardpool", str(hostile / "pool.json"),
                                          "-O", output, *map(str, targets)])
        out = result.output
        assert "WX102" in out or "main-copy-limit" in out, out[:1000]  # the pool's names were echoed
        for line in out.splitlines():
            stripped = line.lstrip()
            if not stripped.startswith("::"):
                continue
            assert output == "github", line
            assert OURS.match(stripped), line


def test_relative_paths_that_start_with_colons_are_shown_as_the_same_file(hostile, monkeypatch):
    monkeypatch.chdir(hostile / "decks")
    for output in ("text", "csv", "junit", "github"):
        result = CliRunner().invoke(cli, ["check", "--no-config", "--cardpool", str(hostile / "pool.json"),
                                          "-O", output, "::error::forged.txt"])
        lines = result.output.splitlines()
        assert lines, result.output
        assert not [line for line in lines if line.lstrip().startswith("::") and not OURS.match(line.lstrip())]
        if output in ("text", "junit"):
            assert "./::error::forged.txt:" in result.output


# -- spreadsheets ------------------------------------------------------------------------------

FORMULAS = ["=HYPERLINK(\"http://evil\",\"x\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "=cmd|' /C calc'!A0"]


@pytest.mark.slow
def test_sheet_fields_and_card_names_are_written_as_text(hostile, tmp_path):
    rng = random.Random(7)
    for index in range(4):
        written = [formula for formula in FORMULAS if formula.isprintable()]  # a tab or CR: refused (issue 25)
        fields = {option: rng.choice(written) + rng.choice(["", " x", "1"]) for option in
                  ("--nickname", "--venue", "--selector-id", "--center")}
        out = tmp_path / f"s{index}.xlsx"
        deck = tmp_path / "deck.txt"
        deck.write_text(DECK, encoding="utf-8")
        args = ["sheet", "--cardpool", str(hostile / "pool.json"), str(deck), "-o", str(out)]
        for option, value in fields.items():
            args += [option, value]
        result = CliRunner().invoke(cli, args)
        assert out.exists(), result.output
        with zipfile.ZipFile(out) as archive:
            sheet_xml = "".join(archive.read(name).decode() for name in archive.namelist() if "worksheets" in name)
        assert "<f>" not in sheet_xml and "<f " not in sheet_xml  # no formula anywhere
        workbook = openpyxl.load_workbook(out)
        texts = [cell for row in workbook.active.iter_rows() for cell in row if isinstance(cell.value, str)]
        assert all(cell.data_type == "s" for cell in texts)
        starts = [cell for cell in texts if cell.value.startswith(("=", "+", "-", "@"))]
        assert starts and all(cell.quotePrefix for cell in starts), [c.value for c in starts]


def test_csv_cells_never_start_like_a_formula(hostile):
    result = CliRunner().invoke(cli, ["audit", "--no-config", "--cardpool", str(hostile / "pool.json"),
                                      "-O", "csv", str(hostile / "decks")])
    rows = list(csv.reader(io.StringIO(result.output)))
    assert len(rows) > 5
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


# -- nothing outside the tree --------------------------------------------------------------------


def _tree(root: Path, rng: random.Random) -> tuple[Path, list[Path], str]:
    """A repository with decks, links into it and links out of it (to a secret beside it):
    (the decks folder, the links that lead outside, the secret's token)."""
    token = "".join(rng.choice(string.ascii_letters) for _ in range(32))
    outside = root / "outside"
    (outside / "deep").mkdir(parents=True)
    secret = outside / "deep" / "secret.txt"
    secret.write_text(f"API_KEY={token}\nroot:x:0:0:{token}:/root\n", encoding="utf-8")
    decks = root / "repo" / "decks"
    (decks / "sub").mkdir(parents=True)
    (decks / "real.txt").write_text(DECK, encoding="utf-8")
    (decks / "sub" / "inside.txt").symlink_to("../real.txt")  # a link inside the tree: read
    leaks = []
    for index in range(rng.randint(2, 6)):
        folder = rng.choice([decks, decks / "sub"])
        name = folder / f"leak{index}{rng.choice(['.txt', '.yaml', '.deck'])}"
        target = rng.choice([secret, Path("../" * (len(name.relative_to(root).parts) - 1)) / "outside/deep/secret.txt"])
        if rng.random() < 0.3:  # a chain: a link inside the tree to a link out of it
            hop = folder / f"hop{index}.lnk"
            hop.symlink_to(target)
            target = Path(hop.name)
        name.symlink_to(target)
        leaks.append(name)
    (decks / "outdir").symlink_to(outside)  # a link to a folder outside
    return decks, leaks, token


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_links_out_of_the_tree_are_never_read(tmp_path, sample_pool, monkeypatch, seed):
    rng = random.Random(seed)
    decks, leaks, token = _tree(tmp_path, rng)
    monkeypatch.chdir(decks.parent)
    for args in (["audit", "--no-config", "decks"], ["audit", "--no-config", "--follow-symlinks", "decks"],
                 ["audit", "--no-config", "decks/**/*.txt"], ["check", "--no-config", *map(str, leaks)]):
        for output in ("text", "json", "github"):
            result = CliRunner().invoke(cli, [*args, "--cardpool", str(sample_pool), "-O", output])
            assert token not in result.output, (args, output)
            assert "API_KEY" not in result.output and "root:x" not in result.output, (args, output)
            assert result.exit_code == 2, (args, output, result.output[-500:])
    result = CliRunner().invoke(cli, ["audit", "--no-config", "--cardpool", str(sample_pool), "-O", "json", "decks"])
    assert "sub/inside.txt" in result.output  # the link inside the tree is read
    for leak in leaks:
        result = CliRunner().invoke(cli, ["check", "--no-config", "--cardpool", str(sample_pool), str(leak)])
        assert "outside its folder" in result.output, leak
        allowed = CliRunner().invoke(cli, ["check", "--no-config", "--allow-outside", "--cardpool", str(sample_pool),
                                           "-O", "json", str(leak)])
        assert "outside its folder" not in allowed.output and token not in allowed.output, leak


@pytest.mark.parametrize("reference", ["/etc/passwd", "../../../../../../etc/passwd", "../../outside/deep/secret.txt",
                                       "link.txt"])
def test_a_records_deck_outside_its_folder_is_not_read(tmp_path, sample_pool, monkeypatch, reference):
    rng = random.Random(reference)
    decks, _leaks, token = _tree(tmp_path, rng)
    records = decks.parent / "records"
    records.mkdir()
    (records / "link.txt").symlink_to(tmp_path / "outside" / "deep" / "secret.txt")
    header = {"format": "diva", "as_of": "2026-11-30", "deck": reference, "player": "first", "start": ["WXDi-D01-001"]}
    (records / "game.jsonl").write_text(json.dumps({"game": header}) + "\n", encoding="utf-8")
    monkeypatch.chdir(decks.parent)
    result = CliRunner().invoke(cli, ["replay", "--cardpool", str(sample_pool), "records/game.jsonl"])
    assert result.exit_code == 2 and token not in result.output and "root:x" not in result.output
    assert "outside the record's folder" in result.output or "outside its folder" in result.output, result.output
    allowed = CliRunner().invoke(cli, ["replay", "--allow-outside", "--cardpool", str(sample_pool),
                                       "records/game.jsonl"])
    assert "outside the record's folder" not in allowed.output and token not in allowed.output


def test_other_text_outputs_start_no_workflow_command_from_a_pools_names(hostile, tmp_path):
    """``simulate`` (odds and goldfish), ``replay`` and ``cards`` echo the pool's card names too."""
    pool = str(hostile / "pool.json")
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    trace = tmp_path / "trace.jsonl"
    runs = [
        ["simulate", "--cardpool", pool, str(deck)],
        ["simulate", "--goldfish", "--games", "2", "--seed", "1", "--trace", str(trace), "--cardpool", pool, str(deck)],
        ["replay", "--cardpool", pool, str(trace)],
        ["cards", "show", "WXDi-D01-005", "--cardpool", pool],
        ["cards", "search", "error", "--cardpool", pool],
    ]
    for args in runs:
        result = CliRunner().invoke(cli, args)
        assert result.output.strip(), args
        forged = [line for line in result.output.splitlines() if line.lstrip().startswith("::")]
        assert not forged, (args, forged[:3])


def test_a_history_of_a_deck_named_like_a_command_starts_no_line_with_it(hostile, monkeypatch):
    monkeypatch.chdir(hostile / "decks")
    result = CliRunner().invoke(cli, ["check", "--no-config", "--history", "--cardpool", str(hostile / "pool.json"),
                                      "::error::forged.txt"])
    assert "forged.txt" in result.output, result.output
    assert not [line for line in result.output.splitlines() if line.lstrip().startswith("::")]


@pytest.mark.parametrize("seed", range(4))
def test_a_folder_link_of_the_users_own_is_read_a_planted_one_is_not(tmp_path, monkeypatch, seed):
    """A path named outright through a folder link beside the working folder (``../shared``
    beside a clone) is the user's own layout and is read; the same link inside the working
    folder (a repository can hold ``decks -> /elsewhere``) is refused, as is a file link."""
    from wixoss_deckcheck.decklist.reading import read_deck_bytes
    from wixoss_deckcheck.errors import InputError

    rng = random.Random(seed)
    elsewhere = tmp_path / "elsewhere" / "".join(rng.choices(string.ascii_lowercase, k=6))
    elsewhere.mkdir(parents=True)
    (elsewhere / "deck.txt").write_bytes(b"[main]\n4 WXDi-D01-009\n")
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "shared").symlink_to(elsewhere, target_is_directory=True)  # beside the working folder
    (work / "decks").symlink_to(elsewhere, target_is_directory=True)  # inside it
    (work / "deck.txt").symlink_to(elsewhere / "deck.txt")
    monkeypatch.chdir(work)
    assert read_deck_bytes("../shared/deck.txt").startswith(b"[main]")
    for planted in ("decks/deck.txt", "deck.txt", str(work / "decks" / "deck.txt")):
        with pytest.raises(InputError, match="outside"):
            read_deck_bytes(planted)

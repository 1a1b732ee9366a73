"""Issue 25, tracebacks: hostile values where the tool reads its own kinds of files end in
one error line (exit 2) or a cache miss, never a traceback. Generated: hypothesis over
regular-expression text, encoding names, sheet fields and file names; seeded mutations of
a card pool and of every cache file (a checksum that is right over values that are wrong)."""

from __future__ import annotations

import contextlib
import io
import json
import marshal
import os
import random
import re
import zlib

import pytest
import yaml
from conftest import EXAMPLES, ROOT, run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from wixoss_deckcheck.errors import InputError, UsageError
from wixoss_deckcheck.model.patterns import MAX_REPEAT, card_pattern, pattern_problem

DECK = EXAMPLES / "diva-ancient-surprise.txt"
REGEX_BITS = st.lists(st.sampled_from(list("()[]{}|*+?.^$\\-,:=!<>aWX019") + ["{99999999999999999999}", "(?=",
                                                                                 "(?P<a>", "\\1", "{2}", "(?:"]),
                      max_size=25).map("".join)


def _table(pattern: str, where: str = "icons") -> str:
    if where == "icons":
        return f"id: mine\nextends: diva\nname: mine\nicons:\n  - pattern: {json.dumps(pattern)}\n    icons: [key]\n"
    return (f"id: mine\nextends: diva\nname: mine\nrules:\n  - id: WX121\n    check: level-zero-lrig-pool\n"
            f"    params: {{include: {{series: [{json.dumps(pattern)}]}}}}\n")


_QUANTIFIER = r"(?:[*+?]|\{\d+(?:,\d*)?\})"


def _repeated_group_with_a_quantifier(text: str) -> bool:
    """Whether the text writes a group holding a quantifier, the group itself repeated
    (``(a+)+``): read as text, independently of the tool's parse. A class (``[*]``), an
    escaped character, the ``?`` of ``(?:`` or ``(?P<name>`` and a ``}`` that closes no
    ``{m,n}`` are no quantifiers."""
    plain = re.sub(r"\\.", "x", text)  # an escaped character is one literal
    plain = re.sub(r"\[\^?\]?[^\]]*\]", "x", plain)  # a class is one character
    plain = re.sub(r"\(\?(?::|P<\w+>)", "(", plain)  # the ? of (?: and (?P<name> opens a group
    for group in re.finditer(r"\(([^()]*)\)(?=" + _QUANTIFIER + ")", plain):
        if re.search(_QUANTIFIER, group.group(1)):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(text=REGEX_BITS)
def test_any_pattern_text_is_refused_in_one_line_or_is_in_the_safe_subset(text):
    problem = pattern_problem(text)
    if problem is None:
        compiled = card_pattern(text)
        assert len(text) <= 200
        assert not _repeated_group_with_a_quantifier(text)  # no (..+..)+ written out
        compiled.match("WXDi-P01-001" * 5)
    else:
        with pytest.raises(InputError):
            card_pattern(text)


@pytest.mark.parametrize("inner", ["a", "[0-9]", "WX-", "(?:ab)"])
@pytest.mark.parametrize("shape", ["({0}+)+", "({0}*)*$", "({0}|{0}{0})*", "(?:{0}+){{2,}}", "{0}{{101}}",
                                   "({0}){{1000000}}", "{0}{{99999999999999999999}}", "(", "[", "{0}**",
                                   "(?<={0})x", "({0})\\1"])
def test_catastrophic_and_invalid_patterns_are_refused(inner, shape):
    assert pattern_problem(shape.format(inner)) is not None


def test_every_shipped_pattern_is_in_the_subset_and_counts_are_bounded():
    from wixoss_deckcheck.tables.loading import builtin_format_ids, load_format

    for format_id in builtin_format_ids():
        load_format(format_id)  # raises on a pattern outside the subset
    assert pattern_problem(f"a{{{MAX_REPEAT}}}") is None and pattern_problem(f"a{{{MAX_REPEAT + 1}}}")


@pytest.mark.parametrize("where", ["icons", "series"])
@pytest.mark.parametrize("pattern", ["(", "a{99999999999999999999}", "(a+)+$", "x{1000000}{1000000}"])
def test_a_format_file_with_a_bad_pattern_is_one_line(tmp_path, capsys, where, pattern):
    table = tmp_path / "mine.yaml"
    table.write_text(_table(pattern, where), encoding="utf-8")
    code, _out, err = run_main(capsys, "check", "--no-config", "--format-file", str(table), str(DECK))
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: ") and "mine.yaml" in err, err


@pytest.mark.parametrize("target", ["/dev/stdin", "/dev/zero", "fifo.yaml", "."])
def test_extends_through_a_special_file_is_one_line(tmp_path, capsys, target):
    os.mkfifo(tmp_path / "fifo.yaml")
    table = tmp_path / "mine.yaml"
    table.write_text(f"id: mine\nextends: {target}\nname: mine\n", encoding="utf-8")
    code, _out, err = run_main(capsys, "check", "--no-config", "--format-file", str(table), str(DECK))
    assert code == 2 and err.count("\n") == 1, err


@settings(max_examples=150, deadline=None)
@given(name=st.one_of(st.text(max_size=20), st.sampled_from(["utf-8\x00", "rot13", "base64", "undefined", "zlib"])))
def test_any_encoding_name_is_a_codec_or_one_usage_error(name):
    from wixoss_deckcheck.decklist.reading import check_text_encoding

    try:
        check_text_encoding(name)
    except UsageError:
        return
    "WIXOSS".encode(name)


def test_a_settings_file_with_a_bad_encoding_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for value in ['"utf-8\\u0000"', '"nope"', "5", '"rot13"']:
        (tmp_path / ".wixoss-deckcheck.yaml").write_text(f"encoding: {value}\n", encoding="utf-8")
        code, _out, err = run_main(capsys, "check", str(DECK))
        assert code == 2 and err.count("\n") == 1 and err.startswith("error: "), (value, err)


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=st.characters(codec="utf-8", min_codepoint=0, max_codepoint=0xFFFF), max_size=20))
def test_sheet_fields_are_refused_or_writable_and_card_text_always_writable(text):
    from openpyxl import Workbook

    from wixoss_deckcheck.checking.sheet_deck import sheet_fields
    from wixoss_deckcheck.decklist.sheet_write import xml_text

    cell = Workbook().active.cell(1, 1)
    cell.value = xml_text(text)  # a card's name from a hostile pool: never IllegalCharacterError
    assert "\ufffe" not in cell.value and "\uffff" not in cell.value

    class Deck:
        date = None

    class Resolved:
        deck = Deck()
        level_zero_lrigs: list = []

    try:
        fields = sheet_fields(Resolved(), {"venue": text, "center": "x"})  # type: ignore[arg-type]
    except UsageError as exc:
        assert "--venue" in exc.message
        return
    cell.value = fields.get("venue")


@pytest.mark.parametrize("option", ["--venue", "--nickname", "--selector-id", "--center"])
@pytest.mark.parametrize("value", ["a\x01b", "a\ufffeb", "a\x1b[2Jb", "\uffff"])
def test_sheet_options_with_control_characters_are_one_line(tmp_path, capsys, option, value):
    code, _out, err = run_main(capsys, "sheet", str(DECK), "-o", str(tmp_path / "s.xlsx"), option, value)
    assert code == 2 and err.count("\n") == 1 and option in err, err
    assert not (tmp_path / "s.xlsx").exists()


@settings(max_examples=60, deadline=None)
@given(name=st.text(min_size=1, max_size=12).map(lambda t: t[: len(t) // 2] + "\x00" + t[len(t) // 2:]))
def test_a_file_name_with_a_nul_byte_is_an_input_error(name):
    from wixoss_deckcheck.decklist.reading import read_deck_bytes
    from wixoss_deckcheck.files.text import read_text_file

    for read in (read_deck_bytes, read_text_file):
        with pytest.raises(InputError):
            read(name) if read is read_deck_bytes else read(name, "file")


def test_audit_of_paths_with_bad_bytes_on_stdin(tmp_path):
    from hostile import run_cli

    result = run_cli("audit", "--no-config", "-", cwd=tmp_path,
                     stdin=b"a/\x00x.txt\n\xff\xfe\x00bad.txt\n" + str(DECK).encode() + b"\n")
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2 and "Traceback" not in err, err


POOL_VALUES = [None, 1, -1, 1.5, True, "", "x", [], [1], ["x", 2], {}, {"a": 1}, 10**30, [{}], [{"deck": 1}],
               [{"deck": "main", "type": "SIGNI", "max": "x"}], {"kind": 5}]


def _pool_mutations(seed: int, count: int):
    base = json.loads((ROOT / "cardpool" / "sample-pool.json").read_text(encoding="utf-8"))
    rng = random.Random(seed)
    for _ in range(count):
        pool = json.loads(json.dumps(base))
        card = rng.choice(pool["cards"])
        card[rng.choice(sorted(card) + ["extra"])] = rng.choice(POOL_VALUES)
        yield pool


def _quietly(args: list[str]) -> tuple[int, str]:
    from wixoss_deckcheck.cli import main

    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            main(args)
    except SystemExit as exc:
        return int(exc.code or 0), err.getvalue()
    return 0, err.getvalue()


@pytest.mark.parametrize(("seed", "count"), [(25, 40), pytest.param(26, 400, marks=pytest.mark.slow)])
def test_a_pool_whose_entries_have_the_wrong_shape_is_one_line(tmp_path, seed, count):
    path = tmp_path / "pool.json"
    for pool in _pool_mutations(seed, count):
        path.write_text(json.dumps(pool), encoding="utf-8")
        code, err = _quietly(["check", "--no-config", "--cardpool", str(path), str(DECK)])
        assert code in (0, 1, 2) and "Traceback" not in err, err
        assert all(line.startswith("error: ") for line in err.splitlines() if code == 2), err


WRONG = [None, 0, -1, "x", [], {}, [1], {"a": 1}, (1,), b"x", 1.5, True]


def _nodes(value, path=()):
    yield path
    if isinstance(value, dict):
        for key in list(value)[:50]:
            yield from _nodes(value[key], (*path, key))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value[:50]):
            yield from _nodes(item, (*path, index))


def _replaced(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, (list, tuple)):
        items = list(value)
        items[head] = _replaced(items[head], rest, new)
        return tuple(items) if isinstance(value, tuple) else items
    return {**value, head: _replaced(value[head], rest, new)}


@pytest.mark.parametrize(("seed", "count"), [(25, 6), pytest.param(27, 40, marks=pytest.mark.slow)])
def test_a_cache_with_a_right_checksum_and_wrong_values_is_a_miss(tmp_path, seed, count):
    """Each run is a new process (the caches are read once per process)."""
    from hostile import run_cli

    from wixoss_deckcheck.files import cache

    env = {"WIXOSS_DECKCHECK_CACHE_DIR": str(tmp_path / "cache")}
    args = ["check", "--no-config", "--lang", "ja", str(DECK)]
    clean = run_cli(*args, env=env)
    files = [f for f in sorted((tmp_path / "cache").rglob("*")) if f.is_file() and f.read_bytes()[:4] == cache._MAGIC]
    kinds = {f.name.split("-")[0] for f in files}
    assert {"table", "messages", "releases", "pool", "format"} <= kinds, kinds
    originals = {f: f.read_bytes() for f in files}
    said = yaml.safe_load((ROOT / "wixoss_deckcheck" / "messages" / "ja.yaml").read_text(encoding="utf-8"))
    said = said["errors"]["sharded_card_pool_cache"]
    rng = random.Random(seed)
    for _ in range(count):
        target = rng.choice(files)
        stamp, value = marshal.loads(originals[target][8:])
        body = marshal.dumps((stamp, _replaced(value, rng.choice(list(_nodes(value))), rng.choice(WRONG))))
        target.write_bytes(cache._MAGIC + zlib.crc32(body).to_bytes(4, "big") + body)
        result = run_cli(*args, env=env)
        err = result.stderr.decode("utf-8", "replace")
        assert result.returncode in (0, 1, 2) and "Traceback" not in err, (target.name, err[-500:])
        if result.returncode == 2:
            # only the pool's lazily read rows say so, in the run's language (--lang ja)
            assert err == f"error: {said}\n", err
        else:
            assert (result.returncode, result.stdout) == (clean.returncode, clean.stdout), (target.name, err)
        for path, data in originals.items():
            path.write_bytes(data)


def _mutated_pages(seed: int, count: int):
    """Official card pages with tags removed, renamed (dd/dt, td/th) or added at random."""
    from conftest import CARDDATA

    pages = [p.read_text(encoding="utf-8") for p in sorted((CARDDATA / "official-html").glob("*.html"))]
    rng = random.Random(seed)
    for _ in range(count):
        page = rng.choice(pages)
        for _ in range(rng.randint(1, 8)):
            tags = [m.span() for m in re.finditer(r"<[^>]+>", page)] or [(0, 0)]
            start, end = rng.choice(tags)
            roll = rng.random()
            if roll < 0.4:
                page = page[:start] + page[end:]
            elif roll < 0.7:
                page = page[:start] + page[start:end].replace("dd", "dt").replace("td", "th") + page[end:]
            else:
                at = rng.randrange(len(page) + 1)
                page = page[:at] + rng.choice(["<dd>", "</dd>", "<dt>", "<td>", "</tr>", "<img src=x>", ""]) + page[at:]
        yield page


@pytest.mark.shared
@pytest.mark.parametrize(("seed", "count"), [(25, 200), pytest.param(26, 3000, marks=pytest.mark.slow)])
def test_an_official_page_without_the_expected_cells_is_an_input_error(seed, count):
    from wixoss_deckcheck.importers.official import parse_detail
    from wixoss_deckcheck.update.official import list_numbers

    for page in _mutated_pages(seed, count):
        for read in (parse_detail, list_numbers):
            with contextlib.suppress(InputError):  # any other exception fails the test
                read(page)


def test_sheet_of_an_xlsx_deck_onto_itself_is_refused(tmp_path, capsys):
    deck = tmp_path / "deck.xlsx"
    code, _out, err = run_main(capsys, "sheet", str(DECK), "-o", str(deck))
    assert code == 0, err
    before = deck.read_bytes()
    code, _out, err = run_main(capsys, "sheet", str(deck), "-o", str(deck))
    assert code == 2 and err.count("\n") == 1 and "one of the inputs" in err, err
    template = tmp_path / "blank.xlsx"
    template.write_bytes(before)
    code, _out, err = run_main(capsys, "sheet", str(DECK), "-o", str(template), "--template", str(template))
    assert code == 2 and "one of the inputs" in err, err
    assert deck.read_bytes() == before and template.read_bytes() == before

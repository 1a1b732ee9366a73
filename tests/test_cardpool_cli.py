"""``cardpool build`` and ``cardpool info`` from the command line."""

from __future__ import annotations

import json

import pytest
from conftest import CARDDATA, run_main

run = run_main


@pytest.mark.slow
@pytest.mark.shared
def test_build_from_the_shared_folder_writes_pool_and_report(capsys, tmp_path):
    target, report = tmp_path / "pool.json", tmp_path / "report.json"
    code, out, err = run(
        capsys, "cardpool", "build", "--from", str(CARDDATA), "-o", str(target), "--report", str(report)
    )
    assert code == 0, err
    assert "sources: wixossreact (6712), relax (3289), webxoss (2301), english (3993), official (9)" in out
    summary = [line for line in out.splitlines() if line.startswith("merge report: ")]
    assert len(summary) == 1 and "-v lists the conflicts" in summary[0] and " kept " not in out  # one line
    document = json.loads(target.read_text(encoding="utf-8"))
    assert json.loads(report.read_text(encoding="utf-8")) == document["merge_report"]
    code, out, _ = run(capsys, "cardpool", "info", "--cardpool", str(target))
    assert code == 0
    assert f"card pool: {target} (option)" in out
    assert "source official: 9 records" in out and "WX26-P1" in out and "formats: all-star" in out
    code, out, _ = run(capsys, "cardpool", "build", "--from", str(CARDDATA), "-o", str(target), "-v")
    assert code == 0 and len([line for line in out.splitlines() if " kept " in line]) > 20  # -v: every conflict


@pytest.mark.shared
def test_one_source_alone_and_unknown_ones(capsys, tmp_path):
    target = tmp_path / "pool.json"
    code, out, _ = run(
        capsys, "cardpool", "build", "--source", f"official={CARDDATA / 'official-html'}", "-o", str(target)
    )
    assert code == 0 and "9 cards" in out
    code, _, err = run(capsys, "cardpool", "build", "--source", "nope=/tmp", "-o", str(target))
    assert code == 2 and "unknown source 'nope'" in err
    code, _, err = run(capsys, "cardpool", "build", "--source", f"english={CARDDATA / 'english'}", "-o", str(target))
    assert code == 2 and "only names cards" in err
    code, _, err = run(capsys, "cardpool", "build", "--from", str(tmp_path / "missing"))
    assert code == 2 and "not a directory" in err


def test_a_broken_source_leaves_an_earlier_pool_intact(capsys, tmp_path):
    target = tmp_path / "pool.json"
    target.write_text("old", encoding="utf-8")
    broken = tmp_path / "relax.json"
    broken.write_text("<html>oops</html>", encoding="utf-8")
    code, _, err = run(capsys, "cardpool", "build", "--source", f"relax={broken}", "-o", str(target))
    assert code == 2 and err.startswith(f"error: {broken}") and err.count("\n") == 1
    assert target.read_text(encoding="utf-8") == "old"


@pytest.mark.slow
@pytest.mark.shared
def test_import_wixossreact_still_works(capsys, tmp_path):
    target = tmp_path / "pool.json"
    code, out, _ = run(capsys, "cardpool", "import", "wixossreact", str(CARDDATA / "wixossreact"), "-o", str(target))
    assert code == 0 and "from wixossreact" in out


@pytest.mark.shared
@pytest.mark.parametrize("how", ["build", pytest.param("import", marks=pytest.mark.slow)])
def test_build_import_info_and_check_count_the_same_card_numbers_alike(capsys, tmp_path, how):
    """``cardpool build`` said 11,437 card numbers where ``check -v`` said 11,439: it counted the
    merge, before cardpool/corrections.yaml added the prints no card list has. Every command now
    counts the pool as written, with the same words."""
    import re

    from conftest import EXAMPLES

    target = tmp_path / "pool.json"
    command = (["cardpool", "build", "--source", f"wixossreact={CARDDATA / 'wixossreact'}"] if how == "build"
               else ["cardpool", "import", "wixossreact", str(CARDDATA / "wixossreact")])
    code, out, err = run(capsys, *command, "-o", str(target))
    assert code == 0, err
    built = re.search(r": (\d+) cards, (\d+) card numbers with reprints", out)
    assert built, out
    document = json.loads(target.read_text(encoding="utf-8"))
    prints = {number for card in document["cards"] for number in (card["number"], *card.get("reprints", ()))}
    assert (int(built[1]), int(built[2])) == (len(document["cards"]), len(prints))
    code, out, _ = run(capsys, "cardpool", "info", "--cardpool", str(target))
    assert f"cards: {built[1]} ({built[2]} card numbers with reprints, " in out, out
    deck = str(EXAMPLES / "diva-illegal.txt")
    code, out, err = run(capsys, "check", "-v", "--no-config", "--cardpool", str(target), deck)
    assert f"card pool: {target} ({built[2]} card numbers with reprints, option)" in out + err, out + err

"""Message files: every check code has a text in every language, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

import wixoss_deckcheck
import wixoss_deckcheck.checks.play  # noqa: F401  (registers the play checks)
from wixoss_deckcheck.checks import BY_CODE
from wixoss_deckcheck.files.resources import messages_dir
from wixoss_deckcheck.messages import Messages


def fields(template: str) -> set[str]:
    """The placeholders of a template ("{found|card}": the value found, counted with a noun)."""
    return {name.partition("|")[0] for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["en", "ja", "zh"])
def test_every_code_has_a_message_with_the_english_placeholders(lang):
    data = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))
    english = yaml.safe_load((messages_dir() / "en.yaml").read_text(encoding="utf-8"))
    for code in BY_CODE:
        assert code in data, f"{lang}: no message for {code}"
        assert fields(data[code]) <= fields(english[code]) | {"why", "type"}, (lang, code)
        if lang != "en":
            assert code in data["names"], f"{lang}: no check name for {code}"
            assert not re.search(r"[A-Za-z]{3,}", data["names"][code]), (lang, code)


#: English grammar with no counterpart elsewhere: articles ("an LRIG") and plural forms.
ENGLISH_ONLY_WORDS = {"types_a", "plural"}


def test_translated_words_cover_the_english_ones():
    english = yaml.safe_load((messages_dir() / "en.yaml").read_text(encoding="utf-8"))["words"]
    english = {key: value for key, value in english.items() if key not in ENGLISH_ONLY_WORDS}
    for lang in ("ja", "zh"):
        words = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
        assert set(english) <= set(words), (lang, set(english) - set(words))


def test_unknown_language_falls_back_to_english():
    assert Messages("fr").lang == "en"
    assert Messages("ja").colour("white") == "白"
    assert Messages("zh").card_type("SIGNI") == "精灵"


def test_the_pages_of_serve_have_every_text_in_every_language():
    """The ``web:`` section (serve's pages): the same keys and placeholders in every catalogue."""
    english = yaml.safe_load((messages_dir() / "en.yaml").read_text(encoding="utf-8"))["web"]
    for lang in ("ja", "zh"):
        web = yaml.safe_load((messages_dir() / f"{lang}.yaml").read_text(encoding="utf-8"))["web"]
        assert set(web) == set(english), (lang, set(english) ^ set(web))
        for key, text in web.items():
            assert fields(text) == fields(english[key]), (lang, key)
    assert Messages("zh-Hant").web()["check"] == "檢查"  # Traditional Chinese: OpenCC from zh.yaml


# -- every refusal in every language -------------------------------------------------------

#: What raises an input or usage error (and ``serve``'s 413, a download's try that failed) with
#: its message as written; the subclasses of these the package defines are found by the walk.
RAISERS = {"InputError", "UsageError", "TooLarge", "_Retry"}
#: The functions whose returned text is (part of) an error message: a pattern's problem, a
#: token that is no copy count, a folder too full for an audit, a download's body or try, a
#: card row of a pool.
PROBLEM_FUNCTIONS = {"pattern_problem", "_refused", "not_a_count", "too_full", "too_large", "sniff",
                     "_worth_retrying", "card_problem", "_what_happened"}
#: A refusal as a reader writes it (``("error", message, None, None)``), or a walk's problem.
ENGLISH_RUN = re.compile(r"\b[A-Za-z]+(?: +[A-Za-z]+){2,}\b")  # (a list of names, "a, b, c", is no sentence)


def english_sentence(text: str) -> str | None:
    """Three English words in a row, once what a message may keep in English is taken out:
    quoted input, `commands`, option names, paths, keys and code (``--format-file``,
    ``game_rules:``, ``*.html``, ``pip install 'wixoss-deckcheck[sim]'``)."""
    kept = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"|“[^”]*”|pip install \S+", " ", text)
    kept = re.sub(r"\S*[/\\.:=_\[\]<>*+&-]\S*", " ", kept)
    match = ENGLISH_RUN.search(kept)
    return match.group() if match else None


def _texts(node):
    import ast

    if (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr):
        yield node
    elif isinstance(node, ast.IfExp):
        yield from _texts(node.body)
        yield from _texts(node.orelse)


def _written(node) -> str:
    """A message as the code writes it, each value it fills in as ``〇`` (no English word)."""
    import ast

    if isinstance(node, ast.Constant):
        return node.value
    return "".join(value.value if isinstance(value, ast.Constant) else "〇" for value in node.values)


def refusals() -> list[tuple[str, str]]:
    """(file:line, message with ``〇`` for each value) of every refusal the package writes: walked
    from its source, so a refusal added later is in the test without a word of it."""
    import ast

    package = Path(wixoss_deckcheck.__file__).resolve().parent
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(package.rglob("*.py"))}
    classes = [node for tree in trees.values() for node in tree.body if isinstance(node, ast.ClassDef)]
    raisers = set(RAISERS)
    for _round in range(3):  # FetchError(InputError), UpdateError(InputError), ...
        raisers |= {node.name for node in classes if any(getattr(base, "id", None) in raisers for base in node.bases)}
    found = set()
    for path, tree in trees.items():
        for node in ast.walk(tree):
            texts = []
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                problems = name == "append" and getattr(getattr(node.func, "value", None), "attr", None) == "problems"
                if name in raisers:
                    texts = list(_texts(node.args[0]))
                elif problems and isinstance(node.args[0], ast.Tuple):
                    texts = list(_texts(node.args[0].elts[1]))
            elif (isinstance(node, ast.Tuple) and len(node.elts) == 4 and isinstance(node.elts[0], ast.Constant)
                  and node.elts[0].value == "error"):
                texts = list(_texts(node.elts[1]))
            elif isinstance(node, ast.FunctionDef) and node.name in PROBLEM_FUNCTIONS:
                texts = [text for sub in ast.walk(node) if isinstance(sub, ast.Return) and sub.value is not None
                         for text in _texts(sub.value)]
            found.update((f"{path.relative_to(package.parent)}:{text.lineno}", _written(text)) for text in texts)
    return sorted(found)


def test_the_walk_finds_the_refusals():
    """The walk sees every kind of refusal (so the next test cannot pass by finding none)."""
    written = {message for _where, message in refusals()}
    assert len(written) > 200
    for message in ("〇: pattern 〇: 〇", "a quantifier inside a repeated part (such as (a+)+) is not allowed",
                    "the request is over 〇 bytes", "unknown source 〇 (known: 〇)", "〇 is not a copy count: write "
                    "the count as 4 or x4 (1-〇)", "more than 〇 entries in one folder, not listed"):
        assert message in written, message


@pytest.mark.parametrize("lang", ["ja", "zh-Hans", "zh-Hant"])
def test_every_refusal_is_said_in_every_language(lang):
    """Every refusal the package writes matches a template of ``errors:`` and leaves no English
    sentence in Japanese, Simplified or Traditional Chinese (the values it fills in aside)."""
    messages = Messages(lang)
    english = []
    for where, message in refusals():
        said = messages.error_text(message)
        left = english_sentence(said) if said != message else "no template of errors: matches it"
        if left:
            english.append(f"{where}: {message!r} -> {said!r} ({left})")
    assert not english, "\n".join(english)


@pytest.mark.parametrize("lang", ["ja", "zh-Hans", "zh-Hant"])
def test_a_refusal_made_of_refusals_is_said_whole(lang):
    """The parts of a message that are refusals themselves are said in the language too."""
    said = Messages(lang).error_text("formats/x.yaml: pattern '(a+)+': a quantifier inside a repeated part "
                                     "(such as (a+)+) is not allowed")
    assert "'(a+)+'" in said and english_sentence(said) is None, said

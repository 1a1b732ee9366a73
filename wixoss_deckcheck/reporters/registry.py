"""The reporter registry: each reporter registers itself by name with ``@reporter``;
``render`` imports the rarely used ones only when asked for."""

from __future__ import annotations

from collections.abc import Callable

from wixoss_deckcheck.model.results import RunReport

Reporter = Callable[..., str]
REPORTERS: dict[str, Reporter] = {}


def reporter(name: str) -> Callable[[Reporter], Reporter]:
    """Decorator: register a reporter under its ``--output-format`` name."""

    def wrap(function: Reporter) -> Reporter:
        REPORTERS[name] = function
        return function

    return wrap


#: Reporters imported only when asked for; each registers itself with ``@reporter``.
_LAZY_MODULES = {
    "json": "wixoss_deckcheck.reporters.json_report",
    "json-lines": "wixoss_deckcheck.reporters.json_report",
    "github": "wixoss_deckcheck.reporters.github",
    "sarif": "wixoss_deckcheck.reporters.sarif",
    "junit": "wixoss_deckcheck.reporters.junit",
    "csv": "wixoss_deckcheck.reporters.csv_report",
}


def render(name: str, report: RunReport, **options: object) -> str:
    """The whole output of reporter ``name`` for a run."""
    if name not in REPORTERS and name in _LAZY_MODULES:
        import importlib

        importlib.import_module(_LAZY_MODULES[name])
    return REPORTERS[name](report, **options)


def reporter_names() -> list[str]:
    """Every reporter name, the lazily imported ones included."""
    return sorted(set(REPORTERS) | set(_LAZY_MODULES))

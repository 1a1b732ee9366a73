"""The check registry: every check has a stable code, a readable name, a severity, a doc,
the schema of its parameters and its message (keyed by code in ``messages/*.yaml``).

A check is a small pure function ``(deck, params) -> iterator of Finding``. The
checker (:mod:`wixoss_deckcheck.checking.checker`) adds the code, name, severity,
message and deck; a check never formats text or decides pass/fail. Codes are never
reused: a retired check keeps its code reserved in ``RETIRED_CODES``.

Every check module is imported by :mod:`wixoss_deckcheck.checks` (the package), so
importing any part of it gives the complete registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

#: Codes of checks that no longer exist; they may never be given to a new check.
RETIRED_CODES: frozenset[str] = frozenset()

_NO_ARGS: Mapping[str, Any] = MappingProxyType({})

#: The parameters of a check that takes none.
NO_PARAMS: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": {}}

#: A rule's parameters as a check receives them (a :class:`Params` when the checker runs it).
RuleParams = Mapping[str, Any]


class Finding(NamedTuple):
    """What a check found. ``args`` fill the message template of the check's code."""

    cards: tuple[Any, ...] = ()  # ResolvedEntry objects or Card objects the finding is about
    section: str | None = None
    line: int | None = None
    found: Any = None
    allowed: Any = None
    args: Mapping[str, Any] = _NO_ARGS
    #: A severity of its own (None: the check's): a Mayu's Room entry inside its uncertain window
    #: is a warning, the same check an error once the day is certain.
    severity: str | None = None


CheckFunction = Callable[..., Iterator[Finding]]


class Words(Protocol):
    """What a check's wording of a placeholder may use (the checker's
    :class:`~wixoss_deckcheck.checking.wording.Placeholders` gives it): the finding, the rule's
    parameters, the other placeholders (``words["icons"]``) and the words of the message's
    language."""

    finding: Finding
    args: Mapping[str, Any]
    params: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any: ...
    def word(self, key: str, **values: Any) -> str: ...
    def amount(self, value: Any) -> str: ...
    def colour(self, colour: str) -> str: ...
    def colours(self, colours: Iterable[str]) -> str: ...
    def card_type(self, card_type: str) -> str: ...
    def card_type_with_article(self, card_type: str) -> str: ...
    def icon(self, icon: str) -> str: ...


#: How a check words one placeholder of its message: ``(words) -> value``.
Wording = Callable[[Words], Any]
_NO_WORDING: Mapping[str, Wording] = MappingProxyType({})


def colours_of(arg: str) -> Wording:
    """The wording of an argument holding colours ``blue/red``: each colour in words, ``/`` between."""
    return lambda words: "/".join(words.colour(c) for c in words.args[arg].split("/"))


def none_for_dash(arg: str) -> Wording:
    """The wording of an argument that is ``-`` when there is nothing: the word for none, else as given."""
    return lambda words: words.word("none") if words.args.get(arg) == "-" else words.args[arg]


class CheckInfo(NamedTuple):
    """A registered check.

    ``kind`` is construction, input or play; ``table_rule`` says whether a format
    table may name it in ``rules:`` (its ``params`` schema then validates the rule's
    parameters, required when ``params_required``). The message template is the
    entry of ``code`` in each language's ``messages/*.yaml``.
    """

    code: str
    slug: str
    severity: str
    summary: str
    doc: str
    kind: str
    function: CheckFunction | None
    params: dict[str, Any] | None = None
    params_required: bool = False
    table_rule: bool = False
    #: How the check words the placeholders of its message that are its own (placeholder →
    #: :data:`Wording`); the others (``{card}``, ``{found}``, ``{allowed}``, ``{format}``, ...)
    #: are worded alike for every check.
    wording: Mapping[str, Wording] = _NO_WORDING
    #: The decks (``main``, ``lrig``) the check must know every card of to judge: its answer
    #: may change with a card the pool could not name there (a missing level-0 LRIG, a Life
    #: Burst card). The checker does not run it while such a deck holds an unknown card and
    #: says so once (WX005); a check whose findings stay true whatever the unknown card is
    #: (too many copies, a banned card) needs none.
    needs: tuple[str, ...] = ()


class Params(dict[str, Any]):
    """A rule's parameters as a check receives them, with a memo for what a check builds
    from them: a check runs for every deck of an audit, its rule's parameters never change.

    The checker makes one ``Params`` per rule it runs, so a memo never outlives the
    pool and the rule it was made for.
    """

    __slots__ = ("_derived",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._derived: dict[str, Any] = {}

    def derived(self, name: str, build: Callable[[Any], Any]) -> Any:
        """``build(self)``, made the first time ``name`` is asked for."""
        try:
            return self._derived[name]
        except KeyError:
            value = self._derived[name] = build(self)
            return value


def derived(params: Mapping[str, Any], name: str, build: Callable[[Any], Any]) -> Any:
    """``build(params)``, once per rule when ``params`` is a :class:`Params` (plain mappings,
    as tests pass them, are built every time)."""
    if isinstance(params, Params):
        return params.derived(name, build)
    return build(params)


def check_function(info: CheckInfo) -> CheckFunction:
    """The function of a check that has one (input checks are found while resolving, and have none)."""
    if info.function is None:
        raise TypeError(f"check {info.code} ({info.slug}) has no check function")
    return info.function


REGISTRY: dict[str, CheckInfo] = {}  # by slug
BY_CODE: dict[str, CheckInfo] = {}


def register(
    code: str,
    slug: str,
    severity: str,
    summary: str,
    kind: str = "construction",
    function: CheckFunction | None = None,
    doc: str = "",
    params: dict[str, Any] | None = None,
    params_required: bool = False,
    table_rule: bool = False,
    wording: Mapping[str, Wording] | None = None,
    needs: tuple[str, ...] = (),
) -> CheckInfo:
    """Add a check to the registry; a code or name used twice, or a retired code, is refused."""
    if code in RETIRED_CODES:
        raise ValueError(f"check code {code} is retired and may not be reused")
    if code in BY_CODE or slug in REGISTRY:
        raise ValueError(f"duplicate check {code} {slug}")
    if severity not in ("error", "warning"):
        raise ValueError(f"check {code}: severity must be error or warning, not {severity!r}")
    if not set(needs) <= {"main", "lrig"}:
        raise ValueError(f"check {code}: needs names decks (main, lrig), not {needs!r}")
    info = CheckInfo(
        code,
        slug,
        severity,
        summary,
        " ".join((doc or "").split()),
        kind,
        function,
        params,
        params_required,
        table_rule,
        MappingProxyType(dict(wording)) if wording else _NO_WORDING,
        tuple(needs),
    )
    REGISTRY[slug] = info
    BY_CODE[code] = info
    return info


def check(
    code: str,
    slug: str,
    severity: str,
    summary: str,
    kind: str = "construction",
    *,
    params: dict[str, Any] | None = None,
    params_required: bool = False,
    table_rule: bool | None = None,
    wording: Mapping[str, Wording] | None = None,
    needs: tuple[str, ...] = (),
) -> Callable[[CheckFunction], CheckFunction]:
    """Decorator: register a check function under a stable code and name.

    A construction check is a table rule unless ``table_rule=False`` (Mayu's Room
    checks take their entries from the table's ``mayus_room:`` list instead). ``wording``
    words the placeholders of the check's message that are its own, e.g.
    ``{"type_word": lambda words: words.card_type(words.args["type"])}``. ``needs`` names the
    decks whose every card the check must know (:attr:`CheckInfo.needs`).
    """

    def wrap(function: CheckFunction) -> CheckFunction:
        is_rule = (kind == "construction") if table_rule is None else table_rule
        register(
            code,
            slug,
            severity,
            summary,
            kind,
            function,
            function.__doc__ or "",
            params if params is not None else (NO_PARAMS if is_rule else None),
            params_required,
            is_rule,
            wording,
            needs,
        )
        return function

    return wrap

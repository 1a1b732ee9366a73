"""The card sources ``cardpool update`` knows: shipped ``cardpool/sources.yaml`` plus a
user file that may add sources or change one (a mirror) by giving its name."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.dirs import user_data_dir
from wixoss_deckcheck.files.resources import cardpool_dir, schemas_dir
from wixoss_deckcheck.files.schema import load_schema, validate
from wixoss_deckcheck.files.text import read_text_file
from wixoss_deckcheck.files.yamllines import compose_with_lines, line_at, load_plain
from wixoss_deckcheck.importers.catalogue import SOURCE_ORDER

SOURCES_ENV = "WIXOSS_DECKCHECK_SOURCES"
PARSERS = SOURCE_ORDER
MAX_CONCURRENCY = 4


@dataclass(frozen=True)
class FetchPolicy:
    """How politely and how safely to download."""

    timeout: float = 30.0
    #: Seconds one download may take in all (a server that drips a byte a second is cut off).
    deadline: float = 300.0
    #: Seconds the whole update may take.
    run_deadline: float = 3600.0
    retries: int = 3
    backoff: float = 2.0
    max_bytes: int = 50_000_000
    user_agent: str = "wixoss-deckcheck"


@dataclass
class SourceSpec:
    """One declared source."""

    name: str
    parser: str
    files: list[str] = field(default_factory=list)
    base_url: str = ""
    default: bool = True
    expect: str = ""
    content_types: list[str] = field(default_factory=list)
    note: str = ""
    crawler: str = ""
    list_url: str = ""
    detail_url: str = ""
    products: list[str] = field(default_factory=list)
    per_page: int = 21
    concurrency: int = 2
    rate_per_second: float = 1.0

    def url_of(self, file_name: str) -> str:
        return self.base_url + file_name


def _read_yaml(path: Path) -> dict:
    text = read_text_file(path, "sources file")
    data = load_plain(text, str(path))
    if isinstance(data, dict):  # every value checked (types, ranges, safe names) before any is used
        validate(data, load_schema(schemas_dir() / "sources.schema.json"), str(path),
                 lambda parts: line_at(compose_with_lines(text, str(path)), parts))
    if data is None:
        return {}
    if not isinstance(data, dict) or not isinstance(data.get("sources", []), list):
        raise InputError("a sources file is a mapping with a 'sources' list", str(path))
    return data


def user_sources_path(option: str | None) -> Path | None:
    """The user's sources file: the option, else $WIXOSS_DECKCHECK_SOURCES, else
    ``sources.yaml`` in the user data directory when it exists."""
    if option:
        return Path(option)
    if os.environ.get(SOURCES_ENV):
        return Path(os.environ[SOURCES_ENV])
    candidate = user_data_dir() / "sources.yaml"
    return candidate if os.path.isfile(candidate) else None


def load_sources(option: str | None = None) -> tuple[FetchPolicy, list[SourceSpec]]:
    """The fetch policy and the sources, shipped ones first, changed/added by the user file."""
    shipped = _read_yaml(cardpool_dir() / "sources.yaml")
    defaults = dict(shipped.get("defaults") or {})
    entries: dict[str, dict] = {}
    for raw in shipped.get("sources", []):
        entries[raw["name"]] = dict(raw)
    user_path = user_sources_path(option)
    if user_path is not None:
        user = _read_yaml(user_path)
        defaults.update(user.get("defaults") or {})
        for index, raw in enumerate(user.get("sources", [])):
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                raise InputError(f"sources[{index}] needs a 'name'", str(user_path))
            entries.setdefault(raw["name"], {}).update(raw)
    policy = _policy(defaults, user_path)
    specs = [_spec(raw, user_path) for raw in entries.values()]
    return policy, specs


def _policy(defaults: dict, where: Path | None) -> FetchPolicy:
    known = {"timeout", "deadline", "run_deadline", "retries", "backoff", "max_bytes", "user_agent"}
    unknown = set(defaults) - known
    if unknown:
        raise InputError(f"unknown defaults setting(s): {', '.join(sorted(unknown))}", str(where or "sources.yaml"))
    try:
        return FetchPolicy(
            timeout=float(defaults.get("timeout", 30)),
            deadline=float(defaults.get("deadline", 300)),
            run_deadline=float(defaults.get("run_deadline", 3600)),
            retries=int(defaults.get("retries", 3)),
            backoff=float(defaults.get("backoff", 2.0)),
            max_bytes=int(defaults.get("max_bytes", 50_000_000)),
            user_agent=str(defaults.get("user_agent", "wixoss-deckcheck")),
        )
    except (TypeError, ValueError) as exc:
        raise InputError(f"bad defaults value ({exc})", str(where or "sources.yaml")) from None


def _spec(raw: dict, where: Path | None) -> SourceSpec:
    name = raw.get("name")
    unknown = set(raw) - set(SourceSpec.__dataclass_fields__)
    origin = str(where or "sources.yaml")
    if unknown:
        raise InputError(f"source {name!r}: unknown setting(s) {', '.join(sorted(unknown))}", origin)
    if raw.get("parser") not in PARSERS:
        raise InputError(f"source {name!r}: parser must be one of {', '.join(PARSERS)}", origin)
    try:
        spec = SourceSpec(**raw)
    except TypeError as exc:
        raise InputError(f"source {name!r}: {exc}", origin) from None
    if spec.crawler:
        _check_crawler(spec, origin)
    elif not spec.files or not spec.base_url:
        raise InputError(f"source {name!r}: give base_url and files", origin)
    return spec


def _check_crawler(spec: SourceSpec, origin: str) -> None:
    """A crawled source: the official crawler, its URLs, at most :data:`MAX_CONCURRENCY`
    downloads at once (more are cut down to it) and a positive rate."""
    if spec.crawler != "official" or not spec.list_url or "{number}" not in spec.detail_url:
        needs = "crawler: official, list_url and a detail_url with {number}"
        raise InputError(f"source {spec.name!r}: a crawler needs {needs}", origin)
    spec.concurrency = max(1, min(int(spec.concurrency), MAX_CONCURRENCY))
    if spec.rate_per_second <= 0:
        raise InputError(f"source {spec.name!r}: rate_per_second must be positive", origin)

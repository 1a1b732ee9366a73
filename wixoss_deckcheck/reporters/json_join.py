"""Joining JSON texts that were made elsewhere (each deck's own JSON, which the workers of a
parallel audit write): the fast path of the JSON reporters.

Each function gives the very text ``json.dumps`` (default separators, ``ensure_ascii=False``)
gives for the whole value; ``tests/test_audit.py`` checks that they agree.
"""

from __future__ import annotations

import json
from typing import Any


def object_with_list(head: dict[str, Any], key: str, items: list[str]) -> str:
    """``json.dumps({**head, key: [...]})`` where the list's items are already JSON texts
    (``key`` comes last)."""
    text = json.dumps({**head, key: []}, ensure_ascii=False)
    if not text.endswith("[]}"):
        raise ValueError("the list key must come last")
    return text[:-3] + "[" + ", ".join(items) + "]}"


def extend_object(item: str, extra: dict[str, Any]) -> str:
    """``json.dumps({**json.loads(item), **extra})`` for keys ``item`` does not have, without
    decoding ``item``."""
    tail = json.dumps(extra, ensure_ascii=False)
    if item == "{}":
        return tail
    return item[:-1] + ", " + tail[1:]

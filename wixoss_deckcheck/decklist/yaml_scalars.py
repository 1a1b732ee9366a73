"""How PyYAML reads a plain scalar: the question the quick YAML reader asks of a value
that might not be text (``yes``, ``010``, ``~``, a date...)."""

from __future__ import annotations

import yaml

#: PyYAML's implicit resolvers by first character (None: those for any character).
RESOLVERS = {first: tuple(items) for first, items in yaml.resolver.Resolver.yaml_implicit_resolvers.items()}
WILDCARD = RESOLVERS.get(None, ())


def resolves_to_text(value: str) -> bool:
    """Whether PyYAML's implicit resolvers leave this plain scalar a string."""
    return not any(pattern.match(value) for _tag, pattern in RESOLVERS.get(value[:1], ()) + WILDCARD)

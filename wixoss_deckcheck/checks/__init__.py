"""All checks. Importing this package registers every check in the registry."""

from wixoss_deckcheck.checks import colours, construction, input, mayus_room, pool  # noqa: F401
from wixoss_deckcheck.checks.registry import BY_CODE, REGISTRY, CheckInfo, Finding

__all__ = ["BY_CODE", "REGISTRY", "CheckInfo", "Finding"]

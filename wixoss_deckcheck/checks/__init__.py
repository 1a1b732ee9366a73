"""Every check, in one registry.

The check modules are listed here, once: importing any part of this package imports
them all, so the registry is always complete (``check`` and ``check --play`` know the
same rules). A new check module is added to ``CHECK_MODULES``; a test fails if a
module of this folder is missing from it.
"""

from wixoss_deckcheck.checks import card_pool, colours, construction, input, mayus_room, play, play_start, replay
from wixoss_deckcheck.checks.registry import BY_CODE, REGISTRY, CheckInfo, Finding

CHECK_MODULES = (input, construction, card_pool, colours, mayus_room, play, play_start, replay)

__all__ = ["BY_CODE", "CHECK_MODULES", "REGISTRY", "CheckInfo", "Finding"]

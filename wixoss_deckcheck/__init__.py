"""wixoss-deckcheck: tell a WIXOSS player whether a deck is legal, and exactly why not.

The checking core (``wixoss_deckcheck.checking.checker``) is pure: it reads a resolved deck,
a format and a date, and returns violation records. Reporters turn those records
into text, JSON and CI formats; the click layer in ``wixoss_deckcheck.cli`` only
parses options and calls the core.
"""

__version__ = "0.2.0"

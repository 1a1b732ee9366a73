"""Keeping the card pool current over the network (``wixoss-deckcheck cardpool update``).

- :mod:`.config` reads the declared sources (``cardpool/sources.yaml`` and a user file);
- :mod:`.http` downloads one file politely and safely (conditional requests, timeouts,
  bounded retries with backoff, a size limit, content checks);
- :mod:`.official` crawls the official card database (list pages, then detail pages);
- :mod:`.run` builds the new pool and replaces the installed one atomically, or not at all.

``requests`` is imported only here, and only when an update runs.
"""

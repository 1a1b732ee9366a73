"""The card pool: location, loading, resolution, aliases, suggestions, search.

The public API is :class:`~wixoss_deckcheck.pool.cardpool.CardPool` (load a pool,
resolve what a player wrote, find cards) and
:func:`~wixoss_deckcheck.pool.location.locate_pool` (choose the file). This package
file stays empty: the card record itself imports :mod:`~wixoss_deckcheck.pool.normalize`.
"""

"""The goldfish: one player's games played alone through the rules engine, both seats.

Owns the plan decided once per deck, the policy-driven play of a game (and what it
charges), the tally of a seat's games and the ``goldfish`` section of the simulate report
(and its trace, a game record). May import :mod:`~wixoss_deckcheck.engine.game` (every
action goes through it), :mod:`~wixoss_deckcheck.engine.odds` (the mulligan policies) and
the package's core; never ``reporters``.
"""

"""Opening-hand and early-turn odds: exact answers where a closed form exists, simulations
(a vectorised numpy back end and a pure-Python one playing the same model) otherwise.

Owns the rule counts a simulation needs (``rules``), the groups questions are about, the
mulligan policies, the deck model and its simple player, the two back ends, their tally and
the report dict. May import the package's core (``errors``, ``model``, ``pool``, ``files``,
``messages``); never ``engine.game``, ``engine.goldfish`` or ``reporters``.
"""

"""The game engine: exact probabilities and simulations of game setup and early turns,
and the play-legality analysis (``check --play``).

It sits beside the construction checks, not inside them: a deck can be legal to
register and still be unplayable as built, or draw badly. Modules:

- :mod:`~wixoss_deckcheck.engine.rules` — the game-rule constants (hand 5, Life Cloth 7, draws).
- :mod:`~wixoss_deckcheck.engine.exact` — closed forms (hypergeometric).
- :mod:`~wixoss_deckcheck.engine.groups` — "which cards": a card, ``level:1``, ``type:SIGNI``, ``guard``...
- :mod:`~wixoss_deckcheck.engine.policy` — mulligan policies (built-in and YAML).
- :mod:`~wixoss_deckcheck.engine.model` — a deck prepared for simulation (grow paths, payment order).
- :mod:`~wixoss_deckcheck.engine.sim_numpy` / :mod:`~wixoss_deckcheck.engine.sim_python` — the two
  simulation back ends (vectorised numpy, and a pure-Python fallback with the same model).
- :mod:`~wixoss_deckcheck.engine.simulate` — runs a simulation and builds the report.
- :mod:`~wixoss_deckcheck.checks.play` — play-legality findings (codes WX201...).

Nothing here prints; numpy and matplotlib are imported only by the modules that need them.
"""

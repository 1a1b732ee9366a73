"""The game engine, beside the construction checks: a deck can be legal to register and
still be unplayable as built, or draw badly. Three sub-packages, one concern each:

- :mod:`~wixoss_deckcheck.engine.odds` — opening-hand and early-turn odds, exact and simulated;
- :mod:`~wixoss_deckcheck.engine.game` — the rules state machine, game records and replay
  (and what ``check --play`` asks of the rules);
- :mod:`~wixoss_deckcheck.engine.goldfish` — one player's games played alone through ``game``.

Nothing here prints or renders: the text reports and plots are in
:mod:`wixoss_deckcheck.reporters.play`.
"""

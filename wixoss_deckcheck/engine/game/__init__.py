"""The rules state machine: the dated game rules, the state of one player's game, its phases
and actions, the continuous rules, exact payment; game records, their replay, and what
``check --play`` asks of the rules.

May import the package's core (``errors``, ``model``, ``pool``, ``files``, ``tables``,
``decklist``, ``messages``); never ``engine.odds``, ``engine.goldfish``, ``checks`` or
``reporters``. Typed with ``mypy --strict``.
"""

"""Reports of how a deck plays: the simulate text report (with its goldfish section), the
probability plots (matplotlib, optional) and the replay report.

They render what the engine computed and never decide pass or fail; they may import
:mod:`wixoss_deckcheck.engine` and ``checks`` (the codes), never ``checking``.
"""

"""Checking decks: the checker, message wording, a run over several decks, audits, settings files."""

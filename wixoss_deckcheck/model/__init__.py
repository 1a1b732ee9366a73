"""The records every part shares: cards, decks, resolved decks, violations, results."""

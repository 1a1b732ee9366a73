"""Card abilities as the record declares them: the costs of activated (【起】) and on-play (【出】) abilities."""

"""Placements with conditions the card data states: a rise (【ライズ】) onto the SIGNI its text names, and
a RESONA's appearance condition (【出現条件】) met by the moves just before it."""

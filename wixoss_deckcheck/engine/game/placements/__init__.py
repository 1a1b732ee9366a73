"""Placing a SIGNI onto the field (:mod:`.signi`), and the placements with conditions the card data
states: a rise (【ライズ】) onto the SIGNI its text names (:mod:`.rise`), and a RESONA's appearance
condition (【出現条件】) met by the moves just before it (:mod:`.resona`)."""

"""The card pool: one public API (location, loading, resolution, aliases, suggestions, search)."""

"""Importers: turn public card lists into the project's card pool file.

Each importer reads one public source format and returns card dictionaries in the
card-pool shape (``cardpool/schema.json``). :func:`write_pool` validates the result
against that schema and writes it atomically.
"""

from wixoss_deckcheck.importers.common import build_pool_document, write_pool

__all__ = ["build_pool_document", "write_pool"]

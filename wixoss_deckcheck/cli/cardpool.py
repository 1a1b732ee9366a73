"""``wixoss-deckcheck cardpool ...``: build and install the card pool."""

from __future__ import annotations

import click

from wixoss_deckcheck.userdirs import installed_pool_path

IMPORTERS = {
    "wixossreact": ("wixoss_deckcheck.importers.wixossreact", "import_wixossreact"),
}


@click.group("cardpool")
def cardpool_group():
    """Build, install and inspect the card pool."""


@cardpool_group.command("import")
@click.argument("source", type=click.Choice(sorted(IMPORTERS)))
@click.argument("directory", metavar="DIR")
@click.option("-o", "--output", metavar="FILE",
              help="Write the pool to FILE (default: install it in the user data directory).")
def import_command(source, directory, output):
    """Import a public card list from DIR into a card pool file.

    Without -o the pool is installed where every later command finds it.
    """
    import importlib
    from pathlib import Path

    from wixoss_deckcheck.importers.common import build_pool_document, write_pool

    module_name, function_name = IMPORTERS[source]
    importer = getattr(importlib.import_module(module_name), function_name)
    cards, description = importer(directory)
    document = build_pool_document(cards, [description])
    target = Path(output) if output else installed_pool_path()
    write_pool(document, target)
    numbers = sum(1 + len(card.get("reprints", [])) for card in cards)
    click.echo(f"wrote {target}: {len(cards)} cards, {numbers} card numbers (with reprints) from {source}")

"""The pool a deck repository names: ``cardpool:`` in its settings file (or ``--cardpool``).

Three forms, so a CI runner or a pre-commit environment with an empty user data folder
checks a repository's decks against the pool the repository chose, never silently against
the small sample pool:

- a card pool JSON file (kept in the repository, say): used as it is;
- a folder of card lists laid out like ``carddata/`` (``wixossreact/``, ``relax/``...):
  built on first use as ``cardpool build --from`` builds it, into the user cache folder,
  and built again only when a file of the folder changes;
- ``update``: the installed pool (``cardpool update``'s), downloaded on first use when
  there is none yet (then kept where ``cardpool update`` keeps it).

Paths in a settings file are relative to that file. This is the command line's boundary:
building and downloading happen here, never in ``checking/``.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import click

from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.files.dirs import installed_pool_path, user_cache_dir
from wixoss_deckcheck.files.text import replace_atomically
from wixoss_deckcheck.messages import Messages, current_language

#: The ``cardpool`` value that asks for the installed pool, downloaded on first use.
UPDATE = "update"


def resolve_pool_choice(value: str | None) -> str | None:
    """The card pool file a ``cardpool`` value names (None stays None: the usual order of
    :func:`~wixoss_deckcheck.pool.location.locate_pool`)."""
    if not value:
        return value
    if value == UPDATE:
        return str(_installed_or_downloaded())
    if os.path.isdir(value):
        return str(_built_from(Path(value)))
    return value


def _installed_or_downloaded() -> Path:
    target = installed_pool_path()
    if target.is_file():
        return target
    from wixoss_deckcheck.update.run import run_update  # the network: only on the first use

    say = Messages(current_language()).cli
    click.echo(say("update_first_use", target=target), err=True)
    outcome = run_update(target)
    click.echo(outcome.summary(say), err=True)
    return target


def _folder_stamp(folder: Path) -> str:
    """What the pool built from ``folder`` depends on: every file's path, size and time."""
    digest = hashlib.sha256()
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = Path(root, name)
            info = path.stat()
            digest.update(f"{path.relative_to(folder)}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _built_from(folder: Path) -> Path:
    """The pool built from a folder of card lists, from the cache while the folder is unchanged."""
    folder = folder.resolve()
    name = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    cache = user_cache_dir() / "pools"
    target, stamp_file = cache / f"{name}.json", cache / f"{name}.stamp"
    stamp = _folder_stamp(folder)
    try:
        if target.is_file() and stamp_file.read_text(encoding="utf-8") == stamp:
            return target
    except OSError:
        pass
    from wixoss_deckcheck.importers.build import build_pool, discover_sources  # the importers: only to build
    from wixoss_deckcheck.importers.common import write_pool

    click.echo(Messages(current_language()).cli("pool_building", folder=folder, cache=cache), err=True)
    document, _result = build_pool(discover_sources(folder))
    write_pool(document, target)
    try:
        replace_atomically(stamp_file, stamp.encode("utf-8"))
    except OSError as exc:
        raise InputError(f"cannot write the card pool's stamp: {exc.strerror or exc}", str(stamp_file)) from None
    return target

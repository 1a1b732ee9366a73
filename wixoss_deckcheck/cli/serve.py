"""``wixoss-deckcheck serve``: the player's page, the organiser's desk and the JSON API on
this machine (the ``[web]`` extra)."""

from __future__ import annotations

import importlib.util
import socket

import click

from wixoss_deckcheck.cli.options import cardpool_option, format_option, settings_pool
from wixoss_deckcheck.decklist.headings import date_value
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.tables.loading import load_format

#: What ``serve`` needs beyond the tool itself (the ``[web]`` extra): each module by its import
#: names (python-multipart's is ``python_multipart``, ``multipart`` before 0.0.13).
WEB_MODULES = {
    "starlette": ("starlette",),
    "uvicorn": ("uvicorn",),
    "python-multipart": ("python_multipart", "multipart"),
}


def missing_web_modules() -> list[str]:
    """The packages of the ``[web]`` extra that are not installed."""
    return [name for name, modules in WEB_MODULES.items()
            if all(importlib.util.find_spec(module) is None for module in modules)]


def free_port(host: str) -> int:
    """A port of ``host`` that no one listens on now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


@click.command("serve")
@settings_pool
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on (this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="The port (0: any free).")
@cardpool_option
@click.option("--event-date", "event_date", metavar="DATE", help="The event date the sheets start with (大会日時).")
@format_option("The format the pages start with (default: each deck's own header, else diva).")
def serve_command(host: str, port: int, cardpool: str | None, event_date: str | None, format_id: str | None) -> None:
    """Serve the player's page (/), the organiser's desk (/desk) and the JSON API (/api/...)
    on this machine, with the same answers as the command line. Stop it with Ctrl-C."""
    missing = missing_web_modules()
    if missing:
        raise UsageError(
            f'serve needs the web extra ({", ".join(missing)} missing): pip install "wixoss-deckcheck[web]"'
        )
    if format_id:
        load_format(format_id)  # an unknown format is refused before the server starts
    if event_date:
        date_value(event_date, "--event-date")
    CardPool.load(locate_pool(cardpool))  # a bad pool is refused now, not on the first request
    from wixoss_deckcheck.web import app  # the one lazy boundary of serve: the web stack (the [web] extra)

    port = port or free_port(host)  # --port 0: a free one, named in the address printed
    shown = f"[{host}]" if ":" in host else host
    # the address first, the same in every language (scripts and tests read it)
    click.echo(f"wixoss-deckcheck serve: http://{shown}:{port}/ " + Messages(current_language()).cli("serve_how"))
    app.run(app.ServeDefaults(cardpool, format_id, event_date), host, port)

"""What every command shares: ``-q``/``-v``, shell completion of format ids, colour choice.

Every command (and the top-level group) takes ``-q/--quiet`` and ``-v/--verbose``;
:func:`add_verbosity` adds them to the commands that do not declare their own, and
:func:`verbosity` tells a command which was given (``-1`` quiet, ``0``, ``1`` verbose),
whether before the command (``wixoss-deckcheck -v cards show ...``) or after it.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

import click

from wixoss_deckcheck.messages import Messages, default_language
from wixoss_deckcheck.tables.loading import builtin_format_ids

if TYPE_CHECKING:  # pragma: no cover
    from wixoss_deckcheck.model.results import RunReport
    from wixoss_deckcheck.pool.cardpool import CardPool

_META = "wixoss_deckcheck.verbosity"


def _remember(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.meta[_META] = -1 if param.name == "quiet" else 1
    return value


def quiet_option(**kwargs: Any) -> click.Option:
    return click.Option(
        ["-q", "--quiet"], is_flag=True, callback=_remember, help="Say less: only results and problems.", **kwargs
    )


def verbose_option(**kwargs: Any) -> click.Option:
    return click.Option(
        ["-v", "--verbose"], is_flag=True, callback=_remember, help="Say more (the card pool used...).", **kwargs
    )


def add_verbosity(command: click.Command) -> click.Command:
    """Give ``command`` (and a group's subcommands) ``-q`` and ``-v`` where it has none of its own."""
    taken = {opt for param in command.params for opt in getattr(param, "opts", ())}
    if "-q" not in taken:
        command.params.append(quiet_option(expose_value=False))
    if "-v" not in taken:
        command.params.append(verbose_option(expose_value=False))
    refuse_empty_paths(command)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            add_verbosity(sub)
    return command


#: The metavars of the options and arguments that name a file or folder: an empty value
#: (``-o ''``, ``--format-file ''``) is refused, never read as "not given".
PATH_METAVARS = frozenset({"FILE", "FILE.png|svg", "OUT.xlsx", "DIR", "DECK", "DECK...", "PATH...", "RECORD"})


def _not_empty(previous: Any) -> Any:
    def check(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        values = value if isinstance(value, tuple) else (value,)
        if any(item == "" for item in values):
            raise click.BadParameter("an empty path names no file", ctx=ctx, param=param)
        return previous(ctx, param, value) if previous else value

    return check


def refuse_empty_paths(command: click.Command) -> None:
    """Make every file or folder option and argument of ``command`` refuse an empty value."""
    for param in command.params:
        if param.metavar in PATH_METAVARS and not getattr(param, "_wixoss_not_empty", False):
            param.callback = _not_empty(param.callback)
            param._wixoss_not_empty = True  # type: ignore[attr-defined]


def verbosity(ctx: click.Context | None = None) -> int:
    """``-1`` when ``-q`` was given, ``1`` for ``-v``, else ``0``."""
    ctx = ctx or click.get_current_context(silent=True)
    if ctx is None:
        return 0
    if ctx.params.get("verbose"):
        return 1
    if ctx.params.get("quiet"):
        return -1
    return int(ctx.meta.get(_META, 0))


def complete_format(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of ``--format``: the built-in format ids (click makes each string a
    completion item, so a check never imports ``click.shell_completion``)."""
    return [format_id for format_id in builtin_format_ids() if format_id.startswith(incomplete)]


def use_color(choice: str | None, output: str | None, stream: TextIO | None = None) -> bool:
    """Whether to colour a report: ``--color always/never`` first; never into an ``-o`` file;
    then ``FORCE_COLOR`` (set and not ``0``: colour even into a pipe, as CI logs want), then
    ``NO_COLOR`` (set: no colour), then whether the stream is a terminal."""
    if choice == "always":
        return True
    if choice == "never" or output:
        return False
    force = os.environ.get("FORCE_COLOR")
    if force is not None and force.strip().lower() not in ("0", "false", "no"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    target = stream or sys.stdout
    try:
        return target.isatty()
    except (AttributeError, ValueError):
        return False


def say_pool(pool: CardPool) -> None:
    """With ``-v``: the card pool a command uses, on stderr."""
    if verbosity() > 0:
        location = pool.location
        click.echo(
            Messages(default_language()).report(
                "pool",
                path=location.path if location else "",
                cards=pool.number_count,
                origin=location.origin if location else "",
            ),
            err=True,
        )


def first_step_hint(report: RunReport) -> None:
    """Once per run, on stderr: how to install the full pool, when the sample pool left a card
    unknown. ``-q`` keeps it: it is what to do, not chatter."""
    if report.pool_origin != "sample":
        return
    if any(v.code == "WX001" for result in report.results for v in result.violations):
        click.echo(Messages(report.lang).word("sample_hint"), err=True)

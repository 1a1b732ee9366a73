"""The command line: a thin click layer that parses options and calls the core.

Subcommands are imported only when used, so ``wixoss-deckcheck check`` starts fast.
Exit codes: 0 clean, 1 violations, 2 usage or input error (one line, no traceback).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from wixoss_deckcheck import __version__
from wixoss_deckcheck.cli.habits import add_verbosity
from wixoss_deckcheck.errors import InputError
from wixoss_deckcheck.messages import Messages, current_language, english_error, set_run_language

_COMMANDS = {
    "check": ("wixoss_deckcheck.cli.check", "check_command", "Check decklists against a format."),
    "audit": (
        "wixoss_deckcheck.cli.audit",
        "audit_command",
        "Check every decklist under folders and globs, in parallel, and summarise.",
    ),
    "cardpool": ("wixoss_deckcheck.cli.cardpool", "cardpool_group", "Build, install and inspect the card pool."),
    "cards": (
        "wixoss_deckcheck.cli.cards",
        "cards_group",
        "Find cards by number or name (Japanese, English, Chinese).",
    ),
    "formats": ("wixoss_deckcheck.cli.formats", "formats_group", "List formats, or show one's rules as of a date."),
    "replay": (
        "wixoss_deckcheck.cli.replay",
        "replay_command",
        "Check every action of a recorded or scripted game (JSON Lines or YAML).",
    ),
    "rules": ("wixoss_deckcheck.cli.rules", "rules_command", "List every check code with its name, severity and doc."),
    "serve": (
        "wixoss_deckcheck.cli.serve",
        "serve_command",
        "Serve the player's page, the organiser's desk and the JSON API on this machine.",
    ),
    "sheet": (
        "wixoss_deckcheck.cli.sheet",
        "sheet_command",
        "Write the official tournament decklist sheet (.xlsx) of a deck.",
    ),
    "simulate": (
        "wixoss_deckcheck.cli.simulate",
        "simulate_command",
        "Simulate opening hands, Life Cloth and early turns (exact where possible).",
    ),
}


def error_line(error: InputError) -> str:
    """``error: FILE:LINE: message``, the message in the run's language (``--lang``, else the locale)."""
    return Messages(current_language()).error_line(error)


def usage_line(error: click.UsageError) -> str:
    """A usage error as one line: ``error: No such option: --formt (see wixoss-deckcheck check --help)``,
    in the run's language (click's own wordings are in ``errors:`` too)."""
    command = error.ctx.command_path if error.ctx is not None else "wixoss-deckcheck"
    message = " ".join(error.format_message().split())
    messages = Messages(current_language())
    return f"error: {messages.error_text(message)}{messages.cli('usage_see', command=command)}"


class Interrupted(Exception):
    """Ctrl-C during a command (raised past click, which would print an empty line)."""


#: The exit code of a run ended by Ctrl-C (128 + SIGINT, the shells' convention).
EXIT_INTERRUPTED = 130


def interrupted() -> NoReturn:
    """Ctrl-C: one ``error: interrupted`` line and exit 130, at once.

    What the run was writing is already cleaned up (the atomic writers remove their
    temporary file as the interrupt passes through them; an audit's workers are stopped
    by :mod:`~wixoss_deckcheck.checking.workers`). The process then ends without the
    interpreter's shutdown, which joins worker threads and, once it has reset the
    handlers, let a second Ctrl-C kill the process by the signal (exit -2) or print a
    traceback."""
    with contextlib.suppress(ValueError):  # not the main thread: no signal handler to set
        signal.signal(signal.SIGINT, lambda _signal, _frame: os._exit(EXIT_INTERRUPTED))
    try:  # in the run's language; whatever goes wrong, the line is still said
        line = Messages(current_language()).error_line(InputError(english_error("interrupted")))
    except Exception:  # noqa: BLE001 - the run is ending: never a traceback in place of the line
        line = "error: interrupted"
    click.echo(line, err=True)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(EXIT_INTERRUPTED)


class LazyGroup(click.Group):
    """A click group that imports a subcommand's module only when it is run."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(_COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        if command is not None or name not in _COMMANDS:
            return command
        module_name, attribute, _help = _COMMANDS[name]
        # The one lazy boundary of the CLI: a command's module is imported only when it runs.
        return add_verbosity(getattr(importlib.import_module(module_name), attribute))

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; an input or usage error becomes one line on stderr and exit 2."""
        try:
            return super().invoke(ctx)
        except InputError as exc:
            click.echo(error_line(exc), err=True)
            ctx.exit(2)
        except click.UsageError as exc:  # a bad option or argument: one line too, not click's three
            click.echo(usage_line(exc), err=True)
            ctx.exit(2)
        except KeyboardInterrupt:  # past click's own handler (which would print an empty line first)
            raise Interrupted from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _COMMANDS[name][2]) for name in sorted(_COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _verbosity_flag(name: str, short: str, text: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def remember(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
        if value:
            ctx.meta["wixoss_deckcheck.verbosity"] = -1 if name == "quiet" else 1
        return value

    return click.option(short, f"--{name}", is_flag=True, expose_value=False, callback=remember, help=text)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="wixoss-deckcheck")
@_verbosity_flag("quiet", "-q", "Say less (every command also takes -q).")
@_verbosity_flag("verbose", "-v", "Say more (every command also takes -v).")
def cli() -> None:
    """Tell whether a WIXOSS deck is legal in All-Star, Key Selection or Diva Selection,
    and exactly why not.

    Shell completion (commands, options, --format and --lang values): add
    eval "$(_WIXOSS_DECKCHECK_COMPLETE=bash_source wixoss-deckcheck)" to ~/.bashrc
    (zsh_source for ~/.zshrc; fish_source > ~/.config/fish/completions/wixoss-deckcheck.fish).
    """
    set_run_language(None)  # each run chooses again (tests run many in one process)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run click, turning input errors into one line + exit 2."""
    try:
        outcome = cli.main(args=argv, prog_name="wixoss-deckcheck", standalone_mode=False)
        if isinstance(outcome, int):  # click returns ctx.exit() codes in non-standalone mode
            sys.exit(outcome)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.UsageError as exc:
        click.echo(usage_line(exc), err=True)
        sys.exit(2)
    except click.ClickException as exc:
        click.echo(f"error: {exc.format_message()}", err=True)
        sys.exit(2 if exc.exit_code in (1, 2) else exc.exit_code)
    except Interrupted:
        interrupted()
    except click.exceptions.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt) or isinstance(exc.__cause__, KeyboardInterrupt):
            interrupted()
        click.echo(Messages(current_language()).error_line(InputError(english_error("aborted"))), err=True)
        sys.exit(2)
    except InputError as exc:
        click.echo(error_line(exc), err=True)
        sys.exit(2)
    except BrokenPipeError:  # pragma: no cover - e.g. piping into head
        sys.exit(1)
    except KeyboardInterrupt:
        interrupted()

"""The audit's worker processes: batches of decks checked in parallel, in order.

Imported only when an audit is large enough for workers (``multiprocessing`` and
``concurrent.futures`` cost more to import than a small audit takes). Workers are forked
where the system can, so they inherit the parent's loaded pool. When they cannot start
(a system without working process semaphores, too many open files) or one of them dies
(killed, out of memory), the batches not yet done are checked in this process instead:
the audit still reports every deck.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

Batch = TypeVar("Batch")
Outcome = TypeVar("Outcome")


def run_batches(
    check: Callable[[Batch], Outcome],
    batches: list[Batch],
    jobs: int,
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
) -> Iterator[Outcome]:
    """``check(batch)`` of each batch, in order, from at most ``jobs`` worker processes
    (each started with ``initializer(*initargs)``), the rest in this process if the
    workers cannot start or one dies."""
    done = 0
    try:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with concurrent.futures.ProcessPoolExecutor(
            max_workers=min(jobs, len(batches)), mp_context=context, initializer=initializer, initargs=initargs
        ) as executor:
            try:
                for outcome in executor.map(check, batches):
                    yield outcome
                    done += 1
            except KeyboardInterrupt:
                _stop_now(executor)
                raise
        return
    except (BrokenProcessPool, OSError, NotImplementedError):
        pass
    for batch in batches[done:]:
        yield check(batch)


def _stop_now(executor: concurrent.futures.ProcessPoolExecutor) -> None:
    """After Ctrl-C: stop the workers at once instead of waiting for their batches (a
    second Ctrl-C while waiting used to deadlock on a worker's semaphore), and make any
    further Ctrl-C end the process immediately."""
    signal.signal(signal.SIGINT, lambda _signal, _frame: os._exit(130))
    # The executor's own thread then trips over the futures the interrupted map cancelled
    # (a CPython 3.11 quirk) and would print a traceback; the audit is over anyway.
    threading.excepthook = lambda _args: None
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, AttributeError):
            process.terminate()
    # Leaving the ``with`` block now joins the executor, which sees its workers gone.

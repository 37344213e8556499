"""Where the tables' messages are drawn: in worker processes, or in this process's worker threads.

Drawing a table or a hand is CPU work, much of it in Pillow's C code that holds the interpreter lock;
in worker threads it competes with the event loop for that lock, and a busy bot's clicks wait for
their acknowledgement (measured with ``benchmarks/load.py``: at 1000 open tables the event loop lost
seconds to it). Worker processes draw without touching this process's lock. A presenter function and
its arguments (a ``TableState``, plain data) go to a worker and the ``Message`` comes back, PNG bytes
and all. With no worker processes (tests, small servers), threads draw as before.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from render.pyramid import pyramid_palette
from render.table import table_palette

_T = TypeVar("_T")


PARENT_CHECK_SECONDS = 1.0


def _start_worker(parent: int) -> None:
    """A new worker ends when the bot's process does, even killed with SIGKILL, which tells no child
    (without this, a worker waits for work for ever: it holds both ends of its queue); then it builds
    the palettes of the table and the solitaire board before its first picture (a second or so each)."""
    threading.Thread(target=_end_with, args=(parent,), name="end-with-the-bot", daemon=True).start()
    table_palette()
    pyramid_palette()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class Drawer:
    def __init__(self, processes: int = 0) -> None:
        # "spawn": a worker starts from a fresh interpreter, not a fork of one running threads and a loop
        self._pool = (
            ProcessPoolExecutor(
                processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
            if processes > 0
            else None
        )

    async def __call__(self, draw: Callable[..., _T], *args: Any, **keywords: Any) -> _T:
        if self._pool is None:
            return await asyncio.to_thread(draw, *args, **keywords)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(draw, *args, **keywords))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

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

from core.heap import freeze_start_up
from game.solitaire.deal import deal_for_seed
from render.hand import render_hand
from render.positions import played_round
from render.pyramid import pyramid_palette, render_pyramid
from render.table import render_table
from render.tiles import preload
from words import LANGS

_T = TypeVar("_T")


PARENT_CHECK_SECONDS = 1.0


def _start_worker(parent: int) -> None:
    """A new worker ends when the bot's process does, even killed with SIGKILL, which tells no child
    (without this, a worker waits for work for ever: it holds both ends of its queue)."""
    threading.Thread(target=_end_with, args=(parent,), name="end-with-the-bot", daemon=True).start()


def warm_up() -> None:
    """What a first picture would otherwise build while a member waits (seconds, measured by
    ``benchmarks/first_click.py``): the palettes of the table and the board, the standard sprites of
    every tile (``preload``: a hand shows any tile), the fonts of a sample table, hand and board in each
    language, the hand analysis a replay uses."""
    pyramid_palette()
    preload()
    position = played_round(1, actions=40)
    seat = position.awaiting()[0] if position.awaiting() else 0
    board = deal_for_seed(1).board()
    for lang in LANGS:
        render_table(position.view(None), ("East", "South", "West", "North"), (0, 0, 0, 0), lang)
        render_hand(position.view(seat), lang)
        render_pyramid(board, selected=board.free_ids()[0], lang=lang)
        render_pyramid(board, small=True, lang=lang)


def _warm_worker() -> None:
    """A drawing process warmed up, then what it loaded to draw frozen out of its collections (in threads,
    the bot's own start-up freezes it)."""
    warm_up()
    freeze_start_up()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class Drawer:
    def __init__(self, processes: int = 0) -> None:
        # "spawn": a worker starts from a fresh interpreter, not a fork of one running threads and a loop
        self._processes = processes
        self.pending = 0  # drawings asked for and not done (for the metrics)
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
        self.pending += 1
        try:
            if self._pool is None:
                return await asyncio.to_thread(draw, *args, **keywords)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, functools.partial(draw, *args, **keywords))
        finally:
            self.pending -= 1

    def worker_pids(self) -> list[int]:
        """The drawing processes (none when drawing in threads), for their CPU in the metrics."""
        return list(getattr(self._pool, "_processes", None) or ())

    async def warm(self) -> None:
        """Start every drawing process and have each draw its samples (``warm_up``), before the bot
        connects, so that the first click is drawn as fast as the hundredth; without processes, warm
        this process's drawing threads. Each task holds its process for its whole run, so the pool
        starts as many processes as there are tasks."""
        if self._pool is None:
            await asyncio.to_thread(warm_up)
            return
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _warm_worker) for _ in range(self._processes)))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

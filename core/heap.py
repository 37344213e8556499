"""The heap a process keeps from its start, out of the garbage collector's way.

What a process loads before it serves (modules, catalogs, tile sprites and fonts, warmed tables) stays
for its whole life, and each full collection scanned it again: under load at 1000 tables the bot's full
collections took 116 ms on average and up to 171 ms (2026-12-04), stalling the event loop that
acknowledges clicks, and a drawing worker's (up to 164 ms) stalled the picture a member waits for.
``gc.freeze`` moves what is alive at that moment to a generation no collection scans; what is created
afterwards is collected as before. Frozen objects still go when their last reference does; only a
reference cycle among them would stay, and what is loaded at start-up is not let go.
"""

from __future__ import annotations

import gc


def freeze_start_up() -> None:
    """Collect once, then leave everything still alive out of every later collection."""
    gc.collect()
    gc.freeze()


YOUNG_COLLECTION = 50_000
"""Allocations between two collections of the youngest generation (CPython's default: 700), then 20 of
those before a middle one and 20 of those before a full one (default 10 and 10). A page move replays a
round and writes frames, some tens of thousands of short-lived objects; at the default pace the
collector's full passes over the kept rounds came every few seconds and stalled every socket: under
``benchmarks/table_page.py --part load --full`` (1000 tables, 200 live, 800 sockets; 2026-12-05) the
p99 of a move reaching its four sockets was 227 ms, 55 ms with the collector off and 44 ms at this pace,
with the same memory at the end (252 MB: what the moves leave is freed by reference counts)."""


def collect_less_often() -> None:
    """The collector's pace for a server of pages (``YOUNG_COLLECTION``)."""
    gc.set_threshold(YOUNG_COLLECTION, 20, 20)

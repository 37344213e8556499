"""``mahjong-bot run`` exactly as README's first command runs it, pointed at a fake Discord on loopback.

The only changes from the installed command: discord.py's two class attributes that name Discord's
addresses (``Route.BASE`` and the gateway URL) are set from ``FAKE_DISCORD_API`` and
``FAKE_DISCORD_GATEWAY``; with ``FAST_TABLES=1`` tables use timings of a fraction of a second and the
clock looks every 20 ms; and with
``KILL_AT=before-ledger`` or ``after-ledger`` the process kills itself (SIGKILL, as ``kill -9``) around
its first ledger write of a hand; ``TEST_REDIS_NAMESPACE`` gives the test's Redis keys a prefix of their
own; ``FIRST_SEED=n`` gives the tables this process opens the seeds n, n + 1… (instead of random ones);
``CLOCK_LEASE=s`` makes the table clock's lease last ``s`` seconds instead of 5, so a process started
after a ``kill -9`` takes the clock over at once (as it would 5 s later); ``CHANGE_LOG=path`` appends a
JSON line per table change the process publishes (table, version, step, what happened, whom it waits
for, and the monotonic time), for ``benchmarks/change_latency.py``; ``DRAW_LOG=path`` appends every
drawing the bot asks of its drawing processes (the function and its arguments, pickled), for
``benchmarks/drawing_replay.py``. Everything else — the
environment, ``.env``, the stores, the bot — is the product's own path.
"""

from __future__ import annotations

import functools
import itertools
import os
import signal
import sys
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

import bot.app
import core.application
from cli import main
from core.tables.state import SPEEDS, Timing


def _kill_around_the_first_hand(point: str) -> None:
    from data.ledger_sqlite import SqliteLedger

    original = SqliteLedger.record_hand

    @functools.wraps(original)
    async def record_hand(self: Any, entry: Any) -> bool:
        if point == "before-ledger":
            os.kill(os.getpid(), signal.SIGKILL)
        written = await original(self, entry)
        os.kill(os.getpid(), signal.SIGKILL)
        return written

    SqliteLedger.record_hand = record_hand  # type: ignore[method-assign]


def _namespace_redis(namespace: str) -> None:
    """Keys of this test's own, so tests sharing the Redis server never touch each other's."""
    from data.live_redis import RedisLiveStore

    original = RedisLiveStore.from_url  # bound to the class

    def from_url(url: str, *, namespace: str = namespace) -> RedisLiveStore:
        return original(url, namespace=namespace)

    RedisLiveStore.from_url = staticmethod(from_url)  # type: ignore[method-assign, assignment]


def _seeded_tables(first: int) -> None:
    """Tables opened by this process get the seeds ``first``, ``first + 1``…, as in ``running_bot``."""
    original = core.application.build_application
    seeds = itertools.count(first)

    async def build_application(settings: Any, **options: Any) -> Any:
        options.setdefault("make_seed", lambda: next(seeds))
        return await original(settings, **options)

    # bot.startup takes it by name when cli.run imports it, after this
    core.application.build_application = build_application  # type: ignore[assignment]


def _short_clock_lease(seconds: float) -> None:
    from data.live_redis import RedisLiveStore
    from data.live_sqlite import SqliteLiveStore

    for store in (RedisLiveStore, SqliteLiveStore):
        original = store.acquire_lease

        @functools.wraps(original)
        async def acquire_lease(
            self: Any, name: str, holder: str, lease: float, now: float, *, original: Any = original
        ) -> bool:
            return await original(self, name, holder, min(lease, seconds) if name == "table-clock" else lease, now)

        store.acquire_lease = acquire_lease  # type: ignore[method-assign]


def _log_changes(path: str) -> None:
    import json
    import time

    from core.events import Events
    from core.tables.events import TableChanged

    original = Events.publish
    log = open(path, "a", buffering=1)  # noqa: SIM115 (open as long as the process)

    @functools.wraps(original)
    async def publish(self: Any, event: Any) -> Any:
        if isinstance(event, TableChanged):
            line = {"table": event.table_id, "version": event.version, "step": event.step, "pid": os.getpid(),
                    "happened": event.happened, "waiting": event.waiting, "at": time.monotonic()}  # fmt: skip
            log.write(json.dumps(line) + "\n")
        return await original(self, event)

    Events.publish = publish  # type: ignore[method-assign]


def _record_drawings(path: str) -> None:
    import pickle

    from bot.drawing import Drawer

    original = Drawer.__call__
    log = open(path, "ab")  # noqa: SIM115 (open as long as the process)

    @functools.wraps(original)
    async def draw(self: Any, function: Any, *args: Any, **keywords: Any) -> Any:
        pickle.dump((function, args, keywords), log)
        return await original(self, function, *args, **keywords)

    Drawer.__call__ = draw  # type: ignore[method-assign]


def _run() -> int:
    """``mahjong-bot run``; ``PROFILE_TO=path`` runs it under cProfile and writes the stats (``pstats``) to
    ``path`` at exit, ``SWITCH_INTERVAL=s`` sets the GIL's hand-over interval (Python's default 0.005 s):
    both for ``benchmarks/load.py``."""
    if os.environ.get("SWITCH_INTERVAL"):
        sys.setswitchinterval(float(os.environ["SWITCH_INTERVAL"]))
    profile_to = os.environ.get("PROFILE_TO")
    if not profile_to:
        return main(["run"])
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    try:
        return main(["run"])
    finally:
        profiler.disable()
        profiler.dump_stats(profile_to)


if __name__ == "__main__":
    Route.BASE = os.environ["FAKE_DISCORD_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
    if os.environ.get("FAST_TABLES") == "1":
        fast = Timing(turn=0.2, claim=0.2, computer_pause=0.0, next_hand=0.2)
        bot.app.DEFAULT_TIMINGS.update({speed: fast for speed in SPEEDS})
        core.application.CLOCK_TICK = 0.02
    if os.environ.get("KILL_AT"):
        _kill_around_the_first_hand(os.environ["KILL_AT"])
    if os.environ.get("TEST_REDIS_NAMESPACE"):
        _namespace_redis(os.environ["TEST_REDIS_NAMESPACE"])
    if os.environ.get("FIRST_SEED"):
        _seeded_tables(int(os.environ["FIRST_SEED"]))
    if os.environ.get("CLOCK_LEASE"):
        _short_clock_lease(float(os.environ["CLOCK_LEASE"]))
    if os.environ.get("CHANGE_LOG"):
        _log_changes(os.environ["CHANGE_LOG"])
    if os.environ.get("DRAW_LOG"):
        _record_drawings(os.environ["DRAW_LOG"])
    sys.exit(_run())

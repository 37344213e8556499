"""Keeping the bot's own requests under Discord's global limit (50 requests a second per bot; the
interaction answers are not counted). The tables' edits, results and notices go through one pacer: a
request that would be the budget's next one within a second waits its turn, and a table whose changes
come faster than that is shown by its newest state alone (the desk skips the edits a newer one makes
useless), instead of Discord answering 429 to the whole bot."""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Awaitable, Callable

GLOBAL_BUDGET = 40  # of Discord's 50 a second: room for commands and emojis, and for requests that
# leave a second apart but arrive closer (measured at 45: 56 arrived in one second under load)


class RequestPacer:
    def __init__(self, per_second: int = GLOBAL_BUDGET, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self._per_second = per_second
        self._clock = clock
        self._sleep = sleep
        self._sent: collections.deque[float] = collections.deque()

    async def wait(self) -> None:
        """Returns when one more request fits in the last second's budget (and counts it)."""
        while True:
            now = self._clock()
            while self._sent and self._sent[0] <= now - 1.0:
                self._sent.popleft()
            if len(self._sent) < self._per_second:
                self._sent.append(now)
                return
            await self._sleep(self._sent[0] + 1.0 - now)

"""Keeping the bot's own requests under Discord's global limit (50 requests a second per bot; the
interaction answers are not counted). Every request the process sends to the API goes through one
pacer at the moment it leaves (an ``aiohttp`` trace on discord.py's session, so requests that waited
elsewhere, for a route's bucket or a retry, are counted when they really go), which spaces them
evenly under the budget. A table whose changes come faster than that is shown by its newest state
alone (the desk skips the edits a newer one makes useless), instead of Discord answering 429 to the
whole bot."""

from __future__ import annotations

import asyncio
import math
import re
import time
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import aiohttp

GLOBAL_BUDGET = 45  # of Discord's 50 a second: the network's jitter brings a few closer

# The API's interaction endpoints: the callback, and the webhook of the application's interactions
# (followups and the original response), whose id is the application's.
_INTERACTION_PATH = re.compile(r"/api/v\d+/(?:interactions/|webhooks/(\d+)/)")


class RequestPacer:
    """Requests spaced evenly: each leaves ``1 / per_second`` after the one before really left (at once
    if the pacer was idle), in the order they came. Evenly, not a second's budget at once: a burst that
    leaves at the end of one second and the start of the next arrives, after any jitter, as more than
    the budget in one second. And after the one before really left, not at a slot booked ahead: a busy
    event loop wakes sleepers late, and those whose slots had passed would leave together (measured
    with the load benchmark: slots booked ahead at 45 a second let 48 leave in one second)."""

    def __init__(
        self,
        per_second: int = GLOBAL_BUDGET,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._interval = 1.0 / per_second
        self._clock = clock
        self._sleep = sleep
        self._next = -math.inf  # when the next request may leave
        self._turn = asyncio.Lock()  # first come, first served
        self.waiting = 0  # requests waiting for their turn (for the metrics)
        self.sent = 0  # requests let through

    async def wait(self) -> None:
        """Returns when this request may leave."""
        self.waiting += 1
        try:
            async with self._turn:
                now = self._clock()
                if self._next > now:
                    await self._sleep(self._next - now)
                    now = self._clock()
                self._next = now + self._interval
                self.sent += 1
        finally:
            self.waiting -= 1


def budget_for(shards_here: int | None, shard_count: int | None) -> int:
    """This process's share of the bot's global budget: the limit is the application's, whichever
    process sends, so each shard process gets the part its shards are of all of them."""
    if shards_here is None or not shard_count:
        return GLOBAL_BUDGET
    return max(1, GLOBAL_BUDGET * shards_here // shard_count)


def counts_globally(path: str, application_id: int | None) -> bool:
    """Whether a request to ``path`` counts against the global limit: every request to the API except
    the interaction endpoints (the gateway's websocket and the CDN are not the API)."""
    if not path.startswith("/api/"):
        return False
    interaction = _INTERACTION_PATH.match(path)
    if interaction is None:
        return True
    webhook = interaction.group(1)
    return webhook is not None and (application_id is None or int(webhook) != application_id)


def pacing_trace(pacer: RequestPacer, application_id: Callable[[], int | None]) -> aiohttp.TraceConfig:
    """The trace to give discord.py's client (``http_trace=``): every request that counts waits for the
    pacer just before it is sent."""
    trace = aiohttp.TraceConfig()

    async def before_sending(
        _session: aiohttp.ClientSession, _context: SimpleNamespace, params: aiohttp.TraceRequestStartParams
    ) -> None:
        if counts_globally(params.url.path, application_id()):
            await pacer.wait()

    trace.on_request_start.append(before_sending)
    return trace

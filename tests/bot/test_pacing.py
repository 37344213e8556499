"""The request pacer spaces requests evenly; as a trace on an aiohttp session it paces what counts
against Discord's global limit, and nothing else."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from aiohttp import web

from bot.pacing import GLOBAL_BUDGET, RequestPacer, budget_for, counts_globally, pacing_trace


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


@pytest.mark.asyncio
async def test_requests_are_spaced_evenly_and_an_idle_pacer_lets_the_next_go_at_once():
    clock = Clock()
    pacer = RequestPacer(4, clock=clock, sleep=clock.sleep)
    await pacer.wait()
    clock.now = 100.1
    await pacer.wait()  # a quarter of a second after the first
    assert clock.slept == [0.15] and clock.now == 100.25
    await pacer.wait()
    await pacer.wait()
    assert clock.slept == [0.15, 0.25, 0.25] and clock.now == 100.75  # four in the first second, no more
    clock.now = 103.0
    await pacer.wait()
    assert clock.slept == [0.15, 0.25, 0.25]  # a quiet spell: the next goes at once


@pytest.mark.asyncio
async def test_a_late_wake_up_does_not_let_the_next_request_leave_with_it():
    clock = Clock()

    async def oversleep(seconds: float) -> None:
        await clock.sleep(seconds + 0.2)  # a busy loop wakes the sleeper late

    pacer = RequestPacer(4, clock=clock, sleep=oversleep)
    await pacer.wait()
    await pacer.wait()
    assert clock.now == pytest.approx(100.45)
    await pacer.wait()  # a full quarter after the late one, not at the slot it would have had
    assert clock.slept == [0.45, 0.45] and clock.now == pytest.approx(100.9)


@pytest.mark.asyncio
async def test_waiters_take_their_slots_in_the_order_they_came():
    clock = Clock()
    pacer = RequestPacer(10, clock=clock, sleep=asyncio.sleep)
    order: list[int] = []

    async def request(number: int) -> None:
        await pacer.wait()
        order.append(number)

    clock.now = 0.0
    await asyncio.gather(*(request(number) for number in range(5)))
    assert order == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("path", "counts"),
    [
        ("/api/v10/channels/12/messages/34", True),
        ("/api/v10/applications/99/guilds/5/commands", True),
        ("/api/v10/webhooks/7/sometoken", True),  # a webhook of someone else's: the bot's own request
        ("/api/v10/interactions/55/token/callback", False),
        ("/api/v10/webhooks/99/token/messages/@original", False),  # the application's interactions
        ("/gateway", False),
    ],
)
def test_what_counts_against_the_global_limit(path, counts):
    assert counts_globally(path, 99) is counts


def test_a_shard_process_gets_its_shards_share_of_the_budget():
    assert budget_for(None, None) == budget_for(None, 4) == GLOBAL_BUDGET
    assert budget_for(2, 4) == GLOBAL_BUDGET // 2
    assert budget_for(1, 1000) == 1


@pytest.mark.asyncio
async def test_the_trace_paces_what_an_aiohttp_session_sends_and_lets_interactions_through():
    clock = Clock()
    pacer = RequestPacer(2, clock=clock, sleep=clock.sleep)
    seen: list[str] = []

    async def answer(request: web.Request) -> web.Response:
        seen.append(request.path)
        return web.Response(text="{}")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        async with aiohttp.ClientSession(trace_configs=[pacing_trace(pacer, lambda: 99)]) as session:
            for path in (
                "/api/v10/channels/1/messages",
                "/api/v10/interactions/5/t/callback",
                "/api/v10/channels/1/messages",
                "/api/v10/webhooks/99/t/messages/@original",
                "/api/v10/channels/1/messages",
            ):
                async with session.post(f"http://127.0.0.1:{port}{path}") as response:
                    assert response.status == 200
    finally:
        await runner.cleanup()
    assert len(seen) == 5
    assert clock.slept == [0.5, 0.5]  # the second and third requests to the API waited, the interactions did not

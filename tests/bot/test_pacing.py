"""The request pacer lets a second's budget through at once and makes the next request wait for the
oldest one to be a second old."""

from __future__ import annotations

import pytest

from bot.pacing import RequestPacer

pytestmark = pytest.mark.asyncio


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


async def test_a_seconds_budget_goes_at_once_and_the_next_waits_for_the_oldest():
    clock = Clock()
    pacer = RequestPacer(3, clock=clock, sleep=clock.sleep)
    for at in (0.0, 0.25, 0.5):
        clock.now = 100.0 + at
        await pacer.wait()
    assert clock.slept == []
    clock.now = 100.75
    await pacer.wait()  # the fourth in a second: waits until the first is a second old
    assert clock.slept == [0.25] and clock.now == 101.0
    clock.now = 103.0
    for _ in range(3):
        await pacer.wait()
    assert clock.slept == [0.25]  # a quiet spell empties the budget again

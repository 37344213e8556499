"""The services' one compare-and-set loop: the first attempt that wins is the answer, and ``RETRIES``
attempts that all lose are the feature's own "busy" refusal; between lost attempts a jittered wait that
grows to a bound lets a writer behind another's burst of changes land its own (in virtual time)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import random

import pytest

from core.compare_and_set import FIRST_WAIT, LONGEST_WAIT, RETRIES, Backoff, retried
from core.refusal import Refusal


@pytest.mark.asyncio
async def test_the_first_attempt_that_wins_is_the_answer_and_the_last_one_made():
    attempts = []

    async def attempt():
        attempts.append(len(attempts))
        return "written" if len(attempts) == 3 else None

    assert await retried(attempt, "busy") == "written"
    assert attempts == [0, 1, 2]


@pytest.mark.asyncio
async def test_attempts_that_all_lose_are_refused_with_the_refusal_named():
    attempts = []

    async def attempt():
        attempts.append(len(attempts))

    with pytest.raises(Refusal) as refused:
        await retried(attempt, "sol_busy")
    assert refused.value.key == "sol_busy" and len(attempts) == RETRIES == 8


@pytest.mark.asyncio
async def test_a_refusal_of_an_attempt_ends_the_loop_at_once():
    attempts = []

    async def attempt():
        attempts.append(len(attempts))
        raise Refusal("no_table")

    with pytest.raises(Refusal) as refused:
        await retried(attempt, "busy")
    assert refused.value.key == "no_table" and attempts == [0]


class VirtualTime:
    """Time that moves only when every writer waits: the earliest wait ends first, and waits ending at
    the same moment end in the order they began (so the writer that started first writes first)."""

    def __init__(self) -> None:
        self.now = 0.0
        self._waits: list[tuple[float, int, asyncio.Future[None]]] = []
        self._began = itertools.count()

    async def sleep(self, seconds: float) -> None:
        ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waits, (self.now + seconds, next(self._began), ended))
        await ended

    async def run(self, *writers):
        tasks = [asyncio.ensure_future(writer) for writer in writers]
        while not all(task.done() for task in tasks):
            for _ in range(10):  # every writer that can go on runs to its next wait
                await asyncio.sleep(0)
            if self._waits:
                self.now, _, ended = heapq.heappop(self._waits)
                ended.set_result(None)
        return [task.exception() or task.result() for task in tasks]


class Record:
    """A record under compare-and-set: a write names the version it read."""

    def __init__(self) -> None:
        self.version = 0
        self.lost: dict[str, int] = {}

    def writer(self, name: str, time: VirtualTime, work: float):
        async def attempt():
            seen = self.version
            await time.sleep(work)  # reading, working out the next state, writing: a store's round trips
            if self.version != seen:
                self.lost[name] = self.lost.get(name, 0) + 1
                return None
            self.version += 1
            return self.version

        return attempt


WORK = 0.001
BURST = 12  # a process writing twelve changes one after the other, each as soon as the last landed


async def contend(backoff_of):
    """A writer with a burst of changes and another with one change, starting together."""
    time, record = VirtualTime(), Record()

    async def burst():
        attempt = record.writer("burst", time, WORK)
        return [await retried(attempt, "busy", backoff_of(1, time)) for _ in range(BURST)]

    async def single():
        return await retried(record.writer("single", time, WORK), "busy", backoff_of(2, time))

    return record, await time.run(burst(), single())


@pytest.mark.asyncio
async def test_without_waits_a_writer_behind_a_burst_loses_every_attempt():
    async def again_at_once(seconds):  # no back-off: the next attempt starts as the lost one ends
        await asyncio.sleep(0)

    record, (burst, single) = await contend(lambda seed, time: Backoff(random.Random(seed), again_at_once))
    assert isinstance(single, Refusal) and single.key == "busy"
    assert record.lost == {"single": RETRIES} and burst == list(range(1, BURST + 1))


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.asyncio
async def test_with_the_back_off_both_writers_land_every_change(seed):
    record, (burst, single) = await contend(lambda writer, time: Backoff(random.Random(seed * 2 + writer), time.sleep))
    assert isinstance(single, int) and len(burst) == BURST
    assert sorted([*burst, single]) == list(range(1, BURST + 2)) and record.version == BURST + 1
    assert record.lost["single"] < RETRIES


@pytest.mark.asyncio
async def test_the_waits_grow_up_to_their_bound_and_none_follows_the_last_attempt():
    slept = []

    async def sleep(seconds):
        slept.append(seconds)

    async def lost():
        return None

    with pytest.raises(Refusal):
        await retried(lost, "busy", Backoff(random.Random(3), sleep))
    assert len(slept) == RETRIES - 1
    ceilings = [min(LONGEST_WAIT, FIRST_WAIT * 2**n) for n in range(RETRIES - 1)]
    assert all(ceiling / 2 <= wait <= ceiling for wait, ceiling in zip(slept, ceilings, strict=True))
    assert ceilings[-1] == LONGEST_WAIT and sum(slept) < 0.1
    growing = [wait for wait, ceiling in zip(slept, ceilings, strict=True) if ceiling < LONGEST_WAIT]
    assert growing == sorted(growing) and len(growing) >= 4


@pytest.mark.parametrize("seed", range(50))
def test_each_wait_is_at_least_the_one_before_until_the_bound(seed):
    backoff = Backoff(random.Random(seed))
    waits = [backoff.wait(lost) for lost in range(1, 40)]
    assert all(FIRST_WAIT / 2 <= wait <= LONGEST_WAIT for wait in waits)
    rising = [wait for lost, wait in enumerate(waits, 1) if FIRST_WAIT * 2 ** (lost - 1) <= LONGEST_WAIT]
    assert rising == sorted(rising)


def test_writers_that_lost_together_wait_apart_and_a_seed_draws_the_same_waits():
    first, second = Backoff(random.Random(1)), Backoff(random.Random(2))
    assert [first.wait(3) for _ in range(5)] != [second.wait(3) for _ in range(5)]
    assert [Backoff(random.Random(1)).wait(n) for n in range(1, 8)] == [
        Backoff(random.Random(1)).wait(n) for n in range(1, 8)
    ]
    assert isinstance(Backoff().draws, random.SystemRandom)  # the default shares no generator's state

"""Compare-and-set, tried again: the one loop every service writes its records with.

An attempt reads a record, works out what comes next from it and writes that only if nobody wrote the
record meanwhile (the store's version); one that lost that race returns None and the next attempt starts
from a fresh read. ``RETRIES`` attempts that all lost mean the record is too busy to change now: the
member is told so with the feature's own refusal, and nothing was written.

A writer that lost waits a little before its next attempt (``Backoff``). Tried again at once, its next
read comes right after the winner's write, and a winner with more to write (a process signing members up
one after the other) starts its next attempt at that same moment and wins again: a loaded machine let one
writer win eight times in a row. A wait that doubles lets such a burst pass; drawing part of it at random
keeps writers that lost together from coming back together. The draws come from the writer's own
generator, never the process's global one, so a test passes a seeded one and a sleep that does not sleep.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from core.refusal import Refusal

RETRIES = 8
FIRST_WAIT = 0.001  # seconds after the first lost attempt: about one write to the store
LONGEST_WAIT = 0.025  # so that RETRIES lost attempts keep a member waiting under a tenth of a second
_T = TypeVar("_T")
Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Backoff:
    """How long a writer waits after a lost attempt, and how it waits. ``draws`` is its own generator:
    by default the system's entropy, which has no state to share."""

    draws: random.Random = field(default_factory=random.SystemRandom)
    sleep: Sleep = asyncio.sleep

    def wait(self, lost: int) -> float:
        """The wait after ``lost`` attempts in a row that lost (from 1): between half and all of a ceiling
        that doubles from ``FIRST_WAIT`` up to ``LONGEST_WAIT``, so each wait is at least the one before
        until the ceiling is reached."""
        ceiling = min(LONGEST_WAIT, FIRST_WAIT * 2 ** (lost - 1))
        return self.draws.uniform(ceiling / 2, ceiling)


async def retried(
    attempt: Callable[[], Awaitable[_T | None]], busy: str, backoff: Backoff | None = None, *, tries: int = RETRIES
) -> _T:
    """What the first attempt that won returns; ``Refusal(busy)`` after ``tries`` attempts that all lost,
    with ``backoff``'s wait after each but the last."""
    waits = Backoff() if backoff is None else backoff
    for tried in range(1, tries + 1):
        done = await attempt()
        if done is not None:
            return done
        if tried < tries:  # after the last, the refusal at once
            await waits.sleep(waits.wait(tried))
    raise Refusal(busy)

"""Compare-and-set, tried again: the one loop every service writes its records with.

An attempt reads a record, works out what comes next from it and writes that only if nobody wrote the
record meanwhile (the store's version); one that lost that race returns None and the next attempt starts
from a fresh read. ``RETRIES`` attempts that all lost mean the record is too busy to change now: the
member is told so with the feature's own refusal, and nothing was written.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from core.refusal import Refusal

RETRIES = 8
_T = TypeVar("_T")


async def retried(attempt: Callable[[], Awaitable[_T | None]], busy: str) -> _T:
    """What the first attempt that won returns; ``Refusal(busy)`` after ``RETRIES`` attempts that all lost."""
    for _ in range(RETRIES):
        done = await attempt()
        if done is not None:
            return done
    raise Refusal(busy)

"""The services' one compare-and-set loop: the first attempt that wins is the answer, and ``RETRIES``
attempts that all lose are the feature's own "busy" refusal."""

from __future__ import annotations

import pytest

from core.compare_and_set import RETRIES, retried
from core.refusal import Refusal

pytestmark = pytest.mark.asyncio


async def test_the_first_attempt_that_wins_is_the_answer_and_the_last_one_made():
    attempts = []

    async def attempt():
        attempts.append(len(attempts))
        return "written" if len(attempts) == 3 else None

    assert await retried(attempt, "busy") == "written"
    assert attempts == [0, 1, 2]


async def test_attempts_that_all_lose_are_refused_with_the_refusal_named():
    attempts = []

    async def attempt():
        attempts.append(len(attempts))

    with pytest.raises(Refusal) as refused:
        await retried(attempt, "sol_busy")
    assert refused.value.key == "sol_busy" and len(attempts) == RETRIES == 8


async def test_a_refusal_of_an_attempt_ends_the_loop_at_once():
    attempts = []

    async def attempt():
        attempts.append(len(attempts))
        raise Refusal("no_table")

    with pytest.raises(Refusal) as refused:
        await retried(attempt, "busy")
    assert refused.value.key == "no_table" and attempts == [0]

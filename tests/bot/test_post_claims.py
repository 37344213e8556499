"""The daily post's claims (``bot.solitaire.post_claims``) on both live stores: one process posts a server's
day, a claim lost with its process is taken over late, the claims of days long past are dropped."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.solitaire.post_claims import POST_CLAIM_SECONDS, PostClaims, post_key
from tests.bot.test_solitaire_service import DAY, GUILD, FakeClock

pytestmark = pytest.mark.asyncio


async def test_one_process_claims_a_days_post(store):
    clock = FakeClock()
    first, second = PostClaims(store, clock), PostClaims(store, clock)
    claims = await asyncio.gather(first.claim(GUILD, DAY, "one"), second.claim(GUILD, DAY, "two"))
    assert sorted(claims, key=str) == [None, "first"]
    assert not await first.claim(GUILD, DAY, "one")  # the winner does not claim twice either
    await first.posted(GUILD, DAY, 1234)
    clock.now += POST_CLAIM_SECONDS * 2
    assert not await second.claim(GUILD, DAY, "two")  # posted: never again


async def test_a_claim_lost_with_its_process_is_taken_over_late(store):
    clock = FakeClock()
    service = PostClaims(store, clock)
    assert await service.claim(GUILD, DAY, "died") == "first"
    clock.now += POST_CLAIM_SECONDS / 2
    assert await service.claim(GUILD, DAY, "alive") is None
    clock.now += POST_CLAIM_SECONDS
    assert await service.claim(GUILD, DAY, "alive") == "late"
    assert (await store.read(post_key(GUILD, DAY))).document["holder"] == "alive"


async def test_claims_of_days_long_past_are_dropped(store):
    service = PostClaims(store, FakeClock())
    assert await service.claim(GUILD, DAY - timedelta(days=2), "x")
    assert await service.claim(GUILD, DAY, "x")
    assert await store.read(post_key(GUILD, DAY - timedelta(days=2))) is None

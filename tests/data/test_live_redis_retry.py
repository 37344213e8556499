"""The Redis store's one retry after a connection error, on the real server: a stale pooled connection
(the command never ran) and a lost reply (the command ran) both end as if the call had succeeded once,
and a server that stays away is ``StoreUnavailable``."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from redis.exceptions import ConnectionError as RedisConnectionError

from data.live import StoreUnavailable
from data.live_redis import RedisLiveStore

pytestmark = [pytest.mark.redis, pytest.mark.asyncio]
REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest_asyncio.fixture
async def store() -> AsyncIterator[RedisLiveStore]:
    opened = RedisLiveStore.from_url(REDIS_URL, namespace=f"test-retry-{uuid.uuid4().hex}")
    try:
        yield opened
    finally:
        for key in await opened.keys(""):
            found = await opened.read(key)
            if found is not None:
                await opened.delete(key, found.version)
        await opened.close()


class Failing:
    """Wraps a registered script: the first call fails with a connection error, before running the
    script (``ran=False``: a stale connection) or after (``ran=True``: the reply was lost)."""

    def __init__(self, script: Any, *, ran: bool, times: int = 1) -> None:
        self.script, self.ran, self.left = script, ran, times

    async def __call__(self, **kwargs: Any) -> Any:
        if self.left:
            self.left -= 1
            if self.ran:
                await self.script(**kwargs)
            raise RedisConnectionError("Connection closed by server.")
        return await self.script(**kwargs)


@pytest.mark.parametrize("ran", [False, True])
async def test_a_write_whose_first_attempt_failed_succeeds_once(store, ran):
    assert await store.create("table:a", {"n": 0}, deadline=5.0)
    store._write = Failing(store._write, ran=ran)
    assert await store.write("table:a", 1, {"n": 1}, deadline=9.0) == 2
    found = await store.read("table:a")
    assert (found.version, found.document, found.deadline) == (2, {"n": 1}, 9.0)
    assert await store.due(9.0) == ["table:a"]


async def test_a_retried_write_that_lost_a_real_race_is_still_a_lost_race(store):
    assert await store.create("table:a", {"n": 0})
    assert await store.write("table:a", 1, {"n": "theirs"}) == 2
    store._write = Failing(store._write, ran=False)
    assert await store.write("table:a", 1, {"n": "mine"}) is None
    assert (await store.read("table:a")).document == {"n": "theirs"}


@pytest.mark.parametrize("ran", [False, True])
async def test_a_create_and_a_delete_whose_first_attempt_failed(store, ran):
    store._create = Failing(store._create, ran=ran)
    assert await store.create("table:b", {"n": 0})
    assert not await store.create("table:b", {"n": 0})  # a second create of the same key is refused
    store._delete = Failing(store._delete, ran=ran)
    assert await store.delete("table:b", 1)
    assert await store.read("table:b") is None


async def test_a_server_that_stays_away_is_unavailable(store):
    store._write = Failing(store._write, ran=False, times=2)
    assert await store.create("table:c", {"n": 0})
    with pytest.raises(StoreUnavailable):
        await store.write("table:c", 1, {"n": 1})
    assert (await store.read("table:c")).version == 1

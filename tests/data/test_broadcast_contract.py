"""One contract for both broadcasts (``data.broadcast``): what one process publishes reaches every other
process listening, in order, and never the publisher itself; a listener that lost what was sent is told
so (``None``); nothing but JSON objects crosses. Checked on memory and on the real Redis server, then
what only Redis has: a listener that loses its connection listens again and says so."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
import pytest_asyncio
import redis.asyncio as aioredis

from data.broadcast import Broadcast, MemoryBroadcast, MemoryNetwork, RedisBroadcast
from data.live_redis import RedisLiveStore

pytestmark = pytest.mark.asyncio

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest_asyncio.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
async def processes(request) -> AsyncIterator[Callable[[], Broadcast]]:
    """Makes broadcasts that hear each other, as processes sharing one store would."""
    made: list[Any] = []
    network = MemoryNetwork()
    namespace = f"test-broadcast-{uuid.uuid4().hex}"

    def make() -> Broadcast:
        if request.param == "memory":
            broadcast: Broadcast = MemoryBroadcast(network)
        else:
            store = RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
            made.append(store)
            broadcast = store.broadcast()
        made.append(broadcast)
        return broadcast

    yield make
    for thing in reversed(made):
        await thing.close()


class Listener:
    """A process listening: what it heard, in order."""

    def __init__(self, broadcast: Broadcast) -> None:
        self.heard: list[dict[str, Any] | None] = []
        self._task = asyncio.create_task(self._listen(broadcast))

    async def _listen(self, broadcast: Broadcast) -> None:
        async for message in broadcast.listen():
            self.heard.append(message)

    async def wait_for(self, count: int, timeout: float = 5.0) -> list[dict[str, Any] | None]:
        async with asyncio.timeout(timeout):
            while len(self.heard) < count:
                await asyncio.sleep(0.005)
        return self.heard

    async def stop(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


async def listening(broadcast: Broadcast) -> Listener:
    listener = Listener(broadcast)
    await asyncio.sleep(0.2)  # subscribed before anything is sent (a process that is not listening misses it)
    return listener


async def test_every_other_process_hears_each_message_in_order_and_the_sender_does_not(processes):
    sender, first, second = processes(), processes(), processes()
    own, one, two = await listening(sender), await listening(first), await listening(second)
    try:
        messages = [{"n": number, "text": "é 東", "list": [1, None, True]} for number in range(20)]
        for message in messages:
            await sender.publish(message)
        assert await one.wait_for(20) == messages
        assert await two.wait_for(20) == messages
        await asyncio.sleep(0.1)
        assert own.heard == []
    finally:
        for listener in (own, one, two):
            await listener.stop()


async def test_a_message_is_a_copy_that_the_sender_cannot_change_afterwards(processes):
    sender, receiver = processes(), processes()
    heard = await listening(receiver)
    try:
        message: dict[str, Any] = {"seats": [1, 2]}
        await sender.publish(message)
        message["seats"].append(3)
        assert await heard.wait_for(1) == [{"seats": [1, 2]}]
    finally:
        await heard.stop()


async def test_a_process_that_was_not_listening_hears_only_what_came_after(processes):
    sender, late = processes(), processes()
    await sender.publish({"n": 1})
    heard = await listening(late)
    try:
        await sender.publish({"n": 2})
        assert await heard.wait_for(1) == [{"n": 2}]
    finally:
        await heard.stop()


async def test_memory_listeners_are_told_when_messages_were_lost():
    network = MemoryNetwork()
    sender, receiver = MemoryBroadcast(network), MemoryBroadcast(network)
    heard = await listening(receiver)
    try:
        await sender.publish({"n": 1})
        await heard.wait_for(1)
        receiver.lose_messages()
        await sender.publish({"n": 2})
        assert await heard.wait_for(3) == [{"n": 1}, None, {"n": 2}]
    finally:
        await heard.stop()


@pytest.mark.redis
async def test_a_redis_listener_whose_connection_is_killed_listens_again_and_says_what_it_missed():
    namespace = f"test-broadcast-{uuid.uuid4().hex}"
    name = f"listener-{uuid.uuid4().hex[:12]}"  # its connection, and no other test's, is killed
    stores = [RedisLiveStore.from_url(REDIS_URL, namespace=namespace)]
    sender = stores[0].broadcast()
    listener_client = aioredis.Redis.from_url(REDIS_URL, decode_responses=True, client_name=name)
    receiver = RedisBroadcast(listener_client, namespace)
    admin = aioredis.Redis.from_url(REDIS_URL, decode_responses=True)
    heard = await listening(receiver)
    try:
        await sender.publish({"n": 1})
        await heard.wait_for(1)
        ours = [client["id"] for client in await admin.client_list() if client.get("name") == name]
        assert ours
        for client_id in ours:
            await admin.client_kill_filter(_id=client_id)
        async with asyncio.timeout(10):
            while None not in heard.heard:
                await asyncio.sleep(0.02)
        await sender.publish({"n": 2})
        assert (await heard.wait_for(3))[-2:] == [None, {"n": 2}]
    finally:
        await heard.stop()
        await admin.aclose()
        await listener_client.aclose()
        for store in stores:
            await store.close()


@pytest.mark.redis
async def test_publishing_without_redis_is_store_unavailable():
    from data.live import StoreUnavailable

    store = RedisLiveStore.from_url("redis://127.0.0.1:1/0", namespace="nowhere")
    try:
        with pytest.raises(StoreUnavailable):
            await store.broadcast().publish({"n": 1})
    finally:
        await store.close()

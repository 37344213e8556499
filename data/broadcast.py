"""Messages from one process of the bot to all the others that share its live store (publish and subscribe).

A message is a JSON object. ``publish`` hands it to every other process listening now; nothing is
kept, so a process that is not listening (starting, or cut off from Redis) misses it. ``listen``
yields the messages of the other processes (never the process's own), and ``None`` whenever some may
have been missed: after its connection was lost and found again. What is sent this way can always be
caught up from the live store (the messages say what changed, the store says what it now is), which
is why nothing more durable is needed.

Two backends: ``RedisBroadcast`` (Redis pub/sub, one channel per namespace) for a bot in several
processes, and ``MemoryBroadcast`` for processes of one ``MemoryNetwork`` (the embedded store's single
process has a network of its own; tests join several).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import AsyncIterator
from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from data.live import StoreUnavailable

log = logging.getLogger(__name__)

RECONNECT_SECONDS = (0.1, 0.5, 1.0, 2.0, 5.0)  # waits between attempts to listen again, the last repeated
POLL_SECONDS = 1.0


class Broadcast(Protocol):
    async def publish(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every other process listening now; ``StoreUnavailable`` if it cannot be sent."""
        ...

    def listen(self) -> AsyncIterator[dict[str, Any] | None]:
        """The other processes' messages, in the order each sent them; ``None`` where some may be missing."""
        ...

    async def close(self) -> None: ...


class MemoryNetwork:
    """The processes (``MemoryBroadcast``) that hear each other, all in this interpreter."""

    def __init__(self) -> None:
        self.members: list[MemoryBroadcast] = []


class MemoryBroadcast:
    def __init__(self, network: MemoryNetwork | None = None) -> None:
        self._network = network or MemoryNetwork()
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._listening = 0
        self._network.members.append(self)

    async def publish(self, message: dict[str, Any]) -> None:
        others = [member for member in self._network.members if member is not self and member._listening]
        if not others:
            return
        text = _encode(message)  # what Redis would carry: a copy, and only JSON
        for member in others:
            member._queue.put_nowait(json.loads(text))

    async def listen(self) -> AsyncIterator[dict[str, Any] | None]:
        self._listening += 1
        try:
            while True:
                yield await self._queue.get()
        finally:
            self._listening -= 1

    def lose_messages(self) -> None:
        """What a lost connection does: the messages waiting are gone, and the listener is told so."""
        while not self._queue.empty():
            self._queue.get_nowait()
        self._queue.put_nowait(None)

    async def close(self) -> None:
        with contextlib.suppress(ValueError):
            self._network.members.remove(self)


class RedisBroadcast:
    """Redis pub/sub on the channel ``{namespace}:events``; each message says which process sent it, so a
    process skips its own."""

    def __init__(self, client: aioredis.Redis, namespace: str) -> None:
        self._client = client
        self._channel = f"{{{namespace}}}:events"
        self._origin = uuid.uuid4().hex

    async def publish(self, message: dict[str, Any]) -> None:
        try:
            await self._client.publish(self._channel, _encode({"from": self._origin, "message": message}))
        except (RedisConnectionError, RedisTimeoutError) as error:
            raise StoreUnavailable(f"Redis unreachable: {error}") from error

    async def listen(self) -> AsyncIterator[dict[str, Any] | None]:
        attempt = 0
        listened = False
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self._channel)
                if listened:
                    log.info("listening to the other processes' changes again")
                    yield None  # what was sent while this process was not listening is lost
                listened, attempt = True, 0
                while True:
                    received = await pubsub.get_message(ignore_subscribe_messages=True, timeout=POLL_SECONDS)
                    message = None if received is None else _decoded(received.get("data"), self._origin)
                    if message is not None:
                        yield message
            except (RedisConnectionError, RedisTimeoutError, OSError) as error:
                wait = RECONNECT_SECONDS[min(attempt, len(RECONNECT_SECONDS) - 1)]
                if attempt == 0:
                    log.warning("the other processes' changes are not heard (%s): listening again", error)
                attempt += 1
                await asyncio.sleep(wait)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]  # redis-py leaves it untyped

    async def close(self) -> None:
        """The client is the live store's: closing the store closes it."""


def _encode(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _decoded(data: Any, own: str) -> dict[str, Any] | None:
    """A message of another process; None for the process's own, or for anything that is not one."""
    if not isinstance(data, str | bytes):
        return None
    try:
        envelope = json.loads(data)
    except ValueError:
        log.warning("a message on the changes' channel is not JSON: ignored")
        return None
    if not isinstance(envelope, dict) or envelope.get("from") == own or not isinstance(envelope.get("message"), dict):
        return None
    message: dict[str, Any] = envelope["message"]
    return message

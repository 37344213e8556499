"""The live-state store on Redis (SPEC §4.4), for a bot that runs in several processes.

Layout under a namespace (so several bots, or tests, share one server), in 16 buckets so that a Redis
Cluster can spread them while every change stays in one hash slot: a key's bucket ``b`` is
``crc32(key) % 16``, and the ``{ns:b}`` hash tag puts its document and its bucket's deadlines together.

- ``{ns:b}:doc:{key}``: a hash with ``v`` (the version), ``doc`` (the document as JSON text) and
  ``dl`` (the deadline, absent when there is none);
- ``{ns:b}:deadlines``: a sorted set, member the key, score its deadline; ``due`` reads the 16 in one
  pipeline and merges them;
- ``{ns}:lease:{name}``: a hash with ``holder`` and ``until``, expiring by itself.

A server that still holds the first layout (``ns:doc:{key}`` and one ``ns:deadlines``) is moved to this
one by ``upgrade_layout``, a key at a time, each in one script.

Every change that touches a document and its deadline is one Lua script, which Redis runs atomically:
a crash between two commands can never leave a document without its deadline entry, or a deadline
for a document that is gone. Lease decisions are made against the caller's ``now`` (the store never
reads a clock) and the key's own expiry only tidies up after a holder that went away.

A dead server must not hang a click: sockets time out after a few seconds. The client never retries
by itself (resending a script whose reply was lost would make a successful write look like a lost
race); this store retries once, itself, after a connection error, because a pooled connection from
before a Redis restart fails on its first use. A write is retried knowing what it wrote: when the
retry finds the version moved on to exactly the document it was writing, the first attempt landed.
A second failure surfaces as ``StoreUnavailable``.
"""

from __future__ import annotations

import heapq
import json
import math
import re
import zlib
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from data.broadcast import RedisBroadcast
from data.live import StoreFailed, StoreUnavailable, Versioned

SOCKET_TIMEOUT_SECONDS = 3.0
# The connections one process opens to Redis. Past them a call waits, up to SOCKET_TIMEOUT_SECONDS, for
# one to be free: redis-py's default pool refuses a call past 100 at once ("Too many connections"), and a
# burst of members (200 players of the page arriving together) then got "the store is unavailable". One
# Redis server runs one command at a time: more connections would add no speed, only its memory.
POOL_CONNECTIONS = 64
BUCKETS = 16

# Sets or clears the deadline of the document at KEYS[1] (member ARGV[1] of the sorted set KEYS[2])
# to ARGV[2], the empty string meaning none. Shared by the scripts below.
_SET_DEADLINE = """
local function set_deadline(doc_key, deadlines, member, deadline)
  if deadline == '' then
    redis.call('HDEL', doc_key, 'dl')
    redis.call('ZREM', deadlines, member)
  else
    redis.call('HSET', doc_key, 'dl', deadline)
    redis.call('ZADD', deadlines, deadline, member)
  end
end
"""

# KEYS: doc, deadlines. ARGV: member, deadline, document. 1 if created, 0 if the key exists.
_CREATE = (
    _SET_DEADLINE
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', 1, 'doc', ARGV[3])
set_deadline(KEYS[1], KEYS[2], ARGV[1], ARGV[2])
return 1
"""
)

# KEYS: doc, deadlines. ARGV: member, deadline, document, expected version. The new version or nil.
_WRITE = (
    _SET_DEADLINE
    + """
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[4] then return false end
redis.call('HSET', KEYS[1], 'doc', ARGV[3])
set_deadline(KEYS[1], KEYS[2], ARGV[1], ARGV[2])
return redis.call('HINCRBY', KEYS[1], 'v', 1)
"""
)

# KEYS: doc, deadlines. ARGV: member, expected version. 1 if deleted.
_DELETE = """
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
"""

# KEYS: old doc, old deadlines, new doc, new deadlines. ARGV: member. Moves one document of the first
# layout to its bucket (1), unless the new layout already has it (0: the old copy is dropped).
_UPGRADE = (
    _SET_DEADLINE
    + """
local old = redis.call('HMGET', KEYS[1], 'v', 'doc', 'dl')
if not old[1] then return 0 end
local moved = 0
if redis.call('EXISTS', KEYS[3]) == 0 then
  redis.call('HSET', KEYS[3], 'v', old[1], 'doc', old[2])
  set_deadline(KEYS[3], KEYS[4], ARGV[1], old[3] or '')
  moved = 1
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return moved
"""
)

# KEYS: lease. ARGV: holder, until, now, expiry in milliseconds. 1 if taken or renewed.
_ACQUIRE = """
local lease = redis.call('HMGET', KEYS[1], 'holder', 'until')
if lease[1] and lease[1] ~= ARGV[1] and tonumber(lease[2]) > tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'until', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
"""

# KEYS: lease. ARGV: holder.
_RELEASE = """
if redis.call('HGET', KEYS[1], 'holder') == ARGV[1] then redis.call('DEL', KEYS[1]) end
"""


_T = TypeVar("_T")


@contextmanager
def _reachable() -> Iterator[None]:
    """The client's errors as the Protocol's: a connection failure is ``StoreUnavailable``, any other
    (the server refusing a command: out of memory, read-only, a script error) ``StoreFailed``."""
    try:
        yield
    except (RedisConnectionError, RedisTimeoutError) as error:
        raise StoreUnavailable(f"Redis unreachable: {error}") from error
    except RedisError as error:
        raise StoreFailed(f"Redis refused: {error}") from error


def _deadline_arg(deadline: float | None) -> str:
    return "" if deadline is None else repr(float(deadline))


def _encode(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class RedisLiveStore:
    """``LiveStore`` on one Redis server, every key under ``namespace``."""

    def __init__(self, client: aioredis.Redis, namespace: str) -> None:
        self._client = client
        self._namespace = namespace
        self.retries = 0  # calls tried again on a fresh connection (for the bot's metrics)
        self._lease_prefix = f"{{{namespace}}}:lease:"
        self._upgrade = client.register_script(_UPGRADE)
        self._create = client.register_script(_CREATE)
        self._write = client.register_script(_WRITE)
        self._delete = client.register_script(_DELETE)
        self._acquire = client.register_script(_ACQUIRE)
        self._release = client.register_script(_RELEASE)

    @classmethod
    def from_url(cls, url: str, *, namespace: str = "mahjong") -> RedisLiveStore:
        """A store on the server at ``url`` (``redis://host:port/db``); connects on first use."""
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            max_connections=POOL_CONNECTIONS,
            timeout=SOCKET_TIMEOUT_SECONDS,
            decode_responses=True,
            socket_timeout=SOCKET_TIMEOUT_SECONDS,
            socket_connect_timeout=SOCKET_TIMEOUT_SECONDS,
            retry=Retry(NoBackoff(), 0),
        )
        client = aioredis.Redis.from_pool(pool)  # closed with the client
        return cls(client, namespace)

    def broadcast(self) -> RedisBroadcast:
        """The processes of this store's namespace, told of each other's changes (``data.broadcast``)."""
        return RedisBroadcast(self._client, self._namespace)

    async def _once_more(self, attempt: Callable[[], Awaitable[_T]]) -> tuple[_T, bool]:
        """``attempt()``, and once more after a connection error on a fresh connection (after a restart
        every pooled connection is dead, so the pool is emptied first); the result, and whether it was
        the retry."""
        try:
            with _reachable():
                return await attempt(), False
        except StoreUnavailable:
            self.retries += 1
            await self._client.connection_pool.disconnect(inuse_connections=False)
            with _reachable():
                return await attempt(), True

    def _tag(self, bucket: int) -> str:
        return f"{{{self._namespace}:{bucket}}}"

    def _doc_key(self, key: str) -> str:
        return f"{self._tag(bucket_of(key))}:doc:{key}"

    def _doc_keys(self, key: str) -> list[str]:
        """A document's hash and its bucket's deadlines: one hash slot."""
        tag = self._tag(bucket_of(key))
        return [f"{tag}:doc:{key}", f"{tag}:deadlines"]

    async def upgrade_layout(self) -> int:
        """Move the documents of the first layout (one deadline set for all) to their buckets; how many
        moved. Safe to run again, and while other processes use the store (each move is one script)."""
        old_prefix = f"{self._namespace}:doc:"
        old_deadlines = f"{self._namespace}:deadlines"
        moved = 0
        with _reachable():
            async for name in self._client.scan_iter(match=_glob_escape(old_prefix) + "*", count=500):
                key = name[len(old_prefix) :]
                moved += int(await self._upgrade(keys=[name, old_deadlines, *self._doc_keys(key)], args=[key]))
        return moved

    async def read(self, key: str) -> Versioned | None:
        fields, _ = await self._once_more(lambda: self._client.hmget(self._doc_key(key), ["v", "doc", "dl"]))
        version, document, deadline = fields
        if version is None or document is None:
            return None
        return Versioned(
            version=int(version),
            document=json.loads(document),
            deadline=None if deadline is None else float(deadline),
        )

    async def create(self, key: str, document: dict[str, Any], *, deadline: float | None = None) -> bool:
        args = [key, _deadline_arg(deadline), _encode(document)]
        created, retried = await self._once_more(lambda: self._create(keys=self._doc_keys(key), args=args))
        if created or not retried:
            return bool(created)
        found = await self.read(key)  # the first attempt may have created it before its reply was lost
        return found is not None and found.version == 1 and found.document == document

    async def write(
        self, key: str, version: int, document: dict[str, Any], *, deadline: float | None = None
    ) -> int | None:
        args = [key, _deadline_arg(deadline), _encode(document), str(version)]
        new_version, retried = await self._once_more(lambda: self._write(keys=self._doc_keys(key), args=args))
        if new_version is not None:
            return int(new_version)
        if retried:
            found = await self.read(key)
            if found is not None and found.version == version + 1 and found.document == document:
                return found.version
        return None

    async def delete(self, key: str, version: int) -> bool:
        args = [key, str(version)]
        deleted, retried = await self._once_more(lambda: self._delete(keys=self._doc_keys(key), args=args))
        return bool(deleted) or (retried and await self.read(key) is None)

    async def _each_bucket(self, ask: Callable[[Any, str], object]) -> list[Any]:
        """One command per bucket's deadline set, sent in one round trip (not a transaction: the
        buckets may live on different cluster nodes)."""

        async def run() -> list[Any]:
            pipeline = self._client.pipeline(transaction=False)
            for bucket in range(BUCKETS):
                ask(pipeline, f"{self._tag(bucket)}:deadlines")
            replies: list[Any] = await pipeline.execute()
            return replies

        replies, _ = await self._once_more(run)
        return replies

    async def due(self, now: float, limit: int = 100) -> list[str]:
        replies = await self._each_bucket(
            lambda pipeline, deadlines: pipeline.zrangebyscore(
                deadlines, "-inf", now, start=0, num=limit, withscores=True
            )
        )
        pairs = ((float(score), str(member)) for reply in replies for member, score in reply)
        earliest = heapq.nsmallest(limit, pairs)  # by deadline, then key, as the Protocol says
        return [member for _, member in earliest]

    async def next_deadline(self) -> float | None:
        replies = await self._each_bucket(lambda pipeline, deadlines: pipeline.zrange(deadlines, 0, 0, withscores=True))
        firsts = [float(reply[0][1]) for reply in replies if reply]
        return min(firsts) if firsts else None

    async def keys(self, prefix: str) -> list[str]:
        pattern = _glob_escape(f"{{{self._namespace}:") + "*" + _glob_escape(f"}}:doc:{prefix}") + "*"

        async def scan() -> list[str]:
            return [name.split("}:doc:", 1)[1] async for name in self._client.scan_iter(match=pattern, count=500)]

        found, _ = await self._once_more(scan)
        return sorted(set(found))

    async def acquire_lease(self, name: str, holder: str, seconds: float, now: float) -> bool:
        args = [holder, repr(float(now + seconds)), repr(float(now)), str(max(1, math.ceil(seconds * 1000)))]
        taken, _ = await self._once_more(lambda: self._acquire(keys=[self._lease_prefix + name], args=args))
        return bool(taken)  # taking or renewing one's own lease twice is the same as once

    async def release_lease(self, name: str, holder: str) -> None:
        await self._once_more(lambda: self._release(keys=[self._lease_prefix + name], args=[holder]))

    async def close(self) -> None:
        await self._client.aclose()


def bucket_of(key: str) -> int:
    """The bucket (and so the cluster hash slot) of a key: stable across processes and releases."""
    return zlib.crc32(key.encode("utf-8")) % BUCKETS


def _glob_escape(text: str) -> str:
    """``text`` matched literally by a Redis glob pattern (SCAN MATCH)."""
    return re.sub(r"([\\*?\[\]])", r"\\\1", text)

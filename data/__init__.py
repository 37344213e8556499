"""Storage behind small interfaces: Redis for live state, SQLite ledgers."""

from __future__ import annotations

from data.live import LiveStore
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore


async def open_live_store(redis_url: str | None, database_path: str) -> LiveStore:
    """The live-state store the configuration names: Redis when a URL is given (several processes may
    share it), else the embedded SQLite file at ``database_path`` (one process, no server to run)."""
    if redis_url:
        return RedisLiveStore.from_url(redis_url)
    return await SqliteLiveStore.open(database_path)

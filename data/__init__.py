"""Storage behind small interfaces: Redis (or embedded SQLite) for live state, SQLite or PostgreSQL ledgers."""

from __future__ import annotations

from data.broadcast import Broadcast, MemoryBroadcast
from data.live import LiveStore
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore


async def open_live_store(redis_url: str | None, database_path: str) -> LiveStore:
    """The live-state store the configuration names: Redis when a URL is given (several processes may
    share it), else the embedded SQLite file at ``database_path`` (one process, no server to run).
    Checked before it is handed over: ``StoreUnavailable`` if Redis does not answer (the caller may try
    again), ``StoreFailed`` if it refuses."""
    if redis_url:
        store = RedisLiveStore.from_url(redis_url)
        try:
            await store.upgrade_layout()  # a server written by a release before the cluster buckets
        except BaseException:
            await store.close()
            raise
        return store
    return await SqliteLiveStore.open(database_path)


def broadcast_for(store: LiveStore) -> Broadcast:
    """How the processes sharing ``store`` hear of each other's changes: Redis pub/sub beside a Redis
    store; none for the embedded store, which one process holds."""
    if isinstance(store, RedisLiveStore):
        return store.broadcast()
    return MemoryBroadcast()

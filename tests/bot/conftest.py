"""What the tests of the bot's services share: a live store on each backend."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from data.live import LiveStore
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore


@pytest_asyncio.fixture(params=["sqlite", "redis"])
async def store(request, tmp_path) -> AsyncIterator[LiveStore]:
    if request.param == "sqlite":
        live: LiveStore = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    else:
        if os.environ.get("MAHJONG_SKIP_REDIS") == "1":
            pytest.skip("MAHJONG_SKIP_REDIS=1")
        url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
        live = RedisLiveStore.from_url(url, namespace=f"test-solitaire-{uuid.uuid4().hex}")
    try:
        yield live
    finally:
        for key in await live.keys(""):
            found = await live.read(key)
            if found is not None:
                await live.delete(key, found.version)
        await live.close()

"""``/healthz`` says which part is not well, with 503; ``/metrics`` is Prometheus' text, one registry per bot."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.health import health_app
from bot.metrics import Metrics
from data.ledger_sqlite import SqliteLedger
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore

pytestmark = pytest.mark.asyncio


async def _get(app, path):
    async with TestClient(TestServer(app)) as client:
        answer = await client.get(path)
        return answer.status, (await answer.json() if path == "/healthz" else await answer.text())


@pytest.mark.redis
async def test_health_names_what_is_down(tmp_path):
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    live = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    away = RedisLiveStore.from_url("redis://127.0.0.1:1/0")  # nothing listens there
    try:
        connected = [False]
        app = health_app(lambda: connected[0], live, ledger, Metrics())
        assert await _get(app, "/healthz") == (503, {"gateway": False, "live_store": True, "ledger": True})
        connected[0] = True
        assert await _get(app, "/healthz") == (200, {"gateway": True, "live_store": True, "ledger": True})
        down = health_app(lambda: True, away, ledger, Metrics())
        assert await _get(down, "/healthz") == (503, {"gateway": True, "live_store": False, "ledger": True})
        status, text = await _get(down, "/metrics")  # a scrape still answers, without the counts
        assert status == 200 and "mahjong_interactions" in text and 'mahjong_open{kind="table"}' not in text
        assert away.retries >= 1  # the health probe's read was tried again on a fresh connection
    finally:
        await away.close()
        await live.close()
        await ledger.close()


async def test_each_bot_counts_in_its_own_registry_and_the_open_tables_are_counted_at_a_scrape(tmp_path):
    live = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "ledger.sqlite3")
    try:
        first, second = Metrics(), Metrics()
        first.interactions.labels("component").inc(3)
        await live.create("table:abc", {"x": 1})
        await live.create("solitaire:1:2:daily", {"x": 1})
        await live.create("solitaire-post:1:2026-12-02", {"x": 1})
        status, text = await _get(health_app(lambda: True, live, ledger, first), "/metrics")
        assert status == 200
        assert 'mahjong_interactions_total{kind="component"} 3.0' in text
        assert 'mahjong_open{kind="table"} 1.0' in text and 'mahjong_open{kind="solitaire"} 1.0' in text
        assert "mahjong_interactions_total{" not in second.text().decode()
    finally:
        await live.close()
        await ledger.close()

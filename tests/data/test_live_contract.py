"""One contract for both live-state backends (SPEC §4.4): the bot may run on either, so every
behaviour it relies on (compare-and-set, deadlines, leases, exact round trips) is checked on the
embedded SQLite file and on the real Redis server alike, followed by what only one backend has
(an unreachable server, a corrupt or locked file, a restart)."""

from __future__ import annotations

import asyncio
import os
import pathlib
import random
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio
import redis.asyncio as aioredis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from redis.crc import key_slot
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from data import open_live_store
from data.live import LiveStore, StoreUnavailable, Versioned
from data.live_redis import BUCKETS, RedisLiveStore, bucket_of
from data.live_sqlite import LiveStoreFileError, SqliteLiveStore

pytestmark = pytest.mark.asyncio

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
CLOSED_PORT_URL = "redis://127.0.0.1:1/0"


async def _raw_redis() -> aioredis.Redis:
    """A plain client on the test server; fails the test (not skips) when Redis does not answer."""
    if os.environ.get("MAHJONG_SKIP_REDIS") == "1":
        pytest.skip("MAHJONG_SKIP_REDIS=1")
    client = aioredis.Redis.from_url(REDIS_URL, decode_responses=True, socket_timeout=2, socket_connect_timeout=2)
    try:
        await client.ping()
    except (RedisConnectionError, RedisTimeoutError) as error:
        await client.aclose()
        pytest.fail(f"Redis at {REDIS_URL} does not answer ({error}): start it, or set MAHJONG_SKIP_REDIS=1")
    return client


@pytest_asyncio.fixture
async def redis_store() -> AsyncIterator[tuple[RedisLiveStore, aioredis.Redis, str]]:
    """A store in a fresh namespace, the raw client beside it, and the namespace; its keys go after."""
    client = await _raw_redis()
    namespace = f"test-live-{uuid.uuid4().hex}"
    store = RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
    try:
        yield store, client, namespace
    finally:
        await store.close()
        leftovers = [
            name
            for pattern in (f"{namespace}:*", f"{{{namespace}*")
            for name in [found async for found in client.scan_iter(match=pattern)]
        ]
        if leftovers:
            await client.delete(*leftovers)
        await client.aclose()


@pytest_asyncio.fixture
async def sqlite_store(tmp_path: pathlib.Path) -> AsyncIterator[SqliteLiveStore]:
    store = await SqliteLiveStore.open(tmp_path / "live.db")
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def store(request: pytest.FixtureRequest) -> LiveStore:
    """Each contract test once per backend."""
    if request.param == "sqlite":
        sqlite: SqliteLiveStore = request.getfixturevalue("sqlite_store")
        return sqlite
    redis_parts: tuple[RedisLiveStore, aioredis.Redis, str] = request.getfixturevalue("redis_store")
    return redis_parts[0]


# --- documents and versions ---


async def test_create_then_read(store: LiveStore) -> None:
    assert await store.create("game:1", {"turn": 0}, deadline=50.0)
    assert await store.read("game:1") == Versioned(version=1, document={"turn": 0}, deadline=50.0)
    assert await store.read("game:2") is None


async def test_create_twice_is_refused_and_changes_nothing(store: LiveStore) -> None:
    assert await store.create("game:1", {"turn": 0}, deadline=50.0)
    assert not await store.create("game:1", {"turn": 9}, deadline=10.0)
    assert await store.read("game:1") == Versioned(version=1, document={"turn": 0}, deadline=50.0)
    assert await store.due(20.0) == []


async def test_write_with_the_current_version_returns_the_next(store: LiveStore) -> None:
    await store.create("game:1", {"turn": 0})
    assert await store.write("game:1", 1, {"turn": 1}) == 2
    assert await store.write("game:1", 2, {"turn": 2}, deadline=7.5) == 3
    assert await store.read("game:1") == Versioned(version=3, document={"turn": 2}, deadline=7.5)


async def test_stale_write_returns_none_and_changes_nothing(store: LiveStore) -> None:
    await store.create("game:1", {"turn": 0}, deadline=50.0)
    assert await store.write("game:1", 1, {"turn": 1}, deadline=60.0) == 2
    assert await store.write("game:1", 1, {"turn": "stale"}, deadline=5.0) is None
    assert await store.write("game:1", 3, {"turn": "future"}, deadline=None) is None
    assert await store.read("game:1") == Versioned(version=2, document={"turn": 1}, deadline=60.0)
    assert await store.due(59.0) == []
    assert await store.next_deadline() == 60.0


async def test_write_to_a_missing_key_returns_none(store: LiveStore) -> None:
    assert await store.write("ghost", 1, {"x": 1}, deadline=1.0) is None
    assert await store.read("ghost") is None
    assert await store.next_deadline() is None


async def test_delete_needs_the_current_version(store: LiveStore) -> None:
    await store.create("game:1", {"turn": 0})
    await store.write("game:1", 1, {"turn": 1})
    assert not await store.delete("game:1", 1)
    assert (await store.read("game:1")) == Versioned(version=2, document={"turn": 1})
    assert await store.delete("game:1", 2)
    assert await store.read("game:1") is None
    assert not await store.delete("game:1", 2)
    assert await store.create("game:1", {"turn": "again"})
    assert (await store.read("game:1")) == Versioned(version=1, document={"turn": "again"})


async def test_unicode_and_nested_documents_round_trip_exactly(store: LiveStore) -> None:
    document: dict[str, Any] = {
        "名前": "東風戦",
        "tiles": "🀄🀇🀈",
        "quotes": "\"'\\\n\t\u0000 end",
        "nested": {"list": [1, -2.5, None, True, False, {"deep": ["x", [], {}]}], "empty": {}},
        "big": 2**62,
        "tiny": 1e-300,
        "": "empty key",
    }
    await store.create("unicode:ü", document)
    assert (await store.read("unicode:ü")) == Versioned(version=1, document=document)
    changed = {**document, "nested": {"list": [], "ß": "ẞ"}}
    assert await store.write("unicode:ü", 1, changed) == 2
    read = await store.read("unicode:ü")
    assert read is not None and read.document == changed


# --- deadlines ---


async def _five_keys(store: LiveStore) -> None:
    for key, deadline in [("a", 30.0), ("b", 10.0), ("c", 20.0), ("d", None), ("e", 40.0)]:
        assert await store.create(key, {"key": key}, deadline=deadline)


async def test_due_lists_the_keys_at_or_before_now_earliest_first(store: LiveStore) -> None:
    await _five_keys(store)
    assert await store.due(5.0) == []
    assert await store.due(10.0) == ["b"]
    assert await store.due(25.0) == ["b", "c"]
    assert await store.due(30.0) == ["b", "c", "a"]
    assert await store.due(1e9) == ["b", "c", "a", "e"]


async def test_due_honours_its_limit(store: LiveStore) -> None:
    await _five_keys(store)
    assert await store.due(1e9, limit=2) == ["b", "c"]
    assert await store.due(1e9, limit=1) == ["b"]


async def test_due_orders_equal_deadlines_by_key(store: LiveStore) -> None:
    for key in ["m", "k", "z"]:
        await store.create(key, {}, deadline=5.0)
    assert await store.due(5.0) == ["k", "m", "z"]


async def test_writing_moves_or_clears_the_deadline(store: LiveStore) -> None:
    await _five_keys(store)
    assert await store.write("b", 1, {"key": "b"}, deadline=35.0) == 2
    assert await store.due(30.0) == ["c", "a"]
    assert await store.write("c", 1, {"key": "c"}, deadline=None) == 2
    assert await store.due(1e9) == ["a", "b", "e"]
    read = await store.read("c")
    assert read is not None and read.deadline is None
    assert await store.write("d", 1, {"key": "d"}, deadline=1.0) == 2
    assert await store.due(1e9) == ["d", "a", "b", "e"]


async def test_delete_clears_the_deadline(store: LiveStore) -> None:
    await _five_keys(store)
    assert await store.delete("b", 1)
    assert await store.due(1e9) == ["c", "a", "e"]
    assert await store.next_deadline() == 20.0


async def test_next_deadline_is_the_earliest(store: LiveStore) -> None:
    assert await store.next_deadline() is None
    await store.create("x", {}, deadline=None)
    assert await store.next_deadline() is None
    await _five_keys(store)
    assert await store.next_deadline() == 10.0
    await store.write("b", 1, {}, deadline=None)
    assert await store.next_deadline() == 20.0


async def test_fractional_deadlines_keep_their_value(store: LiveStore) -> None:
    deadline = 1_764_576_295.123456
    await store.create("k", {}, deadline=deadline)
    read = await store.read("k")
    assert read is not None and read.deadline == deadline
    assert await store.next_deadline() == deadline
    assert await store.due(deadline) == ["k"]
    assert await store.due(deadline - 1e-6) == []


# --- keys ---


async def test_keys_lists_a_prefix_sorted(store: LiveStore) -> None:
    names = ["game:2", "game:10", "game:1", "gamer", "solitaire:1", "g*[x]:1", "g*x", "g?1", "g\\1"]
    for name in names:
        await store.create(name, {})
    assert await store.keys("game:") == ["game:1", "game:10", "game:2"]
    assert await store.keys("game") == ["game:1", "game:10", "game:2", "gamer"]
    assert await store.keys("") == sorted(names)
    assert await store.keys("g*[") == ["g*[x]:1"]
    assert await store.keys("g*") == ["g*[x]:1", "g*x"]
    assert await store.keys("g?") == ["g?1"]
    assert await store.keys("g\\") == ["g\\1"]
    assert await store.keys("none:") == []
    await store.delete("game:10", 1)
    assert await store.keys("game:") == ["game:1", "game:2"]


# --- concurrency ---


async def _race(stores: list[LiveStore], key: str, writers: int) -> list[int | None]:
    """``writers`` clicks that all read the same version, then all write at once."""
    await stores[0].create(key, {"click": None})
    reads = await asyncio.gather(*(stores[i % len(stores)].read(key) for i in range(writers)))
    versions = [read.version for read in reads if read is not None]
    assert versions == [1] * writers
    return list(
        await asyncio.gather(*(stores[i % len(stores)].write(key, versions[i], {"click": i}) for i in range(writers)))
    )


async def test_of_twenty_concurrent_writers_exactly_one_wins(store: LiveStore) -> None:
    results = await _race([store], "game:1", 20)
    winners = [i for i, result in enumerate(results) if result is not None]
    assert len(winners) == 1
    assert results[winners[0]] == 2
    assert await store.read("game:1") == Versioned(version=2, document={"click": winners[0]})


async def test_a_burst_of_five_hundred_clicks_at_once_is_served_whole(store: LiveStore) -> None:
    """Members arriving together (a busy table, the page's players) are queued for the store's
    connections, not refused: Redis's client would otherwise refuse past its pool's 100."""
    await store.create("game:1", {"n": 0})
    reads = await asyncio.gather(*(store.read("game:1") for _ in range(500)))
    assert reads == [Versioned(version=1, document={"n": 0})] * 500
    results = await _race([store], "game:2", 500)
    assert sum(result is not None for result in results) == 1


# --- leases ---


async def test_a_lease_is_held_renewed_and_released(store: LiveStore) -> None:
    assert await store.acquire_lease("timers", "p1", 10.0, now=100.0)
    assert not await store.acquire_lease("timers", "p2", 10.0, now=105.0)
    assert await store.acquire_lease("timers", "p1", 10.0, now=105.0)  # renewed until 115
    assert not await store.acquire_lease("timers", "p2", 10.0, now=114.0)
    assert await store.acquire_lease("other", "p2", 10.0, now=114.0)  # leases are independent
    await store.release_lease("timers", "p2")  # not the holder: no effect
    assert not await store.acquire_lease("timers", "p2", 10.0, now=114.5)
    await store.release_lease("timers", "p1")
    assert await store.acquire_lease("timers", "p2", 10.0, now=114.5)
    assert not await store.acquire_lease("timers", "p1", 10.0, now=115.0)


async def test_an_expired_lease_goes_to_another_holder(store: LiveStore) -> None:
    assert await store.acquire_lease("timers", "p1", 10.0, now=100.0)
    assert not await store.acquire_lease("timers", "p2", 10.0, now=109.9)
    assert await store.acquire_lease("timers", "p2", 10.0, now=110.0)
    assert not await store.acquire_lease("timers", "p1", 10.0, now=111.0)


# --- a random history against a model ---

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
_documents = st.dictionaries(st.text(max_size=5), _json_values, max_size=3)
_deadlines = st.none() | st.sampled_from([1.0, 2.5, 2.5]) | st.floats(0, 1e6)
_names = st.sampled_from(["a", "b", "ü:1", "*["])
Operation = tuple[str, str, dict[str, Any], float | None, int]
Model = dict[str, Versioned]
_operations: st.SearchStrategy[list[Operation]] = st.lists(
    st.one_of(
        st.tuples(st.just("create"), _names, _documents, _deadlines, st.just(0)),
        st.tuples(st.just("write"), _names, _documents, _deadlines, st.integers(-1, 1)),
        st.tuples(st.just("delete"), _names, st.just({}), st.none(), st.integers(-1, 1)),
    ),
    max_size=15,
)


def _apply_to_model(model: Model, operation: Operation, key: str) -> object:
    """What the store must answer to ``operation`` (a version offset picks a stale one), and its effect."""
    kind, _, document, deadline, offset = operation
    current = model.get(key)
    if kind == "create":
        if current is not None:
            return False
        model[key] = Versioned(1, document, deadline)
        return True
    if current is None or offset != 0:
        return None if kind == "write" else False
    if kind == "write":
        model[key] = Versioned(current.version + 1, document, deadline)
        return current.version + 1
    del model[key]
    return True


async def _apply_to_store(store: LiveStore, model: Model, operation: Operation, key: str) -> object:
    kind, _, document, deadline, offset = operation
    current = model.get(key)
    version = (current.version if current else 1) + offset
    if kind == "create":
        return await store.create(key, document, deadline=deadline)
    if kind == "write":
        return await store.write(key, version, document, deadline=deadline)
    return await store.delete(key, version)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=_operations)
async def test_a_random_history_agrees_with_a_dict(store: LiveStore, operations: list[Operation]) -> None:
    prefix = f"h{uuid.uuid4().hex}:"  # the store outlives one example: each example has its own keys
    model: Model = {}
    for operation in operations:
        key = prefix + operation[1]
        answer = await _apply_to_store(store, model, operation, key)
        assert answer == _apply_to_model(model, operation, key), operation
    assert await store.keys(prefix) == sorted(model)
    for key, expected in model.items():
        assert await store.read(key) == expected
    due = [key for key in await store.due(1e7, limit=10_000) if key.startswith(prefix)]
    timed = [key for key, state in model.items() if state.deadline is not None]
    assert due == sorted(timed, key=lambda key: (model[key].deadline, key))


# --- Redis only ---


@pytest.mark.redis
async def test_redis_layout_puts_a_document_and_its_deadline_in_one_cluster_slot(
    redis_store: tuple[RedisLiveStore, aioredis.Redis, str],
) -> None:
    store, client, namespace = redis_store
    await store.create("game:1", {"名": 1}, deadline=12.5)
    tag = f"{{{namespace}:{bucket_of('game:1')}}}"
    assert await client.hgetall(f"{tag}:doc:game:1") == {"v": "1", "doc": '{"名":1}', "dl": "12.5"}
    assert await client.zrange(f"{tag}:deadlines", 0, -1, withscores=True) == [("game:1", 12.5)]
    assert key_slot(f"{tag}:doc:game:1".encode()) == key_slot(f"{tag}:deadlines".encode())
    await store.write("game:1", 1, {}, deadline=None)
    assert await client.hgetall(f"{tag}:doc:game:1") == {"v": "2", "doc": "{}"}
    assert await client.zcard(f"{tag}:deadlines") == 0


@pytest.mark.redis
async def test_redis_keys_spread_over_the_buckets_and_due_merges_them_in_deadline_order(
    redis_store: tuple[RedisLiveStore, aioredis.Redis, str],
) -> None:
    store, _, _ = redis_store
    keys = [f"table:{n}" for n in range(64)]
    assert len({bucket_of(key) for key in keys}) == BUCKETS
    for n, key in enumerate(keys):
        assert await store.create(key, {"n": n}, deadline=float(1000 - n))
    assert await store.due(1000.0, limit=5) == [f"table:{n}" for n in range(63, 58, -1)]
    assert await store.next_deadline() == 937.0
    assert await store.keys("table:") == sorted(keys)


@pytest.mark.redis
async def test_a_server_of_the_first_layout_is_upgraded_once_and_in_place(
    redis_store: tuple[RedisLiveStore, aioredis.Redis, str],
) -> None:
    store, client, namespace = redis_store
    # what the release before the buckets wrote: one hash per document and one deadline set
    await client.hset(f"{namespace}:doc:table:a", mapping={"v": "7", "doc": '{"a":1}', "dl": "50.0"})
    await client.zadd(f"{namespace}:deadlines", {"table:a": 50.0})
    await client.hset(f"{namespace}:doc:table:b", mapping={"v": "2", "doc": '{"b":1}'})
    await store.create("table:c", {"c": 1})
    assert await store.upgrade_layout() == 2
    assert await store.read("table:a") == Versioned(7, {"a": 1}, 50.0)
    assert await store.read("table:b") == Versioned(2, {"b": 1}, None)
    assert await store.due(60.0) == ["table:a"]
    assert await client.exists(f"{namespace}:doc:table:a", f"{namespace}:deadlines") == 0
    assert await store.upgrade_layout() == 0  # run again: nothing left to move
    assert await store.write("table:a", 7, {"a": 2}) == 8


@pytest.mark.redis
async def test_redis_lease_key_expires_by_itself(redis_store: tuple[RedisLiveStore, aioredis.Redis, str]) -> None:
    store, client, namespace = redis_store
    await store.acquire_lease("timers", "p1", 30.0, now=time.time())
    assert 0 < await client.pttl(f"{{{namespace}}}:lease:timers") <= 30_000


@pytest.mark.redis
async def test_redis_scripts_survive_a_script_flush(redis_store: tuple[RedisLiveStore, aioredis.Redis, str]) -> None:
    store, client, _ = redis_store
    await store.create("k", {})
    await client.script_flush()
    assert await store.write("k", 1, {"after": "flush"}) == 2


@pytest.mark.redis
async def test_unreachable_redis_raises_store_unavailable_quickly() -> None:
    store = RedisLiveStore.from_url(CLOSED_PORT_URL, namespace=f"test-live-{uuid.uuid4().hex}")
    calls: list[Callable[[], Awaitable[object]]] = [
        lambda: store.read("k"),
        lambda: store.create("k", {}),
        lambda: store.write("k", 1, {}, deadline=1.0),
        lambda: store.delete("k", 1),
        lambda: store.due(1.0),
        lambda: store.next_deadline(),
        lambda: store.keys(""),
        lambda: store.acquire_lease("l", "p", 1.0, now=0.0),
    ]
    try:
        for call in calls:
            started = time.monotonic()
            with pytest.raises(StoreUnavailable):
                await call()
            assert time.monotonic() - started < 2.0
    finally:
        await store.close()


@pytest.mark.redis
async def test_the_factory_gives_redis_for_a_url_once_it_answers(tmp_path: pathlib.Path) -> None:
    store = await open_live_store(REDIS_URL, str(tmp_path / "unused.db"))
    try:
        assert isinstance(store, RedisLiveStore)
    finally:
        await store.close()
    with pytest.raises(StoreUnavailable):  # checked before it is handed over
        await open_live_store(CLOSED_PORT_URL, str(tmp_path / "unused.db"))
    assert not (tmp_path / "unused.db").exists()


# --- SQLite only ---


async def test_sqlite_reopened_file_keeps_documents_deadlines_and_leases(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "live.db"
    first = await SqliteLiveStore.open(path)
    await first.create("game:1", {"turn": "東"}, deadline=42.0)
    await first.write("game:1", 1, {"turn": "南"}, deadline=43.0)
    await first.acquire_lease("timers", "p1", 10.0, now=100.0)
    await first.close()
    second = await SqliteLiveStore.open(path)
    try:
        assert await second.read("game:1") == Versioned(version=2, document={"turn": "南"}, deadline=43.0)
        assert await second.due(50.0) == ["game:1"]
        assert not await second.acquire_lease("timers", "p2", 10.0, now=105.0)
    finally:
        await second.close()


async def test_sqlite_runs_in_wal_mode(sqlite_store: SqliteLiveStore, tmp_path: pathlib.Path) -> None:
    with sqlite3.connect(tmp_path / "live.db") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


async def test_sqlite_corrupt_file_is_refused_at_open_naming_it(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(random.Random(7).randbytes(8192))
    with pytest.raises(LiveStoreFileError, match=r"garbage\.db"):
        await SqliteLiveStore.open(path)


async def test_sqlite_unopenable_path_is_refused_at_open_naming_it(tmp_path: pathlib.Path) -> None:
    with pytest.raises(LiveStoreFileError, match=r"no-such-folder"):
        await SqliteLiveStore.open(tmp_path / "no-such-folder" / "live.db")


async def test_sqlite_foreign_live_state_table_is_refused_at_open(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "foreign.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE live_state (key TEXT PRIMARY KEY, value BLOB)")
    with pytest.raises(LiveStoreFileError, match=r"foreign\.db.*live_state"):
        await SqliteLiveStore.open(path)


async def test_sqlite_shares_the_file_with_other_tables(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bot.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE hands (id TEXT PRIMARY KEY)")
    store = await SqliteLiveStore.open(path)
    try:
        assert await store.create("k", {})
    finally:
        await store.close()


async def test_sqlite_locked_past_the_timeout_raises_store_unavailable(
    sqlite_store: SqliteLiveStore, tmp_path: pathlib.Path
) -> None:
    await sqlite_store.create("k", {"before": True})
    impatient = await SqliteLiveStore.open(tmp_path / "live.db", busy_timeout=0.05)
    blocker = sqlite3.connect(tmp_path / "live.db", isolation_level=None)
    try:
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreUnavailable):
            await impatient.write("k", 1, {"after": True})
        with pytest.raises(StoreUnavailable):
            await impatient.acquire_lease("timers", "p1", 10.0, now=0.0)
        assert await impatient.read("k") == Versioned(version=1, document={"before": True})  # WAL: reads go on
        blocker.execute("ROLLBACK")
        assert await impatient.write("k", 1, {"after": True}) == 2
    finally:
        blocker.close()
        await impatient.close()


async def test_sqlite_two_processes_racing_on_one_file(sqlite_store: SqliteLiveStore, tmp_path: pathlib.Path) -> None:
    other = await SqliteLiveStore.open(tmp_path / "live.db")
    try:
        results = await _race([sqlite_store, other], "game:1", 20)
    finally:
        await other.close()
    assert sorted(results, key=lambda result: result is None) == [2] + [None] * 19


async def test_the_factory_gives_sqlite_without_a_url(tmp_path: pathlib.Path) -> None:
    store = await open_live_store(None, str(tmp_path / "bot.db"))
    try:
        assert isinstance(store, SqliteLiveStore)
        assert await store.create("k", {})
    finally:
        await store.close()

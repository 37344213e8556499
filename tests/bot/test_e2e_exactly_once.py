"""A finished hand reaches the ledger exactly once even when the bot dies at the worst moment: a real
``kill -9`` of the bot process just before, or just after, its ledger write (SPEC §4.4), on both
live-state stores; the restarted bot writes what was pending, and never twice."""

from __future__ import annotations

import asyncio
import pathlib
import signal
import uuid

import pytest

from data.ledger import HandEntry
from data.ledger_sqlite import SqliteLedger
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import run_environment, start_run, table_id_of, table_state, wait_until
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

REDIS_URL = "redis://127.0.0.1:6379/0"


async def start_bot(fake: FakeDiscord, folder: pathlib.Path, backend: str, kill_at: str | None, namespace: str):
    environment = run_environment(fake, FAST_TABLES="1", DATABASE_PATH=str(folder / "bot.sqlite3"))
    if backend == "redis":
        environment.update(REDIS_URL=REDIS_URL, TEST_REDIS_NAMESPACE=namespace)
    if kill_at:
        environment["KILL_AT"] = kill_at
    return await start_run(folder, environment, log=folder / "bot.log")


async def open_live(folder: pathlib.Path, backend: str, namespace: str):
    if backend == "redis":
        return RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
    return await SqliteLiveStore.open(folder / "bot.sqlite3")


async def clear_redis(namespace: str) -> None:
    store = RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
    for key in await store.keys(""):
        found = await store.read(key)
        if found is not None:
            await store.delete(key, found.version)
    await store.close()


@pytest.mark.parametrize("kill_at", ["before-ledger", "after-ledger"])
@pytest.mark.parametrize("backend", ["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
async def test_a_hand_finished_as_the_bot_is_killed_is_recorded_once_after_the_restart(tmp_path, backend, kill_at):
    namespace = f"e2e-{uuid.uuid4().hex}"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        host = fake.add_member(guild, name="Alice", locale="fr")
        process = await start_bot(fake, tmp_path, backend, kill_at, namespace)
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_commands_synced(timeout=30)
            command = await fake.slash(
                host,
                guild.text_channel,
                "mahjong new",
                {"rules": "classic", "length": "one_hand", "computers": 3, "level": "basic"},
            )
            await command.wait_done(timeout=20)
            lobby = fake.channel_messages(fake.threads[-1].id)[-1]
            table_id = table_id_of(lobby)
            start = await fake.click(host, lobby, f"mj1:{table_id}:0:start")
            await start.wait_done()
            # The host lets the clock play; computers take the seat; the first hand's end kills the bot.
            assert await asyncio.wait_for(process.wait(), 120) == -signal.SIGKILL
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        live = await open_live(tmp_path, backend, namespace)
        ledger = await SqliteLedger.open(tmp_path / "bot.sqlite3")
        try:
            killed = await table_state(live, table_id)
            pending = [entry for entry in killed.unrecorded if isinstance(entry, HandEntry)]
            assert pending, "the finished hand waits in the live state"
            hand_id = pending[0].hand_id
            assert await ledger.has_hand(hand_id) is (kill_at == "after-ledger")
            restarted = await start_bot(fake, tmp_path, backend, None, namespace)
            try:

                async def recorded():
                    state = await table_state(live, table_id)
                    return not state.unrecorded and await ledger.has_hand(hand_id)

                await wait_until(recorded, timeout=60, what="the pending hand to reach the ledger")
            finally:
                restarted.send_signal(signal.SIGINT)
                await asyncio.wait_for(restarted.wait(), 30)
            hands = await ledger.hands(guild.id)
            ids = [hand.hand_id for hand in hands]
            assert len(ids) == len(set(ids)) and hand_id in ids
            assert [hand.record for hand in hands if hand.hand_id == hand_id] == [pending[0].record]
        finally:
            await ledger.close()
            await live.close()
            if backend == "redis":
                await clear_redis(namespace)

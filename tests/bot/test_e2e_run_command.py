"""README's first command: ``mahjong-bot run`` with only ``DISCORD_TOKEN`` set, on the embedded store, in a
process of its own, against the fake Discord; a member opens a table and it lands in the SQLite file."""

from __future__ import annotations

import asyncio
import os
import pathlib
import signal
import sys

import pytest

from data.live_sqlite import SqliteLiveStore
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

ROOT = pathlib.Path(__file__).resolve().parents[2]


async def test_mahjong_bot_run_with_only_a_token_serves_a_table_from_the_embedded_store(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        member = fake.add_member(guild, name="Alice", locale="fr")
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in ("REDIS_URL", "DATABASE_PATH", "DISCORD_GUILD_ID")
        }
        environment.update(
            DISCORD_TOKEN=fake.token,
            FAKE_DISCORD_API=f"http://{fake.host}:{fake.port}/api/v10",
            FAKE_DISCORD_GATEWAY=fake.gateway_url,
            PYTHONPATH=str(ROOT),
        )
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(ROOT / "tests" / "bot" / "run_against_fake.py"),
            cwd=tmp_path,
            env=environment,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_commands_synced(timeout=30)
            command = await fake.slash(member, guild.text_channel, "mahjong new", {"computers": 3})
            await command.wait_done(timeout=20)
            assert command.response.ephemeral and "<#" in command.response.text()
        finally:
            process.send_signal(signal.SIGTERM)  # how a container is stopped
            output, _ = await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0
        log = output.decode()
        assert "Invite link" in log and "applications.commands" in log
        store = await SqliteLiveStore.open(tmp_path / "mahjong-bot.sqlite3")  # the default DATABASE_PATH
        try:
            assert len(await store.keys("table:")) == 1
        finally:
            await store.close()
        assert fake.violations == []


async def test_mahjong_bot_run_on_a_corrupt_database_file_says_so_and_leaves_it_untouched(tmp_path):
    damaged = tmp_path / "mahjong-bot.sqlite3"
    damaged.write_bytes(b"not a database, but someone's precious file " * 100)
    before = damaged.read_bytes()
    async with FakeDiscord() as fake:
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in ("REDIS_URL", "DATABASE_PATH", "DISCORD_GUILD_ID")
        }
        environment.update(
            DISCORD_TOKEN=fake.token,
            FAKE_DISCORD_API=f"http://{fake.host}:{fake.port}/api/v10",
            FAKE_DISCORD_GATEWAY=fake.gateway_url,
            PYTHONPATH=str(ROOT),
        )
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(ROOT / "tests" / "bot" / "run_against_fake.py"),
            cwd=tmp_path,
            env=environment,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _, errors = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2
    message = errors.decode()
    assert "mahjong-bot.sqlite3" in message and "Traceback" not in message
    assert damaged.read_bytes() == before

"""The Discord Activity from the bot's side, against the fake Discord: the daily post's Play button and
``/solitaire daily`` answer with the Activity's launch (callback type 12) when it is on, with the
private message when it is off or when Discord refuses the launch; and the global command sync keeps
the Entry Point command Discord made for the Activity (Discord refuses a bulk overwrite without it)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

import aiohttp
import pytest

from bot.app import create_bot
from core.settings import Settings
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from tests.bot.e2e_helpers import application_on, bot_settings, wait_until
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

LAUNCH_ACTIVITY, DEFERRED = 12, 5
CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"


def activity_settings(fake: FakeDiscord, path: Any, *, on: bool) -> Settings:
    if not on:
        return bot_settings(fake.token, str(path))
    return bot_settings(
        fake.token,
        str(path),
        public_url="https://mahjong.example.org",
        client_id=fake.client_id,
        client_secret=fake.client_secret,
    )


@contextlib.asynccontextmanager
async def bot_in_a_server(tmp_path, *, activity: bool, handler: int = 2) -> AsyncIterator[tuple[Any, ...]]:
    """A server with a daily post channel, the application's Activities enabled in the portal (so the
    Entry Point exists either way, with ``handler``), and the bot with or without its Activity settings."""
    async with FakeDiscord() as fake:
        entry_point = fake.enable_activities(handler=handler)
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice")
        path = tmp_path / "bot.sqlite3"
        ledger = await SqliteSolitaireLedger.open(path)
        await ledger.set_post_channel(guild.id, guild.text_channel.id)
        await ledger.close()
        store = await SqliteLiveStore.open(path)
        settings = activity_settings(fake, path, on=activity)
        try:
            async with application_on(settings, store, tick=0.02) as application:
                bot = create_bot(
                    settings, application, guild_ready_timeout=0.05, heartbeat_timeout=1e9, upload_emojis=False
                )
                async with fake.running(bot):
                    await fake.wait_commands_synced()
                    await wait_until(partial(_posted, fake, guild), what="the daily post")
                    yield fake, guild, alice, entry_point
        finally:
            await store.close()
        assert fake.violations == []


def _post(fake: FakeDiscord, guild: Any) -> Any:
    return next((m for m in fake.channel_messages(guild.text_channel) if "mjs1:play" in m.custom_ids()), None)


async def _posted(fake: FakeDiscord, guild: Any) -> bool:
    return _post(fake, guild) is not None


async def test_the_play_button_and_solitaire_daily_launch_the_activity_when_it_is_on(tmp_path):
    async with bot_in_a_server(tmp_path, activity=True) as (fake, guild, alice, _):
        played = await fake.click(alice, _post(fake, guild), "mjs1:play")
        await played.wait_done(quiet=0.05)
        assert played.ack_type == LAUNCH_ACTIVITY and played.response is None
        instance = played.activity_instance
        assert instance is not None and alice.id in instance.user_ids and instance.guild_id == guild.id
        command = await fake.slash(alice, guild.text_channel, "solitaire daily", {})
        await command.wait_done(quiet=0.05)
        assert command.ack_type == LAUNCH_ACTIVITY
        assert command.activity_instance is instance  # launched again in the channel: the same instance, joined
        free = await fake.slash(alice, guild.text_channel, "solitaire free", {})
        await free.wait_done(quiet=0.05)
        assert free.ack_type == DEFERRED and free.response is not None  # free play stays a message


async def test_a_launch_discord_refuses_falls_back_to_the_message(tmp_path):
    async with bot_in_a_server(tmp_path, activity=True) as (fake, guild, alice, _):
        refused = {"message": "Cannot launch the activity", "code": 50035}
        fake.fail_next(CALLBACK, status=400, json=refused)
        command = await fake.slash(alice, guild.text_channel, "solitaire daily", {})
        await command.wait_done(quiet=0.05)
        tried = [call.json.get("type") for call in command.calls if call.route.endswith("/callback")]
        assert tried == [LAUNCH_ACTIVITY, DEFERRED]
        assert command.response is not None and command.response.ephemeral and command.response.attachments


async def test_with_the_activity_off_the_play_button_and_solitaire_daily_answer_with_the_message(tmp_path):
    async with bot_in_a_server(tmp_path, activity=False) as (fake, guild, alice, _):
        played = await fake.click(alice, _post(fake, guild), "mjs1:play")
        await played.wait_done(quiet=0.05)
        assert played.ack_type == DEFERRED and played.response is not None and played.response.attachments
        command = await fake.slash(alice, guild.text_channel, "solitaire daily", {})
        await command.wait_done(quiet=0.05)
        assert command.ack_type == DEFERRED and command.activity_instance is None
        assert fake.world.activity_instances == {}


@pytest.mark.parametrize("activity", [True, False])
async def test_an_entry_point_the_app_handles_opens_the_daily(tmp_path, activity, caplog):
    async with bot_in_a_server(tmp_path, activity=activity, handler=1) as (fake, guild, alice, _):
        launched = await fake.entry_point(alice, guild.text_channel)
        await launched.wait_done(quiet=0.05)
        if activity:
            assert launched.ack_type == LAUNCH_ACTIVITY and launched.response is None
            assert launched.activity_instance is not None and alice.id in launched.activity_instance.user_ids
        else:  # the Activity off in the bot: the day's game as a private message, as the Play button gives
            assert launched.ack_type == DEFERRED and launched.activity_instance is None
            assert launched.response is not None and launched.response.ephemeral and launched.response.attachments
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []


@pytest.mark.parametrize("activity", [True, False])
async def test_the_global_sync_keeps_the_entry_point_command(tmp_path, activity):
    async with bot_in_a_server(tmp_path, activity=activity) as (fake, _, _, entry_point):
        [put] = [call for call in fake.calls if call.key == "PUT /applications/{application_id}/commands"]
        assert put.status == 200
        kept = [command for command in fake.registry.global_commands if command["type"] == 4]
        unversioned = [{key: value for key, value in command.items() if key != "version"} for command in kept]
        assert unversioned == [{key: value for key, value in entry_point.items() if key != "version"}]
        assert {command["name"] for command in fake.registry.global_commands} == {"launch", "mahjong", "solitaire"}


async def test_the_fake_refuses_a_bulk_overwrite_without_the_entry_point_as_discord_does():
    async with FakeDiscord() as fake:
        fake.enable_activities()
        url = f"http://{fake.host}:{fake.port}/api/v10/applications/{fake.application_id}/commands"
        async with (
            aiohttp.ClientSession() as http,
            http.put(url, json=[], headers={"Authorization": f"Bot {fake.token}"}) as answer,
        ):
            assert answer.status == 400
            assert (await answer.json())["code"] == 50240
        assert [command["type"] for command in fake.registry.global_commands] == [4]
        [violation] = fake.violations
        assert violation.endswith("leaves out the Entry Point command: 400 50240")
        fake.violations.clear()

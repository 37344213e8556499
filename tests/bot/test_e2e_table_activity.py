"""A table's Discord Activity from the bot's side, against the fake Discord (issue 39): with the Activity
on, the lobby, the table message and ``/mahjong new``'s answer carry its launch button beside the
table's own buttons; pressing it answers with the launch itself (callback type 12), and the channel it
was pressed in then names the table, so the Activity's sign-in opens that table (``core.tables.threads``:
a table's thread names it from the start, as does the channel of a table without a thread). A launch
Discord refuses is answered privately in the member's language; with the Activity off there is no
button, and a stale one is answered so too."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

import pytest

from bot.app import create_bot
from core.tables.threads import table_in
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import application_on, table_id_of, wait_until
from tests.bot.test_e2e_activity import CALLBACK, LAUNCH_ACTIVITY, activity_settings
from tests.fakediscord import FakeDiscord
from words.messages import say

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

DEFERRED, MESSAGE, EPHEMERAL, PRIMARY = 5, 4, 64, 1
MISSING_PERMISSIONS = {"message": "Missing Permissions", "code": 50013}
LOBBY_BUTTONS = ["join", "leave", "addcpu", "start", "cancel"]


@contextlib.asynccontextmanager
async def table_bot(tmp_path: Any, *, activity: bool) -> AsyncIterator[tuple[Any, ...]]:
    """A server with Alice (English) and Bob (French), the application's Activities enabled in the portal,
    and the bot with or without its Activity settings."""
    async with FakeDiscord() as fake:
        fake.enable_activities()
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="en-US")
        bob = fake.add_member(guild, name="Bob", locale="fr")
        path = tmp_path / "bot.sqlite3"
        store = await SqliteLiveStore.open(path)
        settings = activity_settings(fake, path, on=activity)
        try:
            async with application_on(settings, store, tick=0.02) as application:
                bot = create_bot(
                    settings, application, guild_ready_timeout=0.05, heartbeat_timeout=1e9, upload_emojis=False
                )
                async with fake.running(bot):
                    await fake.wait_commands_synced()
                    yield fake, guild, alice, bob, store
        finally:
            await store.close()
        assert fake.violations == []


async def _open(fake: FakeDiscord, guild: Any, host: Any, options: dict[str, Any]) -> tuple[Any, Any, str]:
    """``/mahjong new`` in the server's text channel: the answer, the lobby message and the table's id."""
    command = await fake.slash(host, guild.text_channel, "mahjong new", options)
    await command.wait_done()
    assert command.ack_type == DEFERRED and command.response.ephemeral
    home = fake.threads[-1].id if fake.threads else guild.text_channel.id
    lobby = fake.channel_messages(home)[-1]
    return command, lobby, table_id_of(lobby)


def _verbs(message: Any) -> list[str]:
    return [custom_id.split(":")[3] for custom_id in message.custom_ids()]


def _callbacks(interaction: Any) -> list[dict[str, Any]]:
    return [call.json for call in interaction.calls if call.route.endswith("/callback")]


async def test_the_lobby_the_table_message_and_the_answer_launch_the_activity_that_opens_the_table(tmp_path):
    async with table_bot(tmp_path, activity=True) as (fake, guild, alice, bob, store):
        command, lobby, table_id = await _open(fake, guild, alice, {"rules": "classic", "computers": 3})
        launch = f"mj1:{table_id}:0:launch"
        thread = fake.threads[-1]
        # the answer: where the table opened, and the launch button in the member's language
        assert command.response.custom_ids() == [launch]
        assert f"<#{thread.id}>" in command.response.text()
        button = command.response.component(launch)
        assert (button["type"], button["style"], button["label"]) == (2, PRIMARY, "Play in the Activity")
        # the lobby: its own buttons first, then the launch (the table's language: the server's, English)
        assert _verbs(lobby) == [*LOBBY_BUTTONS, "launch"] and lobby.custom_ids()[-1] == launch
        assert lobby.component(launch)["label"] == "Play in the Activity"
        assert await table_in(store, thread.id) == table_id  # the thread names its table from the start
        assert await table_in(store, guild.text_channel.id) is None

        # pressed in the thread: the launch is the answer, the instance is the thread's
        launched = await fake.click(bob, lobby, launch)
        await launched.wait_done(quiet=0.05)
        assert _callbacks(launched) == [{"type": LAUNCH_ACTIVITY}]
        assert launched.ack_type == LAUNCH_ACTIVITY and launched.response is None
        instance = launched.activity_instance
        assert instance is not None and instance.channel_id == thread.id and bob.id in instance.user_ids
        assert await table_in(store, guild.text_channel.id) is None  # the thread named it already

        # pressed on the answer, in the channel the table was opened from: that channel names the table
        answered = await fake.click(alice, command.response, launch)
        await answered.wait_done(quiet=0.05)
        assert _callbacks(answered) == [{"type": LAUNCH_ACTIVITY}]
        assert answered.activity_instance is not None and answered.activity_instance.channel_id == guild.text_channel.id
        assert await table_in(store, guild.text_channel.id) == table_id

        # the table message, once started: its own buttons, then the launch
        await (await fake.click(alice, lobby, f"mj1:{table_id}:0:start")).wait_done()
        await wait_until(partial(_shows, lobby, "hand"), what="the table message")
        verbs = _verbs(lobby)
        assert verbs in (["hand", "rules", "launch"], ["hand", "claim", "rules", "launch"]), verbs
        assert lobby.component(lobby.custom_ids()[-1])["label"] == "Play in the Activity"


async def _shows(message: Any, verb: str) -> bool:
    return verb in _verbs(message)


async def test_a_table_without_a_thread_is_named_by_its_channel(tmp_path):
    async with table_bot(tmp_path, activity=True) as (fake, guild, alice, _, store):
        fake.fail_next("POST /channels/{channel_id}/threads", status=403, json=MISSING_PERMISSIONS)
        _, lobby, table_id = await _open(fake, guild, alice, {"rules": "classic"})
        assert fake.threads == [] and lobby.channel_id == guild.text_channel.id
        assert await table_in(store, guild.text_channel.id) == table_id
        # a second table opened there since is the channel's, until a launch names the first again
        fake.fail_next("POST /channels/{channel_id}/threads", status=403, json=MISSING_PERMISSIONS)
        _, _, second = await _open(fake, guild, alice, {"rules": "hongkong"})
        assert await table_in(store, guild.text_channel.id) == second != table_id
        launched = await fake.click(alice, lobby, f"mj1:{table_id}:0:launch")
        await launched.wait_done(quiet=0.05)
        assert launched.ack_type == LAUNCH_ACTIVITY
        assert await table_in(store, guild.text_channel.id) == table_id


async def test_a_launch_discord_refuses_is_answered_privately_in_the_members_language(tmp_path):
    async with table_bot(tmp_path, activity=True) as (fake, guild, alice, bob, store):
        _, lobby, table_id = await _open(fake, guild, alice, {"rules": "classic"})
        fake.fail_next(CALLBACK, status=400, json={"message": "Cannot launch the activity", "code": 50035})
        refused = await fake.click(bob, lobby, f"mj1:{table_id}:0:launch")
        await refused.wait_done(quiet=0.05)
        unavailable = say("activity_unavailable", "fr")
        assert "Ma main" in unavailable
        assert _callbacks(refused) == [
            {"type": LAUNCH_ACTIVITY},
            {
                "type": MESSAGE,
                "data": {"tts": False, "content": unavailable, "flags": EPHEMERAL, "allowed_mentions": {"parse": []}},
            },
        ]
        assert refused.response is not None and refused.response.ephemeral and refused.activity_instance is None
        assert fake.world.activity_instances == {}
        assert await table_in(store, guild.text_channel.id) is None  # nothing launched: nothing named


async def test_with_the_activity_off_there_is_no_button_and_a_stale_one_says_so(tmp_path):
    async with table_bot(tmp_path, activity=False) as (fake, guild, alice, bob, _):
        command, lobby, table_id = await _open(fake, guild, alice, {"rules": "classic", "computers": 3})
        assert command.response.custom_ids() == [] and "<#" in command.response.text()
        assert _verbs(lobby) == LOBBY_BUTTONS
        await (await fake.click(alice, lobby, f"mj1:{table_id}:0:start")).wait_done()
        await wait_until(partial(_shows, lobby, "hand"), what="the table message")
        assert "launch" not in _verbs(lobby)
        stale = await fake.forge_component(bob, lobby, f"mj1:{table_id}:0:launch")  # drawn while it was on
        await stale.wait_done(quiet=0.05)
        assert stale.ack_type == MESSAGE and stale.response.ephemeral
        assert stale.response.text() == say("activity_unavailable", "fr")
        assert fake.world.activity_instances == {}

"""Discord misbehaving, end to end (issue 13): rate limits and server errors on the bot's requests, the
gateway dropping and resuming, a thread that cannot be created, a table message deleted by a moderator,
a channel where the bot may not post. The bot recovers or says what it needs; no table is left stuck."""

from __future__ import annotations

import asyncio
import random
from functools import partial

import pytest
import pytest_asyncio

from bot.pacing import GLOBAL_BUDGET
from bot.tables.places import DiscordPlaces
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import (
    World,
    play_one_move,
    running_bot,
    start_members_table,
    table_id_of,
    table_state,
    wait_until,
)
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
MISSING_PERMISSIONS = {"message": "Missing Permissions", "code": 50013}


async def _true(test):
    return test()


@pytest_asyncio.fixture
async def table(tmp_path):
    """A started table of four members, its message, and the world around it."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name) for name in ("Alice", "Bob", "Chloé", "Dan")]
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, members)
                message, table_id = await start_members_table(fake, members, guild.text_channel, {"rules": "classic"})
                await fake.wait_idle()
                yield world, message, table_id
        finally:
            await store.close()


async def _shows_current_step(world, message, table_id):
    state = await table_state(world.store, table_id)
    return any(custom_id.startswith(f"mj1:{table_id}:{state.step}:") for custom_id in message.custom_ids())


async def test_rate_limits_and_server_errors_on_the_table_message_are_waited_out(table):
    world, message, table_id = table
    fake, rng = world.fake, random.Random(1)
    mark = fake.mark()
    fake.fail_next(EDIT, status=429, times=2, retry_after=0.3)
    await play_one_move(world, table_id, message, rng)
    await wait_until(partial(_shows_current_step, world, message, table_id), what="the edit after the 429s")
    statuses = [call.status for call in fake.calls[mark:] if call.key == EDIT]
    assert statuses[:3] == [429, 429, 200]
    mark = fake.mark()
    fake.fail_next(EDIT, status=500, times=1)
    fake.fail_next(EDIT, status=502, times=1)
    await play_one_move(world, table_id, message, rng)
    await wait_until(
        partial(_shows_current_step, world, message, table_id), timeout=15, what="the edit after the 500 and 502"
    )
    assert [call.status for call in fake.calls[mark:] if call.key == EDIT][:3] == [500, 502, 200]
    assert fake.violations == []


async def test_the_gateway_drops_and_resumes_and_play_goes_on(table):
    world, message, table_id = table
    fake, rng = world.fake, random.Random(2)
    for drop, resumes in ((fake.disconnect(4000), 1), (fake.request_reconnect(), 2)):
        await drop
        await wait_until(
            partial(_true, lambda resumes=resumes: len(fake.events("RESUMED")) >= resumes),
            what="the bot to resume its session",
        )
        await play_one_move(world, table_id, message, rng)
        await wait_until(partial(_shows_current_step, world, message, table_id), what="the table after the resume")
    assert len(fake.events("READY")) == 1 and fake.violations == []  # resumed, never identified again


async def test_a_deleted_table_message_is_posted_again_and_plays_on(table):
    world, message, table_id = table
    fake, rng = world.fake, random.Random(3)
    thread = fake.threads[-1].id
    await fake.delete_message(message)

    async def reposted():
        place = await DiscordPlaces(world.store).of(table_id)
        assert place is not None and place.message_id is not None
        return place.message_id != message.id and fake.message(place.message_id)

    again = await wait_until(reposted, what="the table message posted again")
    assert again.channel_id == thread and not again.deleted
    assert any(custom_id.endswith(":hand") for custom_id in again.custom_ids())
    await play_one_move(world, table_id, again, rng)
    await wait_until(partial(_shows_current_step, world, again, table_id), what="the new message kept current")
    assert fake.violations == []


async def test_no_thread_the_table_lives_in_the_channel_and_no_right_to_post_says_so(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store):
                fake.fail_next("POST /channels/{channel_id}/threads", status=403, json=MISSING_PERMISSIONS)
                opened = await fake.slash(alice, guild.text_channel, "mahjong new", {"rules": "classic"})
                await opened.wait_done()
                assert fake.threads == []
                lobby = fake.channel_messages(guild.text_channel.id)[-1]
                assert f"<#{guild.text_channel.id}>" in opened.response.text()
                assert (await table_state(store, table_id_of(lobby))).status == "lobby"

                fake.fail_next("POST /channels/{channel_id}/threads", status=403, json=MISSING_PERMISSIONS)
                fake.fail_next("POST /channels/{channel_id}/messages", status=403, json=MISSING_PERMISSIONS)
                refused = await fake.slash(alice, guild.text_channel, "mahjong new", {"rules": "classic"})
                await refused.wait_done()
                assert refused.response.ephemeral and "I cannot post here" in refused.response.text()
                tables = [await table_state(store, key.removeprefix("table:")) for key in await store.keys("table:")]
                assert sorted(state.status for state in tables) == ["cancelled", "lobby"]  # none left waiting
                assert fake.violations == []
        finally:
            await store.close()


async def test_discord_slow_to_answer_the_table_edit_never_delays_an_acknowledgement(table):
    world, message, table_id = table
    fake, rng = world.fake, random.Random(4)
    fake.slow_next(EDIT, seconds=3.0, times=2)
    before = len(fake.interactions)
    for _ in range(3):  # the first two moves' edits hang three seconds each; the clicks go on meanwhile
        await play_one_move(world, table_id, message, rng)
    clicks = list(fake.interactions)[before:]
    assert len(clicks) >= 3 and all(click.ack_seconds is not None and click.ack_seconds < 0.5 for click in clicks)
    await wait_until(
        partial(_shows_current_step, world, message, table_id), timeout=15, what="the table message to catch up"
    )
    assert fake.violations == []


async def test_the_bots_requests_to_the_api_leave_spaced_under_the_global_limit(tmp_path):
    """A burst of messages from the bot reaches Discord spaced by the pacer (``bot.pacing``); an answer
    to an interaction during it is not held back behind it (the burst takes about 0.65 s)."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                channel = bot.get_partial_messageable(guild.text_channel.id)
                mark = fake.mark()
                burst = asyncio.gather(*(channel.send(f"notice {number}") for number in range(30)))
                asked = await fake.slash(alice, guild.text_channel, "mahjong help", {})
                await asked.wait_done()
                answered = fake.loop_time()
                await burst
                sent = [call.at for call in fake.calls[mark:] if call.key == "POST /channels/{channel_id}/messages"]
                assert len(sent) == 30
                assert sent[-1] - sent[0] >= 27 / GLOBAL_BUDGET  # 29 gaps of 1/45 s, less any jitter
                assert answered < sent[-1]  # the help answer did not wait behind the burst
        finally:
            await store.close()

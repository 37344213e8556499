"""The bot end to end: discord.py's real gateway and HTTP code against the fake Discord on loopback,
members playing whole hands through their clicks, the exact requests the bot sends checked."""

from __future__ import annotations

import random

import pytest
import pytest_asyncio

from bot.tables.table import load_round
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import World, play_one_move, running_bot, table_id_of, table_state, wait_until
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

EPHEMERAL = 64
NAMES = [("Alice", "fr"), ("Bob", "en-US"), ("Chloé", "fr"), ("Dan", "en-GB")]


@pytest_asyncio.fixture
async def world(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name, locale=locale) for name, locale in NAMES]
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                yield World(fake, bot, store, guild, members)
        finally:
            await store.close()


async def open_lobby(world: World, options: dict) -> tuple[object, object]:
    """Alice opens a table; returns the thread and its lobby (later table) message."""
    host = world.members[0]
    command = await world.fake.slash(host, world.guild.text_channel, "mahjong new", options)
    await command.wait_done()
    assert command.ack_type == 5 and command.ack_flags & EPHEMERAL
    thread = world.fake.threads[-1]
    assert thread.parent_id == world.guild.text_channel.id
    lobby = world.fake.channel_messages(thread.id)[-1]
    assert "<#" in command.response.content
    return thread, lobby


async def test_four_members_play_a_whole_hand_through_clicks_to_a_scored_result(world):
    thread, lobby = await open_lobby(world, {"rules": "classic", "length": "one_hand"})
    table_id = table_id_of(lobby)
    for member in world.members[1:]:
        joined = await world.fake.click(member, lobby, f"mj1:{table_id}:0:join")
        await joined.wait_done()
        assert joined.ack_type == 6
    state = await table_state(world.store, table_id)
    assert [seat.name for seat in state.seats] == [name for name, _ in NAMES]
    started = await world.fake.click(world.members[0], lobby, f"mj1:{table_id}:0:start")
    await started.wait_done()
    state = await table_state(world.store, table_id)
    assert state.status == "playing" and state.commitment in lobby.content
    assert lobby.attachments and lobby.attachments[0].description  # the table image, with its alt text
    rng = random.Random(7)
    moves = 0
    while (await table_state(world.store, table_id)).status == "playing":
        await play_one_move(world, table_id, lobby, rng)
        moves += 1
        assert moves < 400
    state = await table_state(world.store, table_id)
    assert state.last_hand is not None
    results = [message for message in world.fake.channel_messages(thread.id) if message.id != lobby.id]
    await wait_until(lambda: _async_value(bool(world.fake.channel_messages(thread.id)[1:])), what="the result")
    result = world.fake.channel_messages(thread.id)[-1]
    assert str(state.last_hand["seed"]) in result.content
    if state.last_hand["winner"] is not None:
        assert result.attachments and result.attachments[0].description
    del results
    assert world.fake.violations == []
    private = [message for message in world.hands.values()]
    assert all(message.ephemeral for message in private)
    assert all(interaction.ack_seconds < 3 for interaction in world.fake.interactions)


async def _async_value(value):
    return value


async def test_a_member_who_is_not_seated_gets_a_private_answer(world):
    _, lobby = await open_lobby(world, {"rules": "hongkong", "computers": 3})
    table_id = table_id_of(lobby)
    started = await world.fake.click(world.members[0], lobby, f"mj1:{table_id}:0:start")
    await started.wait_done()
    state = await table_state(world.store, table_id)
    before = await world.store.read(f"table:{table_id}")
    for custom_id in (f"mj1:{table_id}:{state.step}:hand", f"mj1:{table_id}:{state.step}:d:0"):
        click = await world.fake.click(world.members[1], lobby, custom_id)
        await click.wait_done()
        answer = click.response if click.response is not None else click.followups[-1]
        assert answer.ephemeral and "ne jouez pas" not in answer.content and "not playing" in answer.content
    after = await world.store.read(f"table:{table_id}")
    assert load_round((await table_state(world.store, table_id))).actions[: len(load_round(state).actions)] == \
        load_round(state).actions
    assert after.version >= before.version


async def test_forged_and_malformed_custom_ids_are_answered_privately_and_change_nothing(world):
    _, lobby = await open_lobby(world, {"rules": "classic", "computers": 3})
    table_id = table_id_of(lobby)
    before = await world.store.read(f"table:{table_id}")
    forged = [
        "mj1:zzzzzzzz:0:join", f"mj1:{table_id}:0:explode", f"mj1:{table_id}:0:d:99", f"mj1:{table_id}:x:join",
        "mj1:" + "a" * 96, f"mj1:{table_id}:9999999:start", "mj1:", f"mj1:{table_id.upper()}:0:join",
        "hello", "sol1:whatever", "x" * 100,
    ]
    for custom_id in forged:
        click = await world.fake.click(world.members[1], lobby, custom_id)
        await click.wait_done()
        answer = click.response if click.response is not None else click.followups[-1]
        assert answer.ephemeral, custom_id
    assert await world.store.read(f"table:{table_id}") == before
    assert world.fake.violations == []

"""Redis restarted in the middle of play (issue 13): a Redis server of the test's own, append-only, killed
with SIGKILL and started again on the same files. While it is away a click gets a private "try again in
a moment" and changes nothing; once it is back the table goes on from its last committed state."""

from __future__ import annotations

import asyncio
import logging
import random
import shutil

import pytest

from core.tables.rounds import load_round
from data.live_redis import RedisLiveStore
from tests.bot.e2e_helpers import World, free_port, play_one_move, running_bot, start_members_table, table_state
from tests.fakediscord import FakeDiscord
from tests.redis_server import RedisServer

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.redis,
    pytest.mark.asyncio,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]


async def test_clicks_while_redis_is_away_are_refused_and_play_goes_on_after_its_restart(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot")
    caplog.set_level(logging.INFO, logger="core")  # the table clock says the store answers again
    server = RedisServer(tmp_path, free_port())
    await server.start()
    store = RedisLiveStore.from_url(f"redis://127.0.0.1:{server.port}/0", namespace="restart")
    try:
        async with FakeDiscord() as fake:
            guild = fake.add_guild(name="Club")
            members = [fake.add_member(guild, name=name) for name in ("Alice", "Bob", "Chloé", "Dan")]
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, members)
                table_message, table_id = await start_members_table(
                    fake, members, guild.text_channel, {"rules": "classic"}
                )
                rng = random.Random(8)
                for _ in range(5):
                    await play_one_move(world, table_id, table_message, rng)
                await fake.wait_idle()
                committed = await store.read(f"table:{table_id}")
                state = await table_state(store, table_id)
                hand = load_round(state)
                member = next(m for m in members if m.id == state.seats[hand.turn].member_id)
                my_hand = await fake.click(member, table_message, f"mj1:{table_id}:{state.step}:hand")
                await my_hand.wait_done()
                panel = my_hand.response

                server.kill()
                discard = f"mj1:{table_id}:{state.step}:d:0"
                refused = await fake.click(member, panel, discard)
                await refused.wait_done()
                assert refused.ack_seconds is not None and refused.ack_seconds < 3
                answer = refused.followups[-1]
                assert answer.ephemeral and "try again in a moment" in answer.text()
                looked = await fake.click(member, table_message, f"mj1:{table_id}:{state.step}:hand")
                await looked.wait_done()
                assert "try again in a moment" in looked.response.text()
                await asyncio.sleep(1.0)  # many ticks of the background loops, each finding the store away
                outages = [r.getMessage() for r in caplog.records if "the live store is unavailable" in r.getMessage()]
                assert 1 <= len(outages) == len(set(outages)) <= 3, outages  # once per loop, not once per tick

                await server.start()

                # the connections from before the restart are dead: the store reconnects on the first call
                assert await store.read(f"table:{table_id}") == committed  # nothing lost, nothing half-applied

                played = await fake.click(member, panel, discard)
                await played.wait_done()
                assert played.followups == []  # the first click after the restart plays
                after = load_round(await table_state(store, table_id))
                assert after.actions[: len(hand.actions)] == hand.actions
                assert len(after.actions) >= len(hand.actions) + 1
                assert after.actions[len(hand.actions)].text().startswith(f"{hand.turn} d ")
                for _ in range(3):  # and the table plays on
                    await play_one_move(world, table_id, table_message, rng)
                assert any("the live store answers again" in r.getMessage() for r in caplog.records)
                assert fake.violations == []
    finally:
        await store.close()
        server.stop()

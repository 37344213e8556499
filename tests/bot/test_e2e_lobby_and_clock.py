"""End to end through the fake Discord: the lobby's buttons, the table clock (a deadline plays the default,
two missed turns hand the seat to a computer until I'm back), private hands kept current without a
click, and the tile emojis uploaded once."""

from __future__ import annotations

import random
from functools import partial

import pytest
import pytest_asyncio

from core.tables.rounds import load_round
from core.tables.state import Timing
from data.live_sqlite import SqliteLiveStore
from game.round import Phase
from game.tiles import Tile
from tests.bot.e2e_helpers import World, play_one_move, running_bot, table_id_of, table_state, wait_until
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

QUICK_CLOCK = Timing(turn=0.3, claim=0.3, computer_pause=0.0, next_hand=600.0)
NAMES = [("Alice", "fr"), ("Bob", "en-US"), ("Chloé", "fr"), ("Dan", "en-GB")]


async def _world(tmp_path, fake, timing=None):
    guild = fake.add_guild(name="Club")
    members = [fake.add_member(guild, name=name, locale=locale) for name, locale in NAMES]
    store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
    return guild, members, store


@pytest_asyncio.fixture
async def world(tmp_path):
    async with FakeDiscord() as fake:
        guild, members, store = await _world(tmp_path, fake)
        try:
            async with running_bot(fake, store) as bot:
                yield World(fake, bot, store, guild, members)
        finally:
            await store.close()


async def _true(test):
    return test()


async def open_lobby(world, options):
    command = await world.fake.slash(world.members[0], world.guild.text_channel, "mahjong new", options)
    await command.wait_done()
    lobby = world.fake.channel_messages(world.fake.threads[-1].id)[-1]
    return lobby, table_id_of(lobby)


async def press(world, member, message, custom_id):
    click = await world.fake.click(member, message, custom_id)
    await click.wait_done()
    return click


async def test_the_lobby_buttons_and_who_may_press_them(world):
    lobby, table_id = await open_lobby(world, {"rules": "hongkong", "length": "one_wind"})
    alice, bob, chloe, _ = world.members
    refused = await world.fake.forge_component(alice, lobby, f"mj1:{table_id}:0:start")  # disabled: 1 seat of 4
    await refused.wait_done()
    assert refused.followups[-1].ephemeral and "4" in refused.followups[-1].text()
    await press(world, bob, lobby, f"mj1:{table_id}:0:join")
    again = await press(world, bob, lobby, f"mj1:{table_id}:0:join")
    assert "already seated" in again.followups[-1].text()
    by_guest = await press(world, bob, lobby, f"mj1:{table_id}:0:cancel")
    assert "Only the host" in by_guest.followups[-1].text()
    await press(world, bob, lobby, f"mj1:{table_id}:0:leave")
    await press(world, chloe, lobby, f"mj1:{table_id}:0:addcpu")
    state = await table_state(world.store, table_id)
    assert state.seats[0].name == "Alice" and state.seats[1].computer == "strong"
    await wait_until(partial(_true, lambda: "Strong 1" in lobby.text()), what="the lobby to show the computer")
    host_leaves = await press(world, alice, lobby, f"mj1:{table_id}:0:leave")
    assert "cancel" in host_leaves.followups[-1].text().lower() or "annul" in host_leaves.followups[-1].text()
    await press(world, alice, lobby, f"mj1:{table_id}:0:cancel")
    assert (await table_state(world.store, table_id)).status == "cancelled"
    await wait_until(partial(_true, lambda: lobby.custom_ids() == []), what="the lobby to close")
    assert world.fake.violations == []


async def test_tile_emojis_are_uploaded_once_and_put_on_the_tile_buttons(tmp_path):
    async with FakeDiscord() as fake:
        guild, members, store = await _world(tmp_path, fake)
        try:
            async with running_bot(fake, store) as bot:
                await wait_until(partial(_true, lambda: len(bot.tile_emojis) == len(Tile)), what="the emojis")
                world = World(fake, bot, store, guild, members)
                lobby, table_id = await open_lobby(world, {"rules": "classic", "computers": 3})
                await press(world, members[0], lobby, f"mj1:{table_id}:0:start")
                hand_button = await wait_until(
                    partial(_true, lambda: next((c for c in lobby.custom_ids() if c.endswith(":hand")), None)),
                    what="My hand",
                )
                mine = await press(world, members[0], lobby, hand_button)
                tiles = [button for button in mine.response.buttons() if ":d:" in button.custom_id]
                assert tiles and all(button.emoji and "mj_" in button.emoji for button in tiles)
            uploads = [call for call in fake.calls if call.key == "POST /applications/{application_id}/emojis"]
            assert len(uploads) == len(Tile) == len(fake.emojis)
            async with running_bot(fake, store) as bot:
                await wait_until(partial(_true, lambda: len(bot.tile_emojis) == len(Tile)), what="the emojis")
            again = [call for call in fake.calls if call.key == "POST /applications/{application_id}/emojis"]
            assert len(again) == len(uploads)
        finally:
            await store.close()


async def test_a_private_hand_is_kept_current_without_a_click(world):
    lobby, table_id = await open_lobby(world, {"rules": "classic"})
    for member in world.members[1:]:
        await press(world, member, lobby, f"mj1:{table_id}:0:join")
    await press(world, world.members[0], lobby, f"mj1:{table_id}:0:start")
    state = await table_state(world.store, table_id)
    hand = load_round(state)
    waiting_seat = next(seat for seat in range(4) if seat != hand.turn and seat != (hand.turn + 1) % 4)
    waiting = next(member for member in world.members if member.id == state.seats[waiting_seat].member_id)
    hand_button = await wait_until(
        partial(_true, lambda: next((c for c in lobby.custom_ids() if c.endswith(":hand")), None)), what="My hand"
    )
    opened = await press(world, waiting, lobby, hand_button)
    panel = opened.response
    assert all(button.disabled for button in panel.buttons() if ":d:" in button.custom_id)
    clicks_before = sum(1 for interaction in world.fake.interactions if interaction.user_id == waiting.id)
    others = World(world.fake, world.bot, world.store, world.guild, [m for m in world.members if m is not waiting])
    rng = random.Random(3)
    for _ in range(200):
        state = await table_state(world.store, table_id)
        hand = load_round(state)
        if state.status != "playing" or waiting_seat in hand.awaiting():
            break
        await play_one_move(others, table_id, lobby, rng)
    assert waiting_seat in hand.awaiting()
    current = f"mj1:{table_id}:{state.step}:"

    async def refreshed():
        return any(c.startswith(current) for c in panel.custom_ids())

    await wait_until(refreshed, what="the waiting member's hand to be refreshed")
    if hand.phase is Phase.DISCARD:
        assert any(not button.disabled for button in panel.buttons() if ":d:" in button.custom_id)
    assert sum(1 for interaction in world.fake.interactions if interaction.user_id == waiting.id) == clicks_before
    assert panel.edits >= 1 and world.fake.violations == []


async def test_missed_turns_play_by_the_clock_then_a_computer_until_im_back(tmp_path):
    async with FakeDiscord() as fake:
        guild, members, store = await _world(tmp_path, fake)
        try:
            async with running_bot(fake, store, timing=QUICK_CLOCK) as bot:
                world = World(fake, bot, store, guild, members)
                lobby, table_id = await open_lobby(world, {"rules": "classic", "computers": 3, "level": "basic"})
                await press(world, members[0], lobby, f"mj1:{table_id}:0:start")

                async def away():
                    state = await table_state(store, table_id)
                    return state.seats[state.seat_of(members[0].id)].away

                await wait_until(away, timeout=30, what="the member's seat to go to a computer")
                state = await table_state(store, table_id)
                seat = state.seat_of(members[0].id)
                hand = load_round(state)
                discards = [action for action in hand.actions if action.text().startswith(f"{seat} d ")]
                assert len(discards) >= 2  # the clock discarded for the member twice
                await wait_until(
                    partial(
                        _true,
                        lambda: (
                            ("Alice" in lobby.text() and "ordinateur" not in lobby.text())
                            or "computer plays for Alice" in lobby.text()
                        ),
                    ),
                    what="the away notice",
                )
                hand_button = await wait_until(
                    partial(_true, lambda: next((c for c in lobby.custom_ids() if c.endswith(":hand")), None)),
                    what="My hand",
                )
                mine = await press(world, members[0], lobby, hand_button)
                back = next(
                    button.custom_id for button in mine.response.buttons() if button.custom_id.endswith(":back")
                )
                await press(world, members[0], mine.response, back)

                async def returned():  # the click is acknowledged first, the seat handed back after
                    return not await away()

                await wait_until(returned, what="the member's seat to be handed back")
                assert fake.violations == []
        finally:
            await store.close()


async def test_a_failure_inside_the_bot_still_gets_a_private_answer(world, monkeypatch):
    lobby, table_id = await open_lobby(world, {"rules": "classic", "computers": 2})

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(world.bot.table_messages._service, "act", broken)
    click = await world.fake.click(world.members[1], lobby, f"mj1:{table_id}:0:join")
    await click.wait_done()
    assert click.followups and click.followups[-1].ephemeral and "My hand" in click.followups[-1].text()
    assert world.fake.violations == []

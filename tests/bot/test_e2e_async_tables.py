"""End to end through the fake Discord: what keeps asynchronous tables going. Mentions when the table
waits for a member (a turn in the thread, a claim window by direct message, never for a member who
opted out, never when the server turned them off), the thread opened again when Discord archives it
while its table is open, and tables nobody plays at closed at their idle limit, with the match recorded."""

from __future__ import annotations

import random
from functools import partial

import pytest

from core.tables.rounds import load_round
from core.tables.state import Timing
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from game.round import Phase, Round
from tests.bot.e2e_helpers import World, play_one_move, running_bot, table_id_of, table_state, wait_until
from tests.fakediscord import FakeDiscord
from tests.fakediscord.messages import payload_text

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

IDLE_SOON = Timing(turn=600.0, claim=600.0, computer_pause=0.0, next_hand=600.0, idle=1.0)
POST = "POST /channels/{channel_id}/messages"


async def _true(test):
    return test()


async def _slash(world, member, command, options):
    interaction = await world.fake.slash(member, world.guild.text_channel, command, options)
    await interaction.wait_done()
    return interaction


async def _start(world, options, members):
    """A table hosted by the first member, joined by the others, filled with computers and started."""
    host = members[0]
    opened = await _slash(world, host, "mahjong new", options)
    assert opened.response.ephemeral
    lobby = world.fake.channel_messages(world.fake.threads[-1].id)[-1]
    table_id = table_id_of(lobby)
    for member in members[1:]:
        await (await world.fake.click(member, lobby, f"mj1:{table_id}:0:join")).wait_done()
    state = await table_state(world.store, table_id)
    for _ in range(state.players - len(state.seats)):
        await (await world.fake.click(host, lobby, f"mj1:{table_id}:0:addcpu")).wait_done()
    await (await world.fake.click(host, lobby, f"mj1:{table_id}:0:start")).wait_done()
    return lobby, table_id


def _mentions(fake, thread_id, since=0):
    """The members each message the bot posted in the thread let Discord notify."""
    return [
        [int(user) for user in (call.json.get("allowed_mentions") or {}).get("users", [])]
        for call in fake.calls[since:]
        if call.key == POST and call.params["channel_id"] == str(thread_id)
    ]


def _awaited_members(state):
    """The members (not computers) a turn came to, in order, and those a claim window waited on: the
    hand replayed from its deal, a seat counted when the table starts waiting for it."""
    record = load_round(state).record()
    hand = Round.deal(record.ruleset, record.seed, dealer=record.dealer, round_wind=record.round_wind)
    turns, claims, before = [], [], set()
    for action in (None, *record.actions):
        if action is not None:
            hand.apply(action)
        if hand.result is not None:
            break
        waiting = set(hand.awaiting())
        for seat in sorted(waiting - before):
            member = state.seats[seat].member_id
            if state.seats[seat].computer is None and member is not None:
                (claims if hand.phase in (Phase.CLAIM, Phase.ROB) else turns).append(member)
        before = waiting
    return turns, claims


def _direct_messages(fake, since=0):
    """(recipient, text) of each direct message the bot sent."""
    opened = {
        call.response["id"]: int(call.json["recipient_id"])
        for call in fake.calls
        if call.key == "POST /users/@me/channels"
    }
    return [
        (opened[call.params["channel_id"]], payload_text(call.json))
        for call in fake.calls[since:]
        if call.key == POST and call.params["channel_id"] in opened
    ]


async def test_an_asynchronous_table_mentions_whose_turn_it_is_and_tells_claims_privately(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name, locale="en-US") for name in ("Alice", "Bob", "Chloé")]
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, members)
                bob = members[1]
                await _slash(world, bob, "mahjong mentions", {"state": "off"})
                lobby, table_id = await _start(world, {"rules": "classic", "speed": "async"}, members)
                thread = fake.threads[-1].id
                rng = random.Random(5)
                for _ in range(120):
                    state = await table_state(store, table_id)
                    if state.status != "playing":
                        break
                    turns, claims = _awaited_members(state)
                    if len(turns) >= 4 and claims:
                        break
                    await play_one_move(world, table_id, lobby, rng)
                await fake.wait_idle()
                turns, claims = _awaited_members(await table_state(store, table_id))
                expected_turns = [member for member in turns if member != bob.id]
                mentioned = [user for users in _mentions(fake, thread) for user in users]
                assert expected_turns and claims, "the members never had a turn or a claim"
                assert bob.id not in mentioned  # he opted out
                # a member is mentioned each time a turn comes to them, not at every step they stay awaited
                assert mentioned == expected_turns
                turn_texts = [
                    payload_text(call.json)
                    for call in fake.calls
                    if call.key == POST and call.json.get("allowed_mentions", {}).get("users")
                ]
                assert all(text.startswith(f"<@{user}>") for text, user in zip(turn_texts, mentioned, strict=True))
                dms = _direct_messages(fake)
                assert dms and {recipient for recipient, _ in dms} <= set(claims) - {bob.id}
                assert all(f"<#{thread}>" in text and "Claim" in text for _, text in dms)
                # nobody else is ever pinged: every other message lets Discord notify no one
                others = [
                    call
                    for call in fake.calls
                    if call.key == POST and not call.json.get("allowed_mentions", {}).get("users")
                ]
                assert all(
                    call.json.get("allowed_mentions", {}).get("parse") == []
                    for call in others
                    if call.params["channel_id"] == str(thread)
                )
                assert fake.violations == []
        finally:
            await store.close()


async def test_no_mentions_at_live_tables_nor_when_the_server_turned_them_off(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        admin = fake.add_member(guild, name="Ada", permissions=0x20)  # Manage Server
        members = [admin, fake.add_member(guild, name="Bob")]
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, members)
                rng = random.Random(2)
                live_lobby, live_table = await _start(world, {"rules": "classic"}, members)
                for _ in range(12):
                    await play_one_move(world, live_table, live_lobby, rng)
                await _slash(world, admin, "mahjong config", {"mentions": False})
                async_lobby, async_table = await _start(world, {"rules": "classic", "speed": "async"}, members)
                for _ in range(12):
                    await play_one_move(world, async_table, async_lobby, rng)
                await fake.wait_idle()
                assert all(users == [] for thread in fake.threads for users in _mentions(fake, thread.id))
                assert _direct_messages(fake) == []
        finally:
            await store.close()


async def test_the_thread_of_an_open_table_is_opened_again_when_discord_archives_it(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        try:
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, [alice])
                opened = await _slash(world, alice, "mahjong new", {"rules": "classic", "speed": "async"})
                assert opened.response.ephemeral
                thread = fake.threads[-1]
                lobby = fake.channel_messages(thread.id)[-1]
                table_id = table_id_of(lobby)
                mark = fake.mark()
                await fake.archive_thread(thread)
                call = await fake.wait_for_call("PATCH /channels/{channel_id}", since=mark)
                assert call.params["channel_id"] == str(thread.id) and call.json["archived"] is False
                assert not thread.archived
                await (await fake.click(alice, lobby, f"mj1:{table_id}:0:cancel")).wait_done()
                mark = fake.mark()
                await fake.archive_thread(thread)  # the table is over: the thread may rest

                async def forgotten():
                    return await store.read(f"thread:{thread.id}") is None

                await wait_until(forgotten, what="the thread's index to be forgotten")
                await fake.wait_idle()
                assert [c for c in fake.calls[mark:] if c.key == "PATCH /channels/{channel_id}"] == []
                assert thread.archived and fake.violations == []
        finally:
            await store.close()


async def test_tables_nobody_plays_at_are_closed_with_the_match_recorded(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="fr")
        store = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
        database = tmp_path / "ledger.sqlite3"
        try:
            async with running_bot(fake, store, timing=IDLE_SOON, database_path=str(database)) as bot:
                world = World(fake, bot, store, guild, [alice])
                opened = await _slash(world, alice, "mahjong new", {"rules": "classic"})
                assert opened.response.ephemeral
                lobby = fake.channel_messages(fake.threads[-1].id)[-1]
                lobby_id = table_id_of(lobby)
                await wait_until(partial(_true, lambda: lobby.custom_ids() == []), what="the idle lobby to close")
                assert (await table_state(store, lobby_id)).status == "closed"
                assert "closed: nobody played" in lobby.text()  # the table speaks the server's language
                # a match where the member stopped playing: closed, its hands so far kept
                _, match_id = await _start(world, {"rules": "classic", "computers": 3}, [alice])

                async def closed():
                    return (await table_state(store, match_id)).status == "closed"

                await wait_until(closed, timeout=20, what="the idle match to close")
                home = fake.threads[-1].id

                async def notice():
                    return [m for m in fake.channel_messages(home) if "🔒" in m.text()]

                [posted] = await wait_until(notice, what="the closing notice")
                assert "recorded as closed" in posted.text()

                async def recorded():  # the ledger's subscriber runs beside the notice's
                    return (await table_state(store, match_id)).unrecorded == ()

                await wait_until(recorded, what="the closed match in the ledger")
                assert (await table_state(store, match_id)).computer_at is None
                history = await _slash(world, alice, "mahjong history", {})
                assert history.response.ephemeral and "fermée avant la fin" in history.response.text()
                assert fake.violations == []
            ledger = await SqliteLedger.open(database)
            try:
                [match] = await ledger.matches(guild.id)
                assert match.match_id == match_id and match.ended == "closed"
            finally:
                await ledger.close()
        finally:
            await store.close()

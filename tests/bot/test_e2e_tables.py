"""The bot end to end: discord.py's real gateway and HTTP code against the fake Discord on loopback,
members playing whole hands through their clicks, the exact requests the bot sends checked."""

from __future__ import annotations

import asyncio
import random
import re
import uuid
from functools import partial

import pytest
import pytest_asyncio

from core.tables.rounds import load_round
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from game.actions import Claim, ClaimKind
from game.record import HandRecord
from game.round import Phase
from game.tiles import Tile
from render.tiles import emoji_name
from tests.bot.e2e_helpers import (
    World,
    button_text,
    play_one_move,
    ready_members,
    running_bot,
    table_id_of,
    table_state,
    wait_until,
)
from tests.bot.leak_scanner import leaks, secret_kinds
from tests.fakediscord import FakeDiscord
from words import LANGS
from words.messages import say

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
    assert command.ack_type == 5 and command.response.ephemeral
    thread = world.fake.threads[-1]
    assert thread.parent_id == world.guild.text_channel.id
    lobby = world.fake.channel_messages(thread.id)[-1]
    assert "<#" in command.response.text()
    return thread, lobby


async def start_with_four_members(world: World, options: dict) -> tuple[object, object, str]:
    thread, lobby = await open_lobby(world, options)
    table_id = table_id_of(lobby)
    for member in world.members[1:]:
        await (await world.fake.click(member, lobby, f"mj1:{table_id}:0:join")).wait_done()
    start = f"mj1:{table_id}:0:start"
    # the lobby's edit after the last join can come after that click's quiet spell on a loaded machine
    await wait_until(
        partial(_async, lambda: not lobby.component(start).get("disabled")), what="the Start button enabled"
    )
    await (await world.fake.click(world.members[0], lobby, start)).wait_done()
    await wait_until(
        partial(_async, lambda: any(c.endswith(":hand") for c in lobby.custom_ids())), what="the table message"
    )
    return thread, lobby, table_id


async def shown(message, custom_id: str):
    """Waits until ``message`` (edited by the bot after each change) shows the button ``custom_id``."""
    await wait_until(partial(_async, lambda: custom_id in message.custom_ids()), what=f"the button {custom_id}")
    return custom_id


def member_at(world: World, state, seat: int):
    return next(member for member in world.members if member.id == state.seats[seat].member_id)


async def play_until(world: World, table_id: str, lobby, rng, condition, limit: int = 3000):
    """Members play basic moves until ``condition(state, hand)`` holds (across hands if need be)."""
    for _ in range(limit):
        state = await table_state(world.store, table_id)
        if state.status == "between":
            next_id = await shown(lobby, f"mj1:{table_id}:{state.step}:next")
            waiting = ready_members(state, world.members)  # the next hand waits for them all (SPEC §7.1)
            for number, member in enumerate(waiting):
                clicked = await world.fake.click(member, lobby, next_id)
                await clicked.wait_done()
                if number < len(waiting) - 1:  # only marked ready: told so, privately; the table says who
                    assert clicked.followups[-1].ephemeral
                    assert clicked.followups[-1].text() in {say("already_ready", lang) for lang in LANGS}
                    await wait_until(partial(_says_ready, lobby, member.display_name), what="who is ready")
            continue
        if state.status != "playing":
            break
        hand = load_round(state)
        if condition(state, hand):
            return state, hand
        await play_one_move(world, table_id, lobby, rng)
    pytest.fail("the awaited position never came up")


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
    assert state.status == "playing"
    await wait_until(partial(_async, lambda: state.commitment in lobby.text()), what="the table message")
    assert lobby.attachments and lobby.attachments[0].description  # the table image, with its alt text
    rng = random.Random(7)
    moves = 0
    while (await table_state(world.store, table_id)).status == "playing":
        await play_one_move(world, table_id, lobby, rng)
        moves += 1
        assert moves < 400
    state = await table_state(world.store, table_id)
    assert state.last_hand is not None
    seed = str(state.last_hand.seed)

    async def result():
        return next(
            (
                message
                for message in world.fake.channel_messages(thread.id)
                if not message.ephemeral and seed in message.text()
            ),
            None,
        )

    posted = await wait_until(result, what="the result")
    if state.last_hand.entry.winner is not None:
        assert posted.attachments and posted.attachments[0].description
    assert state.commitment in posted.text() and "verify-wall" in posted.text()
    assert world.fake.violations == []
    assert all(message.ephemeral for message in world.hands.values())
    assert all(interaction.ack_seconds < 3 for interaction in world.fake.interactions)
    member_of_seat = {seat: member.member_id for seat, member in enumerate(state.seats)}
    secrets = secret_kinds([HandRecord.from_text(state.last_hand.entry.record)])
    assert any(secrets[0].values()), "the hand left no tile only one seat ever held: the scan would prove nothing"
    assert leaks(world.fake.calls, secrets, member_of_seat) == []
    sent_files = [file for call in world.fake.calls for file in call.files]
    assert sent_files and all(file.description for file in sent_files)  # every image has its alt text
    detail = next(custom_id for custom_id in posted.custom_ids() if custom_id.endswith(":detail"))
    readers = ((world.members[0], ("gagne la main", "est nulle")), (world.members[1], ("wins hand", "drawn")))
    for member, words in readers:
        asked = await world.fake.click(member, posted, detail)
        await asked.wait_done()
        assert asked.response.ephemeral and any(word in asked.response.text() for word in words)


async def test_a_member_who_is_not_seated_gets_a_private_answer(world):
    _, lobby = await open_lobby(world, {"rules": "hongkong", "computers": 3})
    table_id = table_id_of(lobby)
    started = await world.fake.click(world.members[0], lobby, f"mj1:{table_id}:0:start")
    await started.wait_done()
    state = await table_state(world.store, table_id)
    before = await world.store.read(f"table:{table_id}")
    for custom_id in (f"mj1:{table_id}:{state.step}:hand", f"mj1:{table_id}:{state.step}:d:0"):
        click = await world.fake.forge_component(world.members[1], lobby, custom_id)
        await click.wait_done()
        answer = click.followups[-1] if click.followups else click.response
        assert answer.ephemeral and "ne jouez pas" not in answer.text() and "not playing" in answer.text()
    after = await world.store.read(f"table:{table_id}")
    assert (
        load_round(await table_state(world.store, table_id)).actions[: len(load_round(state).actions)]
        == load_round(state).actions
    )
    assert after.version >= before.version


async def test_forged_and_malformed_custom_ids_are_answered_privately_and_change_nothing(world):
    _, lobby = await open_lobby(world, {"rules": "classic", "computers": 3})
    table_id = table_id_of(lobby)
    before = await world.store.read(f"table:{table_id}")
    forged = [
        "mj1:zzzzzzzz:0:join",
        f"mj1:{table_id}:0:explode",
        f"mj1:{table_id}:0:d:99",
        f"mj1:{table_id}:x:join",
        "mj1:" + "a" * 96,
        f"mj1:{table_id}:9999999:start",
        "mj1:",
        f"mj1:{table_id.upper()}:0:join",
        "hello",
        "sol1:whatever",
        "x" * 100,
    ]
    for custom_id in forged:
        click = await world.fake.forge_component(world.members[1], lobby, custom_id)
        await click.wait_done()
        answer = click.followups[-1] if click.followups else click.response
        assert answer.ephemeral, custom_id
    assert await world.store.read(f"table:{table_id}") == before
    assert world.fake.violations == []


async def test_one_member_and_three_computers_play_a_whole_one_wind_match(world):
    thread, lobby = await open_lobby(
        world, {"rules": "classic", "length": "one_wind", "computers": 3, "level": "basic"}
    )
    table_id = table_id_of(lobby)
    started = await world.fake.click(world.members[0], lobby, f"mj1:{table_id}:0:start")
    await started.wait_done()
    rng = random.Random(11)
    for _ in range(3000):
        state = await table_state(world.store, table_id)
        if state.status == "over":
            break
        if state.status == "between":
            next_id = f"mj1:{table_id}:{state.step}:next"
            result = await wait_until(partial(_public_message_with, world, thread.id, next_id), what="Next hand")
            nxt = await world.fake.click(world.members[0], result, next_id)
            await nxt.wait_done()
            await wait_until(lambda: _status_is_not(world, table_id, "between"), what="the next hand")
            continue
        hand = load_round(state)
        if state.seats[hand.awaiting()[0]].computer is not None:
            await _until_awaiting_member(world, table_id)
            continue
        await play_one_move(world, table_id, lobby, rng)
    state = await table_state(world.store, table_id)
    assert state.status == "over"

    async def summary():
        return any(
            "🏁" in message.text() for message in world.fake.channel_messages(thread.id) if not message.ephemeral
        )

    await wait_until(summary, what="the match's summary")
    assert world.fake.violations == []


async def _says_ready(message, name: str) -> bool:
    """The table message names ``name`` among the members ready for the next hand."""
    lines = tuple(say("table_ready", lang, names="") for lang in LANGS)
    return any(text.startswith(lines) and name in text for text in message.text().splitlines())


async def _async(test):
    return test()


async def _public_message_with(world, channel_id, custom_id):
    shown = [
        message
        for message in world.fake.channel_messages(channel_id)
        if not message.ephemeral and custom_id in message.custom_ids()
    ]
    return shown[-1] if shown else None


async def _status_is_not(world, table_id, status):
    return (await table_state(world.store, table_id)).status != status


async def _until_awaiting_member(world, table_id):
    async def ready():
        state = await table_state(world.store, table_id)
        if state.status != "playing":
            return True
        return state.seats[load_round(state).awaiting()[0]].computer is None

    await wait_until(ready, timeout=30, what="the member's turn")


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
async def test_the_bot_restarted_mid_hand_on_the_same_store_continues_where_it_was(tmp_path, backend):
    namespace = f"e2e-{uuid.uuid4().hex}"

    async def open_store():
        if backend == "redis":
            return RedisLiveStore.from_url("redis://127.0.0.1:6379/0", namespace=namespace)
        return await SqliteLiveStore.open(tmp_path / "bot.sqlite3")

    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=name, locale=locale) for name, locale in NAMES]
        store = await open_store()
        async with running_bot(fake, store) as bot:
            world = World(fake, bot, store, guild, members)
            _, lobby = await open_lobby(world, {"rules": "classic"})
            table_id = table_id_of(lobby)
            for member in members[1:]:
                await (await fake.click(member, lobby, f"mj1:{table_id}:0:join")).wait_done()
            await (await fake.click(members[0], lobby, f"mj1:{table_id}:0:start")).wait_done()
            rng = random.Random(9)
            for _ in range(12):
                await play_one_move(world, table_id, lobby, rng)
            before = await table_state(store, table_id)
        await store.close()
        store = await open_store()
        try:
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, members)  # no private message is current any more
                assert await table_state(store, table_id) == before
                for _ in range(6):
                    await play_one_move(world, table_id, lobby, rng)
                after = await table_state(store, table_id)
                assert load_round(after).actions[: len(load_round(before).actions)] == load_round(before).actions
                assert len(load_round(after).actions) > len(load_round(before).actions)
                assert fake.violations == []
        finally:
            if backend == "redis":
                for key in await store.keys(""):
                    found = await store.read(key)
                    if found is not None:
                        await store.delete(key, found.version)
            await store.close()


def _pung_and_chow_window(state, hand):
    if hand.phase is not Phase.CLAIM or len(hand.awaiting()) != 2:
        return False
    kinds = {seat: {a.kind for a in hand.legal_actions(seat) if isinstance(a, Claim)} for seat in hand.awaiting()}
    return any(ClaimKind.PUNG in k for k in kinds.values()) and any(
        ClaimKind.CHOW in k and ClaimKind.PUNG not in k for k in kinds.values()
    )


async def test_two_claims_sent_at_once_are_resolved_by_priority(world):
    _, lobby, table_id = await start_with_four_members(world, {"rules": "classic"})
    state, hand = await play_until(world, table_id, lobby, random.Random(5), _pung_and_chow_window)
    pung_seat = next(seat for seat in hand.awaiting() if Claim(seat, ClaimKind.PUNG) in hand.legal_actions(seat))
    chow_seat = next(seat for seat in hand.awaiting() if seat != pung_seat)
    chow = next(a for a in hand.legal_actions(chow_seat) if isinstance(a, Claim) and a.kind is ClaimKind.CHOW)
    await shown(lobby, f"mj1:{table_id}:{state.step}:claim")
    panels = {}
    for seat in (pung_seat, chow_seat):  # each opens their claim choices from the table's Claim button
        opened = await world.fake.click(member_at(world, state, seat), lobby, f"mj1:{table_id}:{state.step}:claim")
        await opened.wait_done()
        assert opened.response.ephemeral
        panels[seat] = opened.response
    # the chow is shown on its tiles: a section of the run's three emojis, the button beside it
    chow_id = button_text(state, hand, chow)
    section = next(c for c in panels[chow_seat].iter_components() if c.get("accessory", {}).get("custom_id") == chow_id)
    (run,) = section["components"]
    tiles = [Tile(chow.chow_base + step) for step in range(3)]
    assert run["type"] == 10 and re.findall(r"<:(\w+):\d+>", run["content"]) == [emoji_name(t, "en") for t in tiles]
    clicks = await asyncio.gather(
        world.fake.click(member_at(world, state, chow_seat), panels[chow_seat], button_text(state, hand, chow)),
        world.fake.click(
            member_at(world, state, pung_seat),
            panels[pung_seat],
            button_text(state, hand, Claim(pung_seat, ClaimKind.PUNG)),
        ),
    )
    for click in clicks:
        await click.wait_done()
    after = load_round(await table_state(world.store, table_id))
    assert after.phase is Phase.DISCARD and after.turn == pung_seat
    assert after.view(None).seats[pung_seat].melds[-1].kind.value == "pung"
    assert world.fake.violations == []


def _humans_window(state, hand):
    return hand.phase is Phase.CLAIM


async def test_pass_by_everyone_closes_the_claim_window_before_its_deadline(world):
    _, lobby, table_id = await start_with_four_members(world, {"rules": "classic"})
    state, hand = await play_until(world, table_id, lobby, random.Random(8), _humans_window)
    discarder = hand.view(None).last_discard[0]
    claim = await shown(lobby, f"mj1:{table_id}:{state.step}:claim")
    for seat in hand.awaiting():
        opened = await world.fake.click(member_at(world, state, seat), lobby, claim)
        await opened.wait_done()
        passed = await world.fake.click(
            member_at(world, state, seat), opened.response, f"mj1:{table_id}:{state.step}:p"
        )
        await passed.wait_done()
    after = await table_state(world.store, table_id)
    round_after = load_round(after)
    assert round_after.phase is Phase.DISCARD and round_after.turn == (discarder + 1) % 4
    assert [a.text() for a in round_after.actions[len(hand.actions) : len(hand.actions) + len(hand.awaiting())]] == [
        f"{seat} p" for seat in hand.awaiting()
    ]
    assert after.deadline is not None and after.deadline > world.bot.clock() + 60  # a new turn's, not the window's


def _two_humans_window(state, hand):
    return hand.phase is Phase.CLAIM and len(hand.awaiting()) >= 2


async def test_a_pass_in_a_window_still_open_redraws_only_the_passers_hand(world):
    """Who answered a claim window stays secret, so the table and the other claimers' hands look the same
    after a pass: the bot redraws neither (each costs a picture and a request), and their buttons still
    play, since an answer does not move the table's step."""
    _, lobby, table_id = await start_with_four_members(world, {"rules": "classic"})
    state, hand = await play_until(world, table_id, lobby, random.Random(8), _two_humans_window)
    claim = await shown(lobby, f"mj1:{table_id}:{state.step}:claim")
    first, second = hand.awaiting()[:2]
    panels = {}
    for seat in (first, second):
        opened = await world.fake.click(member_at(world, state, seat), lobby, claim)
        await opened.wait_done()
        panels[seat] = opened.response
    table_edits, other_edits = lobby.edits, panels[second].edits
    passed = await world.fake.click(member_at(world, state, first), panels[first], f"mj1:{table_id}:{state.step}:p")
    await passed.wait_done(quiet=0.5)
    assert "mj1:" in "".join(panels[first].custom_ids()) and panels[first].edits >= 1
    assert (lobby.edits, panels[second].edits) == (table_edits, other_edits)
    assert load_round(await table_state(world.store, table_id)).awaiting() == hand.awaiting()[1:]
    again = await world.fake.click(member_at(world, state, second), panels[second], f"mj1:{table_id}:{state.step}:p")
    await again.wait_done()
    assert second not in load_round(await table_state(world.store, table_id)).awaiting()
    assert world.fake.violations == []


async def test_claim_without_a_legal_claim_and_a_stale_button_are_refused_privately(world):
    _, lobby, table_id = await start_with_four_members(world, {"rules": "classic"})
    rng = random.Random(2)
    state, hand = await play_until(world, table_id, lobby, rng, _humans_window)
    idle = next(seat for seat in range(4) if seat not in hand.awaiting() and seat != hand.view(None).last_discard[0])
    before = await world.store.read(f"table:{table_id}")
    claim = await shown(lobby, f"mj1:{table_id}:{state.step}:claim")
    asked = await world.fake.click(member_at(world, state, idle), lobby, claim)
    await asked.wait_done()
    assert (
        asked.response.ephemeral and "prendre" in asked.response.text().lower()
    ) or "nothing to claim" in asked.response.text()
    assert await world.store.read(f"table:{table_id}") == before
    waiting = hand.awaiting()[0]
    opened = await world.fake.click(member_at(world, state, waiting), lobby, claim)
    await opened.wait_done()
    old_panel = opened.response
    old_pass = f"mj1:{table_id}:{state.step}:p"
    await play_one_move(world, table_id, lobby, rng)
    await play_one_move(world, table_id, lobby, rng)
    moved = await world.store.read(f"table:{table_id}")
    stale = await world.fake.forge_component(member_at(world, state, waiting), old_panel, old_pass)
    await stale.wait_done()
    answer = stale.followups[-1]
    assert answer.ephemeral and ("no longer current" in answer.text() or "plus à jour" in answer.text())
    assert await world.store.read(f"table:{table_id}") == moved


async def test_the_commands_are_synced_with_french_names_and_answer_in_the_members_language(world):
    synced = {command["name"]: command for command in world.fake.commands}
    group = synced["mahjong"]
    subcommands = {option["name"]: option for option in group["options"]}
    assert {"new", "rules", "help", "score"} <= set(subcommands)
    assert subcommands["new"]["name_localizations"]["fr"] == "nouvelle"
    assert subcommands["new"]["description_localizations"]["fr"].startswith("Ouvrir")
    alice, bob = world.members[0], world.members[1]  # French, English
    aide = await world.fake.slash(alice, world.guild.text_channel, "mahjong help")
    await aide.wait_done()
    pages = " ".join(message.text() for message in [aide.response, *aide.followups])
    assert aide.response.ephemeral and "Jouer au mahjong" in pages and "Pour aller plus loin" in pages
    scored = await world.fake.slash(
        bob, world.guild.text_channel, "mahjong score", {"hand": "234m [777z] (2222s) 456p 99s", "win": "9s"}
    )
    await scored.wait_done()
    assert scored.response.ephemeral and "Score" in scored.response.text()
    wrong = await world.fake.slash(bob, world.guild.text_channel, "mahjong score", {"hand": "11111m"})
    await wrong.wait_done()
    assert wrong.response.ephemeral and wrong.response.text()
    assert world.fake.violations == []


async def test_a_member_forging_another_members_private_buttons_plays_nothing_of_theirs(world):
    _, lobby, table_id = await start_with_four_members(world, {"rules": "classic"})
    state = await table_state(world.store, table_id)
    hand = load_round(state)
    on_turn = member_at(world, state, hand.turn)
    other = next(member for member in world.members if member.id != on_turn.id)
    hand_button = await shown(lobby, f"mj1:{table_id}:{state.step}:hand")
    opened = await world.fake.click(on_turn, lobby, hand_button)
    await opened.wait_done()
    before = await world.store.read(f"table:{table_id}")
    edits = opened.response.edits
    for custom_id in opened.response.custom_ids():
        forged = await world.fake.forge_component(other, opened.response, custom_id)
        await forged.wait_done()
        answer = forged.followups[-1]
        assert answer.ephemeral and answer.visible_to == other.id
        assert "another member" in answer.text() or "autre membre" in answer.text()
    assert await world.store.read(f"table:{table_id}") == before
    assert opened.response.edits == edits  # the owner's message was never touched


async def test_a_hint_on_request_and_a_double_click_that_applies_once(world):
    _, lobby, table_id = await start_with_four_members(world, {"rules": "classic"})
    state = await table_state(world.store, table_id)
    hand = load_round(state)
    member = member_at(world, state, hand.turn)
    opened = await world.fake.click(member, lobby, await shown(lobby, f"mj1:{table_id}:{state.step}:hand"))
    await opened.wait_done()
    panel = opened.response
    hint = await world.fake.click(member, panel, f"mj1:{table_id}:{state.step}:hint")
    await hint.wait_done()
    assert panel.text().count("\n") >= 1 and ("Hint:" in panel.text() or "Conseil :" in panel.text())
    assert "hint" in panel.attachments[0].description.lower() or "conseil" in panel.attachments[0].description.lower()
    before = load_round(await table_state(world.store, table_id))
    discard = f"mj1:{table_id}:{state.step}:d:0"
    first, second = await asyncio.gather(
        world.fake.click(member, panel, discard), world.fake.click(member, panel, discard)
    )
    await first.wait_done()
    await second.wait_done()
    after = load_round(await table_state(world.store, table_id))
    assert len(after.actions) == len(before.actions) + 1  # nobody else has played: one discard, once
    assert after.actions[-1].text().startswith(f"{hand.turn} d ")
    refused = [click for click in (first, second) if click.followups]
    assert len(refused) == 1 and refused[0].followups[-1].ephemeral


async def test_table_options_reach_the_rules_and_impossible_ones_are_refused_privately(world):
    refused = await world.fake.slash(
        world.members[1], world.guild.text_channel, "mahjong new", {"rules": "hongkong", "jokers": True}
    )
    await refused.wait_done()
    assert refused.response.ephemeral and "classic" in refused.response.text()
    assert world.fake.threads == []
    _, lobby = await open_lobby(
        world, {"rules": "hongkong", "minimum_fan": 1, "seven_pairs": True, "players": 3, "length": "one_wind"}
    )
    state = await table_state(world.store, table_id_of(lobby))
    rules = state.settings.rules
    assert (rules.minimum_fan, rules.seven_pairs, rules.players, rules.length) == (1, True, 3, "one_wind")
    assert "min 1 fan" in lobby.text() and "3)" in lobby.text()

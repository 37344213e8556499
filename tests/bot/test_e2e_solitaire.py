"""The solitaire end to end: discord.py's real gateway and HTTP code against the fake Discord, the real
bot under a fake clock, members playing through the select of pairs and the buttons of their private
game message; results read back from the ledger file, the daily post watched across midnight,
restarts and two processes on one Redis."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import re
import string
import uuid
from collections.abc import AsyncIterator
from datetime import date
from functools import partial
from typing import Any

import discord
import pytest

from bot.app import create_bot
from bot.solitaire.custom_ids import pair_value, parse_custom_id
from core.solitaire.play import lost_cause
from core.solitaire.service import daily_deal
from core.solitaire.state import SolitaireState
from data.live import LiveStore
from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from data.solitaire_ledger import Board, SolitaireResult
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.solitaire.deal import deal_for_seed
from game.solitaire.game import Game
from game.solitaire.prng import Xoshiro128
from game.solitaire.replay import replay
from game.solitaire.score import solitaire_score
from tests.bot.e2e_helpers import application_on, assert_card, bot_settings, wait_until
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

MIDNIGHT = 1_741_910_400.0  # 2025-03-14 00:00 UTC
DAY = date(2025, 3, 14)
ADMIN = discord.Permissions(manage_guild=True).value


class FakeClock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@contextlib.asynccontextmanager
async def solitaire_bot(
    fake: FakeDiscord, store: LiveStore, clock: FakeClock, path: Any, *, tick: float = 0.02, **options: Any
) -> AsyncIterator[Any]:
    """The bot from ``create_bot`` on the fake, its clock the test's; ``options``: ``application_on``'s
    other levers (the tables' seeds)."""
    settings = bot_settings(fake.token, str(path))
    async with application_on(settings, store, clock=clock, tick=tick, **options) as application:
        bot = create_bot(settings, application, guild_ready_timeout=0.05, heartbeat_timeout=1e9, upload_emojis=False)
        task = asyncio.create_task(bot.start(fake.token))
        try:
            await fake.wait_ready(bot)
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)


@contextlib.asynccontextmanager
async def world(tmp_path, now: float = MIDNIGHT + 3600) -> AsyncIterator[tuple[Any, ...]]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="en-US")
        bob = fake.add_member(guild, name="Bob", locale="fr")
        path = tmp_path / "bot.sqlite3"
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(now)
        try:
            async with solitaire_bot(fake, store, clock, path) as bot:
                yield fake, guild, alice, bob, store, clock, path, bot
        finally:
            await store.close()
        assert fake.violations == []


async def command(fake, who, channel, name: str, options: dict | None = None):
    interaction = await fake.slash(who, channel, name, options or {})
    await interaction.wait_done(quiet=0.05)
    return interaction


def select_with(message, value: str) -> str:
    """The custom id of the select of ``message`` that offers ``value``."""
    for select in message.selects():
        if any(option["value"] == value for option in select["options"]):
            return select["custom_id"]
    raise AssertionError(f"no select offers {value}: {[s['custom_id'] for s in message.selects()]}")


def button(message, verb: str) -> str:
    return next(custom_id for custom_id in message.custom_ids() if custom_id.split(":")[4:5] == [verb])


async def settled(interaction, message, before: int):
    """Waits until the bot edited ``message`` (it draws off the event loop, then edits) or answered."""
    await wait_until(
        partial(_async, lambda: message.edits != before or interaction.followups), what="the game message to change"
    )
    await interaction.wait_done(quiet=0.02)
    return interaction


async def pick(fake, who, message, a: int, b: int):
    before = message.edits
    chosen = await fake.select(who, message, select_with(message, pair_value(a, b)), [pair_value(a, b)])
    return await settled(chosen, message, before)


async def press(fake, who, message, verb: str):
    before = message.edits
    pressed = await fake.click(who, message, button(message, verb))
    return await settled(pressed, message, before)


async def results(path, board: Board, guild_id: int):
    ledger = await SqliteSolitaireLedger.open(path)
    try:
        return await ledger.leaderboard(guild_id, board, 50)
    finally:
        await ledger.close()


async def stored(path, result_id: str) -> SolitaireResult | None:
    ledger = await SqliteSolitaireLedger.open(path)
    try:
        return await ledger.result(result_id)
    finally:
        await ledger.close()


def answer(interaction):
    """The private answer to an interaction: a followup after a deferred update, else the response."""
    return interaction.followups[-1] if interaction.followups else interaction.response


async def refusal(interaction):
    """Waits for the private refusal of a forged interaction (the response itself, or a followup to a
    deferred update: the bot reads the store before it knows) and returns it."""
    await wait_until(
        partial(_async, lambda: interaction.followups or interaction.ack_type == 4),
        what=f"an answer to {interaction.name!r}",
    )
    await interaction.wait_done(quiet=0.02)
    reply = answer(interaction)
    assert reply.ephemeral
    return reply


def game_id(message) -> str:
    return next(parse_custom_id(c).game for c in message.custom_ids() if c.startswith(("mjs1:d:", "mjs1:f:")))


async def test_a_daily_game_cleared_through_the_menu_is_recorded_with_its_score_recomputed(tmp_path):
    async with world(tmp_path) as (fake, guild, alice, _, _, clock, path, _):
        opened = await command(fake, alice, guild.text_channel, "solitaire daily")
        assert opened.ack_type == 5 and opened.ack_seconds < 3
        message = opened.response
        assert message.ephemeral and "Daily solitaire 2025-03-14" in message.text()
        assert message.attachments and "free" in message.attachments[0].description
        assert_card(message)
        assert all(len(select["options"]) <= 25 for select in message.selects())
        deal = daily_deal(DAY, None)
        for a, b in deal.solution:
            clock.now += 2
            chosen = await pick(fake, alice, message, a, b)
            assert chosen.ack_type == 6 and chosen.ack_seconds < 3 and not chosen.followups
        assert "Board cleared" in message.text() and "72 pairs" in message.text()
        assert_card(message)
        assert "**9,856 points**".replace(",", "\u202f") in message.text()  # 7 200 + 2 800 − 144 s
        kept = await stored(path, game_id(message))
        assert kept is not None and kept.cleared and kept.score == solitaire_score(72, True, 0, 144) == 9856
        recomputed = replay(deal.board(), kept.moves)  # the SPEC §5 move log as stored replays to it
        assert recomputed.cleared and recomputed.score(kept.seconds) == kept.score
        board = await command(fake, alice, guild.text_channel, "solitaire leaderboard")
        assert not board.response.ephemeral
        assert "1. Alice — 9\u202f856 (2:24) ✓" in board.response.text()
        assert "Alice: rank 1 of 1" in board.response.text()
        again = await press(fake, alice, message, "again")
        assert again.ack_type == 6 and "0/72 pairs" in message.text() and game_id(message) != kept.result_id


async def test_illegal_forged_foreign_and_replayed_picks_are_refused_privately_and_change_nothing(tmp_path):
    async with world(tmp_path) as (fake, guild, alice, bob, store, _, _, _):
        message = (await command(fake, alice, guild.text_channel, "solitaire free", {"seed": 7})).response
        deal = deal_for_seed(7)
        key = f"solitaire:{guild.id}:{alice.id}:free"
        version = (await store.read(key)).version
        select = message.selects()[0]["custom_id"]
        board = deal.board()
        free = board.free_ids()
        covered = next(i for i in range(144) if board.layout.above[i] and not board.is_free(i))
        unmatched = next((a, b) for a in free for b in free if a < b and (a, b) not in board.matching_free_pairs())
        forged = {
            pair_value(free[0], covered): "is not free:",
            pair_value(*unmatched): "do not match",
            "150-151": "There is no tile 150",
            "7": "not a pair of tiles",
        }
        for value, reason in forged.items():
            refused = await fake.forge_component(alice, message, select, component_type=3, values=[value])
            reply = await refusal(refused)
            assert refused.followups and reason in reply.text(), (value, reply.text())
        assert (await store.read(key)).version == version  # nothing written
        a, b = deal.solution[0]
        stale = select
        await pick(fake, alice, message, a, b)
        version = (await store.read(key)).version
        replayed = await fake.forge_component(
            alice, message, stale, component_type=3, values=[pair_value(*deal.solution[1])]
        )
        assert "no longer current" in (await refusal(replayed)).text()
        foreign = await fake.forge_component(bob, message, button(message, "undo"))
        assert "appartient à un autre membre" in (await refusal(foreign)).text()
        unknown = await fake.forge_component(alice, message, "mjs1:f:zzzz:0:undo")
        assert "not one of this bot's" in (await refusal(unknown)).text()
        assert (await store.read(key)).version == version
        assert (await store.read(f"solitaire:{guild.id}:{bob.id}:free")) is None


async def test_undo_pause_and_the_clock_under_a_fake_clock(tmp_path):
    async with world(tmp_path) as (fake, guild, alice, _, _, clock, path, _):
        message = (await command(fake, alice, guild.text_channel, "solitaire free", {"seed": 7})).response
        a, b = deal_for_seed(7).solution[0]
        clock.now += 10
        await pick(fake, alice, message, a, b)
        assert "1/72 pairs · 0 undos · 0:10" in message.text()
        clock.now += 5
        await press(fake, alice, message, "undo")
        assert "0/72 pairs · 1 undo · 0:15" in message.text() and "back (−20)" in message.text()
        clock.now += 5
        await press(fake, alice, message, "pause")
        assert "Paused" in message.text() and not message.attachments and not message.selects()
        clock.now += 3600  # away for an hour: none of it counts
        await press(fake, alice, message, "resume")
        assert "0:20" in message.text() and message.attachments and message.selects()
        clock.now += 1000  # no move for longer than the idle pause: the board hides itself
        await wait_until(partial(_async, lambda: "Paused" in message.text()), what="the idle pause")
        assert not message.attachments and "2:20" in message.text()
        clock.now += 50
        await press(fake, alice, message, "finish")
        assert "Finish: sure?" in [b.label for b in message.buttons()]
        await press(fake, alice, message, "finish")
        assert "Game finished" in message.text() and "→ **0 points**" in message.text()
        kept = await stored(path, game_id(message))
        assert kept is not None and (kept.pairs, kept.undos, kept.seconds, kept.score) == (0, 1, 140, 0)
        assert await results(path, Board("free"), guild.id) == []  # a zero score is not listed


def stuck_path(seed: int) -> list[tuple[int, int]]:
    """Pairs that, taken in this order from the start, leave no pair, the position before the last one
    already lost in the solver's eyes (a seeded random player's game, the first such one)."""
    deal = deal_for_seed(seed)
    rng = Xoshiro128.from_seed(b"e2e-stuck")
    for _ in range(500):
        board, path = deal.board(), []
        while board.matching_free_pairs():
            pairs = board.matching_free_pairs()
            path.append(pairs[rng.below(len(pairs))])
            board = board.remove(*path[-1])
        if not board.cleared:
            before = replay(deal.board(), path[:-1]).board
            if lost_cause(before):
                return path
    raise AssertionError(f"no random game of deal {seed} got stuck on a lost position")


async def test_a_stuck_board_ends_the_game_and_a_lost_one_says_so_first(tmp_path):
    async with world(tmp_path) as (fake, guild, alice, _, _, clock, path, _):
        message = (await command(fake, alice, guild.text_channel, "solitaire free", {"seed": 11})).response
        moves = stuck_path(11)
        for a, b in moves[:-1]:
            clock.now += 1
            await pick(fake, alice, message, a, b)
        assert "can no longer be cleared" in message.text()
        await pick(fake, alice, message, *moves[-1])
        assert "No pair is left: the game is over" in message.text()
        kept = await stored(path, game_id(message))
        assert kept is not None and not kept.cleared and kept.pairs == len(moves)


async def test_a_hint_in_free_play_and_none_in_the_daily(tmp_path):
    async with world(tmp_path) as (fake, guild, alice, bob, _, _, _, _):
        message = (await command(fake, alice, guild.text_channel, "solitaire free", {"seed": 7})).response
        hinted = await press(fake, alice, message, "hint")
        assert hinted.ack_seconds < 3 and "Hint:" in message.text() and "keeps the board clearable" in message.text()
        daily = (await command(fake, bob, guild.text_channel, "solitaire daily")).response
        assert "Solitaire du jour" in daily.text() and "Conseil" not in [b.label for b in daily.buttons()]
        forged_hint = daily.custom_ids()[-1].rsplit(":", 1)[0] + ":hint"
        refused = await fake.forge_component(bob, daily, forged_hint)
        assert "conseils sont pour le jeu libre" in (await refusal(refused)).text()


async def test_a_game_left_open_continues_from_the_next_command(tmp_path):
    async with world(tmp_path) as (fake, guild, alice, _, _, _, _, _):
        first = (await command(fake, alice, guild.text_channel, "solitaire daily")).response
        a, b = daily_deal(DAY, None).solution[0]
        await pick(fake, alice, first, a, b)
        later = (await command(fake, alice, guild.text_channel, "solitaire daily")).response
        assert later.id != first.id and "1/72 pairs" in later.text() and game_id(later) == game_id(first)
        assert "goes on where you left it" in later.text()
        await command(fake, alice, guild.text_channel, "solitaire free", {"seed": 7})
        refused = await command(fake, alice, guild.text_channel, "solitaire free", {"seed": 8})
        assert "deal 7 open" in refused.response.text()


def honest_result(
    result_id: str, member: Any, guild: Any, pairs: int, seconds: int, day: date | None, at: float
) -> SolitaireResult:
    deal = deal_for_seed(3)
    game = Game.start(deal, at, idle_pause=10_000)
    for x, y in deal.solution[:pairs]:
        game = game.select(x, at).select(y, at)
    game = game.finish(at + seconds).finish(at + seconds)
    return SolitaireResult.of(result_id, guild.id, member.id, member.name, "daily" if day else "free", day, game, at)


async def test_leaderboard_order_ties_pseudonyms_and_stats(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        members = [fake.add_member(guild, name=f"P{n:02d}") for n in range(12)]
        path = tmp_path / "bot.sqlite3"
        ledger = await SqliteSolitaireLedger.open(path)
        try:
            # P00..P10 score 100 × n − 10 on the day; P11 ties P05 later; P00 scores nothing (not listed)
            for n, member in enumerate(members[:11]):
                await ledger.record(honest_result(f"r{n:07d}", member, guild, n, 10, DAY, MIDNIGHT + n))
            await ledger.record(honest_result("r0000011", members[11], guild, 5, 10, DAY, MIDNIGHT + 50))
            await ledger.record(honest_result("r0000012", members[3], guild, 9, 10, None, MIDNIGHT))
        finally:
            await ledger.close()
        store = await SqliteLiveStore.open(path)
        try:
            async with solitaire_bot(fake, store, FakeClock(MIDNIGHT + 3600), path):
                caller = members[11]
                named = await command(fake, caller, guild.text_channel, "solitaire name", {"pseudonym": "Late Tie"})
                assert named.response.ephemeral and "**Late Tie**" in named.response.text()
                bad = await command(fake, caller, guild.text_channel, "solitaire name", {"pseudonym": "@everyone"})
                assert "2 to 32 letters" in bad.response.text()
                taken = await command(fake, members[0], guild.text_channel, "solitaire name", {"pseudonym": "admin"})
                assert "**admin**" in taken.response.text()
                for lookalike, said in (
                    ("аdmin", "too close to one another player"),
                    ("Anonymous player", "name shown"),
                ):
                    refused = await command(
                        fake, members[1], guild.text_channel, "solitaire name", {"pseudonym": lookalike}
                    )
                    assert refused.response.ephemeral and said in refused.response.text()  # P01 stays P01, below
                board = (
                    await command(fake, caller, guild.text_channel, "solitaire leaderboard", {"date": "2025-03-14"})
                ).response
                lines = [line for line in board.text().splitlines() if re.match(r"\d+\. ", line)]
                assert lines[0].startswith("1. P10 — 990") and lines[4].startswith("5. P06 — 590")
                assert lines[5].startswith("6. P05 — 490") and lines[6].startswith("7. Late Tie — 490")
                assert "11 ranked · page 1/2" in board.text() and "P00" not in board.text()
                assert "Late Tie: rank 7 of 11 · 490" in board.text()
                turned = await fake.click(members[1], board, board.custom_ids()[1])
                await turned.wait_done(quiet=0.05)
                assert "page 2/2" in fake.message(board.id).text() and "11. P01 — 90" in fake.message(board.id).text()
                free = (
                    await command(fake, caller, guild.text_channel, "solitaire leaderboard", {"board": "free"})
                ).response
                assert "1. P03 — 890" in free.text() and "Late Tie: not ranked yet" in free.text()
                for wrong in ("2025-02-30", "2099-01-01", "yesterday"):
                    refused = await command(fake, caller, guild.text_channel, "solitaire leaderboard", {"date": wrong})
                    assert refused.response.ephemeral and "YYYY-MM-DD" in refused.response.text()
                stats = await command(fake, caller, guild.text_channel, "solitaire stats", {"member": members[3]})
                assert stats.response.ephemeral and "**P03**" in stats.response.text()
                assert_card(stats.response)
                assert "2 games · 0 cleared" in stats.response.text() and "best free: 890" in stats.response.text()
                assert "Daily streak: 1 day in a row" in stats.response.text()
        finally:
            await store.close()
        assert fake.violations == []


async def _async(check) -> bool:
    return bool(check())


async def _store_says(store, key: str, message_id: int) -> bool:
    found = await store.read(key)
    return found is not None and found.document["message"] == message_id


def posts(fake, channel) -> list[Any]:
    return [m for m in fake.channel_messages(channel) if not m.ephemeral and "mjs1:play" in m.custom_ids()]


async def test_the_daily_post_at_midnight_once_across_a_restart_and_catching_up(tmp_path):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        admin = fake.add_member(guild, name="Ada", permissions=ADMIN)
        bob = fake.add_member(guild, name="Bob", locale="fr")
        path = tmp_path / "bot.sqlite3"
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(MIDNIGHT + 86_400 - 120)  # 23:58 UTC on the 14th
        channel = guild.text_channel
        try:
            async with solitaire_bot(fake, store, clock, path):
                refused = await command(fake, bob, channel, "solitaire config", {"channel": channel})
                assert refused.response.ephemeral and "gèrent le serveur" in refused.response.text()
                await asyncio.sleep(0.1)
                assert posts(fake, channel) == []
                configured = await command(fake, admin, channel, "solitaire config", {"channel": channel})
                assert f"<#{channel.id}>" in configured.response.text()
                await wait_until(partial(_async, lambda: posts(fake, channel)), what="today's post")
                first = posts(fake, channel)[0]
                assert "2025-03-14" in first.text() and first.attachments
                # Bob plays from the post's button, and scores on the 14th
                played = await fake.click(bob, first, "mjs1:play")
                await played.wait_done(quiet=0.05)
                game = played.response
                assert game.ephemeral and "Solitaire du jour 2025-03-14" in game.text()
                for a, b in daily_deal(DAY, None).solution[:4]:
                    await pick(fake, bob, game, a, b)
                clock.now += 30
                await press(fake, bob, game, "finish")
                await press(fake, bob, game, "finish")
                clock.now = MIDNIGHT + 86_400  # 00:00:00 UTC on the 15th
                await wait_until(partial(_async, lambda: len(posts(fake, channel)) == 2), what="the midnight post")
                second = posts(fake, channel)[1]
                assert "2025-03-15" in second.text() and "1. Bob — 370" in second.text()
                key = f"solitaire-post:{guild.id}:2025-03-15"
                await wait_until(partial(_store_says, store, key, second.id), what="the post marked as made")
                clock.now += 60
            async with solitaire_bot(fake, store, clock, path):  # a restart the same day: nothing again
                await asyncio.sleep(0.3)
                assert len(posts(fake, channel)) == 2
            # a process that died after posting, before marking it: the next one finds the post
            claim = await store.read(key)
            assert claim.document["message"] == second.id
            await store.write(key, claim.version, {**claim.document, "message": None})
            clock.now += 900
            async with solitaire_bot(fake, store, clock, path):
                await wait_until(partial(_store_says, store, key, second.id), what="the post found again")
                assert len(posts(fake, channel)) == 2
            clock.now = MIDNIGHT + 2 * 86_400 + 3 * 3600  # down over midnight: caught up at start
            async with solitaire_bot(fake, store, clock, path):
                await wait_until(partial(_async, lambda: len(posts(fake, channel)) == 3), what="the catch-up")
                assert "2025-03-16" in posts(fake, channel)[2].text()
                assert "Nobody played the deal of 2025-03-15." in posts(fake, channel)[2].text()
                stopped = await command(fake, admin, channel, "solitaire config", {"stop": True})
                assert "no more daily posts" in stopped.response.text()
                clock.now += 86_400
                await asyncio.sleep(0.3)
                assert len(posts(fake, channel)) == 3
        finally:
            await store.close()
        assert fake.violations == []


async def test_two_processes_on_one_redis_post_once(tmp_path):
    if os.environ.get("MAHJONG_SKIP_REDIS") == "1":
        pytest.skip("MAHJONG_SKIP_REDIS=1")
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    namespace = f"test-e2e-solitaire-{uuid.uuid4().hex}"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        path = tmp_path / "bot.sqlite3"
        ledger = await SqliteSolitaireLedger.open(path)
        await ledger.set_post_channel(guild.id, guild.text_channel.id)
        await ledger.close()
        stores = [RedisLiveStore.from_url(url, namespace=namespace) for _ in range(2)]
        clock = FakeClock(MIDNIGHT + 86_400 - 1)
        try:
            async with solitaire_bot(fake, stores[0], clock, path) as one:
                await wait_until(partial(_async, lambda: len(posts(fake, guild.text_channel)) == 1), what="a post")
                async with solitaire_bot(fake, stores[1], clock, path) as two:
                    assert one is not two
                    clock.now = MIDNIGHT + 86_400
                    await wait_until(
                        partial(_async, lambda: len(posts(fake, guild.text_channel)) == 2), what="the midnight post"
                    )
                    await asyncio.sleep(0.3)
                    # both processes went through the 15th's post; one of them made it
                    assert all((guild.id, date(2025, 3, 15)) in bot._services.daily_poster._done for bot in (one, two))
            assert len(posts(fake, guild.text_channel)) == 2
            assert [p.text().count("2025-03-15") > 0 for p in posts(fake, guild.text_channel)] == [False, True]
        finally:
            for key in await stores[0].keys(""):
                found = await stores[0].read(key)
                if found is not None:
                    await stores[0].delete(key, found.version)
            for store in stores:
                await store.close()
        assert fake.violations == []


async def test_the_solitaire_commands_are_synced_with_french_names(tmp_path):
    async with world(tmp_path) as (fake, *_):
        group = next(command for command in fake.commands if command["name"] == "solitaire")
        subcommands = {option["name"]: option for option in group["options"]}
        assert set(subcommands) == {"daily", "free", "leaderboard", "stats", "name", "config"}
        french = {name: option["name_localizations"]["fr"] for name, option in subcommands.items()}
        assert french == {
            "daily": "quotidien",
            "free": "libre",
            "leaderboard": "classement",
            "stats": "statistiques",
            "name": "pseudo",
            "config": "reglages",
        }
        seed = subcommands["free"]["options"][0]
        assert seed["name_localizations"]["fr"] == "numero" and seed["max_value"] == 2**53 - 1
        assert subcommands["daily"]["description_localizations"]["fr"].startswith("Jouer la donne du jour")
        assert group["description_localizations"]["fr"].startswith("Mahjong solitaire")


async def test_a_fuzzer_of_forged_ids_and_values_changes_nothing_and_every_one_is_answered_privately(tmp_path, caplog):
    rng = random.Random(12)
    async with world(tmp_path) as (fake, guild, alice, bob, store, _, _, _):
        message = (await command(fake, alice, guild.text_channel, "solitaire free", {"seed": 7})).response
        a, b = deal_for_seed(7).solution[0]
        await pick(fake, alice, message, a, b)
        key = f"solitaire:{guild.id}:{alice.id}:free"
        before = await store.read(key)
        valid = message.custom_ids()
        selects = [select["custom_id"] for select in message.selects()]
        game, step = game_id(message), before.document["step"]
        forgeries: list[tuple[Any, str, int, list[str] | None]] = []
        for _ in range(240):
            kind = rng.randrange(5)
            if kind == 0:  # a select of the game, values no menu offers
                values = rng.choice(
                    [
                        [f"{rng.randrange(300)}-{rng.randrange(300)}"],
                        [str(rng.randrange(99))],
                        ["".join(rng.choice("0123456789-x ") for _ in range(rng.randrange(12)))],
                        [pair_value(a, b)],
                        [f"{rng.randrange(144)}-{rng.randrange(144)}"] * 2,
                        [],
                    ]
                )
                forgeries.append((alice, rng.choice(selects), 3, values))
            elif kind == 1:  # a control of an older step, or of another game
                verb = rng.choice(["undo", "pause", "resume", "finish", "hint", "pair:0", "page:1"])
                other = rng.choice([f"{game}:{rng.randrange(step)}", f"zz{game[2:]}:{step}"])
                forgeries.append((alice, f"mjs1:f:{other}:{verb}", 2, None))
            elif kind == 2:  # another member presses the owner's components
                forgeries.append((bob, rng.choice(valid), 2, None))
            elif kind == 3:  # cut short or grown
                source = rng.choice(valid)
                text = source[: rng.randrange(len(source))] if rng.random() < 0.5 else source + ":" + "9" * 90
                forgeries.append((alice, text, 2, None))
            else:  # noise under the prefix
                noise = "".join(rng.choice(string.ascii_letters + string.digits + ":-é ") for _ in range(30))
                forgeries.append((alice, "mjs1:" + noise, 2, None))
        replies: list[str] = []
        for start in range(0, len(forgeries), 20):
            sent = [
                await fake.forge_component(who, message, custom_id, component_type=kind, values=values)
                for who, custom_id, kind, values in forgeries[start : start + 20]
            ]
            for interaction in sent:
                reply = await refusal(interaction)
                assert interaction.ack_seconds < 3 and reply.text(), interaction.name
                replies.append(reply.text())
        for reason in (
            "no longer current",
            "another of your games",
            "appartient à un autre membre",
            "not one of this bot's",
            "already been removed",
            "not a pair of tiles",
            "There is no tile",
        ):
            assert any(reason in reply for reply in replies), reason
        after = await store.read(key)
        assert after.version == before.version and after.document == before.document
        assert await store.read(f"solitaire:{guild.id}:{bob.id}:free") is None
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("bot")]


async def test_a_result_a_killed_process_left_pending_is_recorded_when_the_bot_starts(tmp_path):
    """A game ended in the live state whose ledger write never came (its process killed in between):
    the next bot to start records it, though its member never opens that game again."""
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice")
        started = Game.start(deal_for_seed(7), 1_700_000_000.0)
        ended = started.finish(started.clock.last_activity + 30).finish(started.clock.last_activity + 30)
        left = SolitaireState("pend1ng0", guild.id, alice.id, "Alice", "free", None, ended, 2)
        assert left.pending
        store = await SqliteLiveStore.open(path)
        try:
            assert await store.create(left.key, left.to_document())
            assert await stored(path, left.id) is None
            async with solitaire_bot(fake, store, FakeClock(MIDNIGHT + 3600), path):

                async def recorded() -> bool:
                    found = await store.read(left.key)
                    return found is not None and found.document["recorded"] is True

                await wait_until(recorded, what="the pending result recorded at start")
            kept = await stored(path, left.id)
            assert kept is not None and (kept.member_id, kept.kind) == (alice.id, "free")
        finally:
            await store.close()

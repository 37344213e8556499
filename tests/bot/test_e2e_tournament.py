"""A tournament on Discord end to end (SPEC §9, issue 46), against the fake Discord with a fake clock: an
organiser (Manage Server) creates it, sixteen members join from the sign-up post's button, fourteen check
in (two never do), the organiser starts it; each round's tables open as threads in the channel, mentioning
the members they seat; a member leaves after round 1 (a computer plays their seats); the bot is stopped
and started again between rounds; the members never move, so the clock plays their seats. Each round's
standings are posted once and the podium at the end, nothing twice across the restart; the final
standings equal those recomputed from the ledger's hands; a member without Manage Server cannot start it."""

from __future__ import annotations

import asyncio
import itertools
import re
from typing import Any

import discord
import pytest

from core.tournaments.standings import TableResult, standings
from core.tournaments.tournament import Tournament
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import wait_until as wait_until_async
from tests.bot.test_e2e_solitaire import FakeClock, command, solitaire_bot
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

MANAGE = discord.Permissions(manage_guild=True).value
START = 1_767_225_600.0  # 2026-01-01 00:00 UTC


def tournament_bot(fake: FakeDiscord, store: Any, clock: FakeClock, path: Any, seeds: Any) -> Any:
    """The bot on the fake under the test's clock, its tables dealt the walls of ``seeds``."""
    return solitaire_bot(fake, store, clock, path, tick=0.01, make_seed=lambda: next(seeds))


async def tournament_of(bot: Any, tournament_id: str) -> Tournament:
    found = await bot.core.tournaments.read(tournament_id)
    assert found is not None
    return found.tournament


async def play_until(store: Any, clock: FakeClock, bot: Any, tournament_id: str, done: Any) -> Tournament:
    """The clock jumps to each next deadline (the members never move: the clock plays their seats, then a
    computer), a second at least, until ``done`` says so of the tournament."""
    for _ in range(20_000):
        made = await tournament_of(bot, tournament_id)
        if done(made):
            return made
        following = await store.next_deadline()
        # a second at least: a stopped process's lease on the table clock runs out as it would
        clock.now = max(clock.now + 1, following or 0)
        await asyncio.sleep(0.01)
    states = [await bot.core.tables.read(table.table_id or "") for table in made.round_tables(made.round)]
    shown = [(found.state.status, found.state.wake_at) if found else None for found in states]
    due = await store.due(clock.now + 1, 10)
    raise AssertionError(f"stuck: round {made.round}, {made.status}, {shown}, now {clock.now}, due {due}")


async def wait_until(predicate: Any, what: str, timeout: float = 20.0) -> None:
    async def holds() -> bool:
        return bool(predicate())

    await wait_until_async(holds, timeout, what)


def standings_posts(fake: FakeDiscord, channel: Any) -> list[str]:
    texts = [message.text() for message in fake.channel_messages(channel, ephemeral=False)]
    return [text for text in texts if text.startswith(("Standings of", "🏆"))]


async def test_a_tournament_of_sixteen_members_over_four_rounds_through_a_restart(tmp_path):
    path = tmp_path / "bot.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        organiser = fake.add_member(guild, name="Olga", permissions=MANAGE)
        members = [fake.add_member(guild, name=f"Player {n:02}") for n in range(16)]
        channel = guild.text_channel
        store = await SqliteLiveStore.open(path)
        clock = FakeClock(START)
        seeds = itertools.count(500)
        try:
            async with tournament_bot(fake, store, clock, path, seeds) as bot:
                await fake.wait_commands_synced()
                created = await command(
                    fake,
                    organiser,
                    channel,
                    "mahjong tournament create",
                    {
                        "rules": "hongkong",
                        "rounds": 4,
                        "signup_minutes": 10,
                        "checkin_minutes": 10,
                        "length": "one_hand",
                        "title": "Winter cup",
                    },
                )
                assert "Winter cup is open for sign-up" in created.response.text()
                [post] = [m for m in fake.channel_messages(channel, ephemeral=False) if "Winter cup" in m.text()]
                tournament_id = post.button(label="Join").custom_id.split(":")[1]
                for member in members:
                    click = await fake.click(member, post, post.button(label="Join").custom_id)
                    await click.wait_done(quiet=0.02)
                    assert "You are signed up for Winter cup" in click.response.text()
                again = await fake.click(members[0], post, post.button(label="Join").custom_id)
                await again.wait_done(quiet=0.02)
                assert "You are in this tournament already" in again.response.text()
                await wait_until(lambda: "Signed up (16)" in fake.message(post.id).text(), what="the post counts 16")

                clock.now += 10 * 60  # sign-up closes: check-in
                for member in members[:14]:
                    click = await fake.click(member, post, post.button(label="Check in").custom_id)
                    await click.wait_done(quiet=0.02)
                    assert "You are checked in" in click.response.text()
                refused = await command(fake, members[0], channel, "mahjong tournament start")
                assert "Only members who can manage this server" in refused.response.text()
                started = await command(fake, organiser, channel, "mahjong tournament start")
                assert "Winter cup has started" in started.response.text()

                made = await play_until(
                    store, clock, bot, tournament_id, lambda t: all(x.table_id for x in t.round_tables(1))
                )
                assert len(made.players) == 14 and len(made.round_tables(1)) == 4  # two computer seats
                assert set(made.players) == {member.id for member in members[:14]}
                await wait_until(
                    lambda: len(fake.threads) == 4 and all(len(fake.channel_messages(t)) >= 2 for t in fake.threads),
                    what="round 1's threads, each with its notice and its table message",
                )
                first_threads = list(fake.threads)
                mentioned = set()
                for thread in first_threads:
                    notice = fake.channel_messages(thread)[0]
                    mentioned |= {int(found) for found in re.findall(r"<@(\d+)>", notice.text())}
                assert mentioned == set(made.players)

                after_one = await play_until(store, clock, bot, tournament_id, lambda t: t.round == 2)
                leaver = members[3]
                left = await command(fake, leaver, channel, "mahjong tournament leave")
                assert "a computer plays your seats" in left.response.text()
            # the process stops between rounds; a new one takes up where it was
            async with tournament_bot(fake, store, clock, path, seeds) as bot:
                over = await play_until(store, clock, bot, tournament_id, lambda t: t.status == "over")
                await wait_until(
                    lambda: any(p.startswith("🏆") for p in standings_posts(fake, channel)), what="the podium"
                )
                await fake.wait_idle(quiet=0.3)
                posts = standings_posts(fake, channel)
                assert [p.splitlines()[0] for p in posts] == [
                    "Standings of Winter cup after round 1 of 4",
                    "Standings of Winter cup after round 2 of 4",
                    "Standings of Winter cup after round 3 of 4",
                    "🏆 Final standings of Winter cup",
                ]
                assert len(fake.threads) == 16
                assert leaver.id in over.absent and after_one.round == 2

                ledger = await SqliteLedger.open(path)
                try:
                    hands = await ledger.hands(guild.id, limit=1000)
                finally:
                    await ledger.close()
                results = []
                for table in over.tables:
                    own = sorted(
                        (hand for hand in hands if hand.table_id == table.table_id), key=lambda hand: hand.number
                    )
                    assert own, f"table {table.table_id} has no hand in the ledger"
                    results.append(TableResult(table.round, table.numbers, tuple(tuple(hand.payments) for hand in own)))
                assert over.shown_standings() == standings(results)
                podium = posts[-1].splitlines()
                best = over.shown_standings()[0]
                assert over.name_of(over.players[best.player]) in podium[1]
        finally:
            await store.close()
        assert fake.violations == []

"""A 200-player tournament on one host (issue 46): the real bot on the fake Discord, in this process.

    .venv/bin/python benchmarks/tournament_round.py [--players 200] [--seconds 60] [--store sqlite|redis]

An organiser creates a Hong Kong tournament with ``/mahjong tournament create``; the members press Join on
its sign-up post, then Check in (twenty at a time, as a crowd would); the organiser starts it. Measured:

- the round's opening: from the start command's acknowledgement to every table of round 1 opened in the
  store (the core: the schedule, 50 tables dealt), then to every table's thread posted with its notice and
  its table message (the Discord side: threads, pictures drawn, messages sent);
- acknowledgements (the fake's, from the interaction sent to the bot's first response) of the Join and
  Check in presses, and, while the round is played for ``--seconds`` (computers 1.2 s apart, as the
  product's live timings say), of members
  the members playing their tables by their buttons (My hand, then their move, what a basic player would);
- the table messages edited in that window and the process's CPU per edit.

The page's frames are not in it: the members play on Discord here (``benchmarks/table_page.py`` measures
the page's move → frame). Seeded: the members' presses (``--seed``) and the walls.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import logging
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402

from bot.app import create_bot  # noqa: E402
from data.live_redis import RedisLiveStore  # noqa: E402
from data.live_sqlite import SqliteLiveStore  # noqa: E402
from tests.bot.e2e_helpers import World, application_on, bot_settings, play_one_move  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

MANAGE = discord.Permissions(manage_guild=True).value
CROWD = 20  # presses sent at once


class ShiftedClock:
    """The wall clock, moved on by the benchmark past the sign-up and check-in windows."""

    def __init__(self) -> None:
        self.shift = 0.0

    def __call__(self) -> float:
        return time.time() + self.shift


def progress(step: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {step}", file=sys.stderr, flush=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def summary(name: str, seconds: list[float]) -> str:
    ms = [value * 1000 for value in seconds]
    p50, p99 = statistics.median(ms), percentile(ms, 0.99)
    return f"{name}: n={len(ms)} p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(ms):.1f} ms"


async def presses(fake: FakeDiscord, who: list[Any], message: Any, custom_id: str) -> list[float]:
    """``who`` press ``custom_id`` on ``message``, ``CROWD`` at once; their acknowledgements' seconds."""
    acks: list[float] = []
    for start in range(0, len(who), CROWD):
        sent = [await fake.click(member, message, custom_id) for member in who[start : start + CROWD]]
        for interaction in sent:
            await interaction.wait_ack(timeout=30)
            acks.append(interaction.ack_seconds)
        for interaction in sent:
            await interaction.wait_done(quiet=0.01, timeout=30)
            answer = interaction.response.text() if interaction.response is not None else ""
            if not answer.startswith("You are"):  # refused: the benchmark's crowd must all get in
                raise SystemExit(f"a press was refused: {answer!r}")
    return acks


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tournament-round-"))
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        organiser = fake.add_member(guild, name="Olga", permissions=MANAGE)
        members = [fake.add_member(guild, name=f"Player {n:03}") for n in range(args.players)]
        channel = guild.text_channel
        store: Any
        if args.store == "redis":
            store = RedisLiveStore.from_url("redis://127.0.0.1:6379/0", namespace=f"bench-{os.getpid()}")
        else:
            store = await SqliteLiveStore.open(folder / "bot.sqlite3")
        clock = ShiftedClock()
        seeds = itertools.count(args.seed * 1000)
        settings = bot_settings(fake.token, str(folder / "bot.sqlite3"), drawing_processes=1)
        try:
            async with application_on(settings, store, clock=clock, make_seed=lambda: next(seeds)) as application:
                bot = create_bot(
                    settings, application, guild_ready_timeout=0.05, heartbeat_timeout=1e9, upload_emojis=False
                )
                task = asyncio.create_task(bot.start(fake.token))
                try:
                    await fake.wait_ready(bot)
                    await fake.wait_commands_synced()
                    await measure(fake, bot, store, clock, organiser, members, channel, rng, args)
                finally:
                    await bot.close()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await asyncio.wait_for(task, 5)
        finally:
            await store.close()


async def measure(
    fake: FakeDiscord,
    bot: Any,
    store: Any,
    clock: ShiftedClock,
    organiser: Any,
    members: list[Any],
    channel: Any,
    rng: random.Random,
    args: argparse.Namespace,
) -> None:
    created = await fake.slash(
        organiser,
        channel,
        "mahjong tournament create",
        {"rules": "hongkong", "rounds": 4, "signup_minutes": 1, "checkin_minutes": 1, "title": "Bench cup"},
    )
    await created.wait_done(quiet=0.05)
    [post] = [m for m in fake.channel_messages(channel, ephemeral=False) if "Bench cup" in m.text()]
    tournament_id = post.button(label="Join").custom_id.split(":")[1]
    progress("joining")
    joins = await presses(fake, members, post, post.button(label="Join").custom_id)
    progress("checking in")
    clock.shift += 60  # sign-up closes
    checkins = await presses(fake, members, post, post.button(label="Check in").custom_id)
    threads_before = len(fake.threads)
    progress("starting")
    started = await fake.slash(organiser, channel, "mahjong tournament start")
    await started.wait_ack(timeout=30)
    acked = time.perf_counter()
    tables = args.players // 4 + (args.players % 4 > 0)
    core_open = discord_open = None
    give_up = acked + 60
    while discord_open is None:
        if time.perf_counter() > give_up:
            threads = fake.threads[threads_before:]
            shown = sum(len(fake.channel_messages(thread)) >= 2 for thread in threads)
            raise SystemExit(f"round 1 not open after 60 s: core {core_open}, {len(threads)} threads, {shown} shown")
        if core_open is None:
            found = await bot.core.tournaments.read(tournament_id)
            if (
                found is not None
                and all(table.table_id for table in found.tournament.round_tables(1))
                and found.tournament.round_tables(1)
            ):
                core_open = time.perf_counter() - acked
        threads = fake.threads[threads_before:]
        if len(threads) == tables and all(len(fake.channel_messages(thread)) >= 2 for thread in threads):
            discord_open = time.perf_counter() - acked
        await asyncio.sleep(0.02)
    print(f"{args.players} players, {tables} tables, store {args.store}")
    print(f"round 1 open: core {core_open:.2f} s, Discord (threads, notices, table messages) {discord_open:.2f} s")
    print(summary("Join acks", joins))
    print(summary("Check in acks", checkins))
    print(f"the sign-up post edited {fake.message(post.id).edits} times for {2 * len(members)} presses")

    table_message = {}
    for thread in fake.threads[threads_before:]:
        message = fake.channel_messages(thread)[1]
        table_message[message.custom_ids()[0].split(":")[1]] = message
    world = World(fake, bot, store, None, members)
    edits_before = sum(message.edits for message in table_message.values())
    first = len(fake.interactions)
    cpu_before = time.process_time()
    end = time.perf_counter() + args.seconds

    async def play(table_id: str, message: Any, seed: int) -> None:
        """The table's members play what a basic player would, by their buttons, 1 to 4 s after it
        waits for them (as ``benchmarks/load.py``'s live members); computers play between."""
        player_rng = random.Random(seed)
        while time.perf_counter() < end:
            await asyncio.sleep(player_rng.uniform(1.0, 4.0))
            with contextlib.suppress(AssertionError):  # the table moved on under the member: look again
                await play_one_move(world, table_id, message, player_rng)

    await asyncio.gather(
        *(play(table_id, message, rng.randrange(2**32)) for table_id, message in table_message.items())
    )
    cpu = time.process_time() - cpu_before
    edits = sum(message.edits for message in table_message.values()) - edits_before
    acks = [i.ack_seconds for i in fake.interactions[first:] if i.ack_seconds is not None]
    print(summary(f"acks of the members' presses (My hand and moves) while {tables} tables play", acks))
    print(f"table messages edited in {args.seconds:.0f} s: {edits} ({edits / args.seconds:.1f}/s)")
    per_edit = cpu / max(1, edits) * 1000
    print(f"CPU {per_edit:.1f} ms an edit (this one process: the bot, the fake Discord and the members)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--store", choices=("sqlite", "redis"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)  # what goes wrong in the bot, beside the figures
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()

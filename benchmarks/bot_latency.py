"""How fast the bot answers a click: from the interaction reaching the bot to its acknowledgement, and
to the updated table message, over seeded hands played by four members on the fake Discord.

    .venv/bin/python benchmarks/bot_latency.py [--hands 2] [--seed 7] [--store sqlite|redis]

Every member plays what a basic player would by clicking the button of that move on their private
hand message (the real path: gateway event, discord.py dispatch, the desk, the service on the store,
the engine and Pillow in worker threads, REST calls back to the fake). Times are loop time on the
fake's side, median and 99th percentile over every play click.
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import random
import statistics
import sys
import tempfile
import uuid

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from data.live_redis import RedisLiveStore
from data.live_sqlite import SqliteLiveStore
from tests.bot.e2e_helpers import World, play_one_move, running_bot, table_id_of, table_state
from tests.fakediscord import FakeDiscord

TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def measure(hands: int, seed: int, backend: str) -> dict[str, list[float]]:
    acks: list[float] = []
    tables: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        if backend == "redis":
            store = RedisLiveStore.from_url("redis://127.0.0.1:6379/0", namespace=f"bench-{uuid.uuid4().hex}")
        else:
            store = await SqliteLiveStore.open(pathlib.Path(folder) / "bench.sqlite3")
        async with FakeDiscord() as fake:
            guild = fake.add_guild(name="Bench")
            members = [fake.add_member(guild, name=f"Player {n}", locale="en-US") for n in range(1, 5)]
            async with running_bot(fake, store) as bot:
                world = World(fake, bot, store, guild, members)
                rng = random.Random(seed)
                for _ in range(hands):
                    command = await fake.slash(
                        members[0], guild.text_channel, "mahjong new", {"rules": "classic", "length": "one_hand"}
                    )
                    await command.wait_done()
                    thread = fake.threads[-1]
                    lobby = fake.channel_messages(thread.id)[-1]
                    table_id = table_id_of(lobby)
                    for member in members[1:]:
                        await (await fake.click(member, lobby, f"mj1:{table_id}:0:join")).wait_done()
                    await (await fake.click(members[0], lobby, f"mj1:{table_id}:0:start")).wait_done()
                    world.hands.clear()
                    while (await table_state(store, table_id)).status == "playing":
                        calls_before = len(fake.calls)
                        await play_one_move(world, table_id, lobby, rng)
                        clicked = fake.interactions[-1]
                        acks.append(clicked.ack_seconds)
                        edit = next(
                            (
                                call
                                for call in fake.calls[calls_before:]
                                if call.key == TABLE_EDIT and call.url.endswith(f"/{lobby.id}")
                            ),
                            None,
                        )
                        if edit is not None:
                            tables.append(edit.at - clicked.dispatched_at)
        await store.close()
    return {"ack": acks, "table": tables}


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms over {len(ordered)} clicks"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--store", choices=("sqlite", "redis", "both"), default="both")
    args = parser.parse_args()
    stores = ("sqlite", "redis") if args.store == "both" else (args.store,)
    medians = {}
    for store in stores:  # the same seeded hands on each store, one after the other in this run
        figures = asyncio.run(measure(args.hands, args.seed, store))
        medians[store] = statistics.median(figures["table"])
        print(f"{store}: click → acknowledgement: {summary(figures['ack'])}")
        print(f"{store}: click → updated table message: {summary(figures['table'])}")
    if len(medians) == 2:
        print(f"updated table message, Redis / embedded SQLite: {medians['redis'] / medians['sqlite']:.2f}×")


if __name__ == "__main__":
    main()

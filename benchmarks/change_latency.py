"""From a table's change to everything it causes being shown, at live tables: in one bot process, and across
two shard processes on one Redis.

    .venv/bin/python benchmarks/change_latency.py [--tables 100] [--members 3] [--duration 60] [--warmup 10]

Each table seats ``--members`` members and computers (basic) in the other seats, classic rules, four wind
rounds, the product's live timings (computers 1.2 s apart). Each member opens their private hand once and
plays from it: when it shows their turn or a claim window they press the drawn tile, or Pass, 2 to 4 s
later (seeded). A table changes by the members' clicks and by the clock (the computers' moves).

A change is done when the table message shows it (its first edit at that step or a later one) and every
private hand it concerns shows it too (the member's seat is awaited after the change or was before it, or
a hand was dealt or ended). The time runs from the moment the bot published the change (``CHANGE_LOG`` of
``tests/bot/run_against_fake.py``: one line per change, stamped with the process's monotonic clock, which
the fake Discord's shares) to the later of those requests reaching the fake Discord.

- "one process": the bot as ``mahjong-bot run`` runs it, on the embedded store.
- "two processes on Redis": half the tables' servers on each shard; the process of shard 0 starts first
  and holds the table clock. Each process edits the messages of its own shards' tables; a computer's move
  at a table of shard 1 is made by the process of shard 0, and the hands there, whose interaction tokens
  the process of shard 1 holds, are refreshed by that process once it hears of the change from Redis
  (reported on their own line).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pathlib
import random
import re
import sys
import tempfile
import uuid
from dataclasses import dataclass, field
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import redis.asyncio as aioredis  # noqa: E402

from tests.fakediscord import FakeDiscord  # noqa: E402

REDIS_URL = "redis://127.0.0.1:6379/0"
TABLES_PER_GUILD = 50
TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
HAND_EDIT = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
SHOWN_CHANGES = ("dealt", "played", "hand_over", "seat")  # those that change what the table shows
EVERY_HAND = ("dealt", "hand_over")


@dataclass
class Member:
    who: Any
    rng: random.Random
    seat: int = -1
    hand: Any = None
    acted: set[int] = field(default_factory=set)


@dataclass
class Table:
    guild: Any
    members: list[Member]
    shard: int
    table_id: str = ""
    message_id: int = 0


async def start_process(fake: FakeDiscord, folder: pathlib.Path, name: str, **extra: str) -> Any:
    environment = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "FAST_TABLES")}
    environment.update(
        DISCORD_TOKEN=fake.token,
        FAKE_DISCORD_API=f"http://{fake.host}:{fake.port}/api/v10",
        FAKE_DISCORD_GATEWAY=fake.gateway_url,
        PYTHONPATH=str(ROOT),
        FIRST_SEED="2000",
        DATABASE_PATH=str(folder / "bot.sqlite3"),
        LOG_LEVEL="WARNING",
        CHANGE_LOG=str(folder / f"changes-{name}.jsonl"),
        **extra,
    )
    with open(folder / f"bot-{name}.log", "wb") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "tests" / "bot" / "run_against_fake.py"), cwd=folder, env=environment,
            stdout=log, stderr=log,
        )  # fmt: skip


async def stop(process: Any) -> None:
    if process.returncode is None:
        process.send_signal(2)
        try:
            await asyncio.wait_for(process.wait(), 30)
        except TimeoutError:
            process.kill()
            await process.wait()


def steps_of(components: Any) -> list[int]:
    return [
        int(button["custom_id"].split(":")[2])
        for row in components or []
        for button in row.get("components", [])
        if str(button.get("custom_id", "")).startswith("mj1:")
    ]


async def until(predicate: Any, timeout: float = 60.0) -> Any:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(0.02)
    raise TimeoutError("waited too long")


def answered(interaction: Any) -> Any:
    return interaction.response if interaction.response is not None and not interaction.response.loading else None


async def open_table(fake: FakeDiscord, table: Table, store: Any) -> None:
    host = table.members[0].who
    opened = await fake.slash(
        host, table.guild.text_channel, "mahjong new",
        {"rules": "classic", "length": "four_winds", "computers": 4 - len(table.members), "level": "basic"},
    )  # fmt: skip
    await opened.wait_ack(30)
    answer = await until(lambda: answered(opened))
    thread_id = int(re.search(r"<#(\d+)>", answer.content)[1])
    lobby = await until(lambda: next((m for m in fake.channel_messages(thread_id) if m.custom_ids()), None))
    table.table_id = lobby.custom_ids()[0].split(":")[1]
    table.message_id = lobby.id
    for member in table.members[1:]:
        await (await fake.click(member.who, fake.message(lobby.id), f"mj1:{table.table_id}:0:join")).wait_ack(30)
    await until(lambda: not fake.message(lobby.id).button(label="Start").disabled)
    await (await fake.click(host, fake.message(lobby.id), f"mj1:{table.table_id}:0:start")).wait_ack(30)
    button = await until(lambda: next((c for c in fake.message(lobby.id).custom_ids() if c.endswith(":hand")), None))
    seats = (await store.read(f"table:{table.table_id}")).document["seats"]
    for member in table.members:
        shown = await fake.click(member.who, fake.message(lobby.id), button)
        await shown.wait_ack(30)
        member.hand = await until(lambda shown=shown: answered(shown))
        member.seat = next(index for index, seat in enumerate(seats) if seat["member"] == member.who.id)


async def play(fake: FakeDiscord, member: Member, stop_at: float) -> None:
    """The member presses the drawn tile, or Pass, on their hand, 2 to 4 s after it asks them to."""
    loop = asyncio.get_running_loop()
    while loop.time() < stop_at:
        hand = fake.message(member.hand.id)
        enabled = [button for button in hand.buttons() if not button.disabled and button.custom_id.startswith("mj1:")]
        choice = next((b for b in enabled if b.custom_id.endswith(":p")), None) or next(
            (b for b in reversed(enabled) if ":d:" in b.custom_id), None
        )
        step = int(choice.custom_id.split(":")[2]) if choice else -1
        if choice is None or step in member.acted:
            await asyncio.sleep(0.05)
            continue
        member.acted.add(step)
        await asyncio.sleep(member.rng.uniform(2.0, 4.0))
        current = fake.message(member.hand.id)
        if choice.custom_id in current.custom_ids():
            with contextlib.suppress(Exception):
                await fake.click(member.who, current, choice.custom_id)


def hand_message_of(interaction: Any) -> int | None:
    """The message an interaction's ``@original`` is: the hand its component is on (a click on the hand,
    answered by updating it), or its own answer (My hand)."""
    if interaction.message is not None and interaction.message.ephemeral:
        return int(interaction.message.id)
    return None if interaction.response is None else int(interaction.response.id)


def measure(fake: FakeDiscord, tables: list[Table], changes: list[dict[str, Any]], start: float, end: float,
            clock_pid: int | None) -> dict[str, Any]:  # fmt: skip
    by_table = {table.table_id: table for table in tables}
    by_message = {table.message_id: table for table in tables}
    by_hand = {member.hand.id: member for table in tables for member in table.members}
    shown_table: dict[str, list[tuple[float, int]]] = {table.table_id: [] for table in tables}
    shown_hand: dict[int, list[tuple[float, int]]] = {member.hand.id: [] for member in by_hand.values()}
    for call in fake.calls:
        steps = steps_of((call.json or {}).get("components")) if isinstance(call.json, dict) else []
        if not steps or call.status >= 300:
            continue
        if call.key == TABLE_EDIT and int(call.params["message_id"]) in by_message:
            shown_table[by_message[int(call.params["message_id"])].table_id].append((call.at, min(steps)))
        elif call.key == HAND_EDIT and call.interaction is not None:
            edited = hand_message_of(call.interaction)
            if edited in shown_hand:
                shown_hand[edited].append((call.at, min(steps)))
    before: dict[str, tuple[int, ...]] = {}
    latencies: dict[str, list[float]] = {"all": [], "hands refreshed by the other process": []}
    unshown = 0
    for change in sorted(changes, key=lambda line: line["at"]):
        table = by_table.get(change["table"])
        if table is None:
            continue
        waiting = tuple(change["waiting"] or ())
        waited, before[table.table_id] = before.get(table.table_id, ()), waiting
        if change["happened"] not in SHOWN_CHANGES or not start <= change["at"] <= end:
            continue
        at, step = change["at"], change["step"]
        times = [next((t for t, shown in shown_table[table.table_id] if t >= at and shown >= step), None)]
        concerned = [
            member
            for member in table.members
            if change["happened"] in EVERY_HAND or member.seat in waiting or member.seat in waited
        ]
        for member in concerned:
            times.append(next((t for t, shown in shown_hand[member.hand.id] if t >= at and shown >= step), None))
        if any(t is None for t in times):
            unshown += 1
            continue
        done = max(t for t in times if t is not None) - at
        latencies["all"].append(done)
        if clock_pid is not None and concerned and change["pid"] == clock_pid and table.shard == 1:
            latencies["hands refreshed by the other process"].append(done)
    return {"latencies": latencies, "unshown": unshown}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def run(args: argparse.Namespace, processes: int) -> dict[str, Any]:
    namespace = f"bench-changes-{uuid.uuid4().hex}"
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        async with FakeDiscord() as fake:
            rng = random.Random(args.seed)
            quota = {0: (args.tables + 1) // 2, 1: args.tables // 2}  # tables per shard
            tables: list[Table] = []
            while len(tables) < args.tables:
                guild = fake.add_guild(name=f"Club {len(fake.guilds)}")
                shard = (guild.id >> 22) % 2
                count = min(TABLES_PER_GUILD, quota[shard])
                quota[shard] -= count
                for _ in range(count):
                    members = [
                        Member(fake.add_member(guild, name=f"M{len(tables):03d}-{seat}"), random.Random(rng.random()))
                        for seat in range(args.members)
                    ]
                    tables.append(Table(guild, members, shard))
            started: list[Any] = []
            redis = aioredis.Redis.from_url(REDIS_URL, decode_responses=True)
            clock_pid = None
            try:
                if processes == 1:
                    started.append(await start_process(fake, folder, "single"))
                    await fake.wait_ready(timeout=60)
                    from data.live_sqlite import SqliteLiveStore

                    store: Any = await SqliteLiveStore.open(folder / "bot.sqlite3")
                else:
                    shards = {"REDIS_URL": REDIS_URL, "TEST_REDIS_NAMESPACE": namespace, "SHARD_COUNT": "2"}
                    started.append(await start_process(fake, folder, "shard0", SHARD_IDS="0", **shards))
                    lease = f"{{{namespace}}}:lease:table-clock"
                    await until(lambda: len([s for s in fake.gateway.live_sessions() if s.ready]) >= 1)
                    for _ in range(600):
                        if await redis.hget(lease, "holder"):
                            break
                        await asyncio.sleep(0.05)
                    clock_pid = started[0].pid
                    started.append(await start_process(fake, folder, "shard1", SHARD_IDS="1", **shards))
                    await until(lambda: len([s for s in fake.gateway.live_sessions() if s.ready]) >= 2)
                    from data.live_redis import RedisLiveStore

                    store = RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
                await fake.wait_commands_synced(timeout=60)
                opening = asyncio.Semaphore(8)

                async def opened(table: Table) -> None:
                    async with opening:
                        await open_table(fake, table, store)

                await asyncio.gather(*(opened(table) for table in tables))
                loop = asyncio.get_running_loop()
                start = loop.time() + args.warmup
                end = start + args.duration
                await asyncio.gather(*(play(fake, member, end) for table in tables for member in table.members))
                await asyncio.sleep(3)  # what the last changes cause
                changes = []
                for path in folder.glob("changes-*.jsonl"):
                    changes += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
                figures = measure(fake, tables, changes, start, end - 3, clock_pid)
                figures["violations"] = len(fake.violations)
                figures["changes_per_s"] = len(figures["latencies"]["all"]) / args.duration
                await store.close()
                return figures
            finally:
                for process in started:
                    await stop(process)
                names = [key async for key in redis.scan_iter(match=f"{{{namespace}*")]
                if names:
                    await redis.delete(*names)
                await redis.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--members", type=int, default=3, choices=(1, 2, 3, 4))
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    results = {}
    for processes, label in ((1, "one process (embedded store)"), (2, "two processes on Redis")):
        results[label] = asyncio.run(run(args, processes))
    print(f"{args.tables} live tables ({args.members} members each), {args.duration:.0f} s measured")
    print(f"{'':42} {'changes/s':>9} {'n':>6} {'p50 ms':>8} {'p99 ms':>8} {'unshown':>8}")
    for label, figures in results.items():
        for part, values in figures["latencies"].items():
            if not values:
                continue
            name = label if part == "all" else f"  of which {part}"
            rate = f"{figures['changes_per_s']:.1f}" if part == "all" else ""
            unshown = str(figures["unshown"]) if part == "all" else ""
            print(
                f"{name:42} {rate:>9} {len(values):>6} {quantile(values, 0.5) * 1e3:>8.0f} "
                f"{quantile(values, 0.99) * 1e3:>8.0f} {unshown:>8}"
            )
        print(f"{'':42} violations of Discord's rules: {figures['violations']}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, default=float, indent=1))


if __name__ == "__main__":
    main()

"""The bot under load: seeded simulated members playing many tables at once against one bot process.

    .venv/bin/python benchmarks/load.py --tables 1000 --live 100 [--solitaire 50] [--duration 120]
    .venv/bin/python benchmarks/load.py --sizes 50,200,1000        # the three sizes side by side
    .venv/bin/python benchmarks/load.py --sizes 50 --store redis   # the same on Redis (127.0.0.1:6379)

The bot is the real ``mahjong-bot run`` in its own process (``tests/bot/run_against_fake.py``, the
product's default timings: a live turn 60 s, claims 15 s, computers 1.2 s apart, asynchronous turns
12 h); the fake Discord and the simulated members run in this process, on loopback. Per size, a fresh
fake and bot process: ``N`` tables are opened through ``/mahjong new`` (one thread each, 50 tables per
server), ``M`` of them live (``--live-humans`` members clicking what a basic player would, 1 to 4 s
after the table changed), the others asynchronous (``--async-humans`` members, each moving about every
``--async-every`` seconds, so they mostly sit idle), plus ``S`` solitaire games played a pair every 2 to
5 s. After a warm-up, ``--duration`` seconds are measured:

- acknowledgement: from the interaction leaving the fake to the bot's initial response (every click);
- updated table: from a play click to the edit of the table message showing a later step (clicks that
  leave the table as it was, a pass in a claim window still open, are not counted); for solitaire the
  edit of the board;
- CPU seconds per hand: the bot process's user+system CPU over the window (everything it did: live,
  asynchronous and solitaire) divided by the hands played in it (table steps played ÷ steps per hand);
- resident memory per open table: the bot's RSS with the tables open minus before any, over ``N``;
- requests per second to Discord: those bound to the global limit (everything but interaction callbacks
  and interaction webhooks), mean and worst 1 s, against Discord's 50/s; per channel, the worst 5 s of
  message creates+edits in one channel (a table's thread) against the 5 per 5 s of the message routes.

With ``--web-players P``, the bot also serves the solitaire page on ``WEB_PORT`` and ``P`` web players
(``benchmarks/web_page.py``'s, in a process of their own, each on its own loopback address) remove a
pair every 2 to 5 s beside the tables; their pick → answer p50 / p99 is printed with the size's
figures. With ``--web-process`` as well, the page is served by ``mahjong-bot web`` in a process of its
own on the bot's store (its SQLite file, or Redis), as README's "the page in its own process" says,
and that process's CPU is printed too.

Seeded: members' delays and choices (``--seed``) and the tables' deals (``FIRST_SEED``); the order in
which the bot interleaves them is not. ``PROFILE_TO=path`` with ``--profile`` writes the bot process's
cProfile stats at its exit (``python -m pstats path``).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import math
import os
import pathlib
import random
import re
import signal
import statistics
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from benchmarks.page_server import start_page  # noqa: E402
from bot.solitaire.custom_ids import pair_value  # noqa: E402
from core.tables.rounds import load_round  # noqa: E402
from core.tables.state import TableState  # noqa: E402
from data.live_redis import RedisLiveStore  # noqa: E402
from data.live_sqlite import SqliteLiveStore  # noqa: E402
from game.players.basic import BasicPlayer  # noqa: E402
from game.solitaire.deal import deal_for_seed  # noqa: E402
from tests.bot.e2e_helpers import button_text, free_port  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

REDIS_URL = "redis://127.0.0.1:6379/0"
TABLES_PER_GUILD = 50
TABLE_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
MESSAGE_ROUTES = {"POST /channels/{channel_id}/messages", TABLE_EDIT}
BOARD_EDIT = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
GLOBAL_LIMIT = 50.0  # requests per second per bot (interaction endpoints excepted)
CHANNEL_LIMIT = (5, 5.0)  # message creates/edits per channel: 5 per 5 s
STEP = re.compile(r"^mj1:[^:]+:(\d+):")
THREAD = re.compile(r"<#(\d+)>")


@dataclass
class Click:
    kind: str  # live | async | solitaire | hand (opening My hand)
    interaction: Any
    table: Table | None = None
    step: int = -1


@dataclass
class Table:
    index: int
    live: bool
    guild: Any
    members: list[Any]
    rng: random.Random
    table_id: str = ""
    message: Any = None
    hands: dict[int, Any] = field(default_factory=dict)
    scheduled: set[tuple[int, int]] = field(default_factory=set)
    first_step: int = 0
    hand_started: tuple[int, int] | None = None  # (hand number, step) when this driver saw it begin
    replayed: tuple[tuple[int, int], Any] | None = None  # the last hand replayed, by (hand number, actions)

    def round_of(self, state: TableState) -> Any:
        """The hand in play, replayed once per change: the drivers read it every time the table moves,
        and the replay is the simulator's own cost, not the bot's."""
        key = (state.hand_number, len(state.hand["actions"]) if state.hand else -1)
        if self.replayed is None or self.replayed[0] != key:
            self.replayed = (key, load_round(state))
        return self.replayed[1]


@dataclass
class Run:
    fake: FakeDiscord
    store: Any
    clicks: list[Click] = field(default_factory=list)
    measuring: bool = False
    steps_per_hand: list[int] = field(default_factory=list)
    player: BasicPlayer = field(default_factory=BasicPlayer)
    failures: int = 0

    def record(self, click: Click) -> None:
        if self.measuring:
            self.clicks.append(click)


# --- the bot process ------------------------------------------------------------------------------------


def proc_cpu(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu(pid: int) -> float:
    """The CPU of the bot's child processes (the drawing workers, and multiprocessing's resource tracker)."""
    total = 0.0
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            with contextlib.suppress(OSError):
                total += proc_cpu(int(child))
    return total


def proc_rss(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def start_bot(
    fake: FakeDiscord, folder: pathlib.Path, store: str, namespace: str, profile: str | None, web_port: int | None
) -> asyncio.subprocess.Process:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("KILL_AT", "FAST_TABLES", "REDIS_URL", "PROFILE_TO", "CLOCK_LEASE")
    }
    environment.update(
        DISCORD_TOKEN=fake.token,
        FAKE_DISCORD_API=f"http://{fake.host}:{fake.port}/api/v10",
        FAKE_DISCORD_GATEWAY=fake.gateway_url,
        PYTHONPATH=str(ROOT),
        FIRST_SEED="1000",
        DATABASE_PATH=str(folder / "bot.sqlite3"),
        LOG_LEVEL="WARNING",
    )
    if store == "redis":
        environment.update(REDIS_URL=REDIS_URL, TEST_REDIS_NAMESPACE=namespace)
    if profile:
        environment["PROFILE_TO"] = profile
    if web_port is not None:  # the solitaire page from the bot's own process, beside the tables
        environment["WEB_PORT"] = str(web_port)
    log = open(folder / "bot.log", "wb")  # noqa: SIM115 (the process owns it)
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "tests" / "bot" / "run_against_fake.py"),
        cwd=folder,
        env=environment,
        stdout=log,
        stderr=log,
    )


async def start_page_on_bots_store(folder: pathlib.Path, store: str, port: int) -> asyncio.subprocess.Process:
    """``mahjong-bot web`` on the bot's stores, answering on ``port`` once this returns."""
    settings = {"DATABASE_PATH": str(folder / "bot.sqlite3"), "LOG_LEVEL": "WARNING"}
    if store == "redis":
        settings["REDIS_URL"] = REDIS_URL
    if "DATABASE_URL" in os.environ:  # the bot's ledgers are wherever the environment it inherits puts them
        settings["DATABASE_URL"] = os.environ["DATABASE_URL"]
    return await start_page(folder, port, settings)


# --- members --------------------------------------------------------------------------------------------


async def settled(interaction: Any, timeout: float = 30.0) -> Any:
    """The interaction acknowledged and its 'thinking' answer filled in (no quiet spell waited for)."""
    await interaction.wait_ack(timeout)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while interaction.response is not None and interaction.response.loading and loop.time() < end:
        await asyncio.sleep(0.02)
    return interaction


async def open_table(run: Run, table: Table, computers: int, channel: Any, length: str) -> None:
    fake = run.fake
    host = table.members[0]
    command = await fake.slash(
        host,
        channel,
        "mahjong new",
        {"rules": "classic", "length": length, "speed": "live" if table.live else "async", "computers": computers},
    )
    await settled(command, 60)
    thread_id = int(THREAD.search(command.response.content).group(1))
    lobby = next(m for m in fake.channel_messages(thread_id) if m.custom_ids())
    table.message = lobby
    table.table_id = next(c.split(":")[1] for c in lobby.custom_ids() if c.startswith("mj1:"))
    for member in table.members[1:]:
        await settled(await fake.click(member, lobby, f"mj1:{table.table_id}:0:join"), 60)
    for _ in range(1200):  # the last join shown: Start enabled
        start = next((b.custom_id for b in lobby.buttons() if b.custom_id.endswith(":start") and not b.disabled), None)
        if start is not None:
            break
        await asyncio.sleep(0.05)
    await settled(await fake.click(host, lobby, start), 60)


async def read_state(run: Run, table: Table) -> TableState | None:
    found = await run.store.read(f"table:{table.table_id}")
    return None if found is None else TableState.from_document(found.document)


def step_of(message: Any) -> int:
    for custom_id in message.custom_ids():
        matched = STEP.match(custom_id)
        if matched:
            return int(matched.group(1))
    return -1


async def move(run: Run, table: Table, seat: int) -> None:
    """The member of ``seat`` plays what a basic player would through the button on their private hand
    message, opening it with My hand when they have none showing that button."""
    fake = run.fake
    state = await read_state(run, table)
    if state is None or state.status != "playing":
        return
    hand = table.round_of(state)
    if seat not in hand.awaiting():
        return
    member = next(m for m in table.members if m.id == state.seats[seat].member_id)
    action = run.player.choose(hand.view(seat), table.rng)
    wanted = button_text(state, hand, action)
    message = table.hands.get(member.id)
    for _ in range(20):  # the bot refreshes a live hand message after each change: give it a moment
        if message is not None and wanted in message.custom_ids():
            break
        await asyncio.sleep(0.05)
    else:
        my_hand = next((c for c in table.message.custom_ids() if c.endswith(":hand")), None)
        if my_hand is None:
            return
        opened = await fake.click(member, table.message, my_hand)
        run.record(Click("hand", opened, table))
        await settled(opened)
        message = opened.response
        table.hands[member.id] = message
        if message is None or wanted not in message.custom_ids():
            return  # the table moved on meanwhile: the driver looks again
    clicked = await fake.click(member, message, wanted)
    run.record(Click("live" if table.live else "async", clicked, table, state.step))


async def act_later(run: Run, table: Table, seat: int, delay: float) -> None:
    await asyncio.sleep(delay)
    try:
        await move(run, table, seat)
    except (TimeoutError, LookupError, StopIteration, RuntimeError):
        run.failures += 1


async def drive_live(run: Run, table: Table, stop: asyncio.Event) -> None:
    """Watches the table message; when it changes, each member the table waits for answers after a
    think time of 1 to 4 s (the next hand: one member presses Next after 2 to 5 s)."""
    tasks: set[asyncio.Task[None]] = set()
    try:
        await watch_live(run, table, stop, tasks)
    finally:
        for task in tasks:
            task.cancel()


async def watch_live(run: Run, table: Table, stop: asyncio.Event, tasks: set[asyncio.Task[None]]) -> None:
    seen = -1
    quiet_since = time.monotonic()
    while not stop.is_set():
        message = run.fake.message(table.message.id)
        if message.edits == seen and time.monotonic() - quiet_since < 3.0:
            await asyncio.sleep(0.1)
            continue
        seen, quiet_since = message.edits, time.monotonic()
        state = await read_state(run, table)
        if state is None or not state.is_open:
            return
        if state.status == "playing":
            if table.hand_started is None or table.hand_started[0] != state.hand_number:
                table.hand_started = (state.hand_number, state.step)
            hand = table.round_of(state)
            for seat in hand.awaiting():
                if state.seats[seat].computer is None and (state.step, seat) not in table.scheduled:
                    table.scheduled.add((state.step, seat))
                    task = asyncio.create_task(act_later(run, table, seat, table.rng.uniform(1.0, 4.0)))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
        elif state.status == "between":
            if table.hand_started is not None and table.hand_started[0] == state.hand_number:
                run.steps_per_hand.append(state.step - table.hand_started[1])
                table.hand_started = None
            following = next((c for c in message.custom_ids() if c.endswith(":next")), None)
            if following is not None and (state.step, -1) not in table.scheduled:
                table.scheduled.add((state.step, -1))
                task = asyncio.create_task(press_next(run, table, following, table.rng.uniform(2.0, 5.0)))
                tasks.add(task)
                task.add_done_callback(tasks.discard)


async def press_next(run: Run, table: Table, custom_id: str, delay: float) -> None:
    await asyncio.sleep(delay)
    with contextlib.suppress(Exception):
        clicked = await run.fake.click(table.members[0], run.fake.message(table.message.id), custom_id)
        run.record(Click("live" if table.live else "async", clicked, table, int(STEP.match(custom_id).group(1))))


async def drive_async(run: Run, table: Table, stop: asyncio.Event, every: float) -> None:
    """An asynchronous table: now and then (about every ``every`` s) the member it waits for moves."""
    while not stop.is_set():
        await asyncio.sleep(table.rng.expovariate(1.0 / every))
        state = await read_state(run, table)
        if state is None or not state.is_open:
            return
        if state.status == "playing":
            for seat in table.round_of(state).awaiting():
                if state.seats[seat].computer is None:
                    with contextlib.suppress(TimeoutError, LookupError, StopIteration):
                        await move(run, table, seat)
                    break


async def drive_solitaire(run: Run, member: Any, channel: Any, rng: random.Random, stop: asyncio.Event) -> None:
    """Free deals, one after the other, a pair of the deal's solution every 2 to 5 s."""
    fake = run.fake
    while not stop.is_set():
        seed = rng.randrange(1, 10**6)
        opened = await fake.slash(member, channel, "solitaire free", {"seed": seed})
        await settled(opened)
        message = opened.response
        for a, b in deal_for_seed(seed).solution:
            await asyncio.sleep(rng.uniform(2.0, 5.0))
            if stop.is_set():
                return
            value = pair_value(a, b)
            select = next(
                (s["custom_id"] for s in message.selects() if any(o["value"] == value for o in s["options"])), None
            )
            if select is None:
                break
            chosen = await fake.select(member, message, select, [value])
            run.record(Click("solitaire", chosen))
            await settled(chosen)
            for _ in range(100):  # the board edited before the next pick
                if any(call.key == BOARD_EDIT for call in chosen.calls):
                    break
                await asyncio.sleep(0.05)


async def steps_per_hand(hands: int, first_seed: int = 1000) -> float:
    """The table steps a hand of four members playing as the simulated ones do takes, on average: the
    service on a store of its own with a stopped clock (no timeouts), seeded hands."""
    from data.ledger_sqlite import SqliteLedger
    from game.rules import ruleset
    from tests.bot.tables_helpers import FakeClock, member_move, service_on, start
    from tests.bot.tables_helpers import open_table as open_on_service

    counts = []
    with tempfile.TemporaryDirectory() as folder:
        for n in range(hands):
            path = pathlib.Path(folder) / f"steps{n}.sqlite3"
            store, ledger = await SqliteLiveStore.open(path), await SqliteLedger.open(path)
            try:
                service = service_on(store, ledger, FakeClock(), seed=first_seed + n)
                committed = await open_on_service(service, ruleset("classic", length="one_hand"), 4)
                committed = await start(service, committed.state.id, 1)
                rng = random.Random(n)
                while committed.state.status == "playing":
                    committed = await member_move(service, committed, rng)
                counts.append(committed.state.step)
            finally:
                await store.close()
                await ledger.close()
    return statistics.mean(counts)


# --- figures --------------------------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def worst_in_window(times: list[float], width: float) -> int:
    times = sorted(times)
    worst, low = 0, 0
    for high, at in enumerate(times):
        while times[low] <= at - width:
            low += 1
        worst = max(worst, high - low + 1)
    return worst


def call_step(call: Any) -> int:
    text = json.dumps(call.json.get("components", [])) if isinstance(call.json, dict) else ""
    matched = re.search(r'"mj1:[^:"]+:(\d+):', text)
    return int(matched.group(1)) if matched else -1


def table_updates(run: Run, calls: list[Any]) -> list[float]:
    """Per play click: until the first edit of its table message showing a later step, when no other
    play click at that table came in between (else the edit answers that one)."""
    edits: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for call in calls:
        if call.key == TABLE_EDIT and call.status and call.status < 300:
            edits[int(call.params["message_id"])].append((call.at, call_step(call)))
    plays: dict[int, list[Click]] = defaultdict(list)
    for click in run.clicks:
        if click.kind in ("live", "async"):
            plays[click.table.message.id].append(click)
    times = []
    for message_id, clicks in plays.items():
        clicks.sort(key=lambda c: c.interaction.dispatched_at)
        for n, click in enumerate(clicks):
            start = click.interaction.dispatched_at
            following = clicks[n + 1].interaction.dispatched_at if n + 1 < len(clicks) else math.inf
            edit = next((at for at, step in edits[message_id] if at > start and step > click.step), None)
            if edit is not None and edit < following:
                times.append(edit - start)
    return times


async def measure(args: argparse.Namespace, tables_count: int, live_count: int, solitaire_count: int) -> dict:
    namespace = f"load-{uuid.uuid4().hex}"
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder_name:
        folder = pathlib.Path(folder_name)
        async with FakeDiscord() as fake:
            servers = max(1, math.ceil(tables_count / TABLES_PER_GUILD))
            guilds = [fake.add_guild(name=f"Club {n}") for n in range(servers)]
            web_port = free_port() if args.web_players else None
            own_page = web_port is not None and args.web_process
            process = await start_bot(fake, folder, args.store, namespace, args.profile, None if own_page else web_port)
            page_process, page_cpu, web_picks = None, 0.0, []
            try:
                if own_page:
                    assert web_port is not None
                    page_process = await start_page_on_bots_store(folder, args.store, web_port)
                await fake.wait_ready(timeout=60)
                await fake.wait_commands_synced(timeout=60)
                if args.store == "redis":
                    store = RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
                else:
                    store = await SqliteLiveStore.open(folder / "bot.sqlite3")
                run = Run(fake, store)
                await asyncio.sleep(3.0)  # the emoji upload and the first clock ticks
                rss_empty, started = proc_rss(process.pid), time.monotonic()
                tables: list[Table] = []
                for n in range(tables_count):
                    live = n < live_count
                    humans = args.live_humans if live else args.async_humans
                    guild = guilds[n // TABLES_PER_GUILD]
                    members = [fake.add_member(guild, name=f"T{n} P{k}", locale="en-US") for k in range(humans)]
                    tables.append(Table(n, live, guild, members, random.Random(f"{args.seed}/{n}")))
                gate = asyncio.Semaphore(args.open_concurrency)

                async def opening(table: Table) -> None:
                    async with gate:
                        humans = len(table.members)
                        await open_table(
                            run, table, 4 - humans, table.guild.text_channel, "four_winds" if table.live else "one_wind"
                        )

                await asyncio.gather(*(opening(table) for table in tables))
                setup_seconds = time.monotonic() - started
                await asyncio.sleep(2.0)
                rss_open = proc_rss(process.pid)
                stop = asyncio.Event()
                # The simulator's collector stays off while the members play: its full collections over
                # the fake's records (every request, files and all) stopped this loop up to half a second
                # (measured), so requests the bot had spaced were stamped as arriving together.
                gc.collect()
                gc.freeze()
                gc.disable()
                drivers = [
                    asyncio.create_task(
                        drive_live(run, t, stop) if t.live else drive_async(run, t, stop, args.async_every)
                    )
                    for t in tables
                ]
                for n in range(solitaire_count):
                    guild = guilds[n % len(guilds)]
                    member = fake.add_member(guild, name=f"S{n}", locale="en-US")
                    drivers.append(
                        asyncio.create_task(
                            drive_solitaire(run, member, guild.text_channel, random.Random(f"{args.seed}/s{n}"), stop)
                        )
                    )
                web_players = None
                if web_port is not None:  # in a process of their own: this one's loop is busy with the fake
                    web_players = await asyncio.create_subprocess_exec(
                        sys.executable,
                        str(ROOT / "benchmarks" / "web_page.py"),
                        "--against",
                        f"http://127.0.0.1:{web_port}",
                        "--json",
                        str(folder / "picks.json"),
                        "--players",
                        str(args.web_players),
                        "--warmup",
                        str(args.warmup),
                        "--duration",
                        str(args.duration),
                    )
                await asyncio.sleep(args.warmup)
                steps_before = {t.index: step_of(fake.message(t.message.id)) for t in tables}
                lag = LoopLag()
                lag_task = asyncio.create_task(lag.watch())
                calls_from, cpu_from, window_from = len(fake.calls), proc_cpu(process.pid), fake.loop_time()
                workers_from = children_cpu(process.pid)
                page_from = proc_cpu(page_process.pid) if page_process is not None else 0.0
                own_from = time.process_time()
                log_from = (folder / "bot.log").stat().st_size
                run.measuring = True
                await asyncio.sleep(args.duration)
                run.measuring = False
                gc.enable()
                window = fake.loop_time() - window_from
                cpu = proc_cpu(process.pid) - cpu_from
                lag.workers_cpu = children_cpu(process.pid) - workers_from
                lag.own_cpu = time.process_time() - own_from
                page_cpu = proc_cpu(page_process.pid) - page_from if page_process is not None else 0.0
                log_to = (folder / "bot.log").stat().st_size
                calls = fake.calls[calls_from:]
                rss_end = proc_rss(process.pid)
                steps = sum(max(0, step_of(fake.message(t.message.id)) - steps_before[t.index]) for t in tables)
                stop.set()
                lag_task.cancel()
                for task in drivers:
                    task.cancel()
                await asyncio.gather(*drivers, lag_task, return_exceptions=True)
                if web_players is not None:
                    await web_players.wait()
                    web_picks = json.loads((folder / "picks.json").read_text())
            finally:
                for running in (process, page_process):
                    if running is None:
                        continue
                    running.send_signal(signal.SIGINT)
                    try:
                        await asyncio.wait_for(running.wait(), 60)
                    except TimeoutError:
                        running.kill()
            violations = list(fake.violations)
        whole = (folder / "bot.log").read_bytes()
        errors = whole[log_from:log_to].decode(errors="replace")  # in the window (not the shutdown's)
        if args.log_dir:
            pathlib.Path(args.log_dir, f"bot-{tables_count}.log").write_bytes(whole)
        if args.store == "redis":
            for key in await store.keys(""):
                found = await store.read(key)
                if found is not None:
                    await store.delete(key, found.version)
        await store.close()
    del rng
    if web_port is not None:
        where = f"the page's own process at {page_cpu / window:.0%} of a core" if own_page else "the bot's WEB_PORT"
        print(
            f"{args.web_players} web players beside the tables ({where}), {len(web_picks)} picks: pick → answer "
            f"p50 {quantile(web_picks, 0.5) * 1000:.1f} ms, p99 {quantile(web_picks, 0.99) * 1000:.1f} ms",
            flush=True,
        )
    return figures(
        run,
        calls,
        window,
        cpu,
        steps,
        rss_empty,
        rss_open,
        rss_end,
        tables_count,
        live_count,
        solitaire_count,
        setup_seconds,
        violations,
        errors,
        lag,
        args.steps_per_hand,
    )


class LoopLag:
    """How late this process's event loop (the fake and the members) wakes: what its timings include."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.own_cpu = 0.0
        self.workers_cpu = 0.0  # the bot's drawing workers, measured beside

    async def watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.05)
            self.lags.append(loop.time() - before - 0.05)


def figures(
    run: Run,
    calls: list[Any],
    window: float,
    cpu: float,
    steps: int,
    rss_empty: int,
    rss_open: int,
    rss_end: int,
    tables: int,
    live: int,
    solitaire: int,
    setup: float,
    violations: list[str],
    log: str,
    lag: LoopLag,
    calibrated: float,
) -> dict:
    acks = [c.interaction.ack_seconds for c in run.clicks if c.interaction.ack_seconds is not None]
    unacked = sum(1 for c in run.clicks if c.interaction.ack_seconds is None)
    updates = table_updates(run, calls)
    boards = []
    for click in run.clicks:
        if click.kind == "solitaire":
            edit = next((call for call in click.interaction.calls if call.key == BOARD_EDIT), None)
            if edit is not None:
                boards.append(edit.at - click.interaction.dispatched_at)
    bound = [c for c in calls if "webhook_token" not in c.params and not c.route.startswith("/interactions/")]
    per_channel: dict[str, list[float]] = defaultdict(list)
    for call in bound:
        if call.key in MESSAGE_ROUTES:
            per_channel[call.params["channel_id"]].append(call.at)
    channel_worst = [worst_in_window(times, CHANNEL_LIMIT[1]) for times in per_channel.values()]
    worst_channel = max(channel_worst, default=0)
    over_channels = sum(1 for worst in channel_worst if worst > CHANNEL_LIMIT[0])
    worst_second = worst_in_window([c.at for c in bound], 1.0)
    routes_per_s = {
        key: round(count / window, 1) for key, count in collections.Counter(c.key for c in bound).most_common(6)
    }
    # the seeded hands' length, not the hands seen whole in the run: at 1000 tables few end within it, the
    # shortest first (a hand won early), which made a hand look half as long
    per_hand = calibrated
    hands = steps / per_hand if steps and per_hand == per_hand else math.nan
    return {
        "tables": tables,
        "live": live,
        "solitaire": solitaire,
        "setup_s": setup,
        "window_s": window,
        "clicks": len(run.clicks),
        "clicks_per_s": len(run.clicks) / window,
        "unacked": unacked,
        "ack_p50": quantile(acks, 0.5),
        "ack_p99": quantile(acks, 0.99),
        "ack_max": max(acks, default=math.nan),
        "table_p50": quantile(updates, 0.5),
        "table_p99": quantile(updates, 0.99),
        "table_n": len(updates),
        "board_p50": quantile(boards, 0.5),
        "board_p99": quantile(boards, 0.99),
        "cpu_s": cpu,
        "cpu_share": cpu / window,
        "workers_cpu_share": lag.workers_cpu / window,
        "steps": steps,
        "steps_per_hand": per_hand,
        "hands_seen": len(run.steps_per_hand),
        "cpu_per_hand": cpu / hands if hands == hands and hands else math.nan,
        "cpu_per_click": cpu / len(run.clicks) if run.clicks else math.nan,
        "workers_cpu_per_click": lag.workers_cpu / len(run.clicks) if run.clicks else math.nan,
        "upload_kb_per_click": sum(len(f.data) for c in calls for f in c.files) / 1024 / len(run.clicks)
        if run.clicks
        else math.nan,
        "rss_empty_mb": rss_empty / 2**20,
        "rss_open_mb": rss_open / 2**20,
        "rss_end_mb": rss_end / 2**20,
        "rss_per_table_kb": (rss_open - rss_empty) / tables / 1024,
        "requests": len(calls),
        "global_rps": len(bound) / window,
        "global_worst_1s": worst_second,
        "global_routes_per_s": routes_per_s,
        "all_rps": len(calls) / window,
        "worst_channel_5s": worst_channel,
        "channels_over": over_channels,
        "channels_active": len(per_channel),
        "violations": len(violations) + (worst_second > GLOBAL_LIMIT) + over_channels,
        "fake_violations": violations[:5],
        "log_errors": sum(1 for line in log.splitlines() if "ERROR" in line or line.startswith("Traceback")),
        "loop_lag_p99": quantile(lag.lags, 0.99),
        "loop_lag_max": max(lag.lags, default=math.nan),
        "simulator_cpu_share": lag.own_cpu / window,
        "member_failures": run.failures,
    }


ROWS = [
    (
        "open tables (live / async) + solitaire",
        lambda f: f"{f['tables']} ({f['live']} / {f['tables'] - f['live']}) + {f['solitaire']}",
    ),
    ("opening them (s)", lambda f: f"{f['setup_s']:.0f}"),
    ("clicks measured (per s)", lambda f: f"{f['clicks']} ({f['clicks_per_s']:.1f})"),
    ("acknowledgement p50 / p99 (ms)", lambda f: f"{f['ack_p50'] * 1e3:.0f} / {f['ack_p99'] * 1e3:.0f}"),
    (
        "updated table p50 / p99 (ms)",
        lambda f: f"{f['table_p50'] * 1e3:.0f} / {f['table_p99'] * 1e3:.0f} (n={f['table_n']})",
    ),
    ("updated solitaire board p50 / p99 (ms)", lambda f: f"{f['board_p50'] * 1e3:.0f} / {f['board_p99'] * 1e3:.0f}"),
    ("bot CPU (share of one core)", lambda f: f"{f['cpu_share'] * 100:.0f} %"),
    ("drawing workers' CPU (share of one core)", lambda f: f"{f['workers_cpu_share'] * 100:.0f} %"),
    ("bot CPU per hand (s)", lambda f: f"{f['cpu_per_hand']:.1f} ({f['steps']} steps, {f['steps_per_hand']:.0f}/hand)"),
    ("bot CPU per click (ms)", lambda f: f"{f['cpu_per_click'] * 1e3:.1f}"),
    ("drawing workers' CPU per click (ms)", lambda f: f"{f['workers_cpu_per_click'] * 1e3:.1f}"),
    ("bot and workers' CPU per click (ms)", lambda f: f"{(f['cpu_per_click'] + f['workers_cpu_per_click']) * 1e3:.1f}"),
    ("pictures uploaded per click (KB)", lambda f: f"{f['upload_kb_per_click']:.0f}"),
    (
        "bot RSS empty / open / end (MB)",
        lambda f: f"{f['rss_empty_mb']:.0f} / {f['rss_open_mb']:.0f} / {f['rss_end_mb']:.0f}",
    ),
    ("RSS per open table (KB)", lambda f: f"{f['rss_per_table_kb']:.0f}"),
    ("requests/s, global-bound (worst 1 s; limit 50)", lambda f: f"{f['global_rps']:.1f} ({f['global_worst_1s']})"),
    ("requests/s, all incl. interactions", lambda f: f"{f['all_rps']:.1f}"),
    (
        "worst channel, messages in 5 s (limit 5)",
        lambda f: f"{f['worst_channel_5s']} ({f['channels_over']} of {f['channels_active']} over)",
    ),
    ("violations (fake + rate limits)", lambda f: f"{f['violations']}"),
    ("bot log errors in the window / member give-ups", lambda f: f"{f['log_errors']} / {f['member_failures']}"),
    (
        "simulator loop lag p99 / max (ms), its CPU",
        lambda f: (
            f"{f['loop_lag_p99'] * 1e3:.0f} / {f['loop_lag_max'] * 1e3:.0f}, {f['simulator_cpu_share'] * 100:.0f} %"
        ),
    ),
]


def table_text(results: list[dict]) -> str:
    width = max(len(name) for name, _ in ROWS)
    lines = [f"{'':{width}}  " + "  ".join(f"{r['tables']:>22}" for r in results)]
    for name, show in ROWS:
        lines.append(f"{name:{width}}  " + "  ".join(f"{show(r):>22}" for r in results))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--live", type=int, default=None, help="live tables (default: a tenth)")
    parser.add_argument("--solitaire", type=int, default=None, help="solitaire games (default: a twentieth)")
    parser.add_argument("--sizes", default=None, help="several sizes, one after the other: 50,200,1000")
    parser.add_argument("--live-humans", type=int, default=4)
    parser.add_argument("--async-humans", type=int, default=2)
    parser.add_argument("--async-every", type=float, default=600.0)
    parser.add_argument("--duration", type=float, default=90.0)
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--open-concurrency", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--store", choices=("sqlite", "redis"), default="sqlite")
    parser.add_argument("--profile", default=None, help="write the bot's cProfile stats to this path")
    parser.add_argument("--log-dir", default=None, help="keep the bot's log there")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    parser.add_argument(
        "--web-players", type=int, default=0, help="web players picking solitaire pairs on the bot's WEB_PORT"
    )
    parser.add_argument(
        "--web-process", action="store_true", help="the web players' page from mahjong-bot web in its own process"
    )
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else [args.tables]
    args.steps_per_hand = asyncio.run(steps_per_hand(6))
    print(f"a hand of four basic members takes {args.steps_per_hand:.0f} table steps (6 seeded hands)", flush=True)
    results = []
    for size in sizes:
        live = args.live if args.live is not None and not args.sizes else max(1, size // 10)
        solitaire = args.solitaire if args.solitaire is not None and not args.sizes else max(1, size // 20)
        result = asyncio.run(measure(args, size, min(live, size), solitaire))
        results.append(result)
        print(table_text([result]), flush=True)
        print(flush=True)
    if len(results) > 1:
        print(f"store: {args.store}, seed {args.seed}, {args.duration:.0f} s measured per size")
        print(table_text(results))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()

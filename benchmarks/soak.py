"""A long soak: the bot and the solitaire page under steady play for hours, their resident memory and the
live store's size sampled every minute, and the errors they log (issue 37).

    .venv/bin/python benchmarks/soak.py                 # two hours: 100 live tables, 50 web players
    .venv/bin/python benchmarks/soak.py --duration 180 --every 20 --tables 10 --web-players 5   # a trial
    .venv/bin/python benchmarks/soak.py --store redis   # the same on Redis (127.0.0.1:6379)
    .venv/bin/python benchmarks/soak.py --summarize benchmarks/results/soak-2026-12-05-1400.jsonl

Built on ``benchmarks/load.py``: the real ``mahjong-bot run`` in its own process against the fake
Discord (the product's timings), ``--tables`` live tables (four winds) of four simulated members who
click what a basic player would 1 to 4 s after each change; when a table's match is over its members
open another, so every table stays live for the whole run. The solitaire page is ``mahjong-bot web``
in a process of its own on the bot's store (load.py's ``--web-process``), so that the two processes'
memory is told apart; ``--web-players`` players, in a third process and each on its own loopback
address, remove a pair every 2 to 5 s and start a new deal when one is cleared.

From the bot's start to the end, every ``--every`` seconds, one JSON line is appended to ``--out`` and
flushed at once, so a run stopped early keeps what it sampled: the bot's, its drawing workers' and the
page's resident memory (VmRSS), the live store's size (SQLite: the rows and document bytes of
``live_state`` by kind, the file and its WAL, which also hold the ledgers; Redis: the documents of the
bot's namespace and of the page's, DBSIZE and used_memory), the hands, clicks and web picks so far,
and the ERROR / Traceback lines of the bot's and the page's logs so far (the first distinct ones as
they come). At the end, or on SIGINT / SIGTERM, a summary: for each series the first / min / max /
last, the growth from minute 5 to the end and the least-squares slope per hour from minute 5 (what
grows while the start-up's caches fill is not what a soak looks for; the start-up heap is frozen out
of the collector, so after it nothing may grow without bound). ``--summarize FILE`` prints the same
from an earlier, possibly interrupted, run's lines. The logs are copied beside ``--out`` at the end.

The fake Discord in this process records everything the bot sends; over hours that would be gigabytes,
so before each sample ``prune`` drops what nothing reads any more, and this process's RSS is sampled
too: a simulator short of memory would slow the bot's peers (Discord, the members), not the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import datetime
import gc
import json
import os
import pathlib
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
import redis.asyncio as aioredis  # noqa: E402

from benchmarks.load import (  # noqa: E402
    REDIS_URL,
    TABLES_PER_GUILD,
    Click,
    Run,
    Table,
    children_cpu,
    drive_live,
    drive_solitaire,
    open_table,
    proc_cpu,
    proc_rss,
    quantile,
    read_state,
    start_bot,
    start_page_on_bots_store,
)
from core.tables.state import OPEN_STATUSES  # noqa: E402
from data.live_redis import RedisLiveStore  # noqa: E402
from data.live_sqlite import SqliteLiveStore  # noqa: E402
from game.solitaire.deal import deal_for_seed  # noqa: E402
from tests.bot.e2e_helpers import free_port  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

MB = 2**20
SETTLED = 300.0  # minute 5: the growth and the slopes are read from here on
SLIMMED_AFTER = 30.0  # an interaction's calls and payload: the members read them within seconds
RESUME_FRAMES = 1000  # a gateway session's frames kept for a RESUME (the bot resumes within seconds)
DISTINCT_ERRORS = 10  # error lines kept per log, the first distinct ones
NUMBERS = re.compile(r"\d+")


# --- the tables -----------------------------------------------------------------------------------------


@dataclass
class SoakRun(Run):
    """load.py's ``Run`` counting clicks instead of keeping them: hours of clicks would be gigabytes."""

    clicks_by_kind: collections.Counter[str] = field(default_factory=collections.Counter)
    final_hands: int = 0
    ended: collections.Counter[str] = field(default_factory=collections.Counter)  # matches, by last status
    opened: int = 0
    open_failures: int = 0
    driver_errors: int = 0

    def record(self, click: Click) -> None:
        self.clicks_by_kind[click.kind] += 1

    @property
    def hands(self) -> int:
        # load's driver counts a hand when the table goes "between"; a match's last hand goes "over"
        return len(self.steps_per_hand) + self.final_hands


def fresh(table: Table) -> None:
    """The table forgotten, for its members to open another."""
    table.table_id, table.message, table.hands, table.scheduled = "", None, {}, set()
    table.hand_started, table.replayed, table.first_step = None, None, 0


async def keep_playing(run: SoakRun, table: Table, length: str, stop: asyncio.Event, gate: asyncio.Semaphore) -> None:
    """Opens the table, plays its match with load.py's live driver and, when it is over, opens the next:
    a four-winds match lasts well under the soak (some 40 minutes), and an ended table would leave the bot
    less to do."""
    while not stop.is_set():
        if not table.table_id:
            try:
                async with gate:
                    await open_table(run, table, 4 - len(table.members), table.guild.text_channel, length)
                run.opened += 1
            except Exception:
                # a lobby left half-started stays the bot's to expire; its members try a new table
                run.open_failures += 1
                fresh(table)
                await asyncio.sleep(10.0)
                continue
        try:
            await drive_live(run, table, stop)
            if stop.is_set():
                return
            state = await read_state(run, table)
        except Exception:
            # a store read refused under load: the driver looks again rather than leave the table idle
            run.driver_errors += 1
            await asyncio.sleep(5.0)
            continue
        run.final_hands += table.hand_started is not None
        run.ended[state.status if state is not None else "gone"] += 1
        fresh(table)


# --- the fake's memory ----------------------------------------------------------------------------------


def prune(fake: FakeDiscord, tables: list[Table]) -> int:
    """Drops what the fake Discord keeps of the past that nothing reads any more, and returns how many
    requests it had recorded since the last time. Kept: interactions whose token may still be used (15
    minutes, and 5 more so that a late use is still the fake's violation, not an unknown token; after 30
    s without their calls and most of their payload), the messages the members hold or may click, and
    the attachments of messages as they are now."""
    world = fake.world
    requests = len(world.calls)
    world.calls.clear()
    fake.gateway.sent.clear()
    fake.gateway.received.clear()
    for session in fake.gateway.sessions.values():
        del session.buffer[:-RESUME_FRAMES]
    now = fake.loop_time()
    for key, interaction in list(world.interactions.items()):
        age = now - interaction.dispatched_at
        if age > SLIMMED_AFTER and len(interaction.payload) > 2:
            interaction.calls.clear()
            # what the fake still reads of the payload, for the interaction_metadata of its messages
            data = interaction.payload.get("data", {})
            interaction.payload = {
                "authorizing_integration_owners": interaction.payload.get("authorizing_integration_owners", {}),
                "data": {"type": data["type"]} if "type" in data else {},
            }
        if age > fake.token_ttl + 300.0:
            del world.interactions[key]
            world.tokens.pop(interaction.token, None)
    held = {t.message.id for t in tables if t.message is not None}
    held |= {m.id for t in tables for m in t.hands.values() if m is not None}
    for key, message in list(world.messages.items()):
        message.history.clear()  # every edit's earlier state, and each edit copies the list
        if message.ephemeral and message.interaction_id not in world.interactions and key not in held:
            del world.messages[key]  # its token expired: no one edits it, and no member holds it
    shown = {a.id for m in world.messages.values() for a in m.attachments}
    for key in [k for k in world.attachments if k not in shown]:
        del world.attachments[key]
    return requests


# --- what is sampled ------------------------------------------------------------------------------------


def rss_mb(pid: int) -> float | None:
    with contextlib.suppress(OSError):
        return round(proc_rss(pid) / MB, 1)
    return None


def children_of(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(child) for child in (task / "children").read_text().split()]
    return found


def children_rss_mb(pid: int) -> float:
    """The drawing workers' (and multiprocessing's resource tracker's) resident memory together."""
    return round(sum(rss_mb(child) or 0.0 for child in children_of(pid)), 1)


def cpu_s(pid: int) -> float | None:
    with contextlib.suppress(OSError):
        return proc_cpu(pid)
    return None


def sqlite_size(path: pathlib.Path) -> dict[str, Any]:
    # a connection of its own each time, closed at once: a reader left open would hold the WAL back
    # from its checkpoint and make the file grow by the very measuring
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10.0)
    try:
        rows = connection.execute(
            "SELECT substr(key, 1, instr(key || ':', ':') - 1), count(*), sum(length(CAST(document AS BLOB)))"
            " FROM live_state GROUP BY 1"
        ).fetchall()
        tables = connection.execute(
            "SELECT json_extract(document, '$.status'), count(*), sum(length(CAST(document AS BLOB)))"
            " FROM live_state WHERE key LIKE 'table:%' GROUP BY 1"
        ).fetchall()
    finally:
        connection.close()

    def size(name: str) -> int:
        with contextlib.suppress(OSError):
            return path.with_name(name).stat().st_size
        return 0

    return {
        "live_rows": sum(count for _, count, _ in rows),
        "live_bytes": sum(length or 0 for _, _, length in rows),
        "live_kinds": {kind: count for kind, count, _ in rows},
        **table_statuses([(status, count, length or 0) for status, count, length in tables]),
        "file_bytes": size(path.name),
        "wal_bytes": size(path.name + "-wal"),
    }


def table_statuses(rows: list[tuple[str, int, int]]) -> dict[str, Any]:
    """The tables' documents by status, and the bytes of the ended ones: an ended table stays three days
    for its Details and Rules buttons (``core.tables.service.RETENTION``), so within a soak they add up by
    design, and what must stay flat is the rest."""
    return {
        "table_statuses": {status: count for status, count, _ in rows},
        "ended_tables_bytes": sum(length for status, _, length in rows if status not in OPEN_STATUSES),
    }


async def redis_size(stores: list[RedisLiveStore], client: Any) -> dict[str, Any]:
    """The documents of the bot's namespace and of the page's: ``mahjong-bot web`` has no setting for a
    namespace, so on Redis the page keeps its games under the product's own (load.py's too)."""
    keys: list[tuple[RedisLiveStore, str]] = [(store, key) for store in stores for key in await store.keys("")]
    length = 0
    tables: dict[str, tuple[int, int]] = {}
    for store, key in keys:
        found = await store.read(key)
        if found is not None:
            size = len(json.dumps(found.document, ensure_ascii=False, separators=(",", ":")).encode())
            length += size
            if key.startswith("table:"):
                status = str(found.document.get("status"))
                count, total = tables.get(status, (0, 0))
                tables[status] = (count + 1, total + size)
    memory = await client.info("memory")
    return {
        "live_rows": len(keys),
        "live_bytes": length,
        "live_kinds": dict(collections.Counter(key.split(":", 1)[0] for _, key in keys)),
        **table_statuses([(status, count, total) for status, (count, total) in tables.items()]),
        "redis_dbsize": await client.dbsize(),  # the whole database, other namespaces included
        "redis_used_memory": int(memory["used_memory"]),
    }


class LogWatch:
    """A process's log, read on from where it was left: ERROR (and CRITICAL) lines, tracebacks (by the
    exception line that ends them) and warnings, counted, and the first distinct errors kept."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self.offset = 0
        self.errors = self.tracebacks = self.warnings = 0
        self.seen: set[str] = set()
        self.in_traceback = False

    def read(self) -> list[str]:
        """The new distinct error lines since the last read."""
        with contextlib.suppress(OSError), self.path.open("rb") as log:
            log.seek(self.offset)
            chunk = log.read()
            whole = chunk[: chunk.rfind(b"\n") + 1]  # a line still being written is read next time
            self.offset += len(whole)
            return [line for line in map(self.line, whole.decode(errors="replace").splitlines()) if line]
        return []

    def line(self, text: str) -> str | None:
        if text.startswith("Traceback"):
            self.tracebacks += 1
            self.in_traceback = True
            return None
        if self.in_traceback:
            if not text or text[0].isspace() or text.startswith(("During handling", "The above exception")):
                return None
            self.in_traceback = False
            return self.distinct(f"Traceback: {text}")
        if "ERROR" in text or "CRITICAL" in text:
            self.errors += 1
            return self.distinct(text)
        if "WARNING" in text:
            self.warnings += 1
        return None

    def distinct(self, text: str) -> str | None:
        # the same error with other ids or times is the same error
        key = NUMBERS.sub("#", text)[:200]
        if key in self.seen or len(self.seen) >= DISTINCT_ERRORS:
            return None
        self.seen.add(key)
        return text[:400]

    def counts(self) -> dict[str, int]:
        return {"errors": self.errors, "tracebacks": self.tracebacks, "warnings": self.warnings}


# --- the web players (a process of their own) ----------------------------------------------------------


class WebRefusal(Exception):
    def __init__(self, status: int, text: str) -> None:
        super().__init__(f"{status} {text}")
        self.status = status


@dataclass
class WebStats:
    window: float
    picks: int = 0
    failures: int = 0
    deals: int = 0
    recent: collections.deque[tuple[float, float]] = field(default_factory=collections.deque)
    failure_lines: list[str] = field(default_factory=list)

    def picked(self, seconds: float) -> None:
        self.picks += 1
        self.recent.append((time.monotonic(), seconds))

    def failed(self, error: BaseException) -> None:
        self.failures += 1
        text = f"{type(error).__name__}: {error}"[:300]
        if len(self.failure_lines) < DISTINCT_ERRORS and text not in self.failure_lines:
            self.failure_lines.append(text)

    def write(self, path: pathlib.Path) -> None:
        while self.recent and self.recent[0][0] < time.monotonic() - self.window:
            self.recent.popleft()
        times = [seconds for _, seconds in self.recent]
        status = {
            "picks": self.picks,
            "failures": self.failures,
            "deals": self.deals,
            "window_picks": len(times),
            "p50_ms": round(quantile(times, 0.5) * 1000, 1) if times else None,
            "p99_ms": round(quantile(times, 0.99) * 1000, 1) if times else None,
            "failure_lines": self.failure_lines,
        }
        partial = path.with_suffix(".partial")
        partial.write_text(json.dumps(status))
        os.replace(partial, path)  # the soak never reads half a status


async def web_call(session: aiohttp.ClientSession, method: str, path: str, **request: Any) -> dict[str, Any]:
    async with session.request(method, path, **request) as answer:
        body = await answer.json(content_type=None)
        if answer.status != 200:
            raise WebRefusal(answer.status, str(body.get("error") if isinstance(body, dict) else body))
        return dict(body)


async def finish_current(session: aiohttp.ClientSession) -> None:
    """Gives up the player's open free deal (the page's Finish, confirmed), for a new one."""
    game = await web_call(session, "GET", "/api/game", params={"mode": "free"})
    with contextlib.suppress(WebRefusal):  # already over
        body = {"mode": "free", "game": game["game"], "step": game["step"], "move": "finish"}
        await web_call(session, "POST", "/api/move", json=body)


async def stopped_within(stop: asyncio.Event, seconds: float) -> bool:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
    return stop.is_set()


async def play_deal(session: aiohttp.ClientSession, rng: random.Random, stats: WebStats, stop: asyncio.Event) -> None:
    seed = rng.randrange(1, 10**6)
    try:
        game = await web_call(session, "POST", "/api/new", json={"mode": "free", "seed": seed})
    except WebRefusal as refusal:
        if refusal.status != 422:  # 422: finish the open deal first
            raise
        await finish_current(session)
        game = await web_call(session, "POST", "/api/new", json={"mode": "free", "seed": seed})
    for pair in deal_for_seed(seed).solution:
        if await stopped_within(stop, rng.uniform(2.0, 5.0)):
            return
        body = {"mode": "free", "game": game["game"], "step": game["step"], "move": "pair", "tiles": list(pair)}
        start = time.perf_counter()
        game = await web_call(session, "POST", "/api/move", json=body)
        stats.picked(time.perf_counter() - start)
    stats.deals += 1


async def web_player(base: str, number: int, stats: WebStats, stop: asyncio.Event) -> None:
    """One player for the whole soak: deal after deal, a pair of its solution every 2 to 5 s (as
    web_page.py's, whose players stop after their one deal)."""
    address = f"127.0.{1 + number // 250}.{1 + number % 250}"
    rng = random.Random(f"web/{number}")
    await asyncio.sleep(rng.uniform(0.0, 5.0))  # not all at the same moment
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    jar = aiohttp.CookieJar(unsafe=True)  # the server is an IP address, whose cookies aiohttp refuses by default
    timeout = aiohttp.ClientTimeout(total=30.0)
    async with aiohttp.ClientSession(base_url=base, connector=connector, cookie_jar=jar, timeout=timeout) as session:
        while not stop.is_set():
            try:
                await play_deal(session, rng, stats, stop)
            except (aiohttp.ClientError, TimeoutError, WebRefusal, KeyError, ValueError) as error:
                stats.failed(error)
                if await stopped_within(stop, 5.0):
                    return
                with contextlib.suppress(aiohttp.ClientError, TimeoutError, WebRefusal, KeyError, ValueError):
                    await finish_current(session)


async def web_players(base: str, players: int, status: pathlib.Path, window: float) -> None:
    stats = WebStats(window)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    tasks = [asyncio.create_task(web_player(base, n, stats, stop)) for n in range(players)]
    while not await stopped_within(stop, 5.0):
        stats.write(status)
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.write(status)


# --- the soak -------------------------------------------------------------------------------------------


class Soak:
    def __init__(self, args: argparse.Namespace, folder: pathlib.Path, out: pathlib.Path) -> None:
        self.args, self.folder, self.out = args, folder, out
        self.stop = asyncio.Event()
        self.reason = "duration"
        self.logs = {"bot": LogWatch(folder / "bot.log"), "page": LogWatch(folder / "page.log")}
        self.requests = 0
        self.last_sample = (0.0, 0)  # (time, requests) of the last sample, for the requests a second
        self.web_status = folder / "web.json"
        self.web_lines_seen: set[str] = set()
        self.fake: FakeDiscord | None = None
        self.bot: asyncio.subprocess.Process | None = None
        self.page: asyncio.subprocess.Process | None = None
        self.run_state: SoakRun | None = None
        self.store: Any = None
        self.redis_client: Any = None
        self.page_store: RedisLiveStore | None = None
        self.started = time.monotonic()  # again when the bot is ready: the soak's time 0
        self.tables: list[Table] = []

    def halt(self, reason: str) -> None:
        if not self.stop.is_set():
            self.reason = reason
            self.stop.set()

    async def watch_exit(self, name: str, process: asyncio.subprocess.Process) -> None:
        code = await process.wait()
        self.halt(f"the {name} process exited ({code})")

    async def run(self) -> None:
        args, folder = self.args, self.folder
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, self.halt, number.name)
        namespace = f"soak-{uuid.uuid4().hex}"
        async with FakeDiscord() as fake:
            self.fake = fake
            guilds = [fake.add_guild(name=f"Club {n}") for n in range(max(1, -(-args.tables // TABLES_PER_GUILD)))]
            web_port = free_port()
            bot = await start_bot(fake, folder, args.store, namespace, None, None)
            page: asyncio.subprocess.Process | None = None
            players: asyncio.subprocess.Process | None = None
            players_log = (folder / "players.log").open("wb")  # closed once the players have stopped
            tasks: list[asyncio.Task[Any]] = []
            redis_client: Any = None
            store: Any = None
            try:
                page = await start_page_on_bots_store(folder, args.store, web_port)
                await fake.wait_ready(timeout=60)
                await fake.wait_commands_synced(timeout=60)
                if args.store == "redis":
                    store = RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
                    redis_client = aioredis.from_url(REDIS_URL)
                    self.page_store = RedisLiveStore.from_url(REDIS_URL)  # read only: others' keys may be there
                else:
                    store = await SqliteLiveStore.open(folder / "bot.sqlite3")
                self.run_state = run = SoakRun(fake, store)
                self.store, self.redis_client = store, redis_client
                self.bot, self.page = bot, page
                self.started = time.monotonic()
                self.tables = [
                    Table(
                        n,
                        True,
                        guilds[n // TABLES_PER_GUILD],
                        [
                            fake.add_member(guilds[n // TABLES_PER_GUILD], name=f"T{n} P{k}", locale="en-US")
                            for k in range(args.humans)
                        ],
                        random.Random(f"{args.seed}/{n}"),
                    )
                    for n in range(args.tables)
                ]
                gate = asyncio.Semaphore(args.open_concurrency)
                tasks = [
                    asyncio.create_task(keep_playing(run, table, args.length, self.stop, gate)) for table in self.tables
                ]
                for n in range(args.solitaire):
                    guild = guilds[n % len(guilds)]
                    member = fake.add_member(guild, name=f"S{n}", locale="en-US")
                    rng = random.Random(f"{args.seed}/s{n}")
                    tasks.append(asyncio.create_task(drive_solitaire(run, member, guild.text_channel, rng, self.stop)))
                if args.web_players:
                    players = await asyncio.create_subprocess_exec(
                        sys.executable,
                        str(pathlib.Path(__file__).resolve()),
                        "--web-players-against",
                        f"http://127.0.0.1:{web_port}",
                        "--web-status",
                        str(self.web_status),
                        "--web-players",
                        str(args.web_players),
                        "--every",
                        str(args.every),
                        stdout=subprocess.DEVNULL,
                        stderr=players_log,
                        start_new_session=True,  # a Ctrl-C reaches them through this process, after the last status
                    )
                tasks.append(asyncio.create_task(self.watch_exit("bot", bot)))
                tasks.append(asyncio.create_task(self.watch_exit("page", page)))
                await self.sample_until_the_end()
            finally:
                self.stop.set()
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                for running in (players, bot, page):
                    if running is None:
                        continue
                    with contextlib.suppress(ProcessLookupError):
                        running.send_signal(signal.SIGINT)
                    try:
                        await asyncio.wait_for(running.wait(), 60)
                    except TimeoutError:
                        running.kill()
                players_log.close()
                if store is not None:
                    if args.store == "redis":
                        for key in await store.keys(""):
                            found = await store.read(key)
                            if found is not None:
                                await store.delete(key, found.version)
                    await store.close()
                if redis_client is not None:
                    await redis_client.aclose()
                if self.page_store is not None:
                    await self.page_store.close()
        with self.out.open("a") as out:
            self.write(out, self.ending())

    async def sample_until_the_end(self) -> None:
        args = self.args
        end = self.started + args.duration
        collected = False
        with self.out.open("a") as out:
            self.write(out, self.beginning())
            k = 0
            while True:
                at = min(self.started + k * args.every, end)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.stop.wait(), max(0.0, at - time.monotonic()))
                if self.stop.is_set():
                    return
                self.write(out, await self.sample())
                if not collected and all(t.table_id for t in self.tables):
                    # what the simulator built while opening (members, the fake's world) out of its full
                    # collections, whose pauses delay the fake's answers and stamps (load.py measured them)
                    gc.collect()
                    gc.freeze()
                    collected = True
                if at >= end:
                    return
                k += 1

    @staticmethod
    def write(out: Any, line: dict[str, Any]) -> None:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
        out.flush()

    def beginning(self) -> dict[str, Any]:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()
        # other work in the tree beside the commit: the run is of the files as they were, not of the commit
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        settings = {
            k: v for k, v in vars(self.args).items() if k not in ("web_players_against", "web_status", "summarize")
        }
        return {
            "kind": "start",
            "at": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "commit": commit,
            "dirty": bool(dirty),
            "cpus": os.cpu_count(),
            "settings": settings,
        }

    async def sample(self) -> dict[str, Any]:
        run, fake, bot, page, now = self.run_state, self.fake, self.bot, self.page, time.monotonic()
        assert run is not None and fake is not None and bot is not None and page is not None
        self.requests += prune(fake, self.tables)
        since, before = self.last_sample
        self.last_sample = (now, self.requests)
        try:
            if self.args.store == "redis":
                assert self.page_store is not None
                store = await redis_size([self.store, self.page_store], self.redis_client)
            else:
                store = await asyncio.to_thread(sqlite_size, self.folder / "bot.sqlite3")
        except Exception as error:  # a busy store: the sample says so rather than stop the soak
            store = {"store_error": f"{type(error).__name__}: {error}"[:300]}
        web: dict[str, Any] = {}
        with contextlib.suppress(OSError, ValueError):
            web = json.loads(self.web_status.read_text())
        new_errors = [{"log": name, "line": line} for name, watch in self.logs.items() for line in watch.read()]
        new_errors += [
            {"log": "web players", "line": line}
            for line in web.get("failure_lines", [])
            if line not in self.web_lines_seen
        ]
        self.web_lines_seen.update(web.get("failure_lines", []))
        workers_cpu = None
        with contextlib.suppress(OSError):
            workers_cpu = round(children_cpu(bot.pid), 2)
        return {
            "kind": "sample",
            "t": round(now - self.started, 1),
            "at": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "phase": "playing" if run.opened >= len(self.tables) else "opening",
            "bot_rss_mb": rss_mb(bot.pid),
            "workers_rss_mb": children_rss_mb(bot.pid),
            "page_rss_mb": rss_mb(page.pid),
            "simulator_rss_mb": rss_mb(os.getpid()),
            "bot_cpu_s": cpu_s(bot.pid),
            "workers_cpu_s": workers_cpu,
            "page_cpu_s": cpu_s(page.pid),
            **store,
            "tables_playing": sum(1 for t in self.tables if t.table_id),
            "tables_opened": run.opened,
            "matches_ended": dict(run.ended),
            "hands": run.hands,
            "clicks": sum(run.clicks_by_kind.values()),
            "requests_per_s": round((self.requests - before) / (now - since), 1) if since else None,
            "web_picks": web.get("picks", 0),
            "web_deals": web.get("deals", 0),
            "web_failures": web.get("failures", 0),
            "web_pick_p50_ms": web.get("p50_ms"),
            "web_pick_p99_ms": web.get("p99_ms"),
            "bot_log": self.logs["bot"].counts(),
            "page_log": self.logs["page"].counts(),
            "fake_violations": len(fake.violations),
            "fake_internal_errors": len(fake.internal_errors),
            "member_give_ups": run.failures,
            "open_failures": run.open_failures,
            "driver_errors": run.driver_errors,
            "new_error_lines": new_errors,
        }

    def ending(self) -> dict[str, Any]:
        for watch in self.logs.values():
            watch.read()  # the shutdown's lines too
        stem = self.out.with_suffix("")
        for name in ("bot", "page", "players"):
            with contextlib.suppress(OSError):
                shutil.copyfile(self.folder / f"{name}.log", f"{stem}.{name}.log")
        return {
            "kind": "end",
            "t": round(time.monotonic() - self.started, 1),
            "reason": self.reason,
            "bot_log_with_shutdown": self.logs["bot"].counts(),
            "page_log_with_shutdown": self.logs["page"].counts(),
            "fake_violation_lines": self.fake.violations[:DISTINCT_ERRORS] if self.fake is not None else [],
            "logs": f"{stem}.bot.log, {stem}.page.log",
        }


# --- the summary ----------------------------------------------------------------------------------------

SERIES = [
    ("bot_rss_mb", "bot RSS (MB)", 1.0),
    ("workers_rss_mb", "drawing workers' RSS (MB)", 1.0),
    ("page_rss_mb", "page RSS (MB)", 1.0),
    ("live_rows", "live store: documents", 1.0),
    ("live_bytes", "live store: document KB", 1 / 1024),
    ("open_bytes", "  the same, ended tables aside", 1 / 1024),
    ("store_file_mb", "SQLite file + WAL (MB)", 1.0),
    ("redis_used_memory", "Redis used_memory (MB)", 1 / MB),
    ("simulator_rss_mb", "simulator RSS (MB)", 1.0),
]


def slope_per_hour(points: list[tuple[float, float]]) -> float | None:
    """The least-squares slope of (seconds, value), per hour."""
    if len(points) < 2:
        return None
    mean_t = sum(t for t, _ in points) / len(points)
    mean_v = sum(v for _, v in points) / len(points)
    spread = sum((t - mean_t) ** 2 for t, _ in points)
    if not spread:
        return None
    return sum((t - mean_t) * (v - mean_v) for t, v in points) / spread * 3600


def number(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def summary(lines: list[dict[str, Any]], source: str) -> str:
    start = next((line for line in lines if line.get("kind") == "start"), {})
    end = next((line for line in lines if line.get("kind") == "end"), None)
    samples = [line for line in lines if line.get("kind") == "sample"]
    if not samples:
        return f"{source}: no samples"
    for sample in samples:
        if "live_bytes" in sample:
            sample["open_bytes"] = sample["live_bytes"] - sample.get("ended_tables_bytes", 0)
        if "file_bytes" in sample:
            sample["store_file_mb"] = (sample["file_bytes"] + sample.get("wal_bytes", 0)) / MB
    settings = start.get("settings", {})
    last = samples[-1]
    # from minute 5; a shorter trial reads its second half, to have a slope at all
    settled = SETTLED if last["t"] >= 2 * SETTLED else last["t"] / 2
    out = [
        f"{source}: {settings.get('tables', '?')} live tables, {settings.get('web_players', '?')} web players, "
        f"store {settings.get('store', '?')}, commit {start.get('commit', '?')}"
        f"{' (with uncommitted changes)' if start.get('dirty') else ''}, started {start.get('at', '?')}",
        f"{len(samples)} samples over {last['t']:.0f} s of {settings.get('duration', '?')} "
        f"({'ended: ' + end['reason'] if end else 'no end line: the run was stopped hard'}); "
        f"growth and slope from {settled:.0f} s",
        "",
    ]
    header = f"{'':28} {'first':>10} {'min':>10} {'max':>10} {'last':>10} {'growth':>10} {'per hour':>10}"
    out.append(header)
    for key, label, scale in SERIES:
        points = [(s["t"], s[key] * scale) for s in samples if s.get(key) is not None]
        if not points:
            continue
        values = [v for _, v in points]
        later = [(t, v) for t, v in points if t >= settled]
        growth = later[-1][1] - later[0][1] if later else None
        out.append(
            f"{label:28} {number(values[0]):>10} {number(min(values)):>10} {number(max(values)):>10} "
            f"{number(values[-1]):>10} {number(growth):>10} {number(slope_per_hour(later)):>10}"
        )
    hours = max(last["t"], 1.0) / 3600
    out += [
        "",
        f"played: {last['hands']} hands ({last['hands'] / hours:.0f} an hour), {last['clicks']} clicks, "
        f"{last['tables_opened']} tables opened ({last['tables_playing']} playing at the end, matches ended "
        f"{last['matches_ended'] or 0}); web: {last['web_picks']} picks in {last['web_deals']} whole deals, "
        f"last window p50 / p99 {number(last['web_pick_p50_ms'])} / {number(last['web_pick_p99_ms'])} ms",
        f"live documents at the end: {last.get('live_kinds')}, tables {last.get('table_statuses')} (an ended "
        "table stays 3 days by design)",
    ]
    shares = []
    for key, name in (("bot_cpu_s", "bot"), ("workers_cpu_s", "drawing workers"), ("page_cpu_s", "page")):
        cpu = [(s["t"], s[key]) for s in samples if s.get(key) is not None]
        if len(cpu) >= 2 and cpu[-1][0] > cpu[0][0]:
            shares.append(f"{name} {(cpu[-1][1] - cpu[0][1]) / (cpu[-1][0] - cpu[0][0]):.0%}")
    if shares:
        out.append("CPU, share of one core over the run: " + ", ".join(shares))
    bot_log = end["bot_log_with_shutdown"] if end else last["bot_log"]
    page_log = end["page_log_with_shutdown"] if end else last["page_log"]
    out.append(
        f"errors: bot log {bot_log['errors']} ERROR, {bot_log['tracebacks']} tracebacks, {bot_log['warnings']} "
        f"warnings; page log {page_log['errors']} ERROR, {page_log['tracebacks']} tracebacks, "
        f"{page_log['warnings']} warnings (shutdown included: {'yes' if end else 'no'}); web player failures "
        f"{last['web_failures']}; fake violations {last['fake_violations']}, member give-ups "
        f"{last['member_give_ups']}, tables not opened {last['open_failures']}, driver errors {last['driver_errors']}"
    )
    first_errors = [error for sample in samples for error in sample.get("new_error_lines", [])]
    if first_errors:
        out.append("first distinct error lines:")
        out += [f"  [{e['log']}] {e['line']}" for e in first_errors[: 3 * DISTINCT_ERRORS]]
    if end and end.get("fake_violation_lines"):
        out.append("fake violations: " + "; ".join(end["fake_violation_lines"]))
    return "\n".join(out)


def read_lines(path: pathlib.Path) -> list[dict[str, Any]]:
    lines = []
    for text in path.read_text().splitlines():
        with contextlib.suppress(ValueError):  # a last line cut short by a hard stop
            lines.append(json.loads(text))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=7200.0, help="seconds from the bot's start")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--tables", type=int, default=100, help="live tables, all of them")
    parser.add_argument("--humans", type=int, default=4, help="members at each table (the rest computers)")
    parser.add_argument(
        "--length", choices=("four_winds", "one_wind", "one_hand"), default="four_winds", help="of a table's match"
    )
    parser.add_argument("--web-players", type=int, default=50)
    parser.add_argument("--solitaire", type=int, default=0, help="solitaire games in Discord beside")
    parser.add_argument("--store", choices=("sqlite", "redis"), default="sqlite")
    parser.add_argument("--open-concurrency", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default=None, help="default benchmarks/results/soak-<date>.jsonl")
    parser.add_argument("--summarize", default=None, metavar="FILE", help="only the summary of an earlier run")
    parser.add_argument("--web-players-against", default=None, help=argparse.SUPPRESS)  # the players' process
    parser.add_argument("--web-status", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.web_players_against:
        asyncio.run(web_players(args.web_players_against, args.web_players, pathlib.Path(args.web_status), args.every))
        return
    if args.summarize:
        print(summary(read_lines(pathlib.Path(args.summarize)), args.summarize))
        return
    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
    out = pathlib.Path(args.out or ROOT / "benchmarks" / "results" / f"soak-{stamp}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    print(
        f"soak: {args.tables} live tables, {args.web_players} web players, {args.store}, {args.duration:.0f} s; "
        f"a sample every {args.every:.0f} s to {out}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="soak-") as folder:
        soak = Soak(args, pathlib.Path(folder), out)
        asyncio.run(soak.run())
    print(summary(read_lines(out), str(out)), flush=True)


if __name__ == "__main__":
    main()

"""The table page on one host at scale (issue 47, item 3): two ``mahjong-bot web`` processes on one Redis and
one PostgreSQL ledger, ``--open`` open tables of which ``--live`` are played on the page by four players
each, their sockets split across both processes.

    .venv/bin/python benchmarks/page_scale.py --open 10000 --live 2000 --seconds 60
    .venv/bin/python benchmarks/page_scale.py --open 1000 --live 200 --json benchmarks/results/page-scale-DATE.json

What it starts: a redis-server of its own on a free port (nothing kept on disk: ``--save ""``, no
append-only file, as the host's own Redis), a PostgreSQL schema of its own on ``--postgres`` (the
``test`` database, trust auth; dropped after) for the ledger, and two ``mahjong-bot web`` processes
(``benchmarks/page_server.py``) on both. Either process may hold the table clock's lease.

The tables: ``--open`` − ``--live`` idle ones are lobbies with their host alone, opened through the core
(``TableService.open``, as the page's ``POST /table/new`` opens them, with its table settings) from this
process, which is a third application on the same stores (the page's ten new tables a minute per
address would make 8 000 page hosts; the table is the same document, its open published to both
pages alike): open tables the store keeps and whose idle limit the clock carries (a started table nobody
moves is not idle: its clock plays for its absent members). The ``--live`` tables are opened on the page
as ``table_page.py`` opens them (``/table/new``, three joins, Start; no computers), by four page members
each with their own cookie and loopback address (``table_page_client``), seats 0 and 2 on one process and
1 and 3 on the other (alternating by table), so every move's frames cross processes.

The players: ``--clients`` worker processes (``multiprocessing``), each with its share of the live tables'
members, who move ``--think`` seconds (1 to 4 by default, seeded, as ``table_page.py``'s) after the frame
that asks them; a hand ended is dealt again by each member 2 to 5 s after. After ``--warmup`` s,
``--seconds`` s measured:

- a move, from its message sent to the first frame showing it at every one of its table's four sockets
  (p50 / p99), at each socket, and at each socket on the other process than the mover's;
- moves accepted a second, refusals, hands ended, frames received;
- each page process's CPU (share of a core and per accepted move) and RSS; how long its main thread
  waited for a core (``/proc/<pid>/schedstat``);
- Redis's CPU (``INFO cpu``), memory (``used_memory``, its RSS), commands a second;
- memory per open socket: each page's RSS after the live tables' sockets opened and played (the warm-up
  and the window, a minute or more) less its RSS before they opened, over its sockets (permessage-deflate
  on, as browsers offer it; ``--no-compress`` for without). That growth holds the tables' own state as
  played too, so it bounds a socket's cost from above;
- each client process's CPU and event loop lag: a late client is not a slow server.

``--profile`` records each page process with py-spy (``--py-spy``, not a dependency of the project:
``pip install --target DIR py-spy``) for the window, non-blocking, sampling whichever thread holds the
interpreter's lock (``--gil``: where its Python CPU goes), and prints the functions with the most samples,
their own and with what they call.

The load average is printed beside each figure: the host may be shared. Timings are figures to print,
never tests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import multiprocessing.connection
import os
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
from collections import Counter, defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402
import redis.asyncio as aioredis  # noqa: E402

from benchmarks.page_server import free_port, start_page, stop_page  # noqa: E402
from benchmarks.table_page_client import (  # noqa: E402
    LiveTable,
    LoadRun,
    LoopLag,
    Member,
    Players,
    load_average,
    log_errors,
    now,
    proc_cpu,
    proc_rss,
    quantile,
    seat_table,
)

MB = 2**20
IDLE_HOST = 10**12
"""Member ids of the idle tables' hosts (the page's own players are random ids below 2**53)."""


def progress(step: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {step} (load {load_average()})", file=sys.stderr, flush=True)


def ms(values: list[float], q: float) -> float:
    return 1e3 * quantile(values, q)


def run_delay(pid: int) -> float:
    """Seconds process ``pid``'s main thread has waited for a core while it could run."""
    return int(pathlib.Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


def machine_cpu() -> tuple[float, float, float]:
    """The host's CPU seconds since boot, all cores (``/proc/stat``): busy, idle (with I/O wait), stolen
    (by the hypervisor for other guests)."""
    fields = [int(x) for x in pathlib.Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = fields[:8]
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / tick, (idle + iowait) / tick, steal / tick


def more_files() -> int:
    """This process's open files raised to the hard limit (the pages and clients inherit it): its limit."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


# --- the stores -----------------------------------------------------------------------------------------


class OwnRedis:
    """A redis-server on a free port, keeping nothing on disk (as the host's own Redis is started)."""

    def __init__(self, folder: pathlib.Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(folder)),
                *("--save", "", "--appendonly", "no", "--maxclients", "10000"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def started(self) -> None:
        for _ in range(200):
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return
            await asyncio.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


async def redis_info(client: aioredis.Redis) -> dict[str, float]:
    info = await client.info()
    return {
        "cpu_s": float(info["used_cpu_sys"]) + float(info["used_cpu_user"]),
        "used_memory": float(info["used_memory"]),
        "used_memory_rss": float(info["used_memory_rss"]),
        "commands": float(info["total_commands_processed"]),
        "keys": float(info.get("db0", {}).get("keys", 0)) if isinstance(info.get("db0"), dict) else 0.0,
        "clients": float(info["connected_clients"]),
    }


@contextlib.asynccontextmanager
async def postgres_schema(url: str) -> AsyncIterator[str]:
    """A schema of its own on ``url``'s server, dropped after: the URL whose connections use it."""
    raw = await asyncpg.connect(url, timeout=5)
    name = f"page_scale_{uuid.uuid4().hex[:12]}"
    await raw.execute(f"CREATE SCHEMA {name}")
    try:
        parts = urllib.parse.urlsplit(url)
        query = urllib.parse.urlencode([*urllib.parse.parse_qsl(parts.query), ("search_path", name)])
        yield urllib.parse.urlunsplit(parts._replace(query=query))
    finally:
        await raw.execute(f"DROP SCHEMA {name} CASCADE")
        await raw.close()


async def open_idle(redis_url: str, database_url: str, count: int, concurrency: int = 32) -> float:
    """``count`` lobbies with their host alone, opened through the core from this process (an application
    on the same stores, its clock not started): seconds taken."""
    from core.application import build_application
    from core.settings import Settings
    from core.tables.moves import Actor
    from core.tables.options import SPEED_TIMINGS, table_defaults, table_rules, table_settings
    from data.ledger import GuildSettings
    from web.guard import WEB_GUILD

    started = time.monotonic()
    application = await build_application(
        Settings(token="benchmark", redis_url=redis_url, database_url=database_url, log_level="WARNING")
    )
    try:
        rules = table_rules("classic", None)
        settings = table_settings(table_defaults(GuildSettings(), SPEED_TIMINGS, rules="classic"), rules, "en")
        gate = asyncio.Semaphore(concurrency)

        async def one(index: int) -> None:
            async with gate:
                host = Actor(IDLE_HOST + index, WEB_GUILD, f"host {index}")
                await application.tables.open(host=host, guild_id=WEB_GUILD, settings=settings)

        await asyncio.gather(*(one(index) for index in range(count)))
    finally:
        await application.stop()
    return time.monotonic() - started


# --- the players' processes -----------------------------------------------------------------------------


@dataclass
class ClientSpec:
    number: int
    bases: tuple[str, str]
    tables: list[int]  # the global indexes of its live tables
    seed: int
    think: tuple[float, float]
    compress: bool
    concurrency: int


def client_main(spec: ClientSpec, conn: multiprocessing.connection.Connection) -> None:
    """A players' process: seat its tables, play them when told, measure when told, say what it saw."""
    more_files()
    asyncio.run(client(spec, conn))


async def told(conn: multiprocessing.connection.Connection) -> Any:
    """What the other end of ``conn`` sends next (a word, or a dict of figures), waited for off the loop."""
    return await asyncio.get_running_loop().run_in_executor(None, conn.recv)


async def client(spec: ClientSpec, conn: multiprocessing.connection.Connection) -> None:
    started = time.monotonic()
    gate = asyncio.Semaphore(spec.concurrency)
    live: list[LiveTable] = []
    failed: list[str] = []

    async def seat(index: int) -> None:
        async with gate:
            # seats 0 and 2 on one process, 1 and 3 on the other, alternating by table
            members = [Member(spec.bases[(index + k) % 2], 4 * index + k, spec.seed) for k in range(4)]
            try:
                await seat_table(members, "rules=classic&computers=0", compress=spec.compress)
            except Exception as error:  # counted and said: the run goes on without the table
                failed.append(f"{type(error).__name__}: {error}"[:200])
                for member in members:
                    await member.close()
                return
            live.append(LiveTable(members))

    await asyncio.gather(*(seat(index) for index in spec.tables))
    conn.send(
        {"seated": len(live), "failed": failed[:5], "failures": len(failed), "setup_s": time.monotonic() - started}
    )
    run = LoadRun()
    players = Players(run, think=spec.think)
    assert await told(conn) == "play"
    for table in live:
        players.follow(table)
    gc.collect()
    gc.freeze()
    lag = LoopLag()
    watching = asyncio.create_task(lag.watch())
    assert await told(conn) == "measure"
    lag.lags.clear()
    own_from, waited_from = time.process_time(), run_delay(os.getpid())
    frames_from = sum(member.frames for table in live for member in table.members)
    run.measuring = True
    assert await told(conn) == "stop"
    run.measuring = False
    own_cpu, waited = time.process_time() - own_from, run_delay(os.getpid()) - waited_from
    frames = sum(member.frames for table in live for member in table.members) - frames_from
    lags = list(lag.lags)
    await asyncio.sleep(3.0)  # the last moves' frames
    unshown = players.unshown()
    await players.stop()
    watching.cancel()
    conn.send(
        {
            "sent": run.sent,
            "refused": run.refused,
            "refusals": dict(run.refusals),
            "unshown": unshown,
            "latencies": run.latencies,
            "sent_at": run.sent_at,
            "viewers": run.viewers,
            "across": run.across,
            "hands_ended": run.hands_ended,
            "frames": frames,
            "cpu_s": own_cpu,
            "waited_s": waited,
            "lags": lags,
        }
    )
    assert await told(conn) == "close"
    await asyncio.gather(*(member.close() for table in live for member in table.members))
    conn.send("closed")


# --- the run ----------------------------------------------------------------------------------------------


class Pages:
    """The two page processes' measures, sampled each second."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.samples: list[dict[str, Any]] = []

    async def sample(self, redis: aioredis.Redis) -> None:
        while True:
            info = await redis_info(redis)
            self.samples.append(
                {
                    "t": time.monotonic(),
                    "cpu": [proc_cpu(pid) for pid in self.pids],
                    "rss": [proc_rss(pid) for pid in self.pids],
                    "waited": [run_delay(pid) for pid in self.pids],
                    "redis": info,
                    "load": load_average(),
                }
            )
            await asyncio.sleep(1.0)


async def py_spy(binary: str, pid: int, seconds: float, into: pathlib.Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            *(binary, "record", "--nonblocking", "--gil", "--format", "raw", "-r", "50", "-d", str(int(seconds))),
            *("-p", str(pid), "-o", str(into)),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def frame_name(frame: str) -> str:
    """``function (path/file.py:line)`` as ``function file.py``."""
    function, _, place = frame.partition(" (")
    return f"{function} {place.rsplit('/', 1)[-1].split(':')[0].rstrip(')')}"


def profile_summary(path: pathlib.Path, top: int = 25) -> dict[str, Any]:
    """py-spy's collapsed stacks: samples in all, and the functions with most samples, their own (the leaf)
    and with what they call (inclusive, once per stack)."""
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    total = 0
    if not path.exists():
        return {"samples": 0}
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack:
            continue
        count = int(count_text)
        frames = [frame_name(frame) for frame in stack.split(";")]
        total += count
        own[frames[-1]] += count
        for frame in set(frames):
            inclusive[frame] += count
    return {
        "samples": total,
        "own": [(name, count / total) for name, count in own.most_common(top)],
        "inclusive": [(name, count / total) for name, count in inclusive.most_common(top * 2)],
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    limit = more_files()
    live_count = min(args.live, args.open)
    figures: dict[str, Any] = {
        "open": args.open,
        "live": live_count,
        "sockets": 4 * live_count,
        "think_s": args.think,
        "clients": args.clients,
        "compress": not args.no_compress,
        "files_limit": limit,
        "load_before": load_average(),
        "date": time.strftime("%Y-%m-%d %H:%M"),
    }
    with tempfile.TemporaryDirectory(prefix="page-scale-") as name:
        folder = pathlib.Path(name)
        redis_server = OwnRedis(folder)
        pages: list[asyncio.subprocess.Process] = []
        try:
            await redis_server.started()
            redis = aioredis.Redis.from_url(redis_server.url)
            async with postgres_schema(args.postgres) as database_url:
                settings = {"REDIS_URL": redis_server.url, "DATABASE_URL": database_url, "LOG_LEVEL": "WARNING"}
                ports = [free_port(), free_port()]
                for port in ports:
                    (folder / str(port)).mkdir()
                    pages.append(await start_page(folder / str(port), port, settings))
                bases = (f"http://127.0.0.1:{ports[0]}", f"http://127.0.0.1:{ports[1]}")
                pids = [page.pid for page in pages]
                progress(f"redis-server on {redis_server.port}, pages {pids} on {ports}")
                figures["rss_empty_mb"] = [proc_rss(pid) / MB for pid in pids]
                figures["idle_open_s"] = await open_idle(redis_server.url, database_url, args.open - live_count)
                await asyncio.sleep(2.0)
                progress(f"{args.open - live_count} idle tables opened in {figures['idle_open_s']:.0f} s")
                figures["rss_idle_mb"] = [proc_rss(pid) / MB for pid in pids]
                figures["redis_idle"] = await redis_info(redis)
                rss_before = [proc_rss(pid) for pid in pids]
                figures.update(
                    await play(args, bases, pids, redis, redis_server.process.pid, live_count, folder, rss_before)
                )
                figures["errors"] = [line for port in ports for line in log_errors(folder / str(port))][:10]
                figures["redis_end"] = await redis_info(redis)
                await redis.aclose()
        finally:
            for page in pages:
                await stop_page(page)
            redis_server.stop()
    figures["load_after"] = load_average()
    return figures


async def play(
    args: argparse.Namespace,
    bases: tuple[str, str],
    pids: list[int],
    redis: aioredis.Redis,
    redis_pid: int,
    live: int,
    folder: pathlib.Path,
    rss_before: list[int],
) -> dict[str, Any]:
    """The live tables seated by the clients, played for the warm-up, measured for the window."""
    context = multiprocessing.get_context("spawn")
    shares: list[list[int]] = [list(range(number, live, args.clients)) for number in range(args.clients)]
    conns: list[multiprocessing.connection.Connection] = []
    workers: list[Any] = []
    per_client = max(1, args.open_concurrency // args.clients)
    started = time.monotonic()
    for number, share in enumerate(shares):
        mine, theirs = context.Pipe()
        spec = ClientSpec(number, bases, share, args.seed, args.think, not args.no_compress, per_client)
        worker = context.Process(target=client_main, args=(spec, theirs), daemon=True)
        worker.start()
        conns.append(mine)
        workers.append(worker)
    figures: dict[str, Any] = {}
    try:
        seated = [await told(conn) for conn in conns]
        figures["live_setup_s"] = time.monotonic() - started
        figures["seated"] = sum(said["seated"] for said in seated)
        figures["seat_failures"] = sum(said["failures"] for said in seated)
        figures["seat_failed"] = [line for said in seated for line in said["failed"]][:5]
        progress(f"{figures['seated']} live tables seated in {figures['live_setup_s']:.0f} s")
        await asyncio.sleep(2.0)
        rss_open = [proc_rss(pid) for pid in pids]
        figures["rss_open_mb"] = [rss / MB for rss in rss_open]
        pages = Pages(pids)
        sampling = asyncio.create_task(pages.sample(redis))
        for conn in conns:
            conn.send("play")
        await asyncio.sleep(args.warmup)
        spies: list[subprocess.Popen[bytes]] = []
        if args.profile:
            spies = [await py_spy(args.py_spy, pid, args.seconds, folder / f"profile-{pid}.txt") for pid in pids]
        for conn in conns:
            conn.send("measure")
        window_from, load_from = time.monotonic(), load_average()
        measured_from = now()
        cpu_from = [proc_cpu(pid) for pid in pids]
        machine_from = machine_cpu()
        waited_from = [run_delay(pid) for pid in pids]
        redis_from = await redis_info(redis)
        redis_cpu_from = proc_cpu(redis_pid)
        await asyncio.sleep(args.seconds)
        for conn in conns:
            conn.send("stop")
        window = time.monotonic() - window_from
        load_to = load_average()
        page_cpu = [proc_cpu(pid) - before for pid, before in zip(pids, cpu_from, strict=True)]
        machine = [after - before for after, before in zip(machine_cpu(), machine_from, strict=True)]
        page_waited = [run_delay(pid) - before for pid, before in zip(pids, waited_from, strict=True)]
        redis_to = await redis_info(redis)
        rss_end = [proc_rss(pid) for pid in pids]
        results = [await told(conn) for conn in conns]
        sampling.cancel()
        for spy in spies:
            with contextlib.suppress(subprocess.TimeoutExpired):
                spy.wait(30)
        latencies = [x for said in results for x in said["latencies"]]
        sent_at = [x for said in results for x in said["sent_at"]]
        viewers = [x for said in results for x in said["viewers"]]
        across = [x for said in results for x in said["across"]]
        lags = [x for said in results for x in said["lags"]]
        sent = sum(said["sent"] for said in results)
        refused = sum(said["refused"] for said in results)
        accepted = sent - refused
        refusals: dict[str, int] = defaultdict(int)
        for said in results:
            for key, count in said["refusals"].items():
                refusals[key] += count
        slow: dict[int, int] = defaultdict(int)
        for at, latency in zip(sent_at, latencies, strict=True):
            if latency > 0.1:
                slow[int(at - measured_from)] += 1
        sockets = [2 * figures["seated"], 2 * figures["seated"]]
        figures.update(
            {
                "warmup_s": args.warmup,
                "window_s": window,
                "load_in_window": f"{load_from} → {load_to}",
                "moves": sent,
                "accepted": accepted,
                "moves_per_s": accepted / window,
                "refused": dict(refusals),
                "unshown": sum(said["unshown"] for said in results),
                "hands_ended": sum(said["hands_ended"] for said in results),
                "frames_per_s": sum(said["frames"] for said in results) / window,
                "table_n": len(latencies),
                "table_p50_ms": ms(latencies, 0.5),
                "table_p99_ms": ms(latencies, 0.99),
                "table_max_ms": 1e3 * max(latencies, default=float("nan")),
                "viewer_n": len(viewers),
                "viewer_p50_ms": ms(viewers, 0.5),
                "viewer_p99_ms": ms(viewers, 0.99),
                "across_n": len(across),
                "across_p50_ms": ms(across, 0.5),
                "across_p99_ms": ms(across, 0.99),
                "slow_by_second": dict(sorted(slow.items())),
                "page_cpu_share": [cpu / window for cpu in page_cpu],
                # the host's cores in the window (cores busy, idle, stolen): what ours used besides others'
                "machine_busy_cores": machine[0] / window,
                "machine_idle_cores": machine[1] / window,
                "machine_stolen_cores": machine[2] / window,
                "page_cpu_per_move_ms": 1e3 * sum(page_cpu) / accepted if accepted else float("nan"),
                "page_waited_ms_per_s": [1e3 * w / window for w in page_waited],
                "rss_end_mb": [rss / MB for rss in rss_end],
                "per_socket_kib": [
                    (end - before) / 1024 / count if count else float("nan")
                    for end, before, count in zip(rss_end, rss_before, sockets, strict=True)
                ],
                "redis_cpu_share": (redis_to["cpu_s"] - redis_from["cpu_s"]) / window,
                "redis_cpu_per_move_ms": 1e3 * (redis_to["cpu_s"] - redis_from["cpu_s"]) / accepted if accepted else 0,
                "redis_commands_per_s": (redis_to["commands"] - redis_from["commands"]) / window,
                "redis_commands_per_move": (redis_to["commands"] - redis_from["commands"]) / accepted
                if accepted
                else 0,
                "redis_used_memory_mb": redis_to["used_memory"] / MB,
                "redis_rss_mb": redis_to["used_memory_rss"] / MB,
                "redis_clients": redis_to["clients"],
                "redis_proc_cpu_share": (proc_cpu(redis_pid) - redis_cpu_from) / window,
                "client_cpu_share": [said["cpu_s"] / window for said in results],
                "client_waited_ms_per_s": [1e3 * said["waited_s"] / window for said in results],
                "client_lag_p99_ms": ms(lags, 0.99),
                "client_lag_max_ms": 1e3 * max(lags, default=float("nan")),
                "samples": [
                    {
                        "t": round(s["t"] - window_from, 1),
                        "cpu": [round(c, 2) for c in s["cpu"]],
                        "rss_mb": [round(r / MB, 1) for r in s["rss"]],
                        "redis_cpu": round(s["redis"]["cpu_s"], 2),
                        "load": s["load"],
                    }
                    for s in pages.samples
                ],
            }
        )
        if args.profile:
            figures["profiles"] = {str(pid): profile_summary(folder / f"profile-{pid}.txt") for pid in pids}
        for conn in conns:
            conn.send("close")
        for conn in conns:
            await told(conn)
    finally:
        for worker in workers:
            worker.join(30)
            if worker.is_alive():
                worker.terminate()
    return figures


def report(f: dict[str, Any]) -> str:
    def pair(values: list[float], form: str) -> str:
        return " / ".join(form.format(value) for value in values)

    lines = [
        f"{f['open']} open tables, {f['seated']} live on the page ({4 * f['seated']} sockets, two a table on each of "
        f"two page processes), {f['clients']} client processes, think {f['think_s'][0]:g}–{f['think_s'][1]:g} s, "
        f"permessage-deflate {'on' if f['compress'] else 'off'} ({f['date']}; load {f['load_before']} → "
        f"{f['load_after']}, in the window {f['load_in_window']})",
        f"  idle tables opened through the core in {f['idle_open_s']:.0f} s; live tables seated in "
        f"{f['live_setup_s']:.0f} s ({f['seat_failures']} failed: {f['seat_failed']})",
        f"  {f['accepted']} moves accepted in {f['window_s']:.0f} s ({f['moves_per_s']:.1f} a second; refused "
        f"{f['refused'] or 0}), {f['hands_ended']} hands ended, {f['frames_per_s']:.0f} frames a second received, "
        f"{f['unshown']} never shown",
        f"  move → frame at all 4 sockets: p50 {f['table_p50_ms']:.1f} ms, p99 {f['table_p99_ms']:.1f} ms, max "
        f"{f['table_max_ms']:.0f} ms (n={f['table_n']}; goal p99 ≤ 100 ms)",
        f"  move → frame at each socket: p50 {f['viewer_p50_ms']:.1f}, p99 {f['viewer_p99_ms']:.1f} ms; at a socket "
        f"on the other process: p50 {f['across_p50_ms']:.1f}, p99 {f['across_p99_ms']:.1f} ms (n={f['across_n']})",
        f"  pages: CPU {pair([100 * x for x in f['page_cpu_share']], '{:.0f} %')} of a core, "
        f"{f['page_cpu_per_move_ms']:.2f} ms a move (both); waited for a core "
        f"{pair(f['page_waited_ms_per_s'], '{:.0f}')} ms/s",
        f"  pages' RSS: empty {pair(f['rss_empty_mb'], '{:.0f}')} MB, idle tables {pair(f['rss_idle_mb'], '{:.0f}')}, "
        f"sockets open {pair(f['rss_open_mb'], '{:.0f}')}, after play {pair(f['rss_end_mb'], '{:.0f}')} MB → "
        f"{pair(f['per_socket_kib'], '{:.0f}')} KiB a socket (goal ≤ 64 KiB)",
        f"  redis: {100 * f['redis_cpu_share']:.0f} % of a core ({f['redis_cpu_per_move_ms']:.3f} ms a move), "
        f"{f['redis_commands_per_s']:.0f} commands/s ({f['redis_commands_per_move']:.1f} a move), used_memory "
        f"{f['redis_used_memory_mb']:.0f} MB (idle tables only: {f['redis_idle']['used_memory'] / MB:.0f} MB), "
        f"RSS {f['redis_rss_mb']:.0f} MB, {f['redis_clients']:.0f} clients",
        f"  the host: {f['machine_busy_cores']:.2f} cores busy, {f['machine_idle_cores']:.2f} idle, "
        f"{f['machine_stolen_cores']:.2f} stolen (all processes); ours (pages, redis-server, clients) "
        f"{sum(f['page_cpu_share']) + f['redis_proc_cpu_share'] + sum(f['client_cpu_share']):.2f}",
        f"  clients: CPU {pair([100 * x for x in f['client_cpu_share']], '{:.0f} %')} of a core, waited "
        f"{pair(f['client_waited_ms_per_s'], '{:.0f}')} ms/s, loop lag p99 {f['client_lag_p99_ms']:.0f} ms, max "
        f"{f['client_lag_max_ms']:.0f} ms",
        f"  moves over 100 ms by the second they were sent in: {f['slow_by_second']}",
        *(f"  page log: {line}" for line in f["errors"]),
    ]
    for pid, summary in f.get("profiles", {}).items():
        if not summary.get("samples"):
            continue
        lines.append(f"  page {pid} profile ({summary['samples']} samples): own time")
        lines += [f"    {100 * share:5.1f} %  {name}" for name, share in summary["own"][:15]]
        lines.append("   with what they call")
        lines += [f"    {100 * share:5.1f} %  {name}" for name, share in summary["inclusive"][:30]]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--open", type=int, default=10_000, help="open tables (default 10 000)")
    parser.add_argument("--live", type=int, default=2_000, help="of which live on the page (default 2 000)")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds played before")
    parser.add_argument("--think", default="1,4", help="a player's think time, seconds from,to (default 1,4)")
    parser.add_argument("--clients", type=int, default=2, help="players' processes (default 2)")
    parser.add_argument("--open-concurrency", type=int, default=32, help="tables seated at once, all clients")
    parser.add_argument("--no-compress", action="store_true", help="sockets without permessage-deflate")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--profile", action="store_true", help="py-spy each page for the window")
    parser.add_argument("--py-spy", default=shutil.which("py-spy") or "/tmp/pyspy/bin/py-spy")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", default=None, help="add the figures to this file (its runs)")
    args = parser.parse_args()
    low, high = (float(x) for x in args.think.split(","))
    args.think = (low, high)
    figures = asyncio.run(run(args))
    print(report(figures), flush=True)
    if args.json:
        path = pathlib.Path(args.json)
        # a day's file: its runs under "runs", beside what was said of them
        kept = json.loads(path.read_text()) if path.exists() else {"benchmark": "page_scale.py", "runs": []}
        kept["runs"].append(figures)
        path.write_text(json.dumps(kept, indent=1, default=str))


if __name__ == "__main__":
    main()

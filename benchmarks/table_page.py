"""The table page measured (issue 39): its first load, 1000 open tables, a move's CPU against a Discord
click's, what a member downloads per hand, the memory of an open socket.

    .venv/bin/python benchmarks/table_page.py                      # every part, quick sizes (a smoke run)
    .venv/bin/python benchmarks/table_page.py --part load --full   # one part at the issue's sizes
    .venv/bin/python benchmarks/table_page.py --full --json benchmarks/results/table-page-DATE.json

Parts (``--part``, each runnable alone; quick sizes unless ``--full``):

- ``first-load``: ``mahjong-bot web`` in its own process on a fresh embedded store. Every file the table
  page loads (``/table/<id>``, its script, styles, words and the tiles' sprite sheet; not the Discord
  SDK's bundle, which only the Activity loads), fetched as a browser does with ``Accept-Encoding: gzip,
  br``: the bytes on the wire and how each was encoded; then in Debian's Chromium through Playwright
  (``tests/web/browser.py``), a fresh phone context each run, the sum of the navigation's and every
  resource's ``transferSize`` and the time from navigating to ``/table/new?rules=hongkong&computers=3``
  (its Start page, whose Start is pressed at once) to the first ``#hand button`` (the host presses the
  lobby's Start once it shows): the median of
  ``--runs`` (the page's ten new tables a minute per address bound them).
- ``load``: ``mahjong-bot web`` in its own process on the embedded SQLite store, ``--tables`` open
  tables (1000 with ``--full``), ``--live`` of them (200) played on the page by four members each (four
  cookies, four addresses, four sockets: ``/table/new``, three joins, Start; no computers), each member
  moving 1 to 4 s after the frame that makes it their move (``table_page_client``), one member dealing
  the next hand 2 to 5 s after one ends; the other tables are lobbies with their host alone, nobody
  watching (a started table nobody moves is not idle: its clock plays for its absent members). After
  ``--warmup`` s, ``--duration`` s measured: a move, from its message sent to the first frame showing
  it (a newer version whose step is later, or whose awaited seats no longer hold the mover) received
  at every one of its table's four sockets, p50 / p99; the server's CPU per accepted move and its RSS;
  this process's CPU (the members' side: if it nears a whole core, the client limited the run) and its
  event loop's lag, which the times include.
- ``cpu``: a move's CPU through the page's path and through Discord's, in one process
  (``table_page_cpu``): ``--hands`` seeded hands per row.
- ``bytes``: ``mahjong-bot web``, and four members playing seeded one-hand practice tables
  (``--hands`` per rule set) at once through a counting proxy: per member and hand, the frames' bytes
  as sent without compression (the text and each WebSocket frame's header) and the bytes on the wire
  with permessage-deflate, which the server takes whenever a browser offers it (aiohttp's default).
- ``memory``: ``mahjong-bot web``'s RSS with the tables open (a quarter of the largest of ``--sockets``),
  then with ``--sockets`` (0, 400, 800 with ``--full``) sockets open on them, four a table (the tables
  full lobbies once their members joined, nothing moving), permessage-deflate offered as browsers do;
  then the tables started (every socket sent its first frame of a hand); then after ``--play`` s (60)
  of the load's members playing them, when each socket's compression window has filled (zlib touches
  its buffers as data goes through); then with the sockets closed. The same on a fresh server without
  compression.

Timings are figures to print, never tests. ``uptime``'s load is printed beside each part.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import pathlib
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from typing import Any

import aiohttp

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import table_page_cpu  # noqa: E402
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
    sample,
    seat_table,
    slow_seconds,
)
from tests.web.browser import LAUNCH_ARGS, PHONE, chromium_path  # noqa: E402

ENTRIES = """() => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
    .map(e => [e.name, e.transferSize, e.encodedBodySize, e.decodedBodySize])"""
PARTS = ("first-load", "cpu", "bytes", "memory", "load")
PAGE_FILES = ("table.js", "table.css", "tiles.webp")
MB = 2**20


@contextlib.asynccontextmanager
async def served() -> Any:
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        port = free_port()
        settings = {"DATABASE_PATH": str(folder / "web.sqlite3"), "LOG_LEVEL": "WARNING"}
        server = await start_page(folder, port, settings)
        try:
            yield server, f"http://127.0.0.1:{port}", folder
        finally:
            await stop_page(server)


# --- first load -----------------------------------------------------------------------------------------


async def first_load(runs: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"load_before": load_average()}
    async with served() as (_, base, folder):
        tables, sizes, ready, lobby, entries = [], [], [], [], []
        from playwright.async_api import async_playwright

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=LAUNCH_ARGS)
            for _ in range(runs):
                context = await browser.new_context(**PHONE)
                page = await context.new_page()
                started = time.perf_counter()
                await page.goto(f"{base}/table/new?rules=hongkong&computers=3")
                await page.click("button[data-action=open-table]")  # the Start page: one press opens it
                await page.wait_for_selector("#moves button[data-action=start]")
                lobby.append(time.perf_counter() - started)
                await page.click("#moves button[data-action=start]")
                await page.wait_for_selector("#hand button")
                ready.append(time.perf_counter() - started)
                tables.append(page.url.rsplit("/", 1)[1])
                shown = await page.evaluate(ENTRIES)
                sizes.append(sum(entry[1] for entry in shown))
                entries = shown
                await context.close()
            await browser.close()
        figures["browser_entries"] = [[name.replace(base, ""), *rest] for name, *rest in entries]
        figures["browser_kb"] = statistics.median(sizes) / 1000
        figures["lobby_ms"] = 1e3 * statistics.median(lobby)
        figures["ready_ms"] = 1e3 * statistics.median(ready)
        figures["ready_max_ms"] = 1e3 * max(ready)
        figures["runs"] = runs
        figures["files"] = await wire_sizes(base, tables[-1])
        figures["errors"] = log_errors(folder)
    figures["load_after"] = load_average()
    return figures


async def wire_sizes(base: str, table_id: str) -> list[dict[str, Any]]:
    """Each file the page loads, as served with ``Accept-Encoding: gzip, br``: its body's bytes on the wire
    (not decoded), its headers' and its encoding."""
    paths = [f"/table/{table_id}", *(f"/static/{name}" for name in PAGE_FILES), "/api/words?lang=en"]
    found = []
    async with aiohttp.ClientSession(auto_decompress=False, cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        for path in paths:
            async with session.get(f"{base}{path}", headers={"Accept-Encoding": "gzip, br"}) as answer:
                body = await answer.read()
                head = sum(len(k) + len(v) + 4 for k, v in answer.raw_headers) + 17
                found.append(
                    {
                        "path": path if not path.startswith("/table/") else "/table/<id>",
                        "status": answer.status,
                        "encoding": answer.headers.get("Content-Encoding", "identity"),
                        "body": len(body),
                        "head": head,
                    }
                )
    return found


def first_load_report(f: dict[str, Any]) -> str:
    lines = [f"first load (load {f['load_before']} → {f['load_after']}):"]
    total = 0
    for entry in f["files"]:
        total += entry["body"] + entry["head"]
        lines.append(
            f"  {entry['path']:<24} {entry['status']} {entry['encoding']:<9} body {entry['body'] / 1000:7.1f} KB, "
            f"headers {entry['head'] / 1000:.1f} KB"
        )
    lines.append(f"  all of it over the wire (Accept-Encoding: gzip, br): {total / 1000:.1f} KB (goal ≤ 250 KB)")
    lines.append(f"  in Chromium: {f['browser_kb']:.1f} KB of transferSize (median of {f['runs']} fresh loads)")
    for name, transfer, encoded, decoded in f["browser_entries"]:
        lines.append(f"    {name[:60]:<60} transfer {transfer:>7} encoded {encoded:>7} decoded {decoded:>7}")
    lines.append(
        f"  navigating to /table/new?rules=hongkong&computers=3, its Start pressed → lobby {f['lobby_ms']:.0f} ms, "
        f"→ first #hand button (Start pressed) {f['ready_ms']:.0f} ms (median; slowest {f['ready_max_ms']:.0f} ms)"
    )
    if f["errors"]:
        lines.append(f"  server log errors: {f['errors'][:3]}")
    return "\n".join(lines)


# --- load ---------------------------------------------------------------------------------------------


async def load(args: argparse.Namespace) -> dict[str, Any]:
    tables, live = args.tables, min(args.live, args.tables)
    figures: dict[str, Any] = {"tables": tables, "live": live, "load_before": load_average()}
    async with served() as (server, base, folder):
        rss_empty = proc_rss(server.pid)
        started = time.monotonic()
        run = LoadRun()
        players = Players(run)
        live_tables: list[LiveTable] = []
        gate = asyncio.Semaphore(args.open_concurrency)

        async def open_live(index: int) -> None:
            async with gate:
                members = [Member(base, 4 * index + k, args.seed) for k in range(4)]
                await seat_table(members, "rules=classic&computers=0")
                live_tables.append(LiveTable(members))

        async def open_idle(index: int) -> None:
            async with gate:
                host = Member(base, 4 * index, args.seed)
                try:
                    await host.open_table("rules=classic&computers=0")
                finally:
                    await host.close()

        await asyncio.gather(*(open_idle(index) for index in range(live, tables)))
        await asyncio.sleep(1.0)
        rss_idle = proc_rss(server.pid)
        await asyncio.gather(*(open_live(index) for index in range(live)))
        figures["setup_s"] = time.monotonic() - started
        await asyncio.sleep(1.0)
        rss_open = proc_rss(server.pid)
        for table in live_tables:
            players.follow(table)
        gc.collect()
        gc.freeze()
        lag = LoopLag()
        watching = asyncio.create_task(lag.watch())
        samples: list[tuple[float, float, float]] = []
        sampling = asyncio.create_task(sample(server.pid, samples))
        await asyncio.sleep(args.warmup)
        lag.lags.clear()
        cpu_from, own_from, window_from = proc_cpu(server.pid), time.process_time(), time.monotonic()
        frames_from = sum(m.frames for t in live_tables for m in t.members)
        run.measuring = True
        await asyncio.sleep(args.duration)
        run.measuring = False
        window = time.monotonic() - window_from
        server_cpu = proc_cpu(server.pid) - cpu_from
        own_cpu = time.process_time() - own_from
        frames = sum(m.frames for t in live_tables for m in t.members) - frames_from
        rss_end = proc_rss(server.pid)
        await asyncio.sleep(2.0)  # the last moves' frames
        unshown = players.unshown()
        await players.stop()
        watching.cancel()
        sampling.cancel()
        measured_from = window_from - time.monotonic() + now()  # the window's start on perf_counter
        for table in live_tables:
            for member in table.members:
                await member.close()
        accepted = run.sent - run.refused
        figures.update(
            {
                "window_s": window,
                "moves": run.sent,
                "accepted": accepted,
                "moves_per_s": accepted / window,
                "refused": dict(run.refusals),
                "unshown": unshown,
                "shown_n": len(run.latencies),
                "p50_ms": 1e3 * quantile(run.latencies, 0.5),
                "p99_ms": 1e3 * quantile(run.latencies, 0.99),
                "max_ms": 1e3 * max(run.latencies, default=float("nan")),
                "hands_ended": run.hands_ended,
                "frames_per_s": frames / window,
                "server_cpu_share": server_cpu / window,
                "server_cpu_per_move_ms": 1e3 * server_cpu / accepted if accepted else float("nan"),
                "client_cpu_share": own_cpu / window,
                "client_lag_p99_ms": 1e3 * quantile(lag.lags, 0.99),
                "client_lag_max_ms": 1e3 * max(lag.lags, default=float("nan")),
                "rss_empty_mb": rss_empty / MB,
                "rss_idle_tables_mb": rss_idle / MB,
                "rss_open_mb": rss_open / MB,
                "rss_end_mb": rss_end / MB,
                "errors": log_errors(folder)[:5],
                "slow_by_second": slow_seconds(run, measured_from),
                "samples": [(round(t - window_from, 1), round(cpu, 2), round(rss / MB, 1)) for t, cpu, rss in samples],
            }
        )
    figures["load_after"] = load_average()
    return figures


def load_report(f: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"load: {f['tables']} open tables, {f['live']} live on the page ({4 * f['live']} sockets), "
            f"opened in {f['setup_s']:.0f} s (load {f['load_before']} → {f['load_after']})",
            f"  {f['accepted']} moves accepted in {f['window_s']:.0f} s ({f['moves_per_s']:.1f} a second; refused "
            f"{f['refused'] or 0}), {f['hands_ended']} hands ended, {f['frames_per_s']:.0f} frames a second received",
            f"  move → frame at all 4 sockets: p50 {f['p50_ms']:.1f} ms, p99 {f['p99_ms']:.1f} ms, "
            f"max {f['max_ms']:.0f} ms (n={f['shown_n']}, {f['unshown']} never shown; goal p99 ≤ 100 ms)",
            f"  server: {100 * f['server_cpu_share']:.0f} % of a core, "
            f"{f['server_cpu_per_move_ms']:.2f} ms of CPU a move; "
            f"RSS empty {f['rss_empty_mb']:.0f} MB, with {f['tables'] - f['live']} idle tables "
            f"{f['rss_idle_tables_mb']:.0f} MB, all open {f['rss_open_mb']:.0f} MB, end {f['rss_end_mb']:.0f} MB",
            f"  members' process: {100 * f['client_cpu_share']:.0f} % of a core, loop lag p99 "
            f"{f['client_lag_p99_ms']:.0f} ms, max {f['client_lag_max_ms']:.0f} ms",
            f"  moves over 100 ms by the second they were sent in: {f['slow_by_second']}",
            "  server (s, CPU s, RSS MB): " + " ".join(f"{t:.0f}/{c:.1f}/{r:.0f}" for t, c, r in f["samples"][::5]),
            *(f"  server log: {line}" for line in f["errors"]),
        ]
    )


# --- bytes --------------------------------------------------------------------------------------------


class CountingProxy:
    """A TCP proxy in front of the server: the bytes it sends back to each client address."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.down: dict[str, int] = defaultdict(int)
        self.server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> None:
        self.server = await asyncio.start_server(self.connection, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = writer.get_extra_info("peername")[0]
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter, counted: bool) -> None:
            with contextlib.suppress(ConnectionError, asyncio.CancelledError):
                while data := await source.read(65536):
                    if counted:
                        self.down[client] += len(data)
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(Exception):
                sink.close()

        await asyncio.gather(pump(reader, up_writer, False), pump(up_reader, writer, True))

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()


async def bytes_part(hands: int) -> dict[str, Any]:
    figures: dict[str, Any] = {"load_before": load_average()}
    async with served() as (_, base, folder):
        proxy = CountingProxy(int(base.rsplit(":", 1)[1]))
        await proxy.start()
        number = 0
        for rules in ("classic", "hongkong"):
            per_member: list[dict[str, float]] = []
            for hand in range(hands):
                members = [
                    Member(base, number + k, 3000 + hand, socket_base=f"http://127.0.0.1:{proxy.port}")
                    for k in range(4)
                ]
                number += 4
                try:
                    per_member += await play_hand(members, rules, 3000 + hand, proxy)
                finally:
                    for member in members:
                        await member.close()
            figures[rules] = {key: statistics.fmean(m[key] for m in per_member) for key in per_member[0]}
            figures[rules]["hands"] = sum(m["hands"] for m in per_member) / 4
        await proxy.close()
        figures["errors"] = log_errors(folder)[:5]
    figures["load_after"] = load_average()
    return figures


async def play_hand(members: list[Member], rules: str, seed: int, proxy: CountingProxy) -> list[dict[str, float]]:
    """One seeded one-hand match of four page members moving as soon as their frame asks (a drawn hand is
    dealt again: the match ends with a hand won); each member's bytes per hand played, from opening the
    socket to the match's end."""
    from benchmarks.table_page_client import address

    run = LoadRun()
    # members as quick as a fast thumb, within a socket's pace of messages (10 a second): at machine speed
    # a member's socket is closed as a flood before its hand ends
    players = Players(run, think=(0.08, 0.1), deal=(0.08, 0.1))
    await seat_table(members, f"rules={rules}&computers=0&length=one_hand&seed={seed}")
    table = LiveTable(members)
    players.follow(table)
    # the match's end, or its fourth hand dealt (a table of quick random players draws most hands, each
    # dealt again): what is counted is the bytes of every hand played until then
    await asyncio.gather(
        *(
            member.wait(lambda frame: frame["state"] in ("match-over", "closed") or frame["hand_number"] > 3, 600)
            for member in members
        )
    )
    await asyncio.sleep(0.2)
    await players.stop()
    counted = []
    for member in members:
        shown = member.last
        # a drawn hand is dealt again; a hand being played when the count stops is not counted
        hands = max(1, shown.get("hand_number", 1) - (shown.get("state") == "playing"))
        counted.append(
            {
                "hands": hands,
                "frames": member.frames / hands,
                "plain_kb": (member.payload + member.headers) / 1000 / hands,
                "deflate_kb": proxy.down[address(member.number)] / 1000 / hands,
                "refused": len(member.refusals),
            }
        )
    return counted


def bytes_report(f: dict[str, Any]) -> str:
    lines = [f"what a page member downloads per hand (load {f['load_before']} → {f['load_after']}):"]
    for rules in ("classic", "hongkong"):
        m = f[rules]
        lines.append(
            f"  {rules} ({m['hands']:.0f} hands): {m['frames']:.0f} frames a hand, "
            f"{m['plain_kb']:.1f} KB without compression, "
            f"{m['deflate_kb']:.1f} KB on the wire with permessage-deflate (the handshake included; goal ≤ 60 KB)"
        )
    lines += [f"  server log: {line}" for line in f["errors"]]
    return "\n".join(lines)


# --- memory -------------------------------------------------------------------------------------------


async def memory(steps: list[int], seed: int, play: float) -> dict[str, Any]:
    figures: dict[str, Any] = {"load_before": load_average(), "play_s": play}
    for compress in (True, False):
        async with served() as (server, base, folder):
            tables = max(steps) // 4
            members = [[Member(base, 4 * t + k, seed) for k in range(4)] for t in range(tables)]
            ids = [await group[0].open_table("rules=classic&computers=0") for group in members]
            points: list[tuple[int, float]] = []
            await settle()
            points.append((0, proc_rss(server.pid) / MB))
            opened = 0
            gate = asyncio.Semaphore(16)
            for target in sorted(step for step in steps if step > 0):
                batch = range(opened // 4, target // 4)
                await asyncio.gather(*(seat_lobby(gate, members[t], ids[t], compress) for t in batch))
                opened = target
                await settle()
                points.append((target, proc_rss(server.pid) / MB))
            for group in members:
                await group[0].move("start")
            await asyncio.gather(*(m.wait(lambda f: f["state"] == "playing") for g in members for m in g))
            await settle()
            started = proc_rss(server.pid) / MB
            players = Players(LoadRun())  # the load's members: a move 1 to 4 s after their frame asks
            for group in members:
                players.follow(LiveTable(group))
            await asyncio.sleep(play)
            await players.stop()
            await settle()
            played = proc_rss(server.pid) / MB
            received = statistics.fmean(m.payload for g in members for m in g) / 1000
            for group in members:
                for member in group:
                    await member.close()
            await settle()
            closed = proc_rss(server.pid) / MB
            figures["deflate" if compress else "plain"] = {
                "points": points,
                "started_mb": started,
                "played_mb": played,
                "closed_mb": closed,
                "received_kb": received,
            }
            figures["errors"] = log_errors(folder)[:5]
    figures["load_after"] = load_average()
    return figures


async def seat_lobby(gate: asyncio.Semaphore, group: list[Member], table_id: str, compress: bool) -> None:
    async with gate:
        await seat_table(group, "", compress=compress, start=False, table_id=table_id)


async def settle() -> None:
    await asyncio.sleep(3.0)


def memory_report(f: dict[str, Any]) -> str:
    lines = [f"server memory per open socket (load {f['load_before']} → {f['load_after']}):"]
    for kind, said in (("deflate", "permessage-deflate"), ("plain", "no compression")):
        points = f[kind]["points"]
        first, last = points[0], points[-1]
        per = (last[1] - first[1]) * 1024 / last[0] if last[0] else float("nan")
        shown = ", ".join(f"{n} sockets {mb:.1f} MB" for n, mb in points)
        m = f[kind]
        lines.append(
            f"  {said}: {shown}; {per:.0f} KB a socket; the tables started: {m['started_mb']:.1f} MB "
            f"({(m['started_mb'] - first[1]) * 1024 / last[0]:.0f} KB a socket); after {f['play_s']:.0f} s of play "
            f"({m['received_kb']:.0f} KB of frames a socket): {m['played_mb']:.1f} MB "
            f"({(m['played_mb'] - first[1]) * 1024 / last[0]:.0f} KB a socket); the sockets closed: "
            f"{m['closed_mb']:.1f} MB"
        )
    return "\n".join(lines)


# --- main ---------------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="all", help=f"all, or some of {', '.join(PARTS)} (comma-separated)")
    parser.add_argument("--full", action="store_true", help="the issue's sizes")
    parser.add_argument("--runs", type=int, default=None, help="first loads (quick 3, full 9)")
    parser.add_argument("--tables", type=int, default=None, help="open tables (quick 100, full 1000)")
    parser.add_argument("--live", type=int, default=None, help="tables live on the page (quick 20, full 200)")
    parser.add_argument("--duration", type=float, default=None, help="seconds measured (quick 20, full 60)")
    parser.add_argument("--warmup", type=float, default=None, help="seconds before (quick 5, full 15)")
    parser.add_argument("--hands", type=int, default=None, help="seeded hands per row (quick 1, full 10 / 3)")
    parser.add_argument("--sockets", default=None, help="sockets open at each point (quick 0,40,80; full 0,400,800)")
    parser.add_argument("--play", type=float, default=None, help="memory: seconds played (quick 15, full 60)")
    parser.add_argument("--open-concurrency", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()
    full = args.full
    args.runs = args.runs or (9 if full else 3)
    args.tables = args.tables or (1000 if full else 100)
    args.live = args.live or (200 if full else 20)
    args.duration = args.duration or (60.0 if full else 20.0)
    args.warmup = args.warmup if args.warmup is not None else (15.0 if full else 5.0)
    sockets = [int(n) for n in (args.sockets or ("0,400,800" if full else "0,40,80")).split(",")]
    parts = PARTS if args.part == "all" else tuple(args.part.split(","))
    if not set(parts) <= set(PARTS):
        parser.error(f"--part takes {', '.join(PARTS)}")
    results: dict[str, Any] = {}
    for part in parts:
        started = time.monotonic()
        if part == "first-load":
            results[part] = asyncio.run(first_load(args.runs))
            print(first_load_report(results[part]), flush=True)
        elif part == "cpu":
            results[part] = asyncio.run(table_page_cpu.measure(args.hands or (10 if full else 1)))
            print(table_page_cpu.report(results[part]), flush=True)
        elif part == "bytes":
            results[part] = asyncio.run(bytes_part(args.hands or (3 if full else 1)))
            print(bytes_report(results[part]), flush=True)
        elif part == "memory":
            results[part] = asyncio.run(memory(sockets, args.seed, args.play or (60.0 if full else 15.0)))
            print(memory_report(results[part]), flush=True)
        elif part == "load":
            results[part] = asyncio.run(load(args))
            print(load_report(results[part]), flush=True)
        results[part]["part_seconds"] = time.monotonic() - started
        print(f"  ({part}: {time.monotonic() - started:.0f} s)\n", flush=True)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    random.seed(0)
    main()

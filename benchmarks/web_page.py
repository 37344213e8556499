"""The solitaire page on the wire and under players: its first load in headless Chromium (bytes over the
wire, sprites included, and the time until the board is playable), then web players picking pairs.

    .venv/bin/python benchmarks/web_page.py [--players 200] [--duration 60] [--warmup 10]

The server is the real ``mahjong-bot web`` in its own process on a fresh embedded store. The first load
is measured in Debian's Chromium (``/usr/bin/chromium``) through Playwright: the sum of the navigation's
and every resource's ``transferSize`` (headers and bodies as they crossed the wire) and the time from
the navigation's start to ``#board[data-state=playing]``, five fresh loads. Then ``--players`` players,
each with its own cookie and its own loopback address (127.0.0.x, so the per-address limit applies to
each as it would to players on their own machines), open a free deal and remove a pair of its solution
every 2 to 5 s: a pick's time is from the request to the server's answer; the server's resident memory
before and after the games are open gives the memory per open web game.

    .venv/bin/python benchmarks/web_page.py --against http://127.0.0.1:PORT --json picks.json

only plays the players against a page already served (``benchmarks/load.py --web-players`` runs them so,
in a process of their own, so that the simulated Discord's loop does not delay their clocks) and writes
the picks' times, in seconds, to ``picks.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import random
import statistics
import sys
import tempfile
import time

import aiohttp

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from benchmarks.page_server import free_port, start_page, stop_page
from game.solitaire.deal import deal_for_seed
from tests.web.browser import LAUNCH_ARGS, chromium_path


def rss_kib(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def first_loads(base: str, loads: int) -> tuple[list[int], list[float]]:
    from playwright.async_api import async_playwright

    sizes: list[int] = []
    ready: list[float] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=LAUNCH_ARGS)
        for load in range(loads):
            context = await browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            page = await context.new_page()
            await page.goto(f"{base}/?mode=free&seed={100 + load}")
            await page.wait_for_selector("#board[data-state=playing]")
            figures = await page.evaluate(
                """() => {
                    const entries = [...performance.getEntriesByType('navigation'),
                                     ...performance.getEntriesByType('resource')];
                    return [entries.reduce((sum, entry) => sum + entry.transferSize, 0), performance.now()];
                }"""
            )
            sizes.append(int(figures[0]))
            ready.append(float(figures[1]) / 1000)
            await context.close()
        await browser.close()
    return sizes, ready


async def player(base: str, number: int, until: float, warm: float, picks: list[float]) -> None:
    address = f"127.0.{1 + number // 250}.{1 + number % 250}"
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    rng = random.Random(number)
    seed = 1000 + number
    solution = deal_for_seed(seed).solution
    jar = aiohttp.CookieJar(unsafe=True)  # the server is an IP address, whose cookies aiohttp refuses by default
    async with aiohttp.ClientSession(base_url=base, connector=connector, cookie_jar=jar) as session:
        async with session.get("/api/game", params={"mode": "free", "seed": str(seed)}) as answer:
            game = await answer.json()
        for pair in solution:
            await asyncio.sleep(rng.uniform(2.0, 5.0))
            if time.monotonic() >= until:
                return
            body = {"mode": "free", "game": game["game"], "step": game["step"], "move": "pair", "tiles": list(pair)}
            start = time.perf_counter()
            async with session.post("/api/move", json=body) as answer:
                game = await answer.json()
                if answer.status != 200:
                    raise RuntimeError(f"a pick was refused: {answer.status} {game}")
            if time.monotonic() >= warm:
                picks.append(time.perf_counter() - start)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        server = await start_page(folder, port, {"DATABASE_PATH": str(folder / "web.sqlite3")})
        try:
            sizes, ready = await first_loads(base, 5)
            print(
                f"first load: {statistics.median(sizes) / 1024:.1f} KB over the wire (median of {len(sizes)}), "
                f"ready in {statistics.median(ready) * 1000:.0f} ms median, {max(ready) * 1000:.0f} ms the slowest"
            )
            before = rss_kib(server.pid)
            picks: list[float] = []
            start = time.monotonic()
            warm, until = start + args.warmup, start + args.warmup + args.duration
            await asyncio.gather(*(player(base, n, until, warm, picks) for n in range(args.players)))
            after = rss_kib(server.pid)
            print(
                f"{args.players} web players, {len(picks)} picks in {args.duration:.0f} s "
                f"({len(picks) / args.duration:.1f} a second): pick → answer "
                f"p50 {percentile(picks, 0.5) * 1000:.1f} ms, p99 {percentile(picks, 0.99) * 1000:.1f} ms"
            )
            print(
                f"server memory: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB with the games open "
                f"({(after - before) / args.players:.0f} KiB per open web game)"
            )
        finally:
            await stop_page(server)


async def players_only(args: argparse.Namespace) -> None:
    picks: list[float] = []
    start = time.monotonic()
    warm, until = start + args.warmup, start + args.warmup + args.duration
    await asyncio.gather(*(player(args.against, n, until, warm, picks) for n in range(args.players)))
    pathlib.Path(args.json).write_text(json.dumps(picks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--against", help="only the players, against the page at this address")
    parser.add_argument("--json", help="with --against: where the picks' times go")
    args = parser.parse_args()
    if args.against:
        if not args.json:
            parser.error("--against needs --json")
        asyncio.run(players_only(args))
    else:
        asyncio.run(main_async(args))


if __name__ == "__main__":
    main()

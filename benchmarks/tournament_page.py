"""A 200-player tournament of the web's server played on the table page (issue 46, SPEC §9): the page's
frames under the tournament's load.

    .venv/bin/python benchmarks/tournament_page.py [--players 200] [--seconds 60] [--store sqlite|redis]

``mahjong-bot web`` runs in its own process (``benchmarks/page_server.py``) on the embedded SQLite store,
or on Redis at 127.0.0.1:6379 in a database of its own (``--redis-db``, 9: refused unless empty, emptied
after). A tournament of ``WEB_GUILD`` is opened through the core by this process, on the same store (there
is no page to open one). This process is also its organiser's: the application it builds there (not
started: no clock, nothing heard from the page) writes the start, and its runner, which follows the
changes made where it runs, opens round 1's tables. The page's process never opens a round another process
started: its runner hears only its own changes (on Redis it hears the others', but only what a subscriber
follows from afar, which the runner is not), so the start is the organiser's process's to follow, as the
bot's command is on Discord. What the page does from there is all its own: the tournament page, the
table sockets, the moves, the table clock, and the runner when a table ends.

The players are page players, each with their own ``mj_player`` cookie and loopback address
(``table_page_client.Member``): each visits ``/tournament/<id>``, then presses the page's forms, ``name``,
``join`` (``--crowd`` at once), and once the organiser has closed the sign-up (this process moves its
deadline to now: the product has no press for it), ``checkin``. The start is timed from the organiser's
call to round 1's tables all open in the store and all shown open (``data-state="playing"``) on the
tournament page, read by a visitor every 50 ms. Each player then finds their table on the page
(``data-you="true"``) and opens its socket, and plays their seat as ``benchmarks/table_page.py``'s load
does: a move 1 to 4 s after the frame that asks for it (seeded per player), Next hand 2 to 5 s after a
hand ends. After ``--warmup`` s, ``--seconds`` measured: each move from its message sent to the first frame
showing it at each socket of its table (every viewer, the mover's included), and at all four; the moves
and the refusals; the page process's CPU per accepted move (``/proc``); this process's CPU and loop lag,
which the times include; how long each process's event loop waited for a core while it could run
(``/proc/<pid>/schedstat``). The load average is printed beside each figure: the host may be shared.
The figures are added to ``benchmarks/results/tournament-page-<date>.json`` (``--json``), each run under
its store, size and time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import itertools
import json
import os
import pathlib
import re
import sys
import tempfile
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
    slow_seconds,
)
from core.application import Application, build_application  # noqa: E402
from core.settings import Settings  # noqa: E402
from core.tournaments.tournament import Tournament, TournamentSettings  # noqa: E402
from web.guard import WEB_GUILD  # noqa: E402

ORGANISER = 1
REDIS = "redis://127.0.0.1:6379"
MB = 2**20
SHOWN_OPEN = re.compile(r'data-table="[a-z0-9]+" data-index="\d+" data-state="playing"')
MINE = re.compile(r'data-table="([a-z0-9]+)"[^>]*data-you="true"')


def progress(step: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {step} (load {load_average()})", file=sys.stderr, flush=True)


def ms(values: list[float], q: float) -> float:
    return 1e3 * quantile(values, q)


def run_delay(pid: int) -> float:
    """Seconds process ``pid``'s main thread (its event loop) has waited for a core while it could run
    (``/proc/<pid>/schedstat``): on a shared host, what its answers wait for besides their own work."""
    return int(pathlib.Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


async def waits(pids: tuple[int, int], into: list[tuple[float, float, float]]) -> None:
    """Every second: the time, and how long each of ``pids`` has waited for a core (``run_delay``)."""
    while True:
        into.append((time.monotonic(), run_delay(pids[0]), run_delay(pids[1])))
        await asyncio.sleep(1.0)


# --- the page and the organiser's process ----------------------------------------------------------------


@contextlib.asynccontextmanager
async def served(store: str, redis_db: int) -> AsyncIterator[tuple[int, str, pathlib.Path, Application]]:
    """The page's process and the organiser's application beside it on the same stores: the page's pid,
    its address, its folder (its log) and the application."""
    redis_url = f"{REDIS}/{redis_db}" if store == "redis" else None
    if redis_url is not None:
        client = aioredis.Redis.from_url(redis_url)
        try:
            if await client.dbsize():
                raise SystemExit(f"Redis database {redis_db} holds keys: choose an empty one (--redis-db)")
        finally:
            await client.aclose()
    with tempfile.TemporaryDirectory(prefix="tournament-page-") as name:
        folder = pathlib.Path(name)
        database = str(folder / "web.sqlite3")
        port = free_port()
        settings = {"DATABASE_PATH": database, "LOG_LEVEL": "WARNING"}
        if redis_url is not None:
            settings["REDIS_URL"] = redis_url
        page = await start_page(folder, port, settings)
        try:
            application = await build_application(
                Settings(token="benchmark", redis_url=redis_url, database_path=database, log_level="WARNING")
            )
            try:
                yield page.pid, f"http://127.0.0.1:{port}", folder, application
            finally:
                await application.stop()
        finally:
            await stop_page(page)
            if redis_url is not None:
                client = aioredis.Redis.from_url(redis_url)
                await client.flushdb()  # empty before the run (checked above), and nobody else's
                await client.aclose()


def close_signup(current: Tournament, at: float) -> Tournament:
    """The organiser closes the sign-up now (the benchmark's lever: the product closes it at its time)."""
    return dataclasses.replace(current, settings=dataclasses.replace(current.settings, signup_closes=at))


# --- the players' presses ---------------------------------------------------------------------------------


async def visit(member: Member, tournament_id: str) -> str:
    """The tournament's page as ``member`` sees it (the first visit gives them their cookie)."""
    async with member.session.get(f"{member.base}/tournament/{tournament_id}?lang=en") as answer:
        text = await answer.text()
        if answer.status != 200:
            raise SystemExit(f"/tournament/{tournament_id} answered {answer.status}: {text[:200]}")
        return text


async def press(member: Member, tournament_id: str, verb: str, **fields: str) -> float:
    """One of the page's forms posted, and the page its 303 leads back to read: the seconds it took. A
    press the page refused stops the benchmark: the crowd must all get in."""
    started = now()
    async with member.session.post(
        f"{member.base}/tournament/{tournament_id}/{verb}",
        data={"lang": "en", **fields},
        headers={"Origin": member.base},  # the page's own form
        allow_redirects=False,
    ) as answer:
        location = answer.headers.get("Location", "")
        if answer.status != 303:
            raise SystemExit(f"{verb} answered {answer.status}: {(await answer.text())[:200]}")
    said = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query).get("said", ["?"])[0]
    if said not in ("named", "joined", "checked"):
        raise SystemExit(f"player {member.number}'s {verb} was refused: {said}")
    async with member.session.get(f"{member.base}{location}") as page:
        await page.read()
    return now() - started


async def crowd(members: list[Member], size: int, each: Callable[[Member], Awaitable[float]]) -> list[float]:
    """``each`` for every member, ``size`` at once (a crowd before a start); their seconds."""
    seconds: list[float] = []
    for first in range(0, len(members), size):
        seconds += await asyncio.gather(*(each(member) for member in members[first : first + size]))
    return seconds


# --- the run ----------------------------------------------------------------------------------------------


async def opening(application: Application, observer: Member, tournament_id: str, tables: int) -> dict[str, float]:
    """The organiser's start, timed from its call: written (the schedule made and the start stored), round
    1's tables all open in the store, and all shown open on the tournament page."""
    started = now()
    await application.tournaments.start(tournament_id, ORGANISER)
    figures = {"start_written_s": now() - started}
    give_up = started + 60
    while "page_open_s" not in figures:
        if now() > give_up:
            raise SystemExit(f"round 1 not open 60 s after the start: {figures}")
        if "core_open_s" not in figures:
            stored = await application.tournaments.read(tournament_id)
            round_tables = () if stored is None else stored.tournament.round_tables(1)
            if len(round_tables) == tables and all(table.table_id for table in round_tables):
                figures["core_open_s"] = now() - started
        if len(SHOWN_OPEN.findall(await visit(observer, tournament_id))) == tables:
            figures["page_open_s"] = now() - started
        await asyncio.sleep(0.05)
    figures.setdefault("core_open_s", figures["page_open_s"])
    return figures


async def seat(members: list[Member], tournament_id: str, gate: asyncio.Semaphore) -> list[LiveTable]:
    """Each player's table found on the tournament page (marked theirs), then its socket opened."""
    by_table: dict[str, list[Member]] = {}

    async def find_and_connect(member: Member) -> None:
        async with gate:
            found = MINE.search(await visit(member, tournament_id))
            if found is None:
                raise SystemExit(f"player {member.number} finds no table of theirs on the tournament page")
            by_table.setdefault(found.group(1), []).append(member)
            await member.connect(found.group(1))

    await asyncio.gather(*(find_and_connect(member) for member in members))
    return [LiveTable(seated) for seated in by_table.values()]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tables = -(-args.players // 4)
    figures: dict[str, Any] = {"players": args.players, "tables": tables, "store": args.store}
    figures["load_before"] = load_average()
    async with served(args.store, args.redis_db) as (pid, base, folder, application):
        rss_empty = proc_rss(pid)
        members = [Member(base, number, args.seed) for number in range(args.players)]
        observer = Member(base, args.players, args.seed)  # a visitor reading the page through the start
        try:
            setting = TournamentSettings(
                args.rules, 4, signup_closes=time.time() + 3600, checkin=3600, name="Bench cup"
            )
            tournament_id = (await application.tournaments.open(WEB_GUILD, ORGANISER, setting)).tournament.id
            progress(f"tournament {tournament_id}: {args.players} players sign up on its page")
            cpu_from = proc_cpu(pid)
            await crowd(members, args.crowd, lambda member: visit_seconds(member, tournament_id))
            named = await crowd(
                members, args.crowd, lambda m: press(m, tournament_id, "name", name=f"Player {m.number}")
            )
            joined = await crowd(members, args.crowd, lambda member: press(member, tournament_id, "join"))
            await application.tournaments.update(tournament_id, close_signup)
            checked = await crowd(members, args.crowd, lambda member: press(member, tournament_id, "checkin"))
            figures["signup_page_cpu_s"] = proc_cpu(pid) - cpu_from
            figures.update(presses_ms(named, joined, checked))
            progress("the organiser starts it")
            figures["load_at_start"] = load_average()
            figures.update(await opening(application, observer, tournament_id, tables))
            socketed = now()
            live = await seat(members, tournament_id, asyncio.Semaphore(args.open_concurrency))
            figures["sockets_open_s"] = now() - socketed
            figures["rss_open_mb"] = proc_rss(pid) / MB
            progress(f"{len(live)} tables, {sum(len(t.members) for t in live)} sockets: playing")
            figures.update(await play(pid, live, args))
        finally:
            for member in [*members, observer]:
                await member.close()
        figures["rss_empty_mb"] = rss_empty / MB
        figures["errors"] = log_errors(folder)[:5]
    figures["load_after"] = load_average()
    return figures


async def visit_seconds(member: Member, tournament_id: str) -> float:
    started = now()
    await visit(member, tournament_id)
    return now() - started


def presses_ms(named: list[float], joined: list[float], checked: list[float]) -> dict[str, float]:
    return {
        f"{verb}_{q}_ms": ms(seconds, share)
        for verb, seconds in (("name", named), ("join", joined), ("checkin", checked))
        for q, share in (("p50", 0.5), ("p99", 0.99))
    }


async def play(pid: int, live: list[LiveTable], args: argparse.Namespace) -> dict[str, Any]:
    """The tables played by their players for ``--warmup`` then ``--seconds`` measured."""
    run = LoadRun()
    players = Players(run)
    for table in live:
        players.follow(table)
    gc.collect()
    gc.freeze()
    lag = LoopLag()
    watching = asyncio.create_task(lag.watch())
    samples: list[tuple[float, float, float]] = []
    sampling = asyncio.create_task(sample(pid, samples))
    waited: list[tuple[float, float, float]] = []
    waiting = asyncio.create_task(waits((pid, os.getpid()), waited))
    await asyncio.sleep(args.warmup)
    lag.lags.clear()
    load_from = load_average()
    cpu_from, own_from, window_from = proc_cpu(pid), time.process_time(), time.monotonic()
    page_waited_from, own_waited_from = run_delay(pid), run_delay(os.getpid())
    frames_from = sum(member.frames for table in live for member in table.members)
    run.measuring = True
    await asyncio.sleep(args.seconds)
    run.measuring = False
    window = time.monotonic() - window_from
    page_cpu = proc_cpu(pid) - cpu_from
    own_cpu = time.process_time() - own_from
    page_waited, own_waited = run_delay(pid) - page_waited_from, run_delay(os.getpid()) - own_waited_from
    frames = sum(member.frames for table in live for member in table.members) - frames_from
    load_to = load_average()
    rss_end = proc_rss(pid)
    await asyncio.sleep(2.0)  # the last moves' frames
    unshown = players.unshown()
    await players.stop()
    watching.cancel()
    sampling.cancel()
    waiting.cancel()
    accepted = run.sent - run.refused
    return {
        "warmup_s": args.warmup,
        "window_s": window,
        "load_in_window": f"{load_from} → {load_to}",
        "moves": run.sent,
        "accepted": accepted,
        "moves_per_s": accepted / window,
        "refused": dict(run.refusals),
        "unshown": unshown,
        "viewers_n": len(run.viewers),
        "viewer_p50_ms": ms(run.viewers, 0.5),
        "viewer_p99_ms": ms(run.viewers, 0.99),
        "viewer_max_ms": 1e3 * max(run.viewers, default=float("nan")),
        "table_n": len(run.latencies),
        "table_p50_ms": ms(run.latencies, 0.5),
        "table_p99_ms": ms(run.latencies, 0.99),
        "table_max_ms": 1e3 * max(run.latencies, default=float("nan")),
        "hands_ended": run.hands_ended,
        "frames_per_s": frames / window,
        "page_cpu_share": page_cpu / window,
        "page_cpu_per_move_ms": 1e3 * page_cpu / accepted if accepted else float("nan"),
        "client_cpu_share": own_cpu / window,
        "client_lag_p99_ms": ms(lag.lags, 0.99),
        "client_lag_max_ms": 1e3 * max(lag.lags, default=float("nan")),
        "rss_end_mb": rss_end / MB,
        "slow_by_second": slow_seconds(run, window_from - time.monotonic() + now()),
        "samples": [(round(t - window_from, 1), round(cpu, 2), round(rss / MB, 1)) for t, cpu, rss in samples],
        "page_waited_ms_per_s": 1e3 * page_waited / window,
        "client_waited_ms_per_s": 1e3 * own_waited / window,
        # each second of the run: the page's and the players' main threads' waits for a core in it (ms)
        "waited_by_second": [
            (round(t - window_from), round(1e3 * (page - before[1])), round(1e3 * (own - before[2])))
            for before, (t, page, own) in itertools.pairwise(waited)
        ],
    }


def report(f: dict[str, Any]) -> str:
    refused = sum(f["refused"].values())
    return "\n".join(
        [
            f"{f['players']} page players, {f['tables']} tables, store {f['store']} "
            f"(load {f['load_before']} → {f['load_after']})",
            f"  sign-up on the tournament page, {f['players']} players: name p50 {f['name_p50_ms']:.1f} / p99 "
            f"{f['name_p99_ms']:.1f} ms, join {f['join_p50_ms']:.1f} / {f['join_p99_ms']:.1f} ms, check in "
            f"{f['checkin_p50_ms']:.1f} / {f['checkin_p99_ms']:.1f} ms (a press and its page; "
            f"page CPU {f['signup_page_cpu_s']:.1f} s)",
            f"  round 1 opened (load {f['load_at_start']}): the start written {f['start_written_s']:.2f} s, "
            f"{f['tables']} tables open in the store {f['core_open_s']:.2f} s, shown open on the tournament "
            f"page {f['page_open_s']:.2f} s (goal ≤ 10 s); every player on their table's socket "
            f"{f['sockets_open_s']:.2f} s later",
            f"  {f['accepted']} moves accepted in {f['window_s']:.0f} s after {f['warmup_s']:.0f} s of warm-up "
            f"({f['moves_per_s']:.1f} a second; {refused} refused{' ' + str(f['refused']) if refused else ''}), "
            f"{f['hands_ended']} "
            f"hands ended, {f['frames_per_s']:.0f} frames a second received (load {f['load_in_window']})",
            f"  move → its frame at each socket: p50 {f['viewer_p50_ms']:.1f} ms, p99 {f['viewer_p99_ms']:.1f} ms, "
            f"max {f['viewer_max_ms']:.0f} ms (n={f['viewers_n']}; goal p99 ≤ 100 ms)",
            f"  move → its frame at all 4 sockets: p50 {f['table_p50_ms']:.1f} ms, p99 {f['table_p99_ms']:.1f} ms, "
            f"max {f['table_max_ms']:.0f} ms (n={f['table_n']}, {f['unshown']} never shown)",
            f"  page process: {100 * f['page_cpu_share']:.0f} % of a core, {f['page_cpu_per_move_ms']:.2f} ms of "
            f"CPU a move; RSS {f['rss_empty_mb']:.0f} MB empty, {f['rss_open_mb']:.0f} MB with the round open, "
            f"{f['rss_end_mb']:.0f} MB at the end",
            f"  players' process: {100 * f['client_cpu_share']:.0f} % of a core, loop lag p99 "
            f"{f['client_lag_p99_ms']:.0f} ms, max {f['client_lag_max_ms']:.0f} ms",
            f"  waited for a core while they could run (main threads, /proc schedstat): the page "
            f"{f['page_waited_ms_per_s']:.0f} ms a second, the players' process {f['client_waited_ms_per_s']:.0f} ms "
            f"a second",
            f"  moves over 100 ms by the second they were sent in: {f['slow_by_second']}",
            "  waits for a core by second (s, page ms, players ms): "
            + " ".join(f"{t}/{page}/{own}" for t, page, own in f["waited_by_second"] if page + own >= 100),
            *(f"  page log: {line}" for line in f["errors"]),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds played before")
    parser.add_argument("--store", choices=("sqlite", "redis"), default="sqlite")
    parser.add_argument("--redis-db", type=int, default=9, help="an empty Redis database, emptied after")
    parser.add_argument("--rules", choices=("hongkong", "classic"), default="hongkong")
    parser.add_argument("--crowd", type=int, default=20, help="presses sent at once at the sign-up")
    parser.add_argument("--open-concurrency", type=int, default=16, help="players finding their table at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="default benchmarks/results/tournament-page-DATE.json")
    args = parser.parse_args()
    if not 4 <= args.players <= 200:
        parser.error("--players is 4 to 200")
    figures = asyncio.run(run(args))
    print(report(figures), flush=True)
    path = pathlib.Path(
        args.json or ROOT / "benchmarks" / "results" / f"tournament-page-{time.strftime('%Y-%m-%d')}.json"
    )
    kept = json.loads(path.read_text()) if path.exists() else {}
    kept[f"{args.store}-{args.players}-{time.strftime('%H:%M')}"] = figures  # the day's runs side by side
    path.write_text(json.dumps(kept, indent=1, default=str))


if __name__ == "__main__":
    main()

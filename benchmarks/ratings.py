"""Ratings (issue 40): ``rerate`` of a large ledger, a rated match's cost in the transaction that records it,
and ``mahjong-bot ratings`` against a bare openskill loop on the same input.

    .venv/bin/python benchmarks/ratings.py [--matches 100000] [--lines 20000] [--no-postgres]

1. ``rerate``: ``--matches`` seeded matches (``tests/data/rating_matches.py``: two servers, three rule sets,
   members and computers, ties, about one in five not rated) written straight into a fresh ledger's
   ``matches`` and ``match_seats`` (no ratings), then ``rerate`` twice: the first rebuilds every rating and
   writes them (repair), the second rebuilds them again and finds them equal (a check). SQLite in a
   temporary file, and PostgreSQL in a schema of its own at ``TEST_DATABASE_URL`` unless ``--no-postgres``.
2. ``record_match``: 2000 matches recorded one by one into a fresh ledger, rated (classic) against the
   same matches not rated (practice tables): the rating's share of the recording.
3. ``mahjong-bot ratings`` on ``--lines`` matches as JSON lines (one pool of 40 players), as a process
   reading them on stdin, against a process running a bare openskill loop over the same lines (``json`` to
   read them, ``PlackettLuce.rate`` with ranks from the scores, a dict of ratings): best of three each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from data.ledger_postgres import PostgresLedger  # noqa: E402
from data.ledger_queries import match_statements  # noqa: E402
from data.ledger_sqlite import SqliteLedger  # noqa: E402
from tests.data.ledger_backends import TEST_DATABASE_URL, with_search_path  # noqa: E402
from tests.data.rating_matches import seeded_matches  # noqa: E402

BARE_LOOP = """
import json, sys
from openskill.models import PlackettLuce
model = PlackettLuce()
ratings, played = {}, {}
for line in sys.stdin:
    if not line.strip():
        continue
    match = json.loads(line)
    pool, seats = match["pool"], match["seats"]
    keys = [(pool, seat["player"]) for seat in seats]
    scores = [seat["score"] for seat in seats]
    teams = [[ratings.get(key) or model.rating()] for key in keys]
    ranks = [sum(1 for other in scores if other > score) + 1 for score in scores]
    for key, team in zip(keys, model.rate(teams, ranks=ranks)):
        ratings[key] = team[0]
        played[key] = played.get(key, 0) + 1
print(json.dumps({"players": [
    {"player": key[1], "pool": key[0], "mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma,
     "matches": played[key]} for key, r in ratings.items()]}))
"""


async def _filled(ledger: SqliteLedger | PostgresLedger, count: int) -> int:
    """The seeded matches written into the ledger's tables without their ratings; how many are rated."""
    matches = seeded_matches(count, seed=40, members=200)
    rows: list[Any] = []
    seats: list[Any] = []
    for entry in matches:
        (sql, (row,)), [(seat_sql, seat_rows)] = match_statements(entry)
        rows.append(row)
        seats.extend(seat_rows)
    plain = sql.replace(" ON CONFLICT (match_id) DO NOTHING", "")

    async def write(tx: Any) -> None:
        for start in range(0, len(rows), 5000):
            await tx.executemany(plain, rows[start : start + 5000])
        for start in range(0, len(seats), 20000):
            await tx.executemany(seat_sql, seats[start : start + 20000])

    await ledger._transact(write, write=True)
    from core.ratings import rated

    return sum(1 for entry in matches if rated(entry))


async def _timed(work: Callable[[], Awaitable[Any]]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = await work()
    return time.perf_counter() - start, result


async def rerate_figures(name: str, ledger: SqliteLedger | PostgresLedger, count: int) -> None:
    rated = await _filled(ledger, count)
    rebuilt, first = await _timed(lambda: ledger.rerate(repair=True))
    checked, second = await _timed(lambda: ledger.rerate(repair=False))
    assert first.repaired and first.matches == rated and second.equal
    print(
        f"| rerate, {name} | {count} matches, {rated} rated, {first.pools} pools, {first.ratings} ratings"
        f" | rebuilt and written: {rebuilt:.2f} s ({rebuilt / rated * 1e6:.0f} us a match)"
        f" | rebuilt and found equal: {checked:.2f} s ({checked / rated * 1e6:.0f} us a match) |"
    )


async def record_figures(name: str, opened: Callable[[], Awaitable[SqliteLedger | PostgresLedger]]) -> None:
    seeded = seeded_matches(2000, seed=41, members=40)
    matches = [replace(entry, rules={"name": "classic"}, ended="finished") for entry in seeded if len(entry.seats) == 4]
    timings = {}
    for kind, entries in (
        ("rated", [replace(entry, practice=False) for entry in matches]),
        ("not rated (practice)", [replace(entry, practice=True) for entry in matches]),
    ):
        ledger = await opened()
        try:
            start = time.perf_counter()
            for entry in entries:
                await ledger.record_match(entry)
            timings[kind] = (time.perf_counter() - start) / len(entries)
        finally:
            await ledger.close()
    rated, plain = timings["rated"], timings["not rated (practice)"]
    print(
        f"| record_match, {name} | {len(matches)} matches | rated: {rated * 1e3:.2f} ms a match"
        f" | not rated: {plain * 1e3:.2f} ms | ratio {rated / plain:.2f} |"
    )


def cli_figures(lines: int) -> None:
    chance = random.Random(42)
    players = [f"player {number}" for number in range(40)]
    text = "".join(
        json.dumps(
            {
                "pool": "club",
                "seats": [
                    {"player": player, "score": chance.choice((chance.randint(-60, 60), 0))}
                    for player in chance.sample(players, 4)
                ],
            }
        )
        + "\n"
        for _ in range(lines)
    ).encode()
    runs = {
        "mahjong-bot ratings": [str(ROOT / ".venv" / "bin" / "mahjong-bot"), "ratings"],
        "bare openskill loop": [sys.executable, "-c", BARE_LOOP],
    }
    best: dict[str, float] = {}
    printed: dict[str, Any] = {}
    for _ in range(3):
        for name, command in runs.items():
            start = time.perf_counter()
            done = subprocess.run(command, input=text, capture_output=True, check=True, cwd=ROOT)
            elapsed = time.perf_counter() - start
            best[name] = min(best.get(name, elapsed), elapsed)
            printed[name] = json.loads(done.stdout)
    ours, bare = (
        {(p["pool"], p["player"]): (p["mu"], p["sigma"], p["matches"]) for p in printed[name]["players"]}
        for name in runs
    )
    assert ours == bare, "the command and openskill disagree"
    command, loop = best["mahjong-bot ratings"], best["bare openskill loop"]
    print(
        f"| {lines} JSON lines, 40 players | mahjong-bot ratings: {command:.2f} s ({command / lines * 1e6:.0f} us a"
        f" match) | bare openskill loop: {loop:.2f} s ({loop / lines * 1e6:.0f} us) | ratio {command / loop:.2f}"
        " | the same ratings |"
    )


async def postgres_url() -> tuple[str, Callable[[], Awaitable[None]]] | None:
    import asyncpg

    try:
        raw = await asyncpg.connect(TEST_DATABASE_URL, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        print(f"PostgreSQL at {TEST_DATABASE_URL} does not answer ({error}): its figures left out")
        return None
    name = f"bench_{uuid.uuid4().hex}"
    await raw.execute(f"CREATE SCHEMA {name}")

    async def drop() -> None:
        await raw.execute(f"DROP SCHEMA {name} CASCADE")
        await raw.close()

    return with_search_path(TEST_DATABASE_URL, name), drop


async def ledger_figures(count: int, postgres: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder)
        ledger = await SqliteLedger.open(path / "rerate.sqlite3")
        try:
            await rerate_figures("SQLite", ledger, count)
        finally:
            await ledger.close()
        files = iter(range(10))
        await record_figures("SQLite", lambda: SqliteLedger.open(path / f"record-{next(files)}.sqlite3"))
    if not postgres:
        return
    found = await postgres_url()
    if found is None:
        return
    url, drop = found
    try:
        ledger = await PostgresLedger.open(url)
        try:
            await rerate_figures("PostgreSQL", ledger, count)
        finally:
            await ledger.close()
    finally:
        await drop()
    made: list[Callable[[], Awaitable[None]]] = []

    async def fresh() -> PostgresLedger:
        again = await postgres_url()
        assert again is not None
        made.append(again[1])
        return await PostgresLedger.open(again[0])

    try:
        await record_figures("PostgreSQL", fresh)
    finally:
        for dropped in made:
            await dropped()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=100_000, help="matches in the ledger rerate rebuilds")
    parser.add_argument("--lines", type=int, default=20_000, help="matches fed to mahjong-bot ratings")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite's figures only")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")
    asyncio.run(ledger_figures(args.matches, not args.no_postgres))
    cli_figures(args.lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())

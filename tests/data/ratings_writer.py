"""A process that records seeded matches into a ledger until it is done or killed (``test_ledger_rerate.py``):

    python -m tests.data.ratings_writer WHERE SEED COUNT [--pause-in-rating]

``WHERE`` is an SQLite file or a PostgreSQL URL. It prints ``ready`` once the ledger is open, records the
``COUNT`` matches of ``seeded_matches(COUNT, SEED)`` (those already there are found so, not written again),
one in five arriving seven places late as from another process, and prints ``done``. With
``--pause-in-rating`` it stops inside the first rating it makes, after the match's rows are written in the
transaction and before its rating is, prints ``rating <match id>`` and waits to be killed there.
"""

from __future__ import annotations

import asyncio
import sys

from data import ledger_ratings
from data.ledger import MatchEntry
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger
from tests.data.rating_matches import seeded_matches


def arrival_order(matches: list[MatchEntry]) -> list[MatchEntry]:
    """The matches as they reach the ledger: every fifth one seven places late."""
    order = [match for index, match in enumerate(matches) if index % 5 != 4]
    for index in range(4, len(matches), 5):
        order.insert(min(index + 7, len(order)), matches[index])
    return order


async def main(where: str, seed: int, count: int, pause: bool) -> None:
    if pause:
        rate = ledger_ratings.rate_recorded

        async def paused(tx: ledger_ratings.Tx, entry: MatchEntry) -> None:
            print(f"rating {entry.match_id}", flush=True)
            await asyncio.sleep(60)  # killed here
            await rate(tx, entry)

        ledger_ratings.rate_recorded = paused  # type: ignore[assignment]
    opened = PostgresLedger.open(where) if where.startswith("postgresql://") else SqliteLedger.open(where)
    ledger = await opened
    print("ready", flush=True)
    try:
        for entry in arrival_order(seeded_matches(count, seed)):
            await ledger.record_match(entry)
    finally:
        await ledger.close()
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), "--pause-in-rating" in sys.argv[4:]))

"""``Reports`` in PostgreSQL: the leaderboards and statistics of ``data.ledger_reports``, the same SQL
(``ReportQueries``, its placeholders numbered), same figures, same order, over the tables
``data.ledger_postgres`` writes.

Each report runs in a read-only transaction (PostgreSQL refuses any change in one, so a bug here cannot
change a ledger), on the four-player ledger's pool (``beside``: opening the reports costs nothing, and
closing them leaves the pool to its owner) or on a pool of its own (``open``).

Where SQLite takes a bare column from the row of a single ``MAX`` (a member's name in their newest
hand), PostgreSQL is told so: the name of the newest hand, the later id first among hands of one time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from data.ledger import LedgerFileError
from data.ledger_postgres import Pool, PostgresLedger, available, open_pool
from data.ledger_queries import numbered
from data.ledger_reports import ReportQueries


class PostgresLedgerReports(ReportQueries):
    """Read-only reports over a PostgreSQL ledger."""

    # The name of the newest hand, the later id first among hands of one time.
    NEWEST_NAME = "(ARRAY_AGG(s.name ORDER BY h.finished_at DESC, h.hand_id DESC))[1]"

    def __init__(self, pool: Pool, *, owns_pool: bool = True) -> None:
        self._pool = pool
        self._owns_pool = owns_pool

    @classmethod
    def beside(cls, ledger: PostgresLedger) -> PostgresLedgerReports:
        return cls(ledger.pool(), owns_pool=False)

    @classmethod
    async def open(cls, url: str) -> PostgresLedgerReports:
        """The reports of the database at ``url``; ``LedgerFileError`` if it holds no ledger (reports never
        create one: the bot's ``PostgresLedger`` does, at start), ``StoreUnavailable`` if it does not answer."""
        pool = await open_pool(url)
        try:
            with available():
                found = await pool.fetchval(
                    "SELECT COUNT(*) FROM unnest(ARRAY['hands', 'hand_seats', 'hand_patterns']) AS t (name)"
                    " WHERE to_regclass(t.name) IS NOT NULL"
                )
            if found != 3:
                raise LedgerFileError("the database holds no ledger tables")
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        if self._owns_pool:
            await self._pool.close()

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        """All rows of one read (its ``?`` placeholders numbered), in a read-only transaction."""
        with available():
            async with self._pool.acquire() as connection, connection.transaction(readonly=True):
                return [tuple(row) for row in await connection.fetch(numbered(sql), *parameters)]

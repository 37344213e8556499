"""The ledgers in PostgreSQL (SPEC §4.4; ``DATABASE_URL``), for bots whose processes run on several hosts.

The same ``Ledger`` as ``data.ledger_sqlite`` over the same tables, through asyncpg and a small pool
of connections that the solitaire's ledger and the reports share (``beside``). Live state stays where
it was (Redis, or the embedded SQLite store): only the ledgers move.

Migrations are the numbered files ``data/migrations_postgres/NNNN_description.sql``, PostgreSQL's own
history (its first two build what SQLite's first three do), applied in order, each in one
transaction with its row in ``ledger_migrations`` and under a transaction-scoped advisory lock, so
several processes opening one new database at once apply each migration once. A database whose
record is a newer release's, or not this code's history, is refused with ``LedgerFileError`` before
anything in it is changed; so is one whose tables another program made (the migration that would
create them fails, and its transaction leaves the database as it was).

Exactly once: a hand's id is its primary key and its row goes in with ``ON CONFLICT DO NOTHING``, in
one transaction with its seats and patterns (a second writer of the same id waits for the first to
commit, then inserts nothing); an insert that finds the id taken compares the entry with the stored
one, as SQLite's does.

Errors: a server that cannot be reached (refused, gone, shutting down, out of connections) or a
transaction the server broke off to be tried again is ``StoreUnavailable``; any other is ``StoreFailed``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeAlias, TypeVar

import asyncpg

from data.ledger import (
    HandEntry,
    LedgerFileError,
    MatchEntry,
)
from data.ledger_migrations import MIGRATIONS_TABLE, migration_files, recorded_version
from data.ledger_queries import (
    HAND_PATTERNS,
    HAND_SEATS,
    HAND_SELECT,
    MATCH_SEATS,
    MATCH_SELECT,
    LedgerQueries,
    Statement,
    Then,
    numbered,
)
from data.ledger_ratings import Tx
from data.ledger_sqlite import hand_from_row, match_from_row
from data.live import StoreFailed, StoreUnavailable

CONNECT_TIMEOUT_SECONDS = 10.0
COMMAND_TIMEOUT_SECONDS = 30.0  # a statement the server has not answered by then is StoreUnavailable, not a hang
POOL_SIZE = 10
# The advisory lock the migrations are applied under: any number, the same in every release.
_MIGRATION_LOCK = 0x6D6A6C6564676572  # "mjledger"

_MIGRATIONS_TABLE_DDL = f"""CREATE TABLE IF NOT EXISTS {MIGRATIONS_TABLE} (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)"""

Row = tuple[Any, ...]
_T = TypeVar("_T")
# asyncpg's classes are generic in its stubs only: the aliases are strings, for the type checker.
Pool: TypeAlias = "asyncpg.Pool[asyncpg.Record]"
Connection: TypeAlias = "asyncpg.pool.PoolConnectionProxy[asyncpg.Record]"

# What says the server cannot be reached now, or broke a transaction off for it to be tried again.
_UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
    asyncpg.TransactionRollbackError,
    asyncpg.QueryCanceledError,
)


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered migration file, run whole (PostgreSQL takes several statements in one call)."""

    version: int
    name: str
    sql: str


MIGRATIONS = tuple(
    Migration(file.version, file.name, file.text)
    for file in migration_files(resources.files("data.migrations_postgres"), "data/migrations_postgres")
)
LATEST_VERSION = len(MIGRATIONS)


@contextmanager
def available() -> Iterator[None]:
    """asyncpg's errors as the stores' own (nothing was written either way: every change is one
    transaction)."""
    try:
        yield
    except _UNAVAILABLE as error:
        raise StoreUnavailable(f"PostgreSQL does not answer: {error}") from error
    except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise StoreFailed(f"PostgreSQL error: {error}") from error


async def open_pool(url: str) -> Pool:
    """A pool on ``url`` (``postgresql://…``; query parameters such as ``search_path`` are the
    connections' settings), its first connection made: ``StoreUnavailable`` if the server does not
    answer, ``StoreFailed`` if it refuses (a wrong password, no such database)."""
    try:
        with available():
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                timeout=CONNECT_TIMEOUT_SECONDS,
                command_timeout=COMMAND_TIMEOUT_SECONDS,
            )
    except ValueError as error:  # asyncpg's word for a URL it cannot read (a port that is not a number)
        raise StoreFailed(f"not a PostgreSQL URL asyncpg can read ({error})") from error
    return pool


async def migrate(pool: Pool) -> None:
    """Apply the migrations the database lacks, each in its own transaction under the advisory lock,
    re-reading the recorded version there (so a database already at the latest is checked too);
    ``LedgerFileError`` for a database of a newer release or another history, before any change."""
    with available():
        async with pool.acquire() as connection:
            for migration in MIGRATIONS:
                async with connection.transaction():
                    await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                    if await _recorded_version(connection) < migration.version:
                        await connection.execute(_MIGRATIONS_TABLE_DDL)
                        await _apply(connection, migration)


async def _apply(connection: Connection, migration: Migration) -> None:
    try:
        await connection.execute(migration.sql)
    except (asyncpg.DuplicateTableError, asyncpg.DuplicateObjectError) as error:
        raise LedgerFileError(
            f"ledger version {migration.version - 1} has no such table, yet {error} (another program's tables?)"
        ) from error
    await connection.execute(
        f"INSERT INTO {MIGRATIONS_TABLE} (version, name, applied_at) VALUES ($1, $2, $3)",
        migration.version,
        migration.name,
        time.time(),
    )


async def _recorded_version(connection: Connection) -> int:
    """How many migrations the database records (0 without the table), checked (``recorded_version``)."""
    if await connection.fetchval("SELECT to_regclass($1) IS NULL", MIGRATIONS_TABLE):
        return 0
    try:
        rows = await connection.fetch(f"SELECT version, name FROM {MIGRATIONS_TABLE} ORDER BY version")
    except asyncpg.UndefinedColumnError as error:
        raise LedgerFileError(f"table {MIGRATIONS_TABLE} is not the ledger's (another program's database?)") from error
    return recorded_version([(int(version), str(name)) for version, name in rows], MIGRATIONS)


async def open_migrated(url: str) -> Pool:
    """A pool on ``url`` whose database is at the latest version (the pool closed if it cannot be)."""
    pool = await open_pool(url)
    try:
        await migrate(pool)
    except BaseException:
        await pool.close()
        raise
    return pool


class PostgresLedger(LedgerQueries):
    """``Ledger`` in the ``hands``, ``matches``, ``guild_settings`` and ``member_preferences`` tables
    (and their seat and pattern tables) of a PostgreSQL database, on a pool: each write one
    transaction, each read of several tables one snapshot."""

    def __init__(self, pool: Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresLedger:
        """The ledger of the database at ``url``, migrated to the latest version; ``StoreUnavailable``
        if the server does not answer, ``LedgerFileError`` if the database cannot hold the ledger,
        ``StoreFailed`` if the server refuses."""
        return cls(await open_migrated(url))

    def pool(self) -> Pool:
        """The pool, for the solitaire's ledger and the reports of the same database to share."""
        return self._pool

    async def _insert_once(self, head: Statement, children: list[Statement], then: Then | None = None) -> bool:
        """``head``'s row and, only if it was new, the ``children`` rows and what ``then`` writes, in one
        transaction (a second writer of the same id waits for the first to commit, then inserts nothing);
        True if it was new."""
        sql, (row,) = head
        with available():
            async with self._pool.acquire() as connection, connection.transaction():
                if not await connection.fetchval(numbered(sql) + " RETURNING TRUE", *row):
                    return False
                for child_sql, rows in children:
                    await connection.executemany(numbered(child_sql), rows)
                if then is not None:
                    await then(PostgresTx(connection))
        return True

    async def _transact(self, work: Callable[[Tx], Awaitable[_T]], *, write: bool) -> _T:
        """``work`` in one transaction: a write, or a read-only one that sees one snapshot throughout."""
        if not write:
            async with _snapshot(self._pool) as connection:
                return await work(PostgresTx(connection))
        with available():
            async with self._pool.acquire() as connection, connection.transaction():
                return await work(PostgresTx(connection))

    async def close(self) -> None:
        await self._pool.close()

    async def _first(self, sql: str, parameters: Sequence[Any]) -> Row | None:
        """The first row of one read (its ``?`` placeholders numbered), or None."""
        with available():
            row = await self._pool.fetchrow(numbered(sql), *parameters)
        return None if row is None else tuple(row)

    async def _execute(self, sql: str, parameters: Sequence[Any]) -> None:
        """One changing statement (its ``?`` placeholders numbered), its own transaction."""
        with available():
            await self._pool.execute(numbered(sql), *parameters)

    async def _hands(self, where: str, parameters: Sequence[Any]) -> list[HandEntry]:
        """The hands ``where`` (a condition with ``?`` placeholders, perhaps with its order and page)
        selects, with their seats and patterns, read in one snapshot so a hand written meanwhile cannot
        shift the page between reads."""
        where = numbered(where)
        async with _snapshot(self._pool) as connection:
            rows = await connection.fetch(f"{HAND_SELECT} WHERE {where}", *parameters)
            seats = _grouped(await connection.fetch(HAND_SEATS.format(where=where), *parameters))
            patterns = _grouped(await connection.fetch(HAND_PATTERNS.format(where=where), *parameters))
        return [hand_from_row(tuple(row), seats.get(row[0], []), patterns.get(row[0], [])) for row in rows]

    async def _matches(self, where: str, parameters: Sequence[Any]) -> list[MatchEntry]:
        """The matches ``where`` selects with their seats, in one snapshot as ``_hands``."""
        where = numbered(where)
        async with _snapshot(self._pool) as connection:
            rows = await connection.fetch(f"{MATCH_SELECT} WHERE {where}", *parameters)
            seats = _grouped(await connection.fetch(MATCH_SEATS.format(where=where), *parameters))
        return [match_from_row(tuple(row), seats.get(row[0], [])) for row in rows]


class PostgresTx:
    """``data.ledger_ratings.Tx`` on a connection in a transaction: its statements' ``?`` numbered, a
    server's ratings held by a transaction-scoped advisory lock, all of them by table locks."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in await self._connection.fetch(numbered(sql), *parameters)]

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> None:
        await self._connection.execute(numbered(sql), *parameters)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._connection.executemany(numbered(sql), rows)

    async def lock_guild(self, guild_id: int) -> None:
        await self._connection.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", f"mahjong-bot ratings of {guild_id}"
        )

    async def lock_all(self) -> None:
        # writers of matches, ratings and season modes wait until this transaction ends (and it for them)
        await self._connection.execute(
            "LOCK TABLE matches, rated_matches, rating_changes, ratings, season_modes IN SHARE ROW EXCLUSIVE MODE"
        )


@asynccontextmanager
async def _snapshot(pool: Pool) -> AsyncIterator[Connection]:
    """A connection in a read-only transaction that sees one snapshot of the database throughout."""
    with available():
        async with pool.acquire() as connection, connection.transaction(isolation="repeatable_read", readonly=True):
            yield connection


def _grouped(rows: Sequence[asyncpg.Record]) -> dict[str, list[Row]]:
    """Rows of a seat or pattern table grouped by their entry's id (the first column, left out of each row)."""
    grouped: dict[str, list[Row]] = {}
    for key, *rest in rows:
        grouped.setdefault(key, []).append(tuple(rest))
    return grouped

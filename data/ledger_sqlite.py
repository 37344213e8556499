"""The ledgers in an SQLite file (SPEC §4.4), the same file as the embedded live state.

The file is shared with ``data.live_sqlite`` (its ``live_*`` tables), each on its own connection, in
WAL mode so readers never wait for the writer. That is why the schema's version is kept in a table
of the ledger's own, ``ledger_migrations``, not in ``PRAGMA user_version``, which belongs to the file.

Migrations are the numbered files ``data/migrations/NNNN_description.sql``, applied in order, each in
one transaction together with its row in ``ledger_migrations``, so a file is always at one version
and never half migrated. Before anything is written the file is checked against what the migrations
build (they are replayed in memory for the comparison): a file that is not SQLite, that holds
ledger tables of another shape than its recorded version's, or that a newer release has migrated
further than this code knows, is refused with ``LedgerFileError`` and left as it was.

Exactly once: a hand's id is its primary key and its row goes in with ``ON CONFLICT DO NOTHING``, in
one transaction with its seats and patterns; an insert that finds the id taken compares the entry
with the stored one, to tell a replayed completion (nothing to do) from a conflict (a bug).
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeVar

import aiosqlite

from data.ledger import (
    HandEntry,
    LedgerFileError,
    MatchEntry,
    SeatEntry,
)
from data.ledger_migrations import MIGRATIONS_TABLE, MigrationFile, migration_files, recorded_version
from data.ledger_queries import (
    HAND_PATTERNS,
    HAND_SEATS,
    HAND_SELECT,
    MATCH_SEATS,
    MATCH_SELECT,
    LedgerQueries,
    Statement,
    Then,
)
from data.ledger_ratings import Tx
from data.sqlite_file import available, connect, switch_to_wal, usable_file

DEFAULT_BUSY_TIMEOUT_SECONDS = 5.0

_MIGRATIONS_TABLE_DDL = f"""CREATE TABLE IF NOT EXISTS {MIGRATIONS_TABLE} (
    version INTEGER PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    applied_at REAL NOT NULL
) STRICT"""


Row = tuple[Any, ...]
_T = TypeVar("_T")
# Each ledger table and index by name: (type, table, PRAGMA table_info / index_info rows).
Shape = dict[str, tuple[str, str, tuple[Row, ...]]]


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered migration file, split into statements so they run inside our own transaction
    (``executescript`` would commit on its own)."""

    version: int
    name: str
    statements: tuple[str, ...]


def _split(file: MigrationFile) -> Migration:
    statements, pending = [], ""
    for line in file.text.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        raise RuntimeError(f"data/migrations/{file.name}.sql: ends inside a statement: {pending.strip()[:80]!r}")
    return Migration(file.version, file.name, tuple(statements))


MIGRATIONS = tuple(_split(file) for file in migration_files(resources.files("data.migrations"), "data/migrations"))
LATEST_VERSION = len(MIGRATIONS)


@asynccontextmanager
async def _transaction(db: aiosqlite.Connection, kind: str = "IMMEDIATE") -> AsyncIterator[None]:
    """One transaction: IMMEDIATE (the default) takes the write lock at once, so a write cannot fail half
    way for a lock; DEFERRED reads one snapshot of the file and writes nothing."""
    await db.execute(f"BEGIN {kind}")
    try:
        yield
        await db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            await db.execute("ROLLBACK")
        raise


async def migrate(db: aiosqlite.Connection, path: str | pathlib.Path, *, to_version: int = LATEST_VERSION) -> None:
    """Check the file behind ``db`` (``LedgerFileError`` before any change), switch it to WAL and apply
    the migrations it lacks up to ``to_version`` (the latest, but for building a file as an earlier
    release left it). Each migration re-reads the version inside its transaction, so two processes
    opening one file at once apply each migration once."""
    references = await _reference_shapes()
    async with _transaction(db, "DEFERRED"):  # one snapshot: another process may be migrating the file
        version = await _checked_version(db, path, references)
    await switch_to_wal(db)
    for migration in MIGRATIONS[version:to_version]:
        async with _transaction(db):
            if await _recorded_version(db, path) < migration.version:
                await _apply(db, migration, applied_at=time.time())


async def _apply(db: aiosqlite.Connection, migration: Migration, *, applied_at: float) -> None:
    await db.execute(_MIGRATIONS_TABLE_DDL)
    for statement in migration.statements:
        await db.execute(statement)
    await db.execute(
        f"INSERT INTO {MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, ?, ?)",
        (migration.version, migration.name, applied_at),
    )


async def _reference_shapes() -> list[Shape]:
    """What the ledger tables look like after 0, 1, … every migration, built by the same statements
    in memory: the file is compared with these, not with a hand-kept description that could drift."""
    async with aiosqlite.connect(":memory:", isolation_level=None) as memory:
        shapes = [await _shape(memory)]
        for migration in MIGRATIONS:
            async with _transaction(memory):
                await _apply(memory, migration, applied_at=0.0)
            shapes.append(await _shape(memory))
    return shapes


async def _shape(db: aiosqlite.Connection) -> Shape:
    """Every table's columns and every index's columns, by name (SQLite's own objects left out)."""
    objects = await db.execute_fetchall(
        "SELECT type, name, tbl_name FROM sqlite_master"
        " WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
    )
    shape: Shape = {}
    for kind, name, table in objects:
        pragma = "pragma_table_info" if kind == "table" else "pragma_index_info"
        details = await db.execute_fetchall(f"SELECT * FROM {pragma}(?)", (name,))
        shape[name] = (kind, table, tuple(tuple(row) for row in details))
    return shape


async def _checked_version(db: aiosqlite.Connection, path: str | pathlib.Path, references: list[Shape]) -> int:
    """The file's ledger version, after checking that each ledger table or index is there exactly when
    that version has it, with that version's columns (other tables, the live state's, are not ours)."""
    found = await _shape(db)
    ours = references[-1]
    if MIGRATIONS_TABLE in found and found[MIGRATIONS_TABLE] != ours[MIGRATIONS_TABLE]:
        raise LedgerFileError(f"{path}: table {MIGRATIONS_TABLE} is not the ledger's (another program's database?)")
    version = await _recorded_version(db, path)
    expected = references[version]
    for name in ours:
        if found.get(name) != expected.get(name):
            raise LedgerFileError(f"{path}: {_mismatch(name, found, expected, version)} (another program's database?)")
    return version


def _mismatch(name: str, found: Shape, expected: Shape, version: int) -> str:
    if name not in expected:
        return f"{found[name][0]} {name} exists but ledger version {version} has none"
    if name not in found:
        return f"{expected[name][0]} {name} of ledger version {version} is missing"
    return f"{found[name][0]} {name} has other columns than in ledger version {version}"


async def _recorded_version(db: aiosqlite.Connection, path: str | pathlib.Path) -> int:
    """How many migrations the file records (0 without the table), checked (``recorded_version``)."""
    if not await db.execute_fetchall("SELECT 1 FROM sqlite_master WHERE name = ?", (MIGRATIONS_TABLE,)):
        return 0
    rows = await db.execute_fetchall(f"SELECT version, name FROM {MIGRATIONS_TABLE} ORDER BY version")
    return recorded_version([(int(version), str(name)) for version, name in rows], MIGRATIONS, str(path))


async def open_migrated(path: str | pathlib.Path, busy_timeout: float) -> aiosqlite.Connection:
    """A connection to the file at ``path`` (created if needed), at the latest version, its foreign keys
    enforced; ``LedgerFileError`` if the file cannot hold the ledgers, ``StoreUnavailable`` if it stays
    locked (the connection closed either way)."""
    with usable_file(path, LedgerFileError, "ledger"):
        connection = await connect(path)
    try:
        with usable_file(path, LedgerFileError, "ledger"):
            await connection.execute_fetchall(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
            await connection.execute_fetchall("PRAGMA foreign_keys = ON")
            await migrate(connection, path)
    except BaseException:
        await connection.close()
        raise
    return connection


def _seat(row: Row) -> tuple[SeatEntry, float]:
    member_id, name, computer, amount = row
    return SeatEntry(name=name, member_id=member_id, computer=computer), amount


def hand_from_row(row: Row, seat_rows: list[Row], pattern_rows: list[Row]) -> HandEntry:
    hand_id, guild_id, table_id, match_id, number, rules, winner, discarder, self_drawn, score, fan, record, at = row
    seats = [_seat(seat) for seat in seat_rows]
    return HandEntry(
        hand_id=hand_id,
        guild_id=guild_id,
        table_id=table_id,
        match_id=match_id,
        number=number,
        rules=json.loads(rules),
        seats=tuple(seat for seat, _ in seats),
        winner=winner,
        discarder=discarder,
        self_drawn=bool(self_drawn),
        score=score,
        fan=fan,
        payments=tuple(amount for _, amount in seats),
        patterns=tuple(pattern for (pattern,) in pattern_rows),
        record=record,
        finished_at=at,
    )


def match_from_row(row: Row, seat_rows: list[Row]) -> MatchEntry:
    match_id, guild_id, table_id, rules, hands, finished_at, ended, practice, deal = row
    seats = [_seat(seat) for seat in seat_rows]
    return MatchEntry(
        match_id=match_id,
        guild_id=guild_id,
        table_id=table_id,
        rules=json.loads(rules),
        seats=tuple(seat for seat, _ in seats),
        totals=tuple(total for _, total in seats),
        hands=hands,
        finished_at=finished_at,
        ended=ended,
        practice=bool(practice),
        deal=deal,
    )


class SqliteTx:
    """``data.ledger_ratings.Tx`` on a connection in a transaction: SQLite's writers take turns anyway
    (``BEGIN IMMEDIATE``), so there is nothing to lock."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in await self._db.execute_fetchall(sql, parameters)]

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> None:
        await self._db.execute(sql, parameters)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)

    async def lock_guild(self, guild_id: int) -> None:
        pass

    async def lock_all(self) -> None:
        pass


class SqliteLedger(LedgerQueries):
    """``Ledger`` in the ``hands``, ``matches``, ``guild_settings`` and ``member_preferences`` tables
    (and their seat and pattern tables) of an SQLite file. One connection, used by one statement or
    transaction at a time (a lock), so a read never sees a hand without its seats."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: str | pathlib.Path, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS
    ) -> SqliteLedger:
        """Open (creating if needed) the file at ``path``, migrated to the latest version;
        ``LedgerFileError`` if it cannot hold the ledger, ``StoreUnavailable`` if it stays locked."""
        return cls(await open_migrated(path, busy_timeout))

    def connection(self) -> tuple[aiosqlite.Connection, asyncio.Lock]:
        """The connection and its lock, for another ledger of the same file to share (the solitaire's)."""
        return self._db, self._lock

    async def close(self) -> None:
        await self._db.close()

    @asynccontextmanager
    async def _using(self) -> AsyncIterator[None]:
        """The connection to ourselves for one statement or transaction; a lock past the timeout is
        ``StoreUnavailable``."""
        async with self._lock:
            with available():
                yield

    async def _first(self, sql: str, parameters: Sequence[Any]) -> Row | None:
        """The first row of one query, or None."""
        async with self._using():
            rows = await self._db.execute_fetchall(sql, parameters)
        return next((tuple(row) for row in rows), None)

    async def _execute(self, sql: str, parameters: Sequence[Any]) -> None:
        """One changing statement, its own transaction."""
        async with self._using():
            await self._db.execute(sql, parameters)

    async def _insert_once(self, head: Statement, children: list[Statement], then: Then | None = None) -> bool:
        """Insert ``head``'s row and, only if it was new, the ``children`` rows and what ``then`` writes, in
        one transaction; True if the row was new."""
        sql, (row,) = head
        async with self._using(), _transaction(self._db):
            async with self._db.execute(sql, row) as cursor:
                if cursor.rowcount == 0:
                    return False
            for child_sql, rows in children:
                await self._db.executemany(child_sql, rows)
            if then is not None:
                await then(SqliteTx(self._db))
        return True

    async def _transact(self, work: Callable[[Tx], Awaitable[_T]], *, write: bool) -> _T:
        """``work`` in one transaction: a write (the write lock taken at once), or a read of one snapshot."""
        async with self._using(), _transaction(self._db, "IMMEDIATE" if write else "DEFERRED"):
            return await work(SqliteTx(self._db))

    async def _hands(self, where: str, parameters: Sequence[Any]) -> list[HandEntry]:
        """The hands ``where`` (a condition, perhaps with its order and page) selects, with their seats and
        patterns, read in one snapshot so a hand written meanwhile cannot shift the page between reads."""
        async with self._using(), _transaction(self._db, "DEFERRED"):
            rows = await self._all(f"{HAND_SELECT} WHERE {where}", parameters)
            seats = await self._children(HAND_SEATS.format(where=where), parameters)
            patterns = await self._children(HAND_PATTERNS.format(where=where), parameters)
        return [hand_from_row(row, seats.get(row[0], []), patterns.get(row[0], [])) for row in rows]

    async def _matches(self, where: str, parameters: Sequence[Any]) -> list[MatchEntry]:
        """The matches ``where`` selects with their seats, in one snapshot as ``_hands``."""
        async with self._using(), _transaction(self._db, "DEFERRED"):
            rows = await self._all(f"{MATCH_SELECT} WHERE {where}", parameters)
            seats = await self._children(MATCH_SEATS.format(where=where), parameters)
        return [match_from_row(row, seats.get(row[0], [])) for row in rows]

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[Row]:
        return [tuple(row) for row in await self._db.execute_fetchall(sql, parameters)]

    async def _children(self, sql: str, parameters: Sequence[Any]) -> dict[str, list[Row]]:
        """Rows of a seat or pattern table grouped by their entry's id (the first column, left out of each row)."""
        grouped: dict[str, list[Row]] = {}
        for key, *rest in await self._all(sql, parameters):
            grouped.setdefault(key, []).append(tuple(rest))
        return grouped

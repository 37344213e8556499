"""The live-state store in an embedded SQLite file (SPEC §4.4), for a bot that runs as one process
without Redis.

A document, its version and its deadline are one row of ``live_state``, so the compare-and-set and
the deadline change are one ``UPDATE`` and cannot be separated by a crash. Every method is a single
statement in autocommit mode, hence its own transaction. The file runs in WAL mode, so readers
(an admin tool, a second process) never block the writer, and waits ``busy_timeout`` for a lock
before giving up with ``StoreUnavailable``.

The ledgers will share this file with their own tables, which is why these are named ``live_*``.
A file that is not SQLite, or whose ``live_*`` tables have another shape, is refused at open with
``LiveStoreFileError``: that needs a person, not a retry.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import aiosqlite

from data.live import StoreFailed, Versioned
from data.sqlite_file import available, connect, switch_to_wal, usable_file

DEFAULT_BUSY_TIMEOUT_SECONDS = 5.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS live_state (
    key TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    document TEXT NOT NULL,
    deadline REAL
);
CREATE INDEX IF NOT EXISTS live_state_deadline ON live_state (deadline);
CREATE TABLE IF NOT EXISTS live_leases (
    name TEXT PRIMARY KEY,
    holder TEXT,
    until REAL
);
"""

# (name, declared type, not null, primary key) of each column, as PRAGMA table_info gives them.
_EXPECTED_COLUMNS = {
    "live_state": [
        ("key", "TEXT", 0, 1),
        ("version", "INTEGER", 1, 0),
        ("document", "TEXT", 1, 0),
        ("deadline", "REAL", 0, 0),
    ],
    "live_leases": [("name", "TEXT", 0, 1), ("holder", "TEXT", 0, 0), ("until", "REAL", 0, 0)],
}


class LiveStoreFileError(StoreFailed):
    """The database file cannot hold the live state: not SQLite, unreadable, or tables of another shape."""


def _encode(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class SqliteLiveStore:
    """``LiveStore`` in the tables ``live_state`` and ``live_leases`` of one SQLite file."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def open(
        cls, path: str | pathlib.Path, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS
    ) -> SqliteLiveStore:
        """Open (creating if needed) the file at ``path`` and its tables; ``LiveStoreFileError`` if the
        file is not a usable SQLite database, ``StoreUnavailable`` if it stays locked."""
        with usable_file(path, LiveStoreFileError, "live-state"):
            connection = await connect(path)
        try:
            with usable_file(path, LiveStoreFileError, "live-state"):
                await _prepare(connection, busy_timeout, path)
        except BaseException:
            await connection.close()
            raise
        return cls(connection)

    async def read(self, key: str) -> Versioned | None:
        rows = await self._rows("SELECT version, document, deadline FROM live_state WHERE key = ?", (key,))
        if not rows:
            return None
        ((version, document, deadline),) = rows
        return Versioned(version=version, document=json.loads(document), deadline=deadline)

    async def create(self, key: str, document: dict[str, Any], *, deadline: float | None = None) -> bool:
        return await self._changed(
            "INSERT INTO live_state (key, version, document, deadline) VALUES (?, 1, ?, ?)"
            " ON CONFLICT (key) DO NOTHING",
            (key, _encode(document), deadline),
        )

    async def write(
        self, key: str, version: int, document: dict[str, Any], *, deadline: float | None = None
    ) -> int | None:
        # one statement run to its end in one call to the connection's thread (a table's move writes
        # once: the version it wrote comes back with it)
        rows = await self._rows(
            "UPDATE live_state SET version = version + 1, document = ?, deadline = ? WHERE key = ? AND version = ?"
            " RETURNING version",
            (_encode(document), deadline, key, version),
        )
        return int(rows[0][0]) if rows else None

    async def delete(self, key: str, version: int) -> bool:
        return await self._changed("DELETE FROM live_state WHERE key = ? AND version = ?", (key, version))

    async def due(self, now: float, limit: int = 100) -> list[str]:
        rows = await self._rows(
            "SELECT key FROM live_state WHERE deadline <= ? ORDER BY deadline, key LIMIT ?", (now, limit)
        )
        return [key for (key,) in rows]

    async def next_deadline(self) -> float | None:
        ((earliest,),) = await self._rows("SELECT MIN(deadline) FROM live_state", ())
        return None if earliest is None else float(earliest)

    async def keys(self, prefix: str) -> list[str]:
        rows = await self._rows(
            "SELECT key FROM live_state WHERE substr(key, 1, ?) = ? ORDER BY key", (len(prefix), prefix)
        )
        return [key for (key,) in rows]

    async def acquire_lease(self, name: str, holder: str, seconds: float, now: float) -> bool:
        return await self._changed(
            "INSERT INTO live_leases (name, holder, until) VALUES (:name, :holder, :until)"
            " ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until"
            " WHERE live_leases.holder = excluded.holder OR live_leases.until <= :now",
            {"name": name, "holder": holder, "until": now + seconds, "now": now},
        )

    async def release_lease(self, name: str, holder: str) -> None:
        await self._changed("DELETE FROM live_leases WHERE name = ? AND holder = ?", (name, holder))

    async def close(self) -> None:
        await self._db.close()

    async def _changed(self, sql: str, parameters: tuple[Any, ...] | dict[str, Any]) -> bool:
        """Run one changing statement (its own transaction); True if it touched a row."""
        with available():
            async with self._db.execute(sql, parameters) as cursor:
                return cursor.rowcount > 0

    async def _rows(self, sql: str, parameters: tuple[Any, ...] | dict[str, Any]) -> list[tuple[Any, ...]]:
        """Run one query to its end (so no read transaction stays open) and return its rows."""
        with available():
            return [tuple(row) for row in await self._db.execute_fetchall(sql, parameters)]


async def _prepare(connection: aiosqlite.Connection, busy_timeout: float, path: str | pathlib.Path) -> None:
    await connection.execute_fetchall(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
    await switch_to_wal(connection)
    # Every move commits a table. In WAL mode NORMAL syncs at checkpoints, not at each commit: a process
    # killed loses no committed move, an operating system that crashes may lose the last seconds' moves
    # (a table then stands a few moves back, whole), as a Redis live store that keeps nothing on disk
    # loses every table. It saves some 0.17 ms of CPU a move. The ledgers' own connection keeps FULL.
    await connection.execute_fetchall("PRAGMA synchronous = NORMAL")
    await _check_columns(connection, path)
    await connection.executescript(_SCHEMA)


async def _check_columns(connection: aiosqlite.Connection, path: str | pathlib.Path) -> None:
    """Refuse, before touching anything, tables of the right name but another shape (a foreign file, or
    a future schema); a table not there yet is fine, the schema creates it."""
    for table, expected in _EXPECTED_COLUMNS.items():
        rows = await connection.execute_fetchall(f"PRAGMA table_info({table})")
        found = [(name, kind.upper(), notnull, pk) for _, name, kind, notnull, _, pk in rows]
        if found and found != expected:
            raise LiveStoreFileError(f"{path}: table {table} has columns {found}, expected {expected}")

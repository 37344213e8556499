"""What the two SQLite stores of one file share: opening it, telling a lock from a broken file, entering WAL.

The embedded live state (``data.live_sqlite``) and the ledgers (``data.ledger_sqlite``) live in the same
``DATABASE_PATH``, each on a connection of its own; both read SQLite's errors the same way.
"""

from __future__ import annotations

import asyncio
import pathlib
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager

import aiosqlite

from data.live import StoreFailed, StoreUnavailable

_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_WAL_RETRY_SECONDS = 0.01
_ITER_CHUNK_SIZE = 64  # rows a cursor fetches at a time when iterated: aiosqlite.connect's own default


def is_busy(error: sqlite3.Error) -> bool:
    return (error.sqlite_errorcode & 0xFF) in _BUSY_CODES  # the primary code, without the extended bits


@contextmanager
def available() -> Iterator[None]:
    """SQLite's errors as the stores' own: a lock held past the busy timeout is ``StoreUnavailable`` (the
    caller retries later), any other is ``StoreFailed`` (a damaged file, a full disk: it needs a person);
    nothing was written either way."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if is_busy(error):
            raise StoreUnavailable(f"SQLite database locked: {error}") from error
        raise StoreFailed(f"SQLite database error: {error}") from error
    except sqlite3.Error as error:
        raise StoreFailed(f"SQLite database error: {error}") from error


@contextmanager
def usable_file(path: str | pathlib.Path, refusal: type[Exception], purpose: str) -> Iterator[None]:
    """At open, every SQLite failure but a lock means the file itself is wrong: say which file."""
    try:
        with available():
            yield
    except StoreFailed as error:
        if isinstance(error, refusal):  # the file's own check said why already
            raise
        raise refusal(f"{path}: cannot be used as the {purpose} database ({error.__cause__})") from error


async def connect(path: str | pathlib.Path) -> aiosqlite.Connection:
    """An aiosqlite connection to the file in autocommit, opened so that a file that cannot be opened
    leaves no thread behind. Opened by aiosqlite, such a file would be refused while aiosqlite's worker
    thread still had its stop to run, unwaited, and a thread that ends after the event loop has closed
    raises "Event loop is closed" in that thread (seen in the test suite; the bot opening a
    ``DATABASE_PATH`` it cannot use runs the same path). So sqlite3 opens the file in asyncio's own
    worker, which the refusal comes back through, and aiosqlite's thread starts only with a connection
    that is open already."""
    # Made in asyncio's worker, then used in aiosqlite's thread alone: never by two threads at once.
    opened = await asyncio.to_thread(sqlite3.connect, path, isolation_level=None, check_same_thread=False)
    return await aiosqlite.Connection(lambda: opened, _ITER_CHUNK_SIZE)


async def switch_to_wal(db: aiosqlite.Connection) -> None:
    """Put the file in WAL mode (a no-op once it is). Leaving rollback mode while another connection
    writes (another process opening the same new file), SQLite answers busy at once rather than
    waiting, so wait here, up to the connection's busy timeout. Every PRAGMA is read to its end: one
    left unfinished keeps a read open, and the next write lock would then fail at once too."""
    ((timeout_ms,),) = await db.execute_fetchall("PRAGMA busy_timeout")
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            await db.execute_fetchall("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if not is_busy(error) or time.monotonic() >= deadline:
                raise
        await asyncio.sleep(_WAL_RETRY_SECONDS)

"""A SQLite file that cannot be opened is refused with nothing left running: aiosqlite's worker thread
has ended, or never started, when the refusal comes (one left behind raised "Event loop is closed" once
the loop had closed); one that can be is a connection in autocommit whose thread ends when it closes."""

from __future__ import annotations

import asyncio
import pathlib
import signal
import sqlite3
import sys
import threading

import pytest

from data.ledger import LedgerFileError
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import LiveStoreFileError, SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from data.sqlite_file import connect

pytestmark = pytest.mark.asyncio


def _workers() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if "_connection_worker_thread" in thread.name]


@pytest.mark.parametrize(
    ("store", "refusal"),
    [
        (SqliteLiveStore, LiveStoreFileError),
        (SqliteLedger, LedgerFileError),
        (SqliteSolitaireLedger, LedgerFileError),
    ],
)
async def test_a_file_that_cannot_be_opened_leaves_no_worker_thread(
    store: type, refusal: type[Exception], tmp_path: pathlib.Path
) -> None:
    before = _workers()
    with pytest.raises(refusal, match=r"no-such-folder"):
        await store.open(tmp_path / "no-such-folder" / "bot.sqlite3")
    assert [thread for thread in _workers() if thread not in before] == []


async def test_a_connection_is_in_autocommit_and_its_thread_ends_with_it(tmp_path: pathlib.Path) -> None:
    before = _workers()
    connection = await connect(tmp_path / "bot.sqlite3")
    await connection.execute("CREATE TABLE kept (n INTEGER)")
    await connection.execute("INSERT INTO kept VALUES (1)")
    assert not connection.in_transaction  # each statement is its own transaction until a BEGIN
    with sqlite3.connect(tmp_path / "bot.sqlite3") as other:  # so another connection sees it at once
        assert other.execute("SELECT n FROM kept").fetchall() == [(1,)]
    (worker,) = [thread for thread in _workers() if thread not in before]
    await connection.close()
    worker.join(timeout=5)  # its last step, after answering the close: a moment at the most
    assert not worker.is_alive()


async def test_a_file_that_cannot_be_opened_is_refused_as_sqlite_refuses_it(tmp_path: pathlib.Path) -> None:
    with pytest.raises(sqlite3.OperationalError, match="unable to open database file"):
        await connect(tmp_path / "no-such-folder" / "bot.sqlite3")


async def test_the_live_state_syncs_at_checkpoints_and_the_ledger_at_every_commit(tmp_path: pathlib.Path) -> None:
    """A move commits a table: the live state's connection is NORMAL (1), the ledgers' FULL (2)."""
    live = await SqliteLiveStore.open(tmp_path / "bot.sqlite3")
    ledger = await SqliteLedger.open(tmp_path / "bot.sqlite3")
    try:
        assert [tuple(row) for row in await live._db.execute_fetchall("PRAGMA synchronous")] == [(1,)]
        assert [tuple(row) for row in await ledger._db.execute_fetchall("PRAGMA synchronous")] == [(2,)]
    finally:
        await live.close()
        await ledger.close()


_WRITE_THEN_DIE = """
import asyncio, os, signal, sys
from data.live_sqlite import SqliteLiveStore

async def main() -> None:
    store = await SqliteLiveStore.open(sys.argv[1])
    assert await store.create("table:t1", {"moves": 0})
    for version in range(1, 21):
        assert await store.write("table:t1", version, {"moves": version}) == version + 1
    os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint: the process dies after its commits

asyncio.run(main())
"""


async def test_a_process_killed_after_its_commits_loses_none_of_them(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bot.sqlite3"
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", _WRITE_THEN_DIE, str(path))
    assert await process.wait() == -signal.SIGKILL
    store = await SqliteLiveStore.open(path)
    try:
        found = await store.read("table:t1")
        assert found is not None and found.document == {"moves": 20}
    finally:
        await store.close()

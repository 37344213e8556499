"""A SQLite file that cannot be opened is refused with nothing left running: aiosqlite's worker thread
has ended when the refusal comes (one left behind raised "Event loop is closed" once the loop had
closed)."""

from __future__ import annotations

import pathlib
import threading

import pytest

from data.ledger import LedgerFileError
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import LiveStoreFileError, SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger

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

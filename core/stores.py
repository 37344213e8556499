"""The stores, opened from the settings and checked before anything else: the ledgers (SQLite in
``DATABASE_PATH``, or PostgreSQL at ``DATABASE_URL``), then the live state (the embedded store in the same
file, or Redis at ``REDIS_URL``), and how the reports are opened beside them.

Each failure is one line that names the setting to look at, with its own exit status (``CONFIGURATION``,
``STORE``; ``DISCORD`` is the Discord surface's), and no traceback. A store that does not answer is tried
again with a growing wait (1, 2, 4 … 30 s), one log line per attempt, until the settings'
``start_patience`` runs out: under a supervisor that restarts the process, a host whose network or Redis
comes up late costs a few lines, not a traceback every few seconds.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pathlib
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from core.settings import Settings
from data import open_live_store
from data.ledger import Ledger, LedgerFileError
from data.ledger_postgres import PostgresLedger
from data.ledger_reports import LedgerReports, Reports
from data.ledger_reports_postgres import PostgresLedgerReports
from data.ledger_sqlite import SqliteLedger
from data.live import LiveStore, StoreFailed, StoreUnavailable
from data.live_sqlite import LiveStoreFileError
from data.solitaire_ledger import SolitaireLedger
from data.solitaire_postgres import PostgresSolitaireLedger
from data.solitaire_sqlite import SqliteSolitaireLedger

log = logging.getLogger(__name__)

ReportsOpener = Callable[[], Awaitable[Reports]]

CONFIGURATION, STORE = 2, 3
_T = TypeVar("_T")
Sleep = Callable[[float], Awaitable[None]]
Clock = Callable[[], float]


class StartFailure(Exception):
    """The bot cannot start: ``status`` is the process's exit status, the message one line for its admin."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class Stores:
    live: LiveStore
    ledger: Ledger
    solitaire_ledger: SolitaireLedger

    async def close(self) -> None:
        for store in (self.solitaire_ledger, self.ledger, self.live):
            await store.close()


def waits(patience: float) -> Iterator[float]:
    """The waits between attempts, 1, 2, 4 … 30 s, as long as their sum stays within ``patience``."""
    spent, wait = 0.0, 1.0
    while spent + wait <= patience:
        yield wait
        spent += wait
        wait = min(30.0, wait * 2)


async def patiently(
    attempt: Callable[[], Awaitable[_T]],
    retried: tuple[type[BaseException], ...],
    what: str,
    patience: float,
    sleep: Sleep = asyncio.sleep,
) -> _T:
    """``attempt()``, tried again after each of ``waits(patience)`` while it raises one of ``retried``
    (logged once per attempt); the last error is raised when the patience is spent."""
    pending = waits(patience)
    while True:
        try:
            return await attempt()
        except retried as error:
            wait = next(pending, None)
            if wait is None:
                raise
            log.warning("%s does not answer (%s): trying again in %.0f s", what, one_line(error), wait)
            await sleep(wait)


def redacted(url: str) -> str:
    """A URL without its password, for the log."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urllib.parse.urlunsplit(parts._replace(netloc=user + host))


def stores_in_use(settings: Settings) -> str:
    path = pathlib.Path(settings.database_path).resolve()
    live = f"the SQLite file {path}" if settings.redis_url is None else f"Redis at {redacted(settings.redis_url)}"
    if settings.database_url is not None:
        return f"live state in {live}; ledgers in PostgreSQL at {redacted(settings.database_url)}"
    if settings.redis_url is None:
        return f"live state and ledgers in the SQLite file {path}"
    return f"live state in {live}; ledgers in the SQLite file {path}"


async def open_stores(settings: Settings, sleep: Sleep = asyncio.sleep, clock: Clock = time.monotonic) -> Stores:
    """The ledgers, then the live state, each checked; ``StartFailure`` naming the setting if one cannot be.
    A store that did not answer is said with the seconds ``clock`` saw pass while it was tried."""
    if settings.redis_url is None or settings.database_url is None:
        _check_database_path(pathlib.Path(settings.database_path))  # a store is kept in that file
    ledger: Ledger
    solitaire_ledger: SolitaireLedger
    if settings.database_url is not None:
        postgres = await _open_postgres_ledger(settings.database_url, settings, sleep, clock)
        ledger, solitaire_ledger = postgres, PostgresSolitaireLedger.beside(postgres)
    else:
        sqlite = await _open_sqlite_ledger(settings, sleep)
        ledger, solitaire_ledger = sqlite, SqliteSolitaireLedger.beside(sqlite)
    try:
        live = await _open_live(settings, sleep, clock)
    except BaseException:
        await ledger.close()
        raise
    return Stores(live, ledger, solitaire_ledger)


async def _open_postgres_ledger(url: str, settings: Settings, sleep: Sleep, clock: Clock) -> PostgresLedger:
    where = f"PostgreSQL at {redacted(url)}"
    started = clock()
    try:
        return await patiently(
            lambda: PostgresLedger.open(url), (StoreUnavailable,), where, settings.start_patience, sleep
        )
    except LedgerFileError as error:
        raise StartFailure(
            CONFIGURATION,
            f"DATABASE_URL: {where}: {one_line(error)}. The database was left as it is: point DATABASE_URL at"
            " another database, or restore this one from a backup",
        ) from None
    except StoreUnavailable as error:
        raise StartFailure(
            STORE,
            f"DATABASE_URL: {where} did not answer in {clock() - started:.0f} s ({one_line(error)}): "
            "start PostgreSQL, or correct DATABASE_URL",
        ) from None
    except StoreFailed as error:
        raise StartFailure(STORE, f"DATABASE_URL: {where} refused the bot ({one_line(error)})") from None


async def _open_sqlite_ledger(settings: Settings, sleep: Sleep) -> SqliteLedger:
    path = pathlib.Path(settings.database_path)
    try:
        ledger = await patiently(
            lambda: SqliteLedger.open(path), (StoreUnavailable,), f"the database {path}", settings.start_patience, sleep
        )
    except (LedgerFileError, LiveStoreFileError) as error:
        raise StartFailure(CONFIGURATION, _damaged(error)) from None
    except StoreUnavailable as error:
        raise StartFailure(STORE, f"DATABASE_PATH {path} stays locked by another program ({one_line(error)})") from None
    return ledger


async def _open_live(settings: Settings, sleep: Sleep, clock: Clock) -> LiveStore:
    where = (
        f"Redis at {redacted(settings.redis_url)}" if settings.redis_url else f"the database {settings.database_path}"
    )
    started = clock()
    try:
        return await patiently(
            lambda: open_live_store(settings.redis_url, settings.database_path),
            (StoreUnavailable,),
            where,
            settings.start_patience,
            sleep,
        )
    except (LedgerFileError, LiveStoreFileError) as error:
        raise StartFailure(CONFIGURATION, _damaged(error)) from None
    except StoreUnavailable as error:
        raise StartFailure(
            STORE,
            f"REDIS_URL: {where} did not answer in {clock() - started:.0f} s ({one_line(error)}): "
            "start Redis, or correct REDIS_URL",
        ) from None
    except StoreFailed as error:
        raise StartFailure(STORE, f"REDIS_URL: {where} refused the bot ({one_line(error)})") from None


def _check_database_path(path: pathlib.Path) -> None:
    """What no retry mends, said before SQLite's own words: a folder that is not there, a file or
    folder this user may not write."""
    folder = path.resolve().parent
    if path.is_dir():
        raise StartFailure(
            CONFIGURATION, f"DATABASE_PATH {path} is a folder: name a file in it, like {path}/mahjong-bot.sqlite3"
        )
    if not folder.is_dir():
        raise StartFailure(
            CONFIGURATION,
            f"DATABASE_PATH {path}: the folder {folder} does not exist; create it, or point DATABASE_PATH elsewhere",
        )
    writable = os.access(path, os.R_OK | os.W_OK) if path.exists() else os.access(folder, os.W_OK | os.X_OK)
    if not writable:
        raise StartFailure(
            STORE,
            f"DATABASE_PATH {path}: this user (uid {os.getuid()}) may not write "
            f"{'the file' if path.exists() else 'in the folder ' + str(folder)}; give it the right, or point "
            "DATABASE_PATH elsewhere",
        )


def _damaged(error: Exception) -> str:
    return (
        f"DATABASE_PATH: {error}. The file was left as it is: point DATABASE_PATH at another file, or restore "
        "this one from a backup"
    )


def one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]


async def open_ledger(settings: Settings) -> SqliteLedger | PostgresLedger:
    """The four-player ledger the settings name: PostgreSQL's with ``database_url``, else the SQLite file's."""
    if settings.database_url is not None:
        return await PostgresLedger.open(settings.database_url)
    return await SqliteLedger.open(settings.database_path)


async def _solitaire_ledger(ledger: Ledger, path: str) -> SolitaireLedger:
    """The solitaire's ledger: on the four-player ledger's connection or pool when it is SQLite's or
    PostgreSQL's, else its own in the file at ``path``."""
    if isinstance(ledger, PostgresLedger):
        return PostgresSolitaireLedger.beside(ledger)
    if isinstance(ledger, SqliteLedger):
        return SqliteSolitaireLedger.beside(ledger)
    return await SqliteSolitaireLedger.open(path)


def reports_opener(ledger: Ledger, path: str) -> ReportsOpener:
    """How a command opens the reports: beside a PostgreSQL ledger, on its pool (nothing to open);
    else read-only on the SQLite file at ``path``, a connection of their own for each answer."""
    if isinstance(ledger, PostgresLedger):
        pool_ledger = ledger

        async def beside() -> Reports:
            return PostgresLedgerReports.beside(pool_ledger)

        return beside

    async def from_file() -> Reports:
        return await LedgerReports.open(path)

    return from_file

"""Starting the bot: the stores opened and checked before anything else, then the login, then the gateway.

Each failure is one line that names the setting to look at, with its own exit status (``CONFIGURATION``,
``STORE``, ``DISCORD``), and no traceback. A store or Discord that does not answer is tried again with a
growing wait (1, 2, 4 … 30 s), one log line per attempt, until the settings' ``start_patience`` runs out:
under a supervisor that restarts the bot, a host whose network or Redis comes up late costs a few lines,
not a traceback every few seconds.
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

import aiohttp
import discord

from bot import app
from bot.health import health_app, serve_health
from bot.metrics import Metrics
from data import open_live_store
from data.ledger import Ledger, LedgerFileError
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger
from data.live import LiveStore, StoreFailed, StoreUnavailable
from data.live_sqlite import LiveStoreFileError
from data.solitaire_ledger import SolitaireLedger
from data.solitaire_postgres import PostgresSolitaireLedger
from data.solitaire_sqlite import SqliteSolitaireLedger

log = logging.getLogger(__name__)

CONFIGURATION, STORE, DISCORD = 2, 3, 4
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
            log.warning("%s does not answer (%s): trying again in %.0f s", what, _one_line(error), wait)
            await sleep(wait)


def redacted(url: str) -> str:
    """A URL without its password, for the log."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urllib.parse.urlunsplit(parts._replace(netloc=user + host))


def stores_in_use(settings: app.Settings) -> str:
    path = pathlib.Path(settings.database_path).resolve()
    live = f"the SQLite file {path}" if settings.redis_url is None else f"Redis at {redacted(settings.redis_url)}"
    if settings.database_url is not None:
        return f"live state in {live}; ledgers in PostgreSQL at {redacted(settings.database_url)}"
    if settings.redis_url is None:
        return f"live state and ledgers in the SQLite file {path}"
    return f"live state in {live}; ledgers in the SQLite file {path}"


async def open_stores(settings: app.Settings, sleep: Sleep = asyncio.sleep, clock: Clock = time.monotonic) -> Stores:
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


async def _open_postgres_ledger(url: str, settings: app.Settings, sleep: Sleep, clock: Clock) -> PostgresLedger:
    where = f"PostgreSQL at {redacted(url)}"
    started = clock()
    try:
        return await patiently(
            lambda: PostgresLedger.open(url), (StoreUnavailable,), where, settings.start_patience, sleep
        )
    except LedgerFileError as error:
        raise StartFailure(
            CONFIGURATION,
            f"DATABASE_URL: {where}: {_one_line(error)}. The database was left as it is: point DATABASE_URL at"
            " another database, or restore this one from a backup",
        ) from None
    except StoreUnavailable as error:
        raise StartFailure(
            STORE,
            f"DATABASE_URL: {where} did not answer in {clock() - started:.0f} s ({_one_line(error)}): "
            "start PostgreSQL, or correct DATABASE_URL",
        ) from None
    except StoreFailed as error:
        raise StartFailure(STORE, f"DATABASE_URL: {where} refused the bot ({_one_line(error)})") from None


async def _open_sqlite_ledger(settings: app.Settings, sleep: Sleep) -> SqliteLedger:
    path = pathlib.Path(settings.database_path)
    try:
        ledger = await patiently(
            lambda: SqliteLedger.open(path), (StoreUnavailable,), f"the database {path}", settings.start_patience, sleep
        )
    except (LedgerFileError, LiveStoreFileError) as error:
        raise StartFailure(CONFIGURATION, _damaged(error)) from None
    except StoreUnavailable as error:
        raise StartFailure(
            STORE, f"DATABASE_PATH {path} stays locked by another program ({_one_line(error)})"
        ) from None
    return ledger


async def _open_live(settings: app.Settings, sleep: Sleep, clock: Clock) -> LiveStore:
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
            f"REDIS_URL: {where} did not answer in {clock() - started:.0f} s ({_one_line(error)}): "
            "start Redis, or correct REDIS_URL",
        ) from None
    except StoreFailed as error:
        raise StartFailure(STORE, f"REDIS_URL: {where} refused the bot ({_one_line(error)})") from None


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


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]


# Discord not answering, as discord.py and aiohttp raise it (a DNS failure, a refused connection, a
# timeout, a 5xx after discord.py's own retries).
_UNREACHABLE = (aiohttp.ClientError, OSError, asyncio.TimeoutError, discord.DiscordServerError)


async def logged_in(
    settings: app.Settings,
    stores: Stores,
    metrics: Metrics | None = None,
    sleep: Sleep = asyncio.sleep,
) -> app.MahjongBot:
    """A bot on ``stores`` that has logged in and set itself up (the commands synced), not yet on the
    gateway. Discord unreachable is tried again within the patience, each attempt with a bot of its
    own (a failed login leaves its HTTP session behind); a refused token is not."""
    started = time.monotonic()

    async def attempt() -> app.MahjongBot:
        bot = app.create_bot(
            settings,
            store=stores.live,
            ledger=stores.ledger,
            solitaire_ledger=stores.solitaire_ledger,
            metrics=metrics,
        )
        try:
            await bot.login(settings.token)
        except BaseException:
            await bot.close()
            raise
        return bot

    try:
        bot = await patiently(attempt, _UNREACHABLE, "Discord", settings.start_patience, sleep)
    except discord.LoginFailure:
        raise StartFailure(
            DISCORD, "Discord refused the token: check DISCORD_TOKEN (Developer Portal → Bot → Reset Token)"
        ) from None
    except _UNREACHABLE as error:
        raise StartFailure(
            DISCORD,
            f"Discord did not answer in {time.monotonic() - started:.0f} s ({_one_line(error)}): check this "
            "host's network and DNS",
        ) from None
    except discord.HTTPException as error:
        raise StartFailure(DISCORD, f"Discord refused the start: {error.status} {_one_line(error)}") from None
    return bot


async def serve(settings: app.Settings) -> None:
    """Run the bot until it is stopped: the stores, the login, then the gateway; everything it opened
    is closed however it ends (a stop at any moment included)."""
    stores = await open_stores(settings)
    stop_health: Callable[[], Awaitable[None]] | None = None
    try:
        log.info("stores: %s", stores_in_use(settings))
        metrics = Metrics()
        running: list[app.MahjongBot] = []
        if settings.metrics_port is not None:
            health = health_app(
                lambda: bool(running) and running[0].is_ready() and not running[0].is_closed(),
                stores.live,
                stores.ledger,
                metrics,
            )
            try:
                stop_health = await serve_health(health, settings.metrics_host, settings.metrics_port)
            except OSError as error:
                raise StartFailure(
                    CONFIGURATION,
                    f"METRICS_PORT {settings.metrics_port} on {settings.metrics_host} cannot be served "
                    f"({_one_line(error)}): choose a free port",
                ) from None
        bot = await logged_in(settings, stores, metrics)
        running.append(bot)
        stop_page: Callable[[], Awaitable[None]] | None = None
        try:
            if settings.web_port is not None:
                stop_page = await serve_page(settings, bot, stores)
            await bot.connect(reconnect=True)
        finally:
            if stop_page is not None:  # before the bot closes: no page request meets closed stores
                await stop_page()
            await bot.close()
    finally:
        if stop_health is not None:
            await stop_health()
        await stores.close()


async def serve_page(settings: app.Settings, bot: app.MahjongBot, stores: Stores) -> Callable[[], Awaitable[None]]:
    """The solitaire page on ``WEB_PORT``, over the bot's own solitaire service (one service object, so
    a game is one game whichever surface moves it), with the Activity's routes when it is on; what
    stops it."""
    from web.activity import ActivityConfig
    from web.app import create_app
    from web.server import serve

    activity = None
    if settings.activity:
        assert settings.client_id is not None and settings.client_secret is not None
        # Route.BASE is where discord.py itself reaches Discord (a test's fake Discord included)
        activity = ActivityConfig(settings.client_id, settings.client_secret, settings.token, discord.http.Route.BASE)
    service = bot.solitaire.service
    page = create_app(
        service,
        service.ledger,
        stores.live,
        bot.clock,
        activity=activity,
        trusted_proxies=settings.web_trusted_proxies,
    )
    assert settings.web_port is not None  # called only with it
    try:
        runner = await serve(page, settings.web_host, settings.web_port)
    except OSError as error:
        raise StartFailure(
            CONFIGURATION,
            f"WEB_PORT {settings.web_port} on {settings.web_host} cannot be served ({_one_line(error)}): "
            "choose a free port",
        ) from None
    shown_host = f"[{settings.web_host}]" if ":" in settings.web_host else settings.web_host
    log.info(
        "the solitaire page is on http://%s:%d/%s",
        shown_host,
        settings.web_port,
        f" (the Activity at {settings.public_url})" if activity is not None else "",
    )
    return runner.cleanup

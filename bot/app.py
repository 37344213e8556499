"""The bot itself (SPEC §4.1): settings from the environment, and ``create_bot(settings)``.

``Settings.from_env()`` reads ``DISCORD_TOKEN`` and the optional variables (a ``.env`` file beside the
working directory is read too, without overriding the environment). ``create_bot(settings)`` returns a
``commands.Bot`` that is not connected yet: ``setup_hook`` opens the live store (Redis when
``REDIS_URL`` is set, else the embedded SQLite store in ``DATABASE_PATH``) and the ledgers (in
PostgreSQL when ``DATABASE_URL`` is set, else in ``DATABASE_PATH``), registers the buttons, the
commands and their French translations, starts the table clock, and uploads the tile emojis once.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pathlib
import random
import re
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import Ack, acknowledge, tell
from bot.discord_messages import ShownAttachments, components_of
from bot.drawing import Drawer
from bot.emojis import ensure_tile_emojis
from bot.failures import answer_failure
from bot.heap import freeze_start_up
from bot.i18n import lang_of, say
from bot.interaction import Interaction
from bot.metrics import Metrics
from bot.pacing import RequestPacer, budget_for, pacing_trace
from bot.replay import REPLAY_PREFIX
from bot.reports import REPORTS_PREFIX
from bot.solitaire.custom_ids import PREFIX as SOLITAIRE_PREFIX
from bot.solitaire.daily_post import DailyPoster
from bot.solitaire.desk import SolitaireDesk
from bot.solitaire.discord_views import SolitaireItem
from bot.tables.clicks import ComputersAllowed, TableClicks
from bot.tables.custom_ids import PREFIX as TABLE_PREFIX
from bot.tables.discord_views import TableButton
from bot.tables.hands import LiveHands
from bot.tables.messages import MentionsWanted, TableMessages
from core.events import Events
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from core.tables.clock import TableClock
from core.tables.events import TableChanged
from core.tables.ledger_writer import LedgerWriter
from core.tables.service import TableService, new_seed
from core.tables.state import SPEEDS, Speed, Timing
from data import broadcast_for, open_live_store
from data.broadcast import Broadcast
from data.ledger import Ledger
from data.ledger_postgres import PostgresLedger
from data.ledger_reports import LedgerReports, Reports
from data.ledger_reports_postgres import PostgresLedgerReports
from data.ledger_sqlite import SqliteLedger
from data.live import LiveStore
from data.live_redis import RedisLiveStore
from data.solitaire_ledger import SolitaireLedger
from data.solitaire_postgres import PostgresSolitaireLedger
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.players import PLAYERS
from game.tiles import Tile
from render.positions import played_round
from web.addresses import Network, trusted_proxies

log = logging.getLogger(__name__)

KNOWN_PREFIXES = (TABLE_PREFIX, REPORTS_PREFIX, REPLAY_PREFIX, SOLITAIRE_PREFIX)

# The permissions the bot asks for in its invite link, and no more.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    attach_files=True,
    embed_links=True,
    read_message_history=True,
    use_external_emojis=True,
)


class MissingToken(Exception):
    """No ``DISCORD_TOKEN``: the bot cannot log in."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    redis_url: str | None = None
    database_path: str = "mahjong-bot.sqlite3"
    database_url: str | None = None  # the ledgers in PostgreSQL (postgresql://…) rather than in database_path
    daily_secret: str | None = None
    guild_id: int | None = None
    log_level: str = "INFO"
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    drawing_processes: int = 0  # worker processes that draw the tables (0: this process's threads)
    start_patience: float = 120.0  # seconds a start keeps trying a store or Discord that does not answer
    metrics_port: int | None = None  # /healthz and /metrics served there (bot.health)
    metrics_host: str = "127.0.0.1"
    web_port: int | None = None  # the solitaire page (web.app) served there, beside the gateway
    web_host: str = "127.0.0.1"
    web_trusted_proxies: tuple[Network, ...] = ()  # proxies whose X-Forwarded-For names the client
    # The Discord Activity (all three, or none): the page's HTTPS address and the OAuth2 client.
    public_url: str | None = None
    client_id: str | None = None
    client_secret: str | None = field(default=None, repr=False)

    @property
    def activity(self) -> bool:
        """Whether the solitaire is also a Discord Activity (launched from the daily post and ``/solitaire
        daily``): only with its three settings."""
        return self.public_url is not None and self.client_id is not None and self.client_secret is not None

    @property
    def primary(self) -> bool:
        """The process that syncs the commands and uploads the tile emojis: the one with shard 0 (or the
        only one), so several shard processes of one application never do it twice at once."""
        return self.shard_ids is None or 0 in self.shard_ids

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process holds the shard of that server (Discord's rule: its id's top bits, modulo
        the shard count); a process of all the shards holds every server."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: str | None = ".env", *, need_token: bool = True
    ) -> Settings:
        """``need_token=False``: for what runs without Discord (``mahjong-bot web``); the token may be empty."""
        values = dict(_read_env_file(env_file)) if env_file else {}
        values.update(os.environ if environ is None else environ)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token and need_token:
            raise MissingToken(
                "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, "
                "open its Bot page, press Reset Token and set DISCORD_TOKEN to it (in the environment or a .env file)."
            )
        guild = values.get("DISCORD_GUILD_ID", "").strip()
        if guild and not (guild.isascii() and guild.isdigit()):
            raise ValueError(f"DISCORD_GUILD_ID is a server id (digits), not {guild!r}")
        shard_count, shard_ids = _shards(values.get("SHARD_COUNT", "").strip(), values.get("SHARD_IDS", "").strip())
        drawing = (values.get("DRAWING_PROCESSES") or "1").strip()
        if not (drawing.isascii() and drawing.isdigit()) or int(drawing) > 16:
            raise ValueError(f"DRAWING_PROCESSES is a number of processes from 0 to 16, not {drawing!r}")
        log_level = (values.get("LOG_LEVEL") or "INFO").strip().upper()
        if log_level not in LOG_LEVELS:
            raise ValueError(f"LOG_LEVEL is one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
        metrics_port = _port("METRICS_PORT", (values.get("METRICS_PORT") or "").strip())
        web_port = _port("WEB_PORT", (values.get("WEB_PORT") or "").strip())
        public_url, client_id, client_secret = _activity(values)
        if public_url is not None and web_port is None and need_token:
            raise ValueError("the Discord Activity (PUBLIC_URL) needs WEB_PORT: the bot's process serves its page")
        patience = (values.get("START_PATIENCE") or "120").strip()
        if not (patience.isascii() and patience.isdigit()) or int(patience) > 3600:
            raise ValueError(f"START_PATIENCE is a number of seconds from 0 to 3600, not {patience!r}")
        return cls(
            token=token,
            shard_count=shard_count,
            shard_ids=shard_ids,
            drawing_processes=int(drawing),
            redis_url=_redis_url(values.get("REDIS_URL", "").strip()),
            database_path=values.get("DATABASE_PATH", "").strip() or "mahjong-bot.sqlite3",
            database_url=_database_url(values.get("DATABASE_URL", "").strip()),
            daily_secret=values.get("MAHJONG_DAILY_SECRET") or None,
            guild_id=int(guild) if guild else None,
            log_level=log_level,
            start_patience=float(patience),
            metrics_port=metrics_port,
            metrics_host=(values.get("METRICS_HOST") or "127.0.0.1").strip(),
            web_port=web_port,
            web_host=(values.get("WEB_HOST") or "127.0.0.1").strip(),
            web_trusted_proxies=trusted_proxies(values.get("WEB_TRUSTED_PROXIES") or ""),
            public_url=public_url,
            client_id=client_id,
            client_secret=client_secret,
        )


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def _port(name: str, text: str) -> int | None:
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise ValueError(f"{name} is a port number from 1 to 65535, not {text!r}")
    return int(text)


ACTIVITY_SETTINGS = ("PUBLIC_URL", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET")


def _activity(values: Mapping[str, str]) -> tuple[str | None, str | None, str | None]:
    """``PUBLIC_URL``, ``DISCORD_CLIENT_ID`` and ``DISCORD_CLIENT_SECRET``: all three (the Activity) or
    none; a partial set is refused, naming what is missing, rather than leaving the Activity half on."""
    found = {name: (values.get(name) or "").strip() for name in ACTIVITY_SETTINGS}
    missing = [name for name, value in found.items() if not value]
    if len(missing) == len(ACTIVITY_SETTINGS):
        return None, None, None
    if missing:
        raise ValueError(
            f"the Discord Activity needs {', '.join(ACTIVITY_SETTINGS)} together: {' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not set (or unset them all for no Activity)"
        )
    url, client_id = found["PUBLIC_URL"], found["DISCORD_CLIENT_ID"]
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        raise ValueError(f"PUBLIC_URL is the page's HTTPS address, like https://mahjong.example.org, not {url!r}")
    if not (client_id.isascii() and client_id.isdigit()):
        raise ValueError(f"DISCORD_CLIENT_ID is the application's id (digits), not {client_id!r}")
    return url, client_id, found["DISCORD_CLIENT_SECRET"]


def _redis_url(url: str) -> str | None:
    """``REDIS_URL`` as redis-py reads it: a scheme and, but for a socket, a host (``localhost:6379``
    alone would be read as a scheme named localhost)."""
    if not url:
        return None
    parts = urllib.parse.urlsplit(url)
    if (parts.scheme == "unix" and parts.path) or (parts.scheme in ("redis", "rediss") and parts.hostname):
        return url
    raise ValueError(f"REDIS_URL is a URL like redis://localhost:6379/0 (redis://, rediss:// or unix://), not {url!r}")


def _database_url(url: str) -> str | None:
    """``DATABASE_URL`` as asyncpg reads it, which needs its scheme (``host/db`` alone is no URL)."""
    if not url:
        return None
    if url.startswith(("postgresql://", "postgres://")):
        return url
    password = urllib.parse.urlsplit(url).password  # refused, the URL still reaches the console: not its password
    shown = url if password is None else url.replace(password, "***", 1)
    raise ValueError(f"DATABASE_URL is a URL like postgresql://user:password@host:5432/mahjong, not {shown!r}")


def _shards(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` (the application's shards in all) and ``SHARD_IDS`` (this process's: ``0,1`` or
    ``2-3``). Neither: one process, discord.py picks the count. Errors name the variable."""
    if not count:
        if ids:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards of all processes together")
        return None, None
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 4096:
        raise ValueError(f"SHARD_COUNT is a number of shards from 1 to 4096, not {count!r}")
    total = int(count)
    if not ids:
        return total, None
    chosen: list[int] = []
    for part in ids.split(","):
        low, _, high = part.strip().partition("-")
        if not all(bound.isascii() and bound.isdigit() for bound in (low, high or low)):
            raise ValueError(f"SHARD_IDS lists shard numbers like 0,1 or 2-3, not {ids!r}")
        chosen += range(int(low), int(high or low) + 1)
    if not chosen or any(shard >= total for shard in chosen) or len(set(chosen)) != len(chosen):
        raise ValueError(f"SHARD_IDS must name distinct shards below SHARD_COUNT={total}, not {ids!r}")
    return total, tuple(sorted(chosen))


_ENV_LINE = re.compile(r"(?:export\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*)")
_QUOTED = re.compile(r"(?P<quote>['\"])(?P<value>.*?)(?P=quote)\s*(?:#.*)?")


def _read_env_file(path: str) -> list[tuple[str, str]]:
    """``NAME=value`` lines (``export`` allowed), blank lines and ``#`` comments, also after a value
    (``LOG_LEVEL=INFO  # default``); a value in quotes is taken as it is, ``#`` included. Any other line
    is refused with its number, rather than guessed at."""
    file = pathlib.Path(path)
    if not file.is_file():
        return []
    pairs = []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        found = _ENV_LINE.fullmatch(line)
        value = found["value"] if found else ""
        quoted = _QUOTED.fullmatch(value) if value[:1] in ("'", '"') else None
        if found is None or (value[:1] in ("'", '"') and quoted is None):
            raise ValueError(f"line {number} of {path} is not NAME=value: {line[:60]!r}")
        pairs.append((found["name"], quoted["value"] if quoted else re.split(r"\s+#", value, maxsplit=1)[0].strip()))
    return pairs


def invite_link(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))


DEFAULT_TIMINGS: dict[Speed, Timing] = {speed: Timing.for_speed(speed) for speed in SPEEDS}
CLOCK_TICK = 0.5  # seconds between the table clock's looks at the store's deadlines
ReportsOpener = Callable[[], Awaitable[Reports]]


@dataclass(frozen=True, slots=True)
class Services:
    """What a command may read and change: handed to it only once its interaction is acknowledged
    (``MahjongBot.acknowledged``), so no command can keep Discord waiting on a store."""

    ledger: Ledger
    reports: ReportsOpener
    tables: TableService
    table_messages: TableMessages
    timings: Mapping[Speed, Timing]
    solitaire: SolitaireDesk
    daily_poster: DailyPoster


ENTRY_POINT = 4
"""Command type 4, PRIMARY_ENTRY_POINT: the global command Discord creates once an application has an
Activity, which discord.py has no type for."""
_ENTRY_POINT_FIELDS = ("id", "type", "name", "description", "handler", "integration_types", "contexts")


class MahjongTree(app_commands.CommandTree["MahjongBot"]):
    async def interaction_check(self, interaction: Interaction) -> bool:
        """The Entry Point command (the App Launcher's Play) reaches the bot only when its handler is
        the app's (``APP_HANDLER``), and discord.py knows no such command: it opens the day's solitaire,
        as the daily post's Play button does (the Activity, or the message version)."""
        data = interaction.data
        if interaction.type is discord.InteractionType.application_command and data and data.get("type") == ENTRY_POINT:
            await self.client.solitaire.open(interaction, "daily")
            return False
        return True

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        command = interaction.command
        await answer_failure(interaction, error, command.qualified_name if command is not None else "a command")

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[app_commands.AppCommand]:
        """discord.py's sync, but a global one keeps the application's Entry Point command: the bulk
        overwrite replaces every global command, and Discord refuses one that leaves the Entry Point out
        (400, code 50240), so the whole sync would fail once the Activity is enabled. The existing one is
        read back and sent again as it is (discord.py cannot express it)."""
        if guild is not None:
            return await super().sync(guild=guild)
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands(guild=None)
        translator = self.translator
        if translator:
            payload = [await command.get_translated_payload(self, translator) for command in commands]
        else:
            payload = [command.to_dict(self) for command in commands]
        http = self.client.http
        existing = await http.get_global_commands(application_id)
        kept: list[dict[str, Any]] = [
            {name: found[name] for name in _ENTRY_POINT_FIELDS if name in found}  # type: ignore[literal-required]
            for found in existing
            if found.get("type") == ENTRY_POINT
        ]
        try:
            data = await http.bulk_upsert_global_commands(application_id, payload=payload + kept)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [
            app_commands.AppCommand(data=found, state=self._state) for found in data if found.get("type") != ENTRY_POINT
        ]


class MahjongBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        store: LiveStore | None = None,
        ledger: Ledger | None = None,
        solitaire_ledger: SolitaireLedger | None = None,
        reports: ReportsOpener | None = None,
        broadcast: Broadcast | None = None,
        clock: Callable[[], float] = time.time,
        timings: Mapping[Speed, Timing] | None = None,
        tick: float | None = None,
        upload_emojis: bool = True,
        make_seed: Callable[[], int] = new_seed,
        metrics: Metrics | None = None,
        **options: Any,
    ) -> None:
        # Nothing the bot posts notifies anyone unless it says so: a member named "@everyone" stays a name.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        # The bot reads no message back from discord.py's cache (it keeps its own ids): without the cache,
        # the echo of each of its edits is not copied and updated in it.
        options.setdefault("max_messages", None)
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
            options.setdefault("shard_ids", None if settings.shard_ids is None else list(settings.shard_ids))
        budget = budget_for(None if settings.shard_ids is None else len(settings.shard_ids), settings.shard_count)
        pacer = RequestPacer(budget)
        options.setdefault("http_trace", pacing_trace(pacer, lambda: self.application_id))
        self.metrics = metrics or Metrics()
        self.metrics.sources.pacer_waiting = lambda: pacer.waiting
        self.metrics.sources.requests_sent = lambda: pacer.sent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=MahjongTree,
            **options,
        )
        self.settings = settings
        self.clock = clock
        self._given_store = store
        self._given_ledger = ledger
        self._given_solitaire_ledger = solitaire_ledger
        self._given_reports = reports
        self._given_broadcast = broadcast
        self._timings = dict(timings or DEFAULT_TIMINGS)
        self._tick = CLOCK_TICK if tick is None else tick
        self._upload_emojis = upload_emojis
        self._make_seed = make_seed
        self.tile_emojis: dict[Tile, discord.PartialEmoji] = {}
        self._closing: list[Callable[[], Awaitable[None]]] = []
        self._drawer: Drawer | None = None
        self._events: Events | None = None
        self._services: Services | None = None
        self._table_clicks: TableClicks | None = None
        self._background: list[asyncio.Task[None]] = []

    async def acknowledged(self, interaction: Interaction, ack: Ack) -> Services:
        """Acknowledge ``interaction`` (``bot.answers``), then hand over the stores."""
        await acknowledge(interaction, ack)
        assert self._services is not None, "the services start in setup_hook"
        return self._services

    @property
    def table_clicks(self) -> TableClicks:
        assert self._table_clicks is not None, "the routers start in setup_hook"
        return self._table_clicks

    @property
    def solitaire(self) -> SolitaireDesk:
        assert self._services is not None, "the services start in setup_hook"
        return self._services.solitaire

    @property
    def table_messages(self) -> TableMessages:
        assert self._services is not None, "the services start in setup_hook"
        return self._services.table_messages

    async def setup_hook(self) -> None:
        from bot.commands import mahjong
        from bot.commands.replay import ReplayButton
        from bot.commands.reports import LeaderboardButton
        from bot.commands.solitaire import solitaire
        from bot.translator import MahjongTranslator

        settings = self.settings
        store = self._given_store or await self._opened(open_live_store(settings.redis_url, settings.database_path))
        ledger = self._given_ledger or await self._opened(open_ledger(settings))
        solitaire_ledger = self._given_solitaire_ledger or await self._opened(
            _solitaire_ledger(ledger, settings.database_path)
        )
        events = Events(self._given_broadcast or broadcast_for(store))
        self._events = events
        self._drawer = drawer = Drawer(settings.drawing_processes)
        self.metrics.sources.drawings_pending = lambda: drawer.pending
        self.metrics.sources.drawing_pids = drawer.worker_pids
        if isinstance(store, RedisLiveStore):
            self.metrics.sources.store_retries = lambda: store.retries
        # before the gateway connects (setup_hook runs first): no member waits for the first picture
        warming = time.monotonic()
        await asyncio.gather(drawer.warm(), asyncio.to_thread(_warm_players))
        log.info("drawing and computer players warmed up in %.1f s", time.monotonic() - warming)
        tables = TableService(store, ledger, self.clock, events, make_seed=self._make_seed)
        shown = ShownAttachments()
        table_messages = TableMessages(
            self,
            tables,
            drawer,
            self.tile_emojis,
            _mentions_wanted(ledger),
            settings.owns_guild,
            shown,
            on_shown=self.metrics.table_shown.observe,
        )
        hands = LiveHands(tables, drawer, self.tile_emojis, shown)
        events.subscribe(TableChanged, LedgerWriter(tables))
        events.subscribe(TableChanged, table_messages, everywhere=True)
        events.subscribe(TableChanged, hands, everywhere=True)
        events.on_gap(hands.catch_up)
        self._table_clicks = TableClicks(tables, hands, drawer, _computers_allowed(ledger))
        secret = settings.daily_secret.encode() if settings.daily_secret else None
        solitaire_service = SolitaireService(store, solitaire_ledger, self.clock, events, daily_secret=secret)
        events.subscribe(SolitaireChanged, solitaire_service.record_ended)
        solitaire_desk = SolitaireDesk(
            solitaire_service, self.tile_emojis, tick=self._tick, drawer=drawer, shown=shown, activity=settings.activity
        )
        daily_poster = DailyPoster(self, solitaire_service, self.tile_emojis, tick=self._tick, drawer=drawer)
        self._services = Services(
            ledger=ledger,
            reports=self._given_reports or reports_opener(ledger, settings.database_path),
            tables=tables,
            table_messages=table_messages,
            timings=self._timings,
            solitaire=solitaire_desk,
            daily_poster=daily_poster,
        )
        self.add_dynamic_items(TableButton, LeaderboardButton, ReplayButton, SolitaireItem)
        await self.tree.set_translator(MahjongTranslator())
        self.tree.add_command(mahjong)
        self.tree.add_command(solitaire)
        if not settings.primary:
            pass  # the process with shard 0 syncs the commands for the whole application
        elif settings.guild_id is not None:
            guild = discord.Object(settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        clock = TableClock(store, tables, self.clock, tick=self._tick)
        self._start(clock.run(), "table-clock")
        self._start(events.run(), "events-from-other-processes")
        self._start(solitaire_desk.run_idle_watch(), "solitaire-idle")
        self._start(daily_poster.run(), "solitaire-daily-post")
        self._start(_record_pending(solitaire_service, settings.owns_guild), "solitaire-pending")
        if self._upload_emojis:
            self._start(self._emojis(), "tile-emojis")
        if self.application_id is not None:
            log.info("Invite link: %s", invite_link(self.application_id))
        freeze_start_up()  # last: whatever start-up loaded, a full collection no longer scans

    async def _opened(self, opening: Awaitable[_Closable]) -> Any:
        """A store this bot opened itself, to be closed with it (in the reverse order of opening)."""
        opened = await opening
        self._closing.insert(0, opened.close)
        return opened

    def _start(self, work: Coroutine[Any, Any, None], name: str) -> None:
        self._background.append(asyncio.create_task(work, name=name))

    async def on_interaction(self, interaction: Interaction) -> None:
        """Components no button handler will see still get a private answer instead of Discord's
        "interaction failed": an id of no kind this bot makes, or one that is not on the message it
        claims to come from (forged or replayed: discord.py only dispatches buttons the message shows)."""
        self.metrics.interactions.labels(interaction.type.name).inc()
        if interaction.type is not discord.InteractionType.component or interaction.data is None:
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        kind = interaction.data.get("component_type")
        if custom_id.startswith(KNOWN_PREFIXES) and _shown_on(interaction.message, custom_id, kind):
            return
        try:
            if custom_id.startswith(TABLE_PREFIX):
                await self.table_clicks.on_button(interaction, custom_id)
            elif custom_id.startswith(SOLITAIRE_PREFIX):
                await self.solitaire.on_component(interaction, custom_id)
            else:
                await tell(interaction, say("unknown_button", lang_of(interaction.locale)))
        except Exception as error:
            await answer_failure(interaction, error, custom_id)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        if payload.guild_id is not None:
            await self.table_messages.on_message_deleted(payload.channel_id, payload.message_id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        if payload.data.get("thread_metadata", {}).get("archived"):
            await self.table_messages.keep_thread_open(payload.thread_id, payload.thread)

    async def _emojis(self) -> None:
        try:
            self.tile_emojis.update(await ensure_tile_emojis(self, upload=self.settings.primary))
        except discord.HTTPException as error:
            log.warning("the tile emojis could not be uploaded (%s): tile buttons show labels only", error.status)

    async def close(self) -> None:
        await _stop_tasks(self._background)
        self._background.clear()
        if self._events is not None:
            await self._events.drain()
        await super().close()
        if self._drawer is not None:
            self._drawer.close()
            self._drawer = None
        closing, self._closing = self._closing, []
        for close in closing:
            await close()


class _Closable(Protocol):
    async def close(self) -> None: ...


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


def _mentions_wanted(ledger: Ledger) -> MentionsWanted:
    async def wanted(guild_id: int, members: list[int]) -> list[int]:
        if not (await ledger.guild_settings(guild_id)).mentions:
            return []
        return [member for member in members if await ledger.member_mentions(guild_id, member)]

    return wanted


def _computers_allowed(ledger: Ledger) -> ComputersAllowed:
    """``/mahjong config`` may forbid computer seats: the lobby's Add computer button obeys it too, not
    only ``/mahjong new``'s option (read at the click, so a change applies to open lobbies)."""

    async def allowed(guild_id: int) -> bool:
        return bool((await ledger.guild_settings(guild_id)).computers_allowed)

    return allowed


async def _record_pending(service: SolitaireService, owns_guild: Callable[[int], bool]) -> None:
    """At start, the solitaire results a killed process left unrecorded (``SolitaireService.record_pending``)."""
    try:
        recorded = await service.record_pending(owns_guild)
    except Exception:  # a store away at start: each game is still recorded at its member's next read
        log.exception("the solitaire results left pending could not be recorded now")
        return
    if recorded:
        log.info("recorded %d solitaire results a stopped process had left pending", recorded)


async def _stop_tasks(tasks: list[asyncio.Task[None]], patience: float = 5.0) -> None:
    """Cancel the background loops and wait for them, but not for ever: a cancellation can be lost inside
    a client library (redis-py has turned one into a timeout, which the loop takes for an outage and
    goes on), so a loop still running is cancelled again until ``patience`` runs out, then left."""
    loop = asyncio.get_running_loop()
    end = loop.time() + patience
    running = {task for task in tasks if not task.done()}
    while running and loop.time() < end:
        for task in running:
            task.cancel()
        _, pending = await asyncio.wait(running, timeout=min(0.5, max(0.0, end - loop.time())))
        running = set(pending)
    for task in running:
        log.warning("the background task %s did not stop", task.get_name())


def _warm_players() -> None:
    """Each computer player's first decision, in each rule set, now rather than at a table's first
    turn (their tables and plans are built on first use)."""
    rng = random.Random(0)
    for rules in ("classic", "hongkong"):
        position = played_round(1, rules=rules, actions=20)
        seat = position.awaiting()[0]
        for factory in PLAYERS.values():
            factory().choose(position.view(seat), rng)


def _shown_on(message: discord.Message | None, custom_id: str, kind: object) -> bool:
    """Whether the message shows this component, of the kind the interaction says it is: only then does
    discord.py hand it to our dynamic items (select values sent under a button's id reach none)."""
    if message is None:
        return False
    return any(
        getattr(component, "custom_id", None) == custom_id and component.type.value == kind
        for component in components_of(message)
    )


def create_bot(settings: Settings, **options: Any) -> MahjongBot:
    """The bot, configured and not connected (``await bot.start(settings.token)`` runs it)."""
    return MahjongBot(settings, **options)

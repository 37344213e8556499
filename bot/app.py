"""The bot itself (SPEC §4.1): settings from the environment, and ``create_bot(settings)``.

``Settings.from_env()`` reads ``DISCORD_TOKEN`` and the optional variables (a ``.env`` file beside the
working directory is read too, without overriding the environment). ``create_bot(settings)`` returns a
``commands.Bot`` that is not connected yet: ``setup_hook`` opens the live store (Redis when
``REDIS_URL`` is set, else the embedded SQLite store in ``DATABASE_PATH``) and the ledgers (in
``DATABASE_PATH``), registers the buttons, the
commands and their French translations, starts the table clock, and uploads the tile emojis once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pathlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from bot.drawing import Drawer
from bot.emojis import ensure_tile_emojis
from bot.i18n import lang_of, say
from bot.pacing import RequestPacer, budget_for, pacing_trace
from bot.solitaire.daily_post import DailyPoster
from bot.solitaire.desk import SolitaireDesk
from bot.solitaire.discord_views import SolitaireItem
from bot.solitaire.service import SolitaireService
from bot.tables.desk import TableDesk
from bot.tables.discord_views import TableButton
from bot.tables.service import TableService, new_seed
from bot.tables.state import SPEEDS, Speed, Timing
from data import open_live_store
from data.ledger import Ledger
from data.ledger_sqlite import SqliteLedger
from data.live import LiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.tiles import Tile
from render.pyramid import pyramid_palette
from render.table import table_palette

log = logging.getLogger(__name__)

TABLE_PREFIX = "mj1:"
SOLITAIRE_PREFIX = "mjs1:"
KNOWN_PREFIXES = (TABLE_PREFIX, "mjr1:", "mjp1:", SOLITAIRE_PREFIX)

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
    daily_secret: str | None = None
    guild_id: int | None = None
    log_level: str = "INFO"
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    drawing_processes: int = 0  # worker processes that draw the tables (0: this process's threads)

    @property
    def primary(self) -> bool:
        """The process that syncs the commands and uploads the tile emojis: the one with shard 0 (or the
        only one), so several shard processes of one application never do it twice at once."""
        return self.shard_ids is None or 0 in self.shard_ids

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, env_file: str | None = ".env") -> Settings:
        values = dict(_read_env_file(env_file)) if env_file else {}
        values.update(os.environ if environ is None else environ)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
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
        return cls(
            token=token,
            shard_count=shard_count,
            shard_ids=shard_ids,
            drawing_processes=int(drawing),
            redis_url=values.get("REDIS_URL") or None,
            database_path=values.get("DATABASE_PATH") or "mahjong-bot.sqlite3",
            daily_secret=values.get("MAHJONG_DAILY_SECRET") or None,
            guild_id=int(guild) if guild else None,
            log_level=(values.get("LOG_LEVEL") or "INFO").upper(),
        )


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


def _read_env_file(path: str) -> list[tuple[str, str]]:
    file = pathlib.Path(path)
    if not file.is_file():
        return []
    pairs = []
    for line in file.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        pairs.append((key.strip().removeprefix("export ").strip(), value.strip().strip("'\"")))
    return pairs


def invite_link(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))


DEFAULT_TIMINGS: dict[Speed, Timing] = {speed: Timing.for_speed(speed) for speed in SPEEDS}
CLOCK_TICK = 0.5  # seconds between the table clock's looks at the store's deadlines


class MahjongBot(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        store: LiveStore | None = None,
        ledger: Ledger | None = None,
        clock: Callable[[], float] = time.time,
        timings: Mapping[Speed, Timing] | None = None,
        tick: float | None = None,
        upload_emojis: bool = True,
        make_seed: Callable[[], int] = new_seed,
        **options: Any,
    ) -> None:
        # Nothing the bot posts notifies anyone unless it says so: a member named "@everyone" stays a name.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
            options.setdefault("shard_ids", None if settings.shard_ids is None else list(settings.shard_ids))
        budget = budget_for(None if settings.shard_ids is None else len(settings.shard_ids), settings.shard_count)
        options.setdefault("http_trace", pacing_trace(RequestPacer(budget), lambda: self.application_id))
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **options)
        self.settings = settings
        self.clock = clock
        self._given_store = store
        self._given_ledger = ledger
        self._ledger: Ledger | None = None
        self._solitaire_ledger: SqliteSolitaireLedger | None = None
        self._timings = dict(timings or DEFAULT_TIMINGS)
        self._tick = CLOCK_TICK if tick is None else tick
        self._upload_emojis = upload_emojis
        self._make_seed = make_seed
        self.tile_emojis: dict[Tile, discord.PartialEmoji] = {}
        self._store: LiveStore | None = None
        self._drawer: Drawer | None = None
        self._background: list[asyncio.Task[None]] = []

    @property
    def desk(self) -> TableDesk:
        return self._desk

    @property
    def solitaire(self) -> SolitaireDesk:
        return self._solitaire

    @property
    def daily_poster(self) -> DailyPoster:
        return self._daily_poster

    @property
    def ledger(self) -> Ledger:
        """The ledger database (finished hands and matches, server settings), open from ``setup_hook`` on."""
        assert self._ledger is not None, "the ledger opens in setup_hook"
        return self._ledger

    async def setup_hook(self) -> None:
        from bot.commands import mahjong
        from bot.commands.replay import ReplayButton
        from bot.commands.reports import LeaderboardButton
        from bot.commands.solitaire import solitaire
        from bot.translator import MahjongTranslator

        store = self._given_store or await open_live_store(self.settings.redis_url, self.settings.database_path)
        self._store = store
        ledger = self._given_ledger or await SqliteLedger.open(self.settings.database_path)
        self._ledger = ledger
        service = TableService(store, ledger, self.clock, make_seed=self._make_seed)
        self._drawer = Drawer(self.settings.drawing_processes)
        self._desk = TableDesk(
            self, store, service, self._timings, self.tile_emojis, tick=self._tick, drawer=self._drawer
        )
        self._solitaire_ledger = (
            SqliteSolitaireLedger.beside(ledger)
            if isinstance(ledger, SqliteLedger)
            else await SqliteSolitaireLedger.open(self.settings.database_path)
        )
        secret = self.settings.daily_secret.encode() if self.settings.daily_secret else None
        solitaire_service = SolitaireService(store, self._solitaire_ledger, self.clock, daily_secret=secret)
        self._solitaire = SolitaireDesk(solitaire_service, self.tile_emojis, tick=self._tick, drawer=self._drawer)
        self._daily_poster = DailyPoster(
            self, solitaire_service, self.tile_emojis, tick=self._tick, drawer=self._drawer
        )
        self.add_dynamic_items(TableButton, LeaderboardButton, ReplayButton, SolitaireItem)
        await self.tree.set_translator(MahjongTranslator())
        self.tree.add_command(mahjong)
        self.tree.add_command(solitaire)
        if not self.settings.primary:
            pass  # the process with shard 0 syncs the commands for the whole application
        elif self.settings.guild_id is not None:
            guild = discord.Object(self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._background.append(asyncio.create_task(self._desk.run_clock(self.clock), name="table-clock"))
        self._background.append(asyncio.create_task(self._solitaire.run_idle_watch(), name="solitaire-idle"))
        self._background.append(asyncio.create_task(self._daily_poster.run(), name="solitaire-daily-post"))
        if self.settings.drawing_processes == 0:  # drawing processes build their own as they start
            self._background.append(asyncio.create_task(_warm_pictures(), name="warm-pictures"))
        if self._upload_emojis:
            self._background.append(asyncio.create_task(self._emojis(), name="tile-emojis"))
        if self.application_id is not None:
            log.info("Invite link: %s", invite_link(self.application_id))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Components no button handler will see still get a private answer instead of Discord's
        "interaction failed": an id of no kind this bot makes, or one that is not on the message it
        claims to come from (forged or replayed: discord.py only dispatches buttons the message shows)."""
        if interaction.type is not discord.InteractionType.component or interaction.data is None:
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        kind = interaction.data.get("component_type")
        if custom_id.startswith(KNOWN_PREFIXES) and _shown_on(interaction.message, custom_id, kind):
            return
        if custom_id.startswith(TABLE_PREFIX):
            await self.desk.on_button(interaction, custom_id)
            return
        if custom_id.startswith(SOLITAIRE_PREFIX):
            await self.solitaire.on_component(interaction, custom_id)
            return
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(say("unknown_button", lang_of(interaction.locale)), ephemeral=True)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        if payload.guild_id is not None:
            await self.desk.on_message_deleted(payload.channel_id, payload.message_id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        if payload.data.get("thread_metadata", {}).get("archived"):
            await self.desk.keep_thread_open(payload.thread_id, payload.thread)

    async def _emojis(self) -> None:
        try:
            self.tile_emojis.update(await ensure_tile_emojis(self, upload=self.settings.primary))
        except discord.HTTPException as error:
            log.warning("the tile emojis could not be uploaded (%s): tile buttons show labels only", error.status)

    async def close(self) -> None:
        await _stop_tasks(self._background)
        self._background.clear()
        await super().close()
        if self._drawer is not None:
            self._drawer.close()
            self._drawer = None
        if self._store is not None and self._given_store is None:
            await self._store.close()
            self._store = None
        if self._ledger is not None and self._given_ledger is None:
            await self._ledger.close()
            self._ledger = None
        if self._solitaire_ledger is not None:
            await self._solitaire_ledger.close()
            self._solitaire_ledger = None


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


async def _warm_pictures() -> None:
    """Build the palettes of the table and the solitaire board now, in a worker thread, rather than in
    the first redraw (up to a second each: every tile face is sampled once)."""
    await asyncio.to_thread(table_palette)
    await asyncio.to_thread(pyramid_palette)


def _shown_on(message: discord.Message | None, custom_id: str, kind: object) -> bool:
    """Whether the message shows this component, of the kind the interaction says it is: only then does
    discord.py hand it to our dynamic items (select values sent under a button's id reach none)."""
    if message is None:
        return False
    return any(
        getattr(child, "custom_id", None) == custom_id and child.type.value == kind
        for row in message.components
        for child in getattr(row, "children", ())
    )


def create_bot(settings: Settings, **options: Any) -> MahjongBot:
    """The bot, configured and not connected (``await bot.start(settings.token)`` runs it)."""
    return MahjongBot(settings, **options)

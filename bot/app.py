"""The Discord surface's client (SPEC §4.1): ``create_bot(settings, application)``.

It returns a ``commands.Bot`` that is not connected yet, over an application built by the root
(``core.application``): its ``setup_hook`` subscribes the Discord followers of every change (the table
messages, the private hands), registers the buttons, the commands and their translations, starts the
application's background work and its own (the solitaire's idle watch, the daily post, the season's end
post), and uploads the tile emojis once. It opens no store: the application's owner closes what the
application opened.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import Ack, acknowledge, tell
from bot.discord_messages import ShownAttachments, components_of
from bot.drawing import Drawer
from bot.emojis import ensure_tile_emojis
from bot.failures import answer_failure
from bot.interaction import Interaction
from bot.metrics import Metrics
from bot.pacing import RequestPacer, budget_for, pacing_trace
from bot.replay import REPLAY_PREFIX
from bot.reports import REPORTS_PREFIX
from bot.seasons.post import SeasonClaims, SeasonPoster
from bot.services import Services
from bot.solitaire.custom_ids import PREFIX as SOLITAIRE_PREFIX
from bot.solitaire.daily_post import DailyPoster
from bot.solitaire.desk import SolitaireDesk
from bot.solitaire.discord_views import SolitaireItem
from bot.solitaire.post_claims import PostClaims
from bot.tables.clicks import ComputersAllowed, TableClicks
from bot.tables.custom_ids import PREFIX as TABLE_PREFIX
from bot.tables.discord_views import TableButton
from bot.tables.hands import LiveHands
from bot.tables.messages import MentionsWanted, TableMessages
from bot.tables.places import DiscordPlaces
from bot.tournaments.custom_ids import PREFIX as TOURNAMENT_PREFIX
from bot.tournaments.item import TournamentButton
from bot.tournaments.posts import TournamentPosts
from bot.tournaments.record import DiscordTournaments
from core.application import STOP_PATIENCE, Application, stop_tasks
from core.heap import freeze_start_up
from core.settings import Settings
from core.tables.events import TableChanged
from core.tables.state import SPEEDS, Speed, Timing
from core.tournaments.events import TournamentChanged
from data.ledger import Ledger
from data.live_redis import RedisLiveStore
from game.players import PLAYERS
from game.tiles import Tile
from render.positions import played_round
from words.messages import lang_of, say

log = logging.getLogger(__name__)

KNOWN_PREFIXES = (TABLE_PREFIX, REPORTS_PREFIX, REPLAY_PREFIX, SOLITAIRE_PREFIX, TOURNAMENT_PREFIX)

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


def invite_link(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))


DEFAULT_TIMINGS: dict[Speed, Timing] = {speed: Timing.for_speed(speed) for speed in SPEEDS}


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
        application: Application,
        *,
        timings: Mapping[Speed, Timing] | None = None,
        upload_emojis: bool = True,
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
        self.core = application  # discord.py's client has an ``application`` of its own
        self.clock = application.clock
        self._timings = dict(timings or DEFAULT_TIMINGS)
        self._upload_emojis = upload_emojis
        self.tile_emojis: dict[Tile, discord.PartialEmoji] = {}
        self._drawer: Drawer | None = None
        self._followers: list[Callable[[], None]] = []
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

        settings, application = self.settings, self.core
        store, ledger = application.stores.live, application.stores.ledger
        self._drawer = drawer = Drawer(settings.drawing_processes)
        self.metrics.sources.drawings_pending = lambda: drawer.pending
        self.metrics.sources.drawing_pids = drawer.worker_pids
        if isinstance(store, RedisLiveStore):
            self.metrics.sources.store_retries = lambda: store.retries
        # before the gateway connects (setup_hook runs first): no member waits for the first picture
        warming = time.monotonic()
        await asyncio.gather(drawer.warm(), asyncio.to_thread(_warm_players))
        log.info("drawing and computer players warmed up in %.1f s", time.monotonic() - warming)
        tables, events, tick = application.tables, application.events, application.table_clock.tick
        shown = ShownAttachments()
        places = DiscordPlaces(store)
        table_messages = TableMessages(
            self,
            tables,
            places,
            drawer,
            self.tile_emojis,
            _mentions_wanted(ledger),
            settings.owns_guild,
            shown,
            on_shown=self.metrics.table_shown.observe,
            activity=settings.activity,
        )
        hands = LiveHands(tables, drawer, self.tile_emojis, shown)
        tournament_posts = TournamentPosts(
            self,
            application.tournaments,
            DiscordTournaments(store),
            table_messages,
            self.tile_emojis,
            settings.owns_guild,
        )
        self._followers = [
            events.subscribe(TournamentChanged, tournament_posts, everywhere=True),
            events.subscribe(TableChanged, places),  # where the table was removed, its record goes too
            events.subscribe(TableChanged, table_messages, everywhere=True),
            events.subscribe(TableChanged, hands, everywhere=True),
            events.on_gap(hands.catch_up),
        ]
        self._table_clicks = TableClicks(
            tables, hands, drawer, _computers_allowed(ledger), places=places, activity=settings.activity
        )
        solitaire_desk = SolitaireDesk(
            application.solitaire,
            self.tile_emojis,
            tick=tick,
            drawer=drawer,
            shown=shown,
            activity=settings.activity,
        )
        claims = PostClaims(store, application.clock)
        daily_poster = DailyPoster(self, application.solitaire, claims, self.tile_emojis, tick=tick, drawer=drawer)
        season_claims = SeasonClaims(store, application.clock)
        season_poster = SeasonPoster(
            self, ledger, application.solitaire.ledger, season_claims, application.clock, tick=tick
        )
        self._services = Services(
            ledger=ledger,
            reports=application.reports,
            tables=tables,
            table_messages=table_messages,
            timings=self._timings,
            solitaire=solitaire_desk,
            daily_poster=daily_poster,
            season_poster=season_poster,
            tournaments=application.tournaments,
            tournament_posts=tournament_posts,
        )
        self.add_dynamic_items(TableButton, LeaderboardButton, ReplayButton, SolitaireItem, TournamentButton)
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
        application.start()  # the table clock, the events of other processes, what a killed one left
        self._start(solitaire_desk.run_idle_watch(), "solitaire-idle")
        self._start(daily_poster.run(), "solitaire-daily-post")
        self._start(season_poster.run(), "season-end-post")
        if self._upload_emojis:
            self._start(self._emojis(), "tile-emojis")
        if self.application_id is not None:
            log.info("Invite link: %s", invite_link(self.application_id))
        freeze_start_up()  # last: whatever start-up loaded, a full collection no longer scans

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
        """Stop the bot's own loops and the gateway; the application (its stores) is its owner's to stop,
        after this (its subscribers may still be editing messages through this client)."""
        await stop_tasks(self._background, STOP_PATIENCE)
        self._background.clear()
        for unfollow in self._followers:  # a bot closed, after a failed login say, follows nothing more
            unfollow()
        self._followers.clear()
        await self.core.events.drain()
        await super().close()
        if self._drawer is not None:
            self._drawer.close()
            self._drawer = None


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


def create_bot(settings: Settings, application: Application, **options: Any) -> MahjongBot:
    """The bot, configured and not connected (``await bot.start(settings.token)`` runs it)."""
    return MahjongBot(settings, application, **options)

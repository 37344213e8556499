"""Running the real bot against the fake Discord, and members who play through their buttons."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import pathlib
import random
import socket
import sys
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bot.app import create_bot
from bot.tables.custom_ids import button_for
from core.application import Application, build_application
from core.settings import Settings
from core.stores import ReportsOpener, Stores
from core.tables.rounds import load_round
from core.tables.state import TableState, Timing
from core.tables.transitions import move_for
from data.ledger import Ledger
from data.ledger_sqlite import SqliteLedger
from data.live import LiveStore
from data.solitaire_ledger import SolitaireLedger
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.players.basic import BasicPlayer
from tests.fakediscord import FakeDiscord

FAST = Timing(turn=600.0, claim=600.0, computer_pause=0.0, next_hand=600.0)


@dataclass
class World:
    fake: FakeDiscord
    bot: Any
    store: LiveStore
    guild: Any
    members: list[Any]
    task: asyncio.Task[None] | None = None
    hands: dict[int, Any] = field(default_factory=dict)  # member id -> their latest private hand message


@contextlib.asynccontextmanager
async def application_on(
    settings: Settings,
    live: LiveStore,
    *,
    ledger: Ledger | None = None,
    solitaire_ledger: SolitaireLedger | None = None,
    reports: ReportsOpener | None = None,
    **options: Any,
) -> AsyncIterator[Application]:
    """The application as the root builds it (``core.application``), on the test's live store and, unless
    given, the SQLite ledgers at ``settings.database_path`` (opened here, closed after); stopped after."""
    opened = None
    if ledger is None:
        opened = ledger = await SqliteLedger.open(settings.database_path)
        solitaire_ledger = SqliteSolitaireLedger.beside(opened)
    assert solitaire_ledger is not None
    application = await build_application(
        settings, stores=Stores(live, ledger, solitaire_ledger), reports=reports, **options
    )
    try:
        yield application
    finally:
        await application.stop()
        if opened is not None:
            await opened.close()


def bot_settings(token: str, database_path: str, **values: Any) -> Settings:
    """A test's settings: pictures drawn in the bot's own threads unless it says otherwise (a drawing
    process a bot is slower to start than the test it serves)."""
    values.setdefault("drawing_processes", 0)
    return Settings(token=token, database_path=database_path, **values)


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord,
    store: LiveStore,
    *,
    timing: Timing = FAST,
    tick: float = 0.02,
    database_path: str = ":memory:",
    first_seed: int = 1000,
    settings_values: Mapping[str, Any] | None = None,
    **stores: Any,
) -> AsyncIterator[Any]:
    """The bot from ``create_bot``, connected to the fake through discord.py's real gateway and HTTP code.
    Tables get the seeds ``first_seed``, ``first_seed + 1``…, so a test deals the same hands every run.
    ``stores``: ``application_on``'s (the ledgers, the reports), else those at ``database_path``;
    ``settings_values``: settings besides the test's own (``bot_settings``)."""
    seeds = itertools.count(first_seed)
    settings = bot_settings(fake.token, database_path, **(settings_values or {}))
    async with application_on(settings, store, tick=tick, make_seed=lambda: next(seeds), **stores) as application:
        bot = create_bot(
            settings,
            application,
            timings={"live": timing, "async": timing},
            guild_ready_timeout=0.05,
            heartbeat_timeout=1e9,
        )
        task = asyncio.create_task(bot.start(fake.token))
        try:
            await fake.wait_ready()
            await fake.wait_commands_synced()
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)


def button_text(state: TableState, hand: Any, action: Any) -> str:
    """The custom id of the button that plays ``action`` at ``state``."""
    return button_for(state.id, state.step, move_for(state, hand, action)).text()


async def table_state(store: LiveStore, table_id: str) -> TableState:
    found = await store.read(f"table:{table_id}")
    assert found is not None
    return TableState.from_document(found.document)


def table_id_of(message: Any) -> str:
    """The table a message's buttons belong to (``mj1:{table}:…``)."""
    return next(custom_id.split(":")[1] for custom_id in message.custom_ids() if custom_id.startswith("mj1:"))


def ready_members(state: TableState, members: Any) -> list[Any]:
    """The members (of ``members``) whose Next hand the next hand waits for (SPEC §7.1): every seated
    member the table does not play for."""
    seated = {seat.member_id for seat in state.seats if seat.member_id is not None and not seat.played_by_computer}
    return [member for member in members if member.id in seated]


async def wait_until(predicate: Any, timeout: float = 10.0, what: str = "a condition") -> Any:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = await predicate()
        if value:
            return value
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def play_one_move(world: World, table_id: str, table_message: Any, rng: random.Random) -> str:
    """The member the table waits for plays what a basic player would, by clicking the button of
    that move on their private hand message (opening it with My hand when they have none current).
    Computer seats may move meanwhile (a claim window they close, say): then the member looks again."""
    for _ in range(20):
        state = await table_state(world.store, table_id)
        hand = load_round(state)
        seat = next((seat for seat in hand.awaiting() if state.seats[seat].computer is None), None)
        if state.status != "playing" or seat is None:
            return ""
        member_id = state.seats[seat].member_id
        member = next(member for member in world.members if member.id == member_id)
        action = BasicPlayer().choose(hand.view(seat), rng)
        wanted = button_text(state, hand, action)
        message = world.hands.get(member.id)
        if message is None or wanted not in message.custom_ids():
            my_hand = await wait_until(partial(_button_ending, table_message, ":hand"), what="My hand")
            opened = await world.fake.click(member, table_message, my_hand)
            await opened.wait_done(quiet=0.05)
            message = opened.response
            world.hands[member.id] = message
        if wanted not in message.custom_ids():
            continue  # the table moved on while the member looked
        version = (await world.store.read(f"table:{table_id}")).version
        clicked = await world.fake.click(member, message, wanted)
        await wait_until(
            partial(_moved_or_refused, world.store, table_id, version, clicked), what="the move to be stored or refused"
        )
        await clicked.wait_done(quiet=0.05)
        if not clicked.followups:
            return wanted
        # refused (the computers moved the table on meanwhile): look again
    raise AssertionError("the member never found the button of their move")


async def _button_ending(message: Any, suffix: str) -> str | None:
    return next((custom_id for custom_id in message.custom_ids() if custom_id.endswith(suffix)), None)


async def _moved_or_refused(store: LiveStore, table_id: str, version: int, clicked: Any) -> bool:
    found = await store.read(f"table:{table_id}")
    return bool(clicked.followups) or (found is not None and found.version > version)


async def start_members_table(
    fake: FakeDiscord, members: list[Any], channel: Any, options: dict[str, Any]
) -> tuple[Any, str]:
    """The first member opens a table with ``/mahjong new``, the others join it, the host starts it;
    returns the table message (in the new thread) and the table id."""
    opened = await fake.slash(members[0], channel, "mahjong new", options)
    await opened.wait_done()
    message = fake.channel_messages(fake.threads[-1].id)[-1]
    table_id = table_id_of(message)
    for member in members[1:]:
        await (await fake.click(member, message, f"mj1:{table_id}:0:join")).wait_done()
    await (await fake.click(members[0], message, f"mj1:{table_id}:0:start")).wait_done()
    return message, table_id


COMPONENTS_V2 = 1 << 15


def assert_card(message: Any) -> None:
    """A Components V2 card: the flag, no content, a text display first, then a gallery whose every
    item names one of the message's attachments with its alt text (when it shows pictures), then more
    text and separators, and buttons and selects only inside action rows or beside a section's text."""
    assert message.flags & COMPONENTS_V2 and message.content == "" and message.embeds == [], message
    kinds = [component["type"] for component in message.components]
    pictured = bool(message.attachments)
    assert kinds[0] == 10 and (kinds[1:2] == [12]) is pictured and set(kinds[1 + pictured :]) <= {1, 9, 10, 14}, kinds
    if pictured:
        [gallery] = [component for component in message.components if component["type"] == 12]
        names = [item["media"]["url"].rpartition("/")[2] for item in gallery["items"]]
        assert names == [attachment.filename for attachment in message.attachments]
        assert all(item["description"] for item in gallery["items"])


# --- mahjong-bot run as a process of its own (tests/bot/run_against_fake.py) ---------------------------

RUN_ROOT = pathlib.Path(__file__).resolve().parents[2]
# The settings a run leaves unset unless a test sets them (a developer's own shell may have them).
RUN_SETTINGS = ("REDIS_URL", "DATABASE_PATH", "DATABASE_URL", "DISCORD_GUILD_ID", "START_PATIENCE", "METRICS_PORT")
RUN_SETTINGS += ("WEB_PORT", "WEB_HOST", "PUBLIC_URL", "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET")
RUN_SETTINGS += ("SHARD_COUNT", "SHARD_IDS")
# and run_against_fake.py's own knobs
RUN_SETTINGS += ("KILL_AT", "FAST_TABLES", "FIRST_SEED", "CLOCK_LEASE", "TEST_REDIS_NAMESPACE", "PROFILE_TO")
CLOSED = "http://127.0.0.1:1/api/v10"  # nothing listens on port 1


def run_environment(fake: FakeDiscord | None, token: str | None = None, **more: str) -> dict[str, str]:
    """``mahjong-bot run``'s environment with only a token set (and ``more``), pointed at ``fake``, or at
    a port where nothing answers when there is none."""
    environment = {key: value for key, value in os.environ.items() if key not in RUN_SETTINGS}
    environment.update(
        DISCORD_TOKEN=token or (fake.token if fake else "a-token"),
        FAKE_DISCORD_API=f"http://{fake.host}:{fake.port}/api/v10" if fake else CLOSED,
        FAKE_DISCORD_GATEWAY=fake.gateway_url if fake else "ws://127.0.0.1:1",
        PYTHONPATH=str(RUN_ROOT),
        **more,
    )
    return environment


async def start_run(
    cwd: pathlib.Path, environment: dict[str, str], *, log: pathlib.Path | None = None
) -> asyncio.subprocess.Process:
    """``mahjong-bot run`` in ``cwd``: its output piped to the test, or its log appended to ``log``."""
    with contextlib.ExitStack() as files:
        # the process writes to its own copy of the log file
        written = None if log is None else files.enter_context(open(log, "ab"))
        return await asyncio.create_subprocess_exec(
            sys.executable,
            str(RUN_ROOT / "tests" / "bot" / "run_against_fake.py"),
            cwd=cwd,
            env=environment,
            stdout=asyncio.subprocess.PIPE if written is None else asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE if written is None else written,
        )


def free_port() -> int:
    """A loopback port nothing listens on now, for a server a test or a benchmark starts."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])

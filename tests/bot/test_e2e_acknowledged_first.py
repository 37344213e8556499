"""Every interaction is acknowledged before any store is read (issue 21): with every call to the live store
and the ledgers delayed by a second of a fake clock (which moves only once the acknowledgement was seen),
every registered slash command and every kind of component, each verb of each custom-id vocabulary, is
still acknowledged within half a second. A handler that read a store first would never be acknowledged:
its read waits for a clock that does not move."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest

from bot.solitaire.custom_ids import VERBS as SOLITAIRE_VERBS
from bot.tables.custom_ids import VERBS as TABLE_VERBS
from data.ledger_reports import LedgerReports
from data.ledger_sqlite import SqliteLedger
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from tests.bot.e2e_helpers import running_bot, table_id_of, wait_until
from tests.bot.test_replay import entry_of, played
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

ACK_WITHIN = 0.5
DELAY = 1.0
MANAGE = discord.Permissions(manage_guild=True).value
NUMBERED_TABLE = {"d", "kong", "c", "first"}
NUMBERED_SOLITAIRE = {"pair", "page"}


@dataclass
class SlowClock:
    """A clock of seconds that pass only when the test says so (``advance``), and ``delaying`` whether the
    stores' calls wait on it."""

    now: float = 0.0
    delaying: bool = False
    sleepers: list[tuple[float, asyncio.Future[None]]] = field(default_factory=list)

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.now + seconds, future))
        await future

    def advance(self, seconds: float) -> None:
        self.now += seconds
        due = [(until, future) for until, future in self.sleepers if until <= self.now]
        self.sleepers = [(until, future) for until, future in self.sleepers if until > self.now]
        for _, future in due:
            if not future.done():
                future.set_result(None)


class Delayed:
    """``target`` whose every coroutine method first waits ``DELAY`` seconds of ``clock`` (when it delays)."""

    def __init__(self, target: Any, clock: SlowClock) -> None:
        self._target = target
        self._clock = clock

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if not inspect.iscoroutinefunction(value) or name == "close":
            return value

        async def delayed(*args: Any, **keywords: Any) -> Any:
            if self._clock.delaying:
                await self._clock.sleep(DELAY)
            return await value(*args, **keywords)

        return delayed


@contextlib.asynccontextmanager
async def slow_bot(fake: FakeDiscord, path: str, clock: SlowClock) -> AsyncIterator[Any]:
    live = await SqliteLiveStore.open(path)
    ledger = await SqliteLedger.open(path)
    solitaire = SqliteSolitaireLedger.beside(ledger)

    async def reports() -> Any:
        if clock.delaying:
            await clock.sleep(DELAY)
        return Delayed(await LedgerReports.open(path), clock)

    try:
        async with running_bot(
            fake,
            Delayed(live, clock),
            tick=0.05,
            database_path=path,
            ledger=Delayed(ledger, clock),
            solitaire_ledger=Delayed(solitaire, clock),
            reports=reports,
        ) as bot:
            try:
                yield bot
            finally:  # nothing waits on the slow stores while the bot closes
                clock.delaying = False
                clock.advance(1e9)
    finally:
        await ledger.close()
        await live.close()


def leaf_commands(bot: Any) -> set[str]:
    """Every command a member can send, a group's subgroups walked down to their subcommands."""
    names: set[str] = set()
    waiting = list(bot.tree.get_commands())
    while waiting:
        command = waiting.pop()
        children = getattr(command, "commands", None)
        if children:
            waiting.extend(children)
        else:
            names.add(command.qualified_name)
    return names


def dynamic_prefixes(bot: Any) -> set[str]:
    """The prefixes of the dynamic items the bot registered (``mj1``, ``mjs1`` …), read off their templates."""
    store = bot._connection._view_store
    return {pattern.pattern.removeprefix("(?s)").removesuffix(":.*") for pattern in store._dynamic_items}


async def acknowledged_in_time(clock: SlowClock, interaction: Any, what: str) -> None:
    """``interaction`` acknowledged within ``ACK_WITHIN`` while every store call waits; then the clock
    moves, a second at a time, until the bot is done with it."""
    try:
        await interaction.wait_ack(timeout=ACK_WITHIN + 1.5)
    except TimeoutError:
        pytest.fail(f"{what} was not acknowledged while the stores were slow")
    assert interaction.ack_seconds < ACK_WITHIN, f"{what} was acknowledged after {interaction.ack_seconds:.2f} s"

    async def release() -> None:
        while True:
            clock.advance(DELAY)
            await asyncio.sleep(0.01)

    releasing = asyncio.create_task(release())
    try:
        await interaction.wait_done(quiet=0.1, timeout=20)
    finally:
        releasing.cancel()


async def test_every_command_and_component_is_acknowledged_before_any_store_answers(tmp_path):
    path = str(tmp_path / "bot.sqlite3")
    clock = SlowClock()
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        admin = fake.add_member(guild, name="Ada", permissions=MANAGE)
        members = [fake.add_member(guild, name=name) for name in ("Bo", "Cy", "Di")]
        channel = guild.text_channel
        entry = entry_of(played(1), guild_id=guild.id, number=0)
        writing = await SqliteLedger.open(path)
        try:
            assert await writing.record_hand(entry)
        finally:
            await writing.close()
        async with slow_bot(fake, path, clock) as bot:
            # --- what the components are on, made while the stores answer at once ---------------
            family = await fake.slash(admin, channel, "mahjong new", {"rules": "family"})
            await family.wait_done()
            lobby = fake.channel_messages(fake.threads[-1].id)[-1]
            lobby_id = table_id_of(lobby)
            started = await fake.slash(admin, channel, "mahjong new", {"rules": "classic"})
            await started.wait_done()
            table = fake.channel_messages(fake.threads[-1].id)[-1]
            table_id = table_id_of(table)
            for member in members:
                await (await fake.click(member, table, f"mj1:{table_id}:0:join")).wait_done()
            await (await fake.click(admin, table, f"mj1:{table_id}:0:start")).wait_done()
            hand_button = await wait_until(
                _async(lambda: next((c for c in table.custom_ids() if c.endswith(":hand")), None)), what="My hand"
            )
            step = int(hand_button.split(":")[2])
            opened = await fake.click(admin, table, hand_button)
            await opened.wait_done()
            hand = opened.response
            game = await fake.slash(admin, channel, "solitaire free", {"seed": 7})
            await game.wait_done()
            board = game.response
            game_id = board.custom_ids()[0].split(":")[2]
            board_step = int(board.custom_ids()[0].split(":")[3])
            pair_value = board.selects()[0]["options"][0]["value"]
            ranking = await fake.slash(admin, channel, "mahjong leaderboard", {"by": "points"})
            await ranking.wait_done()
            replayed = await fake.slash(admin, channel, "mahjong replay", {"hand": entry.hand_id})
            await replayed.wait_done()

            commands = {
                "mahjong new": (admin, {"rules": "classic", "computers": 3}),
                "mahjong config": (admin, {}),
                "mahjong mentions": (members[0], {"state": "off"}),
                "mahjong rules": (members[0], {}),
                "mahjong help": (members[0], {}),
                "mahjong score": (members[0], {"hand": "234m 567m 789m 123p 55s"}),
                "mahjong leaderboard": (members[0], {}),
                "mahjong stats": (members[0], {}),
                "mahjong rating": (members[0], {}),
                "mahjong history": (members[0], {}),
                "mahjong season": (members[0], {}),
                "mahjong replay": (members[0], {"hand": entry.hand_id}),
                "solitaire daily": (members[0], {}),
                "solitaire free": (members[1], {"seed": 8}),
                "solitaire leaderboard": (members[0], {}),
                "solitaire stats": (members[0], {}),
                "solitaire name": (members[0], {"pseudonym": "Bobby"}),
                "solitaire config": (admin, {}),
                "mahjong tournament create": (admin, {"rules": "classic", "rounds": 2}),
                "mahjong tournament join": (members[0], {}),
                "mahjong tournament checkin": (members[0], {}),
                "mahjong tournament leave": (members[0], {}),
                "mahjong tournament start": (admin, {}),
                "mahjong tournament standings": (members[0], {}),
                "mahjong tournament pause": (admin, {}),
                "mahjong tournament resume": (admin, {}),
                "mahjong tournament replace": (admin, {"gone": members[0], "coming": members[1]}),
                "mahjong tournament cancel": (admin, {}),
            }
            assert set(commands) == leaf_commands(bot), "a command without a case here: give it one"

            def table_button(verb: str) -> tuple[Any, Any, str]:
                tail = ":0" if verb in NUMBERED_TABLE else ""
                if verb in ("join", "leave", "addcpu", "start", "cancel", "first"):
                    return admin, lobby, f"mj1:{lobby_id}:0:{verb}{tail}"
                on = table if verb in ("hand", "claim", "rules", "next", "detail") else hand
                return admin, on, f"mj1:{table_id}:{step}:{verb}{tail}"

            def solitaire_control(verb: str) -> tuple[Any, Any, str]:
                tail = ":0" if verb in NUMBERED_SOLITAIRE else ""
                return admin, board, f"mjs1:f:{game_id}:{board_step}:{verb}{tail}"

            components = {f"mj1 {verb}": table_button(verb) for verb in TABLE_VERBS}
            components |= {f"mjs1 {verb}": solitaire_control(verb) for verb in SOLITAIRE_VERBS}
            components |= {
                "mjs1 play": (members[2], board, "mjs1:play"),
                "mjs1 board page": (admin, board, "mjs1:lb:f:all:1"),
                "mjs1 share": (admin, board, "mjs1:share:20250314"),
                "mjr1 board page": (admin, ranking.response, "mjr1:lb:classic:all:2"),
                "mjp1 replay step": (admin, replayed.response, f"mjp1:2:{entry.hand_id}"),
                "mjt1 join": (members[1], table, "mjt1:abcdefgh:join"),
                "an id of no kind": (admin, table, "zz9:nothing"),
            }
            covered = {name.split()[0] for name in components}
            assert dynamic_prefixes(bot) <= covered, "a kind of component without a case here: give it one"

            # --- now every store call waits a second of a clock that does not move by itself -------
            clock.delaying = True
            for name, (who, options) in commands.items():
                interaction = await fake.slash(who, channel, name, options)
                await acknowledged_in_time(clock, interaction, f"/{name}")
            for name, (who, message, custom_id) in components.items():
                if name == "mjs1 pair":
                    interaction = await fake.forge_component(
                        who, message, custom_id, component_type=3, values=[pair_value]
                    )
                else:
                    interaction = await fake.forge_component(who, message, custom_id)
                await acknowledged_in_time(clock, interaction, name)
            clock.delaying = False
            assert [v for v in fake.violations if "acknowledg" in str(v).lower()] == []


def _async(read: Any) -> Any:
    async def value() -> Any:
        return read()

    return value

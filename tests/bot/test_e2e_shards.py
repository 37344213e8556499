"""Two bot processes of one application on one Redis, each with its own shard (issue 13): a solitaire
game in the guild of each shard, and tables in both played to their end with each deadline fired once;
the commands synced and the emojis uploaded once; one process killed with ``kill -9`` and restarted
loses no table, and while it is down the other process's clock keeps that shard's tables going; the daily
solitaire played and finished on each shard is in the ledger once."""

from __future__ import annotations

import asyncio
import collections
import pathlib
import signal
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
import pytest_asyncio
import redis.asyncio as aioredis

from core.solitaire.state import SolitaireState
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger
from data.live_redis import RedisLiveStore
from data.solitaire_ledger import Board
from data.solitaire_postgres import PostgresSolitaireLedger
from data.solitaire_sqlite import SqliteSolitaireLedger
from game.tiles import Tile
from tests.bot.e2e_helpers import run_environment, start_run, table_id_of, table_state, wait_until
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.redis, pytest.mark.asyncio]

REDIS_URL = "redis://127.0.0.1:6379/0"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


async def start_shard(
    fake: FakeDiscord, folder: pathlib.Path, shard: int, namespace: str, database_url: str | None = None
):
    """A shard process working in ``folder``; its ledgers in ``folder``'s SQLite file, or at ``database_url``."""
    folder.mkdir(exist_ok=True)
    environment = run_environment(
        fake,
        FAST_TABLES="1",
        DATABASE_PATH=str(folder / "bot.sqlite3"),
        REDIS_URL=REDIS_URL,
        TEST_REDIS_NAMESPACE=namespace,
        SHARD_COUNT="2",
        SHARD_IDS=str(shard),
    )
    if database_url is not None:
        environment["DATABASE_URL"] = database_url
    return await start_run(folder, environment, log=folder / "bot.log")


async def _stop(process: asyncio.subprocess.Process) -> None:
    """Stops a bot as Ctrl-C does; one that does not stop in time is killed, never left running."""
    if process.returncode is not None:
        return
    process.send_signal(signal.SIGINT)
    try:
        await asyncio.wait_for(process.wait(), 30)
    except TimeoutError:
        process.kill()
        await process.wait()


def _guild_per_shard(fake: FakeDiscord) -> dict[int, object]:
    """Guilds until each of the two shards has one (a guild's shard is ``(id >> 22) % 2``)."""
    guilds: dict[int, object] = {}
    while len(guilds) < 2:
        guild = fake.add_guild(name=f"Club {len(fake.guilds)}")
        guilds.setdefault((guild.id >> 22) % 2, guild)
    return guilds


async def _ready_shards(fake: FakeDiscord, count: int) -> None:
    async def ready():
        return len([s for s in fake.gateway.live_sessions() if s.ready]) >= count

    await wait_until(ready, timeout=40, what=f"{count} shard sessions")


async def _open(fake, member, guild, options):
    command = await fake.slash(member, guild.text_channel, "mahjong new", options)
    await command.wait_done(timeout=20)
    lobby = next(m for m in reversed(fake.channel_messages(fake.threads[-1].id)) if m.custom_ids())
    return lobby, table_id_of(lobby)


@pytest_asyncio.fixture
async def shared_redis():
    """The namespace both processes use, a store on it, and every key of it deleted after, pass or fail."""
    namespace = f"shards-{uuid.uuid4().hex}"
    store = RedisLiveStore.from_url(REDIS_URL, namespace=namespace)
    try:
        yield store, namespace
    finally:
        await store.close()
        client = aioredis.Redis.from_url(REDIS_URL)
        names = [name async for name in client.scan_iter(match=f"{{{namespace}*")]
        if names:
            await client.delete(*names)
        await client.aclose()


async def test_two_shard_processes_on_one_redis(tmp_path, shared_redis):
    await _two_shards(tmp_path, shared_redis, None)


@pytest.mark.postgres
async def test_two_shard_processes_as_on_two_hosts_share_only_redis_and_postgresql(
    tmp_path, shared_redis, postgres_schema
):
    """Each process works in a folder of its own, as on two hosts: nothing is shared but Redis and the
    database; the process killed with ``kill -9`` and restarted leaves every hand and match once."""
    await _two_shards(tmp_path, shared_redis, postgres_schema.url)


async def _two_shards(tmp_path, shared_redis, database_url: str | None) -> None:
    store, namespace = shared_redis

    def folder(shard: int) -> pathlib.Path:
        return tmp_path if database_url is None else tmp_path / f"host-{shard}"

    processes: dict[int, asyncio.subprocess.Process] = {}
    async with FakeDiscord() as fake:
        guilds = _guild_per_shard(fake)
        hosts = {shard: fake.add_member(guild, name=f"Host {shard}") for shard, guild in guilds.items()}
        guests = {shard: fake.add_member(guild, name=f"Guest {shard}") for shard, guild in guilds.items()}
        try:
            for shard in (0, 1):
                processes[shard] = await start_shard(fake, folder(shard), shard, namespace, database_url)
            await _ready_shards(fake, 2)
            await fake.wait_commands_synced(timeout=30)
            matches = {}
            for shard, guild in guilds.items():
                lobby, table_id = await _open(
                    fake,
                    hosts[shard],
                    guild,
                    {"rules": "classic", "length": "one_hand", "computers": 3, "level": "basic"},
                )
                await (await fake.click(hosts[shard], lobby, f"mj1:{table_id}:0:start")).wait_done()
                matches[shard] = (lobby, table_id)

            # the daily solitaire in each shard's guild: one pair taken from the menu of legal pairs, then
            # Finish pressed twice, which ends the game and writes its result
            for shard, guild in guilds.items():
                game = await fake.slash(guests[shard], guild.text_channel, "solitaire daily", {})
                await game.wait_done(timeout=20)
                board = game.response
                menu = board.selects()[0]
                shown = fake.message(board.id).edits
                picked = await fake.select(guests[shard], board, menu["custom_id"], [menu["options"][0]["value"]])
                await picked.wait_done(timeout=20)
                assert picked.ack_type is not None and picked.followups == []

                async def pair_shown(shown: int = shown, board: Any = board) -> bool:
                    return fake.message(board.id).edits > shown

                # Finish is pressed on the board that shows the pair: on a loaded machine its edit can come
                # after the pick's quiet spell, and a press on the board before it is refused as stale
                await wait_until(pair_shown, timeout=20, what="the board redrawn after the pair")
                games = [key for key in await store.keys("solitaire:") if key.startswith(f"solitaire:{guild.id}:")]
                assert len(games) == 1
                assert SolitaireState.from_document((await store.read(games[0])).document).game.removed
                for _ in range(2):
                    edits = fake.message(board.id).edits
                    finish = next(c for c in fake.message(board.id).custom_ids() if c.endswith(":finish"))
                    pressed = await (await fake.click(guests[shard], fake.message(board.id), finish)).wait_done(
                        timeout=20
                    )
                    assert pressed.followups == [], "Finish was refused"

                    async def redrawn(edits: int = edits, board: Any = board) -> bool:  # press on the new board
                        return fake.message(board.id).edits > edits

                    await wait_until(redrawn, timeout=20, what="the board redrawn after Finish")

            async def over():
                states = [await table_state(store, table_id) for _, table_id in matches.values()]
                return all(state.status == "over" for state in states)

            await wait_until(over, timeout=90, what="both tables to finish")
            # on shard 1, a lobby and a started table; then its process is killed, and the other one's
            # clock plays the started table to its end while it is down
            lobby, waiting = await _open(fake, hosts[1], guilds[1], {"rules": "classic", "length": "one_hand"})
            started_lobby, started = await _open(
                fake, guests[1], guilds[1], {"rules": "classic", "length": "one_hand", "computers": 3, "level": "basic"}
            )
            await (await fake.click(guests[1], started_lobby, f"mj1:{started}:0:start")).wait_done()
            processes[1].send_signal(signal.SIGKILL)
            assert await asyncio.wait_for(processes[1].wait(), 10) == -signal.SIGKILL

            async def finished_meanwhile():
                return (await table_state(store, started)).status == "over"

            await wait_until(finished_meanwhile, timeout=60, what="shard 0's clock to finish shard 1's table")
            processes[1] = await start_shard(fake, folder(1), 1, namespace, database_url)
            await _ready_shards(fake, 2)
            joined = await fake.click(guests[1], lobby, f"mj1:{waiting}:0:join")
            await joined.wait_done(timeout=20)
            assert [seat.name for seat in (await table_state(store, waiting)).seats] == ["Host 1", "Guest 1"]
            await fake.wait_idle()
        finally:
            for process in processes.values():
                await _stop(process)
        syncs = [c for c in fake.calls if c.key == "PUT /applications/{application_id}/commands"]
        uploads = [c for c in fake.calls if c.key == "POST /applications/{application_id}/emojis"]
        assert len(syncs) == 1 and len(uploads) == len(Tile)  # by the process of shard 0 only
        for lobby, _ in matches.values():
            # each committed step was shown once: no step's table message edited twice with the same buttons
            shown = collections.Counter(
                repr(call.json.get("components", []))
                for call in fake.calls
                if call.key == EDIT and call.params["message_id"] == str(lobby.id)
            )
            assert max(shown.values()) == 1
        assert fake.violations == []
    ledger: Any
    solitaire: Any
    if database_url is None:
        ledger = await SqliteLedger.open(tmp_path / "bot.sqlite3")
        solitaire = SqliteSolitaireLedger.beside(ledger)
    else:
        ledger = await PostgresLedger.open(database_url)
        solitaire = PostgresSolitaireLedger.beside(ledger)
    if database_url is not None:  # each process kept its live state in Redis and wrote no ledger file
        assert not any(any(folder(shard).glob("*.sqlite3*")) for shard in (0, 1))
    try:
        for shard, guild in guilds.items():
            recorded = await ledger.matches(guild.id)
            played = {matches[shard][1]} | ({started} if shard == 1 else set())
            assert {match.match_id for match in recorded} == played and all(m.hands == 1 for m in recorded)
            assert len(await ledger.hands(guild.id)) == len(played)  # each hand once, after the kill -9 too
            assert all(len(m.totals) == 4 for m in recorded)
            daily = await solitaire.leaderboard(guild.id, Board("daily", datetime.now(UTC).date()), 10)
            assert [standing.member_id for standing in daily] == [guests[shard].id]  # each result once
    finally:
        await solitaire.close()
        await ledger.close()


async def test_a_hand_opened_through_one_process_is_kept_current_by_it_when_the_other_moves_the_table(
    tmp_path, shared_redis
):
    """Issue 21: the process of shard 0 holds the table clock; a member of a server on shard 1 opens their
    hand through the process of shard 1 (which alone holds its interaction token). The computers' moves
    and the member's passed deadlines, all made by the other process's clock, reach the member's hand:
    the process of shard 1 hears them through Redis and edits the hand, never with an older step."""
    _, namespace = shared_redis
    processes: dict[int, asyncio.subprocess.Process] = {}
    client = aioredis.Redis.from_url(REDIS_URL, decode_responses=True)
    lease = f"{{{namespace}}}:lease:table-clock"
    async with FakeDiscord() as fake:
        guilds = _guild_per_shard(fake)
        host = fake.add_member(guilds[1], name="Host")
        try:
            processes[0] = await start_shard(fake, tmp_path, 0, namespace)
            await _ready_shards(fake, 1)

            async def clock_held():
                return await client.hget(lease, "holder")

            holder = await wait_until(clock_held, timeout=20, what="shard 0's process to take the clock")
            processes[1] = await start_shard(fake, tmp_path, 1, namespace)
            await _ready_shards(fake, 2)
            await fake.wait_commands_synced(timeout=30)
            lobby, table_id = await _open(
                fake, host, guilds[1], {"rules": "classic", "length": "one_wind", "computers": 3, "level": "basic"}
            )
            await (await fake.click(host, lobby, f"mj1:{table_id}:0:start")).wait_done()
            table = fake.message(lobby.id)

            async def my_hand():
                return next((c for c in fake.message(lobby.id).custom_ids() if c.endswith(":hand")), None)

            hand_button = await wait_until(my_hand, timeout=20, what="the table's My hand button")
            opened = await fake.click(host, table, hand_button)
            await opened.wait_done(timeout=20)
            hand = opened.response

            def shown_step() -> int:
                return min(int(c.split(":")[2]) for c in fake.message(hand.id).custom_ids() if c.startswith("mj1:"))

            first_step = shown_step()

            async def refreshed_later():
                return shown_step() > first_step + 2

            await wait_until(refreshed_later, timeout=60, what="the hand to show the other process's moves")
            assert await client.hget(lease, "holder") == holder  # every move was the other process's
            edits = [
                call
                for call in fake.calls
                if call.key == "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"
                and call.params["webhook_token"] == opened.token
            ]
            steps = [
                int(button["custom_id"].split(":")[2])
                for call in edits
                for row in call.json.get("components", [])
                for button in row.get("components", [])[:1]
                if button.get("custom_id", "").startswith("mj1:")
            ]
            assert len(edits) >= 2 and steps == sorted(steps)  # newest last: never an older step after a newer
        finally:
            for process in processes.values():
                await _stop(process)
            await client.aclose()
        assert fake.violations == []

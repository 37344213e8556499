"""Several page processes on one Redis and one PostgreSQL (issue 47, docs/web.md "Several processes"): two
real ``mahjong-bot web`` processes behind a proxy (``FrontProxy``, as nginx's or Caddy's would be), a
redis-server of the test's own and a PostgreSQL schema of its own.

Three page players and a computer sit at one table, their sockets split across both processes; a move made
on one reaches the players on the other. Mid-hand the first process is killed (SIGKILL: nothing of it
runs after); its players' sockets close, they connect again through the proxy, which now reaches the
other process, and play on to the hand's end. Nothing committed is lost (the hand's moves from before the
kill are the first of its moves after), the computer plays on (the other process takes the table clock's
lease once the dead one's runs out), and the ledger records the hand once.

A web tournament started by a third process with no runner (the test, through ``TournamentService``, as a
script over the core would) has its round's tables opened by one of the two within the tournaments'
sweep's period."""

from __future__ import annotations

import asyncio
import contextlib
import pathlib
import shutil
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from benchmarks.page_server import free_port, start_page, stop_page
from benchmarks.table_page_client import TablePage
from core.tables.rounds import load_round
from core.tables.state import TableState
from core.tournaments import tournament as life
from core.tournaments.runner import table_id_of
from core.tournaments.service import TournamentService
from core.tournaments.sweep import PERIOD
from core.tournaments.tournament import TournamentSettings
from data.live_redis import RedisLiveStore
from game.record import HandRecord
from tests.bot.e2e_helpers import run_environment, start_run
from tests.data.ledger_backends import PostgresSchema, own_postgres_schema
from tests.fakediscord import FakeDiscord
from tests.frame_rule import assert_frame_rule
from tests.redis_server import RedisServer
from tests.web.front_proxy import FrontProxy
from tests.web.real_proxies import KINDS, RealProxy, installed
from web.guard import WEB_GUILD

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.asyncio,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
]


@dataclass
class Deployment:
    """Two page processes, a proxy in front of them, and the stores they share."""

    front: str  # the proxy's origin: every browser's address for the page
    proxy: FrontProxy | RealProxy
    pages: dict[int, asyncio.subprocess.Process]  # by port
    store: RedisLiveStore
    schema: PostgresSchema
    folder: pathlib.Path
    settings: dict[str, str]

    async def kill(self, port: int) -> None:
        """The page process on ``port`` killed (SIGKILL: nothing of it runs after)."""
        self.pages[port].kill()
        await self.pages[port].wait()

    async def restart(self, port: int) -> None:
        """A page process started again on ``port``, as a deployment's rolling restart does."""
        self.pages[port] = await start_page(self.folder / str(port), port, self.settings)

    async def table(self, table_id: str) -> tuple[TableState, int]:
        document = await self.store.read(f"table:{table_id}")
        assert document is not None, f"no table {table_id}"
        return TableState.from_document(document.document), document.version


async def answering(base: str, seconds: float = 60.0) -> None:
    """Once ``base`` answers ``/healthz`` (a process started; a proxy passing it on: Caddy's health checks
    hold the processes back until their first check passes)."""
    async with aiohttp.ClientSession() as session:
        for _ in range(int(seconds / 0.05)):
            with contextlib.suppress(aiohttp.ClientError):
                async with session.get(f"{base}/healthz") as answer:
                    if answer.status == 200:
                        return
            await asyncio.sleep(0.05)
    raise AssertionError(f"{base} does not answer")


@contextlib.asynccontextmanager
async def two_processes(
    folder: pathlib.Path, proxy_kind: str = "test", *, first: str = "web"
) -> AsyncIterator[Deployment]:
    """Two page processes, a redis-server and a PostgreSQL schema of their own, behind ``FrontProxy``
    (``test``) or the documented nginx or Caddy (``real_proxies.KINDS``). ``first="bot"``: the first is
    the bot (``mahjong-bot run`` with ``WEB_PORT``, on a fake Discord), serving the page beside it."""
    redis = RedisServer(folder, free_port())
    await redis.start()
    pages: dict[int, asyncio.subprocess.Process] = {}
    backends = [free_port(), free_port()]
    proxy = FrontProxy(backends) if proxy_kind == "test" else RealProxy(proxy_kind, folder / proxy_kind, backends)
    store = RedisLiveStore.from_url(redis.url)
    try:
        async with own_postgres_schema() as schema, FakeDiscord() as fake:
            front = f"http://127.0.0.1:{await proxy.start()}"
            # behind a proxy the page is reached by the proxy's name, which it must be told (docs/web.md)
            settings = {"REDIS_URL": redis.url, "DATABASE_URL": schema.url, "WEB_ORIGINS": front}
            for port in proxy.backends:
                (folder / str(port)).mkdir()
                if first == "bot" and not pages:
                    bot = run_environment(fake, **settings, WEB_PORT=str(port))
                    pages[port] = await start_run(folder / str(port), bot, log=folder / str(port) / "page.log")
                    await answering(f"http://127.0.0.1:{port}")
                else:
                    pages[port] = await start_page(folder / str(port), port, settings)
            await answering(front)
            deployment = Deployment(front, proxy, pages, store, schema, folder, settings)
            try:
                yield deployment
            finally:
                for page in deployment.pages.values():
                    await stop_page(page)
                for port in pages:
                    said = (folder / str(port) / "page.log").read_text(errors="replace")
                    assert "Traceback" not in said and " ERROR " not in said, said
    finally:
        await proxy.close()
        await store.close()
        redis.stop()


class Player(TablePage):
    """A page player through the proxy (``TablePage``): their cookie, and one socket at a time, reopened when
    it closes; each frame kept held to SPEC §7's rule."""

    def __init__(self, name: str, front: str) -> None:
        # a connection a request: the proxy shares out connections, and a socket is one of its own, as in
        # a browser (aiohttp would otherwise open it on a kept-alive one)
        session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(force_close=True), cookie_jar=aiohttp.CookieJar(unsafe=True)
        )
        super().__init__(session, front)
        self.name = name
        self.sockets = 0
        self.answered = -1  # the version this player last moved at

    async def connect(self, table_id: str, *, compress: bool = True, **headers: str) -> None:
        """The table's socket, through the proxy, tried again while no process takes it (for 30 s: a proxy
        may wait a few seconds before it tries a process it found dead again); its first frame."""
        headers.setdefault("Origin", self.base)
        for _ in range(300):
            with contextlib.suppress(aiohttp.ClientError):
                await super().connect(table_id, compress=compress, **headers)
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError(f"{self.name} found no process to connect to")
        self.sockets += 1
        self.answered = -1  # a move sent as the last socket died may never have reached a process

    def framed(self, frame: dict[str, Any]) -> None:
        assert_frame_rule(frame)
        super().framed(frame)

    def ended(self, message: aiohttp.WSMessage) -> None:
        self.connection = None  # ``play`` opens another

    async def play(self, table_id: str, until: Callable[[], bool]) -> None:
        """Played as ``test_table_sockets`` plays (a win when offered, else a discard, else a pass), the
        socket reopened whenever it closes, until ``until()``."""
        while not until():
            if self.connection is None:
                await self.connect(table_id)
                continue
            offered = {action["action"]: action for action in self.last.get("actions", ())}
            answer = offered.get("mahjong") or offered.get("discard") or offered.get("pass")
            if self.last.get("state") == "playing" and answer is not None and self.last["version"] > self.answered:
                self.answered = self.last["version"]
                with contextlib.suppress(ConnectionError):
                    await self.move(answer["action"], **({"tiles": answer["tiles"]} if "tiles" in answer else {}))
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.2):
                    await self.receive()


async def all_played(
    deployment: Deployment, table_id: str, players: list[Player], until: Callable[[], bool], seconds: float
) -> None:
    """Every player playing until ``until()``; if it takes over ``seconds``, what each was last shown."""
    try:
        await asyncio.wait_for(asyncio.gather(*(player.play(table_id, until) for player in players)), seconds)
    except TimeoutError:
        shown = [
            (player.name, player.last.get("version"), player.last.get("state"), player.connection is not None)
            for player in players
        ]
        state, version = await deployment.table(table_id)
        stored = f"version {version}, wakes at {state.wake_at} (now {time.time()})"
        raise AssertionError(f"the table stopped ({stored}): (player, version, state, socket open) {shown}") from None


async def hand_recorded_once(deployment: Deployment, table_id: str, before: TableState) -> None:
    """The table's hand in the ledger once, its moves beginning with those ``before`` holds: nothing a
    dead process committed is lost."""
    for _ in range(100):  # the ledger's entries, written by a process still running
        recorded = await deployment.schema.raw.fetch("SELECT record FROM hands WHERE table_id = $1", table_id)
        if recorded:
            break
        await asyncio.sleep(0.1)
    assert len(recorded) == 1
    played_moves = HandRecord.from_text(recorded[0]["record"]).actions
    committed = load_round(before).actions
    assert played_moves[: len(committed)] == committed
    assert len(played_moves) > len(committed)


async def seated(deployment: Deployment) -> tuple[str, list[Player]]:
    """A Hong Kong table of one hand opened by the first of three players, the others joined, a computer
    in the fourth seat, started; every player on their socket."""
    players = [Player(name, deployment.front) for name in ("ana", "bo", "cy")]
    table_id = await players[0].open_table("rules=hongkong&computers=1&length=one_hand")
    for player in players:
        await player.visit(table_id)
        await player.connect(table_id)
    for player in players[1:]:
        await player.move("join")
        await player.wait(lambda frame: frame["viewer"] == "seated")
    host = players[0]
    await host.wait(lambda frame: any(action["action"] == "start" for action in frame["actions"]))
    await host.move("start")
    for player in players:
        await player.wait(lambda frame: frame["state"] == "playing")
    return table_id, players


@pytest.mark.parametrize("first", ["web", "bot"])
async def test_a_tables_players_on_two_processes_play_on_when_one_is_killed_mid_hand(
    tmp_path: pathlib.Path, first: str
) -> None:
    """``first``: the process killed is a page process, or a bot serving the page (``WEB_PORT``)."""
    async with two_processes(tmp_path, first=first) as deployment:
        table_id, players = await seated(deployment)
        try:
            first, second = deployment.proxy.backends
            on = {player.name: port for player, (_, port) in zip(players, deployment.proxy.sockets, strict=True)}
            assert on == {"ana": first, "bo": second, "cy": first}  # the table's players on both processes
            _, started = await deployment.table(table_id)

            twelve_moves = lambda: min(player.last["version"] for player in players) >= started + 12  # noqa: E731
            await all_played(deployment, table_id, players, twelve_moves, 60)  # moves of both shown on both
            before, _ = await deployment.table(table_id)
            await deployment.kill(first)

            over = lambda: all(player.last["state"] != "playing" for player in players)  # noqa: E731
            await all_played(deployment, table_id, players, over, 150)

            assert [player.sockets for player in players] == [2, 1, 2]  # the killed process's players came back
            assert [port for _, port in deployment.proxy.sockets[3:]] == [second, second]
            ends = {(player.last["result"]["winner"], player.last["result"]["wall_seed"]) for player in players}
            assert len(ends) == 1, "the players were shown different ends"
            await hand_recorded_once(deployment, table_id, before)
        finally:
            for player in players:
                await player.close()


@pytest.mark.optional
@pytest.mark.parametrize("proxy_kind", KINDS)
async def test_behind_the_documented_proxy_a_rolling_restart_loses_no_move(
    tmp_path: pathlib.Path, proxy_kind: str
) -> None:
    """docs/web.md's nginx or Caddy in front of the two processes: the first killed, then started again
    and the second killed, so every player's socket has to find a process anew through the proxy."""
    if not installed(proxy_kind):
        pytest.skip(f"{proxy_kind} is not installed (.ci/run installs it)")
    async with two_processes(tmp_path, proxy_kind) as deployment:
        table_id, players = await seated(deployment)
        try:
            first, second = deployment.proxy.backends
            _, started = await deployment.table(table_id)
            moved = lambda moves: lambda: min(player.last["version"] for player in players) >= started + moves  # noqa: E731
            await all_played(deployment, table_id, players, moved(6), 60)
            before, _ = await deployment.table(table_id)
            await deployment.kill(first)
            await all_played(deployment, table_id, players, moved(12), 60)  # everyone on the second, through the proxy
            await deployment.restart(first)
            await deployment.kill(second)
            over = lambda: all(player.last["state"] != "playing" for player in players)  # noqa: E731
            await all_played(deployment, table_id, players, over, 150)
            assert all(player.sockets >= 2 for player in players)  # each found the first process again
            await hand_recorded_once(deployment, table_id, before)
        finally:
            for player in players:
                await player.close()


async def test_a_round_a_process_without_a_runner_started_is_opened_by_a_page_process(tmp_path: pathlib.Path) -> None:
    async with two_processes(tmp_path) as deployment:
        now = [0.0]  # the sign-up's clock: the page processes' own tables keep the real time
        tournaments = TournamentService(deployment.store, lambda: now[0])  # no events, no runner
        settings = TournamentSettings("classic", 1, "one_hand", signup_closes=10.0, checkin=600.0, name="Swept")
        made = (await tournaments.open(WEB_GUILD, 1, settings)).tournament
        for member in range(11, 19):
            await tournaments.update(made.id, lambda current, at, m=member: life.join(current, m, at, f"P{m}"))
        now[0] = 20.0
        for member in range(11, 19):
            await tournaments.update(made.id, lambda current, at, m=member: life.check_in(current, m, at))
        await tournaments.start(made.id, 1)
        written = time.monotonic()

        expected = [table_id_of(made.id, 1, index) for index in range(2)]  # eight players: two tables
        while time.monotonic() - written < PERIOD + 10:
            found = await tournaments.read(made.id)
            assert found is not None
            if [table.table_id for table in found.tournament.round_tables(1)] == expected:
                break
            await asyncio.sleep(0.2)
        waited = time.monotonic() - written
        assert found.tournament.round_tables(1)[1].table_id is not None, f"round 1 not opened after {waited:.1f} s"
        assert waited < PERIOD + 5  # within a period of the lease holder's looks (and a look's own time)
        seated = []
        for index, table_id in enumerate(expected):
            state, _ = await deployment.table(table_id)
            assert state.tournament == f"{made.id}/1/{index}" and state.status == "playing"
            seated += [seat.member_id for seat in state.seats]
        assert sorted(seated) == list(range(11, 19))  # each player at one of them, no computer

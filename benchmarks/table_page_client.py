"""What ``benchmarks/table_page.py``'s parts share: the measures of ``mahjong-bot web``'s process (which
``benchmarks/page_server.py`` starts), and page members who play a table over its socket as the page does
(``/work/table-wire.md``), each from its own loopback address (127.1.x.y) with its own cookie, so that the
page's limits per address and per player see them as players on their own machines.

A member reads each frame of its socket; when the frame offers it a move, it moves 1 to 4 s later
(``think``), choosing from the frame alone: Mahjong whenever offered, a kong or a pung half the time, a
chow a quarter of the time, else the discard the frame's hint names (the table's own suggestion, as a
learner would follow it; a random discard where there is none) or a pass. Seeded (``random.Random`` per
member): the same choices for the same frames.

Under a member, a table's socket read as its page reads it (``TableSocket``) and a page in a browser of its
own (``TablePage``): the tests' page clients are these too (``tests/web/test_table_api.Socket`` adds its
checks of every message, ``tests/web/test_two_processes.Player`` its way back through a proxy).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import pathlib
import random
import sys
import time
import urllib.parse
from collections import defaultdict
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CLAIMS = {"kong": 0.5, "pung": 0.5, "chow": 0.25}


# --- the server process -------------------------------------------------------------------------------


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (its threads included)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss(pid: int) -> int:
    """Resident memory of process ``pid``, in bytes."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def load_average() -> str:
    return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])


def log_errors(folder: pathlib.Path) -> list[str]:
    text = (folder / "page.log").read_text(errors="replace")
    return [line for line in text.splitlines() if "ERROR" in line or line.startswith("Traceback")]


# --- members ------------------------------------------------------------------------------------------


def address(number: int) -> str:
    """Member ``number``'s own loopback address (the whole of 127/8 is loopback on Linux)."""
    return f"127.1.{number // 250}.{1 + number % 250}"


@dataclass
class Sent:
    """A move sent and not yet shown at every socket of its table."""

    member: Member
    step: int
    wind: str
    version: int
    at: float
    action: str
    measured: bool = False  # sent within the measured window
    refused: frozenset[str] = frozenset()  # what the table refused this member at this step before
    seen: dict[int, float] = field(default_factory=dict)  # member number → when its socket showed it


class TableSocket:
    """A table's socket read as its page reads it: each message in turn (``receive``), or by a task of its
    own once ``follow`` is called; the newest frame kept (``last``), the refusals kept; moves sent. What a
    kind of reader adds (a member's counts, a test's checks) it adds where a frame is kept (``framed``), a
    message heard (``heard``) or the socket ends (``ended``)."""

    def __init__(self, connection: aiohttp.ClientWebSocketResponse | None = None) -> None:
        self.connection = connection
        self.last: dict[str, Any] = {}  # the newest frame ({} before the first)
        self.refusals: list[dict[str, Any]] = []
        self.payload = 0  # bytes of the text messages received (decompressed)
        self.headers = 0  # what their WebSocket frames' headers add on the wire, uncompressed
        self.changed = asyncio.Event()  # set whenever a frame is kept
        self._reader: asyncio.Task[None] | None = None

    async def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message, heard; None once the socket is closed (anything but a text message ends it)."""
        assert self.connection is not None
        message = await self.connection.receive(timeout)
        if message.type is not aiohttp.WSMsgType.TEXT:
            self.ended(message)
            return None
        text = message.data
        size = len(text.encode()) if not text.isascii() else len(text)
        self.payload += size
        self.headers += 2 if size < 126 else 4 if size < 65536 else 10
        said: dict[str, Any] = orjson.loads(text)
        self.heard(said)
        return said

    def heard(self, said: dict[str, Any]) -> None:
        """A message read: a frame kept unless older than the one kept, a refusal kept."""
        if said["type"] == "frame":
            if said["version"] >= self.last.get("version", -1):
                self.framed(said)
        elif said["type"] == "refused":
            self.refusals.append(said)

    def framed(self, frame: dict[str, Any]) -> None:
        self.last = frame
        self.changed.set()

    def ended(self, message: aiohttp.WSMessage) -> None:
        """The socket's end: ``message`` is what ended it (its close, or an error)."""

    def follow(self) -> None:
        """The socket read from now on by a task of its own, each frame kept as it comes."""
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while await self.receive() is not None:
            pass

    async def wait(self, condition: Callable[[dict[str, Any]], bool], timeout: float = 60.0) -> dict[str, Any]:
        """The first frame (the current one included) for which ``condition`` holds: the messages read until
        it comes, or, once the socket is followed, heard by its reader."""
        async with asyncio.timeout(timeout):
            while not self.last or not condition(self.last):
                if self._reader is None:
                    said = await self.receive(timeout)
                    assert said is not None, "closed while a frame was awaited"
                else:
                    self.changed.clear()
                    await self.changed.wait()
        return self.last

    async def send(self, message: str | dict[str, Any]) -> None:
        """``message`` as it is written, or a message's fields written as JSON."""
        assert self.connection is not None
        await self.connection.send_str(message if isinstance(message, str) else orjson.dumps(message).decode())

    async def move(self, action: str, step: int | None = None, **fields: Any) -> None:
        """The move ``action`` (its ``fields``: ``tiles``, ``seat``) at ``step``, the newest frame's unless
        named (the step a button carries: the table refuses it as stale once the hand moved on)."""
        await self.send(
            {"type": "move", "action": action, "step": self.last["step"] if step is None else step, **fields}
        )

    async def close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(Exception):
                await self.connection.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader


class TablePage(TableSocket):
    """A table's page in a browser of its own (``session``, which keeps its cookie and is closed with it):
    it opens tables and visits them at ``base``, and has at most one socket at a time, opened at
    ``socket_base`` (``base`` unless something stands between)."""

    def __init__(self, session: aiohttp.ClientSession, base: str, socket_base: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.base = base
        self.socket_base = socket_base or base

    async def open_table(self, query: str) -> str:
        """``POST /table/new`` with the fields of ``query``, as the Start page of ``/table/new?<query>``
        posts them: the new table's id (this page's player seated as its host)."""
        fields = urllib.parse.parse_qsl(query)
        headers = {"Origin": self.base}  # a browser's form, from the page's own origin
        async with self.session.post(
            f"{self.base}/table/new", data=fields, headers=headers, allow_redirects=False
        ) as answer:
            if answer.status != 303:
                raise RuntimeError(f"/table/new answered {answer.status}: {await answer.text()}")
            return answer.headers["Location"].rsplit("/", 1)[1]

    async def visit(self, table_id: str) -> None:
        """The table's page, which gives a newcomer their cookie."""
        async with self.session.get(f"{self.base}/table/{table_id}") as answer:
            await answer.read()
            if answer.status != 200:
                raise RuntimeError(f"/table/{table_id} answered {answer.status}")

    async def connect(self, table_id: str, *, compress: bool = True, **headers: str) -> None:
        """The table's socket, in English, with ``headers`` (an ``Origin``); its first message (the frame)
        read. ``compress``: offer permessage-deflate, as browsers do."""
        self.connection = await self.session.ws_connect(
            f"{self.socket_base}/table/{table_id}/socket?lang=en", compress=15 if compress else 0, headers=headers
        )
        await self.receive()

    async def close(self) -> None:
        await super().close()
        await self.session.close()


class Member(TablePage):
    """One page member: a browser of its own (a cookie, an address), its socket read by a task of its own
    once connected, its choices drawn from ``rng``."""

    def __init__(self, base: str, number: int, seed: int | str, socket_base: str | None = None) -> None:
        session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=(address(number), 0), limit=4),
            cookie_jar=aiohttp.CookieJar(unsafe=True),  # the server is an IP address
        )
        super().__init__(session, base, socket_base)
        self.number = number
        self.rng = random.Random(f"{seed}/{number}")
        self.frames = 0  # frames kept
        self.on_frame: Callable[[Member, dict[str, Any]], None] = lambda member, frame: None
        self.on_refused: Callable[[Member, dict[str, Any]], None] = lambda member, message: None

    async def connect(self, table_id: str, *, compress: bool = True, **headers: str) -> None:
        await super().connect(table_id, compress=compress, **headers)
        self.follow()

    def heard(self, said: dict[str, Any]) -> None:
        super().heard(said)
        if said["type"] == "refused":
            self.on_refused(self, said)

    def framed(self, frame: dict[str, Any]) -> None:
        super().framed(frame)
        self.frames += 1
        self.on_frame(self, frame)


def my_move(frame: dict[str, Any]) -> bool:
    """Whether ``frame`` asks its viewer for a play (a hint alone is not one)."""
    return frame["state"] == "playing" and any(a["action"] not in ("hint",) for a in frame["actions"])


def choose(frame: dict[str, Any], rng: random.Random, refused: AbstractSet[str] = frozenset()) -> dict[str, Any] | None:
    """What the member plays from ``frame`` (a move message's fields), None when it offers nothing."""
    actions = [a for a in frame["actions"] if a["action"] != "hint" and a["action"] not in refused]
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        by_kind.setdefault(action["action"], []).append(action)
    for kind in ("mahjong", "back", "call"):
        if kind in by_kind:
            return {"action": kind}
    for kind, share in CLAIMS.items():
        if kind in by_kind and rng.random() < share:
            chosen = rng.choice(by_kind[kind])
            return {"action": kind, "tiles": chosen["tiles"]}
    if "discard" in by_kind:
        faces = [a["tiles"] for a in by_kind["discard"]]
        return {"action": "discard", "tiles": rng.choice(faces)}
    if "pass" in by_kind:
        return {"action": "pass"}
    if "next-hand" in by_kind:
        return {"action": "next-hand"}
    return None


async def seat_table(
    members: list[Member], query: str, *, compress: bool = True, start: bool = True, table_id: str | None = None
) -> str:
    """A table of ``members`` (the first its host) opened with ``/table/new?<query>`` (or the host's
    ``table_id``, opened before), each on its socket, the others joined; started unless ``start`` is
    False. Returns its id."""
    host, others = members[0], members[1:]
    table_id = table_id or await host.open_table(query)
    await asyncio.gather(*(member.visit(table_id) for member in others))
    await asyncio.gather(*(member.connect(table_id, compress=compress) for member in members))
    for member in others:
        await member.move("join")
        await member.wait(lambda frame: frame["viewer"] == "seated")
    if start:
        await host.wait(lambda frame: any(a["action"] == "start" for a in frame["actions"]))
        await host.move("start")
        await asyncio.gather(*(member.wait(lambda frame: frame["state"] != "lobby") for member in members))
    return table_id


# --- the load's players -------------------------------------------------------------------------------


@dataclass
class LiveTable:
    members: list[Member]
    pending: list[Sent] = field(default_factory=list)
    scheduled: set[tuple[int, int]] = field(default_factory=set)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)


@dataclass
class LoadRun:
    measuring: bool = False
    stopping: bool = False
    latencies: list[float] = field(default_factory=list)  # a move → its frame at every socket of its table
    viewers: list[float] = field(default_factory=list)  # a move → its frame at one socket, for each socket
    # the same at each socket on another page process than the mover's (its ``socket_base`` differs): the
    # change heard from the other process, read from the store, and its frame built there
    across: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)  # when each measured move was sent (perf_counter)
    sent: int = 0
    refused: int = 0
    refusals: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    unshown: int = 0
    hands_ended: int = 0


class Players:
    """The members' side of the load: every live table's four members react to their frames."""

    def __init__(self, run: LoadRun, think: tuple[float, float] = (1.0, 4.0), deal: tuple[float, float] = (2.0, 5.0)):
        self.run = run
        self.think = think
        self.deal = deal
        self.tables: list[LiveTable] = []

    def follow(self, table: LiveTable) -> None:
        self.tables.append(table)
        for member in table.members:
            member.on_frame = functools.partial(self.framed, table)
            member.on_refused = functools.partial(self.refused, table)
            self.framed(table, member, member.last)

    def framed(self, table: LiveTable, member: Member, frame: dict[str, Any]) -> None:
        if not frame:
            return
        arrived = now()
        if table.pending:
            for sent in list(table.pending):
                if member.number in sent.seen or frame["version"] <= sent.version or not shows(frame, sent):
                    continue
                sent.seen[member.number] = arrived
                if sent.measured:
                    self.run.viewers.append(arrived - sent.at)
                    if member.socket_base != sent.member.socket_base:
                        self.run.across.append(arrived - sent.at)
                if len(sent.seen) == len(table.members):
                    table.pending.remove(sent)
                    if sent.measured:
                        self.run.latencies.append(max(sent.seen.values()) - sent.at)
                        self.run.sent_at.append(sent.at)
        if self.run.stopping:
            return
        step = frame["step"]
        if my_move(frame):
            key = (step, member.number)
            if key not in table.scheduled:
                table.scheduled.add(key)
                self.later(table, member, step, member.rng.uniform(*self.think), frozenset())
        elif frame["state"] == "hand-over" and {"action": "next-hand"} in frame["actions"]:
            # every member presses Next hand: the next hand waits for them all (SPEC §7.1)
            key = (step, -1 - member.number)
            if key not in table.scheduled:
                table.scheduled.add(key)
                if member is table.members[0]:
                    self.run.hands_ended += 1
                self.later(table, member, step, member.rng.uniform(*self.deal), frozenset())
        if len(table.scheduled) > 64:
            table.scheduled = {key for key in table.scheduled if key[0] >= step - 2}

    def later(self, table: LiveTable, member: Member, step: int, delay: float, refused: frozenset[str]) -> None:
        task = asyncio.create_task(self.play(table, member, step, delay, refused))
        table.tasks.add(task)
        task.add_done_callback(table.tasks.discard)

    async def play(self, table: LiveTable, member: Member, step: int, delay: float, refused: frozenset[str]) -> None:
        await asyncio.sleep(delay)
        frame = member.last
        if self.run.stopping or not frame or frame["step"] != step or member.connection is None:
            return
        if frame["state"] == "hand-over":
            fields: dict[str, Any] | None = {"action": "next-hand"}
        elif my_move(frame):
            fields = choose(frame, member.rng, refused)
        else:
            return
        if fields is None:
            return
        sent = Sent(
            member, step, frame["viewer"], frame["version"], now(), fields["action"], self.run.measuring, refused
        )
        table.pending.append(sent)
        if self.run.measuring:
            self.run.sent += 1
        with contextlib.suppress(ConnectionError, RuntimeError):
            await member.move(step=step, **fields)

    def refused(self, table: LiveTable, member: Member, message: dict[str, Any]) -> None:
        mine = [sent for sent in table.pending if sent.member is member]
        if not mine:
            return
        sent = mine[-1]
        table.pending.remove(sent)
        if sent.measured:
            self.run.refused += 1
            self.run.refusals[message.get("error", "?")] += 1
        frame = member.last
        if not self.run.stopping and frame and frame["step"] == sent.step and my_move(frame):
            again = sent.refused | {sent.action}
            self.later(table, member, sent.step, member.rng.uniform(0.5, 1.0), again)

    def unshown(self) -> int:
        return sum(1 for table in self.tables for sent in table.pending if sent.measured)

    async def stop(self) -> None:
        self.run.stopping = True
        tasks = [task for table in self.tables for task in table.tasks]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def shows(frame: dict[str, Any], sent: Sent) -> bool:
    """Whether ``frame`` shows the move ``sent``: the table moved past its step, or stopped waiting for
    the mover (a claim window's answer)."""
    return frame["step"] > sent.step or frame["state"] != "playing" or sent.wind not in frame["awaited"]


async def sample(pid: int, into: list[tuple[float, float, float]]) -> None:
    """The server's CPU seconds and RSS every second (monotonic time, CPU s, RSS bytes)."""
    while True:
        into.append((time.monotonic(), proc_cpu(pid), proc_rss(pid)))
        await asyncio.sleep(1.0)


def slow_seconds(run: LoadRun, start: float) -> dict[int, int]:
    """How many moves over 100 ms were sent in each second of the window (when the tail happened)."""
    slow: dict[int, int] = defaultdict(int)
    for at, latency in zip(run.sent_at, run.latencies, strict=True):
        if latency > 0.1:
            slow[int(at - start)] += 1
    return dict(sorted(slow.items()))


class LoopLag:
    """How late this process's event loop wakes (what the measured times include)."""

    def __init__(self) -> None:
        self.lags: list[float] = []

    async def watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.05)
            self.lags.append(loop.time() - before - 0.05)


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def now() -> float:
    return time.perf_counter()

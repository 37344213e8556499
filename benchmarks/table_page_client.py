"""What ``benchmarks/table_page.py``'s parts share: the measures of ``mahjong-bot web``'s process (which
``benchmarks/page_server.py`` starts), and page members who play a table over its socket as the page does
(``/work/table-wire.md``), each from its own loopback address (127.1.x.y) with its own cookie, so that the
page's limits per address and per player see them as players on their own machines.

A member reads each frame of its socket; when the frame offers it a move, it moves 1 to 4 s later
(``think``), choosing from the frame alone: Mahjong whenever offered, a kong or a pung half the time, a
chow a quarter of the time, else the discard the frame's hint names (the table's own suggestion, as a
learner would follow it; a random discard where there is none) or a pass. Seeded (``random.Random`` per
member): the same choices for the same frames.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pathlib
import random
import sys
import time
import urllib.parse
from collections.abc import Callable
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


class Member:
    """One page member: a cookie, an address, at most one socket."""

    def __init__(self, base: str, number: int, seed: int | str, socket_base: str | None = None) -> None:
        self.base = base
        self.socket_base = socket_base or base
        self.number = number
        self.rng = random.Random(f"{seed}/{number}")
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(local_addr=(address(number), 0), limit=4),
            cookie_jar=aiohttp.CookieJar(unsafe=True),  # the server is an IP address
        )
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.frame: dict[str, Any] | None = None
        self.frames = 0
        self.payload = 0  # bytes of the text messages received (decompressed)
        self.headers = 0  # what their WebSocket frames' headers add on the wire, uncompressed
        self.refusals: list[dict[str, Any]] = []
        self.on_frame: Callable[[Member, dict[str, Any]], None] = lambda member, frame: None
        self.on_refused: Callable[[Member, dict[str, Any]], None] = lambda member, message: None
        self.changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def open_table(self, query: str) -> str:
        """``POST /table/new`` with the fields of ``query``, as the Start page of ``/table/new?<query>``
        posts them: the new table's id (this member seated as its host)."""
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

    async def connect(self, table_id: str, *, compress: bool = True) -> None:
        """The table's socket, read from now on; its first frame waited for. ``compress``: offer
        permessage-deflate, as browsers do."""
        self.socket = await self.session.ws_connect(
            f"{self.socket_base}/table/{table_id}/socket?lang=en", compress=15 if compress else 0, autoping=True
        )
        self._reader = asyncio.create_task(self._read())
        await self.wait(lambda frame: True)

    async def _read(self) -> None:
        assert self.socket is not None
        async for message in self.socket:
            if message.type is not aiohttp.WSMsgType.TEXT:
                continue
            text = message.data
            size = len(text.encode()) if not text.isascii() else len(text)
            self.payload += size
            self.headers += 2 if size < 126 else 4 if size < 65536 else 10
            data = orjson.loads(text)
            if data.get("type") == "frame":
                if self.frame is not None and data["version"] < self.frame["version"]:
                    continue
                self.frame = data
                self.frames += 1
                self.on_frame(self, data)
                self.changed.set()
            elif data.get("type") == "refused":
                self.refusals.append(data)
                self.on_refused(self, data)

    async def wait(self, condition: Callable[[dict[str, Any]], bool], timeout: float = 60.0) -> dict[str, Any]:
        """The first frame (the current one included) for which ``condition`` holds."""
        async with asyncio.timeout(timeout):
            while self.frame is None or not condition(self.frame):
                self.changed.clear()
                await self.changed.wait()
        assert self.frame is not None
        return self.frame

    async def move(self, action: str, step: int | None = None, **fields: Any) -> None:
        assert self.socket is not None
        message: dict[str, Any] = {"type": "move", "action": action, **fields}
        if step is not None:
            message["step"] = step
        await self.socket.send_str(orjson.dumps(message).decode())

    def offered(self, action: str) -> dict[str, Any] | None:
        return next((a for a in (self.frame or {}).get("actions", ()) if a["action"] == action), None)

    async def close(self) -> None:
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await self.socket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
        await self.session.close()


def my_move(frame: dict[str, Any]) -> bool:
    """Whether ``frame`` asks its viewer for a play (a hint alone is not one)."""
    return frame["state"] == "playing" and any(a["action"] not in ("hint",) for a in frame["actions"])


def choose(frame: dict[str, Any], rng: random.Random, refused: set[str] = frozenset()) -> dict[str, Any] | None:
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

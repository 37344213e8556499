"""Whatever a stranger sends the page's API, it answers below 500, logs no traceback, and a refused request
changes no game (issue 37). Hypothesis draws the bodies of every JSON route (any JSON: deep nesting, huge
and non-finite numbers, lone surrogates, control characters; the routes' own fields with any values; raw
bytes), the query strings of every GET route, and raw bytes in every header the page reads, sent over a
plain socket so that nothing on the way cleans them, to the page served as ``mahjong-bot web`` serves it
(``web.server``), with the Activity on (its session and launch routes included) against the fake
Discord, in an event loop of the module's own."""

from __future__ import annotations

import asyncio
import json
import logging
import pathlib
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.events import Events
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from core.solitaire.state import SLOT_PREFIX
from data.broadcast import MemoryBroadcast
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from tests.bot.e2e_helpers import free_port
from tests.fakediscord import FakeDiscord
from tests.web.test_api import FakeClock
from web.activity import ActivityConfig
from web.app import create_app
from web.identity import COOKIE
from web.limits import Rate, RateLimits
from web.server import serve

ROUTES = ("/api/new", "/api/move", "/api/name", "/api/activity/token", "/api/activity/session")
GET_ROUTES = ("/api/game", "/api/leaderboard", "/api/words", "/api/activity")
FIELDS = ("mode", "seed", "game", "step", "move", "tiles", "name", "code", "access_token", "instance_id")
HEADERS = (
    b"Cookie",
    b"X-Mahjong-Session",
    b"X-Mahjong-Instance",
    b"Origin",
    b"Sec-Fetch-Site",
    b"Accept-Language",
    b"X-Forwarded-For",
    b"X-Forwarded-Proto",
    b"Content-Type",
)
UNLIMITED = Rate(1e9, 1e9)
EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

any_text = st.text(st.characters(exclude_categories=()), max_size=40)  # surrogates and controls included
any_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text | st.sampled_from(FIELDS), inner, max_size=4),
    max_leaves=12,
)
route_shaped = st.dictionaries(st.sampled_from(FIELDS), any_json, max_size=5)
nested = st.integers(min_value=1, max_value=3000).flatmap(
    lambda depth: st.sampled_from(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth])
)
header_value = st.binary(max_size=80).map(lambda raw: raw.replace(b"\r", b"").replace(b"\n", b""))


class Records(logging.Handler):
    """Every record logged at ERROR or above, or with a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.bad: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.bad.append(record)


@dataclass
class Harness:
    loop: asyncio.AbstractEventLoop
    store: SqliteLiveStore
    events: Events
    clock: FakeClock
    port: int
    records: Records
    cookie: str

    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(work)

    async def games(self) -> dict[str, Any]:
        return {key: await self.store.read(key) for key in await self.store.keys(SLOT_PREFIX)}

    async def send(self, method: bytes, target: bytes, headers: list[tuple[bytes, bytes]], body: bytes) -> int:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        head = [method + b" " + target + b" HTTP/1.1", b"Host: " + f"127.0.0.1:{self.port}".encode()]
        head += [name + b": " + value for name, value in headers]
        head += [b"Content-Length: " + str(len(body)).encode(), b"Connection: close"]
        writer.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
        status_line = await reader.readline()
        await reader.read()
        writer.close()
        await self.events.drain()
        return int(status_line.split()[1])

    def check(self, method: bytes, target: bytes, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
        before = self.run(self.games())
        self.clock.now += 0.5
        status = self.run(self.send(method, target, headers, body))
        assert status < 500, (method, target, headers, body)
        assert self.records.bad == [], [record.getMessage() for record in self.records.bad]
        if status >= 400:
            assert self.run(self.games()) == before, (status, target, body)


async def _open_page(folder: pathlib.Path, fake: FakeDiscord) -> tuple[Harness, web.AppRunner, SqliteSolitaireLedger]:
    """The page with the Activity on, served as ``mahjong-bot web`` serves it (``web.server.serve``), and
    a player with a game open, whose cookie some requests carry: what they send must not reach it unless
    it is a move the rules take."""
    store = await SqliteLiveStore.open(folder / "live.sqlite3")
    ledger = await SqliteSolitaireLedger.open(folder / "ledger.sqlite3")
    clock = FakeClock()
    events = Events(MemoryBroadcast())
    service = SolitaireService(store, ledger, clock, events)
    events.subscribe(SolitaireChanged, service.record_ended)
    config = ActivityConfig(fake.client_id, fake.client_secret, fake.token, f"http://{fake.host}:{fake.port}/api/v10")
    limits = RateLimits(player=UNLIMITED, address=UNLIMITED, hint=UNLIMITED, discord=UNLIMITED, new_game=UNLIMITED)
    app = create_app(service, ledger, store, clock, limits=limits, static=folder / "none", activity=config)
    port = free_port()
    runner = await serve(app, "127.0.0.1", port)
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/api/game?mode=free&seed=4") as answer,
    ):
        assert answer.status == 200
        cookie = answer.cookies[COOKIE].value
    harness = Harness(asyncio.get_running_loop(), store, events, clock, port, Records(), cookie)
    return harness, runner, ledger


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    loop = asyncio.new_event_loop()
    fake = FakeDiscord()
    with tempfile.TemporaryDirectory() as folder:
        loop.run_until_complete(fake.__aenter__())
        fake.enable_activities()
        opened, runner, ledger = loop.run_until_complete(_open_page(pathlib.Path(folder), fake))
        logging.getLogger().addHandler(opened.records)
        try:
            yield opened
        finally:
            logging.getLogger().removeHandler(opened.records)
            loop.run_until_complete(runner.cleanup())
            loop.run_until_complete(ledger.close())
            loop.run_until_complete(opened.store.close())
            loop.run_until_complete(fake.__aexit__(None, None, None))
            loop.close()


def _body(value: Any) -> bytes:
    return json.dumps(value).encode()  # \ud800 and NaN as JSON writes them


@EXAMPLES
@given(route=st.sampled_from(ROUTES), value=any_json, with_cookie=st.booleans())
def test_any_json_body(harness: Harness, route: str, value: Any, with_cookie: bool) -> None:
    headers = [(b"Content-Type", b"application/json")]
    if with_cookie:
        headers.append((b"Cookie", f"mj_player={harness.cookie}".encode()))
    harness.check(b"POST", route.encode(), headers, _body(value))


@EXAMPLES
@given(route=st.sampled_from(ROUTES), value=route_shaped)
def test_the_routes_fields_with_any_values(harness: Harness, route: str, value: dict[str, Any]) -> None:
    headers = [(b"Content-Type", b"application/json"), (b"Cookie", f"mj_player={harness.cookie}".encode())]
    harness.check(b"POST", route.encode(), headers, _body(value))


@EXAMPLES
@given(route=st.sampled_from(ROUTES), text=nested | st.binary(max_size=300).map(lambda raw: raw.decode("latin-1")))
def test_deep_nesting_and_raw_bytes(harness: Harness, route: str, text: str) -> None:
    headers = [(b"Content-Type", b"application/json"), (b"Cookie", f"mj_player={harness.cookie}".encode())]
    harness.check(b"POST", route.encode(), headers, text.encode("latin-1", "replace"))


@EXAMPLES
@given(
    route=st.sampled_from(GET_ROUTES),
    query=st.lists(st.tuples(any_text, any_text), max_size=4),
    raw=st.binary(max_size=30),
)
def test_any_query(harness: Harness, route: str, query: list[tuple[str, str]], raw: bytes) -> None:
    from urllib.parse import quote

    parts = [quote(name.encode("utf-8", "surrogatepass")) + "=" + quote(value.encode("utf-8", "surrogatepass"))
             for name, value in query]  # fmt: skip
    target = (route + "?" + "&".join(parts)).encode() + b"&" + quote(raw, safe="").encode()
    harness.check(b"GET", target, [(b"Cookie", f"mj_player={harness.cookie}".encode())], b"")


@EXAMPLES
@given(
    route=st.sampled_from(("/api/game?mode=daily", "/api/move", "/api/leaderboard", "/api/activity/session")),
    headers=st.lists(st.tuples(st.sampled_from(HEADERS), header_value), min_size=1, max_size=4),
)
def test_any_bytes_in_the_headers_the_page_reads(
    harness: Harness, route: str, headers: list[tuple[bytes, bytes]]
) -> None:
    method = b"GET" if route.startswith("/api/game") or route == "/api/leaderboard" else b"POST"
    body = b"" if method == b"GET" else _body({"mode": "free", "game": "abcdefgh", "step": 0, "move": "undo"})
    harness.check(method, route.encode(), headers, body)

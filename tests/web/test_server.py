"""``web.server``: the page served on loopback as ``mahjong-bot web`` and ``run`` serve it, met by a hostile
client on raw sockets. What aiohttp's parser refuses (a bad method, bad characters in one, an 8 KB line
or header, a Content-Length overflow, a malformed line) is answered 400 with a fixed body and the page's
own headers, and logged as one short line a minute at most, never a traceback; no answer names Python or
aiohttp; a head or a body sent too slowly loses its connection. These tests fail if an aiohttp upgrade
closes the way ``web.server`` reaches aiohttp's own refusals."""

from __future__ import annotations

import asyncio
import logging
import pathlib
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
import pytest_asyncio
from aiohttp import web

from core.events import Events
from core.solitaire.events import SolitaireChanged
from core.solitaire.service import SolitaireService
from data.broadcast import MemoryBroadcast
from data.live_sqlite import SqliteLiveStore
from data.solitaire_sqlite import SqliteSolitaireLedger
from web.app import create_app
from web.page import PAGE_POLICY
from web.server import SERVER, RefusalLog, Timeouts, serve

pytestmark = pytest.mark.asyncio

SECURITY_HEADERS = ("x-content-type-options", "content-security-policy", "referrer-policy", "x-frame-options")
QUICK = Timeouts(head=0.5, body=0.5, linger=0.2)
HOSTILE = {
    "a method no one knows": b"FOO / HTTP/1.1\r\nHost: x\r\n\r\n",
    "a method with bad characters": b"G<T / HTTP/1.1\r\nHost: x\r\n\r\n",
    "an 8 KB request line": b"GET /" + b"q" * 8200 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "an 8 KB header": b"GET / HTTP/1.1\r\nHost: x\r\nX-Echo: " + b"q" * 8200 + b"\r\n\r\n",
    "a Content-Length overflow": b"POST /api/new HTTP/1.1\r\nHost: x\r\nContent-Length: " + b"9" * 24 + b"\r\n\r\n",
    "a malformed request line": b"GET\x00/ HTTP/1.1\r\nHost: x\r\n\r\n",
    "a header with a bad character": b"GET / HTTP/1.1\r\nHost: x\r\nX-\x01Echo: 1\r\n\r\n",
}
LOGGED_AT_ERROR = (HOSTILE["an 8 KB request line"], HOSTILE["a Content-Length overflow"], HOSTILE["an 8 KB header"])
"""Refusals aiohttp logs at ERROR with its traceback (a bad method first on its connection, at DEBUG)."""


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Served:
    runner: web.AppRunner
    refusals: RefusalLog
    clock: FakeClock

    @property
    def port(self) -> int:
        return int(self.runner.addresses[0][1])


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    raw: bytes
    seconds: float  # from the request's first byte to the connection's end


@pytest_asyncio.fixture
async def served(tmp_path: pathlib.Path) -> AsyncIterator[Served]:
    store = await SqliteLiveStore.open(tmp_path / "live.sqlite3")
    ledger = await SqliteSolitaireLedger.open(tmp_path / "ledger.sqlite3")
    events = Events(MemoryBroadcast())
    service = SolitaireService(store, ledger, time.time, events)
    events.subscribe(SolitaireChanged, service.record_ended)
    clock = FakeClock()
    refusals = RefusalLog(60.0, clock)
    app = create_app(service, ledger, store, time.time, static=tmp_path / "none")
    runner = await serve(app, "127.0.0.1", 0, timeouts=QUICK, refusals=refusals)
    try:
        yield Served(runner, refusals, clock)
    finally:
        await runner.cleanup()
        await events.drain()
        await ledger.close()
        await store.close()


def parse(raw: bytes, seconds: float) -> Answer:
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return Answer(int(status_line.split()[1]), headers, body, raw, seconds)


async def exchange(port: int, *parts: bytes, pause: float = 0.0) -> Answer:
    """Send ``parts`` (``pause`` seconds apart) while the server listens, then read until it closes the
    connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    started = time.monotonic()
    try:
        try:
            for part in parts:
                if reader.at_eof():  # closed by the server: a write now would meet a reset
                    break
                writer.write(part)
                await writer.drain()
                await asyncio.sleep(pause)
            raw = await asyncio.wait_for(reader.read(), 10)
        except ConnectionResetError:  # closed by the server between that look and the write: nothing read
            raw = b""
    finally:
        writer.close()
    return parse(raw, time.monotonic() - started) if raw else Answer(0, {}, b"", b"", time.monotonic() - started)


async def test_a_normal_answer_says_mahjong_bot_and_no_version(served: Served) -> None:
    health = await exchange(served.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    missing = await exchange(served.port, b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert (health.status, health.body, missing.status) == (200, b"ok", 404)
    for answer in (health, missing):
        assert answer.headers["server"] == SERVER
        assert b"Python" not in answer.raw and b"aiohttp" not in answer.raw


@pytest.mark.parametrize("request_bytes", HOSTILE.values(), ids=HOSTILE.keys())
async def test_what_the_parser_refuses_is_a_fixed_400_with_the_pages_headers_and_no_traceback(
    served: Served, request_bytes: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    page = await exchange(served.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    refused = await exchange(served.port, request_bytes)
    assert (refused.status, refused.body) == (400, b"400 Bad Request\n")
    assert refused.headers["content-length"] == str(len(refused.body))
    assert {name: refused.headers.get(name) for name in SECURITY_HEADERS} == {
        name: page.headers[name] for name in SECURITY_HEADERS
    }
    assert refused.headers["x-content-type-options"] == "nosniff"
    assert refused.headers["content-security-policy"].startswith(PAGE_POLICY)
    assert refused.headers["server"] == SERVER
    for echoed in (b"Python", b"aiohttp", b"b'", b"qqqq", b"FOO", b"G<T", b"Echo", b"99999"):
        assert echoed not in refused.raw
    assert not [record for record in caplog.records if record.exc_info]
    assert "Traceback" not in caplog.text and "Error handling request" not in caplog.text
    said = [record for record in caplog.records if record.name == "web.server"]
    assert len(said) <= 1 and all("\n" not in record.getMessage() for record in said)


async def test_refusals_are_said_in_one_line_a_minute_with_the_count_of_the_others(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    for request_bytes in LOGGED_AT_ERROR * 3:
        assert (await exchange(served.port, request_bytes)).status == 400
    said = [record for record in caplog.records if record.name == "web.server"]
    assert [(record.levelname, record.getMessage()) for record in said] == [
        ("INFO", "refused a malformed request from 127.0.0.1 (LineTooLong)")
    ]
    served.clock.now += 59.0
    await exchange(served.port, HOSTILE["an 8 KB header"])
    assert len([record for record in caplog.records if record.name == "web.server"]) == 1
    served.clock.now += 1.0
    await exchange(served.port, HOSTILE["a Content-Length overflow"])
    said = [record for record in caplog.records if record.name == "web.server"]
    assert said[-1].getMessage() == (
        "refused a malformed request from 127.0.0.1 (BadHttpMessage); 9 more since the last such line"
    )
    assert not [record for record in caplog.records if record.exc_info]


async def test_a_handlers_failure_keeps_its_traceback() -> None:
    refusals = RefusalLog(60.0, FakeClock())
    try:
        raise ValueError("a bug")
    except ValueError as error:
        record = logging.LogRecord("web.server", logging.ERROR, __file__, 1, "failed", (), (ValueError, error, None))
    assert refusals.filter(record) and record.exc_info is not None and record.levelno == logging.ERROR


async def test_a_head_sent_a_byte_at_a_time_loses_its_connection_after_the_head_timeout(served: Served) -> None:
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 40
    answer = await exchange(served.port, *(head[i : i + 1] for i in range(len(head))), pause=0.05)
    assert answer.raw == b""  # closed, nothing answered
    assert QUICK.head - 0.1 < answer.seconds < QUICK.head + 1.5


async def test_an_idle_connection_is_closed_after_the_head_timeout(served: Served) -> None:
    answer = await exchange(served.port)
    assert answer.raw == b"" and QUICK.head - 0.1 < answer.seconds < QUICK.head + 1.0


async def test_a_body_that_never_ends_is_408_and_its_connection_closed(
    served: Served, caplog: pytest.LogCaptureFixture
) -> None:
    head = b"POST /api/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n"
    answer = await exchange(served.port, head, b'{"mode"', b": ", b'"fr', pause=0.1)
    assert (answer.status, answer.body) == (408, b"408 Request Timeout\n")
    assert answer.headers["connection"] == "close" and answer.headers["server"] == SERVER
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert QUICK.body < answer.seconds < QUICK.body + QUICK.linger + 1.5
    assert "Traceback" not in caplog.text


async def test_a_request_sent_in_time_is_served_with_its_body(served: Served) -> None:
    body = b'{"mode":"free","seed":4}'
    head = b"POST /api/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
    answer = await exchange(served.port, head + b"Content-Length: %d\r\n\r\n" % len(body), body[:10], body[10:])
    assert answer.status == 200 and b'"seed":4' in answer.body and answer.headers["server"] == SERVER


async def test_the_refusal_filter_lives_as_long_as_the_server(tmp_path: pathlib.Path) -> None:
    logger = logging.getLogger("web.server")
    refusals = RefusalLog()
    runner = await serve(web.Application(), "127.0.0.1", 0, refusals=refusals)
    assert refusals in logger.filters
    await runner.cleanup()
    assert refusals not in logger.filters
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        with pytest.raises(OSError):
            await serve(web.Application(), "127.0.0.1", holder.getsockname()[1], refusals=refusals)
    assert refusals not in logger.filters

"""The page's application served on a host and port, closed to what aiohttp leaves open to a hostile
client (docs/web.md, "Slow and malformed requests"); ``mahjong-bot web`` and ``mahjong-bot run`` serve
the page through ``serve``.

- A request aiohttp's parser refuses (a bad method, an 8 KB line, a Content-Length overflow, garbage)
  reaches none of the application's handlers, middlewares or ``on_response_prepare``: aiohttp answers it
  itself, echoing the client's bytes, and logs it at ERROR with a traceback. Here it is answered with a
  fixed body and the application's own headers, and logged as one short line at most once a minute.
- No answer names Python's or aiohttp's version: the ``Server`` header is ``mahjong-bot``.
- A client that sends its request slowly is cut off: its head within ``Timeouts.head`` of the
  connection or of the last answer, its body within ``Timeouts.body``.

aiohttp has no supported hook for its own refusals (aio-libs/aiohttp#3287, #6463): the one way in is the
request its protocol builds for them, through the low-level server's ``request_factory``. That takes two
of aiohttp's private names, the fixed message its protocol hands the factory for a refusal
(``web_protocol.ERROR``) and the request's ``_prepare_hook``, overridden in a subclass of a few lines;
``tests/web/test_server.py`` fails if an aiohttp upgrade changes either.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from http import HTTPStatus

from aiohttp import hdrs, web
from aiohttp.abc import AbstractStreamWriter
from aiohttp.http import HttpProcessingError, RawRequestMessage
from aiohttp.streams import StreamReader
from aiohttp.typedefs import Middleware
from aiohttp.web_protocol import ERROR as PARSER_REFUSAL

log = logging.getLogger(__name__)

SERVER = "mahjong-bot"
"""Every answer's ``Server`` header, in place of aiohttp's ``Python/3.x aiohttp/x.y``."""
REFUSALS_EVERY = 60.0
"""At most one line a minute says that requests were refused, with how many were not said."""


@dataclass(frozen=True, slots=True)
class Timeouts:
    """How long a client has to send its request, in seconds.

    ``head``: the request line and headers, from the connection's opening or the last answer on it
    (aiohttp's keep-alive timer, which closes a connection whose next request has not been read
    whole). A browser sends its head in one packet; 10 s leaves a slow mobile link room.
    ``body``: the body, from the moment the head was read; no route takes more than 4 KB
    (``web.app.BODY_LIMIT``), a second's sending on the slowest link. Past it the answer is 408 and the
    connection is closed.
    ``linger``: after an answer to a request whose body was not read (a refusal), what is left of
    the body is read and dropped this long, so the client reads the answer rather than a reset; then
    the connection is closed.
    """

    head: float = 10.0
    body: float = 10.0
    linger: float = 1.0


class RefusalLog(logging.Filter):
    """aiohttp's record of a request its parser refused (an ERROR with a traceback, one per request, the
    client's bytes in the message) made one short line at INFO, at most one every ``every`` seconds,
    saying how many were left unsaid since the last. Other records pass as they are: a handler's
    failure keeps its traceback."""

    def __init__(self, every: float = REFUSALS_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._every = every
        self._clock = clock
        self._next = -math.inf
        self._unsaid = 0

    def filter(self, record: logging.LogRecord) -> bool:
        refusal = record.exc_info[1] if record.exc_info else None
        if not isinstance(refusal, HttpProcessingError):
            return True
        level = min(record.levelno, logging.INFO)  # aiohttp logs some at DEBUG: they stay there
        if not logging.getLogger(record.name).isEnabledFor(level):
            return False
        now = self._clock()
        if now < self._next:
            self._unsaid += 1
            return False
        self._next = now + self._every
        # aiohttp's own arguments are the client's address; its message and the exception's (which
        # quote the client's bytes) are left out
        address = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        record.msg = "refused a malformed request from %s (%s)"
        record.args = (address, type(refusal).__name__)
        if self._unsaid:
            record.msg += "; %d more since the last such line"
            record.args += (self._unsaid,)
        self._unsaid = 0
        record.levelno, record.levelname = level, logging.getLevelName(level)
        record.exc_info = record.exc_text = None
        return True


class _Refused(web.Request):
    """The request aiohttp makes up for one its parser refused. aiohttp prepares its answer without the
    application's ``on_response_prepare`` (the request matched no route): this sends it, after putting
    a fixed body in place of the one that echoes the client's bytes."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        if isinstance(response, web.Response):
            # aiohttp calls this with the head made and not yet sent, the body's length counted in it
            # and in the writer: all three are put right together
            status = HTTPStatus(response.status)
            body = f"{status.value} {status.phrase}\n".encode()
            response.body = body
            response.headers[hdrs.CONTENT_LENGTH] = str(len(body))
            self.writer.length = len(body)
        await self[_APP].on_response_prepare.send(self, response)


_APP = web.RequestKey("app", web.Application)


async def _name_the_server(_: web.Request, response: web.StreamResponse) -> None:
    response.headers[hdrs.SERVER] = SERVER


_Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _body_within(seconds: float) -> Middleware:
    """A middleware that reads the body (at most the application's ``client_max_size``) before the
    route does, within ``seconds``; the route then reads it from memory."""

    @web.middleware
    async def read_body(request: web.Request, handler: _Handler) -> web.StreamResponse:
        if request.body_exists:
            try:
                async with asyncio.timeout(seconds):
                    await request.read()
            except TimeoutError:
                late = web.Response(status=HTTPStatus.REQUEST_TIMEOUT, text="408 Request Timeout\n")
                late.force_close()
                return late
        return await handler(request)

    return read_body


async def serve(
    app: web.Application,
    host: str,
    port: int,
    *,
    timeouts: Timeouts = Timeouts(),
    refusals: RefusalLog | None = None,
) -> web.AppRunner:
    """Serve ``app`` on ``host``:``port`` as the module says; the runner, which ``cleanup()`` stops.
    ``refusals``: the filter that says refused requests (one a minute by default). ``OSError`` when the
    address cannot be served, the application cleaned up again."""
    refusal_log = refusals or RefusalLog()

    async def say_refusals(_: web.Application) -> AsyncIterator[None]:
        log.addFilter(refusal_log)
        yield
        log.removeFilter(refusal_log)

    app.cleanup_ctx.append(say_refusals)
    app.on_response_prepare.append(_name_the_server)
    app.middlewares.append(_body_within(timeouts.body))
    runner = web.AppRunner(
        app,
        access_log=None,
        logger=log,
        keepalive_timeout=timeouts.head,
        lingering_time=timeouts.linger,
    )
    try:
        await runner.setup()
        assert runner.server is not None  # set up
        runner.server.request_factory = _answering_refusals(runner.server.request_factory, app)
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner


_Factory = Callable[
    [RawRequestMessage, StreamReader, web.RequestHandler, AbstractStreamWriter, "asyncio.Task[None]"],
    web.BaseRequest,
]


def _answering_refusals(make_request: _Factory, app: web.Application) -> _Factory:
    """The server's request factory, making the request of a refusal a ``_Refused``: aiohttp's protocol
    hands its factory one fixed message for every request its parser refused."""

    def request_for(
        message: RawRequestMessage,
        payload: StreamReader,
        protocol: web.RequestHandler,
        writer: AbstractStreamWriter,
        task: asyncio.Task[None],
    ) -> web.BaseRequest:
        if message is not PARSER_REFUSAL:
            return make_request(message, payload, protocol, writer, task)
        return _Refused(message, payload, protocol, writer, task, asyncio.get_running_loop(), state={_APP: app})

    return request_for

"""A reverse proxy in front of several page processes, as nginx or Caddy stands in front of them
(docs/web.md): one address for every browser, each connection handed whole to one process. It works on
TCP, so a WebSocket's frames pass unread, as nginx and Caddy tunnel them once the handshake is through.

Connections are shared out in turn, table sockets in a turn of their own (a socket handshake's path ends in
``/socket``), so a test knows that the first socket reaches the first process and the second the second:
a table's players on two processes. A process that refuses the connection (killed) is skipped for the
next, as ``proxy_next_upstream`` does, so a page that reconnects reaches one still running. ``sockets``
says where each socket handshake went."""

from __future__ import annotations

import asyncio
import contextlib
import itertools


class FrontProxy:
    def __init__(self, backends: list[int]) -> None:
        self.backends = backends
        self.sockets: list[tuple[str, int]] = []  # (path, backend port) of each socket handshake passed on
        self._turns = {True: itertools.count(), False: itertools.count()}
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        """Listening on a loopback port of its own, which it returns."""
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port: int = self._server.sockets[0].getsockname()[1]
        return port

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for pipe in list(self._pipes):
            pipe.cancel()
        await asyncio.gather(*self._pipes, return_exceptions=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._pipes.add(task)
        try:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                return
            path = head.split(b" ", 2)[1].decode("latin-1") if head.count(b" ") >= 2 else ""
            socket = path.split("?", 1)[0].endswith("/socket")
            first = next(self._turns[socket])
            for offset in range(len(self.backends)):
                port = self.backends[(first + offset) % len(self.backends)]
                try:
                    upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", port)
                except OSError:
                    continue
                break
            else:
                return  # no process answers: the browser sees the connection closed
            if socket:
                self.sockets.append((path, port))
            upstream_writer.write(head)
            await asyncio.gather(_pipe(reader, upstream_writer), _pipe(upstream_reader, writer))
        finally:
            with contextlib.suppress(Exception):
                writer.close()
            self._pipes.discard(task)


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    """Bytes from ``source`` to ``sink`` until either end closes (a killed process resets its connections)."""
    try:
        while chunk := await source.read(65536):
            sink.write(chunk)
            await sink.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(Exception):
            sink.close()

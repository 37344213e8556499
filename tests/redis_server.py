"""A redis-server process of a test's own, on a port of its own, so that what the test kills, restarts or
lets several processes share touches no other test's keys nor channels (Redis's pub/sub channels are the
server's, whatever the database number)."""

from __future__ import annotations

import asyncio
import pathlib
import signal
import subprocess


class RedisServer:
    """A redis-server process with an append-only file synced on every write, in ``directory``."""

    def __init__(self, directory: pathlib.Path, port: int) -> None:
        self.directory, self.port = directory, port
        self.process: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.directory),
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while loop.time() < end:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return
            except OSError:
                await asyncio.sleep(0.05)
        raise AssertionError("redis-server did not start")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Ended, if it runs (a test's ``finally``)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

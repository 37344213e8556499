"""``mahjong-bot web`` in a process of its own, as the benchmarks that measure the page start it: on the
stores they name and a port of their own, answering ``/healthz`` once ``start_page`` returns, stopped by
SIGTERM as a container is.

The process runs this tree's code: ``benchmarks/beside.py`` copies this module beside a script into an
earlier revision's worktree, whose command line may still be ``bot.cli`` (before issue 47 moved it to
``cli``)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pathlib
import socket
import sys
import time
from collections.abc import Mapping

import aiohttp

ROOT = pathlib.Path(__file__).resolve().parent.parent

CALLERS_OWN = ("REDIS_URL", "DATABASE_URL", "DATABASE_PATH", "DISCORD_TOKEN", "WEB_HOST", "WEB_PORT")
"""What the page never takes from the benchmark's own environment: its stores and address are the caller's
to name."""

PATIENCE = 60.0
"""Seconds a page has to answer after its start: a start on a host busy with a benchmark is slow."""


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def page_command() -> list[str]:
    """``mahjong-bot web`` with this tree's command line, in this environment's interpreter."""
    package = "cli" if (ROOT / "cli" / "__init__.py").exists() else "bot.cli"
    return [sys.executable, "-c", f"import sys; from {package} import console; sys.exit(console())", "web"]


async def start_page(folder: pathlib.Path, port: int, settings: Mapping[str, str]) -> asyncio.subprocess.Process:
    """``mahjong-bot web`` on ``port`` with ``settings`` (its stores: ``DATABASE_PATH``, ``REDIS_URL``, …),
    answering once this returns. It runs in ``folder``, so no ``.env`` of the caller's is read, and logs to
    ``folder/page.log``."""
    environment = {key: value for key, value in os.environ.items() if key not in CALLERS_OWN}
    environment.update(PYTHONPATH=str(ROOT), WEB_PORT=str(port))
    environment.update(settings)
    log = folder / "page.log"
    with log.open("wb") as output:
        page = await asyncio.create_subprocess_exec(
            *page_command(), cwd=folder, env=environment, stdout=output, stderr=output
        )
    deadline = time.monotonic() + PATIENCE
    async with aiohttp.ClientSession() as session:
        while page.returncode is None and time.monotonic() < deadline:
            with contextlib.suppress(aiohttp.ClientError):
                async with session.get(f"http://127.0.0.1:{port}/healthz") as answer:
                    if answer.status == 200:
                        return page
            await asyncio.sleep(0.01)  # fine enough for benchmarks/web_start.py, which times the start
    await stop_page(page)
    said = log.read_text(errors="replace").strip().splitlines()[-5:]
    raise RuntimeError(f"mahjong-bot web did not answer on port {port}, its log ending:\n" + "\n".join(said))


async def stop_page(page: asyncio.subprocess.Process) -> None:
    """SIGTERM, as a container is stopped, and the process waited for; killed if it takes over 30 s."""
    if page.returncode is not None:
        return
    page.terminate()
    try:
        await asyncio.wait_for(page.wait(), 30)
    except TimeoutError:
        page.kill()
        await page.wait()

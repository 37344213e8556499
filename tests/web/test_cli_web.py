"""``mahjong-bot web``'s settings said in one line with status 2: a ``WEB_PORT`` that is no port, and a
port another program holds (the stores it opened are closed again)."""

from __future__ import annotations

import pathlib
import socket
import subprocess
import sys

import pytest

from bot.cli import main
from tests.bot.e2e_helpers import free_port


def test_a_web_port_that_is_no_port_is_said_with_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WEB_PORT", "eighty")
    assert main(["web"]) == 2
    assert "WEB_PORT is a port number from 1 to 65535, not 'eighty'" in capsys.readouterr().err
    assert not (tmp_path / "mahjong-bot.sqlite3").exists()  # refused before any store is opened


def test_a_port_in_use_is_said_with_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "REDIS_URL", "DATABASE_URL", "WEB_PORT", "WEB_HOST"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "web.sqlite3"))
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        assert main(["web", "--port", str(port)]) == 2
    error = capsys.readouterr().err
    assert f"WEB_PORT {port} on 127.0.0.1 cannot be served" in error and "Traceback" not in error


_PAGE_ALONE = """
import asyncio, sys
from bot.cli.logs import setup_logging
from bot.cli.web import serve_web
from core.settings import Settings

async def serve_a_moment() -> None:
    settings = Settings(token="", database_path=sys.argv[1])
    task = asyncio.create_task(serve_web(settings, "127.0.0.1", int(sys.argv[2])))
    for _ in range(200):
        await asyncio.sleep(0.05)
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", int(sys.argv[2]))
        except OSError:
            continue
        writer.close()
        break
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)

setup_logging(20)
asyncio.run(serve_a_moment())
print(" ".join(sorted({name.split(".")[0] for name in sys.modules} & {"discord", "PIL"})) or "none")
"""


def test_the_page_alone_loads_neither_discord_nor_pillow(tmp_path: pathlib.Path) -> None:
    port = free_port()
    done = subprocess.run(
        [sys.executable, "-c", _PAGE_ALONE, str(tmp_path / "web.sqlite3"), str(port)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "the solitaire and table pages are on" in done.stderr  # it did serve
    assert done.stdout.split() == ["none"]

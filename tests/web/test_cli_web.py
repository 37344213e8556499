"""``mahjong-bot web``'s settings said in one line with status 2: a ``WEB_PORT`` that is no port, and a
port another program holds (the stores it opened are closed again); and the page alone loads neither
discord.py, Pillow nor anything of the Discord surface (``bot/``)."""

from __future__ import annotations

import os
import pathlib
import socket
import subprocess
import sys

import pytest

from cli import main
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


_STORES_AND_ADDRESS = ("REDIS_URL", "DATABASE_URL", "WEB_HOST", "WEB_PORT")
"""What the page alone must not take from the test's environment: it serves on its embedded SQLite file, here."""

_PAGE_ALONE = """
import os, signal, socket, sys, threading, time
from cli import main

def stop_once_served(port: int) -> None:
    # SIGTERM, as a container is stopped, once the page answers: the command ends as it always does
    for _ in range(400):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            time.sleep(0.05)
            continue
        break
    os.kill(os.getpid(), signal.SIGTERM)

threading.Thread(target=stop_once_served, args=(int(sys.argv[1]),), daemon=True).start()
status = main(["web", "--port", sys.argv[1]])
print(status, " ".join(sorted({name.split(".")[0] for name in sys.modules} & {"discord", "PIL", "bot"})) or "none")
"""


def test_the_page_alone_loads_neither_discord_nor_pillow_nor_the_discord_surface(tmp_path: pathlib.Path) -> None:
    """``mahjong-bot web`` itself, from its arguments to its stop: what it imported on the way."""
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name not in _STORES_AND_ADDRESS}
    done = subprocess.run(
        [sys.executable, "-c", _PAGE_ALONE, str(port)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=tmp_path,
        env={**env, "DATABASE_PATH": str(tmp_path / "web.sqlite3")},
    )
    assert "the solitaire and table pages are on" in done.stderr  # it did serve
    assert done.stdout.split() == ["0", "none"]

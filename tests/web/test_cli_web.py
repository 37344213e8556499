"""``mahjong-bot web``'s settings said in one line with status 2: a ``WEB_PORT`` that is no port, and a
port another program holds (the stores it opened are closed again)."""

from __future__ import annotations

import pathlib
import socket

import pytest

from bot.cli import main


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

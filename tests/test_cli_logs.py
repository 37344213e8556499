"""The log of ``mahjong-bot run`` and ``mahjong-bot web`` (``cli.logs``): one format for both, colour
codes on a terminal only (a file in a Docker container gets none), no warning about voice, which the bot
does not have, and each command's own lines signed by its own logger."""

from __future__ import annotations

import asyncio
import logging
import os
import pathlib
import re
from collections.abc import Coroutine
from typing import Any

import discord
import pytest
from discord.voice_client import VoiceClient

import cli.run
from cli import main
from cli.logs import setup_logging
from cli.run import run_until_stopped
from cli.web import serve_web
from core.settings import Settings
from tests.bot.e2e_helpers import free_port

PLAIN_LINE = re.compile(r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] \[WARNING \] bot\.test: a line")


def test_a_log_file_gets_no_colour_codes_even_in_a_container(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.utils, "is_docker", lambda: True)  # discord.py colours any stream in one
    path = tmp_path / "bot.log"
    with path.open("w") as stream:
        setup_logging(logging.INFO, stream)
        logging.getLogger("bot.test").warning("a line")
    text = path.read_text()
    assert "\x1b" not in text
    assert PLAIN_LINE.fullmatch(text.rstrip("\n"))


def test_a_terminal_gets_colour() -> None:
    leader, follower = os.openpty()
    with os.fdopen(follower, "w") as terminal, os.fdopen(leader, "rb", buffering=0) as screen:
        setup_logging(logging.INFO, terminal)
        logging.getLogger("bot.test").warning("a line")
        shown = screen.read(4096)
    assert b"\x1b[" in shown and b"a line" in shown


def test_the_voice_warnings_are_not_said_and_the_clients_other_warnings_are(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)  # as at a process's first client without PyNaCl
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    path = tmp_path / "bot.log"
    with path.open("w") as stream:
        setup_logging(logging.INFO, stream)
        discord.Client(intents=discord.Intents.default())
        logging.getLogger("discord.client").warning("another warning")
    text = path.read_text()
    assert not VoiceClient.warn_nacl and not VoiceClient.warn_dave  # the client did warn
    assert "voice" not in text and "PyNaCl" not in text and "davey" not in text
    assert "discord.client: another warning" in text


def test_run_and_web_log_in_one_format_and_say_their_stop_with_their_own_logger(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("REDIS_URL", "DATABASE_URL", "WEB_PORT", "WEB_HOST", "METRICS_PORT", "PUBLIC_URL", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "a token")
    handlers: dict[str, logging.Handler] = {}

    def started(work: Coroutine[Any, Any, None], log: logging.Logger) -> int:
        work.close()  # the command's coroutine, not run here
        handlers[log.name] = logging.getLogger().handlers[-1]
        return 0

    monkeypatch.setattr(cli.run, "run_until_stopped", started)
    assert main(["run"]) == 0 and main(["web"]) == 0
    assert set(handlers) == {"cli.run", "cli.web"}
    record = logging.LogRecord("bot.test", logging.WARNING, __file__, 1, "a line", (), None)
    run_line, web_line = handlers["cli.run"].format(record), handlers["cli.web"].format(record)
    assert run_line == web_line and PLAIN_LINE.fullmatch(web_line)


def test_the_stop_is_said_by_the_logger_it_is_given(caplog: pytest.LogCaptureFixture) -> None:
    async def work() -> None:
        return None

    caplog.set_level(logging.INFO)
    assert run_until_stopped(work(), logging.getLogger("cli.web")) == 0
    assert [(record.name, record.getMessage()) for record in caplog.records] == [("cli.web", "stopped")]


@pytest.mark.asyncio
async def test_web_says_its_start_with_its_own_logger(tmp_path: pathlib.Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    settings = Settings.from_env({"DATABASE_PATH": str(tmp_path / "web.sqlite3")}, env_file=None, need_token=False)
    port = free_port()
    serving = asyncio.create_task(serve_web(settings, "127.0.0.1", port))
    try:
        for _ in range(200):
            if f"http://127.0.0.1:{port}/" in caplog.text or serving.done():
                break
            await asyncio.sleep(0.05)
    finally:
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)
    said = [record.name for record in caplog.records if f"http://127.0.0.1:{port}/" in record.getMessage()]
    assert said == ["cli.web"]

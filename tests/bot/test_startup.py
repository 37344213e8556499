"""A start that checks before it connects: settings read strictly, the stores opened and checked first,
each failure one line naming the setting, with its own exit status; a store that does not answer is
tried again with growing waits, one log line per attempt."""

from __future__ import annotations

import logging
import os

import pytest

from cli import main
from core.settings import Settings
from core.stores import CONFIGURATION, STORE, StartFailure, open_stores, redacted, stores_in_use, waits
from data.live import LiveStore, StoreUnavailable

CLOSED_PORT_URL = "redis://127.0.0.1:1/0"


def test_a_dot_env_file_may_comment_after_a_value_and_quote_a_hash(tmp_path):
    env = tmp_path / ".env"
    env.write_text(
        "DISCORD_TOKEN=abc  # the bot's password\n"
        "LOG_LEVEL=info  # default\n"
        'MAHJONG_DAILY_SECRET="s3cret # not a comment"  # but this is\n'
        "export DATABASE_PATH='ledger.db'\n"
        "DISCORD_GUILD_ID=123#\n",  # a # with no space before it is the value's (here: a wrong id)
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="DISCORD_GUILD_ID is a server id \\(digits\\), not '123#'"):
        Settings.from_env({}, env_file=str(env))
    settings = Settings.from_env({"DISCORD_GUILD_ID": "123"}, env_file=str(env))
    assert (settings.token, settings.log_level, settings.daily_secret, settings.database_path) == (
        "abc",
        "INFO",
        "s3cret # not a comment",
        "ledger.db",
    )


@pytest.mark.parametrize(
    ("line", "number"),
    [("just some words", 2), ("DISCORD_TOKEN='unclosed", 2), ("9LIVES=yes", 2), ('X="a" trailing', 2)],
)
def test_a_dot_env_line_that_is_not_a_setting_is_refused_with_its_number(tmp_path, line, number):
    env = tmp_path / ".env"
    env.write_text(f"# settings\n{line}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"line {number} of .*\.env is not NAME=value"):
        Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=str(env))


@pytest.mark.parametrize("url", ["localhost:6379", "redis://", "http://localhost:6379", "unix://"])
def test_a_redis_url_without_its_scheme_or_host_is_refused(url):
    with pytest.raises(ValueError, match="REDIS_URL is a URL like redis://localhost:6379/0"):
        Settings.from_env({"DISCORD_TOKEN": "t", "REDIS_URL": url}, env_file=None)
    for good in ("redis://localhost:6379/0", "rediss://user:pw@cache.example:6380/1", "unix:///run/redis.sock"):
        assert Settings.from_env({"DISCORD_TOKEN": "t", "REDIS_URL": good}, env_file=None).redis_url == good


def test_run_with_a_wrong_setting_exits_2_with_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for name in ("REDIS_URL", "DATABASE_PATH", "LOG_LEVEL", "START_PATIENCE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    (tmp_path / ".env").write_text("LOG_LEVEL=INFO  # default\nREDIS_URL=localhost:6379\n", encoding="utf-8")
    assert main(["run"]) == CONFIGURATION
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "REDIS_URL" in error and "Traceback" not in error
    for bad in ("-1", "soon", "3601"):
        with pytest.raises(ValueError, match="START_PATIENCE"):
            Settings.from_env({"DISCORD_TOKEN": "t", "START_PATIENCE": bad}, env_file=None)


def test_the_waits_grow_to_thirty_seconds_within_the_patience():
    assert list(waits(120)) == [1, 2, 4, 8, 16, 30, 30]
    assert sum(waits(120)) <= 120 and list(waits(0)) == [] and list(waits(3)) == [1, 2]


def test_the_log_names_the_stores_without_a_password(tmp_path):
    path = tmp_path / "bot.sqlite3"
    embedded = Settings(token="t", database_path=str(path))
    assert stores_in_use(embedded) == f"live state and ledgers in the SQLite file {path}"
    shared = Settings(token="t", database_path=str(path), redis_url="redis://bot:hunter2@redis:6379/0")
    assert "Redis at redis://bot:***@redis:6379/0" in stores_in_use(shared) and "hunter2" not in stores_in_use(shared)
    assert redacted("redis://redis:6379/0") == "redis://redis:6379/0"


@pytest.mark.asyncio
async def test_a_database_path_in_a_missing_folder_or_a_folder_is_a_setting_to_correct(tmp_path):
    for path, said in (
        (tmp_path / "no-such-folder" / "bot.sqlite3", "does not exist; create it"),
        (tmp_path, "is a folder"),
    ):
        with pytest.raises(StartFailure) as failure:
            await open_stores(Settings(token="t", database_path=str(path)))
        assert failure.value.status == CONFIGURATION and str(failure.value).startswith("DATABASE_PATH")
        assert said in str(failure.value) and "backup" not in str(failure.value)
    assert not (tmp_path / "no-such-folder").exists()


@pytest.mark.asyncio
async def test_a_damaged_database_file_is_left_as_it_is_and_said_to_restore(tmp_path):
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(b"someone's precious file " * 100)
    with pytest.raises(StartFailure) as failure:
        await open_stores(Settings(token="t", database_path=str(path)))
    assert failure.value.status == CONFIGURATION and "restore this one from a backup" in str(failure.value)
    assert path.read_bytes() == b"someone's precious file " * 100


@pytest.mark.skipif(os.getuid() == 0, reason="root may write any file")
@pytest.mark.asyncio
async def test_a_database_file_this_user_may_not_write_is_a_store_that_cannot_be_reached(tmp_path):
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(b"")
    path.chmod(0o400)
    with pytest.raises(StartFailure) as failure:
        await open_stores(Settings(token="t", database_path=str(path)))
    assert failure.value.status == STORE and "may not write" in str(failure.value)


@pytest.mark.asyncio
async def test_a_store_that_does_not_answer_is_said_with_the_time_that_passed(tmp_path, monkeypatch):
    now = [1000.0]  # moved by the waits and by each attempt's own 0.5 s, as a connect timeout would

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    async def unanswered(redis_url: str | None, database_path: str) -> LiveStore:
        now[0] += 0.5
        raise StoreUnavailable("connection refused")

    monkeypatch.setattr("core.stores.open_live_store", unanswered)
    settings = Settings(token="t", database_path=str(tmp_path / "bot.sqlite3"), redis_url="redis://cache:6379/0")
    settings = Settings(**{**{f: getattr(settings, f) for f in settings.__slots__}, "start_patience": 10.0})
    with pytest.raises(StartFailure) as failure:
        await open_stores(settings, sleep=sleep, clock=lambda: now[0])
    assert failure.value.status == STORE
    # four attempts of 0.5 s and the waits of 1, 2 and 4 s: 9 s, not the patience of 10
    assert str(failure.value).startswith("REDIS_URL: Redis at redis://cache:6379/0 did not answer in 9 s (connection")


@pytest.mark.redis
@pytest.mark.asyncio
async def test_redis_that_does_not_answer_is_tried_again_then_said_with_status_3(tmp_path, caplog):
    slept: list[float] = []
    now = [1000.0]  # a clock that moves only as the start sleeps

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    settings = Settings(token="t", database_path=str(tmp_path / "bot.sqlite3"), redis_url=CLOSED_PORT_URL)
    settings = Settings(**{**{f: getattr(settings, f) for f in settings.__slots__}, "start_patience": 10.0})
    with caplog.at_level(logging.WARNING, logger="core.stores"), pytest.raises(StartFailure) as failure:
        await open_stores(settings, sleep=sleep, clock=lambda: now[0])
    assert failure.value.status == STORE
    # the 7 s that passed, not the patience of 10 (the next wait, 8 s, would have gone past it)
    assert str(failure.value).startswith("REDIS_URL: Redis at redis://127.0.0.1:1/0 did not answer in 7 s")
    assert slept == [1, 2, 4]  # then 8 more would pass the patience
    tries = [record.getMessage() for record in caplog.records if "trying again" in record.getMessage()]
    assert len(tries) == 3 and all(
        message.startswith("Redis at redis://127.0.0.1:1/0 does not answer") for message in tries
    )


@pytest.mark.redis
@pytest.mark.asyncio
async def test_the_stores_open_checked_and_close(tmp_path):
    settings = Settings(token="t", database_path=str(tmp_path / "bot.sqlite3"), redis_url="redis://127.0.0.1:6379/0")
    stores = await open_stores(settings)
    try:
        assert await stores.live.read("no-such-key") is None
        assert (await stores.ledger.guild_settings(1)).ranked_after >= 1
    finally:
        await stores.close()

"""``DATABASE_URL``: the ledgers in PostgreSQL. The setting read strictly, the start that opens them (tried
again while the server does not answer, then one line with the password hidden), the log line naming
the stores, and the reports a command opens beside a PostgreSQL ledger."""

from __future__ import annotations

import logging

import pytest

from core.settings import Settings
from core.stores import CONFIGURATION, STORE, StartFailure, open_ledger, open_stores, reports_opener, stores_in_use
from data.ledger_postgres import LATEST_VERSION, PostgresLedger
from data.ledger_reports_postgres import PostgresLedgerReports
from data.solitaire_postgres import PostgresSolitaireLedger
from tests.data.ledger_backends import PostgresSchema

CLOSED_PORT_URL = "postgresql://bot:hunter2@127.0.0.1:1/test"


@pytest.mark.parametrize("url", ["postgresql://bot@db:5432/mahjong", "postgres://db/mahjong", "postgresql:///mahjong"])
def test_a_database_url_with_its_scheme_is_taken(url):
    assert Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": url}, env_file=None).database_url == url


def test_no_database_url_keeps_the_ledgers_in_the_sqlite_file():
    assert Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": " "}, env_file=None).database_url is None


@pytest.mark.parametrize("url", ["db:5432/mahjong", "mysql://bot:hunter2@db/mahjong", "redis://db:6379/0"])
def test_a_database_url_without_its_scheme_is_refused_without_its_password(url):
    with pytest.raises(ValueError, match=r"^DATABASE_URL is a URL like postgresql://") as refused:
        Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": url}, env_file=None)
    assert "hunter2" not in str(refused.value)


def test_the_log_names_the_ledgers_in_postgresql_without_a_password(tmp_path):
    path = tmp_path / "bot.sqlite3"
    embedded = Settings(token="t", database_path=str(path), database_url=CLOSED_PORT_URL)
    assert stores_in_use(embedded) == (
        f"live state in the SQLite file {path}; ledgers in PostgreSQL at postgresql://bot:***@127.0.0.1:1/test"
    )
    shared = Settings(token="t", redis_url="redis://redis:6379/0", database_url=CLOSED_PORT_URL)
    assert stores_in_use(shared) == (
        "live state in Redis at redis://redis:6379/0; ledgers in PostgreSQL at postgresql://bot:***@127.0.0.1:1/test"
    )


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_postgresql_that_does_not_answer_is_tried_again_then_said_with_status_3(tmp_path, caplog):
    slept: list[float] = []
    now = [1000.0]  # a clock that moves only as the start sleeps

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    settings = Settings(
        token="t", database_path=str(tmp_path / "bot.sqlite3"), database_url=CLOSED_PORT_URL, start_patience=10.0
    )
    with caplog.at_level(logging.WARNING, logger="core.stores"), pytest.raises(StartFailure) as failure:
        await open_stores(settings, sleep=sleep, clock=lambda: now[0])
    assert failure.value.status == STORE
    # the 7 s that passed, not the patience of 10 (the next wait, 8 s, would have gone past it)
    assert str(failure.value).startswith(
        "DATABASE_URL: PostgreSQL at postgresql://bot:***@127.0.0.1:1/test did not answer in 7 s"
    )
    assert "hunter2" not in str(failure.value)
    assert slept == [1, 2, 4]
    tries = [record.getMessage() for record in caplog.records if "trying again" in record.getMessage()]
    assert len(tries) == 3 and all("hunter2" not in message for message in tries)


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_the_stores_open_with_the_ledgers_in_postgresql(tmp_path, postgres_schema: PostgresSchema):
    settings = Settings(token="t", database_path=str(tmp_path / "bot.sqlite3"), database_url=postgres_schema.url)
    stores = await open_stores(settings)
    try:
        assert isinstance(stores.ledger, PostgresLedger)
        assert isinstance(stores.solitaire_ledger, PostgresSolitaireLedger)
        assert await stores.live.read("no-such-key") is None  # the embedded live state, in the file
        assert (await stores.ledger.guild_settings(1)).ranked_after >= 1
        assert await stores.solitaire_ledger.post_channels() == []
    finally:
        await stores.close()
    assert (tmp_path / "bot.sqlite3").is_file()
    recorded = await postgres_schema.raw.fetchval("SELECT MAX(version) FROM ledger_migrations")
    assert recorded == LATEST_VERSION


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_a_postgresql_ledger_of_a_newer_release_is_a_setting_to_correct(
    tmp_path, postgres_schema: PostgresSchema
):
    await (await PostgresLedger.open(postgres_schema.url)).close()
    await postgres_schema.raw.execute("INSERT INTO ledger_migrations VALUES ($1, 'future', 0)", LATEST_VERSION + 1)
    settings = Settings(token="t", database_path=str(tmp_path / "bot.sqlite3"), database_url=postgres_schema.url)
    with pytest.raises(StartFailure) as failure:
        await open_stores(settings)
    assert failure.value.status == CONFIGURATION
    assert str(failure.value).startswith("DATABASE_URL: PostgreSQL at postgresql://postgres@")
    assert f"version {LATEST_VERSION + 1}" in str(failure.value)


@pytest.mark.postgres
@pytest.mark.asyncio
async def test_the_reports_of_a_postgresql_ledger_are_postgresqls_on_its_pool(
    tmp_path, postgres_schema: PostgresSchema
):
    settings = Settings(token="t", database_path=str(tmp_path / "none.sqlite3"), database_url=postgres_schema.url)
    ledger = await open_ledger(settings)
    try:
        assert isinstance(ledger, PostgresLedger)
        reports = await reports_opener(ledger, settings.database_path)()
        assert isinstance(reports, PostgresLedgerReports)
        assert await reports.count_ranked(1, "classic", None, 1) == 0
        await reports.close()
        assert not (tmp_path / "none.sqlite3").exists()  # no SQLite file was opened for them
        assert await ledger.member_mentions(1, 2) is True  # the pool is still the ledger's
    finally:
        await ledger.close()

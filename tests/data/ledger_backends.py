"""The ledgers' two backends under test (the fixtures are in ``conftest.py``): SQLite in a file of the
test's own, PostgreSQL in a schema of the test's own on the real server at ``TEST_DATABASE_URL``."""

from __future__ import annotations

import contextlib
import os
import pathlib
import sqlite3
import urllib.parse
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import asyncpg
import pytest

from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@dataclass(frozen=True, slots=True)
class PostgresSchema:
    """A schema of the test's own: ``url`` opens the ledgers in it, ``raw`` reads and changes it behind them."""

    url: str
    name: str
    raw: asyncpg.Connection


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose connections see ``schema`` first (asyncpg takes unknown query parameters as settings)."""
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.urlencode([*urllib.parse.parse_qsl(parts.query), ("search_path", schema)])
    return urllib.parse.urlunsplit(parts._replace(query=query))


@contextlib.asynccontextmanager
async def own_postgres_schema() -> AsyncIterator[PostgresSchema]:
    """A schema created for the caller on the real server and dropped after, so tests running at once on
    pytest-xdist's workers share no table. Fails the test (not skips) when PostgreSQL does not answer, as
    the Redis tests do."""
    try:
        raw = await asyncpg.connect(TEST_DATABASE_URL, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        pytest.fail(f"PostgreSQL at {TEST_DATABASE_URL} does not answer ({error}): start it, or set TEST_DATABASE_URL")
    name = f"test_{uuid.uuid4().hex}"
    await raw.execute(f"CREATE SCHEMA {name}")
    try:
        await raw.execute(f"SET search_path TO {name}")
        yield PostgresSchema(with_search_path(TEST_DATABASE_URL, name), name, raw)
    finally:
        await raw.execute(f"DROP SCHEMA {name} CASCADE")
        await raw.close()


async def postgres_dump(schema: PostgresSchema) -> list[Any]:
    """Every table, column, index and row of the schema, in a stable order."""
    raw, name = schema.raw, schema.name
    found: list[Any] = [
        tuple(row)
        for row in await raw.fetch(
            "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
            " WHERE table_schema = $1 ORDER BY table_name, ordinal_position",
            name,
        )
    ]
    found += [
        tuple(row)
        for row in await raw.fetch(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname", name
        )
    ]
    for (table,) in await raw.fetch("SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1", name):
        found.append((table, sorted(tuple(row) for row in await raw.fetch(f'SELECT * FROM {name}."{table}"'))))
    return found


@dataclass(frozen=True, slots=True)
class Backend:
    """One backend of the ledgers under test: open ledgers on it, and read or dump it behind their back."""

    name: str
    path: pathlib.Path | None = None
    schema: PostgresSchema | None = None

    @property
    def where(self) -> str:
        """What the SQLite classes open (a path) or the PostgreSQL ones (a URL)."""
        if self.schema is not None:
            return self.schema.url
        assert self.path is not None
        return str(self.path)

    async def open_ledger(self) -> SqliteLedger | PostgresLedger:
        if self.schema is not None:
            return await PostgresLedger.open(self.schema.url)
        assert self.path is not None
        return await SqliteLedger.open(self.path)

    async def rows(self, sql: str) -> list[tuple[Any, ...]]:
        if self.schema is not None:
            return [tuple(row) for row in await self.schema.raw.fetch(sql)]
        assert self.path is not None
        with sqlite3.connect(self.path) as connection:
            found = connection.execute(sql).fetchall()
        connection.close()
        return found

    async def dump(self) -> list[Any]:
        if self.schema is not None:
            return await postgres_dump(self.schema)
        connection = sqlite3.connect(self.path or "")
        try:
            return list(connection.iterdump())
        finally:
            connection.close()

"""Fixtures for tests anywhere in the suite: ``postgres_schema``, a PostgreSQL schema of the test's own on
the real server at ``TEST_DATABASE_URL``, created for it and dropped after, so tests running at once on
pytest-xdist's workers share no table; and the root logger put back as it was after each test."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest
import pytest_asyncio

from tests.data.ledger_backends import TEST_DATABASE_URL, PostgresSchema, with_search_path


@pytest_asyncio.fixture
async def postgres_schema() -> AsyncIterator[PostgresSchema]:
    """Fails the test (not skips) when PostgreSQL does not answer, as the Redis tests do."""
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


@pytest.fixture(autouse=True)
def root_logger_as_it_was() -> Iterator[None]:
    """A test that runs a command (``main(["web", ...])``) sets up the log: its handler writes to the
    test's captured stderr, which is closed after the test, so it is taken off again with the level."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)

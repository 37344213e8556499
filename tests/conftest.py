"""Fixtures for tests anywhere in the suite: ``postgres_schema``, a PostgreSQL schema of the test's own on
the real server at ``TEST_DATABASE_URL``, created for it and dropped after, so tests running at once on
pytest-xdist's workers share no table."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

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

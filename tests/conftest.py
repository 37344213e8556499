"""Fixtures for tests anywhere in the suite: ``postgres_schema``, a PostgreSQL schema of the test's own on
the real server at ``TEST_DATABASE_URL``, created for it and dropped after, so tests running at once on
pytest-xdist's workers share no table; and the root logger put back as it was after each test."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from tests.data.ledger_backends import PostgresSchema, own_postgres_schema


@pytest_asyncio.fixture
async def postgres_schema() -> AsyncIterator[PostgresSchema]:
    async with own_postgres_schema() as schema:
        yield schema


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

"""What the ledgers' contract suites share: a ``backend`` fixture, SQLite or PostgreSQL, each test with a
database of its own (PostgreSQL: a schema of its own, ``tests/conftest.py``'s ``postgres_schema``)."""

from __future__ import annotations

import pathlib

import pytest

from tests.data.ledger_backends import BACKENDS, Backend, PostgresSchema


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: pathlib.Path) -> Backend:
    if request.param == "postgres":
        schema: PostgresSchema = request.getfixturevalue("postgres_schema")
        return Backend("postgres", schema=schema)
    return Backend("sqlite", path=tmp_path / "mahjong-bot.sqlite3")

"""``mahjong-bot run`` with ``DATABASE_URL``, in a process of its own, against the fake Discord: the ledgers
in PostgreSQL (a schema of the test's own), the live state in the embedded file; the leaderboard a member
asks for is read from PostgreSQL, and the start's log says where the stores are."""

from __future__ import annotations

import asyncio
import signal

import pytest

from data.ledger import HandEntry, SeatEntry
from data.ledger_postgres import PostgresLedger
from tests.bot.e2e_helpers import run_environment, start_run
from tests.data.ledger_backends import PostgresSchema
from tests.fakediscord import FakeDiscord

pytestmark = [pytest.mark.e2e, pytest.mark.postgres, pytest.mark.asyncio]

COMPUTERS = tuple(SeatEntry("Computer", None, "strong") for _ in range(3))


def won(guild_id: int, member_id: int, number: int) -> HandEntry:
    return HandEntry(
        hand_id=f"pg-{member_id}-{number}",
        guild_id=guild_id,
        table_id="pg-table",
        match_id="pg-table",
        number=number,
        rules={"name": "classic"},
        seats=(SeatEntry("Alice", member_id, None), *COMPUTERS),
        winner=0,
        discarder=1,
        self_drawn=False,
        score=20.0,
        fan=0,
        payments=(20.0, 0.0, 0.0, 0.0),
        patterns=("mahjong",),
        record="-",
        finished_at=1_700_000_000.0 + number,
    )


async def test_the_leaderboard_is_read_from_the_ledgers_in_postgresql(tmp_path, postgres_schema: PostgresSchema):
    async with FakeDiscord() as fake:
        guild = fake.add_guild(name="Club")
        alice = fake.add_member(guild, name="Alice", locale="en-US")
        ledger = await PostgresLedger.open(postgres_schema.url)
        try:
            for number in range(1, 6):
                assert await ledger.record_hand(won(guild.id, alice.id, number))
        finally:
            await ledger.close()
        process = await start_run(tmp_path, run_environment(fake, DATABASE_URL=postgres_schema.url))
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_commands_synced(timeout=30)
            board = await fake.slash(alice, guild.text_channel, "mahjong leaderboard", {"by": "points"})
            await board.wait_done(timeout=20)
            assert "1 ranked" in board.response.text() and "1. Alice — +100" in board.response.text()
        finally:
            process.send_signal(signal.SIGTERM)
            _, errors = await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0, errors.decode()
        assert "ledgers in PostgreSQL at postgresql://postgres@127.0.0.1" in errors.decode()
        assert fake.violations == []
    assert (tmp_path / "mahjong-bot.sqlite3").is_file()  # the live state, embedded as without DATABASE_URL

"""The ledgers keep a practice match's deal code and list a deal's tables (SPEC §8, issue 40: duplicate
deals), and answer the reads the rating cards stand on (a leaderboard's size, a table's seats' ratings),
one contract on both backends."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from core.ratings import Rating, season_start
from data.ledger import LedgerValueError, MatchEntry, SeatEntry
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger
from tests.data.ledger_backends import Backend

Ledger = SqliteLedger | PostgresLedger
GUILD = 1001
T0 = 1_790_000_000.0


def match(number: int, totals: tuple[float, ...], *, deal: str | None = "spring", **changes: Any) -> MatchEntry:
    fields: dict[str, Any] = {
        "match_id": f"deal-{number:03}",
        "guild_id": GUILD,
        "table_id": f"deal-{number:03}",
        "rules": {"name": "hongkong"},
        "seats": (
            SeatEntry(f"Member {number}", 100 + number, None),
            *(SeatEntry("Computer", None, "strong") for _ in range(3)),
        ),
        "totals": totals,
        "hands": 4,
        "finished_at": T0 + number * 60.0,
        "practice": deal is not None,
        "deal": deal,
    }
    return MatchEntry(**{**fields, **changes})


@pytest_asyncio.fixture
async def ledger(backend: Backend) -> AsyncIterator[Ledger]:
    opened = await backend.open_ledger()
    try:
        yield opened
    finally:
        await opened.close()


@pytest.mark.asyncio
async def test_a_deals_matches_are_kept_with_their_code_and_listed_best_first(ledger: Ledger) -> None:
    played = [
        match(1, (10.0, 0.0, -4.0, -6.0)),
        match(2, (40.0, -40.0, 0.0, 0.0)),
        match(3, (10.0, -10.0, 0.0, 0.0)),  # the same best score as the first: the older first
        match(4, (90.0, -30.0, -30.0, -30.0), deal="autumn"),
        match(5, (99.0, -33.0, -33.0, -33.0), deal=None),  # a rated match: no deal
        match(6, (80.0, -80.0, 0.0, 0.0), guild_id=2002),  # another server's
    ]
    for entry in played:
        assert await ledger.record_match(entry)
    listed = await ledger.deal_matches(GUILD, "spring")
    assert listed == [played[1], played[0], played[2]]
    assert listed[0].deal == "spring" and listed[0].practice
    assert await ledger.deal_matches(GUILD, "spring", limit=1, offset=1) == [played[0]]
    assert await ledger.deal_match_count(GUILD, "spring") == 3
    assert await ledger.deal_match_count(GUILD, "autumn") == 1
    assert await ledger.deal_match_count(GUILD, "winter") == 0
    assert await ledger.deal_matches(GUILD, "winter") == []
    assert await ledger.deal_matches(2002, "spring") == [played[5]]
    assert await ledger.matches(GUILD, limit=10) == list(reversed(played[:5]))  # read back whole
    assert await ledger.match_rating_changes("deal-001") == []  # practice: never rated
    assert len(await ledger.match_rating_changes("deal-005")) == 4
    assert await ledger.record_match(played[0]) is False  # the same again: nothing changes


@pytest.mark.asyncio
async def test_a_deal_belongs_to_a_practice_match_and_the_database_refuses_it_elsewhere(
    ledger: Ledger, backend: Backend
) -> None:
    with pytest.raises(LedgerValueError, match="practice"):
        match(1, (0.0, 0.0, 0.0, 0.0), deal="spring", practice=False)
    with pytest.raises(LedgerValueError, match="deal"):
        match(1, (0.0, 0.0, 0.0, 0.0), deal="x" * 25)
    await ledger.record_match(match(1, (0.0, 0.0, 0.0, 0.0), deal=None))
    if backend.schema is not None:
        with pytest.raises(asyncpg.CheckViolationError):
            await backend.schema.raw.execute("UPDATE matches SET deal = 'spring'")
    else:
        assert backend.path is not None
        with sqlite3.connect(backend.path) as raw, pytest.raises(sqlite3.IntegrityError):
            raw.execute("UPDATE matches SET deal = 'spring'")
        raw.close()


@pytest.mark.asyncio
async def test_a_leaderboards_size_and_a_tables_seats_ratings_in_one_read(ledger: Ledger) -> None:
    members = (11, 12, 13, 14)
    for number in range(6):
        seats = (*(SeatEntry(f"Member {m}", m, None) for m in members[:3]), SeatEntry("C", None, "basic"))
        entry = MatchEntry(
            f"rated-{number}",
            GUILD,
            f"rated-{number}",
            {"name": "classic"},
            seats,
            (30.0, 10.0, -10.0, -30.0),
            4,
            T0 + number,
        )
        assert await ledger.record_match(entry)
    assert await ledger.rating_count(GUILD, "classic", 1) == 3
    assert await ledger.rating_count(GUILD, "classic", 1, computers=True) == 1
    assert await ledger.rating_count(GUILD, "classic", 1, minimum=7) == 0
    assert await ledger.rating_count(GUILD, "hongkong", 1) == 0
    found = await ledger.pool_ratings(GUILD, "classic", ["member:11", "member:14", "computer:basic"], T0 + 10)
    assert set(found) == {"member:11", "computer:basic"}  # member 14 never played here
    [own] = [r for r in await ledger.ratings_of(GUILD, "member:11", 1) if r.rules == "classic"]
    assert (found["member:11"].rating, found["member:11"].matches, found["member:11"].total) == (own.rating, 6, 6)
    assert not found["member:11"].provisional and found["member:11"].rank is None
    # a season later (monthly from now on), the season's start from the last rating
    await ledger.set_season_mode(GUILD, "monthly", T0 + 100)
    later = await ledger.pool_ratings(GUILD, "classic", ["member:11"], T0 + 90 * 86_400.0)
    assert later["member:11"].rating == season_start(Rating(own.rating.mu, own.rating.sigma))
    assert (later["member:11"].matches, later["member:11"].total) == (0, 6)
    assert await ledger.pool_ratings(GUILD, "classic", [], T0) == {}

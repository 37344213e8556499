"""The ledgers keep a tournament whole (SPEC §9, issue 46), one contract on both backends: it reads back
exactly, at every stage; the same state written twice, or a newer one, leaves one record (the newest,
whatever order writers racing give them in), with the first finish time; one server never reads
another's; an entry that is not a tournament cannot be built."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from data.ledger import LedgerConflict, LedgerValueError, TournamentEntry, TournamentTableEntry
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger
from tests.data.ledger_backends import Backend

Ledger = SqliteLedger | PostgresLedger
GUILD, OTHER_GUILD = 1001, 2002
T0 = 1_790_000_000.0
MEMBERS = (11, 12, 13, 14, 15)
ROUND_1 = (
    TournamentTableEntry(1, 0, "aaaa0001", (0, 1, 2, 3), (11, 12, 13, 14)),
    TournamentTableEntry(1, 1, "aaaa0002", (4, -1, -1, -1), (15, None, None, None)),
)
ROUND_2 = (
    TournamentTableEntry(2, 0, None, (4, 0, -1, 1), (15, 11, None, 12)),
    TournamentTableEntry(2, 1, None, (2, 3, -1, -1), (13, 14, None, None)),
)
SCORES = ((48.5, -16.5, -16.0, -16.0), (0.0, 0.0, 0.0, 0.0))


def ended(table: TournamentTableEntry, hands: tuple[tuple[float, ...], ...] = SCORES) -> TournamentTableEntry:
    return dataclasses.replace(table, hands=hands)


def tournament(**changes: Any) -> TournamentEntry:
    """Round 1 being played: its tables open, round 2 not seated yet."""
    fields: dict[str, Any] = {
        "tournament_id": "tour1",
        "guild_id": GUILD,
        "organiser": 1,
        "name": "Spring cup 春",
        "rules": "hongkong",
        "rounds": 2,
        "length": "one_wind",
        "seed": 2**47 + 5,
        "status": "playing",
        "version": 12,
        "players": MEMBERS,
        "names": {member: f"Ann {member}" for member in MEMBERS},
        "tables": ROUND_1,
    }
    return TournamentEntry(**{**fields, **changes})


def round_over(version: int = 14) -> TournamentEntry:
    return tournament(version=version, tables=(ended(ROUND_1[0]), ended(ROUND_1[1], ())))


def over(version: int = 20, finished_at: float = T0) -> TournamentEntry:
    opened = tuple(dataclasses.replace(table, table_id=f"bbbb000{table.index}") for table in ROUND_2)
    return tournament(
        version=version,
        status="over",
        finished_at=finished_at,
        tables=(*round_over().tables, *(ended(table) for table in opened)),
    )


@pytest_asyncio.fixture
async def ledger(backend: Backend) -> AsyncIterator[Ledger]:
    opened = await backend.open_ledger()
    try:
        yield opened
    finally:
        await opened.close()


async def counts(backend: Backend) -> list[tuple[Any, ...]]:
    """How many rows each of the tournament's tables holds."""
    found = []
    for table in ("tournaments", "tournament_players", "tournament_names", "tournament_tables", "tournament_seats"):
        found += await backend.rows(f"SELECT COUNT(*) FROM {table}")
    return found


@pytest.mark.parametrize("entry", [tournament(), round_over(), over(), tournament(tables=(*ROUND_1, *ROUND_2))])
@pytest.mark.asyncio
async def test_a_tournament_reads_back_exactly_at_every_stage(ledger: Ledger, entry: TournamentEntry) -> None:
    assert await ledger.record_tournament(entry) is True
    assert await ledger.tournament(GUILD, "tour1") == entry
    assert await ledger.tournaments(GUILD) == [entry]


@pytest.mark.asyncio
async def test_a_tournament_cancelled_before_its_start_reads_back(ledger: Ledger) -> None:
    entry = tournament(status="cancelled", finished_at=T0, players=(), names={}, tables=())
    assert await ledger.record_tournament(entry) is True
    assert await ledger.tournament(GUILD, "tour1") == entry


@pytest.mark.asyncio
async def test_the_same_state_twice_is_kept_once(ledger: Ledger, backend: Backend) -> None:
    assert await ledger.record_tournament(round_over()) is True
    assert await ledger.record_tournament(round_over()) is False
    assert await counts(backend) == [(1,), (5,), (5,), (2,), (8,)]
    assert await ledger.tournaments(GUILD) == [round_over()]


@pytest.mark.asyncio
async def test_a_newer_state_replaces_the_record_and_an_older_one_changes_nothing(
    ledger: Ledger, backend: Backend
) -> None:
    assert await ledger.record_tournament(tournament()) is True
    assert await ledger.record_tournament(over()) is True
    assert await counts(backend) == [(1,), (5,), (5,), (4,), (16,)]
    before = await backend.dump()
    assert await ledger.record_tournament(round_over()) is False  # overtaken by the end: left as it is
    assert await backend.dump() == before
    assert await ledger.tournaments(GUILD) == [over()]


@pytest.mark.asyncio
async def test_a_player_replaced_leaves_no_trace_of_the_old_seating(ledger: Ledger, backend: Backend) -> None:
    await ledger.record_tournament(tournament(tables=(*ROUND_1, *ROUND_2)))
    replaced = dataclasses.replace(ROUND_2[0], members=(16, 11, None, 12))
    newer = tournament(
        version=13,
        players=(11, 12, 13, 14, 16),
        names={**{member: f"Ann {member}" for member in MEMBERS}, 16: "Bea"},
        tables=(*ROUND_1, replaced, ROUND_2[1]),
    )
    assert await ledger.record_tournament(newer) is True
    assert await ledger.tournament(GUILD, "tour1") == newer
    assert await backend.rows("SELECT COUNT(*) FROM tournament_seats WHERE member_id = 15") == [(1,)]  # round 1's


@pytest.mark.asyncio
async def test_the_first_finish_time_is_kept(ledger: Ledger) -> None:
    """A table still playing when its tournament was cancelled ends later: a newer state, the same end."""
    playing = tournament(tables=(*round_over().tables, *ROUND_2[:1]))
    cancelled = dataclasses.replace(playing, version=15, status="cancelled", finished_at=T0)
    assert await ledger.record_tournament(cancelled) is True
    straggler = dataclasses.replace(ROUND_2[0], table_id="bbbb0000", hands=SCORES)
    later = dataclasses.replace(cancelled, version=16, finished_at=T0 + 600, tables=(*round_over().tables, straggler))
    assert await ledger.record_tournament(later) is True
    assert await ledger.tournament(GUILD, "tour1") == dataclasses.replace(later, finished_at=T0)


@pytest.mark.asyncio
async def test_writers_racing_leave_the_newest_state(ledger: Ledger, backend: Backend) -> None:
    other = await backend.open_ledger()
    try:
        states = [tournament(version=version) for version in range(1, 9)] + [over(version=9)]
        writes = [(ledger if version % 2 else other).record_tournament(state) for version, state in enumerate(states)]
        await asyncio.gather(*reversed(writes))
    finally:
        await other.close()
    assert await ledger.tournament(GUILD, "tour1") == over(version=9)
    assert await counts(backend) == [(1,), (5,), (5,), (4,), (16,)]


@pytest.mark.asyncio
async def test_a_server_reads_only_its_own_tournaments(ledger: Ledger, backend: Backend) -> None:
    await ledger.record_tournament(over())
    await ledger.record_tournament(tournament(tournament_id="tour2", guild_id=OTHER_GUILD))
    assert await ledger.tournament(OTHER_GUILD, "tour1") is None
    assert await ledger.tournament(GUILD, "tour2") is None
    assert [entry.tournament_id for entry in await ledger.tournaments(OTHER_GUILD)] == ["tour2"]
    assert await ledger.tournaments(GUILD) == [over()]
    before = await backend.dump()
    with pytest.raises(LedgerConflict, match="tournament tour1 is already recorded for another server"):
        await ledger.record_tournament(dataclasses.replace(over(), version=30, guild_id=OTHER_GUILD))
    assert await backend.dump() == before


@pytest.mark.asyncio
async def test_a_servers_tournaments_under_way_first_then_the_latest_ended_paged(ledger: Ledger) -> None:
    for number, finished_at in enumerate((T0, None, T0 + 100, None, T0 + 50)):
        status = "playing" if finished_at is None else "over"
        await ledger.record_tournament(tournament(tournament_id=f"t{number}", status=status, finished_at=finished_at))
    listed = [entry.tournament_id for entry in await ledger.tournaments(GUILD)]
    assert listed == ["t1", "t3", "t2", "t4", "t0"]
    assert [entry.tournament_id for entry in await ledger.tournaments(GUILD, limit=2, offset=2)] == ["t2", "t4"]
    with pytest.raises(LedgerValueError, match="limit"):
        await ledger.tournaments(GUILD, limit=0)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"tournament_id": ""}, "tournament_id must not be empty"),
        ({"name": "a\x00b"}, "NUL"),
        ({"rules": "riichi"}, "rules must be one of"),
        ({"length": "two_winds"}, "length must be one of"),
        ({"status": "signup"}, "status must be one of"),
        ({"rounds": 13}, "rounds must be a whole number from 1 to 12"),
        ({"seed": -1}, "seed must be a whole number"),
        ({"version": 0}, "version must be a whole number"),
        ({"status": "over"}, "a finish time exactly once it ended"),
        ({"finished_at": T0}, "a finish time exactly once it ended"),
        ({"status": "over", "finished_at": float("nan")}, "finished_at must be finite"),
        ({"players": (11, 11, 12, 13, 14)}, "each once"),
        ({"names": {11: ""}}, "a member's name is not empty"),
        ({"tables": (ROUND_1[0], ROUND_1[0])}, "a round's table seated twice"),
        ({"tables": (dataclasses.replace(ROUND_1[0], round=3),)}, "seats no player of its 2 rounds"),
        ({"players": MEMBERS[:4]}, "seats no player of its 2 rounds and 4 players"),
    ],
)
def test_an_entry_that_is_not_a_tournament_cannot_be_built(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(LedgerValueError, match=message):
        tournament(**changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"round": 0}, "a round counts from 1"),
        ({"index": -1}, "a table from 0"),
        ({"table_id": ""}, "table_id must not be empty"),
        ({"numbers": (0, 1, 2)}, "4 seats"),
        ({"members": (11, 12, 13, None)}, "a computer seat, and only one, has no member"),
        ({"table_id": None, "hands": ()}, "a result without the table that played it"),
        ({"hands": ((1.0, -1.0),)}, "one per seat"),
        ({"hands": ((float("inf"), 0.0, 0.0, 0.0),)}, "hands must be finite"),
    ],
)
def test_a_table_that_is_not_a_tournaments_cannot_be_built(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(LedgerValueError, match=message):
        dataclasses.replace(ROUND_1[0], **changes)

"""A tournament's record in the ledgers (SPEC §9), the same SQL on both backends, in one transaction
(``data.ledger_ratings.Tx``) each.

A record is written whole: its row is upserted only if the entry is of a newer version than the one
kept (``ON CONFLICT … DO UPDATE … WHERE``, which on PostgreSQL waits for a writer of the same id to
commit and then compares with what it wrote), and only then are its players, names, tables and seats
replaced. So a state written again after a restart changes nothing, and an older state whose writer
was overtaken never replaces a newer one. The first finish time given is kept: a table still playing
when its tournament was cancelled may end later and make a newer version of it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from data.ledger import LedgerConflict, TournamentEntry, TournamentTableEntry, check_page
from data.ledger_ratings import Tx

Row = tuple[Any, ...]

_SELECT = (
    "SELECT tournament_id, guild_id, organiser, name, rules_name, rounds, length, seed, status, version,"
    " finished_at FROM tournaments"
)
_CHILDREN = " WHERE tournament_id IN (SELECT tournament_id FROM tournaments WHERE {where})"
_PLAYERS = "SELECT tournament_id, member_id FROM tournament_players" + _CHILDREN + " ORDER BY tournament_id, number"
_NAMES = (
    "SELECT tournament_id, member_id, name FROM tournament_names" + _CHILDREN + " ORDER BY tournament_id, member_id"
)
_TABLES = (
    "SELECT tournament_id, round, table_index, table_id, hands FROM tournament_tables"
    + _CHILDREN
    + " ORDER BY tournament_id, round, table_index"
)
_SEATS = (
    "SELECT tournament_id, round, table_index, number, member_id FROM tournament_seats"
    + _CHILDREN
    + " ORDER BY tournament_id, round, table_index, seat"
)
# under way first, then the latest ended (a boolean orders false before true on both backends)
_NEWEST = " ORDER BY finished_at IS NULL DESC, finished_at DESC, tournament_id LIMIT ? OFFSET ?"
_CHILD_TABLES = ("tournament_seats", "tournament_tables", "tournament_names", "tournament_players")


async def record(tx: Tx, entry: TournamentEntry) -> bool:
    """``entry`` written whole if it is newer than what the ledger holds (``Ledger.record_tournament``)."""
    written = await tx.fetch(
        "INSERT INTO tournaments (tournament_id, guild_id, organiser, name, rules_name, rounds, length, seed,"
        " status, version, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (tournament_id) DO UPDATE SET organiser = excluded.organiser, name = excluded.name,"
        " rules_name = excluded.rules_name, rounds = excluded.rounds, length = excluded.length,"
        " seed = excluded.seed, status = excluded.status, version = excluded.version,"
        " finished_at = COALESCE(tournaments.finished_at, excluded.finished_at)"
        " WHERE tournaments.guild_id = excluded.guild_id AND tournaments.version < excluded.version"
        " RETURNING version",
        (
            entry.tournament_id,
            entry.guild_id,
            entry.organiser,
            entry.name,
            entry.rules,
            entry.rounds,
            entry.length,
            entry.seed,
            entry.status,
            entry.version,
            None if entry.finished_at is None else float(entry.finished_at),
        ),
    )
    if not written:
        stored = await tx.fetch("SELECT guild_id FROM tournaments WHERE tournament_id = ?", (entry.tournament_id,))
        if stored and stored[0][0] != entry.guild_id:
            raise LedgerConflict(f"tournament {entry.tournament_id} is already recorded for another server")
        return False
    for table in _CHILD_TABLES:  # the seats first: they refer to the tables
        await tx.execute(f"DELETE FROM {table} WHERE tournament_id = ?", (entry.tournament_id,))
    key = entry.tournament_id
    await tx.executemany(
        "INSERT INTO tournament_players (tournament_id, number, member_id) VALUES (?, ?, ?)",
        [(key, number, member) for number, member in enumerate(entry.players)],
    )
    await tx.executemany(
        "INSERT INTO tournament_names (tournament_id, member_id, name) VALUES (?, ?, ?)",
        [(key, member, name) for member, name in sorted(entry.names.items())],
    )
    await tx.executemany(
        "INSERT INTO tournament_tables (tournament_id, round, table_index, table_id, hands) VALUES (?, ?, ?, ?, ?)",
        [
            (key, table.round, table.index, table.table_id, None if table.hands is None else _hands_text(table))
            for table in entry.tables
        ],
    )
    await tx.executemany(
        "INSERT INTO tournament_seats (tournament_id, round, table_index, seat, number, member_id)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            (key, table.round, table.index, seat, number, member)
            for table in entry.tables
            for seat, (number, member) in enumerate(zip(table.numbers, table.members, strict=True))
        ],
    )
    return True


async def one(tx: Tx, guild_id: int, tournament_id: str) -> TournamentEntry | None:
    found = await _read(tx, "guild_id = ? AND tournament_id = ?", (guild_id, tournament_id))
    return found[0] if found else None


async def of_guild(tx: Tx, guild_id: int, limit: int, offset: int) -> list[TournamentEntry]:
    check_page(limit, offset)
    return await _read(tx, "guild_id = ?" + _NEWEST, (guild_id, limit, offset))


def _hands_text(table: TournamentTableEntry) -> str:
    """Each hand's scores per chair as compact JSON (finite numbers: the entry is checked when built)."""
    assert table.hands is not None
    return json.dumps([[float(score) for score in scores] for scores in table.hands], separators=(",", ":"))


async def _read(tx: Tx, where: str, parameters: Sequence[Any]) -> list[TournamentEntry]:
    """The tournaments ``where`` selects (a condition, perhaps with its order and page), whole, read in
    the caller's one snapshot."""
    heads = await tx.fetch(f"{_SELECT} WHERE {where}", parameters)
    players = _grouped(await tx.fetch(_PLAYERS.format(where=where), parameters))
    names = _grouped(await tx.fetch(_NAMES.format(where=where), parameters))
    tables = _grouped(await tx.fetch(_TABLES.format(where=where), parameters))
    seats = _grouped(await tx.fetch(_SEATS.format(where=where), parameters))
    return [
        _entry(head, players.get(head[0], []), names.get(head[0], []), tables.get(head[0], []), seats.get(head[0], []))
        for head in heads
    ]


def _entry(head: Row, players: list[Row], names: list[Row], tables: list[Row], seats: list[Row]) -> TournamentEntry:
    tournament_id, guild_id, organiser, name, rules, rounds, length, seed, status, version, finished_at = head
    seated: dict[tuple[int, int], list[Row]] = {}
    for round_number, index, number, member in seats:
        seated.setdefault((round_number, index), []).append((number, member))
    return TournamentEntry(
        tournament_id=tournament_id,
        guild_id=guild_id,
        organiser=organiser,
        name=name,
        rules=rules,
        rounds=rounds,
        length=length,
        seed=seed,
        status=status,
        version=version,
        players=tuple(member for (member,) in players),
        names={member: member_name for member, member_name in names},
        tables=tuple(_table(row, seated.get((row[0], row[1]), [])) for row in tables),
        finished_at=finished_at,
    )


def _table(row: Row, seats: list[Row]) -> TournamentTableEntry:
    round_number, index, table_id, hands = row
    return TournamentTableEntry(
        round=round_number,
        index=index,
        table_id=table_id,
        numbers=tuple(number for number, _ in seats),
        members=tuple(member for _, member in seats),
        hands=None if hands is None else tuple(tuple(float(score) for score in scores) for scores in json.loads(hands)),
    )


def _grouped(rows: list[Row]) -> dict[str, list[Row]]:
    """Rows grouped by their tournament's id (the first column, left out of each row)."""
    grouped: dict[str, list[Row]] = {}
    for key, *rest in rows:
        grouped.setdefault(key, []).append(tuple(rest))
    return grouped

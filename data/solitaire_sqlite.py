"""``SolitaireLedger`` in the ledger's SQLite file: the ``solitaire_*`` tables of migration 0003.

It opens its own connection to the file as the ledger opens its (``open_migrated``: one numbered
history for every table of the file, checked before any change), so whichever of the two ledgers
opens first migrates and the other finds nothing to do.

A leaderboard is one SQL statement: each member's best row (highest score, the first recorded of
equal ones: ``rowid`` grows with every insert), ranked by score then by the order those were recorded.
"""

from __future__ import annotations

import asyncio
import json
import pathlib
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import date, timedelta
from typing import Any

import aiosqlite

from data.ledger import check_page
from data.ledger_sqlite import DEFAULT_BUSY_TIMEOUT_SECONDS, SqliteLedger, _transaction, open_migrated
from data.solitaire_ledger import Board, DailyGame, SolitaireResult, SolitaireStats, Standing
from data.solitaire_sql import SolitaireSql, Statement, json_text
from data.sqlite_file import available
from game.solitaire.replay import format_moves, parse_moves

Row = tuple[Any, ...]

_COLUMNS = (
    "result_id, guild_id, member_id, name, kind, day, seed, game, moves, seconds, pairs, cleared, undos,"
    " score, finished_at"
)
_BEST = """
WITH best AS (
    SELECT member_id, score, seconds, cleared, rowid AS seq,
           ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY score DESC, rowid) AS nth
    FROM solitaire_results
    WHERE guild_id = :guild AND kind = :kind AND day IS :day AND score > 0
), ranked AS (
    SELECT member_id, score, seconds, cleared, ROW_NUMBER() OVER (ORDER BY score DESC, seq) AS rank
    FROM best WHERE nth = 1
)
"""
_STANDING = """
SELECT rank, ranked.member_id,
       COALESCE(p.name, (SELECT r.name FROM solitaire_results r WHERE r.guild_id = :guild
                         AND r.member_id = ranked.member_id ORDER BY r.rowid DESC LIMIT 1)),
       score, seconds, cleared
FROM ranked LEFT JOIN solitaire_pseudonyms p ON p.guild_id = :guild AND p.member_id = ranked.member_id
"""


def _row(result: SolitaireResult) -> Row:
    return (
        result.result_id,
        result.guild_id,
        result.member_id,
        result.name,
        result.kind,
        None if result.day is None else result.day.isoformat(),
        result.seed,
        json_text(result.game),
        json_text(format_moves(result.moves)),
        result.seconds,
        result.pairs,
        int(result.cleared),
        result.undos,
        result.score,
        float(result.finished_at),
    )


def result_from_row(row: Row) -> SolitaireResult:
    """A stored row back as a result; building it replays the game again, so a row edited behind the
    ledger's back is refused with ``LedgerValueError`` rather than shown."""
    (
        result_id,
        guild_id,
        member_id,
        name,
        kind,
        day,
        seed,
        game,
        moves,
        seconds,
        pairs,
        cleared,
        undos,
        score,
        finished_at,
    ) = row
    return SolitaireResult(
        result_id,
        guild_id,
        member_id,
        name,
        kind,
        None if day is None else date.fromisoformat(day),
        json.loads(game),
        seed,
        tuple(parse_moves(json.loads(moves))),
        seconds,
        pairs,
        bool(cleared),
        undos,
        score,
        finished_at,
    )


def _board(guild_id: int, board: Board) -> dict[str, Any]:
    return {"guild": guild_id, "kind": board.kind, "day": None if board.day is None else board.day.isoformat()}


def streak(days: Sequence[date], today: date) -> int:
    """Days in a row with a game, counted back from today (or from yesterday: today is not over)."""
    played = set(days)
    day = today if today in played else today - timedelta(days=1)
    count = 0
    while day in played:
        count += 1
        day -= timedelta(days=1)
    return count


class SqliteSolitaireLedger(SolitaireSql):
    """One connection, used by one statement or transaction at a time (a lock): its own, or the one of
    the four-player ledger of the same file (``beside``)."""

    def __init__(
        self, connection: aiosqlite.Connection, lock: asyncio.Lock | None = None, *, owns_connection: bool = True
    ) -> None:
        self._db = connection
        self._lock = lock or asyncio.Lock()
        self._owns_connection = owns_connection

    @classmethod
    def beside(cls, ledger: SqliteLedger) -> SqliteSolitaireLedger:
        """The solitaire's ledger on ``ledger``'s connection and lock (the file is migrated already, its
        migrations being the same): one connection and one thread for the bot's one file. The four-player
        ledger closes the connection."""
        connection, lock = ledger.connection()
        return cls(connection, lock, owns_connection=False)

    @classmethod
    async def open(
        cls, path: str | pathlib.Path, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS
    ) -> SqliteSolitaireLedger:
        """Open (creating if needed) the file, migrated to the latest version; ``LedgerFileError`` if it
        cannot hold the ledgers, ``StoreUnavailable`` if it stays locked."""
        return cls(await open_migrated(path, busy_timeout))

    async def _insert(self, result: SolitaireResult) -> bool:
        async with (
            self._using(),
            self._db.execute(
                f"INSERT INTO solitaire_results ({_COLUMNS}) VALUES ({', '.join('?' * 15)})"
                " ON CONFLICT (result_id) DO NOTHING",
                _row(result),
            ) as cursor,
        ):
            return cursor.rowcount == 1

    async def result(self, result_id: str) -> SolitaireResult | None:
        rows = await self._all(f"SELECT {_COLUMNS} FROM solitaire_results WHERE result_id = ?", (result_id,))
        return result_from_row(rows[0]) if rows else None

    async def leaderboard(self, guild_id: int, board: Board, limit: int = 10, offset: int = 0) -> list[Standing]:
        check_page(limit, offset)
        rows = await self._all(
            _BEST + _STANDING + " ORDER BY rank LIMIT :limit OFFSET :offset",
            {**_board(guild_id, board), "limit": limit, "offset": offset},
        )
        return [standing_from_row(row) for row in rows]

    async def count_ranked(self, guild_id: int, board: Board) -> int:
        rows = await self._all(_BEST + "SELECT COUNT(*) FROM ranked", _board(guild_id, board))
        return int(rows[0][0])

    async def rank_of(self, guild_id: int, member_id: int, board: Board) -> Standing | None:
        rows = await self._all(
            _BEST + _STANDING + " WHERE ranked.member_id = :member", {**_board(guild_id, board), "member": member_id}
        )
        return standing_from_row(rows[0]) if rows else None

    async def place_of(self, guild_id: int, member_id: int, board: Board, score: int) -> int | None:
        if score <= 0:
            return None
        rows = await self._all(
            _BEST + "SELECT COUNT(*) FROM ranked WHERE member_id != :member AND score >= :score",
            {**_board(guild_id, board), "member": member_id, "score": score},
        )
        return 1 + int(rows[0][0])

    async def member_stats(self, guild_id: int, member_id: int, today: date) -> SolitaireStats:
        where = {"guild": guild_id, "member": member_id}
        ((games, clears, best_daily, best_free, average),) = await self._all(
            "SELECT COUNT(*), COALESCE(SUM(cleared), 0), MAX(CASE WHEN kind = 'daily' THEN score END),"
            " MAX(CASE WHEN kind = 'free' THEN score END), AVG(CASE WHEN cleared = 1 THEN seconds END)"
            " FROM solitaire_results WHERE guild_id = :guild AND member_id = :member",
            where,
        )
        days = await self._all(
            "SELECT DISTINCT day FROM solitaire_results WHERE guild_id = :guild AND member_id = :member"
            " AND kind = 'daily'",
            where,
        )
        return SolitaireStats(
            games, clears, best_daily, best_free, average, streak([date.fromisoformat(day) for (day,) in days], today)
        )

    async def latest_daily(self, guild_id: int, member_id: int, until: date) -> DailyGame | None:
        rows = await self._all(
            "SELECT day, score, seconds, pairs, cleared FROM solitaire_results"
            " WHERE guild_id = ? AND member_id = ? AND kind = 'daily' AND day <= ?"
            " ORDER BY day DESC, score DESC, rowid LIMIT 1",
            (guild_id, member_id, until.isoformat()),
        )
        return daily_game_from_row(rows[0]) if rows else None

    async def daily_players(self, guild_id: int, day: date) -> int:
        rows = await self._all(
            "SELECT COUNT(DISTINCT member_id) FROM solitaire_results WHERE guild_id = ? AND kind = 'daily' AND day = ?",
            (guild_id, day.isoformat()),
        )
        return int(rows[0][0])

    async def clear_streak(self, guild_id: int, today: date) -> int:
        rows = await self._all(
            "SELECT DISTINCT day FROM solitaire_results"
            " WHERE guild_id = ? AND kind = 'daily' AND cleared = 1 AND day <= ?",
            (guild_id, today.isoformat()),
        )
        return streak([date.fromisoformat(day) for (day,) in rows], today)

    async def close(self) -> None:
        if self._owns_connection:
            await self._db.close()

    @asynccontextmanager
    async def _using(self) -> AsyncIterator[None]:
        async with self._lock:
            with available():
                yield

    async def _all(self, sql: str, parameters: Sequence[Any] | dict[str, Any]) -> list[Row]:
        async with self._using():
            return [tuple(row) for row in await self._db.execute_fetchall(sql, parameters)]

    async def _execute(self, sql: str, parameters: Sequence[Any]) -> None:
        async with self._using():
            await self._db.execute(sql, parameters)

    async def _write_checked(self, read: Statement, check: Callable[[list[Row]], None], write: Statement) -> None:
        # IMMEDIATE: the file's write lock from the read on, so that no other process writes in between.
        async with self._using(), _transaction(self._db):
            check([tuple(row) for row in await self._db.execute_fetchall(*read)])
            await self._db.execute(*write)


def standing_from_row(row: Row) -> Standing:
    rank, member_id, name, score, seconds, cleared = row
    return Standing(rank, member_id, name, score, seconds, bool(cleared))


def daily_game_from_row(row: Row) -> DailyGame:
    """``latest_daily``'s row (its day as ISO text, as both backends give it) as a ``DailyGame``."""
    day, score, seconds, pairs, cleared = row
    return DailyGame(date.fromisoformat(day), score, seconds, pairs, bool(cleared))

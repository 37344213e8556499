"""``SolitaireLedger`` in PostgreSQL: the ``solitaire_*`` tables of ``data/migrations_postgres/0002``.

The same ledger as ``data.solitaire_sqlite``: a leaderboard is one SQL statement, each member's best row
(highest score, the first recorded of equal ones: ``seq`` grows with every insert, as SQLite's rowid),
ranked by score then by the order those were recorded. It runs on the four-player ledger's pool
(``beside``), or on a pool of its own whose database it migrates with the same history.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from data.ledger import check_page
from data.ledger_postgres import Pool, PostgresLedger, available, open_migrated
from data.ledger_queries import numbered
from data.solitaire_ledger import Board, DailyGame, SolitaireResult, SolitaireStats, Standing
from data.solitaire_sql import SolitaireSql, Statement, json_text
from data.solitaire_sqlite import daily_game_from_row, result_from_row, standing_from_row, streak
from game.solitaire.replay import format_moves

Row = tuple[Any, ...]

_COLUMNS = (
    "result_id, guild_id, member_id, name, kind, day, seed, game, moves, seconds, pairs, cleared, undos,"
    " score, finished_at"
)
# The day as ISO text, as SQLite keeps it, so that one row reader serves both backends.
_SELECTED = _COLUMNS.replace(" day,", " to_char(day, 'YYYY-MM-DD'),")
# $1 the server, $2 the kind, $3 the day (NULL for the free board).
_BEST = """
WITH best AS (
    SELECT member_id, score, seconds, cleared, seq,
           ROW_NUMBER() OVER (PARTITION BY member_id ORDER BY score DESC, seq) AS nth
    FROM solitaire_results
    WHERE guild_id = $1 AND kind = $2 AND day IS NOT DISTINCT FROM $3::date AND score > 0
), ranked AS (
    SELECT member_id, score, seconds, cleared, ROW_NUMBER() OVER (ORDER BY score DESC, seq) AS rank
    FROM best WHERE nth = 1
)
"""
_STANDING = """
SELECT rank, ranked.member_id,
       COALESCE(p.name, (SELECT r.name FROM solitaire_results r WHERE r.guild_id = $1
                         AND r.member_id = ranked.member_id ORDER BY r.seq DESC LIMIT 1)),
       score, seconds, cleared
FROM ranked LEFT JOIN solitaire_pseudonyms p ON p.guild_id = $1 AND p.member_id = ranked.member_id
"""


def _row(result: SolitaireResult) -> Row:
    return (
        result.result_id,
        result.guild_id,
        result.member_id,
        result.name,
        result.kind,
        result.day,
        result.seed,
        json_text(result.game),
        json_text(format_moves(result.moves)),
        result.seconds,
        result.pairs,
        result.cleared,
        result.undos,
        result.score,
        float(result.finished_at),
    )


def _board(guild_id: int, board: Board) -> tuple[int, str, date | None]:
    return guild_id, board.kind, board.day


class PostgresSolitaireLedger(SolitaireSql):
    """On a pool: the four-player ledger's (``beside``, which closes it) or its own."""

    def __init__(self, pool: Pool, *, owns_pool: bool = True) -> None:
        self._pool = pool
        self._owns_pool = owns_pool

    @classmethod
    def beside(cls, ledger: PostgresLedger) -> PostgresSolitaireLedger:
        """The solitaire's ledger on ``ledger``'s pool (its database migrated already, with the same history)."""
        return cls(ledger.pool(), owns_pool=False)

    @classmethod
    async def open(cls, url: str) -> PostgresSolitaireLedger:
        """The ledger of the database at ``url``, migrated to the latest version (``PostgresLedger.open``'s errors)."""
        return cls(await open_migrated(url))

    async def _insert(self, result: SolitaireResult) -> bool:
        with available():
            inserted = await self._pool.fetchval(
                f"INSERT INTO solitaire_results ({_COLUMNS}) VALUES ({', '.join(f'${n}' for n in range(1, 16))})"
                " ON CONFLICT (result_id) DO NOTHING RETURNING TRUE",
                *_row(result),
            )
        return bool(inserted)

    async def result(self, result_id: str) -> SolitaireResult | None:
        rows = await self._all(f"SELECT {_SELECTED} FROM solitaire_results WHERE result_id = $1", (result_id,))
        return result_from_row(rows[0]) if rows else None

    async def leaderboard(self, guild_id: int, board: Board, limit: int = 10, offset: int = 0) -> list[Standing]:
        check_page(limit, offset)
        rows = await self._all(
            _BEST + _STANDING + " ORDER BY rank LIMIT $4 OFFSET $5", (*_board(guild_id, board), limit, offset)
        )
        return [standing_from_row(row) for row in rows]

    async def count_ranked(self, guild_id: int, board: Board) -> int:
        rows = await self._all(_BEST + "SELECT COUNT(*) FROM ranked", _board(guild_id, board))
        return int(rows[0][0])

    async def rank_of(self, guild_id: int, member_id: int, board: Board) -> Standing | None:
        rows = await self._all(
            _BEST + _STANDING + " WHERE ranked.member_id = $4", (*_board(guild_id, board), member_id)
        )
        return standing_from_row(rows[0]) if rows else None

    async def place_of(self, guild_id: int, member_id: int, board: Board, score: int) -> int | None:
        if score <= 0:
            return None
        rows = await self._all(
            _BEST + "SELECT COUNT(*) FROM ranked WHERE member_id != $4 AND score >= $5",
            (*_board(guild_id, board), member_id, score),
        )
        return 1 + int(rows[0][0])

    async def member_stats(self, guild_id: int, member_id: int, today: date) -> SolitaireStats:
        where = (guild_id, member_id)
        ((games, clears, best_daily, best_free, average),) = await self._all(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE cleared), MAX(score) FILTER (WHERE kind = 'daily'),"
            " MAX(score) FILTER (WHERE kind = 'free'), AVG(seconds) FILTER (WHERE cleared)::float8"
            " FROM solitaire_results WHERE guild_id = $1 AND member_id = $2",
            where,
        )
        days = await self._all(
            "SELECT DISTINCT day FROM solitaire_results WHERE guild_id = $1 AND member_id = $2 AND kind = 'daily'",
            where,
        )
        return SolitaireStats(games, clears, best_daily, best_free, average, streak([day for (day,) in days], today))

    async def latest_daily(self, guild_id: int, member_id: int, until: date) -> DailyGame | None:
        rows = await self._all(
            "SELECT to_char(day, 'YYYY-MM-DD'), score, seconds, pairs, cleared FROM solitaire_results"
            " WHERE guild_id = $1 AND member_id = $2 AND kind = 'daily' AND day <= $3"
            " ORDER BY day DESC, score DESC, seq LIMIT 1",
            (guild_id, member_id, until),
        )
        return daily_game_from_row(rows[0]) if rows else None

    async def daily_players(self, guild_id: int, day: date) -> int:
        rows = await self._all(
            "SELECT COUNT(DISTINCT member_id) FROM solitaire_results"
            " WHERE guild_id = $1 AND kind = 'daily' AND day = $2",
            (guild_id, day),
        )
        return int(rows[0][0])

    async def clear_streak(self, guild_id: int, today: date) -> int:
        rows = await self._all(
            "SELECT DISTINCT day FROM solitaire_results"
            " WHERE guild_id = $1 AND kind = 'daily' AND cleared AND day <= $2",
            (guild_id, today),
        )
        return streak([day for (day,) in rows], today)

    async def close(self) -> None:
        if self._owns_pool:
            await self._pool.close()

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[Row]:
        """The rows of ``sql``: PostgreSQL's ``$n`` placeholders, or the shared statements' ``?``."""
        with available():
            return [tuple(row) for row in await self._pool.fetch(numbered(sql), *parameters)]

    async def _execute(self, sql: str, parameters: Sequence[Any]) -> None:
        with available():
            await self._pool.execute(numbered(sql), *parameters)

    async def _write_checked(self, read: Statement, check: Callable[[list[Row]], None], write: Statement) -> None:
        """Serializable: of two such transactions that each read what the other writes, PostgreSQL breaks
        one off (``StoreUnavailable``, to be tried again) instead of keeping both."""
        (read_sql, read_parameters), (write_sql, write_parameters) = read, write
        with available():
            async with self._pool.acquire() as connection, connection.transaction(isolation="serializable"):
                check([tuple(row) for row in await connection.fetch(numbered(read_sql), *read_parameters)])
                await connection.execute(numbered(write_sql), *write_parameters)

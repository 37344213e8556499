"""``Reports`` in PostgreSQL: the leaderboards and statistics of ``data.ledger_reports``, same figures,
same order, over the tables ``data.ledger_postgres`` writes.

Each report runs in a read-only transaction (PostgreSQL refuses any change in one, so a bug here cannot
change a ledger), on the four-player ledger's pool (``beside``: opening the reports costs nothing, and
closing them leaves the pool to its owner) or on a pool of its own (``open``).

Where SQLite takes a bare column from the row of a single ``MAX`` (a member's name in their newest
hand), PostgreSQL is told so: the name of the newest hand, the later id first among hands of one time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from data.ledger import LedgerFileError, check_page
from data.ledger_postgres import Pool, PostgresLedger, available, open_pool
from data.ledger_reports import TOP_PATTERNS, BestHand, MemberStats, Standing, check_min_hands, standing_from_row


def _seats_where(guild_id: int, rules: str | None, since: float | None) -> tuple[str, list[Any]]:
    """The condition on ``hands h`` and ``hand_seats s`` for a server, rule set and start time (each left
    out when None), its parameters from $1."""
    conditions = ["h.guild_id = $1", "s.member_id IS NOT NULL"]
    parameters: list[Any] = [guild_id]
    if rules is not None:
        parameters.append(rules)
        conditions.append(f"h.rules_name = ${len(parameters)}")
    if since is not None:
        parameters.append(since)
        conditions.append(f"h.finished_at >= ${len(parameters)}")
    return " AND ".join(conditions), parameters


def _ranked(guild_id: int, rules: str, since: float | None, min_hands: int) -> tuple[str, list[Any]]:
    """A ``ranked`` table: every member with ``min_hands`` or more, their totals and rank."""
    where, parameters = _seats_where(guild_id, rules, since)
    parameters.append(min_hands)
    sql = (
        "WITH totals AS ("
        " SELECT s.member_id AS member_id, (ARRAY_AGG(s.name ORDER BY h.finished_at DESC, h.hand_id DESC))[1] AS name,"
        " COUNT(*) AS hands, COUNT(*) FILTER (WHERE h.winner = s.seat) AS wins,"
        " COALESCE(SUM(s.payment), 0) AS net"
        f" FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
        f" GROUP BY s.member_id HAVING COUNT(*) >= ${len(parameters)}),"
        " ranked AS (SELECT RANK() OVER (ORDER BY net DESC, wins DESC, hands ASC) AS rank,"
        " member_id, name, hands, wins, net FROM totals)"
    )
    return sql, parameters


_STANDING = "SELECT rank, member_id, name, hands, wins, net FROM ranked"


class PostgresLedgerReports:
    """Read-only reports over a PostgreSQL ledger."""

    def __init__(self, pool: Pool, *, owns_pool: bool = True) -> None:
        self._pool = pool
        self._owns_pool = owns_pool

    @classmethod
    def beside(cls, ledger: PostgresLedger) -> PostgresLedgerReports:
        return cls(ledger.pool(), owns_pool=False)

    @classmethod
    async def open(cls, url: str) -> PostgresLedgerReports:
        """The reports of the database at ``url``; ``LedgerFileError`` if it holds no ledger (reports never
        create one: the bot's ``PostgresLedger`` does, at start), ``StoreUnavailable`` if it does not answer."""
        pool = await open_pool(url)
        try:
            with available():
                found = await pool.fetchval(
                    "SELECT COUNT(*) FROM unnest(ARRAY['hands', 'hand_seats', 'hand_patterns']) AS t (name)"
                    " WHERE to_regclass(t.name) IS NOT NULL"
                )
            if found != 3:
                raise LedgerFileError("the database holds no ledger tables")
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        if self._owns_pool:
            await self._pool.close()

    async def leaderboard(
        self, guild_id: int, rules: str, since: float | None, min_hands: int, limit: int, offset: int
    ) -> list[Standing]:
        check_page(limit, offset)
        check_min_hands(min_hands)
        ranked, parameters = _ranked(guild_id, rules, since, min_hands)
        page = len(parameters)
        rows = await self._all(
            f"{ranked} {_STANDING} ORDER BY rank, member_id LIMIT ${page + 1} OFFSET ${page + 2}",
            [*parameters, limit, offset],
        )
        return [standing_from_row(row) for row in rows]

    async def rank_of(
        self, guild_id: int, member_id: int, rules: str, since: float | None, min_hands: int
    ) -> Standing | None:
        check_min_hands(min_hands)
        ranked, parameters = _ranked(guild_id, rules, since, min_hands)
        rows = await self._all(
            f"{ranked} {_STANDING} WHERE member_id = ${len(parameters) + 1}", [*parameters, member_id]
        )
        return standing_from_row(rows[0]) if rows else None

    async def count_ranked(self, guild_id: int, rules: str, since: float | None, min_hands: int) -> int:
        check_min_hands(min_hands)
        ranked, parameters = _ranked(guild_id, rules, since, min_hands)
        rows = await self._all(f"{ranked} SELECT COUNT(*) FROM ranked", parameters)
        return int(rows[0][0])

    async def unranked(
        self, guild_id: int, rules: str, since: float | None, min_hands: int, limit: int
    ) -> list[tuple[str, int]]:
        check_page(limit, 0)
        check_min_hands(min_hands)
        where, parameters = _seats_where(guild_id, rules, since)
        count = len(parameters)
        rows = await self._all(
            "SELECT (ARRAY_AGG(s.name ORDER BY h.finished_at DESC, h.hand_id DESC))[1], COUNT(*) AS hands,"
            " MAX(h.finished_at) AS latest, s.member_id"
            f" FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
            f" GROUP BY s.member_id HAVING COUNT(*) < ${count + 1} ORDER BY hands DESC, latest DESC, s.member_id"
            f" LIMIT ${count + 2}",
            [*parameters, min_hands, limit],
        )
        return [(str(row[0]), int(row[1])) for row in rows]

    async def member_hands(self, guild_id: int, member_id: int, rules: str | None, since: float | None) -> int:
        where, parameters = _seats_where(guild_id, rules, since)
        rows = await self._all(
            f"SELECT COUNT(*) FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
            f" AND s.member_id = ${len(parameters) + 1}",
            [*parameters, member_id],
        )
        return int(rows[0][0])

    async def rules_played(self, guild_id: int, member_id: int) -> list[str]:
        where, parameters = _seats_where(guild_id, None, None)
        rows = await self._all(
            f"SELECT h.rules_name FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
            f" AND s.member_id = ${len(parameters) + 1} GROUP BY h.rules_name ORDER BY COUNT(*) DESC, h.rules_name",
            [*parameters, member_id],
        )
        return [str(row[0]) for row in rows]

    async def member_stats(self, guild_id: int, member_id: int, rules: str | None) -> MemberStats:
        where, parameters = _seats_where(guild_id, rules, None)
        member = f"${len(parameters) + 1}"
        joined = f"FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where} AND s.member_id = {member}"
        chosen = [*parameters, member_id]
        ((hands, wins, deal_ins, net),) = await self._all(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE h.winner = s.seat), COUNT(*) FILTER (WHERE h.discarder = s.seat),"
            f" COALESCE(SUM(s.payment), 0) {joined}",
            chosen,
        )
        best_rows = await self._all(
            f"SELECT h.hand_id, s.payment, h.fan, h.finished_at {joined} AND h.winner = s.seat"
            " ORDER BY s.payment DESC, h.finished_at DESC, h.hand_id LIMIT 1",
            chosen,
        )
        pattern_rows = await self._all(
            "SELECT p.pattern, COUNT(*) AS times FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id"
            f" JOIN hand_patterns p ON p.hand_id = h.hand_id WHERE {where} AND s.member_id = {member}"
            f" AND h.winner = s.seat GROUP BY p.pattern ORDER BY times DESC, p.pattern LIMIT ${len(chosen) + 1}",
            [*chosen, TOP_PATTERNS],
        )
        best = None
        if best_rows:
            hand_id, value, fan, finished_at = best_rows[0]
            best = BestHand(hand_id=hand_id, value=float(value), fan=fan, finished_at=finished_at)
        return MemberStats(
            member_id=member_id,
            rules=rules,
            hands=hands,
            wins=wins,
            deal_ins=deal_ins,
            net=float(net),
            best=best,
            patterns=tuple((str(pattern), int(times)) for pattern, times in pattern_rows),
        )

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        """All rows of one read, in a read-only transaction."""
        with available():
            async with self._pool.acquire() as connection, connection.transaction(readonly=True):
                return [tuple(row) for row in await connection.fetch(sql, *parameters)]

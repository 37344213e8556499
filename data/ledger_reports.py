"""What the ledgers tell a server about its players: leaderboards and a member's statistics.

``Reports`` is what every backend answers (``data.ledger_reports_postgres`` on PostgreSQL), opened
for a few reads and closed. ``LedgerReports``, SQLite's, reads the ledger tables that
``data.ledger_sqlite.SqliteLedger`` writes, on a connection of its own opened read-only on the same
file: the file is in WAL mode, so these reads never wait for the writer nor hold it up, and a bug
here cannot change a ledger. Every figure is an SQL aggregate over ``hand_seats`` joined to ``hands``
(indexed by server, rule set and time), so a leaderboard costs one query however many hands a server
has played, never a scan in Python.

The score of a seat in a hand is ``hand_seats.payment``: the net payment for Hong Kong and the
family game, and for classic the winner's score (0 for the others), so "net" is one ``SUM`` for
every rule set.

Order of a leaderboard: the net total, highest first; then more wins; then fewer hands (the same
total in fewer hands is the better play); seats equal on all three share a rank (``RANK()``) and are
listed by member id, so a page never changes between two reads of the same ledger.
"""

from __future__ import annotations

import pathlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import aiosqlite

from data.ledger import LedgerFileError, check_page
from data.ledger_sqlite import DEFAULT_BUSY_TIMEOUT_SECONDS
from data.sqlite_file import available

TOP_PATTERNS = 5


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's line on a leaderboard: ``net`` is the sum of their payments (classic: points won)."""

    rank: int
    member_id: int
    name: str
    hands: int
    wins: int
    net: float

    @property
    def per_hand(self) -> float:
        return self.net / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class BestHand:
    """A member's winning hand that paid them the most (the newest of equals)."""

    hand_id: str
    value: float
    fan: int
    finished_at: float


@dataclass(frozen=True, slots=True)
class MemberStats:
    """A member's figures on one server (for one rule set, or all of them when ``rules`` is None)."""

    member_id: int
    rules: str | None
    hands: int
    wins: int
    deal_ins: int
    net: float
    best: BestHand | None
    patterns: tuple[tuple[str, int], ...]

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def per_hand(self) -> float:
        return self.net / self.hands if self.hands else 0.0


class Reports(Protocol):
    async def leaderboard(
        self, guild_id: int, rules: str, since: float | None, min_hands: int, limit: int, offset: int
    ) -> list[Standing]:
        """One page of the ranked members of a server for a rule set (hands at or after ``since``), with
        ``min_hands`` or more hands each, in the order above; ``LedgerValueError`` for a page that cannot
        exist, ``ValueError`` for ``min_hands`` below 1."""
        ...

    async def rank_of(
        self, guild_id: int, member_id: int, rules: str, since: float | None, min_hands: int
    ) -> Standing | None:
        """The member's line on the whole leaderboard, wherever its page; None if not ranked."""
        ...

    async def count_ranked(self, guild_id: int, rules: str, since: float | None, min_hands: int) -> int: ...

    async def unranked(
        self, guild_id: int, rules: str, since: float | None, min_hands: int, limit: int
    ) -> list[tuple[str, int]]:
        """The members with fewer than ``min_hands`` hands, as (name of their newest hand, hands played),
        most hands first, then the most recently seen, then by member id."""
        ...

    async def member_hands(self, guild_id: int, member_id: int, rules: str | None, since: float | None) -> int:
        """How many hands the member sat at."""
        ...

    async def rules_played(self, guild_id: int, member_id: int) -> list[str]:
        """The rule sets the member has hands in on the server, most played first."""
        ...

    async def member_stats(self, guild_id: int, member_id: int, rules: str | None) -> MemberStats:
        """Hands, wins, deal-ins, net, best hand and the most frequent patterns of the hands won."""
        ...

    async def close(self) -> None: ...


def check_min_hands(min_hands: int) -> None:
    if min_hands < 1:
        raise ValueError(f"min_hands must be at least 1, not {min_hands}")


def _seats_where(guild_id: int, rules: str | None, since: float | None) -> tuple[str, list[Any]]:
    """The condition on ``hands h`` for a server, rule set and start time (each left out when None),
    written without ``? IS NULL OR`` so SQLite can use the (guild, rules, time) index."""
    conditions = ["h.guild_id = ?", "s.member_id IS NOT NULL"]
    parameters: list[Any] = [guild_id]
    if rules is not None:
        conditions.append("h.rules_name = ?")
        parameters.append(rules)
    if since is not None:
        conditions.append("h.finished_at >= ?")
        parameters.append(since)
    return " AND ".join(conditions), parameters


def _ranked(newest_name: str, guild_id: int, rules: str, since: float | None, min_hands: int) -> tuple[str, list[Any]]:
    """A ``ranked`` table: every member with ``min_hands`` or more, their totals and rank; their name is
    ``newest_name``, the one of their newest hand."""
    where, parameters = _seats_where(guild_id, rules, since)
    sql = (
        "WITH totals AS ("
        f" SELECT s.member_id AS member_id, {newest_name} AS name, MAX(h.finished_at) AS latest,"
        " COUNT(*) AS hands, COUNT(CASE WHEN h.winner = s.seat THEN 1 END) AS wins,"
        " COALESCE(SUM(s.payment), 0) AS net"
        f" FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
        " GROUP BY s.member_id HAVING COUNT(*) >= ?),"
        " ranked AS (SELECT RANK() OVER (ORDER BY net DESC, wins DESC, hands ASC) AS rank,"
        " member_id, name, hands, wins, net FROM totals)"
    )
    return sql, [*parameters, min_hands]


_STANDING = "SELECT rank, member_id, name, hands, wins, net FROM ranked"


def standing_from_row(row: Sequence[Any]) -> Standing:
    rank, member_id, name, hands, wins, net = row
    return Standing(rank=rank, member_id=member_id, name=name, hands=hands, wins=wins, net=float(net))


class ReportQueries:
    """The reports in SQL both backends run, with ``?`` placeholders, over a backend's ``_all`` (the rows
    of one read-only query) and ``NEWEST_NAME`` (the expression of a member's name in their newest hand
    among the rows of a ``GROUP BY s.member_id``, the only place the two SQL dialects differ here)."""

    NEWEST_NAME: str

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def leaderboard(
        self, guild_id: int, rules: str, since: float | None, min_hands: int, limit: int, offset: int
    ) -> list[Standing]:
        """One page of the ranked members of a server for a rule set (hands at or after ``since``)."""
        check_page(limit, offset)
        check_min_hands(min_hands)
        ranked, parameters = _ranked(self.NEWEST_NAME, guild_id, rules, since, min_hands)
        rows = await self._all(
            f"{ranked} {_STANDING} ORDER BY rank, member_id LIMIT ? OFFSET ?", [*parameters, limit, offset]
        )
        return [standing_from_row(row) for row in rows]

    async def rank_of(
        self, guild_id: int, member_id: int, rules: str, since: float | None, min_hands: int
    ) -> Standing | None:
        """The member's line on the whole leaderboard, wherever its page; None if not ranked."""
        check_min_hands(min_hands)
        ranked, parameters = _ranked(self.NEWEST_NAME, guild_id, rules, since, min_hands)
        rows = await self._all(f"{ranked} {_STANDING} WHERE member_id = ?", [*parameters, member_id])
        return standing_from_row(rows[0]) if rows else None

    async def count_ranked(self, guild_id: int, rules: str, since: float | None, min_hands: int) -> int:
        check_min_hands(min_hands)
        ranked, parameters = _ranked(self.NEWEST_NAME, guild_id, rules, since, min_hands)
        rows = await self._all(f"{ranked} SELECT COUNT(*) FROM ranked", parameters)
        return int(rows[0][0])

    async def unranked(
        self, guild_id: int, rules: str, since: float | None, min_hands: int, limit: int
    ) -> list[tuple[str, int]]:
        """The members who played fewer than ``min_hands`` hands of the rule set (since ``since``), as
        (name of their newest hand, hands played), most hands first: the leaderboard's "not yet ranked"."""
        check_page(limit, 0)
        check_min_hands(min_hands)
        where, parameters = _seats_where(guild_id, rules, since)
        rows = await self._all(
            f"SELECT {self.NEWEST_NAME}, COUNT(*) AS hands, MAX(h.finished_at) AS latest, s.member_id"
            f" FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
            " GROUP BY s.member_id HAVING COUNT(*) < ? ORDER BY hands DESC, latest DESC, s.member_id LIMIT ?",
            [*parameters, min_hands, limit],
        )
        return [(str(row[0]), int(row[1])) for row in rows]

    async def member_hands(self, guild_id: int, member_id: int, rules: str | None, since: float | None) -> int:
        """How many hands the member sat at (to tell an unranked member how far they are from a rank)."""
        where, parameters = _seats_where(guild_id, rules, since)
        rows = await self._all(
            f"SELECT COUNT(*) FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
            " AND s.member_id = ?",
            [*parameters, member_id],
        )
        return int(rows[0][0])

    async def rules_played(self, guild_id: int, member_id: int) -> list[str]:
        """The rule sets the member has hands in on the server, most played first."""
        where, parameters = _seats_where(guild_id, None, None)
        rows = await self._all(
            f"SELECT h.rules_name FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where}"
            " AND s.member_id = ? GROUP BY h.rules_name ORDER BY COUNT(*) DESC, h.rules_name",
            [*parameters, member_id],
        )
        return [str(row[0]) for row in rows]

    async def member_stats(self, guild_id: int, member_id: int, rules: str | None) -> MemberStats:
        """Hands, wins, deal-ins (their discard won on), net, best hand and their most frequent
        scoring patterns in the hands they won; zeros for a member with no hands."""
        where, parameters = _seats_where(guild_id, rules, None)
        joined = f"FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id WHERE {where} AND s.member_id = ?"
        chosen = [*parameters, member_id]
        ((hands, wins, deal_ins, net),) = await self._all(
            "SELECT COUNT(*), COUNT(CASE WHEN h.winner = s.seat THEN 1 END),"
            f" COUNT(CASE WHEN h.discarder = s.seat THEN 1 END), COALESCE(SUM(s.payment), 0) {joined}",
            chosen,
        )
        best_rows = await self._all(
            f"SELECT h.hand_id, s.payment, h.fan, h.finished_at {joined} AND h.winner = s.seat"
            " ORDER BY s.payment DESC, h.finished_at DESC, h.hand_id LIMIT 1",
            chosen,
        )
        pattern_rows = await self._all(
            "SELECT p.pattern, COUNT(*) AS times FROM hands h JOIN hand_seats s ON s.hand_id = h.hand_id"
            f" JOIN hand_patterns p ON p.hand_id = h.hand_id WHERE {where} AND s.member_id = ?"
            " AND h.winner = s.seat GROUP BY p.pattern ORDER BY times DESC, p.pattern LIMIT ?",
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


class LedgerReports(ReportQueries):
    """Read-only reports over a ledger file; one connection, one query at a time (aiosqlite's thread)."""

    # SQLite takes a bare column from the row of the query's single ``MAX`` (of ``h.finished_at``).
    NEWEST_NAME = "s.name"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def open(
        cls, path: str | pathlib.Path, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS
    ) -> LedgerReports:
        """Open the ledger file at ``path`` read-only; ``LedgerFileError`` if it is missing or holds no
        ledger (reports never create one: the bot's ``SqliteLedger`` does, at start)."""
        file = pathlib.Path(path)
        if not file.is_file():
            raise LedgerFileError(f"{path}: no ledger file")
        try:
            connection = await aiosqlite.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
        except sqlite3.Error as error:
            raise LedgerFileError(f"{path}: cannot be read as the ledger ({error})") from error
        try:
            await connection.execute_fetchall(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
            await connection.execute_fetchall("PRAGMA query_only = ON")
            found = await connection.execute_fetchall(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('hands', 'hand_seats',"
                " 'hand_patterns')"
            )
            if next(iter(found))[0] != 3:
                raise LedgerFileError(f"{path}: holds no ledger tables")
        except sqlite3.Error as error:
            await connection.close()
            raise LedgerFileError(f"{path}: cannot be read as the ledger ({error})") from error
        except BaseException:
            await connection.close()
            raise
        return cls(connection)

    async def close(self) -> None:
        await self._db.close()

    async def _all(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        """All rows of one read; SQLite's errors as the stores' own (``data.sqlite_file.available``)."""
        with available():
            return [tuple(row) for row in await self._db.execute_fetchall(sql, parameters)]

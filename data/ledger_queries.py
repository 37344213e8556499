"""The SQL both ledgers record and read hands and matches with, written once with ``?`` placeholders.

SQLite takes them as they are; PostgreSQL's ledgers number them (``numbered``) before asyncpg sees them,
here and in the statements the reports and the solitaire's ledger share. No shared statement uses ``?``
for anything else (PostgreSQL's JSON operators are not used here).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from core.ratings.matches import rated
from core.ratings.model import PROVISIONAL_BELOW
from core.ratings.seasons import ModeChange, Season, season_at, seasons_until
from data import ledger_ratings, ledger_tournaments
from data.ledger import (
    GuildSettings,
    HandEntry,
    LedgerConflict,
    LedgerValueError,
    MatchEntry,
    SeatEntry,
    TournamentEntry,
    check_page,
)
from data.ledger_ratings import Tx
from data.rating_values import PlayerRating, RatingChange, RatingStanding, Rerated

HAND_SELECT = (
    "SELECT hand_id, guild_id, table_id, match_id, number, rules, winner, discarder, self_drawn, score, fan,"
    " record, finished_at FROM hands"
)
MATCH_SELECT = "SELECT match_id, guild_id, table_id, rules, hand_count, finished_at, ended, practice, deal FROM matches"
HAND_SEATS = (
    "SELECT hand_id, member_id, name, computer, payment FROM hand_seats"
    " WHERE hand_id IN (SELECT hand_id FROM hands WHERE {where}) ORDER BY hand_id, seat"
)
HAND_PATTERNS = (
    "SELECT hand_id, pattern FROM hand_patterns"
    " WHERE hand_id IN (SELECT hand_id FROM hands WHERE {where}) ORDER BY hand_id, position"
)
MATCH_SEATS = (
    "SELECT match_id, member_id, name, computer, total FROM match_seats"
    " WHERE match_id IN (SELECT match_id FROM matches WHERE {where}) ORDER BY match_id, seat"
)
_PAGE = " ORDER BY finished_at DESC, {key} DESC LIMIT ? OFFSET ?"
_PLACEHOLDER = re.compile(r"\?")
_NUMBERED = re.compile(r"\$\d")

Row = tuple[Any, ...]
Entry = HandEntry | MatchEntry
Statement = tuple[str, Sequence[Row]]
"""An insert and the rows it takes."""
Where = tuple[str, tuple[Any, ...]]
"""A condition on a table's rows (perhaps with its order and page) and its parameters."""
Then = Callable[[Tx], Awaitable[None]]
"""What else a write does in its transaction (a match's rating), given the transaction."""
_T = TypeVar("_T")


def json_text(value: Any, field: str) -> str:
    """Canonical JSON (sorted keys), so one document is always the same text."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise LedgerValueError(f"{field} must be a JSON document ({error})", field) from error


def seat_rows(key: str, seats: Sequence[SeatEntry], amounts: Sequence[float]) -> list[Row]:
    """The rows of an entry's seats (``hand_seats`` or ``match_seats``), each with its amount."""
    return [
        (key, index, seat.member_id, seat.name, seat.computer, float(amount))
        for index, (seat, amount) in enumerate(zip(seats, amounts, strict=True))
    ]


def hand_statements(entry: HandEntry) -> tuple[Statement, list[Statement]]:
    """The hand's row (inserted only if its id is new), then its seats and patterns."""
    hand = (
        "INSERT INTO hands (hand_id, guild_id, table_id, match_id, number, rules_name, rules, winner, discarder,"
        " self_drawn, score, fan, record, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (hand_id) DO NOTHING",
        [
            (
                entry.hand_id,
                entry.guild_id,
                entry.table_id,
                entry.match_id,
                entry.number,
                entry.rules_name,
                json_text(entry.rules, "rules"),
                entry.winner,
                entry.discarder,
                entry.self_drawn,  # a bool: an integer to SQLite, a boolean to PostgreSQL
                float(entry.score),
                entry.fan,
                entry.record,
                float(entry.finished_at),
            )
        ],
    )
    seats = (
        "INSERT INTO hand_seats (hand_id, seat, member_id, name, computer, payment) VALUES (?, ?, ?, ?, ?, ?)",
        seat_rows(entry.hand_id, entry.seats, entry.payments),
    )
    patterns = (
        "INSERT INTO hand_patterns (hand_id, position, pattern) VALUES (?, ?, ?)",
        [(entry.hand_id, position, pattern) for position, pattern in enumerate(entry.patterns)],
    )
    return hand, [seats, patterns]


def match_statements(entry: MatchEntry) -> tuple[Statement, list[Statement]]:
    match = (
        "INSERT INTO matches (match_id, guild_id, table_id, rules_name, rules, hand_count, finished_at, ended,"
        " practice, deal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO NOTHING",
        [
            (
                entry.match_id,
                entry.guild_id,
                entry.table_id,
                entry.rules_name,
                json_text(entry.rules, "rules"),
                entry.hands,
                float(entry.finished_at),
                entry.ended,
                entry.practice,  # a bool: an integer to SQLite, a boolean to PostgreSQL
                entry.deal,
            )
        ],
    )
    seats = (
        "INSERT INTO match_seats (match_id, seat, member_id, name, computer, total) VALUES (?, ?, ?, ?, ?, ?)",
        seat_rows(entry.match_id, entry.seats, entry.totals),
    )
    return match, [seats]


def hands_where(
    guild_id: int, member_id: int | None, rules: str | None, since: float | None, limit: int, offset: int
) -> Where:
    """A server's hands, newest first, a page of them: only those ``member_id`` sat at, of the rule set
    ``rules``, finished at or after ``since``, when given."""
    conditions: list[str] = ["guild_id = ?"]
    parameters: list[Any] = [guild_id]
    for condition, value in (
        ("hand_id IN (SELECT hand_id FROM hand_seats WHERE member_id = ?)", member_id),
        ("rules_name = ?", rules),
        ("finished_at >= ?", since),
    ):
        if value is not None:
            conditions.append(condition)
            parameters.append(value)
    return " AND ".join(conditions) + _PAGE.format(key="hand_id"), (*parameters, limit, offset)


def matches_where(guild_id: int, member_id: int | None, limit: int, offset: int) -> Where:
    """A server's matches, newest first, a page of them: only those ``member_id`` sat at, when given."""
    page = _PAGE.format(key="match_id")
    if member_id is None:
        return "guild_id = ?" + page, (guild_id, limit, offset)
    return (
        "guild_id = ? AND match_id IN (SELECT match_id FROM match_seats WHERE member_id = ?)" + page,
        (guild_id, member_id, limit, offset),
    )


def deal_where(guild_id: int, deal: str, limit: int, offset: int) -> Where:
    """A server's matches on one deal, a page of them: the best score of each first (then the oldest)."""
    return (
        "guild_id = ? AND deal = ?"
        " ORDER BY (SELECT MAX(s.total) FROM match_seats s WHERE s.match_id = matches.match_id) DESC,"
        " finished_at, match_id LIMIT ? OFFSET ?",
        (guild_id, deal, limit, offset),
    )


def refuse_conflict(kind: str, key: str, entry: Entry, stored: Entry | None) -> None:
    """``LedgerConflict`` naming the fields that differ, unless the stored entry is this one (its rules
    compared as the store gives them back, through JSON)."""
    expected = dataclasses.replace(entry, rules=json.loads(json_text(entry.rules, "rules")))
    if stored != expected:
        differing = [
            field.name
            for field in dataclasses.fields(expected)
            if stored is None or getattr(stored, field.name) != getattr(expected, field.name)
        ]
        raise LedgerConflict(f"{kind} {key} is already recorded with other {', '.join(differing)}")


@functools.lru_cache(maxsize=256)  # a few dozen statements and conditions, numbered once each
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered in order, as PostgreSQL wants them: ``$1``, ``$2``...
    A statement already in PostgreSQL's ``$n`` is returned as it is; one mixing both is refused, since
    its numbers would clash."""
    if "?" in sql and _NUMBERED.search(sql):
        raise ValueError(f"a statement mixes ? and $n placeholders: {sql}")
    count = itertools.count(1)
    return _PLACEHOLDER.sub(lambda _: f"${next(count)}", sql)


class LedgerQueries:
    """The part of ``Ledger`` both backends answer alike, over a backend's ``_first`` (the first row of a
    read, or None), ``_execute`` (one changing statement), ``_hands`` and ``_matches`` (the entries a
    condition selects, with their seats, in one snapshot), ``_insert_once`` (an entry's row and, only
    if its id was new, its seats and patterns and what ``then`` does, in one transaction: True if it was
    new) and ``_transact`` (a function of a transaction run in one: a write, or a read of one snapshot).

    Exactly once: an entry whose id is taken is compared with the stored one, to tell a replayed
    completion (nothing to do) from a conflict (a bug). A rated match is rated in the transaction that
    inserts it (``data.ledger_ratings``)."""

    async def _insert_once(self, head: Statement, children: list[Statement], then: Then | None = None) -> bool:
        raise NotImplementedError

    async def _transact(self, work: Callable[[Tx], Awaitable[_T]], *, write: bool) -> _T:
        raise NotImplementedError

    async def _first(self, sql: str, parameters: Sequence[Any]) -> Row | None:
        raise NotImplementedError

    async def _execute(self, sql: str, parameters: Sequence[Any]) -> None:
        raise NotImplementedError

    async def _hands(self, where: str, parameters: Sequence[Any]) -> list[HandEntry]:
        raise NotImplementedError

    async def _matches(self, where: str, parameters: Sequence[Any]) -> list[MatchEntry]:
        raise NotImplementedError

    async def record_hand(self, entry: HandEntry) -> bool:
        if await self._insert_once(*hand_statements(entry)):
            return True
        refuse_conflict("hand", entry.hand_id, entry, await self.hand(entry.hand_id))
        return False

    async def record_match(self, entry: MatchEntry) -> bool:
        async def rate(tx: Tx) -> None:
            await ledger_ratings.rate_recorded(tx, entry)

        if await self._insert_once(*match_statements(entry), then=rate if rated(entry) else None):
            return True
        found = await self._matches("match_id = ?", (entry.match_id,))
        refuse_conflict("match", entry.match_id, entry, found[0] if found else None)
        return False

    async def has_hand(self, hand_id: str) -> bool:
        return await self._first("SELECT 1 FROM hands WHERE hand_id = ?", (hand_id,)) is not None

    async def hands(
        self,
        guild_id: int,
        *,
        member_id: int | None = None,
        rules: str | None = None,
        since: float | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[HandEntry]:
        check_page(limit, offset)
        return await self._hands(*hands_where(guild_id, member_id, rules, since, limit, offset))

    async def hand(self, hand_id: str) -> HandEntry | None:
        found = await self._hands("hand_id = ?", (hand_id,))
        return found[0] if found else None

    async def matches(
        self, guild_id: int, *, member_id: int | None = None, limit: int = 20, offset: int = 0
    ) -> list[MatchEntry]:
        check_page(limit, offset)
        return await self._matches(*matches_where(guild_id, member_id, limit, offset))

    async def deal_matches(self, guild_id: int, deal: str, *, limit: int = 10, offset: int = 0) -> list[MatchEntry]:
        check_page(limit, offset)
        return await self._matches(*deal_where(guild_id, deal, limit, offset))

    async def deal_match_count(self, guild_id: int, deal: str) -> int:
        row = await self._first("SELECT COUNT(*) FROM matches WHERE guild_id = ? AND deal = ?", (guild_id, deal))
        return 0 if row is None else int(row[0])

    async def record_tournament(self, entry: TournamentEntry) -> bool:
        return await self._transact(lambda tx: ledger_tournaments.record(tx, entry), write=True)

    async def tournament(self, guild_id: int, tournament_id: str) -> TournamentEntry | None:
        return await self._transact(lambda tx: ledger_tournaments.one(tx, guild_id, tournament_id), write=False)

    async def tournaments(self, guild_id: int, *, limit: int = 20, offset: int = 0) -> list[TournamentEntry]:
        return await self._transact(lambda tx: ledger_tournaments.of_guild(tx, guild_id, limit, offset), write=False)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._first("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings() if row is None else GuildSettings.from_document(json.loads(row[0]))

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        settings.validate()
        await self._execute(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (guild_id, json_text(settings.to_document(), "settings")),
        )

    async def member_mentions(self, guild_id: int, member_id: int) -> bool:
        row = await self._first(
            "SELECT mentions FROM member_preferences WHERE guild_id = ? AND member_id = ?", (guild_id, member_id)
        )
        return True if row is None else bool(row[0])

    async def set_member_mentions(self, guild_id: int, member_id: int, on: bool) -> None:
        # a bool is an integer to SQLite, and a boolean to PostgreSQL: each column gets its own
        await self._execute(
            "INSERT INTO member_preferences (guild_id, member_id, mentions) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, member_id) DO UPDATE SET mentions = excluded.mentions",
            (guild_id, member_id, on),
        )

    # --- ratings and seasons (SPEC §8; data.ledger_ratings) ----------------------------------------------

    async def season_modes(self, guild_id: int) -> list[ModeChange]:
        return await self._transact(lambda tx: ledger_ratings.season_history(tx, guild_id), write=False)

    async def set_season_mode(self, guild_id: int, mode: str, now: float) -> list[ModeChange]:
        return await self._transact(lambda tx: ledger_ratings.set_season_mode(tx, guild_id, mode, now), write=True)

    async def replace_season_modes(self, guild_id: int, history: Sequence[ModeChange]) -> Rerated:
        return await self._transact(lambda tx: ledger_ratings.replace_season_history(tx, guild_id, history), write=True)

    async def season_of(self, guild_id: int, at: float) -> Season:
        return season_at(await self.season_modes(guild_id), at)

    async def seasons(self, guild_id: int, now: float) -> list[Season]:
        return seasons_until(await self.season_modes(guild_id), now)

    async def ratings_of(self, guild_id: int, player: str, season: int) -> list[PlayerRating]:
        return await self._transact(lambda tx: ledger_ratings.player_ratings(tx, guild_id, player, season), write=False)

    async def rating_leaderboard(
        self,
        guild_id: int,
        rules: str,
        season: int,
        *,
        computers: bool = False,
        minimum: int = PROVISIONAL_BELOW,
        limit: int = 10,
        offset: int = 0,
    ) -> list[RatingStanding]:
        return await self._transact(
            lambda tx: ledger_ratings.leaderboard(
                tx, guild_id, rules, season, computers=computers, minimum=minimum, limit=limit, offset=offset
            ),
            write=False,
        )

    async def rating_count(
        self, guild_id: int, rules: str, season: int, *, computers: bool = False, minimum: int = PROVISIONAL_BELOW
    ) -> int:
        return await self._transact(
            lambda tx: ledger_ratings.leaderboard_count(
                tx, guild_id, rules, season, computers=computers, minimum=minimum
            ),
            write=False,
        )

    async def pool_ratings(
        self, guild_id: int, rules: str, players: Sequence[str], at: float
    ) -> dict[str, PlayerRating]:
        async def read(tx: Tx) -> dict[str, PlayerRating]:
            season = season_at(await ledger_ratings.season_history(tx, guild_id), at).number
            return await ledger_ratings.pool_ratings(tx, guild_id, rules, players, season)

        return await self._transact(read, write=False)

    async def season_standings(self, guild_id: int, season: int, *, limit: int = 10) -> dict[str, list[RatingStanding]]:
        return await self._transact(
            lambda tx: ledger_ratings.season_standings(tx, guild_id, season, limit), write=False
        )

    async def rating_changes(
        self, guild_id: int, player: str, *, rules: str | None = None, limit: int = 10, offset: int = 0
    ) -> list[RatingChange]:
        return await self._transact(
            lambda tx: ledger_ratings.player_changes(tx, guild_id, player, rules, limit, offset), write=False
        )

    async def match_rating_changes(self, match_id: str) -> list[RatingChange]:
        return await self._transact(lambda tx: ledger_ratings.match_changes(tx, match_id), write=False)

    async def rerate(self, *, repair: bool = True) -> Rerated:
        return await self._transact(lambda tx: ledger_ratings.rerate(tx, repair=repair), write=True)

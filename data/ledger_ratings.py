"""The ratings and seasons the ledgers keep (SPEC §8), written once for both backends over a transaction
(``Tx``): each backend runs these functions inside one of its own transactions.

Exactly once: ``record_match`` of a rated match (``core.ratings.rated``) rates it in the transaction that
inserts the match, after the insert found its id new; a process killed anywhere leaves the match either
unrecorded and unrated or recorded and rated, and a match recorded twice is rated once.

In the order matches ended: a pool's matches are rated in the order of (``finished_at``, ``match_id``).
A match that arrives after a later one of its pool was rated (two processes, or a process that died
before recording it and left it pending in its table's live state) is put in its place in the same
transaction: the later matches' changes are undone (each player's rating put back as it was before their
first later match), the match is rated, then the later ones again in order. So the stored ratings are
always those a replay of the ledger gives (``rerate``): a pure function of the ledger.

Rated matches of one server are written one at a time: SQLite's write transactions are one at a time
anyway; PostgreSQL takes a transaction-scoped advisory lock on the server (``Tx.lock``) first, and so does
a change of season mode.

Seasons: each server's history of modes (``core.ratings.seasons``) is in ``season_modes``; a change is
added at the moment it is made, or just after the server's newest rated match if that is later (a clock
behind another process's), so a rated match never changes season.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from core.ratings.book import Held, RatingBook, SeatChange, rate_seats
from core.ratings.matches import COMPUTER, MEMBER, is_computer, is_rated, players_of, seat_player
from core.ratings.model import PROVISIONAL_BELOW, Rating, season_start
from core.ratings.seasons import SEASON_MODES, ModeChange, Season, season_at
from data.ledger import LedgerValueError, MatchEntry, check_page
from data.rating_values import PlayerRating, RatingChange, RatingStanding, Rerated

Row = tuple[Any, ...]
Pool = tuple[int, str]  # (server, rule set)
DIFFERENCES_SHOWN = 20


class Tx(Protocol):
    """One transaction of a backend, with ``?`` placeholders (PostgreSQL's numbers them)."""

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]: ...

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> None: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def lock_guild(self, guild_id: int) -> None:
        """Hold the server's ratings until the transaction ends (PostgreSQL; SQLite's writers already
        take turns)."""
        ...

    async def lock_all(self) -> None:
        """Hold every server's ratings and matches until the transaction ends (``rerate``)."""
        ...


@dataclass(frozen=True, slots=True)
class _Rated:
    """A rated match as it is rated: its pool, season, order and each seat's player and score."""

    match_id: str
    guild_id: int
    rules: str
    season: int
    finished_at: float
    players: tuple[str, ...]
    scores: tuple[float, ...]


# --- writing: a match rated in the transaction that records it ----------------------------------------


async def rate_recorded(tx: Tx, entry: MatchEntry) -> None:
    """Rate a match just inserted (in the same transaction), in its place among its pool's matches."""
    await tx.lock_guild(entry.guild_id)
    season = season_at(await _history(tx, entry.guild_id), entry.finished_at).number
    match = _Rated(
        entry.match_id,
        entry.guild_id,
        entry.rules_name,
        season,
        float(entry.finished_at),
        players_of(entry),
        tuple(float(total) for total in entry.totals),
    )
    later = await _later(tx, match)
    if later:
        await _undo(tx, match, later)
    for each in (match, *later):
        await _apply(tx, each)


# The rated matches of a pool after a given one: ``_later_parameters``.
_LATER = "guild_id = ? AND rules_name = ? AND (finished_at > ? OR (finished_at = ? AND match_id > ?))"
_LATER_R = "r.guild_id = ? AND r.rules_name = ? AND (r.finished_at > ? OR (r.finished_at = ? AND r.match_id > ?))"


async def _later(tx: Tx, match: _Rated) -> list[_Rated]:
    """The rated matches of the match's pool that come after it, in order."""
    rows = await tx.fetch(
        "SELECT r.match_id, r.season, r.finished_at, s.member_id, s.computer, s.total"
        " FROM rated_matches r JOIN match_seats s ON s.match_id = r.match_id"
        f" WHERE {_LATER_R}"
        " ORDER BY r.finished_at, r.match_id, s.seat",
        _later_parameters(match),
    )
    found: list[_Rated] = []
    seats: dict[str, list[Row]] = {}
    for match_id, season, finished_at, member_id, computer, total in rows:
        if match_id not in seats:
            seats[match_id] = []
            found.append(_Rated(match_id, match.guild_id, match.rules, int(season), float(finished_at), (), ()))
        seats[match_id].append((member_id, computer, total))
    return [
        _Rated(
            each.match_id,
            each.guild_id,
            each.rules,
            each.season,
            each.finished_at,
            tuple(_key(member_id, computer) for member_id, computer, _ in seats[each.match_id]),
            tuple(float(total) for _, _, total in seats[each.match_id]),
        )
        for each in found
    ]


def _later_parameters(match: _Rated) -> tuple[Any, ...]:
    return (match.guild_id, match.rules, match.finished_at, match.finished_at, match.match_id)


def _key(member_id: int | None, computer: str | None) -> str:
    key = seat_player(member_id, computer)
    if key is None:  # a rated match's seats all have a player (``rated``)
        raise ValueError("a rated match's seat is neither a member nor a computer")
    return key


async def _undo(tx: Tx, match: _Rated, later: list[_Rated]) -> None:
    """Put the ratings of ``later``'s players back as they were before the first of those matches, and
    forget the later matches' rating (they are rated again next, in order)."""
    seasons = {each.match_id: each.season for each in later}
    rows = await tx.fetch(
        "SELECT c.match_id, c.player, c.mu_before, c.sigma_before, c.matches FROM rating_changes c"
        " JOIN rated_matches r ON r.match_id = c.match_id"
        f" WHERE {_LATER_R}"
        " ORDER BY r.finished_at, r.match_id, c.seat",
        _later_parameters(match),
    )
    undone: set[tuple[int, str]] = set()
    for match_id, player, mu_before, sigma_before, matches in rows:
        key = (seasons[match_id], player)
        if key in undone:
            continue
        undone.add(key)
        where = (match.guild_id, match.rules, key[0], player)
        if matches == 1:  # their first match of that season: no rating in it before
            await tx.execute(
                "DELETE FROM ratings WHERE guild_id = ? AND rules_name = ? AND season = ? AND player = ?", where
            )
        else:
            await tx.execute(
                "UPDATE ratings SET mu = ?, sigma = ?, matches = ?"
                " WHERE guild_id = ? AND rules_name = ? AND season = ? AND player = ?",
                (mu_before, sigma_before, matches - 1, *where),
            )
    chosen = f"SELECT match_id FROM rated_matches WHERE {_LATER}"
    await tx.execute(f"DELETE FROM rating_changes WHERE match_id IN ({chosen})", _later_parameters(match))
    await tx.execute(f"DELETE FROM rated_matches WHERE {_LATER}", _later_parameters(match))


async def _apply(tx: Tx, match: _Rated) -> None:
    """Rate the match from its players' stored ratings and store what it changed."""
    players = list(dict.fromkeys(match.players))
    marks = ", ".join("?" for _ in players)
    rows = await tx.fetch(
        "SELECT player, mu, sigma, matches FROM ratings"
        f" WHERE guild_id = ? AND rules_name = ? AND season = ? AND player IN ({marks})",
        (match.guild_id, match.rules, match.season, *players),
    )
    before = {player: Held(Rating(mu, sigma), matches) for player, mu, sigma, matches in rows}
    for player in players:
        if player not in before:
            last = await tx.fetch(
                "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND rules_name = ? AND player = ? AND season < ?"
                " ORDER BY season DESC LIMIT 1",
                (match.guild_id, match.rules, player, match.season),
            )
            before[player] = Held(season_start(Rating(*last[0]) if last else None), 0)
    changes = rate_seats(before, match.players, match.scores)
    after = {change.player: change for change in changes}
    await tx.executemany(
        "INSERT INTO ratings (guild_id, rules_name, season, player, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, rules_name, season, player)"
        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches",
        [_rating_row((match.guild_id, match.rules), match.season, change) for change in after.values()],
    )
    await tx.execute(_RATED_INSERT, _rated_row(match))
    await tx.executemany(_CHANGE_INSERT, [_change_row(match, change) for change in changes])


_RATED_INSERT = "INSERT INTO rated_matches (match_id, guild_id, rules_name, season, finished_at) VALUES (?, ?, ?, ?, ?)"
_CHANGE_INSERT = (
    "INSERT INTO rating_changes (match_id, seat, guild_id, finished_at, player, place, mu_before, sigma_before,"
    " mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_RATING_INSERT = (
    "INSERT INTO ratings (guild_id, rules_name, season, player, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def _rating_row(pool: Pool, season: int, change: SeatChange) -> Row:
    return (*pool, season, change.player, change.after.mu, change.after.sigma, change.matches)


def _rated_row(match: _Rated) -> Row:
    return (match.match_id, match.guild_id, match.rules, match.season, match.finished_at)


def _change_row(match: _Rated, change: SeatChange) -> Row:
    return (
        match.match_id,
        change.seat,
        match.guild_id,
        match.finished_at,
        change.player,
        change.place,
        change.before.mu,
        change.before.sigma,
        change.after.mu,
        change.after.sigma,
        change.matches,
    )


# --- seasons ------------------------------------------------------------------------------------------


async def _history(tx: Tx, guild_id: int) -> list[ModeChange]:
    rows = await tx.fetch(
        "SELECT effective_at, mode, from_start FROM season_modes WHERE guild_id = ? ORDER BY effective_at",
        (guild_id,),
    )
    return [ModeChange(float(at), str(mode), bool(from_start)) for at, mode, from_start in rows]


async def season_history(tx: Tx, guild_id: int) -> list[ModeChange]:
    """The server's changes of season mode, oldest first (none: one season for all time)."""
    return await _history(tx, guild_id)


async def set_season_mode(tx: Tx, guild_id: int, mode: str, now: float) -> list[ModeChange]:
    """Make ``mode`` the server's season mode from ``now`` (see the module's doc) and answer the history.
    Nothing changes if it is the mode already; a server none of whose matches is rated yet has its
    history replaced by this one choice, from the start."""
    if mode not in SEASON_MODES:
        raise LedgerValueError(f"season must be one of {', '.join(SEASON_MODES)}, not {mode!r}", "season")
    if not math.isfinite(now):
        raise LedgerValueError("the moment a season mode takes effect must be a finite number", "season")
    await tx.lock_guild(guild_id)
    history = await _history(tx, guild_id)
    if (history[-1].mode if history else "none") == mode:
        return history
    newest = await tx.fetch("SELECT MAX(finished_at) FROM rated_matches WHERE guild_id = ?", (guild_id,))
    if newest[0][0] is None:
        await tx.execute("DELETE FROM season_modes WHERE guild_id = ?", (guild_id,))
        if mode != "none":
            await _insert_mode(tx, guild_id, ModeChange(now, mode, from_start=True))
        return await _history(tx, guild_id)
    effective = max(now, math.nextafter(float(newest[0][0]), math.inf))
    if history and effective <= history[-1].effective_at:  # no rated match at or after it: replace it
        effective = history[-1].effective_at
        await tx.execute("DELETE FROM season_modes WHERE guild_id = ? AND effective_at = ?", (guild_id, effective))
        history.pop()
        if (history[-1].mode if history else "none") == mode:
            return history
    await _insert_mode(tx, guild_id, ModeChange(effective, mode))
    return await _history(tx, guild_id)


async def _insert_mode(tx: Tx, guild_id: int, change: ModeChange) -> None:
    await tx.execute(
        "INSERT INTO season_modes (guild_id, effective_at, mode, from_start) VALUES (?, ?, ?, ?)",
        (guild_id, change.effective_at, change.mode, change.from_start),
    )


async def replace_season_history(tx: Tx, guild_id: int, history: Sequence[ModeChange]) -> Rerated:
    """Replace the server's history of season modes with ``history`` (a copy of another ledger's) and
    rebuild the server's ratings under it."""
    await tx.lock_all()
    await tx.execute("DELETE FROM season_modes WHERE guild_id = ?", (guild_id,))
    for change in history:
        await _insert_mode(tx, guild_id, change)
    return await rerate(tx, repair=True, guild_id=guild_id)


# --- rerate: the ratings rebuilt from the ledger's matches --------------------------------------------


async def rerate(tx: Tx, *, repair: bool, guild_id: int | None = None) -> Rerated:
    """Rate every match of the ledger (of the server ``guild_id`` only, when given) again, each pool in
    order, from nothing; compare with the stored ratings, rated matches and changes, and replace them
    with the rebuilt ones if they differ and ``repair``."""
    await tx.lock_all()
    only, parameters = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    histories: dict[int, list[ModeChange]] = {}
    for guild, at, mode, from_start in await tx.fetch(
        f"SELECT guild_id, effective_at, mode, from_start FROM season_modes {only} ORDER BY guild_id, effective_at",
        parameters,
    ):
        histories.setdefault(int(guild), []).append(ModeChange(float(at), str(mode), bool(from_start)))
    book: RatingBook[Pool] = RatingBook()
    expected_rated: dict[str, Row] = {}
    expected_changes: dict[tuple[str, int], Row] = {}
    seasons: dict[int, list[Season]] = {}
    for match in await _ratable(tx, guild_id):
        season = _season_of(seasons, histories.get(match.guild_id, []), match.guild_id, match.finished_at)
        match = _Rated(
            match.match_id, match.guild_id, match.rules, season, match.finished_at, match.players, match.scores
        )
        changes = book.rate((match.guild_id, match.rules), season, match.players, match.scores)
        expected_rated[match.match_id] = _rated_row(match)[1:]
        for change in changes:
            expected_changes[(match.match_id, change.seat)] = _change_row(match, change)[2:]
    expected_ratings = {
        (pool[0], pool[1], season, player): (held.rating.mu, held.rating.sigma, held.matches)
        for (pool, season, player), held in book.held.items()
    }
    report = Rerated(
        matches=len(expected_rated),
        pools=len({(row[0], row[1]) for row in expected_rated.values()}),
        ratings=len(expected_ratings),
    )
    stored_rated = {
        row[0]: tuple(row[1:])
        for row in await tx.fetch(
            f"SELECT match_id, guild_id, rules_name, season, finished_at FROM rated_matches {only}", parameters
        )
    }
    stored_changes = {
        (row[0], row[1]): tuple(row[2:])
        for row in await tx.fetch(
            "SELECT match_id, seat, guild_id, finished_at, player, place, mu_before, sigma_before, mu, sigma, matches"
            f" FROM rating_changes {only}",
            parameters,
        )
    }
    stored_ratings = {
        tuple(row[:4]): tuple(row[4:])
        for row in await tx.fetch(
            f"SELECT guild_id, rules_name, season, player, mu, sigma, matches FROM ratings {only}", parameters
        )
    }
    report.differences = [
        *_differences("rated match", expected_rated, stored_rated),
        *_differences("rating change", expected_changes, stored_changes),
        *_differences("rating", expected_ratings, stored_ratings),
    ]
    report.equal = not report.differences
    del report.differences[DIFFERENCES_SHOWN:]
    if not report.equal and repair:
        await tx.execute(f"DELETE FROM rating_changes {only}", parameters)
        await tx.execute(f"DELETE FROM rated_matches {only}", parameters)
        await tx.execute(f"DELETE FROM ratings {only}", parameters)
        await tx.executemany(_RATED_INSERT, [(key, *row) for key, row in expected_rated.items()])
        await tx.executemany(_CHANGE_INSERT, [(*key, *row) for key, row in expected_changes.items()])
        await tx.executemany(_RATING_INSERT, [(*key, *row) for key, row in expected_ratings.items()])
        report.repaired = True
    return report


def _season_of(cache: dict[int, list[Season]], history: list[ModeChange], guild_id: int, at: float) -> int:
    """The season number of ``at``, the server's seasons met so far kept to spare most calendar sums."""
    known = cache.setdefault(guild_id, [])
    for season in reversed(known):
        if season.holds(at):
            return season.number
    found = season_at(history, at)
    known.append(found)
    return found.number


async def _ratable(tx: Tx, guild_id: int | None) -> list[_Rated]:
    """Every rated match of the ledger (of one server when given), each pool's in order."""
    only, parameters = ("WHERE m.guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    rows = await tx.fetch(
        "SELECT m.match_id, m.guild_id, m.rules_name, m.finished_at, m.ended, m.practice,"
        " s.member_id, s.computer, s.total FROM matches m JOIN match_seats s ON s.match_id = m.match_id"
        f" {only} ORDER BY m.guild_id, m.rules_name, m.finished_at, m.match_id, s.seat",
        parameters,
    )
    found: list[_Rated] = []
    current: list[Row] = []
    for row in rows:
        if current and current[0][0] != row[0]:
            _add_ratable(found, current)
            current = []
        current.append(row)
    if current:
        _add_ratable(found, current)
    return found


def _add_ratable(found: list[_Rated], rows: list[Row]) -> None:
    match_id, guild, rules, finished_at, ended, practice = rows[0][:6]
    players = [seat_player(member_id, computer) for *_, member_id, computer, _ in rows]
    if not is_rated(str(rules), str(ended), bool(practice), players):
        return
    found.append(
        _Rated(
            match_id,
            int(guild),
            str(rules),
            0,
            float(finished_at),
            tuple(player for player in players if player is not None),
            tuple(float(row[-1]) for row in rows),
        )
    )


def _differences(kind: str, expected: dict[Any, Row], stored: dict[Any, Row]) -> list[str]:
    if expected == stored:
        return []
    found = []
    for key in sorted(expected.keys() | stored.keys(), key=repr):
        want, have = expected.get(key), stored.get(key)
        if want is None:
            found.append(f"{kind} {_named(key)}: stored, but the ledger's matches give none")
        elif have is None:
            found.append(f"{kind} {_named(key)}: missing (rebuilt: {list(want)})")
        elif tuple(want) != tuple(have):
            found.append(f"{kind} {_named(key)}: stored {list(have)}, rebuilt {list(want)}")
    return found


def _named(key: Any) -> str:
    return " ".join(map(str, key)) if isinstance(key, tuple) else str(key)


# --- reading ------------------------------------------------------------------------------------------


def _kind(player: str) -> str:
    return f"{COMPUTER}%" if is_computer(player) else f"{MEMBER}%"


async def player_ratings(tx: Tx, guild_id: int, player: str, season: int) -> list[PlayerRating]:
    """The player's rating in each pool of the server they have played in up to ``season``, by rule set."""
    rows = await tx.fetch(
        "SELECT rules_name, season, mu, sigma, matches FROM ratings"
        " WHERE guild_id = ? AND player = ? AND season <= ? ORDER BY rules_name, season",
        (guild_id, player, season),
    )
    pools: dict[str, list[Row]] = {}
    for row in rows:
        pools.setdefault(row[0], []).append(row)
    found = []
    for rules, held in pools.items():
        total = sum(int(row[4]) for row in held)
        _, latest, mu, sigma, matches = held[-1]
        if latest == season:
            rating, in_season = Rating(mu, sigma), int(matches)
        else:
            rating, in_season = season_start(Rating(mu, sigma)), 0
        rank = None
        if in_season >= PROVISIONAL_BELOW:
            above = await tx.fetch(
                "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND rules_name = ? AND season = ? AND matches >= ?"
                " AND player LIKE ? AND mu - 3.0 * sigma > ?",
                (guild_id, rules, season, PROVISIONAL_BELOW, _kind(player), rating.mu - 3.0 * rating.sigma),
            )
            rank = int(above[0][0]) + 1
        found.append(PlayerRating(rules, player, season, rating, in_season, total, rank))
    return found


async def leaderboard(
    tx: Tx,
    guild_id: int,
    rules: str,
    season: int,
    *,
    computers: bool,
    minimum: int,
    limit: int,
    offset: int,
) -> list[RatingStanding]:
    """A pool's season leaderboard, best ordinal first: its members (or, ``computers``, its computers)
    with at least ``minimum`` rated matches in the season; equal ordinals share a rank, listed by key."""
    check_page(limit, offset)
    rows = await tx.fetch(
        "SELECT r.player, r.mu, r.sigma, r.matches, (SELECT SUM(t.matches) FROM ratings t WHERE t.guild_id = r.guild_id"
        " AND t.rules_name = r.rules_name AND t.player = r.player AND t.season <= r.season) AS total,"
        " RANK() OVER (ORDER BY r.mu - 3.0 * r.sigma DESC) AS place"
        " FROM ratings r WHERE r.guild_id = ? AND r.rules_name = ? AND r.season = ? AND r.matches >= ?"
        " AND r.player LIKE ? ORDER BY place, r.player LIMIT ? OFFSET ?",
        (guild_id, rules, season, minimum, f"{COMPUTER if computers else MEMBER}%", limit, offset),
    )
    return [
        RatingStanding(int(place), player, Rating(mu, sigma), int(matches), int(total))
        for player, mu, sigma, matches, total, place in rows
    ]


async def leaderboard_count(tx: Tx, guild_id: int, rules: str, season: int, *, computers: bool, minimum: int) -> int:
    """How many lines ``leaderboard`` has in all (its pages' count)."""
    rows = await tx.fetch(
        "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND rules_name = ? AND season = ? AND matches >= ?"
        " AND player LIKE ?",
        (guild_id, rules, season, minimum, f"{COMPUTER if computers else MEMBER}%"),
    )
    return int(rows[0][0])


async def pool_ratings(
    tx: Tx, guild_id: int, rules: str, players: Sequence[str], season: int
) -> dict[str, PlayerRating]:
    """The rating of each of ``players`` who has one in the pool (``rules``) for ``season`` (the season's
    start from their last one, if they have not played in it yet), without ranks: what a table shows
    beside its seats, in one read."""
    wanted = list(dict.fromkeys(players))
    if not wanted:
        return {}
    marks = ", ".join("?" for _ in wanted)
    rows = await tx.fetch(
        "SELECT player, season, mu, sigma, matches FROM ratings"
        f" WHERE guild_id = ? AND rules_name = ? AND season <= ? AND player IN ({marks}) ORDER BY player, season",
        (guild_id, rules, season, *wanted),
    )
    held: dict[str, list[Row]] = {}
    for row in rows:
        held.setdefault(str(row[0]), []).append(row)
    found = {}
    for player, seasons in held.items():
        _, latest, mu, sigma, matches = seasons[-1]
        total = sum(int(row[4]) for row in seasons)
        if latest == season:
            rating, in_season = Rating(mu, sigma), int(matches)
        else:
            rating, in_season = season_start(Rating(mu, sigma)), 0
        found[player] = PlayerRating(rules, player, season, rating, in_season, total, None)
    return found


_CHANGES = (
    "SELECT c.match_id, c.guild_id, r.rules_name, r.season, c.finished_at, c.seat, c.player, c.place,"
    " c.mu_before, c.sigma_before, c.mu, c.sigma, c.matches FROM rating_changes c"
    " JOIN rated_matches r ON r.match_id = c.match_id"
)


def _change(row: Row) -> RatingChange:
    match_id, guild, rules, season, at, seat, player, place, mu_before, sigma_before, mu, sigma, matches = row
    return RatingChange(
        match_id,
        int(guild),
        rules,
        int(season),
        float(at),
        int(seat),
        player,
        int(place),
        Rating(mu_before, sigma_before),
        Rating(mu, sigma),
        int(matches),
    )


async def player_changes(
    tx: Tx, guild_id: int, player: str, rules: str | None, limit: int, offset: int
) -> list[RatingChange]:
    """The player's rating changes on the server (of one rule set when given), newest first: one per
    match (their first seat's, for a computer on several seats of one match)."""
    check_page(limit, offset)
    pick, parameters = ("", ()) if rules is None else (" AND r.rules_name = ?", (rules,))
    rows = await tx.fetch(
        f"{_CHANGES} WHERE c.guild_id = ? AND c.player = ?{pick} AND c.seat = (SELECT MIN(o.seat) FROM rating_changes o"
        " WHERE o.match_id = c.match_id AND o.player = c.player)"
        " ORDER BY c.finished_at DESC, c.match_id DESC LIMIT ? OFFSET ?",
        (guild_id, player, *parameters, limit, offset),
    )
    return [_change(row) for row in rows]


async def match_changes(tx: Tx, match_id: str) -> list[RatingChange]:
    """What the match did to each seat's rating, by seat; none for a match not rated."""
    return [_change(row) for row in await tx.fetch(f"{_CHANGES} WHERE c.match_id = ? ORDER BY c.seat", (match_id,))]


async def season_standings(tx: Tx, guild_id: int, season: int, limit: int) -> dict[str, list[RatingStanding]]:
    """A season's leaderboard of members in each pool of the server that has rated matches in it, by
    rule set (the first ``limit`` lines of each): what a season's end post shows."""
    pools = await tx.fetch(
        "SELECT DISTINCT rules_name FROM ratings WHERE guild_id = ? AND season = ? ORDER BY rules_name",
        (guild_id, season),
    )
    return {
        str(rules): await leaderboard(
            tx, guild_id, str(rules), season, computers=False, minimum=PROVISIONAL_BELOW, limit=limit, offset=0
        )
        for (rules,) in pools
    }

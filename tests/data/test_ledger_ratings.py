"""The ledgers keep ratings (SPEC §8, issue 40), one contract on both backends: a rated match is rated in the
transaction that records it, once however often it is recorded; the matches SPEC §8 leaves out are not
rated; a match recorded after a later one of its pool is put in its place, so the stored ratings are
always those a replay of the ledger gives (``rerate``, which also repairs them); seasons by a history of
modes; the reads the Discord commands and cards stand on."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from core.ratings import ModeChange, Rating, RatingBook, Season, players_of, rate, rated
from core.ratings.book import SeatChange
from data import ledger_ratings
from data.ledger import MatchEntry, SeatEntry
from data.ledger_postgres import PostgresLedger
from data.ledger_sqlite import SqliteLedger
from tests.data.ledger_backends import Backend
from tests.data.rating_matches import seeded_matches

Ledger = SqliteLedger | PostgresLedger
GUILD = 1001
CLASSIC = {"name": "classic", "length": "one_wind"}
DAY = 86_400.0
T0 = 1_790_000_000.0  # 2026-09-21


def seats(*players: int | str) -> tuple[SeatEntry, ...]:
    return tuple(
        SeatEntry(f"Member {player}", player, None)
        if isinstance(player, int)
        else SeatEntry(f"{player} computer", None, player)
        for player in players
    )


def match(number: int, *players: int | str, **changes: Any) -> MatchEntry:
    """Match ``number`` of members 11 to 14 (or ``players``: member ids, computers' strengths), ending
    ``number`` minutes after T0, the seats' totals in their order, highest first."""
    fields: dict[str, Any] = {
        "match_id": f"table-{number:04}",
        "guild_id": GUILD,
        "table_id": f"table-{number:04}",
        "rules": CLASSIC,
        "seats": seats(*(players or (11, 12, 13, 14))),
        "totals": (30.0, 10.0, -10.0, -30.0),
        "hands": 4,
        "finished_at": T0 + number * 60.0,
    }
    return MatchEntry(**{**fields, **changes})


@pytest_asyncio.fixture
async def ledger(backend: Backend) -> AsyncIterator[Ledger]:
    opened = await backend.open_ledger()
    try:
        yield opened
    finally:
        await opened.close()


async def behind(backend: Backend, sql: str) -> None:
    """Change the database behind the ledger's back (a restore from an older backup, a bug)."""
    if backend.schema is not None:
        await backend.schema.raw.execute(sql)
        return
    assert backend.path is not None
    with sqlite3.connect(backend.path) as raw:
        raw.execute(sql)
    raw.close()


async def count(backend: Backend, table: str) -> int:
    return int((await backend.rows(f"SELECT COUNT(*) FROM {table}"))[0][0])


def replayed(matches: list[MatchEntry]) -> dict[str, tuple[SeatChange, ...]]:
    """Each rated match's changes as the pure model gives them, every pool in order (one season)."""
    book: RatingBook[tuple[int, str]] = RatingBook()
    found = {}
    for entry in sorted((m for m in matches if rated(m)), key=lambda m: (m.finished_at, m.match_id)):
        pool = (entry.guild_id, entry.rules_name)
        found[entry.match_id] = book.rate(pool, 1, players_of(entry), [float(total) for total in entry.totals])
    return found


# --- exactly once -------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_rated_match_is_rated_as_it_is_recorded_and_once(ledger: Ledger, backend: Backend) -> None:
    entry = match(1)
    assert await ledger.record_match(entry) is True
    changes = await ledger.match_rating_changes(entry.match_id)
    expected = rate((Rating(),) * 4, entry.totals)
    assert [(change.seat, change.player, change.place) for change in changes] == [
        (0, "member:11", 1),
        (1, "member:12", 2),
        (2, "member:13", 3),
        (3, "member:14", 4),
    ]
    assert [change.after for change in changes] == list(expected)
    assert {change.before for change in changes} == {Rating()} and {change.matches for change in changes} == {1}
    assert changes[0].shown_change == expected[0].shown - 1000 > 0
    assert await ledger.record_match(entry) is False
    assert [await count(backend, table) for table in ("rated_matches", "rating_changes", "ratings")] == [1, 4, 4]
    assert await ledger.match_rating_changes(entry.match_id) == changes


@pytest.mark.asyncio
async def test_ten_writers_of_one_match_on_two_connections_rate_it_once(ledger: Ledger, backend: Backend) -> None:
    other = await backend.open_ledger()
    try:
        entry = match(1)
        results = await asyncio.gather(*((ledger if index % 2 else other).record_match(entry) for index in range(10)))
    finally:
        await other.close()
    assert sorted(results) == [False] * 9 + [True]
    assert [await count(backend, table) for table in ("rated_matches", "rating_changes", "ratings")] == [1, 4, 4]


@pytest.mark.parametrize(
    "changes",
    [
        {"rules": {"name": "family"}},
        {"practice": True},
        {"ended": "closed"},
        {"seats": seats(11, 12, 13), "totals": (10.0, 0.0, -10.0)},
    ],
    ids=["family", "practice", "closed", "three-player"],
)
@pytest.mark.asyncio
async def test_the_matches_spec_8_leaves_out_are_recorded_and_not_rated(
    ledger: Ledger, backend: Backend, changes: dict[str, Any]
) -> None:
    entry = match(1, **changes)
    assert await ledger.record_match(entry) is True
    assert await ledger.matches(GUILD) == [entry]  # practice read back as recorded
    assert await ledger.match_rating_changes(entry.match_id) == []
    assert [await count(backend, table) for table in ("rated_matches", "rating_changes", "ratings")] == [0, 0, 0]


@pytest.mark.asyncio
async def test_a_failed_rating_leaves_the_match_unrecorded(
    ledger: Ledger, backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: Any) -> None:
        raise RuntimeError("the rating failed")

    monkeypatch.setattr(ledger_ratings, "rate_seats", broken)
    with pytest.raises(RuntimeError, match="the rating failed"):
        await ledger.record_match(match(1))
    assert [await count(backend, table) for table in ("matches", "match_seats", "rated_matches", "ratings")] == [0] * 4
    monkeypatch.undo()
    assert await ledger.record_match(match(1)) is True
    assert await count(backend, "rated_matches") == 1


# --- in the order matches ended -----------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_match_recorded_late_is_rated_in_its_place(ledger: Ledger, backend: Backend) -> None:
    entries = [
        match(1, 11, 12, 13, 14),
        match(2, 11, 12, "strong", "strong", totals=(5.0, 5.0, -5.0, -5.0)),
        match(3, 13, 14, 15, "basic", totals=(-30.0, 10.0, 10.0, 10.0)),
        match(4, 15, 11, 12, 13),
        match(5, 12, 11, 14, "strong"),
    ]
    expected = replayed(entries)
    for entry in (entries[0], entries[3], entries[4], entries[2], entries[1]):
        await ledger.record_match(entry)
    for entry in entries:
        found = await ledger.match_rating_changes(entry.match_id)
        assert [(c.seat, c.player, c.place, c.before, c.after, c.matches) for c in found] == [
            (c.seat, c.player, c.place, c.before, c.after, c.matches) for c in expected[entry.match_id]
        ]
    report = await ledger.rerate(repair=False)
    assert report.equal and report.matches == 5 and report.pools == 1 and not report.repaired


@pytest.mark.asyncio
async def test_matches_ending_in_the_same_second_are_ordered_by_id(ledger: Ledger) -> None:
    late, early = match(2, finished_at=T0), match(1, 11, 15, 16, 17, finished_at=T0)
    await ledger.record_match(late)
    await ledger.record_match(early)  # table-0001 comes before table-0002
    assert [c.before for c in await ledger.match_rating_changes(early.match_id)] == [Rating()] * 4
    assert (await ledger.match_rating_changes(late.match_id))[0].matches == 2


@pytest.mark.asyncio
async def test_a_few_hundred_seeded_matches_recorded_in_any_order_rerate_to_the_live_ratings(
    ledger: Ledger, backend: Backend
) -> None:
    entries = seeded_matches(300, seed=7)
    late = entries[200:]
    random.Random(8).shuffle(late)  # the last third arrives out of order (several processes)
    for entry in entries[:200] + late:
        assert await ledger.record_match(entry) is True
    for entry in random.Random(9).sample(entries, 30):
        assert await ledger.record_match(entry) is False  # recorded again: rated once
    expected = replayed(entries)
    assert 0 < len(expected) < len(entries)
    assert await count(backend, "rated_matches") == len(expected)
    assert await count(backend, "rating_changes") == 4 * len(expected)
    sample = random.Random(10).sample(sorted(expected), 25)
    for match_id in sample:
        found = await ledger.match_rating_changes(match_id)
        assert [(c.player, c.place, c.before, c.after) for c in found] == [
            (c.player, c.place, c.before, c.after) for c in expected[match_id]
        ]
    report = await ledger.rerate(repair=False)
    assert report.equal, report.differences
    assert (report.matches, report.pools, report.repaired) == (len(expected), 4, False)


@pytest.mark.asyncio
async def test_rerate_finds_and_repairs_ratings_that_are_not_the_ledgers(ledger: Ledger, backend: Backend) -> None:
    for entry in seeded_matches(60, seed=11):
        await ledger.record_match(entry)
    before = await backend.dump()
    assert (await ledger.rerate()).equal
    assert await backend.dump() == before  # equal: nothing written
    await behind(backend, "UPDATE ratings SET mu = mu + 1 WHERE player = 'member:3'")
    checked = await ledger.rerate(repair=False)
    assert not checked.equal and not checked.repaired
    assert any(line.startswith("rating 1001 classic 1 member:3: stored") for line in checked.differences)
    await behind(backend, "DELETE FROM rating_changes WHERE seat = 2")
    checked = await ledger.rerate(repair=False)
    assert any("rating change" in line and "missing" in line for line in checked.differences)
    assert len(checked.differences) == ledger_ratings.DIFFERENCES_SHOWN
    repaired = await ledger.rerate()
    assert not repaired.equal and repaired.repaired
    assert (await ledger.rerate(repair=False)).equal
    assert sorted(map(str, await backend.dump())) == sorted(map(str, before))  # the same rows (in another order)


@pytest.mark.asyncio
async def test_two_processes_recording_one_servers_matches_at_once_keep_the_ledgers_ratings(
    ledger: Ledger, backend: Backend
) -> None:
    other = await backend.open_ledger()
    entries = seeded_matches(80, seed=12)
    try:
        await asyncio.gather(
            *(((ledger if index % 2 else other).record_match(entry)) for index, entry in enumerate(entries))
        )
    finally:
        await other.close()
    report = await ledger.rerate(repair=False)
    assert report.equal, report.differences
    assert report.matches == len(replayed(entries))


# --- seasons ------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_servers_first_mode_before_any_rated_match_applies_from_the_start(ledger: Ledger) -> None:
    assert await ledger.season_modes(GUILD) == []
    assert await ledger.set_season_mode(GUILD, "none", T0) == []
    assert await ledger.set_season_mode(GUILD, "monthly", T0) == [ModeChange(T0, "monthly", from_start=True)]
    assert await ledger.set_season_mode(GUILD, "quarterly", T0 + 5) == [ModeChange(T0 + 5, "quarterly", True)]
    await ledger.record_match(match(1, rules={"name": "family"}))  # not rated: the server has no rated match yet
    assert await ledger.set_season_mode(GUILD, "none", T0 + 9) == []
    assert await ledger.season_modes(2002) == []
    with pytest.raises(ValueError, match="season must be one of none, monthly, quarterly"):
        await ledger.set_season_mode(GUILD, "weekly", T0)


@pytest.mark.asyncio
async def test_a_change_of_mode_takes_effect_after_the_newest_rated_match(ledger: Ledger) -> None:
    await ledger.record_match(match(10))  # ends at T0 + 600
    history = await ledger.set_season_mode(GUILD, "monthly", T0 + 100)  # a clock behind the match's
    assert len(history) == 1 and not history[0].from_start
    assert T0 + 600 < history[0].effective_at < T0 + 600.001
    assert await ledger.set_season_mode(GUILD, "monthly", T0 + 700) == history  # the mode already
    assert await ledger.set_season_mode(GUILD, "quarterly", T0 + 100) == [
        ModeChange(history[0].effective_at, "quarterly")  # no rated match since: replaced
    ]
    assert await ledger.set_season_mode(GUILD, "none", T0 + 200) == []
    assert await ledger.set_season_mode(GUILD, "monthly", T0 + 800) == [ModeChange(T0 + 800, "monthly")]
    assert (await ledger.season_of(GUILD, T0 + 600)).number == 1
    assert await ledger.season_of(GUILD, T0 + 800) == Season(2, "monthly", T0 + 800, 1_790_812_800.0)
    assert [found.number for found in await ledger.seasons(GUILD, T0 + 40 * DAY)] == [1, 2, 3]


@pytest.mark.asyncio
async def test_a_new_season_keeps_mu_and_puts_sigma_back(ledger: Ledger) -> None:
    await ledger.set_season_mode(GUILD, "monthly", T0)  # from the start: September 2026 is season 1
    first = match(1)
    await ledger.record_match(first)
    october = match(2, finished_at=T0 + 12 * DAY)  # 2026-10-03
    await ledger.record_match(october)
    after_first = {c.player: c.after for c in await ledger.match_rating_changes(first.match_id)}
    changes = await ledger.match_rating_changes(october.match_id)
    assert {c.season for c in changes} == {2} and {c.matches for c in changes} == {1}
    assert [c.before for c in changes] == [Rating(after_first[c.player].mu, 25.0 / 3.0) for c in changes]
    [rating] = await ledger.ratings_of(GUILD, "member:11", 2)
    assert (rating.rules, rating.season, rating.matches, rating.total, rating.rank) == ("classic", 2, 1, 2, None)
    assert rating.provisional and rating.rating == changes[0].after
    [earlier] = await ledger.ratings_of(GUILD, "member:11", 1)
    assert earlier.rating == after_first["member:11"] and earlier.total == 1
    [later] = await ledger.ratings_of(GUILD, "member:11", 3)  # not played in yet: the season's start
    assert later.rating == Rating(rating.rating.mu, 25.0 / 3.0) and (later.matches, later.total) == (0, 2)
    assert await ledger.ratings_of(GUILD, "member:99", 2) == []
    report = await ledger.rerate(repair=False)
    assert report.equal, report.differences


@pytest.mark.asyncio
async def test_replacing_a_servers_history_rerates_it(ledger: Ledger) -> None:
    await ledger.record_match(match(1))
    await ledger.record_match(match(2, finished_at=T0 + 12 * DAY))
    report = await ledger.replace_season_modes(GUILD, [ModeChange(T0, "monthly", from_start=True)])
    assert not report.equal and report.repaired
    assert {c.season for c in await ledger.match_rating_changes("table-0002")} == {2}
    assert (await ledger.rerate(repair=False)).equal


# --- what the surfaces read ---------------------------------------------------------------------------


async def _played(ledger: Ledger) -> None:
    """Members 11 to 16 and the computers: member 11 wins everything, 16 plays three matches."""
    tables = [
        (11, 12, 13, 14),
        (11, 12, 15, "strong"),
        (11, 13, 14, "basic"),
        (11, 15, 16, "strong"),
        (11, 12, "strong", "strong"),
        (11, 15, 13, 14),
    ]
    number = 0
    for _ in range(3):
        for players in tables:
            number += 1
            await ledger.record_match(match(number, *players))
    await ledger.record_match(match(99, 11, 12, 13, 14, rules={"name": "hongkong"}))


@pytest.mark.asyncio
async def test_the_leaderboard_ranks_members_with_five_matches_and_lists_computers_apart(ledger: Ledger) -> None:
    await _played(ledger)
    board = await ledger.rating_leaderboard(GUILD, "classic", 1)
    assert board[0].player == "member:11"
    assert {line.player for line in board} == {"member:11", "member:12", "member:13", "member:14", "member:15"}
    assert [line.rank for line in board] == [1, 2, 3, 4, 5]
    assert all(not line.provisional and line.matches >= 5 for line in board)
    ordinals = [line.rating.ordinal for line in board]
    assert ordinals == sorted(ordinals, reverse=True)
    assert board[0].member_id == 11 and board[0].matches == board[0].total == 18
    everyone = await ledger.rating_leaderboard(GUILD, "classic", 1, minimum=0, limit=100)
    assert "member:16" in {line.player for line in everyone}
    computers = await ledger.rating_leaderboard(GUILD, "classic", 1, computers=True, minimum=0)
    assert {line.player for line in computers} == {"computer:strong", "computer:basic"}
    assert await ledger.rating_leaderboard(GUILD, "classic", 1, limit=2, offset=1) == board[1:3]
    assert await ledger.rating_leaderboard(GUILD, "classic", 2) == []
    assert await ledger.rating_leaderboard(GUILD, "hongkong", 1) == []  # one match: nobody has five
    standings = await ledger.season_standings(GUILD, 1, limit=3)
    assert standings == {"classic": board[:3], "hongkong": []}


@pytest.mark.asyncio
async def test_a_members_ratings_rank_and_last_changes(ledger: Ledger) -> None:
    await _played(ledger)
    ratings = {found.rules: found for found in await ledger.ratings_of(GUILD, "member:11", 1)}
    assert set(ratings) == {"classic", "hongkong"}
    assert (ratings["classic"].rank, ratings["classic"].matches, ratings["classic"].provisional) == (1, 18, False)
    assert (ratings["hongkong"].rank, ratings["hongkong"].matches, ratings["hongkong"].provisional) == (None, 1, True)
    board = await ledger.rating_leaderboard(GUILD, "classic", 1)
    for line in board:
        [found] = [r for r in await ledger.ratings_of(GUILD, line.player, 1) if r.rules == "classic"]
        assert (found.rank, found.rating) == (line.rank, line.rating)
    last = await ledger.rating_changes(GUILD, "member:11")
    assert len(last) == 10
    assert [change.match_id for change in last][:2] == ["table-0099", "table-0018"]
    assert last[0].rules == "hongkong" and last[1].after == ratings["classic"].rating
    classic = await ledger.rating_changes(GUILD, "member:11", rules="classic", limit=2)
    assert [change.match_id for change in classic] == ["table-0018", "table-0017"]
    strong = await ledger.rating_changes(GUILD, "computer:strong", limit=100)
    assert len(strong) == 9  # one line a match, though it sat twice at some
    assert await ledger.rating_changes(2002, "member:11") == []
    [strong_rating] = await ledger.ratings_of(GUILD, "computer:strong", 1)
    assert strong_rating.rank == 1  # among the computers with five matches

"""Leaderboards and member statistics from a ledger seeded through its ``record_hand``, one contract run
on both backends (SQLite's ``LedgerReports``, PostgreSQL's ``PostgresLedgerReports``).

The expected figures are worked out by hand from the hands below (see the table in ``seeded``),
never read back from the code under test.
"""

from __future__ import annotations

import calendar
import sqlite3

import pytest
import pytest_asyncio

from data.ledger import HandEntry, LedgerFileError, LedgerValueError, SeatEntry
from data.ledger_postgres import PostgresLedger
from data.ledger_reports import LedgerReports, Reports, Standing
from data.ledger_reports_postgres import PostgresLedgerReports
from data.ledger_sqlite import SqliteLedger
from data.live import StoreFailed
from tests.data.ledger_backends import Backend, PostgresSchema

pytestmark = pytest.mark.asyncio

ANN, BOB, CLO, DAN, XAV = 1, 2, 3, 4, 9
EVE, FAY, GUS = 5, 6, 7
PIA, QUI, ROY, SAM, TED = 11, 12, 13, 14, 15
NAMES = {
    ANN: "Alice",
    BOB: "Bob",
    CLO: "Chloé",
    DAN: "Dan",
    XAV: "Xavier",
    EVE: "Eve",
    FAY: "Fay",
    GUS: "Gus",
    PIA: "Pia",
    QUI: "Qui",
    ROY: "Roy",
    SAM: "Sam",
    TED: "Ted",
}
JAN = calendar.timegm((2024, 1, 10, 12, 0, 0))
FEB_1 = calendar.timegm((2024, 2, 1, 0, 0, 0))
FEB = calendar.timegm((2024, 2, 5, 12, 0, 0))
MAR = calendar.timegm((2024, 3, 5, 12, 0, 0))


def hand(
    guild: int,
    key: str,
    at: float,
    members: list[int | None],
    winner: int | None,
    discarder: int | None,
    payments: list[float],
    *,
    rules: str = "classic",
    patterns: tuple[str, ...] = (),
    fan: int = 0,
    names: dict[int, str] | None = None,
) -> HandEntry:
    names = {**NAMES, **(names or {})}
    return HandEntry(
        hand_id=f"g{guild}:{key}",
        guild_id=guild,
        table_id=f"t{guild}",
        match_id=f"t{guild}",
        number=1,
        rules={"name": rules},
        seats=tuple(seat(m, names) for m in members),
        winner=winner,
        discarder=discarder,
        self_drawn=winner is not None and discarder is None,
        score=max(payments),
        fan=fan,
        payments=tuple(payments),
        patterns=patterns,
        record="-",
        finished_at=at,
    )


def seat(member: int | None, names: dict[int, str]) -> SeatEntry:
    return SeatEntry("Computer", None, "strong") if member is None else SeatEntry(names[member], member, None)


# Guild 1, classic (payment = the winner's score, 0 for the others):
#   h1 Jan  [Ann Bob Clo Dan]  Ann wins 100 on Bob's discard        patterns dragon_pung
#   h2 Jan  [Ann Bob Clo Dan]  Bob wins 60 self-drawn                patterns dragon_pung, self_drawn
#   h3 Jan  [Ann Bob Clo Dan]  Clo wins 40 on Ann's discard
#   h4 Jan  [Ann Bob Clo Dan]  Bob wins 40 on Dan's discard          patterns dragon_pung, all_chows
#   h5 Jan  [Ann Bob Clo Dan]  drawn
#   h6 Feb  [Ann Bob Clo Xav]  Xav wins 500 on Ann's discard
#   h7 Feb  [Ann Bob Clo Xav]  drawn (Ann is called "Ann" now)
# Guild 1, Hong Kong: h8 Mar [Ann Bob Clo Dan] Ann self-drawn, +96 / -32 / -32 / -32, fan 5
# Totals (classic, all time): Ann 7 hands 1 win 100 · Bob 7 hands 2 wins 100 · Clo 7 hands 1 win 40 ·
#   Dan 5 hands 0 wins 0 · Xav 2 hands 1 win 500.
# Guild 2: Eve and Fay win 30 each on Gus's discard, then three drawn hands: Eve and Fay tie exactly.
# Guild 3: Pia wins 50 in five hands, Qui wins 50 in six: Pia ahead on fewer hands.
def seeded() -> list[HandEntry]:
    four, five = [ANN, BOB, CLO, DAN], [ANN, BOB, CLO, XAV]
    zero = [0.0, 0.0, 0.0, 0.0]
    hands = [
        hand(1, "h1", JAN + 1, four, 0, 1, [100, 0, 0, 0], patterns=("dragon_pung",)),
        hand(1, "h2", JAN + 2, four, 1, None, [0, 60, 0, 0], patterns=("dragon_pung", "self_drawn")),
        hand(1, "h3", JAN + 3, four, 2, 0, [0, 0, 40, 0]),
        hand(1, "h4", JAN + 4, four, 1, 3, [0, 40, 0, 0], patterns=("dragon_pung", "all_chows")),
        hand(1, "h5", JAN + 5, four, None, None, zero),
        hand(1, "h6", FEB + 1, five, 3, 0, [0, 0, 0, 500]),
        hand(1, "h7", FEB + 2, five, None, None, zero, names={ANN: "Ann"}),
        hand(1, "h8", MAR, four, 0, None, [96, -32, -32, -32], rules="hongkong", fan=5, patterns=("self_drawn",)),
        hand(2, "h1", JAN, [EVE, FAY, GUS, None], 0, 2, [30, 0, 0, 0]),
        hand(2, "h2", JAN + 1, [EVE, FAY, GUS, None], 1, 2, [0, 30, 0, 0]),
    ]
    hands += [hand(2, f"d{n}", JAN + 10 + n, [EVE, FAY, GUS, None], None, None, zero) for n in range(3)]
    hands += [hand(3, "w1", JAN, [PIA, QUI, ROY, SAM], 0, 2, [50, 0, 0, 0])]
    hands += [hand(3, f"d{n}", JAN + 1 + n, [PIA, QUI, ROY, SAM], None, None, zero) for n in range(4)]
    hands += [hand(3, "w2", JAN + 9, [QUI, ROY, SAM, TED], 0, 1, [50, 0, 0, 0])]
    return hands


async def open_reports(backend: Backend) -> Reports:
    """The reports as the bot opens them: on their own read-only connection (SQLite), or on the
    ledger's pool (PostgreSQL) when opened beside it."""
    if backend.name == "postgres":
        return await PostgresLedgerReports.open(backend.where)
    return await LedgerReports.open(backend.where)


@pytest_asyncio.fixture
async def reports(backend: Backend):
    ledger = await backend.open_ledger()
    try:
        for entry in seeded():
            assert await ledger.record_hand(entry)
        opened = await open_reports(backend)
        try:
            yield opened
        finally:
            await opened.close()
    finally:
        await ledger.close()


def line(rank: int, member: int, hands: int, wins: int, net: float, name: str | None = None) -> Standing:
    return Standing(rank=rank, member_id=member, name=name or NAMES[member], hands=hands, wins=wins, net=net)


async def test_order_is_net_then_wins_and_the_minimum_leaves_out_the_few_hands(reports):
    board = await reports.leaderboard(1, "classic", None, 5, 10, 0)
    assert board == [
        line(1, BOB, 7, 2, 100),
        line(2, ANN, 7, 1, 100, "Ann"),
        line(3, CLO, 7, 1, 40),
        line(4, DAN, 5, 0, 0),
    ]
    assert await reports.count_ranked(1, "classic", None, 5) == 4
    assert [s.member_id for s in await reports.leaderboard(1, "classic", None, 1, 10, 0)] == [XAV, BOB, ANN, CLO, DAN]
    assert [s.member_id for s in await reports.leaderboard(1, "classic", None, 6, 10, 0)] == [BOB, ANN, CLO]
    assert board[0].per_hand == pytest.approx(100 / 7)


async def test_the_members_below_the_minimum_are_listed_as_not_yet_ranked_most_hands_first(reports):
    assert await reports.unranked(1, "classic", None, 5, 10) == [(NAMES[XAV], 2)]
    waiting = await reports.unranked(1, "classic", None, 8, 10)
    assert [hands for _, hands in waiting] == [7, 7, 7, 5, 2] and waiting[-1] == (NAMES[XAV], 2)
    assert await reports.unranked(1, "classic", None, 8, 2) == waiting[:2]
    assert await reports.unranked(1, "hongkong", None, 1, 10) == []  # everyone there is ranked at 1


async def test_exact_ties_share_a_rank_listed_by_member_id_and_fewer_hands_wins_a_tie(reports):
    assert await reports.leaderboard(2, "classic", None, 5, 10, 0) == [
        line(1, EVE, 5, 1, 30),
        line(1, FAY, 5, 1, 30),
        line(3, GUS, 5, 0, 0),
    ]
    board = await reports.leaderboard(3, "classic", None, 5, 10, 0)
    assert [(s.rank, s.member_id) for s in board] == [(1, PIA), (2, QUI), (3, ROY), (3, SAM)]
    assert board[1] == line(2, QUI, 6, 1, 50)


async def test_pages_and_the_own_rank_off_the_page(reports):
    assert [s.member_id for s in await reports.leaderboard(1, "classic", None, 5, 2, 0)] == [BOB, ANN]
    assert [s.member_id for s in await reports.leaderboard(1, "classic", None, 5, 2, 2)] == [CLO, DAN]
    assert await reports.leaderboard(1, "classic", None, 5, 2, 4) == []
    assert await reports.rank_of(1, DAN, "classic", None, 5) == line(4, DAN, 5, 0, 0)
    assert await reports.rank_of(1, XAV, "classic", None, 5) is None
    assert await reports.member_hands(1, XAV, "classic", None) == 2
    with pytest.raises(LedgerValueError):
        await reports.leaderboard(1, "classic", None, 5, 0, 0)
    with pytest.raises(LedgerValueError):
        await reports.leaderboard(1, "classic", None, 5, 10, -1)


async def test_since_keeps_only_the_month_and_rule_sets_are_apart(reports):
    board = await reports.leaderboard(1, "classic", FEB_1, 1, 10, 0)
    assert board == [
        line(1, XAV, 2, 1, 500),
        line(2, ANN, 2, 0, 0, "Ann"),
        line(2, BOB, 2, 0, 0),
        line(2, CLO, 2, 0, 0),
    ]
    assert await reports.leaderboard(1, "classic", MAR, 1, 10, 0) == []
    hongkong = await reports.leaderboard(1, "hongkong", None, 1, 10, 0)
    assert hongkong == [
        line(1, ANN, 1, 1, 96),
        line(2, BOB, 1, 0, -32),
        line(2, CLO, 1, 0, -32),
        line(2, DAN, 1, 0, -32),
    ]
    assert await reports.leaderboard(99, "classic", None, 1, 10, 0) == []


async def test_member_stats_figures(reports):
    bob = await reports.member_stats(1, BOB, "classic")
    assert (bob.hands, bob.wins, bob.deal_ins, bob.net) == (7, 2, 1, 100)
    assert bob.win_rate == pytest.approx(2 / 7) and bob.per_hand == pytest.approx(100 / 7)
    assert bob.best is not None and (bob.best.hand_id, bob.best.value) == ("g1:h2", 60)
    assert bob.patterns == (("dragon_pung", 2), ("all_chows", 1), ("self_drawn", 1))

    ann = await reports.member_stats(1, ANN, "classic")
    assert (ann.hands, ann.wins, ann.deal_ins, ann.net) == (7, 1, 2, 100)
    assert ann.patterns == (("dragon_pung", 1),)
    everything = await reports.member_stats(1, ANN, None)
    assert (everything.hands, everything.wins, everything.deal_ins, everything.net) == (8, 2, 2, 196)
    assert everything.best is not None and everything.best.hand_id == "g1:h1"
    hongkong = await reports.member_stats(1, ANN, "hongkong")
    assert hongkong.best is not None and (hongkong.best.hand_id, hongkong.best.value, hongkong.best.fan) == (
        "g1:h8",
        96,
        5,
    )
    assert await reports.rules_played(1, ANN) == ["classic", "hongkong"]

    nobody = await reports.member_stats(1, 777, None)
    assert (nobody.hands, nobody.wins, nobody.deal_ins, nobody.net, nobody.best, nobody.patterns) == (
        0,
        0,
        0,
        0,
        None,
        (),
    )
    assert nobody.win_rate == 0 and nobody.per_hand == 0


async def test_a_missing_or_foreign_file_is_refused(tmp_path):
    with pytest.raises(LedgerFileError):
        await LedgerReports.open(tmp_path / "none.sqlite3")
    foreign = tmp_path / "foreign.sqlite3"
    foreign.write_bytes(b"not a database at all, just some text" * 100)
    with pytest.raises(LedgerFileError):
        await LedgerReports.open(foreign)


async def test_reports_see_the_writers_new_hands(backend: Backend):
    ledger = await backend.open_ledger()
    reports = await open_reports(backend)
    try:
        assert await reports.count_ranked(1, "classic", None, 1) == 0
        await ledger.record_hand(seeded()[0])
        assert await reports.count_ranked(1, "classic", None, 1) == 4
    finally:
        await reports.close()
        await ledger.close()


@pytest.mark.postgres
async def test_postgres_reports_beside_the_ledger_share_its_pool_and_change_nothing(postgres_schema: PostgresSchema):
    ledger = await PostgresLedger.open(postgres_schema.url)
    try:
        await ledger.record_hand(seeded()[0])
        reports = PostgresLedgerReports.beside(ledger)
        assert await reports.count_ranked(1, "classic", None, 1) == 4
        with pytest.raises(StoreFailed, match="read-only transaction"):
            await reports._all("DELETE FROM hands", [])
        await reports.close()  # not its pool to close
        assert await ledger.has_hand(seeded()[0].hand_id)
    finally:
        await ledger.close()


@pytest.mark.postgres
async def test_a_postgres_database_without_a_ledger_is_refused(postgres_schema: PostgresSchema):
    with pytest.raises(LedgerFileError, match="no ledger tables"):
        await PostgresLedgerReports.open(postgres_schema.url)


async def test_reports_read_only_and_see_the_writers_new_hands(tmp_path):
    path = tmp_path / "ledger.sqlite3"
    ledger = await SqliteLedger.open(path)
    reports = await LedgerReports.open(path)
    try:
        assert await reports.count_ranked(1, "classic", None, 1) == 0
        await ledger.record_hand(seeded()[0])
        assert await reports.count_ranked(1, "classic", None, 1) == 4
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            await reports._db.execute("DELETE FROM hands")
    finally:
        await reports.close()
        await ledger.close()

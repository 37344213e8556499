"""The solitaire ledger's contract (run on both backends, SQLite and PostgreSQL): results kept once
and only when their figures are what the move log replays to; leaderboards (each member's best, ties to
the score recorded first, zero scores left out, per server, per day); pseudonyms, none passing for
another member's or for the neutral name; stats, a member's latest daily (their share), how many played
a day and the server's streak of days cleared (the daily post); the daily-post channel; and the
database shared with the hands' ledger under one migration history."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from datetime import date

import pytest
import pytest_asyncio

from data.ledger import LedgerConflict, LedgerValueError
from data.ledger_postgres import LATEST_VERSION as POSTGRES_LATEST_VERSION
from data.ledger_sqlite import LATEST_VERSION
from data.live import StoreUnavailable
from data.solitaire_ledger import (
    Board,
    DailyGame,
    PseudonymRefused,
    SolitaireLedger,
    SolitaireResult,
    check_pseudonym,
)
from data.solitaire_postgres import PostgresSolitaireLedger
from data.solitaire_sqlite import SqliteSolitaireLedger, streak
from game.solitaire.deal import deal_for_seed
from game.solitaire.game import Game
from tests.data.ledger_backends import Backend

GUILD, OTHER_GUILD = 501, 502
ALICE, BOB, CAROL = 1, 2, 3
DAY = date(2025, 3, 14)
START = 1_741_910_400.0  # 2025-03-14 00:00 UTC


def ended_game(seed: int = 7, pairs: int = 3, *, seconds: int = 10, undos: int = 0, clear: bool = False) -> Game:
    """A game of ``seed`` that removes ``pairs`` pairs along the deal's solution (all of them with
    ``clear``), undoes ``undos`` times (each undone pair taken again) and ends ``seconds`` after its start,
    by two presses on Finish unless the board was cleared."""
    deal = deal_for_seed(seed)
    game = Game.start(deal, START, idle_pause=10_000)
    order = deal.solution if clear else deal.solution[:pairs]
    at = START
    for index, (a, b) in enumerate(order):
        if index == len(order) - 1 and clear:
            at = START + seconds  # the last pair clears the board, and stops the clock
        game = game.select(a, at).select(b, at)
        if index < undos:
            game = game.undo(at).select(a, at).select(b, at)
    at = START + seconds
    if not game.over:
        game = game.finish(at).finish(at)
    return game


def result(
    result_id: str,
    member: int = ALICE,
    *,
    guild: int = GUILD,
    name: str = "Alice",
    day: date | None = DAY,
    recorded_at: float = START,
    **play: int | bool,
) -> SolitaireResult:
    game = ended_game(**play)  # type: ignore[arg-type]
    return SolitaireResult.of(result_id, guild, member, name, "daily" if day else "free", day, game, recorded_at)


@pytest_asyncio.fixture(params=["own connection", "beside the four-player ledger"])
async def ledger(request, backend: Backend) -> AsyncIterator[SolitaireLedger]:
    """The bot runs the second kind: one connection (SQLite) or pool (PostgreSQL) for its two ledgers."""
    kind = PostgresSolitaireLedger if backend.name == "postgres" else SqliteSolitaireLedger
    tables = None
    if request.param == "own connection":
        store = await kind.open(backend.where)
    else:
        tables = await backend.open_ledger()
        store = kind.beside(tables)
    try:
        yield store
    finally:
        await store.close()
        if tables is not None:
            await tables.close()


@pytest.mark.asyncio
async def test_a_result_round_trips_and_is_kept_once(ledger):
    kept = result("game0001", pairs=4, undos=1, seconds=33)
    assert (kept.pairs, kept.undos, kept.seconds, kept.score) == (4, 1, 33, 400 - 20 - 33)
    assert await ledger.record(kept)
    assert await ledger.result("game0001") == kept
    assert not await ledger.record(kept)  # written again after a crash: nothing changes
    with pytest.raises(LedgerConflict):
        await ledger.record(result("game0001", pairs=5))
    assert await ledger.result("game0001") == kept
    assert await ledger.result("nosuchgame") is None


@pytest.mark.asyncio
async def test_a_cleared_board_scores_the_bonus():
    cleared = result("game0002", clear=True, seconds=300)
    assert cleared.cleared and cleared.pairs == 72 and cleared.score == 7200 + 2800 - 300


@pytest.mark.parametrize(
    "change",
    [{"score": 10_000}, {"pairs": 9}, {"seconds": 1}, {"undos": 0}, {"cleared": True}, {"seed": 8}, {"moves": ()}],
)
@pytest.mark.asyncio
async def test_figures_other_than_the_replays_are_refused(ledger, change):
    honest = result("game0003", pairs=3, undos=1, seconds=20)
    with pytest.raises(LedgerValueError, match="replays to"):
        dataclasses.replace(honest, **change)


@pytest.mark.asyncio
async def test_a_game_that_is_not_over_or_does_not_replay_is_refused():
    honest = result("game0004")
    running = Game.start(deal_for_seed(7), START).to_document()
    with pytest.raises(LedgerValueError, match="not over"):
        dataclasses.replace(honest, game=running)
    forged = {**honest.game, "events": [["select", START, 0], ["select", START, 1]]}
    with pytest.raises(LedgerValueError, match="does not replay"):
        dataclasses.replace(honest, game=forged)
    with pytest.raises(LedgerValueError, match="its day"):
        dataclasses.replace(honest, day=None)
    with pytest.raises(LedgerValueError, match="result id"):
        dataclasses.replace(honest, result_id="Not An Id")


@pytest.mark.asyncio
async def test_a_row_changed_behind_the_ledgers_back_is_not_shown(ledger, backend: Backend):
    await ledger.record(result("game0005", pairs=2))
    await backend.rows("UPDATE solitaire_results SET score = 9999 WHERE result_id = 'game0005'")
    with pytest.raises(LedgerValueError):
        await ledger.result("game0005")


@pytest.mark.asyncio
async def test_the_daily_board_ranks_each_members_best_of_the_day(ledger):
    daily = Board("daily", DAY)
    await ledger.record(result("a0000001", ALICE, pairs=3, seconds=10))  # 290
    await ledger.record(result("b0000001", BOB, name="Bob", pairs=5, seconds=10))  # 490
    await ledger.record(result("a0000002", ALICE, pairs=6, seconds=10))  # 590: Alice's best
    await ledger.record(result("c0000001", CAROL, name="Carol", pairs=0, seconds=50))  # 0: not listed
    await ledger.record(result("b0000002", BOB, name="Bob", day=date(2025, 3, 13), pairs=9))  # another day
    await ledger.record(result("b0000003", BOB, name="Bob", day=None, pairs=9))  # free play
    await ledger.record(result("b0000004", BOB, name="Bob", guild=OTHER_GUILD, pairs=9))  # another server
    board = await ledger.leaderboard(GUILD, daily)
    assert [(s.rank, s.name, s.score) for s in board] == [(1, "Alice", 590), (2, "Bob", 490)]
    assert await ledger.count_ranked(GUILD, daily) == 2
    assert await ledger.rank_of(GUILD, CAROL, daily) is None
    own = await ledger.rank_of(GUILD, BOB, daily)
    assert own is not None and (own.rank, own.score, own.seconds, own.cleared) == (2, 490, 10, False)
    free = await ledger.leaderboard(GUILD, Board("free"))
    assert [(s.name, s.score) for s in free] == [("Bob", 890)]
    assert [s.name for s in await ledger.leaderboard(OTHER_GUILD, daily)] == ["Bob"]


@pytest.mark.asyncio
async def test_ties_go_to_the_score_recorded_first(ledger):
    daily = Board("daily", DAY)
    await ledger.record(result("c0000001", CAROL, name="Carol", pairs=4, seconds=10))
    await ledger.record(result("a0000001", ALICE, pairs=4, seconds=10))
    await ledger.record(result("b0000001", BOB, name="Bob", pairs=4, seconds=10))
    # Carol equals her own score later: her first one keeps her place
    await ledger.record(result("c0000002", CAROL, name="Carol", pairs=4, seconds=10))
    board = await ledger.leaderboard(GUILD, daily)
    assert [(s.rank, s.name) for s in board] == [(1, "Carol"), (2, "Alice"), (3, "Bob")]
    # Bob beats the others: first alone; the tie behind keeps its order
    await ledger.record(result("b0000002", BOB, name="Bob", pairs=5, seconds=10))
    assert [s.name for s in await ledger.leaderboard(GUILD, daily)] == ["Bob", "Carol", "Alice"]


@pytest.mark.asyncio
async def test_a_games_place_is_among_the_other_members_best(ledger):
    daily = Board("daily", DAY)
    await ledger.record(result("a0000001", ALICE, pairs=6, seconds=10))  # 590
    await ledger.record(result("b0000001", BOB, name="Bob", pairs=5, seconds=10))  # 490
    await ledger.record(result("c0000001", CAROL, name="Carol", pairs=3, seconds=10))  # 290
    assert await ledger.place_of(GUILD, CAROL, daily, 590) == 2  # a tie goes to Alice, recorded first
    assert await ledger.place_of(GUILD, CAROL, daily, 591) == 1
    assert await ledger.place_of(GUILD, CAROL, daily, 290) == 3  # her own best is not in her way
    assert await ledger.place_of(GUILD, ALICE, daily, 100) == 3
    assert await ledger.place_of(GUILD, ALICE, daily, 0) is None
    assert await ledger.place_of(GUILD, ALICE, Board("free"), 100) == 1
    assert await ledger.place_of(OTHER_GUILD, ALICE, daily, 100) == 1


@pytest.mark.asyncio
async def test_pages_of_a_board(ledger):
    for member in range(1, 13):
        await ledger.record(result(f"m{member:07d}", member, name=f"P{member:02d}", pairs=member, seconds=1))
    daily = Board("daily", DAY)
    assert await ledger.count_ranked(GUILD, daily) == 12
    second = await ledger.leaderboard(GUILD, daily, limit=5, offset=5)
    assert [(s.rank, s.name) for s in second] == [(6, "P07"), (7, "P06"), (8, "P05"), (9, "P04"), (10, "P03")]
    with pytest.raises(LedgerValueError):
        await ledger.leaderboard(GUILD, daily, limit=0)


@pytest.mark.asyncio
async def test_names_are_the_pseudonym_else_the_latest_display_name(ledger):
    daily = Board("daily", DAY)
    await ledger.record(result("a0000001", ALICE, name="Alice", pairs=3))
    await ledger.record(result("a0000002", ALICE, name="Alice B.", pairs=1))
    assert [s.name for s in await ledger.leaderboard(GUILD, daily)] == ["Alice B."]
    await ledger.set_pseudonym(GUILD, ALICE, "  Tile Queen ")
    assert await ledger.pseudonym(GUILD, ALICE) == "Tile Queen"
    assert (await ledger.rank_of(GUILD, ALICE, daily)).name == "Tile Queen"
    assert await ledger.pseudonym(OTHER_GUILD, ALICE) is None  # per server
    await ledger.set_pseudonym(GUILD, ALICE, None)
    assert [s.name for s in await ledger.leaderboard(GUILD, daily)] == ["Alice B."]
    with pytest.raises(LedgerValueError):
        await ledger.set_pseudonym(GUILD, ALICE, "@everyone")
    assert await ledger.pseudonym(GUILD, ALICE) is None


@pytest.mark.asyncio
async def test_no_pseudonym_passes_for_another_members_on_the_same_boards(ledger):
    await ledger.set_pseudonym(GUILD, ALICE, "admin")
    for lookalike in ("аdmin", "𝐚𝐝𝐦𝐢𝐧", "ADMIN", "adrnin", " Admin "):  # Cyrillic а; bold; case; rn for m
        with pytest.raises(PseudonymRefused) as refused:
            await ledger.set_pseudonym(GUILD, BOB, lookalike)
        assert (refused.value.reason, refused.value.key) == ("taken", "sol_name_taken")
        assert isinstance(refused.value, LedgerValueError) and refused.value.field == "name"
    assert await ledger.pseudonym(GUILD, BOB) is None
    await ledger.set_pseudonym(GUILD, BOB, "Admiral")
    await ledger.set_pseudonym(OTHER_GUILD, BOB, "аdmin")  # another server's boards
    await ledger.set_pseudonym(GUILD, ALICE, "admin")  # her own name, kept
    await ledger.set_pseudonym(GUILD, ALICE, "ADMIN")  # or set again in another case
    assert await ledger.pseudonym(GUILD, ALICE) == "ADMIN"
    await ledger.set_pseudonym(GUILD, ALICE, None)  # a name given up is free
    await ledger.set_pseudonym(GUILD, BOB, "аdmin")
    assert await ledger.pseudonym(GUILD, BOB) == "аdmin"


@pytest.mark.asyncio
async def test_a_name_that_differs_to_the_eye_is_not_taken(ledger):
    await ledger.set_pseudonym(GUILD, ALICE, "Hélène")
    await ledger.set_pseudonym(GUILD, CAROL, "王小明")
    await ledger.set_pseudonym(GUILD, BOB, "Helene")
    await ledger.set_pseudonym(GUILD, BOB + 10, "王小朋")
    assert [await ledger.pseudonym(GUILD, member) for member in (ALICE, BOB, CAROL, BOB + 10)] == [
        "Hélène",
        "Helene",
        "王小明",
        "王小朋",
    ]


@pytest.mark.parametrize(
    "name", ["Anonymous player", "anonymous PLAYER", "Аnonymous player", "Joueur anonyme", "匿名玩家"]
)
@pytest.mark.asyncio
async def test_the_neutral_name_is_nobodys_in_any_language(ledger, name):
    with pytest.raises(PseudonymRefused) as refused:
        await ledger.set_pseudonym(0, ALICE, name)
    assert (refused.value.reason, refused.value.key) == ("default", "sol_name_default")
    assert await ledger.pseudonym(0, ALICE) is None


@pytest.mark.asyncio
async def test_of_two_members_taking_lookalikes_at_once_one_is_refused(ledger):
    outcomes = await asyncio.gather(
        ledger.set_pseudonym(GUILD, ALICE, "Mei Lin"),
        ledger.set_pseudonym(GUILD, BOB, "MEI LIN"),
        return_exceptions=True,
    )
    kept = [await ledger.pseudonym(GUILD, member) for member in (ALICE, BOB)]
    assert kept in (["Mei Lin", None], [None, "MEI LIN"])
    refused = [outcome for outcome in outcomes if outcome is not None]
    # PostgreSQL may break the later transaction off (serializable) before its check refuses it
    assert len(refused) == 1 and isinstance(refused[0], PseudonymRefused | StoreUnavailable)


@pytest.mark.parametrize("name", ["Zoé", "Jean-Luc", "O'Neil 2", "mahjong_fan", "Li.Wei", "张伟"])
def test_pseudonyms_people_use_are_accepted(name):
    assert check_pseudonym(name) == name


@pytest.mark.parametrize(
    "name",
    ["", "x", "a" * 33, "@everyone", "<@123>", "**bold**", "two  spaces", "line\nbreak", "`code`", "-dash", "a|b"],
)
def test_pseudonyms_that_discord_would_read_as_markup_are_refused(name):
    with pytest.raises(LedgerValueError):
        check_pseudonym(name)


@pytest.mark.asyncio
async def test_member_stats(ledger):
    await ledger.record(result("a0000001", ALICE, day=date(2025, 3, 12), pairs=3, seconds=10))
    await ledger.record(result("a0000002", ALICE, day=date(2025, 3, 13), clear=True, seconds=200))
    await ledger.record(result("a0000003", ALICE, day=date(2025, 3, 13), pairs=2, seconds=10))
    await ledger.record(result("a0000004", ALICE, day=None, clear=True, seconds=400))
    await ledger.record(result("a0000005", ALICE, day=date(2025, 3, 10), pairs=1))
    stats = await ledger.member_stats(GUILD, ALICE, DAY)
    assert (stats.games, stats.clears) == (5, 2)
    assert (stats.best_daily, stats.best_free) == (10000 - 200, 10000 - 400)
    assert stats.average_clear_seconds == 300
    assert stats.streak == 2  # the 13th and the 12th (today, the 14th, is not over)
    nobody = await ledger.member_stats(GUILD, BOB, DAY)
    assert (nobody.games, nobody.clears, nobody.best_daily, nobody.average_clear_seconds, nobody.streak) == (
        0,
        0,
        None,
        None,
        0,
    )


def test_streaks():
    days = [date(2025, 3, d) for d in (14, 13, 12, 10)]
    assert streak(days, date(2025, 3, 14)) == 3
    assert streak(days, date(2025, 3, 15)) == 3
    assert streak(days, date(2025, 3, 16)) == 0
    assert streak([], date(2025, 3, 16)) == 0


def on(day: int) -> date:
    return date(2025, 3, day)


@pytest.mark.asyncio
async def test_a_members_latest_daily_is_their_best_of_the_last_day_they_played(ledger):
    await ledger.record(result("a0000001", ALICE, day=on(12), pairs=3, seconds=10))  # 290
    await ledger.record(result("a0000002", ALICE, day=on(13), pairs=2, seconds=10))  # 190
    await ledger.record(result("a0000003", ALICE, day=on(13), pairs=5, seconds=10))  # 490: her best of the 13th
    await ledger.record(result("a0000004", ALICE, day=on(13), pairs=6, seconds=110))  # 490 again, recorded later
    await ledger.record(result("a0000005", ALICE, day=None, clear=True, seconds=100))  # free play
    await ledger.record(result("a0000006", ALICE, day=on(16), clear=True, seconds=300))  # after ``until``
    await ledger.record(result("a0000007", ALICE, guild=OTHER_GUILD, day=on(14), pairs=9))  # another server
    assert await ledger.latest_daily(GUILD, ALICE, DAY) == DailyGame(on(13), 490, 10, 5, False)
    assert await ledger.latest_daily(GUILD, ALICE, on(13)) == DailyGame(on(13), 490, 10, 5, False)
    assert await ledger.latest_daily(GUILD, ALICE, on(12)) == DailyGame(on(12), 290, 10, 3, False)
    assert await ledger.latest_daily(GUILD, ALICE, on(16)) == DailyGame(on(16), 10_000 - 300, 300, 72, True)
    assert await ledger.latest_daily(GUILD, ALICE, on(11)) is None
    assert await ledger.latest_daily(GUILD, BOB, DAY) is None
    assert await ledger.latest_daily(OTHER_GUILD, ALICE, DAY) == DailyGame(DAY, 890, 10, 9, False)


@pytest.mark.asyncio
async def test_how_many_members_played_a_daily(ledger):
    await ledger.record(result("a0000001", ALICE, day=on(13), pairs=3))
    await ledger.record(result("a0000002", ALICE, day=on(13), clear=True))  # Alice twice: one member
    await ledger.record(result("b0000001", BOB, name="Bob", day=on(13), pairs=0, seconds=50))  # scored 0: played
    await ledger.record(result("c0000001", CAROL, name="Carol", day=None, pairs=4))  # free play
    await ledger.record(result("c0000002", CAROL, name="Carol", day=on(12), pairs=4))  # another day
    await ledger.record(result("d0000001", 4, name="Dan", guild=OTHER_GUILD, day=on(13), pairs=4))  # another server
    assert await ledger.daily_players(GUILD, on(13)) == 2
    assert await ledger.daily_players(GUILD, on(12)) == 1
    assert await ledger.daily_players(GUILD, DAY) == 0
    assert await ledger.daily_players(OTHER_GUILD, on(13)) == 1


@pytest.mark.asyncio
async def test_the_servers_streak_counts_the_days_someone_cleared_the_daily(ledger):
    assert await ledger.clear_streak(GUILD, DAY) == 0  # nothing played at all
    await ledger.record(result("a0000010", ALICE, day=on(10), clear=True))
    await ledger.record(result("b0000011", BOB, name="Bob", day=on(11), clear=True))
    await ledger.record(result("a0000012", ALICE, day=on(12), pairs=9))  # played, not cleared: breaks it
    await ledger.record(result("a0000112", ALICE, day=None, clear=True))  # a free game cleared: not the daily
    await ledger.record(result("d0000012", 4, name="Dan", guild=OTHER_GUILD, day=on(12), clear=True))
    await ledger.record(result("c0000013", CAROL, name="Carol", day=on(13), clear=True))
    assert await ledger.clear_streak(GUILD, DAY) == 1  # the 13th, then the 12th breaks it
    assert await ledger.clear_streak(GUILD, on(13)) == 1  # cleared today already: today counts
    assert await ledger.clear_streak(GUILD, on(12)) == 2  # the 12th not cleared yet, not over: the 11th, 10th
    assert await ledger.clear_streak(GUILD, on(15)) == 0  # nobody played yesterday, the 14th
    assert await ledger.clear_streak(OTHER_GUILD, on(13)) == 1
    assert await ledger.clear_streak(OTHER_GUILD, DAY) == 0
    await ledger.record(result("b0000012", BOB, name="Bob", day=on(12), clear=True))  # someone clears the 12th
    assert await ledger.clear_streak(GUILD, DAY) == 4
    assert await ledger.clear_streak(GUILD, on(15)) == 0
    await ledger.record(result("a0000014", ALICE, day=DAY, clear=True))
    assert await ledger.clear_streak(GUILD, DAY) == 5  # before midnight: today counts, cleared
    assert await ledger.clear_streak(GUILD, on(15)) == 5  # after: up to yesterday, today not cleared yet
    assert await ledger.clear_streak(GUILD, on(16)) == 0  # a day without a clear


@pytest.mark.asyncio
async def test_daily_post_channels(ledger):
    assert await ledger.post_channels() == []
    await ledger.set_post_channel(GUILD, 77)
    await ledger.set_post_channel(OTHER_GUILD, 88)
    await ledger.set_post_channel(GUILD, 78)
    assert await ledger.post_channel(GUILD) == 78
    assert await ledger.post_channels() == [(GUILD, 78), (OTHER_GUILD, 88)]
    await ledger.set_post_channel(OTHER_GUILD, None)
    assert await ledger.post_channels() == [(GUILD, 78)]
    assert await ledger.post_channel(OTHER_GUILD) is None


@pytest.mark.asyncio
async def test_one_database_one_migration_history_with_the_hands_ledger(backend: Backend):
    kind = PostgresSolitaireLedger if backend.name == "postgres" else SqliteSolitaireLedger
    hands = await backend.open_ledger()
    solitaire = await kind.open(backend.where)
    again = await kind.open(backend.where)
    try:
        assert await solitaire.record(result("game0009"))
        assert await again.result("game0009") is not None
    finally:
        for store in (hands, solitaire, again):
            await store.close()
    versions = [row[0] for row in await backend.rows("SELECT version FROM ledger_migrations ORDER BY version")]
    latest = POSTGRES_LATEST_VERSION if backend.name == "postgres" else LATEST_VERSION
    assert versions == list(range(1, latest + 1)) and latest >= 2


@pytest.mark.asyncio
async def test_both_ledgers_on_one_connection_keep_all_they_write_at_once(backend: Backend):
    """Hands (a transaction of several statements each) and solitaire results written at once on the one
    connection (SQLite) or pool (PostgreSQL) all land; closing the solitaire's ledger leaves the
    connection to its owner."""
    from tests.data.test_ledger import hand_entry

    kind = PostgresSolitaireLedger if backend.name == "postgres" else SqliteSolitaireLedger
    tables = await backend.open_ledger()
    solitaire = kind.beside(tables)
    try:
        games = [result(f"game{n:04d}", member=100 + n, pairs=1 + n % 5) for n in range(12)]
        written = await asyncio.gather(
            *(tables.record_hand(hand_entry(n)) for n in range(1, 13)), *(solitaire.record(game) for game in games)
        )
        assert all(written)
        assert [await tables.has_hand(f"table-1:{n}") for n in range(1, 13)] == [True] * 12
        assert await solitaire.count_ranked(GUILD, Board("daily", DAY)) == 12
        await solitaire.close()  # not its connection to close
        assert await tables.has_hand("table-1:1")
    finally:
        await tables.close()


def test_a_name_with_a_nul_character_is_refused():
    with pytest.raises(LedgerValueError, match="NUL"):
        result("game0010", name="Al\x00ice")

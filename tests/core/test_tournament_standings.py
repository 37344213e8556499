"""SPEC §9's standings: placement points (4, 2, 1, 0, ties sharing), then the tables' totals, then the
duplicate score against the same seat on the same walls at the round's other tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.tournaments.standings import (
    COMPUTER,
    StandingsError,
    TableResult,
    duplicate_scores,
    place_points,
    standings,
)


@pytest.mark.parametrize(
    ("totals", "points"),
    [
        ((10, 5, 0, -5), (4, 2, 1, 0)),
        ((-5, 0, 5, 10), (0, 1, 2, 4)),
        ((10, 10, 0, -5), (3, 3, 1, 0)),
        ((0, 0, 0, 20), (1, 1, 1, 4)),
        ((7, 7, 7, 7), (1.75, 1.75, 1.75, 1.75)),
    ],
)
def test_placement_points_with_ties_sharing_their_places(totals: tuple[int, ...], points: tuple[float, ...]) -> None:
    assert place_points(totals) == points


@given(st.lists(st.integers(-50, 50), min_size=4, max_size=4))
def test_a_tables_placement_points_always_sum_to_seven(totals: list[int]) -> None:
    points = place_points(totals)
    assert sum(points) == pytest.approx(7.0)
    for seat, other in ((a, b) for a in range(4) for b in range(4)):
        if totals[seat] > totals[other]:
            assert points[seat] > points[other]


def test_the_duplicate_score_compares_a_seat_with_the_same_seat_on_the_same_walls() -> None:
    a = TableResult(1, (0, 1, 2, 3), ((10, 0, 0, 0), (0, 0, 6, 0)))
    b = TableResult(1, (4, 5, 6, 7), ((0, 0, 0, 10), (0, 0, 6, 0)))
    assert duplicate_scores([a, b]) == [(10.0, 0.0, 0.0, -10.0), (-10.0, 0.0, 0.0, 10.0)]
    assert duplicate_scores([a]) == [(0.0, 0.0, 0.0, 0.0)]  # alone in its round: nothing to compare with
    short = TableResult(1, (4, 5, 6, 7), ((0, 0, 0, 10),))  # played one hand of the two
    assert duplicate_scores([a, short])[0] == (10.0, 0.0, 0.0, -10.0)


@given(
    st.lists(
        st.lists(st.lists(st.integers(-40, 40), min_size=4, max_size=4), min_size=2, max_size=2),
        min_size=2,
        max_size=5,
    )
)
def test_a_rounds_duplicate_scores_cancel_seat_by_seat(rows: list[list[list[int]]]) -> None:
    tables = [
        TableResult(1, tuple(range(4 * index, 4 * index + 4)), tuple(tuple(hand) for hand in hands))
        for index, hands in enumerate(rows)
    ]
    for chair in range(4):
        assert sum(scores[chair] for scores in duplicate_scores(tables)) == pytest.approx(0.0, abs=1e-9)


def test_players_rank_by_points_then_score_then_duplicate_and_computers_are_not_ranked() -> None:
    results = [
        # round 1: players 0-3 at one table, 4-6 and a computer at another, on the same walls
        TableResult(1, (0, 1, 2, 3), ((30, -10, -10, -10),)),
        TableResult(1, (4, 5, 6, COMPUTER), ((-10, 30, -10, -10),)),
        # round 2
        TableResult(2, (0, 4, 5, COMPUTER), ((-5, 20, -5, -10),)),
        TableResult(2, (1, 2, 3, 6), ((0, 0, 0, 0),)),
    ]
    lines = standings(results)
    # 0 and 5: first once (4) and tied second (1.5), 25 in all, +40 - 5 against their seats' mates: equal
    # 4: 1 + 4 points; then 6, 3, 2, 1 on 2.75 points and -10 each, told apart by their duplicate scores
    assert [(line.rank, line.player) for line in lines] == [(1, 0), (1, 5), (3, 4), (4, 6), (5, 3), (6, 2), (7, 1)]
    by_player = {line.player: line for line in lines}
    assert (by_player[0].points, by_player[0].score, by_player[0].duplicate) == (5.5, 25.0, 35.0)
    assert (by_player[4].points, by_player[4].score, by_player[4].duplicate) == (5.0, 10.0, -20.0)
    assert [by_player[player].duplicate for player in (6, 3, 2, 1)] == [10.0, 5.0, -20.0, -35.0]
    assert all(line.tables == 2 for line in lines)


def test_equal_players_share_a_rank() -> None:
    results = [TableResult(1, (0, 1, 2, 3), ((5, 5, -5, -5),))]
    lines = standings(results)
    assert [(line.rank, line.player) for line in lines] == [(1, 0), (1, 1), (3, 2), (3, 3)]
    assert [line.points for line in lines] == [3.0, 3.0, 0.5, 0.5]


def test_bad_results_are_refused() -> None:
    with pytest.raises(StandingsError):
        TableResult(1, (0, 1, 2), ())
    with pytest.raises(StandingsError):
        TableResult(1, (0, 1, 2, 3), ((1, 2, 3),))
    with pytest.raises(StandingsError):
        standings([TableResult(1, (0, 1, 2, 3), ()), TableResult(1, (3, 4, 5, 6), ())])

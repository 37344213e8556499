"""The rating model (SPEC §8, ``core.ratings``): openskill's Plackett–Luce with its defaults, seats ranked by
score with ties sharing a place, a player on several seats rated once, the shown scale, provisional ratings,
which matches are rated, seasons by mode history, and a book of ratings rated in order."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from openskill.models import PlackettLuce

from core.ratings import (
    MU,
    SIGMA,
    START_SIGMA,
    ModeChange,
    Rating,
    RatingBook,
    Season,
    computer_key,
    member_key,
    member_of,
    ordinal,
    places,
    player_key,
    provisional,
    rate,
    rate_players,
    rated,
    season,
    season_at,
    season_start,
    seasons_until,
    shown,
)
from data.ledger import MatchEntry, SeatEntry

FRESH = (Rating(),) * 4


def utc(*parts: int) -> float:
    return datetime.datetime(*parts, tzinfo=datetime.UTC).timestamp()


def openskill(ratings: tuple[Rating, ...], **how: list[float]) -> tuple[Rating, ...]:
    """The same match rated by openskill directly."""
    model = PlackettLuce()
    teams = [[model.rating(mu=rating.mu, sigma=rating.sigma)] for rating in ratings]
    return tuple(Rating(team[0].mu, team[0].sigma) for team in model.rate(teams, **how))


# --- the model ----------------------------------------------------------------------------------------


def test_a_new_player_is_openskills_default_and_shows_1000() -> None:
    assert Rating() == Rating(25.0, 25.0 / 3.0) == Rating(MU, SIGMA)
    assert ordinal(Rating()) == pytest.approx(0.0) and shown(Rating()) == 1000 == Rating().shown
    assert shown(Rating(30.0, 2.0)) == 1000 + 40 * 24
    assert Rating(30.0, 2.0).ordinal == 24.0


def test_four_distinct_scores_give_openskills_known_values() -> None:
    after = rate(FRESH, [30.0, 10.0, -5.0, -35.0])
    assert after == openskill(FRESH, ranks=[1, 2, 3, 4]) == openskill(FRESH, scores=[30, 10, -5, -35])
    assert after == (
        Rating(27.795252672501135, 8.263571791259416),
        Rating(26.55291815138952, 8.17961798837266),
        Rating(24.689416369722096, 8.084127880168786),
        Rating(20.962412806387245, 8.084127880168786),
    )


def test_the_seats_are_ranked_by_score_whatever_their_order() -> None:
    after = rate(FRESH, [-35.0, 30.0, -5.0, 10.0])
    assert after == tuple(rate(FRESH, [30.0, 10.0, -5.0, -35.0])[index] for index in (3, 0, 2, 1))


@pytest.mark.parametrize(
    ("scores", "expected_places"),
    [
        ([10.0, 0.0, 0.0, -10.0], (1, 2, 2, 4)),
        ([5.0, 5.0, 5.0, -15.0], (1, 1, 1, 4)),
        ([20.0, -5.0, -5.0, -5.0], (1, 2, 2, 2)),
        ([0.0, 0.0, 0.0, 0.0], (1, 1, 1, 1)),
    ],
)
def test_equal_scores_share_a_place_and_openskill_rates_them_as_ties(
    scores: list[float], expected_places: tuple[int, ...]
) -> None:
    assert places(scores) == expected_places
    after = rate(FRESH, scores)
    assert (
        after == openskill(FRESH, ranks=[float(place) for place in expected_places]) == openskill(FRESH, scores=scores)
    )
    for first, second in zip(range(4), range(1, 4), strict=False):
        if scores[first] == scores[second]:
            assert after[first] == after[second]


def test_two_and_three_way_ties_give_known_values() -> None:
    two = rate(FRESH, [10.0, 0.0, 0.0, -10.0])
    assert two[1] == two[2] == Rating(24.689416369722096, 8.17961798837266)
    assert two[3] == Rating(22.825914588054673, 8.17961798837266)  # above a distinct last: it tied no one
    three = rate(FRESH, [5.0, 5.0, 5.0, -15.0])
    assert three[:3] == (Rating(25.310583630277904, 8.263571791259416),) * 3
    assert three[3] == Rating(24.06824910916629, 8.263571791259416)
    assert rate(FRESH, [1.0, 1.0, 1.0, 1.0]) == (Rating(25.0, 8.263571791259416),) * 4


def test_a_tie_between_different_ratings_is_openskills() -> None:
    """openskill's own handling of ties (Weng–Lin's A_q counts), whatever the seats' ratings."""
    before = (Rating(30.0, 3.0), Rating(20.0, 6.0), Rating(25.0, 8.0), Rating(22.0, 2.0))
    tied = rate(before, [-5.0, 10.0, 10.0, -5.0])
    assert tied == openskill(before, ranks=[3, 1, 1, 3]) == openskill(before, scores=[-5, 10, 10, -5])
    assert tied != rate(before, [-5.0, 11.0, 10.0, -6.0])


def test_bad_matches_are_refused() -> None:
    with pytest.raises(ValueError, match="two seats or more"):
        rate(FRESH[:1], [1.0])
    with pytest.raises(ValueError, match="two seats or more"):
        rate(FRESH, [1.0, 2.0])
    with pytest.raises(ValueError, match="finite"):
        rate(FRESH, [1.0, 2.0, 3.0, float("nan")])


def test_a_player_on_several_seats_gets_the_mean_of_its_seats() -> None:
    strong, alice = computer_key("strong"), member_key(11)
    before = {alice: Rating(), strong: Rating(28.0, 4.0)}
    seated = rate((Rating(), Rating(28.0, 4.0), Rating(28.0, 4.0), Rating(28.0, 4.0)), [40.0, 0.0, -10.0, -30.0])
    after = rate_players(before, [alice, strong, strong, strong], [40.0, 0.0, -10.0, -30.0])
    assert after[alice] == seated[0]
    assert after[strong].mu == pytest.approx(sum(rating.mu for rating in seated[1:]) / 3)
    assert after[strong].sigma == pytest.approx(sum(rating.sigma for rating in seated[1:]) / 3)


def test_a_rating_from_an_earlier_match_on_two_seats_is_two_seats() -> None:
    """A rating ``rate`` made keeps openskill's object for the next match: on two seats it is still two."""
    strong = rate(FRESH, [3.0, 2.0, 1.0, 0.0])[0]
    plain = Rating(strong.mu, strong.sigma)
    scores = [10.0, 0.0, -5.0, -5.0]
    assert rate((Rating(), strong, strong, strong), scores) == rate((Rating(), plain, plain, plain), scores)
    moved = dataclasses.replace(strong, mu=30.0)  # keeps the object of the old values: not used
    assert rate((Rating(), moved, plain, plain), scores) == rate(
        (Rating(), Rating(30.0, strong.sigma), plain, plain), scores
    )


def test_provisional_below_five_and_a_season_keeps_mu() -> None:
    assert [provisional(matches) for matches in range(7)] == [True] * 5 + [False] * 2
    assert season_start(Rating(31.5, 1.2)) == Rating(31.5, START_SIGMA)
    assert season_start(None) == Rating()


# --- which matches, which players ---------------------------------------------------------------------

SEATS = (
    SeatEntry("Alice", 11, None),
    SeatEntry("Bob", 12, "strong"),  # away: a computer played for the member, who is still rated
    SeatEntry("Strong 1", None, "strong"),
    SeatEntry("Basic 1", None, "basic"),
)
MATCH = MatchEntry("t", 1, "t", {"name": "classic"}, SEATS, (30.0, 0.0, -10.0, -20.0), 16, 100.0)


def test_player_keys() -> None:
    assert [player_key(seat) for seat in SEATS] == ["member:11", "member:12", "computer:strong", "computer:basic"]
    assert player_key(SeatEntry("Nobody", None, None)) is None
    assert member_of("member:11") == 11 and member_of("computer:strong") is None


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, True),
        ({"rules": {"name": "hongkong"}}, True),
        ({"rules": {"name": "family"}}, False),
        ({"practice": True}, False),
        ({"ended": "closed"}, False),
        ({"seats": SEATS[:3], "totals": (1.0, 0.0, -1.0)}, False),  # three players
        ({"seats": (*SEATS[:3], SeatEntry("Nobody", None, None))}, False),
    ],
)
def test_which_matches_are_rated(changes: dict[str, object], expected: bool) -> None:
    assert rated(dataclasses.replace(MATCH, **changes)) is expected  # type: ignore[arg-type]


# --- seasons ------------------------------------------------------------------------------------------


def test_without_a_mode_there_is_one_season_for_all_time() -> None:
    assert season_at([], 0.0) == season_at([], utc(2030, 5, 1)) == Season(1, "none", None, None)
    assert seasons_until([], utc(2030, 1, 1)) == [Season(1, "none", None, None)]


def test_monthly_from_a_moment_ends_the_running_season_there() -> None:
    history = [ModeChange(utc(2026, 12, 15), "monthly")]
    assert season_at(history, utc(2026, 12, 14)) == Season(1, "none", None, utc(2026, 12, 15))
    assert season_at(history, utc(2026, 12, 15)) == Season(2, "monthly", utc(2026, 12, 15), utc(2027, 1, 1))
    assert season_at(history, utc(2027, 1, 1)) == Season(3, "monthly", utc(2027, 1, 1), utc(2027, 2, 1))
    assert season_at(history, utc(2027, 12, 31, 23)).number == 14
    assert [found.number for found in seasons_until(history, utc(2027, 3, 2))] == [1, 2, 3, 4, 5]


def test_a_first_choice_from_the_start_has_no_empty_first_season() -> None:
    history = [ModeChange(utc(2027, 2, 10), "quarterly", from_start=True)]
    assert season_at(history, utc(2020, 1, 1)) == Season(1, "quarterly", None, utc(2027, 4, 1))
    assert season_at(history, utc(2027, 4, 1)) == Season(2, "quarterly", utc(2027, 4, 1), utc(2027, 7, 1))
    assert season_at(history, utc(2028, 1, 5)) == Season(5, "quarterly", utc(2028, 1, 1), utc(2028, 4, 1))


def test_changes_of_mode_number_seasons_on_and_any_number_finds_its_season() -> None:
    history = [
        ModeChange(utc(2027, 2, 10), "quarterly", from_start=True),
        ModeChange(utc(2027, 5, 2), "none"),
        ModeChange(utc(2027, 6, 2), "monthly"),
    ]
    found = seasons_until(history, utc(2027, 8, 3))
    assert [(each.number, each.mode, each.start, each.end) for each in found] == [
        (1, "quarterly", None, utc(2027, 4, 1)),
        (2, "quarterly", utc(2027, 4, 1), utc(2027, 5, 2)),
        (3, "none", utc(2027, 5, 2), utc(2027, 6, 2)),
        (4, "monthly", utc(2027, 6, 2), utc(2027, 7, 1)),
        (5, "monthly", utc(2027, 7, 1), utc(2027, 8, 1)),
        (6, "monthly", utc(2027, 8, 1), utc(2027, 9, 1)),
    ]
    for each in found:
        assert season(history, each.number) == each
        assert each.start is None or season_at(history, each.start) == each
        assert each.end is None or season_at(history, each.end).number == each.number + 1
    with pytest.raises(ValueError, match="from 1"):
        season(history, 0)


def test_a_mode_must_be_known() -> None:
    with pytest.raises(ValueError, match="none, monthly, quarterly"):
        ModeChange(0.0, "weekly")


# --- the book -----------------------------------------------------------------------------------------


def test_the_book_rates_in_order_and_a_new_season_keeps_mu_and_resets_sigma() -> None:
    book: RatingBook[str] = RatingBook()
    players = ["a", "b", "c", "d"]
    first = book.rate("pool", 1, players, [3.0, 2.0, 1.0, 0.0])
    assert [change.after for change in first] == list(rate(FRESH, [3.0, 2.0, 1.0, 0.0]))
    assert [change.place for change in first] == [1, 2, 3, 4] and {change.matches for change in first} == {1}
    second = book.rate("pool", 1, players, [0.0, 1.0, 2.0, 3.0])
    assert [change.before for change in second] == [change.after for change in first]
    third = book.rate("pool", 2, players, [1.0, 1.0, 0.0, 0.0])
    assert [change.before for change in third] == [Rating(change.after.mu, START_SIGMA) for change in second]
    assert {change.matches for change in third} == {1}
    other = book.rate("elsewhere", 1, players, [1.0, 0.0, 0.0, 0.0])
    assert {change.before for change in other} == {Rating()}
    totals = book.totals()
    assert totals[("pool", "a")] == (third[0].after, 3) and totals[("elsewhere", "a")] == (other[0].after, 1)

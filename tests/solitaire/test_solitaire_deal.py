"""Deals: built from a working removal order, reproducible, the daily deal pinned by date, rollover at 00:00 UTC."""

from collections import Counter
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from game.solitaire.board import Board
from game.solitaire.deal import (
    DAILY_BAND,
    DealGenerationFailed,
    daily_candidate_seed,
    deal_for_date,
    deal_for_seed,
    next_rollover,
    removal_order,
    utc_day,
)
from game.solitaire.difficulty import random_playout, stuck_rate
from game.solitaire.layout import Layout
from game.solitaire.prng import Xoshiro128
from game.solitaire.replay import replay
from game.tiles import full_set

# Golden values, computed once (PRNG v1, generator v1, pyramid r1, daily v1, difficulty v1) and frozen:
# a published deal must never change. Failing here means deals changed: bump a version instead.
GOLDEN_SEEDS = {
    0: ("76df5a53f4d7d8d77a73e9bc9c1f76ea35993aa300c678aca2042400b35da7eb", ("1m", "4s", "7s"), (23, 108)),
    12345: ("e965b488690149b0bbd767b058fbb5d03e418c13ae15e67093b60b9d16557431", ("5s", "3p", "4m"), (56, 121)),
    2**53 - 1: ("1e604d3102a95feba55a8abe2f368f20731fcc932ea8130dd8c7d227065abc48", ("9p", "7p", "2p"), (84, 135)),
}
GOLDEN_DAYS = {
    "2025-01-01": (
        1794195932829227,
        "5ec75d74eb13f91d75553109dc209c45ec2e7e96c8e4d288693c48cbacc5bfbb",
        ("8s", "5m", "9p"),
    ),
    "2026-03-01": (
        7375084889286457,
        "d9b84b9ca2663ecc2e4827c6ce4861102b20aa8444ef543abfa5c53d6cb18cfd",
        ("7z", "2m", "3s"),
    ),
    "2030-12-31": (
        6117027332168581,
        "e86c952f26931fee1df9cde3fdedb4cd95b4fb10e035a5484ac5a353b3977d18",
        ("5s", "5z", "6z"),
    ),
}
GOLDEN_SECRET_DAY = (9002058851442714, "6b98c3fc80f655d4171e94e0ce3a498fbfebefd38eb62fc138fb00a8b9b44869")


@pytest.mark.parametrize("seed", sorted(GOLDEN_SEEDS))
def test_free_play_deals_are_pinned(seed):
    digest, faces, first_pair = GOLDEN_SEEDS[seed]
    deal = deal_for_seed(seed)
    assert deal.digest() == digest
    assert tuple(deal.faces[i].code for i in (0, 71, 143)) == faces
    assert deal.solution[0] == first_pair


@pytest.mark.parametrize("day", sorted(GOLDEN_DAYS))
def test_daily_deals_are_pinned(day):
    seed, digest, faces = GOLDEN_DAYS[day]
    deal = deal_for_date(date.fromisoformat(day))
    assert (deal.seed, deal.digest()) == (seed, digest)
    assert tuple(deal.faces[i].code for i in (0, 71, 143)) == faces
    assert deal_for_seed(seed) == deal  # anyone can rebuild a daily deal from its seed


def test_the_deployment_secret_changes_the_daily_deal():
    seed, digest = GOLDEN_SECRET_DAY
    deal = deal_for_date(date(2025, 1, 1), b"s3cret")
    assert (deal.seed, deal.digest()) == (seed, digest)
    assert deal.seed != GOLDEN_DAYS["2025-01-01"][0]
    assert daily_candidate_seed(date(2025, 1, 1), 0, b"other") != daily_candidate_seed(date(2025, 1, 1), 0, b"s3cret")


def test_daily_deals_lie_in_the_difficulty_band():
    low, high = DAILY_BAND
    for day in GOLDEN_DAYS:
        deal = deal_for_date(date.fromisoformat(day))
        assert low <= stuck_rate(deal.board(), deal.seed) <= high


def test_each_deal_holds_the_144_tiles_and_its_solution_clears_it():
    for seed in range(50):
        deal = deal_for_seed(seed)
        assert Counter(deal.faces) == Counter(full_set())
        assert sorted(i for pair in deal.solution for i in pair) == list(range(144))
        outcome = replay(deal.board(), deal.solution)
        assert outcome.cleared and outcome.pairs == 72


def test_different_seeds_give_different_deals_and_the_same_seed_the_same():
    assert deal_for_seed(7) == deal_for_seed(7)
    assert deal_for_seed(7) is deal_for_seed(7)  # generated once: a stored game reads its deal at every read
    assert len({deal_for_seed(seed).digest() for seed in range(20)}) == 20


def test_seeds_out_of_range_are_refused():
    for bad in (-1, 2**53, 1.5, True, "3", [3]):
        with pytest.raises(ValueError):
            deal_for_seed(bad)


def test_dead_ends_are_left_by_seeded_restarts():
    # Two tiles stacked plus a row of two: taking the row first leaves the stack, a dead end (1 chance in 3).
    layout = Layout.of([(0, 0, 0), (0, 0, 1), (4, 0, 0), (6, 0, 0)])
    first_try_failed = 0
    for seed in range(60):
        try:
            removal_order(layout, Xoshiro128.from_seed(b"%d" % seed), max_attempts=1)
        except DealGenerationFailed:
            first_try_failed += 1
        order = removal_order(layout, Xoshiro128.from_seed(b"%d" % seed))
        board = Board.full(tuple(full_set()[:4]), layout)  # faces irrelevant: check freeness only
        present = layout.full
        for a, b in order:
            assert board.layout.is_free(a, present) and board.layout.is_free(b, present)
            present &= ~(1 << a | 1 << b)
        assert present == 0
    assert 5 < first_try_failed < 40


def test_generation_gives_up_with_an_error_never_an_unsolvable_board():
    stack = Layout.of([(0, 0, 0), (0, 0, 1)])  # only ever one free tile
    with pytest.raises(DealGenerationFailed):
        removal_order(stack, Xoshiro128.from_seed(b"stack"), max_attempts=10)


def test_difficulty_is_a_pure_function_of_the_deal():
    deal = deal_for_seed(3)
    rate = stuck_rate(deal.board(), deal.seed)
    assert rate == stuck_rate(deal.board(), deal.seed)
    assert 0.0 <= rate <= 1.0
    rng = Xoshiro128.from_seed(b"playout")
    assert random_playout(deal.board(), rng) % 2 == 0
    # A row where every free pair matches can never get stuck: difficulty 0.
    row = Layout.of((2 * i, 0, 0) for i in range(4))
    easy = Board.full(tuple(full_set()[:4]), row)  # 1m 1m 1m 1m
    assert stuck_rate(easy, 0) == 0.0


def test_daily_rollover_is_at_midnight_utc():
    before = datetime(2025, 6, 30, 23, 59, 59, tzinfo=UTC)
    after = before + timedelta(seconds=1)
    assert utc_day(before) == date(2025, 6, 30)
    assert utc_day(after) == date(2025, 7, 1)
    assert next_rollover(before) == after
    assert next_rollover(after) == after + timedelta(days=1)
    # A player at UTC+2 at 01:30 on July 1st still plays June 30th's deal.
    paris = datetime(2025, 7, 1, 1, 30, tzinfo=timezone(timedelta(hours=2)))
    assert utc_day(paris) == date(2025, 6, 30)
    with pytest.raises(ValueError):
        utc_day(datetime(2025, 7, 1, 12, 0))


def test_the_deal_changes_with_the_utc_day_of_a_fake_clock():
    clock = datetime(2026, 2, 28, 23, 59, 59, tzinfo=UTC)
    first = deal_for_date(utc_day(clock))
    assert deal_for_date(utc_day(clock + timedelta(microseconds=999_999))) == first
    assert deal_for_date(utc_day(clock + timedelta(seconds=1))) != first

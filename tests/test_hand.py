import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import InvalidHand, is_winning_hand, parse_tiles, shanten
from game.hand import (
    arrangements,
    is_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    regular_shanten,
    seven_pairs_shanten,
    thirteen_orphans_shanten,
    useful_tiles,
    waits,
)
from game.hand_tables import clear_caches
from game.tiles import Tile, counts34, format_tiles


def c(text):
    return counts34(parse_tiles(text))


def with_first(count, text):
    counts = c(text)
    counts[0] = count
    return counts


@pytest.mark.parametrize(
    "text",
    ["123m456m789m234p55p", "111m222m333m44455z", "11122233344455m", "123456789m11122z", "55z"],
)
def test_complete_hands(text):
    assert is_complete(c(text))


@pytest.mark.parametrize("text", ["123m456m789m234p56p", "1112223334445m6p", "12345678912345m"])
def test_incomplete_hands(text):
    assert not is_complete(c(text))


@pytest.mark.parametrize(
    "counts",
    [
        [0] * 33,  # not 34 counts
        with_first(5, "23456789m111p"),  # five 1m
        with_first(-1, "23456789m1111p"),  # minus one 1m
        [*c("123m456m789m234p")[:27], 0, 0, 0, 0, 2, 0, 7],  # seven of one honour
    ],
)
def test_complete_refuses_impossible_counts(counts):
    with pytest.raises(InvalidHand):
        is_complete(counts)


def test_an_honour_held_once_rules_a_hand_out_before_any_count_is_checked():
    counts = with_first(9, "23456789m11p5z")
    assert not is_complete(counts)
    counts[31] = 4
    assert not is_complete(counts)


def test_complete_reads_any_sequence_of_counts():
    hand = c("123m456m789m234p55p")
    assert is_complete(tuple(hand)) and is_complete(bytes(hand)) and is_complete([Tile(n) for n in hand])
    assert not is_complete(tuple(c("123m456m789m234p56p")))


def test_is_winning_hand_requires_fourteen_tiles():
    assert is_winning_hand(parse_tiles("123m456m789m234p55p"))
    with pytest.raises(InvalidHand):
        is_winning_hand(parse_tiles("123m456m789m234p5p"))


def test_every_arrangement_is_found():
    # 111122223333m reads as four chows or as a chow and three pungs: scoring needs both.
    found = arrangements(c("111122223333m55p"))
    readings = sorted(tuple(s.kind.value for s in a.sets) for a in found)
    assert readings == [("chow", "chow", "chow", "chow"), ("chow", "pung", "pung", "pung")]
    for arrangement in found:
        tiles = [t for s in arrangement.sets for t in s.tiles] + [arrangement.pair] * 2
        assert sorted(tiles) == sorted(parse_tiles("111122223333m55p"))


def test_pair_choice_gives_several_arrangements():
    # 11223344m: the pair is 11m (then 234m twice) or 44m (then 123m twice).
    found = arrangements(c("11223344m456p789s"))
    assert sorted(a.pair for a in found) == [Tile.M1, Tile.M4]


def test_not_complete_has_no_arrangement():
    assert arrangements(c("123m456m789m234p56p")) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m456m789m234p55p", -1),
        ("123m456m789m234p5p", 0),
        ("123m456m789m23p5p1z", 1),
        ("19m19p19s1234567z", 8),
        ("1111m2222p3333s4z", 2),
    ],
)
def test_shanten_examples(text, expected):
    assert shanten(parse_tiles(text)) == expected


def test_shanten_counts_declared_sets_from_hand_size():
    # After one declared set the concealed part has 10 tiles and must make three sets and a pair.
    assert regular_shanten(c("123m456p789s5z")) == 0
    assert regular_shanten(c("123m456p789s55z")) == -1


def test_special_shapes():
    assert is_seven_pairs(c("11223344556677m"))
    assert not is_seven_pairs(c("11112233445566m"))
    assert seven_pairs_shanten(c("1122334455667m")) == 0
    assert is_thirteen_orphans(c("19m19p19s12345677z"))
    assert thirteen_orphans_shanten(c("19m19p19s1234567z")) == 0


def test_waits_two_sided_and_closed():
    assert waits(c("123m456m789m55p45s")) == [Tile.S3, Tile.S6]
    assert waits(c("123m456m789m55p35s")) == [Tile.S4]


@pytest.mark.parametrize("kinds", [34, 9], ids=["any tile", "one suit"])
def test_complete_matches_arrangements_on_random_hands(kinds):
    # Hands from a single suit get past the honours and are often complete: they exercise the suits.
    rng = random.Random(7)
    wall = [i for i in range(kinds) for _ in range(4)]
    verdicts = []
    for _ in range(300):
        counts = [0] * 34
        for tile in rng.sample(wall, 14):
            counts[tile] += 1
        verdicts.append(is_complete(counts))
        assert verdicts[-1] == bool(arrangements(counts)), format_tiles(
            [Tile(i) for i, n in enumerate(counts) for _ in range(n)]
        )
    assert kinds == 34 or 0 < sum(verdicts) < 300


def test_waits_never_count_on_a_fifth_copy():
    # 1111m and three sets: only a fifth 1m would make the pair, so the hand is not ready.
    assert waits(c("1111m234p567s789s")) == []
    assert regular_shanten(c("1111m234p567s789s")) == 1
    assert waits(c("1112345678999m")) == [Tile(i) for i in range(9)]


def test_useful_tiles_of_a_ready_hand_are_its_waits():
    assert useful_tiles(c("123m456m789m55p45s")) == [Tile.S3, Tile.S6]
    assert useful_tiles(c("1112345678999m")) == [Tile(i) for i in range(9)]


def test_useful_tiles_skip_a_kind_held_four_times():
    # Any other tile drawn becomes a single wait once a 5z is thrown; a fifth 5z does not exist.
    assert useful_tiles(c("5555z123m456p789s")) == [Tile(i) for i in range(34) if i != Tile.WHITE]


@pytest.mark.parametrize(
    "counts",
    [
        [0] * 33,  # not 34 counts
        with_first(5, "2345678m1p"),  # five 1m among 13 tiles
        with_first(-1, "2345678m123p4567s"),  # minus one 1m among 13 tiles
    ],
)
def test_impossible_counts_are_refused(counts):
    with pytest.raises(InvalidHand):
        regular_shanten(counts)
    with pytest.raises(InvalidHand):
        useful_tiles(counts)


@pytest.mark.parametrize("text", ["123m456m789m234p", "123m456m789m234p55p1z"])
def test_shanten_refuses_impossible_sizes(text):
    with pytest.raises(InvalidHand):
        regular_shanten(c(text))


def test_useful_tiles_need_three_n_plus_one_tiles():
    with pytest.raises(InvalidHand):
        useful_tiles(c("123m456m789m234p55p"))


WALL = [kind for kind in range(34) for _ in range(4)]


def counts_of(kinds):
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    return counts


# A third of the hands come from a few kinds only, so that four copies of a kind are common.
hands_13 = st.one_of(
    st.permutations(WALL).map(lambda wall: counts_of(wall[:13])),
    st.lists(st.sampled_from(WALL[36:56]), min_size=13, max_size=13)
    .map(counts_of)
    .filter(lambda counts: max(counts) <= 4),
)


@settings(max_examples=300, deadline=None)
@given(hands_13)
def test_useful_tiles_and_waits_follow_their_definitions(counts):
    before = regular_shanten(counts)
    grown = {kind: [*counts[:kind], counts[kind] + 1, *counts[kind + 1 :]] for kind in range(34) if counts[kind] < 4}
    assert useful_tiles(counts) == [Tile(k) for k, g in grown.items() if regular_shanten(g) < before]
    assert waits(counts) == [Tile(k) for k, g in grown.items() if arrangements(g)]
    assert (before == 0) == bool(waits(counts))


def test_results_do_not_depend_on_what_the_caches_saw_first():
    rng = random.Random(3)
    hands = [counts_of(rng.sample(WALL, 13 + i % 2)) for i in range(400)]
    hands += [counts_of(rng.sample(WALL[:108], 14)) for i in range(400)]  # suits only: reach the suit look-ups
    first = [(regular_shanten(h), is_complete(h) if sum(h) == 14 else None) for h in hands]
    clear_caches()
    again = [(regular_shanten(h), is_complete(h) if sum(h) == 14 else None) for h in reversed(hands)]
    assert again == first[::-1]

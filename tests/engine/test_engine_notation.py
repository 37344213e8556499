"""Text and JSON forms of actions and records, and the joker-aware win test, each checked against
an independent reading."""

import itertools
import json

import pytest
from engine_helpers import random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import (
    AddedKong,
    Call,
    Claim,
    ClaimKind,
    CloseWindow,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    action_from_json,
    action_to_json,
    parse_action,
)
from game.errors import InvalidNotation
from game.hand import arrangements, regular_shanten
from game.record import HandRecord
from game.round import Round
from game.rules import ruleset
from game.tiles import Tile, counts34, parse_tiles
from game.winning import is_ready, is_winning, shanten, winning_tiles

seats = st.integers(0, 3)
tiles = st.sampled_from(list(Tile))
chow_bases = st.sampled_from([tile for tile in Tile if tile < 27 and tile % 9 <= 6])
actions = st.one_of(
    st.builds(Discard, seats, tiles),
    st.builds(DeclareWin, seats),
    st.builds(ConcealedKong, seats, tiles),
    st.builds(AddedKong, seats, tiles),
    st.builds(Claim, seats, st.sampled_from([ClaimKind.MAHJONG, ClaimKind.PUNG, ClaimKind.KONG])),
    st.builds(Claim, seats, st.just(ClaimKind.CHOW), chow_bases),
    st.builds(Pass, seats),
    st.builds(Call, seats),
    st.just(CloseWindow()),
)


@given(actions)
def test_action_text_and_json_round_trip(action):
    assert parse_action(action.text()) == action
    assert parse_action(parse_action(action.text()).text()).text() == action.text()
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_action_text_forms():
    assert Discard(2, Tile.P5).text() == "2 d 5p"
    assert Claim(1, ClaimKind.CHOW, Tile.M3).text() == "1 c chow 3m"
    assert parse_action("  3   c  pung ") == Claim(3, ClaimKind.PUNG)
    assert action_to_json(Discard(0, Tile.RED)) == {"type": "discard", "seat": 0, "tile": "7z"}


@pytest.mark.parametrize("text", ["", "d 5p", "0 d", "0 d 5q", "0 c chow", "0 c pung 5p", "0 c ron", "x p", "0 fly"])
def test_bad_action_text_is_refused(text):
    with pytest.raises(InvalidNotation):
        parse_action(text)


@pytest.mark.parametrize(
    "document",
    [
        [],
        {"type": "discard"},
        {"type": "discard", "seat": 0},
        {"type": "jump", "seat": 1},
        {"type": "claim", "seat": 1, "kind": "ron"},
    ],
)
def test_bad_action_json_is_refused(document):
    with pytest.raises(InvalidNotation):
        action_from_json(document)


def test_hand_record_text_replays_the_hand():
    rules = ruleset("hongkong", jokers=True)
    hand = random_game(rules, 21)
    record = HandRecord.from_text(hand.record().to_text())
    assert record == hand.record()
    assert Round.from_record(record).to_document() == hand.to_document()
    with pytest.raises(InvalidNotation):
        HandRecord.from_text("not json\n0 d 5p")


def test_a_malformed_document_is_refused():
    document = Round.deal(ruleset("classic"), 1).to_document()
    for broken in (
        {**document, "version": 99},
        {**document, "seats": document["seats"][:3]},
        {**document, "phase": "dancing"},
        {**document, "wall": {}},
    ):
        with pytest.raises(InvalidNotation):
            Round.from_document(broken)


# --- winning shapes with jokers, against brute force ---------------------------------------------

RULES = ruleset("classic", jokers=True)


@st.composite
def near_winning_hands(draw):
    """Four sets and a pair with one or two tiles turned into jokers, and maybe one tile changed."""
    tiles = []
    for _ in range(4):
        if draw(st.booleans()):
            base = draw(chow_bases)
            tiles += [base, base + 1, base + 2]
        else:
            tiles += [draw(st.integers(0, 33))] * 3
    tiles += [draw(st.integers(0, 33))] * 2
    if draw(st.booleans()):
        tiles[draw(st.integers(0, 13))] = draw(st.integers(0, 33))
    jokers = draw(st.integers(1, 2))
    for position in sorted(draw(st.lists(st.integers(0, 13), min_size=jokers, max_size=jokers, unique=True)))[::-1]:
        del tiles[position]
    return sorted(tiles), jokers


def brute_force_wins(naturals, jokers):
    """Try every value for the jokers; the pair must be made of real tiles."""
    real = [0] * 34
    for index in naturals:
        real[index] += 1
    for values in itertools.combinations_with_replacement(range(34), jokers):
        counts = list(real)
        for value in values:
            counts[value] += 1
        if max(counts) <= 4 and any(real[option.pair] >= 2 for option in arrangements(counts)):
            return True
    return False


@settings(max_examples=200, deadline=None)
@given(near_winning_hands())
def test_winning_with_jokers_matches_brute_force(hand):
    naturals, jokers = hand
    counts = [0] * 43
    for index in naturals:
        counts[index] += 1
    counts[Tile.JOKER] = jokers
    if max(counts[:34]) + jokers > 4:
        return  # a joker may stand for a fifth copy; the brute force cannot count those
    assert is_winning(counts, RULES) == brute_force_wins(naturals, jokers)


def test_a_joker_may_stand_for_a_tile_whose_four_copies_are_in_hand():
    counts = [0] * 43
    counts[Tile.M1], counts[Tile.M4], counts[Tile.M5], counts[Tile.M6], counts[Tile.JOKER] = 4, 3, 3, 3, 1
    assert is_winning(counts, RULES)  # 11m pair, 11m + joker pung, 456m three times


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=12, max_size=12), st.integers(0, 1))
def test_ready_agrees_with_winning_tiles(naturals, jokers):
    counts = [0] * 43
    for index in naturals[: 13 - jokers]:
        counts[index] += 1
    counts[Tile.JOKER] = jokers
    if max(counts[:34]) > 3:
        return
    assert is_ready(counts, RULES) == bool(winning_tiles(counts, RULES))


@pytest.mark.parametrize("seven_pairs", [False, True])
@pytest.mark.parametrize("thirteen_orphans", [False, True])
def test_shanten_counts_the_special_hands_the_rules_allow_as_the_win_test_does(seven_pairs, thirteen_orphans):
    rules = ruleset("classic", seven_pairs=seven_pairs, thirteen_orphans=thirteen_orphans)
    orphans, pairs = counts34(parse_tiles("19m19p19s1234567z")), counts34(parse_tiles("1122m3344p5566s7z"))
    assert (shanten(orphans, rules) == 0) == thirteen_orphans and (shanten(pairs, rules) == 0) == seven_pairs
    for counts in (orphans, pairs):
        assert -1 < shanten(counts, rules) <= regular_shanten(counts)  # the regular shape is always counted
        waits = winning_tiles([*counts, *[0] * 9], rules)
        assert (shanten(counts, rules) == 0) == bool(waits)
        for tile in waits:
            counts[tile] += 1
            assert shanten(counts, rules) == -1
            counts[tile] -= 1

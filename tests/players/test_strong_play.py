"""The strong player and the teacher at real tables: only legal actions, the same choices from the
same seed, hints and explanations that match the choice."""

import random

import pytest
from players_helpers import VARIANTS, chow, position

from game.actions import Claim, ClaimKind, Pass
from game.match import matches_hands
from game.players import PLAYERS, make_player
from game.players.autoplay import play_round
from game.players.evaluation import counts_of, free_distance
from game.players.strong import StrongPlayer, decide
from game.players.teacher import TeacherPlayer
from game.rules import ruleset
from game.scoring import judge_for
from game.tiles import Tile, parse_tiles
from words.phrases import show


def play_hands(rules, names, hands, seed):
    """Play ``hands`` hands of a match (apply refuses any illegal action); the actions of each hand."""
    judge = judge_for(rules.name) if rules.name in ("classic", "hongkong") else None
    players = [make_player(name) for name in names]
    rng = random.Random(seed)
    played = []
    for hand in matches_hands(rules, f"strong-play:{seed}", hands, judge):
        play_round(hand, players, rng)
        played.append(hand.actions)
    return played


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_strong_plays_only_legal_actions(name, options):
    rules = ruleset(name, **options)
    names = ["strong", "basic", "strong", "teacher"][: rules.players]
    assert len(play_hands(rules, names, 12, seed=7)) == 12


def test_the_same_seed_gives_the_same_hands():
    rules = ruleset("hongkong")
    first = play_hands(rules, ["strong", "basic", "basic", "strong"], 4, seed=3)
    again = play_hands(rules, ["strong", "basic", "basic", "strong"], 4, seed=3)
    assert first == again


def test_the_choice_ignores_the_random_generator():
    view = position("123m789m123p99p4z5s2s")
    choices = {StrongPlayer().choose(view, random.Random(seed)) for seed in range(5)}
    assert len(choices) == 1


def test_registered_by_name():
    assert isinstance(make_player("strong"), StrongPlayer)
    assert isinstance(make_player("teacher"), TeacherPlayer)
    assert {"random", "basic", "strong", "teacher"} <= set(PLAYERS)


def test_the_teacher_plays_the_strong_choice_and_explains_it_in_both_languages():
    for view in (
        position("123m789m123p99p4z5s2s"),
        position("13m456p2378s77z59p", claim=("7z", 2)),
        position("55m19p258s13579s2z", rules="hongkong", claim=("5m", 2)),
    ):
        advice = TeacherPlayer().advise(view)
        assert advice.action == decide(view).action
        said = [show(advice.reason, lang) for lang in ("en", "fr", "zh_TW")]
        assert all(said) and len(set(said)) == 3
    honour = TeacherPlayer().advise(position("123m789m123p99p4z5s2s")).reason
    assert honour.key == "teacher.discard.isolated_honour" and honour.param("tile") == Tile.NORTH
    assert "North Wind" in show(honour, "en") and "Vent du Nord" in show(honour, "fr")


def test_a_kind_held_four_times_beside_a_joker_is_not_counted_as_a_draw():
    # With a joker every kind is tried as a draw; the fifth copy of 1m must not be.
    view = position("1111m234p567s0j99s3z")
    decision = decide(view)
    assert decision.action in view.legal
    for option in decision.options:
        assert Tile.M1 not in dict(option.useful_kinds)


def test_a_joker_is_worth_one_exchange():
    # Three sets, a pair, a joker and North: the joker pairs with North, the hand is ready.
    assert free_distance(counts_of(parse_tiles("123m456p789s99s0j4z"))) == 0
    # With East and South beside the joker, one exchange (South for another East) completes it.
    assert free_distance(counts_of(parse_tiles("123m456p789s99s0j12z"))) == 0
    # Without the joker, East and South alone are two exchanges from a set.
    assert free_distance(counts_of(parse_tiles("123m456p789s99s12z"))) == 1


def test_a_claim_that_leaves_only_jokers_is_weighed_with_a_joker_discard():
    # Three sets laid; 5m 5m and two jokers. Punging 5m leaves the two jokers alone, so the only
    # discard after the claim is a joker: the claim must still be weighed (once an AssertionError).
    view = position("55m00j", claim=("5m", 2), melds={0: [chow("1p"), chow("4p"), chow("7p")]})
    decision = decide(view)
    assert decision.action in view.legal
    assert decision.action in (Claim(0, ClaimKind.PUNG), Pass(0))

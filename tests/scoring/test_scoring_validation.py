"""Impossible hand descriptions are refused with the faulty tile and count, in English and French."""

import pytest
from scoring_helpers import make_win

from game.phrases import phrase
from game.scoring import ClassicSettings, UnscorableHand, score_classic, score_hongkong
from game.tiles import Tile
from words.phrases import show


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        ("123m 456p 99s [777z] (1111m)", {"win": "9s"}, "1m appears 5 times (1 concealed, 4 in declared sets)"),
        ("11111m 23m 456p 789s 1s", {}, "1m appears 5 times (5 concealed, 0 in declared sets)"),
        ("123m 456p 789s 11s", {}, "must number 14, not 11"),
        ("[777z] 123m 456p 789s 11s 5p", {}, "must number 11, not 12"),
        ("123m 456p 789s 123s 11s", {"win": "5s"}, "the winning tile 5s is not among the concealed tiles"),
        ("123m 456p 789s 123s 1s1f", {}, "1f is a flower or season"),
        ("123m 456p 789s 123s 11s", {"bonus": "1f1f"}, "1f is listed 2 times"),
        ("123m 456p 789s 123s 11s", {"bonus": "1m"}, "1m is listed among the bonus tiles"),
        ("123m 456p 789s 123s 11s", {"heavenly": True}, "heavenly hand"),
        ("123m 456p 789s 123s 11s", {"self_drawn": True, "kong_replacement": True}, "this hand has 0"),
        ("123m 456p 789s 123s 11s", {"self_drawn": True, "robbing_kong": True}, "cannot be self-drawn"),
        ("123m 456m 789m 234p 56p", {"win": "5p"}, "not a winning hand"),
    ],
)
def test_impossible_or_losing_hands(text, options, message):
    win = make_win(text, **options)
    for score in (score_classic, score_hongkong):
        with pytest.raises(UnscorableHand) as caught:
            score(win)
        reason = caught.value.reason
        assert message in show(reason, "en")
        said = [show(reason, lang) for lang in ("en", "fr", "zh_TW")]
        assert all(said) and len(set(said)) == 3


def test_jokers_are_counted_and_a_discarded_joker_cannot_win():
    jokers = ClassicSettings(jokers=True)
    with pytest.raises(UnscorableHand) as caught:
        score_classic(make_win("[5m0j0j] [6m0j0j] 123p 456p 9s0j", win="9s", self_drawn=True), jokers)
    assert caught.value.reason == phrase("unscorable.too_many_jokers", jokers=5, most=4)
    with pytest.raises(UnscorableHand) as caught:
        score_classic(make_win("123m 456m 789m 11p0j 99s", win="0j"), jokers)
    assert "discarded joker" in show(caught.value.reason, "en")
    assert score_classic(make_win("123m 456m 789m 11p0j 99s", win="0j", self_drawn=True), jokers).score == 56


def test_hong_kong_never_plays_jokers():
    with pytest.raises(UnscorableHand) as caught:
        score_hongkong(make_win("123m 456m 789m 11p0j 99s", win="9s"))
    assert caught.value.reason.key == "unscorable.jokers_not_in_play"


def test_the_prevailing_wind_must_be_a_wind():
    win = make_win("123m 456p 789s 123s 11s")
    bad = type(win)(win.concealed, win.melds, win.winning_tile, False, 0, Tile.RED)
    with pytest.raises(UnscorableHand) as caught:
        score_classic(bad)
    assert caught.value.reason == phrase("unscorable.round_wind_not_a_wind", code="7z")

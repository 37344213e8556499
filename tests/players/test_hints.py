"""Hints for a human's discard: every candidate, the unseen tiles that improve the hand left, why."""

from players_helpers import position

from game.hand import regular_shanten
from game.hints import discard_hints
from game.players.strong import decide
from game.tiles import counts34, parse_tiles
from words.phrases import show


def test_every_discard_is_listed_once_best_first():
    view = position("123m456m11s99p45s35p")
    hints = discard_hints(view)
    assert [hint.best for hint in hints] == [True] + [False] * (len(hints) - 1)
    assert sorted(hint.tile.code for hint in hints) == sorted({tile.code for tile in view.concealed})
    assert hints[0].tile == decide(view).action.tile


def test_counts_agree_with_a_direct_count():
    hand = parse_tiles("123m456m11s99p45s35p")
    view = position("123m456m11s99p45s35p", discards={1: "6s3s"})
    seen = counts34(parse_tiles("6s3s"))
    for hint in discard_hints(view):
        left = counts34(hand)
        left[hint.tile] -= 1
        assert regular_shanten(left) == hint.shanten
        expected = {}
        for kind in range(34):
            if left[kind] < 4:
                left[kind] += 1
                if regular_shanten(left) < hint.shanten:
                    copies = 4 - seen[kind] - (left[kind] - 1)
                    if copies > 0:
                        expected[kind] = copies
                left[kind] -= 1
        assert {int(tile): copies for tile, copies in hint.useful_kinds} == expected
        assert hint.useful == sum(expected.values())


def test_reasons_in_every_language_name_the_tile():
    for hint in discard_hints(position("123m456m11s99p45s35p")):
        assert hint.reason.param("tile") == hint.tile
        assert show(hint.reason, "en").startswith(("Discard", "Discarding"))
        assert show(hint.reason, "fr").startswith(("Jetez", "En jetant"))
        assert show(hint.reason, "zh_TW").startswith("打")


def test_no_hints_while_answering_a_claim():
    assert discard_hints(position("13m456p2378s77z59p", claim=("7z", 2))) == ()

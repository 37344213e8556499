def test_tied_totals_share_the_best_place_they_cover():
    from fractions import Fraction

    from game.match import places

    assert places([5, 0, 0, 0]) == (1, 2, 2, 2)
    assert places([3, 3, 1, 0]) == (1, 1, 3, 4)
    assert places([Fraction(-1, 2), 4.0, Fraction(-1, 2), -8]) == (2, 1, 2, 4)

"""The pyramid's geometry and the free rule, on the pyramid and on hand-made positions."""

from collections import Counter

import pytest

from game.errors import IllegalAction
from game.solitaire.board import Board, tiles_match
from game.solitaire.layout import PYRAMID, Layout, mask_of
from game.tiles import Tile, parse_tiles


def test_pyramid_has_the_five_levels_of_the_spec():
    per_level = Counter(p.z for p in PYRAMID.positions)
    assert per_level == {0: 72, 1: 42, 2: 20, 3: 8, 4: 2}
    columns = {z: sorted({p.x for p in PYRAMID.positions if p.z == z}) for z in range(5)}
    rows = {z: sorted({p.y for p in PYRAMID.positions if p.z == z}) for z in range(5)}
    assert columns == {0: list(range(0, 15, 2)), 1: list(range(2, 13, 2)), 2: [4, 6, 8, 10], 3: [6, 8], 4: [6, 8]}
    assert rows == {0: list(range(0, 17, 2)), 1: list(range(2, 15, 2)), 2: [4, 6, 8, 10, 12], 3: [5, 7, 9, 11], 4: [8]}


def test_ids_follow_z_y_x_order():
    keys = [(p.z, p.y, p.x) for p in PYRAMID.positions]
    assert keys == sorted(keys)
    assert [p.id for p in PYRAMID.positions] == list(range(144))
    assert (PYRAMID.positions[0].x, PYRAMID.positions[0].y, PYRAMID.positions[0].z) == (0, 0, 0)


def test_full_pyramid_frees_only_row_ends_of_uncovered_tiles():
    free = PYRAMID.free_ids(PYRAMID.full)
    # Row ends of every level, minus those covered from above: the two tops are free, level 3 only
    # through its row ends, and so on. Computed by hand from the geometry:
    expected = set()
    for z, (first_x, last_x) in enumerate([(0, 14), (2, 12), (4, 10), (6, 8), (6, 8)]):
        for p in PYRAMID.positions:
            if p.z == z and p.x in (first_x, last_x):
                covered = any(q.z > p.z and abs(q.x - p.x) < 2 and abs(q.y - p.y) < 2 for q in PYRAMID.positions)
                if not covered:
                    expected.add(p.id)
    assert set(free) == expected
    assert len(free) == 48  # 18 + 14 + 10 + 4 + 2


def test_every_position_is_covered_by_exactly_the_tiles_that_overlap_it_from_higher_levels():
    level3 = [p for p in PYRAMID.positions if p.z == 3]
    top_of_level2 = {p.id for p in PYRAMID.positions if p.z == 2 and p.x in (6, 8) and 4 <= p.y <= 12}
    covered_by_level3 = {q for q in top_of_level2 if any(PYRAMID.above[q] >> p.id & 1 for p in level3)}
    # A level-3 tile at odd y half-covers two level-2 rows: all ten middle tiles of level 2 are covered.
    assert covered_by_level3 == top_of_level2


def row(n: int) -> Layout:
    return Layout.of((2 * i, 0, 0) for i in range(n))


def test_six_tile_row_only_the_ends_are_free():
    layout = row(6)
    assert layout.free_ids(layout.full) == [0, 5]
    without_left_end = layout.full & ~1
    assert layout.free_ids(without_left_end) == [1, 5]


def test_up_and_down_do_not_count():
    # A tile with neighbours left and right is blocked even with nothing above or below it.
    layout = Layout.of([(0, 2, 0), (2, 2, 0), (4, 2, 0), (2, 0, 0), (2, 4, 0)])
    middle = next(p.id for p in layout.positions if (p.x, p.y) == (2, 2))
    assert not layout.is_free(middle, layout.full)
    above = next(p.id for p in layout.positions if (p.x, p.y) == (2, 0))
    assert layout.is_free(above, layout.full)


def test_side_neighbour_half_a_row_off_still_blocks():
    layout = Layout.of([(0, 1, 0), (2, 0, 0), (4, 1, 0)])
    middle = next(p.id for p in layout.positions if p.x == 2)
    assert not layout.is_free(middle, layout.full)
    layout = Layout.of([(0, 2, 0), (2, 0, 0), (4, 2, 0)])  # rows do not overlap: both sides open
    middle = next(p.id for p in layout.positions if p.x == 2)
    assert layout.is_free(middle, layout.full)


def test_a_half_covering_tile_blocks():
    layout = Layout.of([(0, 0, 0), (0, 2, 0), (0, 1, 1)])
    lower = [p.id for p in layout.positions if p.z == 0]
    top = next(p.id for p in layout.positions if p.z == 1)
    assert all(not layout.is_free(i, layout.full) for i in lower)
    assert layout.is_free(top, layout.full)
    assert all(layout.is_free(i, layout.full & ~(1 << top)) for i in lower)


def test_a_tile_two_levels_up_still_blocks():
    layout = Layout.of([(0, 0, 0), (2, 0, 0), (4, 0, 0), (0, 0, 1), (1, 0, 2)])
    bottom_left = next(p.id for p in layout.positions if (p.x, p.z) == (0, 0))
    level1 = next(p.id for p in layout.positions if p.z == 1)
    present = layout.full & ~(1 << level1)
    assert not layout.is_free(bottom_left, present)  # (1, 0, 2) overlaps it with nothing between


def test_overlapping_tiles_on_one_level_are_refused():
    with pytest.raises(ValueError, match="overlap"):
        Layout.of([(0, 0, 0), (1, 1, 0)])


def test_match_rule_groups_flowers_and_seasons():
    plum, orchid, spring, summer = parse_tiles("1f2f5f6f")
    assert tiles_match(plum, orchid)
    assert tiles_match(spring, summer)
    assert not tiles_match(plum, spring)
    assert tiles_match(Tile.GREEN, Tile.GREEN)
    assert not tiles_match(Tile.GREEN, Tile.RED)


def test_board_refuses_blocked_gone_and_mismatched_pairs():
    layout = row(4)
    faces = tuple(parse_tiles("1m2m2m1m"))
    board = Board.full(faces, layout)
    with pytest.raises(IllegalAction, match="not free"):
        board.remove(0, 1)
    with pytest.raises(IllegalAction, match="itself"):
        board.remove(0, 0)
    with pytest.raises(IllegalAction, match="no tile 9"):
        board.remove(0, 9)
    after = board.remove(0, 3)
    assert after.remaining == (1, 2)
    assert board.remaining == (0, 1, 2, 3)  # the original is unchanged
    with pytest.raises(IllegalAction, match="already been removed"):
        after.remove(0, 3)
    assert Board.full(tuple(parse_tiles("1m2m3m1m")), layout).stuck is False
    with pytest.raises(IllegalAction, match="do not match"):
        Board.full(tuple(parse_tiles("1m2m3m4m")), layout).remove(0, 3)
    assert Board.full(tuple(parse_tiles("1m2m3m4m")), layout).stuck
    assert after.restore(0, 3) == board
    assert after.present == mask_of([1, 2])


def _covered_by_sampling(layout: Layout, tile_id: int, present: int) -> bool:
    """Whether every point of the tile's square, sampled on a quarter-unit grid, lies under a present tile
    of a higher level: the rule from the picture, not from the unit squares ``is_hidden`` reads."""
    p = layout.positions[tile_id]
    points = [(p.x + (i + 0.5) / 4, p.y + (j + 0.5) / 4) for i in range(8) for j in range(8)]
    above = [q for q in layout.positions if q.z > p.z and present >> q.id & 1]
    return all(any(q.x <= x < q.x + 2 and q.y <= y < q.y + 2 for q in above) for x, y in points)


def test_a_tile_is_hidden_exactly_when_higher_tiles_cover_all_of_it():
    full = PYRAMID.full
    hidden = [i for i in range(len(PYRAMID)) if PYRAMID.is_hidden(i, full)]
    assert len(hidden) == 42 + 20 + 6  # under levels 1 and 2 whole, and 6 under level 3's half-offset rows
    assert all(PYRAMID.is_hidden(i, full) == _covered_by_sampling(PYRAMID, i, full) for i in range(len(PYRAMID)))
    # a level-2 tile under the seam of level 3's half-offset rows is partly seen; with a neighbour gone, more
    top = [p.id for p in PYRAMID.positions if p.z >= 3]
    for removed in top:
        present = full & ~(1 << removed)
        for i in range(len(PYRAMID)):
            assert PYRAMID.is_hidden(i, present) == _covered_by_sampling(PYRAMID, i, present)


def test_a_free_tile_is_never_hidden_and_a_board_says_so_for_present_tiles_only():
    board = Board.full(tuple(parse_tiles("1m") * 144))
    assert not any(board.is_hidden(i) for i in board.free_ids())
    (a, b) = board.free_ids()[:2]
    cleared = Board(board.faces, board.present & ~mask_of([a, b]))
    assert not cleared.is_hidden(a)

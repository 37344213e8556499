"""The solver: complete on small boards (checked against brute force), honest within its budget, every deal solvable."""

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.solitaire.board import Board, match_group
from game.solitaire.deal import deal_for_seed
from game.solitaire.layout import Layout
from game.solitaire.replay import replay
from game.solitaire.solver import Verdict, luby, solve
from game.tiles import Tile, parse_tiles

GREEN = Tile.GREEN


def four_green_dragons() -> tuple[Board, dict[str, int]]:
    """Seed 004's trap: two free green dragons, the other two stacked one on the other."""
    layout = Layout.of([(0, 0, 0), (4, 0, 0), (8, 0, 0), (8, 0, 1)])
    ids = {
        name: next(p.id for p in layout.positions if (p.x, p.z) == xz)
        for name, xz in {"free_a": (0, 0), "free_b": (4, 0), "under": (8, 0), "over": (8, 1)}.items()
    }
    return Board.full((GREEN,) * 4, layout), ids


def test_the_four_green_dragons_trap():
    board, ids = four_green_dragons()
    assert set(board.free_ids()) == {ids["free_a"], ids["free_b"], ids["over"]}
    trapped = board.remove(ids["free_a"], ids["free_b"])
    assert trapped.stuck
    assert solve(trapped).verdict is Verdict.UNSOLVABLE
    result = solve(board)
    assert result.verdict is Verdict.SOLVABLE
    assert ids["over"] in result.order[0]  # the top dragon must go with one of the free ones
    assert replay(board, result.order).cleared
    for pair in [(ids["free_a"], ids["over"]), (ids["free_b"], ids["over"])]:
        assert solve(board.remove(*pair)).verdict is Verdict.SOLVABLE


# A small three-level board of 12 tiles, filled with three groups of four, for exhaustive comparison.
SMALL = Layout.of([(x, y, 0) for x in (0, 2, 4, 6, 8) for y in (0, 2)] + [(2, 1, 1), (6, 1, 1)])


def brute_force_solvable(board: Board) -> bool:
    groups = [match_group(face) for face in board.faces]

    @cache
    def clearable(present: int) -> bool:
        if not present:
            return True
        free = board.layout.free_ids(present)
        return any(
            clearable(present & ~(1 << a | 1 << b))
            for i, a in enumerate(free)
            for b in free[i + 1 :]
            if groups[a] == groups[b]
        )

    return clearable(board.present)


@settings(max_examples=150, deadline=None)
@given(st.permutations(parse_tiles("111122223333m")), st.integers(0, (1 << 12) - 1))
def test_solver_agrees_with_brute_force_on_small_boards(faces, removed):
    # Take away an even number of tiles of each group (as play would), chosen by the ``removed`` bits.
    present = SMALL.full
    by_group: dict[Tile, list[int]] = {}
    for tile_id, face in enumerate(faces):
        by_group.setdefault(face, []).append(tile_id)
    for members in by_group.values():
        drop = [i for i in members if removed >> i & 1]
        for i in drop[: len(drop) // 2 * 2]:
            present &= ~(1 << i)
    board = Board(tuple(faces), present, SMALL)
    result = solve(board)
    expected = brute_force_solvable(board)
    assert result.verdict is (Verdict.SOLVABLE if expected else Verdict.UNSOLVABLE)
    if expected:
        assert replay(board, result.order).cleared


def test_an_exhausted_budget_says_unknown_never_unsolvable():
    board = deal_for_seed(10).board()
    result = solve(board, node_budget=1)
    assert result.verdict is Verdict.UNKNOWN
    assert result.order == () and result.hint is None


def test_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@pytest.mark.slow
def test_every_one_of_1000_generated_deals_is_solved():
    for seed in range(1000):
        board = deal_for_seed(seed).board()
        result = solve(board)
        assert result.verdict is Verdict.SOLVABLE, seed
        assert replay(board, result.order).cleared, seed


def test_mid_game_positions_get_a_verified_hint():
    deal = deal_for_seed(77)
    board = replay(deal.board(), deal.solution[:20]).board
    result = solve(board)
    assert result.verdict is Verdict.SOLVABLE
    assert result.hint in board.matching_free_pairs()
    assert replay(board, result.order).cleared

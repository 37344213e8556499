"""No face of a hidden solitaire tile (wholly covered by higher tiles, ``Board.is_hidden``) reaches the
pyramid's picture or its alt text (issue 37): the same board with the hidden tiles' faces moved among
themselves gives the same picture pixel for pixel, the same PNG byte for byte (so the same digest, which
names the attachment) and the same description, at both sizes and in every language."""

from __future__ import annotations

import re

import pytest

from game.solitaire.board import Board
from game.solitaire.deal import deal_for_seed
from render.pyramid import draw_pyramid, render_pyramid
from words import LANGS

# Hidden faces once showed there, drawn whole under the tiles above: a few pixels of a level-2 tile where
# the rounded corners of the two level-3 tiles over it meet (seed 9 after 6 and 9 pairs: in the PNG of
# the daily post's size, too), or at a corner of the tiles above (seed 2 after 24 and 30 pairs).
PICKS = {2: (0, 24, 30, 50), 7: (0, 30, 60), 9: (6, 9)}


def _positions() -> list[tuple[str, Board]]:
    positions = []
    for seed, picks in PICKS.items():
        deal = deal_for_seed(seed)
        board = deal.board()
        for pick, pair in enumerate(deal.solution):
            if pick in picks:
                positions.append((f"seed {seed} after {pick} pairs", board))
            board = board.remove(*pair)
    return positions


POSITIONS = _positions()


def hidden_ids(board: Board) -> list[int]:
    return [tile_id for tile_id in board.remaining if board.is_hidden(tile_id)]


def with_faces_moved(board: Board, ids: list[int], shift: int = 1) -> Board:
    """The board with the faces of ``ids`` moved on by ``shift`` among themselves: still the deal's
    tiles, most of ``ids`` with another face."""
    faces = list(board.faces)
    moved = [faces[tile_id] for tile_id in ids]
    for tile_id, face in zip(ids, moved[shift:] + moved[:shift], strict=True):
        faces[tile_id] = face
    return Board(tuple(faces), board.present, board.layout)


@pytest.mark.parametrize(("name", "board"), POSITIONS, ids=[name for name, _ in POSITIONS])
def test_a_hidden_tiles_face_changes_nothing_in_the_picture_or_its_description(name, board):
    hidden = hidden_ids(board)
    assert len(hidden) >= 2, name
    selected = board.free_ids()[0]
    pictures = {
        (lang, small): (
            draw_pyramid(board, selected=selected, small=small, lang=lang).tobytes(),
            render_pyramid(board, selected=selected, small=small, lang=lang),
        )
        for lang in LANGS
        for small in (False, True)
    }
    # Two ways of moving them, as a hidden face showed or not by the face drawn where it showed.
    for shift in (1, len(hidden) // 2):
        swapped = with_faces_moved(board, hidden, shift)
        assert sum(board.face(tile_id) != swapped.face(tile_id) for tile_id in hidden) > len(hidden) // 2
        assert swapped.free_ids() == board.free_ids()
        for (lang, small), (drawn, rendered) in pictures.items():
            assert draw_pyramid(swapped, selected=selected, small=small, lang=lang).tobytes() == drawn, (lang, small)
            again = render_pyramid(swapped, selected=selected, small=small, lang=lang)
            assert again.image_png == rendered.image_png and again.description == rendered.description


@pytest.mark.parametrize(("name", "board"), POSITIONS[:4], ids=[name for name, _ in POSITIONS[:4]])
def test_a_face_in_sight_does_change_the_picture(name, board):
    """What makes the test above worth its name: a blocked tile that is not hidden shows its face, so
    moving those faces does change the picture, at both sizes."""
    in_sight = [
        tile_id for tile_id in board.remaining if not board.is_hidden(tile_id) and tile_id not in board.free_ids()
    ]
    swapped = with_faces_moved(board, in_sight)
    for small in (False, True):
        assert render_pyramid(board, small=small).image_png != render_pyramid(swapped, small=small).image_png, name


@pytest.mark.parametrize(("name", "board"), POSITIONS, ids=[name for name, _ in POSITIONS])
def test_the_description_names_only_the_free_tiles(name, board):
    free = board.free_ids()
    assert not any(board.is_hidden(tile_id) for tile_id in free)
    description = render_pyramid(board, selected=free[-1]).description
    named = set(re.findall(r"\b[0-9][mpszf]\b", description))
    assert named == {board.face(tile_id).code for tile_id in free}, name

"""Golden images: the pictures of fixed positions, compared with a tolerance so that a font's hinting
or a Pillow upgrade does not break them, while a layout or art change does.

Regenerate after an intended change: ``UPDATE_GOLDEN=1 .venv/bin/pytest tests/render/test_golden.py``
and look at the new files before committing them.
"""

from __future__ import annotations

import dataclasses
import io
import os
import pathlib

import pytest
from PIL import Image, ImageChops

from game.actions import Discard
from game.hints import discard_hints
from game.solitaire.deal import deal_for_seed
from render.hand import render_hand
from render.pyramid import render_pyramid
from render.result import SolitaireSummary, render_solitaire_result
from render.table import render_table

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
# Mean difference per channel (0–255) and share of pixels that differ by more than a quarter.
MEAN_TOLERANCE = 2.0
CHANGED_TOLERANCE = 0.01


def _pictures(view):
    board = deal_for_seed(4).board()
    on_turn = dataclasses.replace(view, legal=tuple(Discard(view.seat, tile) for tile in sorted(set(view.concealed))))
    return {
        "table": render_table(view, ["Alice", "Bob", "Chen", "Dmitri"], [12, -4, 30, 0], "en"),
        "hand": render_hand(view, "fr"),
        "hand-hints": render_hand(on_turn, "en", discard_hints(on_turn)),
        "pyramid-small": render_pyramid(board, selected=board.free_ids()[1], small=True),
        "solitaire-result": render_solitaire_result(SolitaireSummary("Daily", 72, True, 1, 480, 9500), "fr"),
    }


def _compare(actual: Image.Image, expected: Image.Image) -> tuple[float, float]:
    difference = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    histogram = difference.histogram()
    pixels = actual.width * actual.height
    mean = sum(
        value * count
        for channel in range(3)
        for value, count in enumerate(histogram[256 * channel : 256 * channel + 256])
    ) / (3 * pixels)
    changed = sum(difference.convert("L").histogram()[65:]) / pixels
    return mean, changed


@pytest.mark.parametrize("name", ["table", "hand", "hand-hints", "pyramid-small", "solitaire-result"])
def test_picture_matches_its_golden_image(name, view):
    rendered = _pictures(view)[name]
    actual = Image.open(io.BytesIO(rendered.image_png))
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(rendered.image_png)
    expected = Image.open(path)
    assert actual.size == expected.size
    mean, changed = _compare(actual, expected)
    assert mean <= MEAN_TOLERANCE and changed <= CHANGED_TOLERANCE, (name, mean, changed)


def test_the_comparison_catches_a_changed_picture(view):
    """A moved tile is more than hinting: the tolerance must not hide it."""
    expected = Image.open(GOLDEN / "hand.png").convert("RGB")
    shifted = ImageChops.offset(expected, 40, 0)
    mean, changed = _compare(shifted, expected)
    assert mean > MEAN_TOLERANCE or changed > CHANGED_TOLERANCE

"""``render.draw.badge`` pastes each pill once drawn: it must give exactly the pixels of drawing it in
place (``ImageDraw.rounded_rectangle`` and ``render.draw.text``), at whole, half and other fractional
centres, odd and even, on opaque and see-through pictures."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render.draw import _badge, badge, text, text_width

PAPER, INK, HINT = (246, 240, 226), (30, 30, 30), (240, 190, 60)
BADGES = (("1", 17, PAPER), ("14", 17, HINT), ("3", 16, HINT), ("East", 11, PAPER), ("", 13, INK))


def _drawn_in_place(image: Image.Image, centre: tuple[float, float], content: str, size: int, fill, ink) -> None:
    draw = ImageDraw.Draw(image)
    width = max(text_width(content, size, bold=True) + size, round(size * 1.6))
    height = round(size * 1.45)
    cx, cy = centre
    box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
    draw.rounded_rectangle(box, radius=height // 2, fill=fill)
    text(draw, (cx, cy), content, size, ink, bold=True, anchor="mm")


@pytest.mark.parametrize("mode, background", [("RGB", (30, 90, 60)), ("RGBA", (0, 0, 0, 0))])
def test_a_pasted_badge_is_the_badge_drawn_in_place(mode, background):
    for content, size, fill in BADGES:
        for centre in ((40, 30), (41, 31), (40.5, 30.5), (41.5, 31.5), (57.25, 29.75), (6.5, 8.5), (101.0, 44.5)):
            mine = Image.new(mode, (140, 60), background)
            theirs = mine.copy()
            badge(ImageDraw.Draw(mine), centre, content, size, fill, INK)
            _drawn_in_place(theirs, centre, content, size, fill, INK)
            assert mine.tobytes() == theirs.tobytes(), (content, size, centre, mode)


def test_a_badge_is_drawn_once_for_every_place_two_pixels_apart():
    _badge.cache_clear()
    image = Image.new("RGB", (200, 60))
    for x in (20, 22, 60, 100.5, 102.5):
        badge(ImageDraw.Draw(image), (x, 30), "7", 17, PAPER, INK)
    assert _badge.cache_info().misses == 2 and _badge.cache_info().hits == 3

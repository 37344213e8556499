"""``render.draw.text`` keeps each line's glyphs once rendered: it must draw exactly what Pillow's
``ImageDraw.text`` draws, at whole and fractional positions, every anchor, on opaque and clear pictures."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import fonts
from render.draw import _glyphs, text

WORDS = ["Bérénice", "score -120", "13 tuiles", "à jouer", "7", "Wall 83", "W", "Ïñ…", ""]


@pytest.mark.parametrize(
    "mode, background", [("RGB", (30, 90, 60)), ("RGBA", (0, 0, 0, 0)), ("RGBA", (250, 240, 220, 255))]
)
def test_cached_glyphs_draw_the_same_pixels_as_pillow(mode, background):
    for anchor in ("la", "mm", "lt", "rs", "ms"):
        for size, bold in ((13, True), (17, False), (22, True), (44, True)):
            for xy in ((20, 30), (40.5, 31.5), (61.25, 30.75)):
                for colour in ((220, 40, 40), (20, 20, 20)):
                    for content in WORDS:
                        mine = Image.new(mode, (160, 70), background)
                        theirs = mine.copy()
                        text(ImageDraw.Draw(mine), xy, content, size, colour, bold=bold, anchor=anchor)
                        ImageDraw.Draw(theirs).text(
                            xy, content, font=fonts.latin(size, bold=bold), fill=colour, anchor=anchor
                        )
                        assert mine.tobytes() == theirs.tobytes(), (content, size, xy, anchor, mode)


def test_the_same_line_is_rendered_once_and_several_lines_are_left_to_pillow():
    _glyphs.cache_clear()
    image = Image.new("RGB", (200, 80))
    for _ in range(3):
        text(ImageDraw.Draw(image), (10, 10), "Chen", 22, (255, 255, 255))
    assert _glyphs.cache_info().misses == 1 and _glyphs.cache_info().hits == 2
    two_lines = image.copy()
    text(ImageDraw.Draw(two_lines), (10, 30), "a\nb", 17, (255, 255, 255))
    expected = image.copy()
    ImageDraw.Draw(expected).text((10, 30), "a\nb", font=fonts.latin(17), fill=(255, 255, 255))
    assert two_lines.tobytes() == expected.tobytes() and _glyphs.cache_info().misses == 1

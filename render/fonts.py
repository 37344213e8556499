"""The fonts the images use, loaded once and kept (package subsets: see ``assets/build_fonts.py``).

Text is drawn in DejaVu Sans, except the Chinese characters (ideographs, CJK and full-width
punctuation), which DejaVu does not have: ``runs`` cuts a line into pieces of each, and
``render.draw`` draws each piece in its face, on one baseline."""

from __future__ import annotations

import pathlib
from functools import cache

from PIL import ImageFont

ASSETS = pathlib.Path(__file__).resolve().parent / "assets"

# The basic layout engine needs no libraqm, so every machine shapes text the same way.
_LAYOUT = ImageFont.Layout.BASIC

# The Chinese signs of the tiles' faces, drawn with the brush face (and in the text face too).
CHINESE_SIGNS = "一二三四五六七八九萬東南西北中發梅蘭菊竹春夏秋冬百搭"

# The catalogs whose words the pictures draw: their own, the tiles' names and signs, the names of winds
# and rules, and the engine's (score lines, hints); the text face has every Chinese character of them.
PICTURE_DOMAINS = ("pictures", "tiles", "names", "engine", "patterns")

# Code points drawn in the Chinese text face: CJK radicals, symbols and punctuation (、。「」), the
# ideographs, compatibility ideographs, vertical and full-width forms (：，（）！).
CHINESE_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x2FDF),
    (0x3000, 0x303F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
)


def is_chinese(char: str) -> bool:
    """Whether ``char`` is drawn in the Chinese text face (``chinese_text``) rather than DejaVu."""
    code = ord(char)
    return any(low <= code <= high for low, high in CHINESE_RANGES)


@cache
def runs(content: str) -> tuple[tuple[bool, str], ...]:
    """``content`` cut into its longest pieces of one face: (whether Chinese, the piece)."""
    pieces: list[tuple[bool, str]] = []
    for char in content:
        chinese = is_chinese(char)
        if pieces and pieces[-1][0] == chinese:
            pieces[-1] = (chinese, pieces[-1][1] + char)
        else:
            pieces.append((chinese, char))
    return tuple(pieces)


def has_chinese(content: str) -> bool:
    return any(is_chinese(char) for char in content)


@cache
def latin(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (Latin-1 and a few symbols) at ``size`` pixels."""
    name = "DejaVuSans-Bold-latin.ttf" if bold else "DejaVuSans-latin.ttf"
    return ImageFont.truetype(str(ASSETS / name), size, layout_engine=_LAYOUT)


@cache
def chinese(size: int) -> ImageFont.FreeTypeFont:
    """AR PL UKai, a brush (kaishu) face, for the signs painted on the tiles."""
    return ImageFont.truetype(str(ASSETS / "ukai-tiles.ttf"), size, layout_engine=_LAYOUT)


@cache
def chinese_text(size: int) -> ImageFont.FreeTypeFont:
    """AR PL UMing, a Ming (song) face, for the Chinese words of the pictures: its even strokes stay
    readable at the 11 to 30 pixels the labels are drawn at, where the brush face blurs. It has no bold:
    a bold line's Chinese pieces are thickened by a stroke (``render.draw``)."""
    return ImageFont.truetype(str(ASSETS / "uming-text.ttf"), size, layout_engine=_LAYOUT)

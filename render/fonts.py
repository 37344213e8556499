"""The fonts the images use, loaded once and kept (package subsets: see ``assets/build_fonts.py``)."""

from __future__ import annotations

import pathlib
from functools import cache

from PIL import ImageFont

ASSETS = pathlib.Path(__file__).resolve().parent / "assets"

# The basic layout engine needs no libraqm, so every machine shapes text the same way.
_LAYOUT = ImageFont.Layout.BASIC


@cache
def latin(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (Latin-1 and a few symbols) at ``size`` pixels."""
    name = "DejaVuSans-Bold-latin.ttf" if bold else "DejaVuSans-latin.ttf"
    return ImageFont.truetype(str(ASSETS / name), size, layout_engine=_LAYOUT)


@cache
def chinese(size: int) -> ImageFont.FreeTypeFont:
    """AR PL UKai, a brush (kaishu) face, for the signs painted on the tiles."""
    return ImageFont.truetype(str(ASSETS / "ukai-tiles.ttf"), size, layout_engine=_LAYOUT)

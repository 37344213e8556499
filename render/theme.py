"""Colours and proportions shared by every picture, in one place so the images agree."""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Tiles: an ivory face on a jade back, like the boxed set.
IVORY: RGB = (250, 246, 232)
IVORY_EDGE: RGB = (222, 214, 192)
IVORY_SIDE: RGB = (232, 224, 200)
JADE: RGB = (26, 120, 92)
JADE_DARK: RGB = (16, 84, 64)
JADE_LIGHT: RGB = (58, 156, 124)

# Inks of the faces. Each suit's readable number takes its suit's colour.
INK: RGB = (24, 30, 48)
RED: RGB = (200, 34, 40)
GREEN: RGB = (18, 130, 72)
BLUE: RGB = (30, 78, 170)
GOLD: RGB = (214, 160, 30)
PINK: RGB = (222, 92, 140)
PURPLE: RGB = (130, 70, 170)
ORANGE: RGB = (232, 122, 30)
SKY: RGB = (70, 150, 220)
CHARACTERS_INK: RGB = (176, 28, 36)
CIRCLES_INK: RGB = (30, 78, 170)
BAMBOO_INK: RGB = (18, 118, 60)

# The felt and the marks drawn on it.
FELT: RGB = (22, 92, 66)
FELT_DARK: RGB = (15, 70, 50)
FELT_LINE: RGB = (40, 120, 90)
PAPER: RGB = (247, 243, 233)
PAPER_LINE: RGB = (214, 205, 185)
TEXT_ON_FELT: RGB = (240, 236, 220)
TEXT_DIM_ON_FELT: RGB = (176, 200, 186)
HIGHLIGHT: RGB = (255, 196, 40)
LAST_DISCARD: RGB = (255, 120, 40)
SELECTED: RGB = (230, 40, 60)
HINT: RGB = (120, 222, 150)

# A tile's face is 3 wide for 4 high; its thickness and shadow scale with its width.
FACE_RATIO = 4 / 3
THICKNESS = 0.16
SHADOW = 0.07
CORNER = 0.12

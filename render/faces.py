"""The art painted on each tile's face, drawn by the project at one large size and scaled down later.

Every face carries a sign anyone can read: the suits show their number in the top-left corner in the
suit's colour (red characters, blue circles, green bamboo), the winds their letter, flowers and
seasons their number, and the dragons are told apart by colour and shape (a red 中, a green 發, and
the white dragon as a blank tile with a blue frame, as in the boxed set). Bamboo 1 is a bird.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from game.tiles import Suit, Tile
from render import fonts
from render.theme import (
    BAMBOO_INK,
    BLUE,
    CHARACTERS_INK,
    CIRCLES_INK,
    GOLD,
    GREEN,
    INK,
    IVORY,
    JADE,
    JADE_DARK,
    JADE_LIGHT,
    ORANGE,
    PINK,
    PURPLE,
    RED,
    RGB,
    SKY,
)
from words import LANGS, Lang
from words.catalog import DEFAULT_LANG
from words.catalog import text as catalog_text

# The design size of a face; tiles are scaled down from it.
WIDTH = 240
HEIGHT = 320
# The readable number sits in the top-left corner; the art keeps clear of it.
INDEX_BAND = 70
ART = (20, INDEX_BAND + 6, WIDTH - 20, HEIGHT - 16)

NUMERALS = "一二三四五六七八九"
WIND_SIGNS = "東南西北"
FLOWER_SIGNS = "梅蘭菊竹"
SEASON_SIGNS = "春夏秋冬"

_SUIT_INK: dict[Suit, RGB] = {Suit.CHARACTERS: CHARACTERS_INK, Suit.CIRCLES: CIRCLES_INK, Suit.BAMBOO: BAMBOO_INK}


def wind_letter(tile: Tile, lang: Lang) -> str:
    """The letter in a wind tile's corner in ``lang`` (``W``, ``O``): Latin in every language, the
    tile's Chinese sign being drawn large in its middle."""
    return catalog_text("pictures", f"face.{tile.code}", lang)


@cache
def art_lang(tile: Tile | None, lang: Lang) -> Lang:
    """The language whose art ``tile`` shows in ``lang``: for a wind, the first language (English first)
    that gives it the same letter; English for every other face, the same in every language. So each
    face is drawn once per letter, not once per language."""
    if tile is None or not tile.is_wind:
        return DEFAULT_LANG
    letter = wind_letter(tile, lang)
    return next((other for other in LANGS if wind_letter(tile, other) == letter), DEFAULT_LANG)


@cache
def face_art(tile: Tile, lang: Lang = "en") -> Image.Image:
    """The ink of ``tile``'s face on a transparent ``WIDTH`` × ``HEIGHT`` canvas (do not modify it)."""
    image = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    suit = tile.suit
    if suit is Suit.CHARACTERS:
        _characters(draw, tile.number)
    elif suit is Suit.CIRCLES:
        _circles(draw, tile.number)
    elif suit is Suit.BAMBOO:
        _bamboo(draw, tile.number)
    elif tile.is_wind:
        _wind(draw, tile, lang)
    elif tile.is_dragon:
        _dragon(draw, tile)
    elif tile.is_bonus:
        _bonus(draw, tile)
    else:
        _joker(draw)
    return image


@cache
def back_art() -> Image.Image:
    """The back of a tile: jade with a carved lozenge, on the same canvas as the faces."""
    image = Image.new("RGBA", (WIDTH, HEIGHT), (*JADE, 255))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((14, 14, WIDTH - 14, HEIGHT - 14), radius=22, outline=JADE_LIGHT, width=6)
    cx, cy = WIDTH / 2, HEIGHT / 2
    draw.polygon([(cx, cy - 70), (cx + 52, cy), (cx, cy + 70), (cx - 52, cy)], outline=JADE_DARK, width=8)
    draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=JADE_DARK)
    return image


# --- the readable sign ------------------------------------------------------------------------------


def _index(draw: ImageDraw.ImageDraw, text: str, colour: RGB) -> None:
    size = 74 if len(text) == 1 else 54
    draw.text((12, 0), text, font=fonts.latin(size, bold=True), fill=colour, anchor="la")


# --- suits ------------------------------------------------------------------------------------------


def _characters(draw: ImageDraw.ImageDraw, number: int) -> None:
    _index(draw, str(number), CHARACTERS_INK)
    left, top, right, bottom = ART
    cx = (left + right) / 2
    draw.text((cx + 14, top + 50), NUMERALS[number - 1], font=fonts.chinese(128), fill=INK, anchor="mm")
    draw.text((cx, bottom - 64), "萬", font=fonts.chinese(130), fill=RED, anchor="mm")


# Dot positions as fractions of the art box, with a colour letter each (b blue, g green, r red).
_DOTS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((0.5, 0.25, "g"), (0.5, 0.75, "b")),
    3: ((0.2, 0.17, "b"), (0.5, 0.5, "r"), (0.8, 0.83, "g")),
    4: ((0.27, 0.27, "b"), (0.73, 0.27, "g"), (0.27, 0.73, "g"), (0.73, 0.73, "b")),
    5: ((0.22, 0.2, "b"), (0.78, 0.2, "g"), (0.5, 0.5, "r"), (0.22, 0.8, "g"), (0.78, 0.8, "b")),
    6: ((0.28, 0.17, "g"), (0.72, 0.17, "g"), (0.28, 0.5, "r"), (0.72, 0.5, "r"), (0.28, 0.83, "r"), (0.72, 0.83, "r")),
    7: (
        (0.18, 0.1, "g"),
        (0.5, 0.2, "g"),
        (0.82, 0.3, "g"),
        (0.28, 0.6, "r"),
        (0.72, 0.6, "r"),
        (0.28, 0.88, "r"),
        (0.72, 0.88, "r"),
    ),
    8: tuple((x, y, "b") for y in (0.12, 0.37, 0.63, 0.88) for x in (0.28, 0.72)),
    9: tuple((x, y, colour) for y, colour in ((0.17, "b"), (0.5, "r"), (0.83, "g")) for x in (0.18, 0.5, 0.82)),
}
_DOT_RADIUS = {2: 40, 3: 36, 4: 36, 5: 33, 6: 30, 7: 28, 8: 26, 9: 27}
_COLOURS = {"b": BLUE, "g": GREEN, "r": RED}


def _circles(draw: ImageDraw.ImageDraw, number: int) -> None:
    _index(draw, str(number), CIRCLES_INK)
    left, top, right, bottom = ART
    if number == 1:
        _big_circle(draw, (left + right) / 2, (top + bottom) / 2, 86)
        return
    radius = _DOT_RADIUS[number]
    width, height = right - left - 2 * radius, bottom - top - 2 * radius
    for fx, fy, colour in _DOTS[number]:
        _dot(draw, left + radius + fx * width, top + radius + fy * height, radius, _COLOURS[colour])


def _dot(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: RGB) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    inner = r * 0.68
    draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=IVORY)
    ring = r * 0.5
    draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=colour, width=max(2, round(r * 0.1)))
    core = r * 0.22
    draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=colour)


def _big_circle(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GREEN)
    petals = r * 0.86
    draw.ellipse((cx - petals, cy - petals, cx + petals, cy + petals), fill=IVORY)
    for step in range(12):
        angle = step * math.pi / 6
        px, py = cx + math.cos(angle) * r * 0.66, cy + math.sin(angle) * r * 0.66
        draw.ellipse((px - 11, py - 11, px + 11, py + 11), fill=BLUE)
    _dot(draw, cx, cy, r * 0.5, RED)


# Bamboo sticks: (x, y) centre positions (0 first column or row, 1 last) and a colour letter.
_STICKS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((0.5, 0.0, "g"), (0.5, 1.0, "b")),
    3: ((0.5, 0.0, "g"), (0.25, 1.0, "b"), (0.75, 1.0, "b")),
    4: ((0.25, 0.0, "g"), (0.75, 0.0, "b"), (0.25, 1.0, "b"), (0.75, 1.0, "g")),
    5: ((0.1, 0.0, "g"), (0.9, 0.0, "b"), (0.5, 0.5, "r"), (0.1, 1.0, "b"), (0.9, 1.0, "g")),
    6: tuple((x, y, colour) for y, colour in ((0.0, "g"), (1.0, "b")) for x in (0.1, 0.5, 0.9)),
    7: ((0.5, 0.0, "r"), *tuple((x, y, "g" if y < 0.6 else "b") for y in (0.5, 1.0) for x in (0.1, 0.5, 0.9))),
    8: tuple((x, y, "g" if y < 0.5 else "b") for y in (0.0, 1.0) for x in (0.04, 0.35, 0.65, 0.96)),
    9: tuple((x, y, colour) for x, colour in ((0.1, "g"), (0.5, "r"), (0.9, "b")) for y in (0.0, 0.5, 1.0)),
}


_STICK_WIDTH = {6: 38, 7: 34, 8: 32, 9: 36}


def _bamboo(draw: ImageDraw.ImageDraw, number: int) -> None:
    _index(draw, str(number), BAMBOO_INK)
    if number == 1:
        _bird(draw)
        return
    left, top, right, bottom = ART
    rows = 3 if number in (7, 9) else 2
    stick_height = (bottom - top) / rows - 14
    stick_width = _STICK_WIDTH.get(number, 40)
    for fx, fy, colour in _STICKS[number]:
        cx = left + stick_width / 2 + 4 + fx * (right - left - stick_width - 8)
        cy = top + stick_height / 2 + 2 + fy * (bottom - top - stick_height - 4)
        _stick(draw, cx, cy, stick_width, stick_height, _COLOURS[colour])


def _stick(draw: ImageDraw.ImageDraw, cx: float, cy: float, width: float, height: float, colour: RGB) -> None:
    x0, y0, x1, y1 = cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2
    draw.rounded_rectangle((x0, y0, x1, y1), radius=width / 2.5, fill=colour)
    draw.line((cx, y0 + 8, cx, y1 - 8), fill=IVORY, width=max(3, round(width / 7)))
    for y in (y0 + 4, cy, y1 - 4):
        draw.rounded_rectangle((x0 - 3, y - 4, x1 + 3, y + 4), radius=4, fill=colour)


def _bird(draw: ImageDraw.ImageDraw) -> None:
    """Bamboo 1: a sparrow (má què, the game's namesake) perched on a bamboo stem."""
    left, top, right, bottom = ART
    # the stem it perches on
    draw.rounded_rectangle((left + 10, bottom - 34, right - 10, bottom - 18), radius=8, fill=GREEN)
    for x in (left + 60, right - 60):
        draw.rectangle((x - 4, bottom - 38, x + 4, bottom - 14), fill=JADE_DARK)
    # tail feathers fanning to the upper left
    tail_root = (left + 84, top + 128)
    for angle, colour in ((200, BLUE), (218, RED), (236, GREEN), (252, BLUE)):
        rad = math.radians(angle)
        tip = (tail_root[0] + math.cos(rad) * 96, tail_root[1] + math.sin(rad) * 96)
        side = (math.cos(rad + math.pi / 2) * 13, math.sin(rad + math.pi / 2) * 13)
        mid = (tail_root[0] + math.cos(rad) * 58, tail_root[1] + math.sin(rad) * 58)
        draw.polygon(
            [tail_root, (mid[0] + side[0], mid[1] + side[1]), tip, (mid[0] - side[0], mid[1] - side[1])],
            fill=colour,
        )
        draw.line([tail_root, tip], fill=IVORY, width=3)
    # body, wing and breast
    draw.ellipse((left + 62, top + 84, left + 176, top + 176), fill=GREEN)
    draw.ellipse((left + 96, top + 112, left + 170, top + 172), fill=(240, 200, 120))
    draw.chord((left + 58, top + 90, left + 150, top + 160), start=150, end=350, fill=BLUE)
    # head, eye and beak
    hx, hy = left + 160, top + 72
    draw.ellipse((hx - 32, hy - 32, hx + 32, hy + 32), fill=RED)
    draw.ellipse((hx + 2, hy - 14, hx + 18, hy + 2), fill=IVORY)
    draw.ellipse((hx + 7, hy - 9, hx + 14, hy - 2), fill=INK)
    draw.polygon([(hx + 28, hy - 6), (hx + 56, hy + 6), (hx + 28, hy + 14)], fill=GOLD)
    # crest and legs
    draw.polygon([(hx - 12, hy - 28), (hx - 2, hy - 58), (hx + 8, hy - 30)], fill=RED)
    for x in (left + 112, left + 136):
        draw.line((x, top + 170, x - 4, bottom - 32), fill=INK, width=6)


# --- honours ----------------------------------------------------------------------------------------


def _wind(draw: ImageDraw.ImageDraw, tile: Tile, lang: Lang) -> None:
    _index(draw, wind_letter(tile, lang), INK)
    left, top, right, bottom = ART
    draw.text(
        ((left + right) / 2, (top + bottom) / 2 + 4),
        WIND_SIGNS[tile - Tile.EAST],
        font=fonts.chinese(176),
        fill=INK,
        anchor="mm",
    )


def _dragon(draw: ImageDraw.ImageDraw, tile: Tile) -> None:
    left, top, right, bottom = 26, 26, WIDTH - 26, HEIGHT - 26
    cx, cy = WIDTH / 2, HEIGHT / 2
    if tile is Tile.WHITE:
        # The boxed set's white dragon is blank; a blue frame tells it from a tile seen from behind.
        draw.rectangle((left + 8, top + 8, right - 8, bottom - 8), outline=BLUE, width=14)
        draw.rectangle((left + 34, top + 34, right - 34, bottom - 34), outline=BLUE, width=5)
        return
    colour = RED if tile is Tile.RED else GREEN
    sign = "中" if tile is Tile.RED else "發"
    draw.text((cx, cy + 6), sign, font=fonts.chinese(196), fill=colour, anchor="mm")


# --- flowers, seasons, joker ------------------------------------------------------------------------


def _bonus(draw: ImageDraw.ImageDraw, tile: Tile) -> None:
    index = tile - Tile.PLUM
    flower = index < 4
    seat = index % 4
    _index(draw, str(seat + 1), PINK if flower else SKY)
    sign = (FLOWER_SIGNS if flower else SEASON_SIGNS)[seat]
    draw.text((WIDTH - 18, 8), sign, font=fonts.chinese(56), fill=INK, anchor="ra")
    left, top, right, bottom = ART
    cx, cy = (left + right) / 2, (top + bottom) / 2 + 6
    painters = (_plum, _orchid, _chrysanthemum, _bamboo_leaves, _sprout, _sun, _leaf, _snowflake)
    painters[index](draw, cx, cy)


def _petal_ring(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    count: int,
    reach: float,
    size: float,
    colour: RGB,
    turn: float = 0.0,
) -> None:
    for step in range(count):
        angle = turn + step * 2 * math.pi / count
        px, py = cx + math.cos(angle) * reach, cy + math.sin(angle) * reach
        draw.ellipse((px - size, py - size, px + size, py + size), fill=colour)


def _plum(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    draw.line((cx - 80, cy + 100, cx - 10, cy + 20, cx + 70, cy - 90), fill=(110, 70, 40), width=12)
    for bx, by, scale in ((cx + 10, cy - 10, 1.0), (cx - 52, cy + 66, 0.7), (cx + 64, cy - 82, 0.6)):
        _petal_ring(draw, bx, by, 5, 30 * scale, 24 * scale, PINK, -math.pi / 2)
        draw.ellipse((bx - 12 * scale, by - 12 * scale, bx + 12 * scale, by + 12 * scale), fill=GOLD)


def _orchid(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    for dx in (-60, -20, 30, 70):
        draw.line((cx, cy + 110, cx + dx, cy + 10), fill=GREEN, width=8)
    for angle in (-90, -20, 200):
        rad = math.radians(angle)
        tip = (cx + math.cos(rad) * 86, cy - 30 + math.sin(rad) * 86)
        side = (math.cos(rad + math.pi / 2) * 24, math.sin(rad + math.pi / 2) * 24)
        draw.polygon(
            [
                (cx, cy - 30),
                (cx + side[0] + (tip[0] - cx) / 2, cy - 30 + side[1] + (tip[1] - cy + 30) / 2),
                tip,
                (cx - side[0] + (tip[0] - cx) / 2, cy - 30 - side[1] + (tip[1] - cy + 30) / 2),
            ],
            fill=PURPLE,
        )
    draw.ellipse((cx - 16, cy - 46, cx + 16, cy - 14), fill=GOLD)


def _chrysanthemum(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    draw.line((cx, cy + 20, cx - 10, cy + 110), fill=GREEN, width=10)
    _petal_ring(draw, cx, cy - 20, 16, 62, 18, ORANGE)
    _petal_ring(draw, cx, cy - 20, 12, 38, 16, GOLD, 0.2)
    draw.ellipse((cx - 20, cy - 40, cx + 20, cy), fill=RED)


def _bamboo_leaves(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    draw.rounded_rectangle((cx - 12, cy - 110, cx + 12, cy + 110), radius=8, fill=GREEN)
    for y in (cy - 50, cy + 20):
        draw.rectangle((cx - 16, y - 4, cx + 16, y + 4), fill=JADE_DARK)
    for y, side in ((cy - 60, 1), (cy - 20, -1), (cy + 30, 1)):
        draw.polygon([(cx, y), (cx + side * 96, y - 30), (cx + side * 40, y + 10)], fill=JADE)


def _sprout(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    draw.line((cx, cy + 100, cx, cy - 20), fill=GREEN, width=10)
    draw.ellipse((cx - 84, cy - 60, cx, cy - 10), fill=GREEN)
    draw.ellipse((cx, cy - 90, cx + 84, cy - 40), fill=JADE_LIGHT)
    _petal_ring(draw, cx, cy - 40, 5, 18, 14, PINK, -math.pi / 2)
    draw.arc((cx - 90, cy + 70, cx + 90, cy + 130), start=180, end=360, fill=(130, 90, 50), width=10)


def _sun(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    for step in range(12):
        angle = step * math.pi / 6
        draw.line(
            (
                cx + math.cos(angle) * 58,
                cy + math.sin(angle) * 58,
                cx + math.cos(angle) * 96,
                cy + math.sin(angle) * 96,
            ),
            fill=ORANGE,
            width=12,
        )
    draw.ellipse((cx - 50, cy - 50, cx + 50, cy + 50), fill=GOLD)
    draw.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), fill=ORANGE)


def _leaf(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    points = []
    for step in range(10):
        angle = -math.pi / 2 + step * 2 * math.pi / 10
        reach = 92 if step % 2 == 0 else 48
        points.append((cx + math.cos(angle) * reach, cy - 10 + math.sin(angle) * reach))
    draw.polygon(points, fill=ORANGE)
    for step in range(0, 10, 2):
        angle = -math.pi / 2 + step * 2 * math.pi / 10
        draw.line((cx, cy - 10, cx + math.cos(angle) * 80, cy - 10 + math.sin(angle) * 80), fill=RED, width=5)
    draw.line((cx, cy - 10, cx + 6, cy + 110), fill=(130, 70, 30), width=9)


def _snowflake(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    for step in range(6):
        angle = step * math.pi / 3
        ex, ey = cx + math.cos(angle) * 96, cy + math.sin(angle) * 96
        draw.line((cx, cy, ex, ey), fill=SKY, width=12)
        for along in (0.5, 0.75):
            bx, by = cx + math.cos(angle) * 96 * along, cy + math.sin(angle) * 96 * along
            for turn in (-0.7, 0.7):
                draw.line(
                    (bx, by, bx + math.cos(angle + turn) * 26, by + math.sin(angle + turn) * 26), fill=SKY, width=8
                )
    draw.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=BLUE)


def _joker(draw: ImageDraw.ImageDraw) -> None:
    _index(draw, "J", GOLD)
    draw.text((WIDTH - 18, 10), "百搭", font=fonts.chinese(44), fill=INK, anchor="ra")
    cx, cy = WIDTH / 2, HEIGHT / 2 + 4
    points = []
    for step in range(10):
        angle = -math.pi / 2 + step * math.pi / 5
        reach = 100 if step % 2 == 0 else 42
        points.append((cx + math.cos(angle) * reach, cy + math.sin(angle) * reach))
    draw.polygon(points, fill=GOLD, outline=RED, width=6)
    draw.text((cx, HEIGHT - 40), "JOKER", font=fonts.latin(38, bold=True), fill=RED, anchor="mm")

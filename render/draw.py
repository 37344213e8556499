"""Small drawing helpers the pictures share: canvases, panels, text, outlines around tiles."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render import fonts
from render.theme import FELT, FELT_DARK, RGB


def felt_canvas(width: int, height: int, mode: str = "RGBA") -> Image.Image:
    """An opaque felt-green canvas with a darker border, the background of the game pictures; in "RGB"
    for the pictures encoded on a fixed palette."""
    image = Image.new(mode, (width, height), FELT if mode == "RGB" else (*FELT, 255))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, height - 1), outline=FELT_DARK, width=6)
    return image


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    content: str,
    size: int,
    colour: RGB | int,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """One line of text, as ``ImageDraw.text`` draws it, its glyphs rendered once (``_glyphs``): every
    picture redraws the same names, numbers and labels, and FreeType's rendering was a tenth of the
    drawing workers' time under load. What ``ImageDraw.text`` does for a line is done here: the
    coverage mask for the position's fractions of a pixel, blended in ``colour`` at its offset.
    Chinese characters are drawn in the Chinese text face, the rest in DejaVu (``fonts.runs``)."""
    x, y = xy
    if ("\n" in content or draw.fontmode != "L") and not fonts.has_chinese(content):
        draw.text(xy, content, font=fonts.latin(size, bold=bold), fill=colour, anchor=anchor)
        return
    mask, (dx, dy) = _glyphs(content, size, bold, anchor, math.modf(x)[0], math.modf(y)[0])
    ink, _ = draw._getink(colour)
    draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)


# The words the pictures show are few (names, scores, counts, labels, numbers): a few thousand masks of
# a few hundred bytes to two kilobytes each.
@lru_cache(maxsize=4096)
def _glyphs(
    content: str,
    size: int,
    bold: bool,
    anchor: str,
    fraction_x: float,
    fraction_y: float,
) -> tuple[Any, tuple[int, int]]:
    """The coverage mask of a line of text (never drawn on) and its offset from the anchor point."""
    if not fonts.has_chinese(content):
        return fonts.latin(size, bold=bold).getmask2(content, "L", anchor=anchor, start=(fraction_x, fraction_y))
    return _mixed_glyphs(content, size, bold, anchor, fraction_x, fraction_y)


# A bold line's Chinese pieces are thickened by this share of the size (UMing has no bold face).
_CHINESE_BOLD_STROKE = 0.03


def _mixed_glyphs(
    content: str, size: int, bold: bool, anchor: str, fraction_x: float, fraction_y: float
) -> tuple[Any, tuple[int, int]]:
    """A line holding Chinese: each piece in its face, one after the other on one baseline. The line's
    ascent and descent are the larger of both faces' at ``size`` whatever the line holds, so that every
    line of a size sits the same way on its anchor."""
    latin, chinese = fonts.latin(size, bold=bold), fonts.chinese_text(size)
    ascent, descent = (max(a, b) for a, b in zip(latin.getmetrics(), chinese.getmetrics(), strict=True))
    stroke = size * _CHINESE_BOLD_STROKE if bold else 0.0
    width = _runs_width(content, size, bold)
    horizontal, vertical = anchor[0], anchor[1]
    left = fraction_x - {"l": 0.0, "m": width / 2, "r": width}[horizontal]
    baseline = (
        fraction_y
        + {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "b": -descent, "d": -descent}[vertical]
    )
    pad = size
    origin_x, origin_y = math.floor(left) - pad, math.floor(baseline - ascent) - pad
    canvas = Image.new("L", (math.ceil(width) + 2 * pad, ascent + descent + 2 * pad), 0)
    draw = ImageDraw.Draw(canvas)
    x = left - origin_x
    for is_chinese, piece in fonts.runs(content):
        font = chinese if is_chinese else latin
        thickness = stroke if is_chinese else 0.0
        draw.text(
            (x, baseline - origin_y), piece, font=font, fill=255, anchor="ls", stroke_width=thickness, stroke_fill=255
        )
        x += font.getlength(piece)
    return canvas.im, (origin_x, origin_y)


def _runs_width(content: str, size: int, bold: bool) -> float:
    latin, chinese = fonts.latin(size, bold=bold), fonts.chinese_text(size)
    return sum((chinese if is_chinese else latin).getlength(piece) for is_chinese, piece in fonts.runs(content))


def text_width(content: str, size: int, *, bold: bool = False) -> int:
    if not fonts.has_chinese(content):
        font: ImageFont.FreeTypeFont = fonts.latin(size, bold=bold)
        return round(font.getlength(content))
    return round(_runs_width(content, size, bold))


def text_bbox(content: str, size: int, *, bold: bool = False, anchor: str = "la") -> tuple[int, int, int, int]:
    """The box ``text`` inks around its anchor point, as ``FreeTypeFont.getbbox`` gives it."""
    if not fonts.has_chinese(content):
        left, top, right, bottom = fonts.latin(size, bold=bold).getbbox(content, anchor=anchor)
        return (int(left), int(top), int(right), int(bottom))
    mask, (dx, dy) = _glyphs(content, size, bold, anchor, 0.0, 0.0)
    width, height = mask.size
    return (dx, dy, dx + width, dy + height)


def fit_text(content: str, size: int, max_width: int, *, bold: bool = False) -> str:
    """``content`` cut with an ellipsis so that it fits in ``max_width`` pixels."""
    if text_width(content, size, bold=bold) <= max_width:
        return content
    while content and text_width(content + "…", size, bold=bold) > max_width:
        content = content[:-1]
    return content + "…"


# Where a line may break: at spaces, and between two Chinese characters (Chinese puts no spaces between
# words), but never before Chinese closing punctuation, which stays with the character before it.
_CLOSING = "，。、：；！？）」』》〉"
_HAN = "".join(f"\\u{low:04x}-\\u{high:04x}" for low, high in fonts.CHINESE_RANGES)
_TOKENS = re.compile(rf"(\s*)([{_HAN}][{_CLOSING}]*|[^\s{_HAN}]+)")


def wrap_text(content: str, size: int, max_width: int, *, bold: bool = False) -> list[str]:
    """``content`` broken between words (and Chinese characters) into lines of at most ``max_width``
    pixels (a word longer than a line is cut with an ellipsis)."""
    lines: list[str] = []
    line = ""
    for match in _TOKENS.finditer(content):
        spaced, word = bool(match.group(1)), match.group(2)
        candidate = f"{line}{' ' if spaced else ''}{word}" if line else word
        if line and text_width(candidate, size, bold=bold) > max_width:
            lines.append(line)
            candidate = word
        line = candidate
    if line:
        lines.append(line)
    return [fit_text(line, size, max_width, bold=bold) for line in lines]


def outline(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB, width: int, radius: int
) -> None:
    """A rounded frame ``width`` pixels outside ``box`` (a highlighted tile)."""
    left, top, right, bottom = box
    draw.rounded_rectangle(
        (left - width, top - width, right + width, bottom + width), radius=radius + width, outline=colour, width=width
    )


def badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], content: str, size: int, fill: RGB, ink: RGB) -> None:
    """A pill with short text in it (a tile's number, a marker), drawn once and pasted after
    (``_badge``): every hand shows a dozen of them at the same places."""
    cx, cy = centre
    shift_x, shift_y = even_shift(cx, cy)
    sprite, (left, top) = _badge(content, size, fill, ink, cx - shift_x, cy - shift_y)
    paste_sprite(draw, sprite, (shift_x + left, shift_y + top))


def even_shift(x: float, y: float) -> tuple[int, int]:
    """The even whole pixels below (``x``, ``y``): what is drawn at (``x``, ``y``) less them on a sprite
    and pasted there is drawn the same as in place, since Pillow rounds shapes' corners with round(),
    whose halves go to the even side. Sprites drawn once are kept by that remainder, in [0, 2)."""
    return 2 * math.floor(x / 2), 2 * math.floor(y / 2)


def paste_sprite(draw: ImageDraw.ImageDraw, sprite: Image.Image, corner: tuple[int, int]) -> None:
    """A see-through sprite pasted onto what ``draw`` draws on: its opaque pixels with hard edges give
    the pixels drawing it there would."""
    draw._image.paste(sprite, corner, sprite)


@lru_cache(maxsize=1024)
def _badge(content: str, size: int, fill: RGB, ink: RGB, cx: float, cy: float) -> tuple[Image.Image, tuple[int, int]]:
    """The badge centred at (``cx``, ``cy``) on a see-through sprite, and where the sprite's corner lies:
    the pill is opaque with hard edges, so pasting it gives the pixels drawing it would."""
    width = max(text_width(content, size, bold=True) + size, round(size * 1.6))
    height = round(size * 1.45)
    left, top = 2 * math.floor((cx - width / 2 - 2) / 2), 2 * math.floor((cy - height / 2 - 2) / 2)
    sprite = Image.new("RGBA", (width + 7, height + 7), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    x, y = cx - left, cy - top
    box = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
    draw.rounded_rectangle(box, radius=height // 2, fill=fill)
    text(draw, (x, y), content, size, ink, bold=True, anchor="mm")
    return sprite, (left, top)

"""Tiles as sprites: a face, the thickness of the tile and its shadow, at any width, drawn once and cached.

A sprite's face always sits at its top-left corner (``face_size``); the thickness and the shadow
extend to the right and downwards, so layouts place tiles by their faces. ``tile_image`` is cached
per (tile, width, options): callers paste the sprites and must not modify them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from game.tiles import Tile
from render import faces
from render.theme import CORNER, FACE_RATIO, IVORY, IVORY_EDGE, IVORY_SIDE, JADE, JADE_DARK, SHADOW, THICKNESS
from words import LANGS, Lang

# "down": seen from the player's chair, the thickness shows below the face (hand, table).
# "down_right": lit from the top left, the thickness shows below and to the right (the pyramid).
Lift = Literal["down", "down_right"]

EMOJI_SIZE = 128
# Widths of the standard sprites, warmed by ``preload`` so the first image of a game is not slower.
HAND_WIDTH = 64
# the table's bonus tiles, sets and discards (``render.table``), the hand's sets (``render.hand``)
TABLE_WIDTHS = (28, 38, 40, 44)
EMOJI_TILE_WIDTH = 78

# Faces are drawn on a canvas this wide before being scaled down, for smooth edges at any size.
_SUPERSAMPLED_WIDTH = 260


@dataclass(frozen=True, slots=True)
class TileMetrics:
    """The pixel geometry of a sprite of a given face width."""

    face_width: int
    face_height: int
    offset_x: int
    offset_y: int
    shadow: int

    @property
    def sprite_size(self) -> tuple[int, int]:
        return (self.face_width + self.offset_x + self.shadow, self.face_height + self.offset_y + self.shadow)


def metrics(width: int, *, rotated: bool = False, lift: Lift = "down") -> TileMetrics:
    """The geometry of a tile ``width`` pixels wide (its long side lies across when ``rotated``)."""
    height = round(width * FACE_RATIO)
    thickness = max(2, round(width * THICKNESS))
    shadow = max(1, round(width * SHADOW))
    offset_x, offset_y = (0, thickness) if lift == "down" else (round(thickness * 0.6), round(thickness * 0.8))
    if rotated:
        width, height = height, width
    return TileMetrics(width, height, offset_x, offset_y, shadow)


def tile_image(
    tile: Tile | None, width: int, *, lang: Lang = "en", rotated: bool = False, lift: Lift = "down"
) -> Image.Image:
    """The RGBA sprite of ``tile`` (None: a tile face down) with a face ``width`` pixels wide."""
    return _sprite(tile, width, faces.art_lang(tile, lang), rotated, lift)


def blank_tile_image(width: int, *, lift: Lift = "down") -> Image.Image:
    """The RGBA sprite of a tile face up with nothing on its face, for a tile whose face must not be
    shown (the solitaire's, wholly covered by higher tiles): the same body as every face, without art."""
    return _body(width, False, lift, face_down=False)[0]


@lru_cache(maxsize=4096)
def _sprite(tile: Tile | None, width: int, lang: Lang, rotated: bool, lift: Lift) -> Image.Image:
    # Only the art differs between tiles: it is scaled straight from its design size to the face,
    # inside the face's rounded corners, and laid on the tile's body drawn once for the geometry.
    body, mask = _body(width, rotated, lift, face_down=tile is None)
    art = faces.back_art() if tile is None else faces.face_art(tile, lang)
    if rotated:
        art = art.transpose(Image.Transpose.ROTATE_90)
    art = art.resize(mask.size, Image.Resampling.LANCZOS)
    art.putalpha(ImageChops.multiply(art.getchannel("A"), mask))
    sprite = body.copy()
    sprite.alpha_composite(art, (_ART_INSET, _ART_INSET))
    return sprite


# The art keeps this many pixels of the face's edge clear, at the sprite's own size.
_ART_INSET = 1


@lru_cache(maxsize=64)
def _body(width: int, rotated: bool, lift: Lift, *, face_down: bool) -> tuple[Image.Image, Image.Image]:
    """A blank tile of this geometry (shadow, thickness and face, drawn supersampled for smooth edges,
    then scaled down) and the mask of its face's rounded corners for the art."""
    geometry = metrics(width, rotated=rotated, lift=lift)
    scale = max(2, math.ceil(_SUPERSAMPLED_WIDTH / width))
    face_w, face_h = geometry.face_width * scale, geometry.face_height * scale
    off_x, off_y, shadow = geometry.offset_x * scale, geometry.offset_y * scale, geometry.shadow * scale
    sprite_w, sprite_h = geometry.sprite_size
    canvas = Image.new("RGBA", (sprite_w * scale, sprite_h * scale), (0, 0, 0, 0))
    radius = round(min(face_w, face_h) * CORNER)

    shadow_layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    ImageDraw.Draw(shadow_layer).rounded_rectangle(
        (off_x + shadow, off_y + shadow, off_x + shadow + face_w - 1, off_y + shadow + face_h - 1),
        radius=radius,
        fill=(0, 0, 0, 120),
    )
    canvas.alpha_composite(shadow_layer.filter(ImageFilter.GaussianBlur(max(1, shadow // 2))))

    # The body: a jade back under an ivory front, extruded from the far layer to the near one.
    draw = ImageDraw.Draw(canvas)
    near, far = (JADE, IVORY_SIDE) if face_down else (IVORY_SIDE, JADE)
    steps = max(off_x, off_y)
    for step in range(steps, 0, -1):
        fraction = step / steps
        colour = far if fraction > 0.45 else near
        x, y = round(off_x * fraction), round(off_y * fraction)
        draw.rounded_rectangle((x, y, x + face_w - 1, y + face_h - 1), radius=radius, fill=colour)
    draw.rounded_rectangle(
        (0, 0, face_w - 1, face_h - 1),
        radius=radius,
        fill=JADE if face_down else IVORY,
        outline=JADE_DARK if face_down else IVORY_EDGE,
        width=scale,
    )
    inset = _ART_INSET * scale
    mask = Image.new("L", (face_w - 2 * inset, face_h - 2 * inset), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, mask.width - 1, mask.height - 1), radius=radius, fill=255)
    art_size = (geometry.face_width - 2 * _ART_INSET, geometry.face_height - 2 * _ART_INSET)
    return (
        canvas.resize((sprite_w, sprite_h), Image.Resampling.LANCZOS),
        mask.resize(art_size, Image.Resampling.LANCZOS),
    )


def emoji_image(tile: Tile | None, lang: Lang = "en") -> Image.Image:
    """A 128 × 128 transparent picture of one tile, for an application emoji on a tile button."""
    sprite = tile_image(tile, EMOJI_TILE_WIDTH, lang=lang)
    canvas = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    canvas.alpha_composite(sprite, ((EMOJI_SIZE - sprite.width) // 2, (EMOJI_SIZE - sprite.height) // 2))
    return canvas


def emoji_png(tile: Tile | None, lang: Lang = "en") -> bytes:
    """``emoji_image`` as PNG bytes, ready for ``create_application_emoji``."""
    buffer = io.BytesIO()
    emoji_image(tile, lang).save(buffer, format="PNG")
    return buffer.getvalue()


def emoji_name(tile: Tile | None, lang: Lang = "en") -> str:
    """The emoji's name: ``mj_5p``, ``mj_back``; ``mj_3z_fr`` for a wind whose letter differs by language
    (named after the first language that gives it that letter, whose art it is)."""
    if tile is None:
        return "mj_back"
    letters = {faces.wind_letter(tile, other) for other in LANGS} if tile.is_wind else set()
    suffix = f"_{faces.art_lang(tile, lang)}" if len(letters) > 1 else ""
    return f"mj_{tile.code}{suffix}"


def preload(langs: Iterable[Lang] = LANGS) -> int:
    """Draw the standard sprites now (at start-up, off the event loop); returns how many exist."""
    drawn = 0
    for lang in langs:
        for tile in [*Tile, None]:
            for width in (HAND_WIDTH, EMOJI_TILE_WIDTH, *TABLE_WIDTHS):
                tile_image(tile, width, lang=lang)
                drawn += 1
    return drawn

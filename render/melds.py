"""How a declared set lies on the table: the claimed tile turned towards the seat it came from, a
concealed kong with its two end tiles face down. Shared by the hand, the table and the result card."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from game.hand import SetKind
from game.melds import Meld
from game.tiles import Tile
from render.tiles import metrics, tile_image
from words import Lang


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """One tile of a set: the face shown (None: face down) and whether it lies turned."""

    tile: Tile | None
    turned: bool


def claimed_slot(meld: Meld, owner: int) -> int | None:
    """Which tile of the set lies turned: the left one for a discard from the previous seat, the middle
    one from the seat opposite, the right one from the next seat (None for a set not claimed)."""
    if meld.claimed_from is None or not meld.exposed:
        return None
    relative = (meld.claimed_from - owner) % 4
    return {3: 0, 2: 1, 1: meld.size - 1}.get(relative)


def placed_tiles(meld: Meld, owner: int) -> list[PlacedTile]:
    """The tiles of ``meld`` as they lie in front of seat ``owner``, left to right."""
    tiles = meld.tiles
    if meld.kind is SetKind.KONG and not meld.exposed:
        return [PlacedTile(None if slot in (0, 3) else tile, False) for slot, tile in enumerate(tiles)]
    turned = claimed_slot(meld, owner)
    return [PlacedTile(tile, slot == turned) for slot, tile in enumerate(tiles)]


def meld_width(meld: Meld, owner: int, width: int) -> int:
    """The pixel width of the faces of a set of tiles ``width`` wide, with one pixel between tiles."""
    return sum(metrics(width, rotated=placed.turned).face_width + 1 for placed in placed_tiles(meld, owner)) - 1


def paste_meld(canvas: Image.Image, meld: Meld, owner: int, x: int, bottom: int, width: int, lang: Lang) -> int:
    """Draw a set with its faces' bottoms on ``bottom``, from ``x``; returns the x just after it."""
    for placed in placed_tiles(meld, owner):
        geometry = metrics(width, rotated=placed.turned)
        sprite = tile_image(placed.tile, width, lang=lang, rotated=placed.turned)
        put(canvas, sprite, (x, bottom - geometry.face_height))
        x += geometry.face_width + 1
    return x


def put(canvas: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Lay an RGBA sprite on a picture: through its alpha on an opaque RGB one (the same pixels, cheaper),
    composited on an RGBA one."""
    # Pillow's core paste: ``Image.paste`` checks its arguments again on every tile (a table pastes ~80),
    # half the cost of pasting them.
    if canvas.mode == "RGB":
        x, y = xy
        canvas.im.paste(sprite.im, (x, y, x + sprite.width, y + sprite.height), sprite.im)
    else:
        canvas.alpha_composite(sprite, xy)

"""The solitaire pyramid: five levels, each lifted up and to the left with its shadow, free tiles lit,
the selected tile framed, every free tile labelled with the name the bot's menu gives it.

Labels name a tile by its place on the grid of the base: a column letter A–H (left to right) and a
row number 1–9 (top to bottom), e.g. ``C4``. Two tiles that share a label overlap, so the upper one
covers the lower one: the labels of the free tiles are always distinct.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from game.solitaire.board import Board
from game.solitaire.layout import Position
from game.tiles import Lang, Tile, tile_name
from render.describe import colon
from render.draw import badge, felt_canvas, outline, text
from render.rendered import Rendered
from render.theme import HIGHLIGHT, INK, PAPER, SELECTED, TEXT_DIM_ON_FELT, TEXT_ON_FELT
from render.tiles import metrics, tile_image

FULL_WIDTH = 96
SMALL_WIDTH = 52
COLUMNS = "ABCDEFGHIJKLMNOP"

_WORDS: dict[Lang, dict[str, str]] = {
    "en": {"left": "tiles left", "free": "free", "selected": "selected", "title": "Mahjong solitaire",
           "pairs": "pairs possible", "none": "none"},
    "fr": {"left": "tuiles restantes", "free": "libres", "selected": "sélectionnée", "title": "Mahjong solitaire",
           "pairs": "paires possibles", "none": "aucune"},
}


def position_label(position: Position) -> str:
    """``C4``: the column letter and row number of the base square the tile sits over."""
    return f"{COLUMNS[position.x // 2]}{position.y // 2 + 1}"


def free_tile_labels(board: Board) -> dict[int, str]:
    """The label of every free tile, by id: the names the image shows and the bot's menu offers."""
    return {tile_id: position_label(board.layout.positions[tile_id]) for tile_id in board.free_ids()}


def render_pyramid(
    board: Board,
    *,
    selected: int | None = None,
    title: str | None = None,
    labels: Mapping[int, str] | None = None,
    small: bool = False,
    lang: Lang = "en",
) -> Rendered:
    """The board; ``small`` is the channel post (no labels). ``labels`` defaults to ``free_tile_labels``."""
    words = _WORDS[lang]
    width = SMALL_WIDTH if small else FULL_WIDTH
    tile = metrics(width, lift="down_right")
    lift = max(3, round(width * 0.1))
    layout = board.layout
    columns = max(p.x for p in layout.positions) // 2 + 1
    rows = max(p.y for p in layout.positions) // 2 + 1
    levels = max(p.z for p in layout.positions)
    margin = 14 if small else 28
    header = 40 if small else 70
    left, top = margin + levels * lift, header + levels * lift
    canvas_w = left + columns * tile.face_width + tile.offset_x + tile.shadow + margin
    canvas_h = top + rows * tile.face_height + tile.offset_y + tile.shadow + margin
    image = felt_canvas(canvas_w, canvas_h)
    draw = ImageDraw.Draw(image)
    free = set(board.free_ids())
    shown = {} if small else dict(labels if labels is not None else free_tile_labels(board))
    heading = title or words["title"]
    remaining = board.remaining_count
    size = 16 if small else 28
    text(draw, (margin, header // 2), heading, size, TEXT_ON_FELT, bold=True, anchor="lm")
    text(draw, (canvas_w - margin, header // 2), f"{remaining} {words['left']} · {len(free)} {words['free']}",
         13 if small else 20, TEXT_DIM_ON_FELT, anchor="rm")

    places: dict[int, tuple[int, int]] = {}
    for level in range(levels + 1):
        ids = sorted((i for i in board.remaining if layout.positions[i].z == level),
                     key=lambda i: (layout.positions[i].y, layout.positions[i].x))
        for tile_id in ids:
            position = layout.positions[tile_id]
            places[tile_id] = (left + position.x * tile.face_width // 2 - level * lift,
                               top + position.y * tile.face_height // 2 - level * lift)
        for tile_id in ids:
            x, y = places[tile_id]
            is_free = tile_id in free
            sprite = _sprite(board.face(tile_id), width, lang, dimmed=not is_free, lift=lift if level else 0)
            image.alpha_composite(sprite, (x, y))
            box = (x, y, x + tile.face_width, y + tile.face_height)
            if tile_id == selected:
                outline(draw, box, SELECTED, 4 if small else 6, 6)
            elif is_free:
                outline(draw, box, HIGHLIGHT, 2 if small else 3, 6)
    # Labels go on last, so that no neighbour hides them.
    for tile_id in free:
        x, y = places[tile_id]
        label = shown.get(tile_id)
        if label is not None:
            badge(draw, (x + tile.face_width - 22, y + tile.face_height - 15), label, 15,
                  SELECTED if tile_id == selected else PAPER, PAPER if tile_id == selected else INK)
    return Rendered.of(image, describe_pyramid(board, selected=selected, labels=shown, lang=lang,
                                               title=heading))


@lru_cache(maxsize=8)
def _shadow(width: int, height: int, lift: int) -> Image.Image:
    """A blurred shadow the size of a tile, offset by ``lift`` inside its own canvas."""
    blur = max(2, lift // 2)
    shadow = Image.new("RGBA", (width + 2 * lift + 2 * blur, height + 2 * lift + 2 * blur), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle(
        (2 * lift, 2 * lift, 2 * lift + width, 2 * lift + height), radius=max(3, width // 9), fill=(0, 0, 0, 110)
    )
    return shadow.filter(ImageFilter.GaussianBlur(blur))


@lru_cache(maxsize=256)
def _sprite(face: Tile, width: int, lang: Lang, *, dimmed: bool, lift: int) -> Image.Image:
    """A pyramid tile; a blocked one is shaded so that the free ones stand out. A tile lifted onto an
    upper level carries its shadow, cast down and to the right onto the level below."""
    sprite = tile_image(face, width, lift="down_right", lang=lang)
    geometry = metrics(width, lift="down_right")
    if dimmed:
        veil = Image.new("RGBA", sprite.size, (0, 0, 0, 0))
        ImageDraw.Draw(veil).rounded_rectangle((0, 0, geometry.face_width - 1, geometry.face_height - 1),
                                               radius=max(3, width // 9), fill=(20, 30, 25, 70))
        sprite = Image.alpha_composite(sprite, veil)
    if not lift:
        return sprite
    shadow = _shadow(geometry.face_width, geometry.face_height, lift)
    canvas = Image.new("RGBA", (max(shadow.width, sprite.width), max(shadow.height, sprite.height)), (0, 0, 0, 0))
    canvas.alpha_composite(shadow)
    canvas.alpha_composite(sprite)
    return canvas


def describe_pyramid(board: Board, *, selected: int | None, labels: Mapping[int, str], lang: Lang,
                     title: str) -> str:
    words = _WORDS[lang]
    c = colon(lang)
    free = board.free_ids()
    named = labels or free_tile_labels(board)
    listed = ", ".join(
        f"{named.get(i, str(i))} {board.face(i).code} ({tile_name(board.face(i), lang)})" for i in free
    )
    parts = [f"{title}{c} {board.remaining_count} {words['left']}, {len(free)} {words['free']}{c} "
             f"{listed or words['none']}."]
    if selected is not None:
        parts.append(f"{words['selected'].capitalize()}{c} {named.get(selected, str(selected))} "
                     f"{board.face(selected).code} ({tile_name(board.face(selected), lang)}).")
    parts.append(f"{len(board.matching_free_pairs())} {words['pairs']}.")
    return " ".join(parts)

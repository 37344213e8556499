"""The solitaire pyramid: five levels, each lifted up and to the left with its shadow, free tiles lit,
the selected tile framed, every free tile labelled with the name the bot's menu gives it.

A tile wholly covered by higher tiles (``Board.is_hidden``) is drawn with a blank face: lifted, the
levels above leave slivers of it in sight, and a face drawn there, even a few pixels of its corner,
would tell a member what lies under the pyramid (SPEC §6: such a face never leaves the server).

Labels name a tile by its place on the grid of the base: a column letter A–H (left to right) and a
row number 1–9 (top to bottom), e.g. ``C4``. Two tiles that share a label overlap, so the upper one
covers the lower one: the labels of the free tiles are always distinct.

The picture is redrawn after every pick, so drawing it is mostly copying: the felt comes from a cached
canvas, and every tile, frame, badge and line of text is a cached ``_Patch`` whose opaque parts are
copied and only whose edges and shadows are blended; the pieces of a tile that the tiles drawn after
it will cover are not pasted at all (``_visible_pieces``). It is encoded on a fixed palette
(``pyramid_palette``) rather than one searched for in each picture. Together, a quarter of the time
the compositing of every sprite and the adaptive palette took (``benchmarks/pyramid_redraw.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFilter

from game.solitaire.board import Board
from game.solitaire.layout import PYRAMID, Layout
from game.tiles import BONUS_TILES, PLAYING_TILES, Tile
from render.describe import listed, phrase
from render.draw import badge, felt_canvas, outline, text, text_bbox
from render.faces import art_lang
from render.rendered import Rendered
from render.theme import (
    FELT,
    FELT_DARK,
    HIGHLIGHT,
    INK,
    PAPER,
    RGB,
    SELECTED,
    TEXT_DIM_ON_FELT,
    TEXT_ON_FELT,
)
from render.tiles import TileMetrics, blank_tile_image, metrics, tile_image
from words import Lang, plural
from words.tiles import tile_name

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

# A member's board shows about 390 pixels wide on a phone: 64-pixel tiles (a board 602 wide) show
# there as large as the 96-pixel ones of before, for half the pixels.
FULL_WIDTH = 64
SMALL_WIDTH = 52
# The pyramid's PNG carries at most this many colours. 64, the table's count, bands the veiled faces
# of the blocked tiles; 256 keep every picture within a level of the picture drawn, on average.
PALETTE_COLOURS = 256

Box = tuple[int, int, int, int]


def free_tile_labels(board: Board) -> dict[int, str]:
    """The label of every free tile, by id: the names the image shows and the bot's menu offers."""
    return {tile_id: board.layout.positions[tile_id].label for tile_id in board.free_ids()}


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
    shown = _shown_labels(board, labels, small)
    heading = title or phrase("solitaire", lang)
    image = _draw(board, selected, heading, shown, small, lang)
    return Rendered.of(
        image,
        describe_pyramid(board, selected=selected, labels=shown, lang=lang, title=heading),
        palette=pyramid_palette(),
    )


def draw_pyramid(
    board: Board,
    *,
    selected: int | None = None,
    title: str | None = None,
    labels: Mapping[int, str] | None = None,
    small: bool = False,
    lang: Lang = "en",
) -> Image.Image:
    """``render_pyramid``'s picture as an opaque RGB image, before encoding."""
    return _draw(board, selected, title or phrase("solitaire", lang), _shown_labels(board, labels, small), small, lang)


def _shown_labels(board: Board, labels: Mapping[int, str] | None, small: bool) -> dict[int, str]:
    if small:
        return {}
    return dict(labels if labels is not None else free_tile_labels(board))


def _draw(
    board: Board, selected: int | None, heading: str, shown: Mapping[int, str], small: bool, lang: Lang
) -> Image.Image:
    frame = _frame(board.layout, small)
    tile = frame.tile
    image = _felt(frame.size).copy()
    canvas = image.im
    free = set(board.free_ids())
    header_y = frame.header // 2
    _text_patch(heading, 16 if small else 28, True, TEXT_ON_FELT, "lm").paste(canvas, frame.margin, header_y)
    _text_patch(
        phrase(
            "pyramid.header",
            lang,
            left=plural("pictures", "pyramid.header_left", board.remaining_count, lang),
            free=plural("pictures", "pyramid.free", len(free), lang),
        ),
        13 if small else 20,
        False,
        TEXT_DIM_ON_FELT,
        "rm",
    ).paste(canvas, frame.size[0] - frame.margin, header_y)

    highlight = _outline_patch(tile, 2 if small else 3, HIGHLIGHT)
    chosen = _outline_patch(tile, 4 if small else 6, SELECTED)
    width, present, places, lifted, later = tile.face_width, board.present, frame.places, frame.lifted, frame.later
    is_hidden = board.layout.is_hidden
    for tile_id in frame.order:
        if not present >> tile_id & 1:
            continue
        x, y = places[tile_id]
        is_free = tile_id in free
        face = None if is_hidden(tile_id, present) else board.faces[tile_id]
        patch = _tile_patch(face, width, lang, not is_free, lifted[tile_id])
        patch.paste_pieces(canvas, _visible_pieces(frame, tile_id, patch.shape, present & later[tile_id]))
        # Each frame goes on with its tile, so that the tiles drawn after it cover it as they always have.
        if tile_id == selected:
            chosen.paste(canvas, x, y)
        elif is_free:
            highlight.paste(canvas, x, y)
    # Labels go on last, so that no neighbour hides them.
    for tile_id in free:
        label = shown.get(tile_id)
        if label is not None:
            x, y = places[tile_id]
            _badge_patch(label, tile_id == selected).paste(canvas, x + tile.face_width - 22, y + tile.face_height - 15)
    return image


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where everything goes on the pictures of one layout at one size."""

    tile: TileMetrics
    margin: int
    header: int
    size: tuple[int, int]
    # Tile ids in drawing order: level by level from the base, each level row by row.
    order: tuple[int, ...]
    # By tile id: the top left corner of the tile's face, whether it sits above the base, and the bit
    # mask of the tiles drawn after it that reach over its sprite.
    places: tuple[tuple[int, int], ...]
    lifted: tuple[bool, ...]
    later: tuple[int, ...]
    # Rectangles, from a face's top left corner, that every tile's sprite at this size covers opaquely,
    # and how far right and down from it any sprite reaches.
    body: tuple[Box, ...]
    reach: tuple[int, int]
    # ``_visible_pieces`` by (tile id, shape, the tiles of ``later`` present), ``_covers`` by (tile id, shape).
    placements: dict[tuple[int, _Shape, int], _Placement] = field(default_factory=dict, compare=False, repr=False)
    covers: dict[tuple[int, _Shape], _Covers] = field(default_factory=dict, compare=False, repr=False)


@lru_cache(maxsize=8)
def _frame(layout: Layout, small: bool) -> _Frame:
    width = SMALL_WIDTH if small else FULL_WIDTH
    tile = metrics(width, lift="down_right")
    lift = _lift(width)
    positions = layout.positions
    columns = max(p.x for p in positions) // 2 + 1
    rows = max(p.y for p in positions) // 2 + 1
    levels = max(p.z for p in positions)
    margin = 14 if small else 28
    header = 40 if small else 70
    left, top = margin + levels * lift, header + levels * lift
    size = (
        left + columns * tile.face_width + tile.offset_x + tile.shadow + margin,
        top + rows * tile.face_height + tile.offset_y + tile.shadow + margin,
    )
    order = tuple(p.id for p in sorted(positions, key=lambda p: (p.z, p.y, p.x)))
    places = tuple(
        (left + p.x * tile.face_width // 2 - p.z * lift, top + p.y * tile.face_height // 2 - p.z * lift)
        for p in positions
    )
    body = _body(width)
    reach_w, reach_h = _sprite_reach(tile, lift)
    # The body's bounds: a tile there may cover part of a sprite it overlaps.
    bx0, by0 = min(box[0] for box in body), min(box[1] for box in body)
    bx1, by1 = max(box[2] for box in body), max(box[3] for box in body)
    later_by_id = [0] * len(positions)
    for rank, tile_id in enumerate(order):
        x, y = places[tile_id]
        for other in order[rank + 1 :]:
            ox, oy = places[other]
            if ox + bx0 < x + reach_w and x < ox + bx1 and oy + by0 < y + reach_h and y < oy + by1:
                later_by_id[tile_id] |= 1 << other
    return _Frame(
        tile,
        margin,
        header,
        size,
        order,
        places,
        tuple(p.z > 0 for p in positions),
        tuple(later_by_id),
        body,
        (reach_w, reach_h),
    )


@lru_cache(maxsize=4)
def _body(width: int) -> tuple[Box, ...]:
    """Overlapping rectangles that together make up nearly all of the opaque body of a tile's sprite,
    from its face's top left corner: where a tile drawn over others is sure to paint over them. They
    are found on the flat, lit sprite: its alpha is that of every face (the art lies on the opaque
    face), and veils and shadows only add to it, so every sprite is opaque there too
    (``tests/render/test_pyramid_speed_path.py`` checks it of every sprite)."""
    sprite = _sprite(Tile.M1, width, "en", dimmed=False, lift=0)
    alpha = sprite.getchannel("A").point(list(_SNAP))
    # The few hundred largest hold the best ones; weighing the thousands of others takes a second.
    candidates = sorted(
        {box for box in _opaque_rectangles(alpha.tobytes(), alpha.width, (0, 0, *alpha.size)) if _area(box) >= 100},
        key=lambda box: (-_area(box), box),
    )[:400]
    painted = Image.new("L", alpha.size, 0)
    chosen: list[Box] = []
    for _ in range(_BODY_RECTANGLES):
        # The one that adds the most to the rectangles chosen so far.
        best = max(candidates, key=lambda box: (painted.crop(box).histogram()[0], box))
        chosen.append(best)
        painted.paste(255, best)
    return tuple(chosen)


# Eight leave out one percent of the body (its rounded corners); more only slow the test of a piece.
_BODY_RECTANGLES = 8


def _lift(width: int) -> int:
    """How far up and to the left each level sits from the one below, in pixels."""
    return max(3, round(width * 0.1))


def _sprite_reach(tile: TileMetrics, lift: int) -> tuple[int, int]:
    """How far right and down of its face's corner any sprite reaches (a lifted one, with its shadow)."""
    blur = max(2, lift // 2)
    return (
        max(tile.sprite_size[0], tile.face_width + 2 * lift + 2 * blur),
        max(tile.sprite_size[1], tile.face_height + 2 * lift + 2 * blur),
    )


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int]) -> Image.Image:
    """The empty picture (callers copy it and never draw on it)."""
    return felt_canvas(*size).convert("RGB")


# What a cut (``_cheapest_cut``) weighs, in nanoseconds: a pasted piece costs some 400 whatever its
# size, and each pixel about 1 more when blended (through an "RGBa" mask, see ``_Patch``) and 0.1 when
# copied (Pillow 13, on pictures this size). Blending is weighed at three times that because a band
# cut into its opaque part and its edges also lets ``_visible_pieces`` skip the parts later tiles
# cover, which a band pasted whole never is: of weights from 1 to 6, 3 and up paste the least.
_PASTE_COST = 400.0
_BLEND_COST = 3.0
_COPY_COST = 0.2
# Placements kept per size before they are all dropped: some thousand states of the boards' tiles
# occur in a game, many again in the next.
_PLACEMENTS_KEPT = 8192


class _Shape:
    """How pictures of one alpha are cut: ``copies`` (opaque) and ``blends`` (edges, shadows), boxes
    from the paste point. One object per alpha (``_shape``), compared by identity: cheap as a key."""

    __slots__ = ("blends", "copies")

    def __init__(self, copies: tuple[Box, ...], blends: tuple[Box, ...]) -> None:
        self.copies = copies
        self.blends = blends


# Which pieces of a shape to paste, and where on the picture: (index, box) to copy, and to blend.
_Placement = tuple[tuple[tuple[int, Box], ...], tuple[tuple[int, Box], ...]]


@dataclass(frozen=True, slots=True)
class _Patch:
    """A cached picture with straight alpha, cut for pasting onto an opaque RGB canvas: rectangles
    where it is opaque are copied, rectangles that hold its edges and shadows are blended through its
    alpha, and where it is clear nothing is visited. A tile's opaque body is four fifths of its sprite,
    and compositing whole sprites was the slow part of a redraw.

    A piece whose alpha is all or nothing (frames, badges) is pasted through a "1" mask, a choice per
    pixel; any other through an "RGBa" mask over its colours premultiplied by their alpha, which Pillow
    blends with one product per channel rather than two (2.5 times the speed of an "L" mask, for pixels
    at most a level from ``alpha_composite``'s). The images are Pillow's core images: their ``paste``
    skips the checks ``Image.paste`` makes again on every call, four fifths of the cost of pasting a
    piece this small (0.4 µs against 2)."""

    shape: _Shape
    copies: tuple[ImagingCore, ...]
    blends: tuple[tuple[ImagingCore, ImagingCore], ...]

    @classmethod
    def of(cls, picture: Image.Image, origin: tuple[int, int] = (0, 0), *, cut: bool = True) -> _Patch:
        """``picture`` (RGBA) as a patch whose top left corner lands at ``origin`` from the paste point;
        ``cut=False`` blends it whole (text: its edges are everywhere)."""
        rgb, alpha = picture.convert("RGB"), picture.getchannel("A")
        if cut:
            shape = _shape(alpha.tobytes(), alpha.size, origin)
        else:
            bounds = alpha.getbbox()
            shape = _Shape((), () if bounds is None else (_moved(bounds, origin),))
        ox, oy = origin

        def local(box: Box) -> Box:
            return (box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy)

        def blend(box: Box) -> tuple[ImagingCore, ImagingCore]:
            piece = picture.crop(local(box))
            piece_alpha = piece.getchannel("A")
            if not any(piece_alpha.histogram()[1:255]):
                return piece.convert("RGB").im, piece_alpha.convert("1").im
            premultiplied = piece.convert("RGBa")
            return Image.frombytes("RGB", piece.size, premultiplied.tobytes(), "raw", "RGBX").im, premultiplied.im

        return cls(
            shape, tuple(rgb.crop(local(box)).im for box in shape.copies), tuple(blend(box) for box in shape.blends)
        )

    def paste(self, canvas: ImagingCore, x: int, y: int) -> None:
        for (x0, y0, x1, y1), source in zip(self.shape.copies, self.copies, strict=True):
            canvas.paste(source, (x + x0, y + y0, x + x1, y + y1))
        for (x0, y0, x1, y1), (source, mask) in zip(self.shape.blends, self.blends, strict=True):
            canvas.paste(source, (x + x0, y + y0, x + x1, y + y1), mask)

    def paste_pieces(self, canvas: ImagingCore, placement: _Placement) -> None:
        copies, blends = placement
        for index, box in copies:
            canvas.paste(self.copies[index], box)
        for index, box in blends:
            source, mask = self.blends[index]
            canvas.paste(source, box, mask)


def _moved(box: Box, by: tuple[int, int]) -> Box:
    return (box[0] + by[0], box[1] + by[1], box[2] + by[0], box[3] + by[1])


def _visible_pieces(frame: _Frame, tile_id: int, shape: _Shape, covering: int) -> _Placement:
    """The pieces of the tile's sprite that some part of shows in the picture, placed: a piece inside
    the opaque bodies of ``covering`` (present tiles drawn after it) would only be painted over. On a
    fresh board, under the upper levels and between their neighbours, that leaves half the pieces to
    paste and a third of the pixels to blend. Kept per state of the tiles around, which come back
    game after game; a new one costs a few microseconds (``_covers``)."""
    key = (tile_id, shape, covering)
    placement = frame.placements.get(key)
    if placement is None:
        x, y = frame.places[tile_id]
        copy_covers, blend_covers = _covers(frame, tile_id, shape)
        placement = (
            tuple(
                (index, _moved(box, (x, y)))
                for index, (box, covers) in enumerate(zip(shape.copies, copy_covers, strict=True))
                if not any(covering & cover == cover for cover in covers)
            ),
            tuple(
                (index, _moved(box, (x, y)))
                for index, (box, covers) in enumerate(zip(shape.blends, blend_covers, strict=True))
                if not any(covering & cover == cover for cover in covers)
            ),
        )
        if len(frame.placements) >= _PLACEMENTS_KEPT:
            frame.placements.clear()
        frame.placements[key] = placement
    return placement


# For each piece of a shape, to copy and to blend: the sets of tiles (bit masks) whose bodies cover it.
_Covers = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]


def _covers(frame: _Frame, tile_id: int, shape: _Shape) -> _Covers:
    """For each piece of the tile's sprite, the smallest sets of tiles drawn after it whose opaque
    bodies together cover it: a piece is hidden when one of its sets is all present. Worked out once
    per tile and shape, as boards come (about a millisecond each, a quarter of a second for them all)."""
    key = (tile_id, shape)
    found = frame.covers.get(key)
    if found is None:
        x, y = frame.places[tile_id]
        others = [
            (other, [_moved(rect, frame.places[other]) for rect in frame.body]) for other in _ids(frame.later[tile_id])
        ]
        found = (
            tuple(_covering_sets(_moved(box, (x, y)), others) for box in shape.copies),
            tuple(_covering_sets(_moved(box, (x, y)), others) for box in shape.blends),
        )
        frame.covers[key] = found
    return found


def _covering_sets(box: Box, others: list[tuple[int, list[Box]]]) -> tuple[int, ...]:
    """The smallest sets of ``others`` (tile, rectangles) whose rectangles together cover ``box``, as bit
    masks of tiles: the tiles every set needs, and up to ``_MOST_COVERING`` more."""
    touching = [
        (other, clipped)
        for other, rects in others
        if (clipped := [_clipped(rect, box) for rect in rects if _overlap(rect, box)])
    ]
    # The box cut along every edge of the rectangles: each tile covers a set of the cells, a bit mask.
    xs = sorted({box[0], box[2], *(x for _, rects in touching for rect in rects for x in (rect[0], rect[2]))})
    ys = sorted({box[1], box[3], *(y for _, rects in touching for rect in rects for y in (rect[1], rect[3]))})
    column = {x: index for index, x in enumerate(xs)}
    row = {y: index for index, y in enumerate(ys)}
    across = len(xs) - 1
    everything = (1 << across * (len(ys) - 1)) - 1
    cells: list[tuple[int, int]] = []
    for other, rects in touching:
        covered = 0
        for x0, y0, x1, y1 in rects:
            run = ((1 << column[x1] - column[x0]) - 1) << column[x0]
            for line in range(row[y0], row[y1]):
                covered |= run << line * across
        cells.append((other, covered))
    if _union(cells) != everything:
        return ()
    # Tiles without which the others fall short are in every set; the rest are tried by ones, twos...
    needed = [entry for entry in cells if _union(cell for cell in cells if cell is not entry) != everything]
    optional = [entry for entry in cells if entry not in needed]
    sets: list[int] = []
    for size in range(min(_MOST_COVERING, len(optional)) + 1):
        for group in combinations(optional, size):
            chosen = (*needed, *group)
            mask = sum(1 << other for other, _ in chosen)
            if not any(mask & smaller == smaller for smaller in sets) and _union(chosen) == everything:
                sets.append(mask)
    return tuple(sets)


def _union(cells: Iterable[tuple[int, int]]) -> int:
    covered = 0
    for _, bits in cells:
        covered |= bits
    return covered


# More tiles than these, beyond those every set needs, hide too few pieces to be worth trying.
_MOST_COVERING = 3


def _clipped(box: Box, bounds: Box) -> Box:
    return (max(box[0], bounds[0]), max(box[1], bounds[1]), min(box[2], bounds[2]), min(box[3], bounds[3]))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _ids(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=64)
def _shape(alpha: bytes, size: tuple[int, int], origin: tuple[int, int]) -> _Shape:
    """The rectangles to copy and the rectangles to blend that together hold every visible pixel of an
    alpha channel, cut for the least cost found (``_PASTE_COST``...). Every sprite of one size and state
    has the same alpha, so this runs a few times per size."""
    mask = Image.frombytes("L", size, alpha)
    _, parts = _cheapest_cut(mask, alpha, (0, 0, *size))
    return _Shape(
        tuple(_moved(box, origin) for box, opaque in parts if opaque),
        tuple(_moved(box, origin) for box, opaque in parts if not opaque),
    )


def _cheapest_cut(mask: Image.Image, alpha: bytes, box: Box) -> tuple[float, list[tuple[Box, bool]]]:
    """The cheaper of two ways to paste ``box`` of ``mask`` (shrunk to what is not clear in it): blended
    whole, or its largest opaque rectangle copied and the four bands around it cut the same way.
    Returns the cost and the (box, copied) pieces."""
    inner = mask.crop(box).getbbox()
    if inner is None:
        return 0.0, []
    box = _moved(inner, box[:2])
    area = (box[2] - box[0]) * (box[3] - box[1])
    if mask.crop(box).getextrema()[0] == 255:
        return _PASTE_COST + area * _COPY_COST, [(box, True)]
    whole = (_PASTE_COST + area * _BLEND_COST, [(box, False)])
    core = max(_opaque_rectangles(alpha, mask.width, box), key=_area, default=None)
    if core is None:
        return whole
    x0, y0, x1, y1 = box
    cx0, cy0, cx1, cy1 = core
    cost = _PASTE_COST + _area(core) * _COPY_COST
    parts = [(core, True)]
    for band in ((x0, y0, x1, cy0), (x0, cy1, x1, y1), (x0, cy0, cx0, cy1), (cx1, cy0, x1, cy1)):
        if band[0] < band[2] and band[1] < band[3]:
            band_cost, band_parts = _cheapest_cut(mask, alpha, band)
            cost += band_cost
            parts += band_parts
    return (cost, parts) if cost < whole[0] else whole


def _opaque_rectangles(alpha: bytes, stride: int, box: Box) -> Iterator[Box]:
    """Rectangles of fully opaque pixels inside ``box`` that cannot grow left, right or up: row by row,
    those under the histogram of the opaque runs above each column. The largest rectangle of the box
    is among them."""
    x0, y0, x1, y1 = box
    heights = [0] * (x1 - x0 + 1)
    for y in range(y0, y1):
        for column, value in enumerate(alpha[y * stride + x0 : y * stride + x1]):
            heights[column] = heights[column] + 1 if value == 255 else 0
        stack: list[tuple[int, int]] = []
        for column, height in enumerate(heights):
            start = column
            while stack and stack[-1][1] >= height:
                start, tall = stack.pop()
                if tall:
                    yield (x0 + start, y + 1 - tall, x0 + column, y + 1)
            stack.append((start, height))


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


# LANCZOS leaves the body of a sprite a few levels short of opaque along its edges and inner steps, and
# a faint halo (a level or three) around its corners. Seen, those are body and nothing; pasted, they
# would cut the body into slivers to blend. Rounded, they move a few dozen pixels of a picture by up
# to seven levels.
_SNAP = bytes([0] * 4 + list(range(4, 247)) + [255] * 9)


def _tile_patch(face: Tile | None, width: int, lang: Lang, dimmed: bool, lifted: bool) -> _Patch:
    """The patch of a tile showing ``face``, or a blank face for None (a hidden tile)."""
    return _face_patch(face, width, art_lang(face, lang), dimmed, lifted)


# 42 faces and the blank one, lit or veiled, flat or lifted, at 2 sizes, and the winds again for each
# letter another language gives them (``art_lang``): some 400 patches, some 25 MB.
@lru_cache(maxsize=1024)
def _face_patch(face: Tile | None, width: int, lang: Lang, dimmed: bool, lifted: bool) -> _Patch:
    sprite = _sprite(face, width, lang, dimmed=dimmed, lift=_lift(width) if lifted else 0)
    sprite.putalpha(sprite.getchannel("A").point(list(_SNAP)))
    return _Patch.of(sprite)


def _sprite(face: Tile | None, width: int, lang: Lang, *, dimmed: bool, lift: int) -> Image.Image:
    """A pyramid tile (a new image), with a blank face for None; a blocked one is shaded so that the
    free ones stand out. A tile lifted onto an upper level carries its shadow, cast down and to the
    right onto the level below."""
    if face is None:
        sprite = blank_tile_image(width, lift="down_right")
    else:
        sprite = tile_image(face, width, lift="down_right", lang=lang)
    geometry = metrics(width, lift="down_right")
    if dimmed:
        veil = Image.new("RGBA", sprite.size, (0, 0, 0, 0))
        ImageDraw.Draw(veil).rounded_rectangle(
            (0, 0, geometry.face_width - 1, geometry.face_height - 1), radius=max(3, width // 9), fill=(20, 30, 25, 70)
        )
        sprite = Image.alpha_composite(sprite, veil)
    if not lift:
        return sprite.copy()
    shadow = _shadow(geometry.face_width, geometry.face_height, lift)
    canvas = Image.new("RGBA", (max(shadow.width, sprite.width), max(shadow.height, sprite.height)), (0, 0, 0, 0))
    canvas.alpha_composite(shadow)
    canvas.alpha_composite(sprite)
    return canvas


@lru_cache(maxsize=8)
def _shadow(width: int, height: int, lift: int) -> Image.Image:
    """A blurred shadow the size of a tile, offset by ``lift`` inside its own canvas."""
    blur = max(2, lift // 2)
    shadow = Image.new("RGBA", (width + 2 * lift + 2 * blur, height + 2 * lift + 2 * blur), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle(
        (2 * lift, 2 * lift, 2 * lift + width, 2 * lift + height), radius=max(3, width // 9), fill=(0, 0, 0, 110)
    )
    return shadow.filter(ImageFilter.GaussianBlur(blur))


@lru_cache(maxsize=8)
def _outline_patch(tile: TileMetrics, width: int, colour: RGB) -> _Patch:
    """``render.draw.outline`` around a tile's face, for pasting at the face's top left corner."""
    ring = Image.new("RGBA", (tile.face_width + 2 * width + 1, tile.face_height + 2 * width + 1), (0, 0, 0, 0))
    outline(ImageDraw.Draw(ring), (width, width, width + tile.face_width, width + tile.face_height), colour, width, 6)
    return _Patch.of(ring, (-width, -width))


@lru_cache(maxsize=256)
def _badge_patch(label: str, selected: bool) -> _Patch:
    """A free tile's label (``render.draw.badge``), for pasting at its centre."""
    size = 15
    reach = 4 * size + 2 * len(label) * size
    picture = Image.new("RGBA", (2 * reach, 2 * reach), (0, 0, 0, 0))
    badge(
        ImageDraw.Draw(picture),
        (reach, reach),
        label,
        size,
        SELECTED if selected else PAPER,
        PAPER if selected else INK,
    )
    bounds = picture.getbbox() or (0, 0, 0, 0)
    return _Patch.of(picture.crop(bounds), (bounds[0] - reach, bounds[1] - reach), cut=False)


@lru_cache(maxsize=512)
def _text_patch(content: str, size: int, bold: bool, colour: RGB, anchor: str) -> _Patch:
    """A line of text (``render.draw.text``) for pasting at its anchor point: its glyphs' coverage as
    the alpha of a plain ``colour``, the same blend as drawing it."""
    left, top, right, bottom = text_bbox(content, size, bold=bold, anchor=anchor)
    pad = size
    coverage = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    origin = (pad - left, pad - top)
    text(ImageDraw.Draw(coverage), origin, content, size, 255, bold=bold, anchor=anchor)
    bounds = coverage.getbbox()
    if bounds is None:
        return _Patch(_Shape((), ()), (), ())
    picture = Image.new("RGBA", coverage.size, (*colour, 0))
    picture.putalpha(coverage)
    return _Patch.of(picture.crop(bounds), (bounds[0] - origin[0], bounds[1] - origin[1]), cut=False)


@cache
def pyramid_palette() -> Image.Image:
    """The colours of every pyramid picture, as a "P" image for ``Rendered.of(palette=...)``. A fixed
    palette makes encoding a picture a nearest-colour lookup instead of a search for colours (a third
    of the cost of a redraw before), and depends on the code only, so the same board always gives the
    same bytes.

    The colours that fill the most pixels are kept exactly: the felt, the frames, badges and text in
    the theme's colours, the faces lit and veiled, the tiles' sides (found by counting a swatch of
    pyramids). Pillow's fast octree finds the rest from the same swatch; on their own its colours sit
    a level off the flat ones (it averages), which is a level off on most of the picture."""
    swatch = _swatch()
    counted = sorted(swatch.getcolors(swatch.width * swatch.height) or [], key=lambda entry: (-entry[0], entry[1]))
    flat: list[RGB] = [FELT, FELT_DARK, TEXT_ON_FELT, TEXT_DIM_ON_FELT, HIGHLIGHT, SELECTED, PAPER, INK]
    exact: list[RGB] = []
    # The most frequent first: the face's ivory, three levels from the badges' paper, must win.
    for colour in [*(_rgb(colour) for _, colour in counted[:_FREQUENT_COLOURS]), *flat]:
        # Pillow maps every colour of a cell of 4 × 4 × 4 levels to one palette colour: two flat
        # colours in one cell cannot both stay exact.
        if all(_cell(colour) != _cell(other) for other in exact):
            exact.append(colour)
    found = swatch.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    entries = (found.getpalette() or [])[: 3 * PALETTE_COLOURS]
    octree = [(entries[i], entries[i + 1], entries[i + 2]) for i in range(0, len(entries), 3)]
    colours = (exact + [colour for colour in octree if colour not in exact])[:PALETTE_COLOURS]
    while True:
        palette = Image.new("P", (1, 1))
        palette.putpalette([channel for colour in colours for channel in colour])
        probe = Image.frombytes("RGB", (len(exact), 1), bytes(channel for colour in exact for channel in colour))
        mapped = [colours[index] for index in probe.quantize(palette=palette, dither=Image.Dither.NONE).tobytes()]
        # A cell's colour is the palette's nearest to the cell's corner, not to the colour, and the
        # octree's own versions of the flat colours (a level off) often are: a colour that takes the
        # cell of a flat colour more frequent than itself goes (out of the palette, or out of the flat
        # colours if it is the less frequent of two).
        rank = {colour: index for index, colour in enumerate(exact)}
        taken = [(colour, taker) for colour, taker in zip(exact, mapped, strict=True) if taker != colour]
        if not taken:
            return palette
        strays = {taker for colour, taker in taken if rank.get(taker, len(exact)) > rank[colour]}
        beaten = {colour for colour, taker in taken if rank.get(taker, len(exact)) < rank[colour]}
        colours = [colour for colour in colours if colour not in strays]
        exact = [colour for colour in exact if colour not in strays and colour not in beaten]


# The most frequent colours of the swatch that are kept exactly (those not in a cell already kept).
_FREQUENT_COLOURS = 24


def _rgb(colour: object) -> RGB:
    assert isinstance(colour, tuple)
    return (colour[0], colour[1], colour[2])


def _cell(colour: RGB) -> RGB:
    return (colour[0] >> 2, colour[1] >> 2, colour[2] >> 2)


def _swatch() -> Image.Image:
    """Pyramids at full size in English, one above the other: every face lit and veiled, on the felt
    and on every level, under the shadows of the levels above, framed, selected and labelled. Small
    and French pictures show the same colours mixed the same way, so they add nothing but time (each
    face's first sprite is drawn from scratch)."""
    boards = list(_swatch_boards())
    pictures = [
        _draw(board, selected, phrase("solitaire", "en"), free_tile_labels(board), False, "en")
        for board, selected in boards
    ]
    swatch = Image.new("RGB", (pictures[0].width, sum(picture.height for picture in pictures)))
    y = 0
    for picture in pictures:
        swatch.paste(picture, (0, y))
        y += picture.height
    return swatch


def _swatch_boards() -> Iterator[tuple[Board, int | None]]:
    faces = [tile for tile in PLAYING_TILES for _ in range(4)] + list(BONUS_TILES)
    count = len(PYRAMID)
    shifted = tuple(faces[(i * 37) % count] for i in range(count))
    full = Board.full(tuple(faces))
    yield full, full.free_ids()[0]
    # Every third tile gone: lower levels, their shadows and the felt show between the others.
    sparse = Board(shifted, sum(1 << i for i in range(count) if i % 3), PYRAMID)
    yield sparse, sparse.free_ids()[-1]
    # The faces on other places, one in five left: most of them free and on the felt.
    scattered = Board(tuple(reversed(faces)), sum(1 << i for i in range(count) if i % 5 == 0), PYRAMID)
    yield scattered, None


def describe_pyramid(board: Board, *, selected: int | None, labels: Mapping[int, str], lang: Lang, title: str) -> str:
    free = board.free_ids()
    named = labels or free_tile_labels(board)

    def tile(tile_id: int) -> str:
        face = board.face(tile_id)
        label = named.get(tile_id, str(tile_id))
        return phrase("pyramid.alt.tile", lang, label=label, code=face.code, name=tile_name(face, lang))

    tiles = listed((tile(tile_id) for tile_id in free), lang) or phrase("list.empty", lang)
    left = plural("pictures", "pyramid.left", board.remaining_count, lang)
    free_count = plural("pictures", "pyramid.free", len(free), lang)
    parts = [phrase("pyramid.alt.summary", lang, title=title, left=left, free=free_count, tiles=tiles)]
    if selected is not None:
        parts.append(phrase("pyramid.alt.selected", lang, tile=tile(selected)))
    parts.append(plural("pictures", "pyramid.alt.pairs", len(board.matching_free_pairs()), lang))
    return " ".join(parts)

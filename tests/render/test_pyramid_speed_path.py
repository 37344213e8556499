"""The pyramid's fast redraw: the same picture as compositing every sprite in turn, a palette that keeps
it, outlines where they were, the same bytes for the same board, and the invariant the skipped pieces
rely on (a tile's body is opaque wherever ``_body`` says)."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageDraw

from game.solitaire.board import Board
from game.solitaire.deal import deal_for_seed
from game.tiles import BONUS_TILES, PLAYING_TILES, Tile
from render.draw import badge, felt_canvas, outline, text
from render.pyramid import (
    _SNAP,
    FULL_WIDTH,
    PALETTE_COLOURS,
    SMALL_WIDTH,
    _body,
    _frame,
    _lift,
    _sprite,
    draw_pyramid,
    free_tile_labels,
    pyramid_palette,
    render_pyramid,
)
from render.theme import FELT, HIGHLIGHT, INK, PAPER, SELECTED, TEXT_DIM_ON_FELT, TEXT_ON_FELT
from render.tiles import metrics
from words import Lang, plural
from words import text as text_of


def _boards() -> dict[str, Board]:
    deal = deal_for_seed(7)
    boards = {"fresh": deal.board()}
    board = deal.board()
    for pick, (first, second) in enumerate(deal.solution, 1):
        board = board.remove(first, second)
        if pick in (30, 68):
            boards["mid" if pick == 30 else "late"] = board
    return boards


BOARDS = _boards()


def _decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _reference(board: Board, selected: int | None, small: bool, lang: Lang) -> Image.Image:
    """The picture drawn the plain way, as ``render_pyramid`` drew it before: every sprite composited
    in turn onto an RGBA felt (a hidden tile's with a blank face), each frame right after its tile, the
    labels last."""
    frame = _frame(board.layout, small)
    tile = frame.tile
    width = tile.face_width
    image = felt_canvas(*frame.size)
    draw = ImageDraw.Draw(image)
    free = set(board.free_ids())
    text(
        draw,
        (frame.margin, frame.header // 2),
        "Mahjong solitaire",
        16 if small else 28,
        TEXT_ON_FELT,
        bold=True,
        anchor="lm",
    )
    text(
        draw,
        (frame.size[0] - frame.margin, frame.header // 2),
        text_of(
            "pictures",
            "pyramid.header",
            lang,
            left=plural("pictures", "pyramid.header_left", board.remaining_count, lang),
            free=plural("pictures", "pyramid.free", len(free), lang),
        ),
        13 if small else 20,
        TEXT_DIM_ON_FELT,
        anchor="rm",
    )
    for tile_id in sorted(
        board.remaining,
        key=lambda i: (board.layout.positions[i].z, board.layout.positions[i].y, board.layout.positions[i].x),
    ):
        x, y = frame.places[tile_id]
        lifted = board.layout.positions[tile_id].z > 0
        face = None if board.is_hidden(tile_id) else board.faces[tile_id]
        image.alpha_composite(
            _sprite(face, width, lang, dimmed=tile_id not in free, lift=_lift(width) if lifted else 0), (x, y)
        )
        box = (x, y, x + tile.face_width, y + tile.face_height)
        if tile_id == selected:
            outline(draw, box, SELECTED, 4 if small else 6, 6)
        elif tile_id in free:
            outline(draw, box, HIGHLIGHT, 2 if small else 3, 6)
    labels = {} if small else free_tile_labels(board)
    for tile_id in free:
        if tile_id in labels:
            x, y = frame.places[tile_id]
            badge(
                draw,
                (x + tile.face_width - 22, y + tile.face_height - 15),
                labels[tile_id],
                15,
                SELECTED if tile_id == selected else PAPER,
                PAPER if tile_id == selected else INK,
            )
    return image.convert("RGB")


def _differences(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """Mean and 99th percentile of the absolute difference per channel."""
    histogram = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).histogram()
    counts = [sum(histogram[256 * channel + value] for channel in range(3)) for value in range(256)]
    total = sum(counts)
    seen = 0
    p99 = 255
    for value, count in enumerate(counts):
        seen += count
        if seen >= 0.99 * total:
            p99 = value
            break
    return sum(value * count for value, count in enumerate(counts)) / total, p99


CASES = [
    ("fresh", False, "en"),
    ("fresh", True, "fr"),
    ("mid", False, "fr"),
    ("late", False, "en"),
    ("mid", True, "en"),
]


@pytest.mark.parametrize(("name", "small", "lang"), CASES)
def test_the_picture_is_the_one_compositing_every_sprite_draws(name, small, lang):
    board = BOARDS[name]
    selected = board.free_ids()[-1]
    reference = _reference(board, selected, small, lang)
    drawn = draw_pyramid(board, selected=selected, small=small, lang=lang)
    assert drawn.mode == "RGB" and drawn.size == reference.size
    # Pasting cut pieces blends as compositing does, within a level; rounding the sprites' near-opaque
    # edges moves a few pixels by a few levels more. A piece left out that showed, or one pasted over a
    # tile drawn after it, would be tens of levels off.
    mean, p99 = _differences(drawn, reference)
    assert mean < 0.1 and p99 <= 1, (mean, p99)
    assert max(high for _, high in ImageChops.difference(drawn, reference).getextrema()) <= 10
    # Encoded on the fixed palette, the picture stays about as close as the adaptive palette kept it
    # (0.7–1.4 on these boards).
    mean, p99 = _differences(
        _decoded(render_pyramid(board, selected=selected, small=small, lang=lang).image_png), reference
    )
    assert mean < 1.5 and p99 <= 12, (mean, p99)


@pytest.mark.parametrize(("name", "small"), [("fresh", False), ("late", True)])
def test_the_png_is_a_palette_picture_of_the_pyramids_size(name, small):
    board = BOARDS[name]
    rendered = render_pyramid(board, small=small)
    image = _decoded(rendered.image_png)
    assert image.format == "PNG" and image.mode == "P"
    tile = metrics(SMALL_WIDTH if small else FULL_WIDTH, lift="down_right")
    lift = _lift(tile.face_width)
    margin, header = (14, 40) if small else (28, 70)
    expected = (
        margin + 4 * lift + 8 * tile.face_width + tile.offset_x + tile.shadow + margin,
        header + 4 * lift + 9 * tile.face_height + tile.offset_y + tile.shadow + margin,
    )
    assert image.size == (rendered.width, rendered.height) == expected
    # Every picture carries the one palette, whatever it shows.
    assert image.getpalette() == pyramid_palette().getpalette()
    assert len(image.getcolors(PALETTE_COLOURS) or []) <= PALETTE_COLOURS


def test_the_palette_keeps_the_flat_colours_exactly():
    rgb = _decoded(render_pyramid(BOARDS["late"]).image_png).convert("RGB")
    assert rgb.getpixel((rgb.width // 2, rgb.height - 20)) == FELT
    palette = pyramid_palette()
    for colour in (FELT, HIGHLIGHT, SELECTED, INK, TEXT_ON_FELT, TEXT_DIM_ON_FELT):
        index = Image.new("RGB", (1, 1), colour).quantize(palette=palette, dither=Image.Dither.NONE).getpixel((0, 0))
        assert isinstance(index, int)
        assert tuple((palette.getpalette() or [])[3 * index : 3 * index + 3]) == colour


@pytest.mark.parametrize("small", [False, True])
def test_the_selected_tile_and_the_free_tiles_are_framed(small):
    board = BOARDS["mid"]
    free = board.free_ids()
    selected = free[2]
    rgb = _decoded(render_pyramid(board, selected=selected, small=small).image_png).convert("RGB")
    frame = _frame(board.layout, small)
    tile = frame.tile
    for tile_id in free:
        colour, width = (SELECTED, 4 if small else 6) if tile_id == selected else (HIGHLIGHT, 2 if small else 3)
        x, y = frame.places[tile_id]
        # The frame around the face (tiles drawn later hide parts of it, as they always did).
        ring = [
            (x + dx, y + dy)
            for dx in range(-width, tile.face_width + width + 1)
            for dy in range(-width, tile.face_height + width + 1)
            if not (0 <= dx <= tile.face_width and 0 <= dy <= tile.face_height)
        ]
        shown = sum(rgb.getpixel(point) == colour for point in ring)
        assert shown > len(ring) // 8, (tile_id, shown, len(ring))
    # Drawn, the frames are where compositing the sprites in turn puts them, but for a pixel in a
    # hundred or less: where a tile drawn over a frame has a faint halo (a level or three), rounded away.
    reference = _reference(board, selected, small, "en")
    drawn = draw_pyramid(board, selected=selected, small=small)
    for colour in (SELECTED, HIGHLIGHT):
        expected = _where(reference, colour)
        moved = ImageChops.logical_xor(expected, _where(drawn, colour)).histogram()[255]
        assert moved <= expected.histogram()[255] // 100, (colour, moved)


def _where(picture: Image.Image, colour: tuple[int, int, int]) -> Image.Image:
    """A "1" mask of the pixels of exactly ``colour``."""
    channels = [
        band.point(lambda value, wanted=wanted: 255 if value == wanted else 0)
        for band, wanted in zip(picture.split(), colour, strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(channels[0], channels[1]), channels[2]).convert("1")


def test_the_same_board_gives_the_same_bytes_whatever_was_drawn_before():
    board = BOARDS["mid"]
    first = render_pyramid(board, selected=board.free_ids()[0], lang="fr").image_png
    for other in BOARDS.values():
        render_pyramid(other, small=True)
        render_pyramid(other, title="Seed 7", lang="en")
    assert render_pyramid(board, selected=board.free_ids()[0], lang="fr").image_png == first


def test_pictures_drawn_in_worker_threads_are_those_drawn_one_by_one():
    jobs = [(board, small, lang) for board in BOARDS.values() for small in (False, True) for lang in ("en", "fr")]
    expected = [render_pyramid(board, small=small, lang=lang).image_png for board, small, lang in jobs]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda job: render_pyramid(job[0], small=job[1], lang=job[2]).image_png, jobs))
    assert results == expected


def test_the_palette_is_found_the_same_way_every_time():
    assert pyramid_palette.__wrapped__().getpalette() == pyramid_palette().getpalette()


@pytest.mark.parametrize("width", [FULL_WIDTH, SMALL_WIDTH])
def test_every_sprite_is_opaque_over_the_body_that_skipping_pieces_assumes(width):
    """A piece of a tile is left out when the bodies of the tiles drawn after it cover it: each of
    those rectangles must be opaque in the sprite of every face (and the blank one of a hidden tile),
    lit or veiled, flat or lifted."""
    body = _body(width)
    faces: list[tuple[Tile | None, Lang]] = [(face, "en") for face in (None, *PLAYING_TILES, *BONUS_TILES)]
    faces += [(face, "fr") for face in PLAYING_TILES if face.is_wind]
    for face, lang in faces:
        for dimmed in (False, True):
            for lift in (0, _lift(width)):
                alpha = _sprite(face, width, lang, dimmed=dimmed, lift=lift).getchannel("A").point(list(_SNAP))
                for box in body:
                    assert alpha.crop(box).getextrema()[0] == 255, (face, lang, dimmed, lift, box)

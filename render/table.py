"""The table from above, as one seat sees it: built from a ``SeatView`` only, so the concealed tiles of
the other seats cannot reach the picture (their hands show as backs, unless the table plays open).

The viewer sits at the bottom; the next seat in turn order (counter-clockwise) on the right. Each seat
gets a strip, drawn as if it sat at the bottom and then turned to its side: discards in order nearest
the centre (the last discard framed), then its declared sets (a claimed tile turned), then its hidden
tiles and bonus tiles. The wall is a square of stacks around the centre, opened at the break, with
the prevailing wind, the dice and the count of tiles left inside it. Names, winds, scores, the
dealer and whose turn it is sit upright in the corners.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from game.tiles import LANGS, WINDS, Lang, Tile, format_tiles, tile_name
from game.view import SeatPublic, SeatView
from game.wall import WallGeometry
from render import theme
from render.describe import colon, meld_words, tiles_in_words
from render.draw import badge, felt_canvas, fit_text, outline, text, text_width
from render.melds import meld_width, placed_tiles, put
from render.rendered import Rendered
from render.theme import (
    FELT,
    FELT_DARK,
    FELT_LINE,
    HIGHLIGHT,
    INK,
    IVORY,
    JADE,
    JADE_DARK,
    JADE_LIGHT,
    LAST_DISCARD,
    PAPER,
    RED,
    RGB,
    TEXT_DIM_ON_FELT,
    TEXT_ON_FELT,
)
from render.tiles import metrics, tile_image

SIZE = 1080
CENTRE = SIZE // 2
# Distances from the centre, in the viewer's strip, of the discards, the sets and the hidden tiles.
INNER = 160
STRIP_WIDTH = 700
STRIP_DEPTH = 372
DISCARD_WIDTH = 40
DISCARDS_PER_ROW = 7
DISCARD_ROWS = 4
MELD_WIDTH = 38
HIDDEN_WIDTH = 28
PLATE = 176
ROW_PITCH = 58
# The prevailing wind's disc: its radius, and how far above the centre it sits.
DISC = 44
DISC_LIFT = 30

_WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "wall": "Wall",
        "dealer": "Dealer",
        "calling": "Calling",
        "turn": "to play",
        "tiles": "tiles",
        "round": "Prevailing wind",
        "discards": "discards",
        "sets": "sets",
        "bonus": "bonus",
        "last": "Last discard",
        "by": "by",
        "none": "none",
        "you": "You",
        "score": "score",
        "claimed": "taken",
    },
    "fr": {
        "wall": "Mur",
        "dealer": "Donneur",
        "calling": "Annonce",
        "turn": "à jouer",
        "tiles": "tuiles",
        "round": "Vent dominant",
        "discards": "défausses",
        "sets": "combinaisons",
        "bonus": "bonus",
        "last": "Dernière défausse",
        "by": "de",
        "none": "aucune",
        "you": "Vous",
        "score": "score",
        "claimed": "prise",
    },
}
_WIND_NAMES: dict[Lang, tuple[str, ...]] = {
    "en": ("East", "South", "West", "North"),
    "fr": ("Est", "Sud", "Ouest", "Nord"),
}


def render_table(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang = "en") -> Rendered:
    """The table seen by ``view.seat`` (a spectator sees it from seat 0). ``names`` and ``scores`` by seat."""
    return Rendered.of(
        draw_table(view, names, scores, lang), describe_table(view, names, scores, lang), palette=table_palette()
    )


def draw_table(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang = "en") -> Image.Image:
    """The table as an opaque RGB picture, before encoding.

    It is redrawn after every game event, so only what an event can change is drawn here: the felt,
    its frame and the centre's fixtures come from ``_background``, and each tile is pasted straight
    onto the picture, its sprite already turned to its seat (cached), rather than building a layer per
    seat, turning it and compositing it (three times the cost, for the same pixels)."""
    viewer = view.seat if view.seat is not None else 0
    image = _background(lang).copy()
    draw = ImageDraw.Draw(image)
    if view.wall is not None:
        _wall(draw, view.wall, view.dealer, viewer)
    _centre(draw, view, lang)
    for public in view.seats:
        _seat_tiles(image, draw, public, view, lang, _place(public.seat, viewer))
    for public in view.seats:
        _plate(draw, public, view, names, scores, viewer, lang)
    return image


@lru_cache(maxsize=len(LANGS))
def _background(lang: Lang) -> Image.Image:
    """What every table in ``lang`` shares, drawn once (callers copy it and never draw on it): the felt
    and its frame, the centre's square, the prevailing wind's disc and its caption. Nothing else
    overlaps them, so drawing them before the wall changes no pixel."""
    image = felt_canvas(SIZE, SIZE).convert("RGB")
    draw = ImageDraw.Draw(image)
    draw.rectangle(
        (CENTRE - INNER, CENTRE - INNER, CENTRE + INNER, CENTRE + INNER), fill=FELT_DARK, outline=FELT_LINE, width=2
    )
    cy = CENTRE - DISC_LIFT
    draw.ellipse((CENTRE - DISC, cy - DISC, CENTRE + DISC, cy + DISC), fill=IVORY, outline=RED, width=5)
    text(draw, (CENTRE, cy + DISC + 16), _WORDS[lang]["round"], 15, TEXT_DIM_ON_FELT, anchor="mm")
    return image


def _place(seat: int, viewer: int) -> int:
    """Where a seat sits from the viewer: 0 bottom, 1 right, 2 top, 3 left (turn order runs counter-clockwise)."""
    return (seat - viewer) % 4


def _strip_origin(place: int) -> tuple[int, int]:
    half = STRIP_WIDTH // 2
    return {
        0: (CENTRE - half, CENTRE + INNER),
        1: (CENTRE + INNER, CENTRE - half),
        2: (CENTRE - half, CENTRE - INNER - STRIP_DEPTH),
        3: (CENTRE - INNER - STRIP_DEPTH, CENTRE - half),
    }[place]


def _in_place(box: tuple[int, int, int, int], place: int) -> tuple[int, int, int, int]:
    """A box of pixels (both corners included) of the strip of the seat at the bottom, turned a quarter
    turn counter-clockwise ``place`` times with the strip (as ``Image.rotate(90 * place, expand=True)``
    would turn it) and moved to that seat's strip on the table."""
    x0, y0, x1, y1 = box
    right, bottom = STRIP_WIDTH - 1, STRIP_DEPTH - 1
    turned = {
        0: box,
        1: (y0, right - x1, y1, right - x0),
        2: (right - x1, bottom - y1, right - x0, bottom - y0),
        3: (bottom - y1, x0, bottom - y0, x1),
    }[place]
    ox, oy = _strip_origin(place)
    return (turned[0] + ox, turned[1] + oy, turned[2] + ox, turned[3] + oy)


def _put(image: Image.Image, sprite: Image.Image, x: int, y: int, place: int) -> None:
    """Paste a sprite already turned to ``place`` whose unturned top-left corner is (x, y) in the strip."""
    width, height = (sprite.width, sprite.height) if place % 2 == 0 else (sprite.height, sprite.width)
    left, top, _, _ = _in_place((x, y, x + width - 1, y + height - 1), place)
    put(image, sprite, (left, top))


def _seat_tiles(
    image: Image.Image, draw: ImageDraw.ImageDraw, public: SeatPublic, view: SeatView, lang: Lang, place: int
) -> None:
    """One seat's discards, sets and hidden tiles, laid out as if the seat sat at the bottom, in a strip
    ``STRIP_WIDTH`` × ``STRIP_DEPTH`` before the centre, and turned to the seat's ``place``."""
    discard = metrics(DISCARD_WIDTH)
    per_row = DISCARDS_PER_ROW
    rows = max(DISCARD_ROWS, math.ceil(len(public.discards) / per_row))
    row_pitch = min(discard.face_height + discard.offset_y + 1, (DISCARD_ROWS * ROW_PITCH) // rows)
    left = (STRIP_WIDTH - per_row * (discard.face_width + 1)) // 2
    last = view.last_discard
    for index, item in enumerate(public.discards):
        x = left + (index % per_row) * (discard.face_width + 1)
        y = 8 + (index // per_row) * row_pitch
        _put(image, _sprite(item.tile, DISCARD_WIDTH, lang, False, place), x, y, place)
        if item.claimed:
            # A discard someone took stays in its place, greyed.
            _put(image, _veil(discard.face_width, discard.face_height, place), x, y, place)
        is_last = last is not None and last[0] == public.seat and index == len(public.discards) - 1 and not item.claimed
        if is_last:
            face = _in_place((x, y, x + discard.face_width, y + discard.face_height), place)
            outline(draw, face, LAST_DISCARD, 4, 5)

    meld = metrics(MELD_WIDTH)
    sets_bottom = 8 + DISCARD_ROWS * ROW_PITCH + 6 + meld.face_height
    total = sum(meld_width(laid, public.seat, MELD_WIDTH) + 10 for laid in public.melds) - 10
    x = (STRIP_WIDTH - total) // 2
    for laid in public.melds:
        for placed in placed_tiles(laid, public.seat):
            geometry = metrics(MELD_WIDTH, rotated=placed.turned)
            sprite = _sprite(placed.tile, MELD_WIDTH, lang, placed.turned, place)
            _put(image, sprite, x, sets_bottom - geometry.face_height, place)
            x += geometry.face_width + 1
        x += 10

    hidden = metrics(HIDDEN_WIDTH)
    hidden_top = sets_bottom + meld.offset_y + 8
    shown: list[Tile | None] = (
        list(public.concealed) if public.concealed is not None else ([None] * public.concealed_count)
    )
    if public.seat == view.seat and view.concealed is not None:
        shown = [None] * public.concealed_count  # the viewer's own tiles are in the private hand image
    bonus_width = len(public.bonus) * (hidden.face_width + 1) + (12 if public.bonus else 0)
    x = (STRIP_WIDTH - len(shown) * (hidden.face_width + 1) - bonus_width) // 2
    for tile in shown:
        _put(image, _sprite(tile, HIDDEN_WIDTH, lang, False, place), x, hidden_top, place)
        x += hidden.face_width + 1
    x += 12
    for tile in public.bonus:
        _put(image, _sprite(tile, HIDDEN_WIDTH, lang, False, place), x, hidden_top, place)
        x += hidden.face_width + 1


# A quarter turn counter-clockwise per place, as the seat's strip turns.
_TURNS = {1: Image.Transpose.ROTATE_90, 2: Image.Transpose.ROTATE_180, 3: Image.Transpose.ROTATE_270}


# Bounded by what a table shows: 43 faces and the back, at three widths and turned sideways in a set,
# in two languages, for four places: about 1400 sprites of a few kilobytes each.
@lru_cache(maxsize=2048)
def _sprite(tile: Tile | None, width: int, lang: Lang, rotated: bool, place: int) -> Image.Image:
    """``tile_image`` turned to the seat at ``place`` (do not modify it)."""
    sprite = tile_image(tile, width, lang=lang, rotated=rotated)
    return sprite if place == 0 else sprite.transpose(_TURNS[place])


@lru_cache(maxsize=8)
def _veil(width: int, height: int, place: int) -> Image.Image:
    """The grey film over a discard that someone took, turned to the seat at ``place``."""
    veil = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(veil).rounded_rectangle((0, 0, width - 1, height - 1), radius=5, fill=(40, 50, 45, 120))
    return veil if place == 0 else veil.transpose(_TURNS[place])


def _wall(draw: ImageDraw.ImageDraw, wall: WallGeometry, dealer: int, viewer: int) -> None:
    """The four walls as a square of stacks; stacks are numbered clockwise from the right-hand end of
    the dealer's wall (``game.wall``), the live end runs clockwise from the break, the far end back."""
    per_side = wall.stacks_per_side
    stack = min(15, (2 * INNER - 40) // per_side)
    depth = 12
    half = per_side * stack / 2
    heights = _stack_heights(wall)
    for index, height in enumerate(heights):
        side, along = divmod(index, per_side)
        place = _place((dealer - side) % 4, viewer)
        # Along the bottom side, clockwise runs from right to left; turn it to the wall's side.
        x0, x1 = half - (along + 1) * stack, half - along * stack
        y0, y1 = half + 4, half + 4 + depth
        box = _turn_box((x0 + 1, y0, x1 - 1, y1), place)
        if height == 2:
            draw.rectangle(box, fill=JADE, outline=JADE_DARK)
        elif height == 1:
            draw.rectangle(box, fill=JADE_LIGHT, outline=JADE_DARK)
        else:
            draw.rectangle(box, outline=FELT_LINE)
        if index == wall.break_stack:
            bx = x1 - 1
            mark = _turn_box((bx - 2, y0 - 6, bx + 2, y1 + 6), place)
            draw.rectangle(mark, fill=RED)


def _stack_heights(wall: WallGeometry) -> list[int]:
    """How many tiles each stack still holds (the live end takes the top tile first, as does the far end)."""
    heights = [2] * wall.stacks
    for taken, step in ((wall.live_taken, 1), (wall.far_taken, -1)):
        start = wall.break_stack if step == 1 else wall.break_stack - 1
        for tile in range(taken):
            heights[(start + step * (tile // 2)) % wall.stacks] -= 1
    return [max(0, height) for height in heights]


def _turn_box(box: tuple[float, float, float, float], place: int) -> tuple[float, float, float, float]:
    """A box given for the bottom side, relative to the centre, turned to ``place`` and made absolute."""
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y1)]
    for _ in range(place):
        corners = [(y, -x) for x, y in corners]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return (CENTRE + min(xs), CENTRE + min(ys), CENTRE + max(xs), CENTRE + max(ys))


def _centre(draw: ImageDraw.ImageDraw, view: SeatView, lang: Lang) -> None:
    """The prevailing wind's letter on its disc, the tiles left in the wall and the dice."""
    words = _WORDS[lang]
    wind_index = WINDS.index(view.round_wind) if view.round_wind in WINDS else 0
    cy = CENTRE - DISC_LIFT
    text(
        draw, (CENTRE, cy), "ESWN"[wind_index] if lang == "en" else "ESON"[wind_index], 44, RED, bold=True, anchor="mm"
    )
    text(draw, (CENTRE, cy + DISC + 36), f"{words['wall']} {view.wall_left}", 22, TEXT_ON_FELT, bold=True, anchor="mm")
    if view.wall is not None:
        for offset, value in zip((-20, 20), view.wall.dice, strict=True):
            _die(draw, CENTRE + offset, cy + DISC + 70, value)


def _die(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int) -> None:
    size = 14
    draw.rounded_rectangle((cx - size, cy - size, cx + size, cy + size), radius=5, fill=IVORY, outline=INK)
    pips = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    for px, py in pips:
        x, y = cx + px * 7, cy + py * 7
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=RED if value in (1, 4) else INK)


def _plate(
    draw: ImageDraw.ImageDraw,
    public: SeatPublic,
    view: SeatView,
    names: Sequence[str],
    scores: Sequence[int],
    viewer: int,
    lang: Lang,
) -> None:
    words = _WORDS[lang]
    place = _place(public.seat, viewer)
    margin = 12
    x = margin if place in (0, 3) else SIZE - margin - PLATE
    y = margin if place in (2, 3) else SIZE - margin - PLATE
    on_turn = view.turn == public.seat and view.result is None
    draw.rounded_rectangle(
        (x, y, x + PLATE, y + PLATE),
        radius=14,
        fill=PAPER,
        outline=HIGHLIGHT if on_turn else FELT_DARK,
        width=6 if on_turn else 2,
    )
    wind = WINDS.index(public.wind) if public.wind in WINDS else 0
    name = names[public.seat] if public.seat < len(names) else f"#{public.seat + 1}"
    text(draw, (x + 14, y + 12), _WIND_NAMES[lang][wind], 17, RED, bold=True)
    text(draw, (x + 14, y + 36), fit_text(name, 22, PLATE - 28, bold=True), 22, INK, bold=True)
    score = scores[public.seat] if public.seat < len(scores) else 0
    text(draw, (x + 14, y + 66), f"{words['score']} {score}", 19, INK)
    text(draw, (x + 14, y + 92), _count(public.concealed_count, lang), 17, INK)
    badges_y = y + PLATE - 26
    bx = x + 14
    marks: list[tuple[str, tuple[int, int, int], tuple[int, int, int]]] = []
    if public.seat == view.seat:
        marks.append((words["you"], INK, IVORY))
    if public.seat == view.dealer:
        marks.append((words["dealer"], RED, IVORY))
    if public.calling:
        marks.append((words["calling"], HIGHLIGHT, INK))
    if on_turn:
        marks.append((words["turn"], HIGHLIGHT, INK))
    for label, fill, ink in marks:
        width = text_width(label, 13, bold=True) + 13
        badge(draw, (bx + width / 2, badges_y), label, 13, fill, ink)
        bx += width + 6


def describe_table(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang = "en") -> str:
    words = _WORDS[lang]
    c = colon(lang)
    wind_index = WINDS.index(view.round_wind) if view.round_wind in WINDS else 0
    parts = [
        f"{words['round']}{c} {_WIND_NAMES[lang][wind_index]}. {words['wall']}{c} {view.wall_left} {words['tiles']}."
    ]
    if view.last_discard is not None:
        seat, tile = view.last_discard
        parts.append(f"{words['last']}{c} {tile.code} ({tile_name(tile, lang)}) {words['by']} {_name(names, seat)}.")
    for public in view.seats:
        wind = WINDS.index(public.wind) if public.wind in WINDS else 0
        flags = [words["dealer"]] if public.seat == view.dealer else []
        if public.calling:
            flags.append(words["calling"])
        if view.turn == public.seat and view.result is None:
            flags.append(words["turn"])
        score = scores[public.seat] if public.seat < len(scores) else 0
        head = f"{_name(names, public.seat)} ({_WIND_NAMES[lang][wind]}{', ' + ', '.join(flags) if flags else ''}"
        head += f", {words['score']} {score}, {_count(public.concealed_count, lang)})"
        discards = format_tiles(item.tile for item in public.discards) or words["none"]
        sets = "; ".join(meld_words(meld, lang) for meld in public.melds) or words["none"]
        line = f"{head}{c} {words['discards']} {discards}; {words['sets']} {sets}"
        if public.bonus:
            line += f"; {words['bonus']} {tiles_in_words(public.bonus, lang)}"
        parts.append(line + ".")
    return " ".join(parts)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"#{seat + 1}"


def _count(tiles: int, lang: Lang) -> str:
    word = _WORDS[lang]["tiles"]
    return f"{tiles} {word[:-1] if tiles == 1 else word}"


# The table's PNG carries this many colours: enough for the anti-aliased edges of the tiles and the
# text, few enough for a 1080 × 1080 table to encode in a few milliseconds and some 50 KB.
PALETTE_COLOURS = 64


@cache
def table_palette() -> Image.Image:
    """The colours of every table picture, as a "P" image for ``Rendered.of(palette=...)``: every colour
    of ``render.theme`` exactly (the flat felt, paper and ink stay as drawn), the rest found once by
    Pillow's fast octree from a swatch of what a table shows. A fixed palette makes encoding a table a
    nearest-colour lookup instead of a search for colours, and depends on the code only, so the same
    table always gives the same bytes."""
    exact = list(dict.fromkeys(_theme_colours()))
    found = _swatch().quantize(PALETTE_COLOURS - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    found_colours = found.getpalette() or []
    palette = Image.new("P", (1, 1))
    palette.putpalette(
        [channel for colour in exact for channel in colour] + found_colours[: 3 * (PALETTE_COLOURS - len(exact))]
    )
    return palette


def _theme_colours() -> list[RGB]:
    # Read from the module so that a colour added to the theme joins the palette by itself.
    return [
        value for name, value in vars(theme).items() if name.isupper() and isinstance(value, tuple) and len(value) == 3
    ]


def _swatch() -> Image.Image:
    """Samples of what a table shows on its felt: every face and the back (at the discards' width,
    whose sprites every table draws anyway; the other widths bring no other colours), veiled and framed
    discards, words in every ink on felt, paper and badges."""
    tiles: list[Tile | None] = [*Tile, None]
    pitch = 64
    rows = math.ceil(len(tiles) / 12)
    swatch = Image.new("RGB", (pitch * 12, pitch * (rows + 2)), FELT)
    draw = ImageDraw.Draw(swatch)
    discard = metrics(DISCARD_WIDTH)
    for index, tile in enumerate(tiles):
        x, y = (index % 12) * pitch, (index // 12) * pitch
        sprite = tile_image(tile, DISCARD_WIDTH)
        swatch.paste(sprite, (x, y), sprite)
        if tile is not None and index % 3 == 0:
            veil = _veil(discard.face_width, discard.face_height, 0)
            swatch.paste(veil, (x, y), veil)
        elif index % 3 == 1:
            outline(draw, (x, y, x + discard.face_width, y + discard.face_height), LAST_DISCARD, 4, 5)
    y = pitch * rows + 8
    draw.rounded_rectangle((0, y, PLATE, y + PLATE // 2), radius=14, fill=PAPER, outline=HIGHLIGHT, width=6)
    text(draw, (14, y + 10), "East Wind", 17, RED, bold=True)
    text(draw, (14, y + 34), "Bérénice 120", 22, INK, bold=True)
    text(draw, (14, y + 60), "score 14", 19, INK)
    bx = PLATE + 40
    for label, fill, ink in (("You", INK, IVORY), ("Dealer", RED, IVORY), ("to play", HIGHLIGHT, INK)):
        badge(draw, (bx, y + 20), label, 13, fill, ink)
        bx += 80
    text(draw, (PLATE + 20, y + 50), "Wall 83", 22, TEXT_ON_FELT, bold=True)
    text(draw, (PLATE + 140, y + 50), "Prevailing wind", 15, TEXT_DIM_ON_FELT)
    return swatch

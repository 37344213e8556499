"""The table from above, as one seat sees it: built from a ``SeatView`` only, so the concealed tiles of
the other seats cannot reach the picture (their hands are a count on their name card, unless the
table plays open).

Drawn for a phone, where the picture shows about 390 pixels wide: a 720-pixel table whose discards
and sets are as large in pixels as on the 1080-pixel table it replaced, so half as large again on the
screen. The viewer sits at the bottom; the next seat in turn order (counter-clockwise) on the right.
The seats' areas turn around the centre like a pinwheel, each starting at a corner of the centre
square, which leaves each seat one corner of the table for its name card, in line with its own row of
sets: discards nearest the centre, six to a row (the last discard framed), then the name card and,
beside it, the seat's sets (a claimed tile turned), bonus tiles and, at open tables, its hidden tiles.
The centre square holds the prevailing wind, the tiles left in the wall and the dice; its side towards
the seat on turn is lit, as is that seat's card. A line below the table says what the marks mean.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from game.tiles import WINDS, Tile, format_tiles
from game.view import SeatPublic, SeatView
from render import theme
from render.describe import listed, meld_words, phrase, tiles_in_words
from render.draw import badge, even_shift, felt_canvas, fit_text, outline, paste_sprite, text, text_width
from render.faces import art_lang
from render.melds import meld_width, placed_tiles, put
from render.rendered import Rendered
from render.theme import (
    FELT,
    FELT_DARK,
    FELT_LINE,
    HIGHLIGHT,
    INK,
    IVORY,
    LAST_DISCARD,
    PAPER,
    RED,
    RGB,
    TEXT_DIM_ON_FELT,
    TEXT_ON_FELT,
)
from render.tiles import metrics, tile_image
from words import LANGS, Lang
from words.catalog import text as text_of
from words.tiles import tile_label, tile_name

SIZE = 720  # the table is a square; the line of marks goes below it
LEGEND_HEIGHT = 34
HEIGHT = SIZE + LEGEND_HEIGHT
CENTRE = SIZE // 2
# Every seat's area is laid out as the bottom seat's, in pixels from the centre (x to the right, y
# down), then turned a quarter turn per place. The centre square reaches INNER each way.
INNER = 64
DISCARD_WIDTH = 40
DISCARDS_PER_ROW = 6
DISCARD_TOP = INNER + 8
DISCARD_ROWS = 3  # rows at full pitch; more rows close up over the same depth
ROW_PITCH = 58
# The row of sets, bonus tiles (and hidden tiles at open tables), bottom-aligned, and the name card
# in the corner beside it.
ROW_LEFT = -182
ROW_RIGHT = 200
ROW_BOTTOM = 315
MELD_WIDTH = 38
MELD_WIDTHS = (38, 34, 30, 26, 22, 18)  # narrower until the row fits
SMALL_RATIO = 28 / 38  # bonus and hidden tiles beside the sets
SET_GAP = 8
PLATE = 120
PLATE_BOX = (-352, 228, -352 + PLATE, 228 + PLATE)
CARD_OVERHANG = 48
# The prevailing wind's disc: its radius, and how far above the centre it sits.
DISC = 21
DISC_LIFT = 24


def _wind_name(wind: Tile, lang: Lang) -> str:
    return text_of("names", f"wind.{wind.code}", lang)


def render_table(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang = "en") -> Rendered:
    """The table seen by ``view.seat`` (a spectator sees it from seat 0). ``names`` and ``scores`` by seat.

    The picture shows only what changes when a tile is discarded or claimed, so consecutive changes
    often give the same one: it is drawn once and kept (``DRAWN_KEPT`` tables, per process)."""
    key = _shown(view, names, scores, lang)
    with _DRAWN_LOCK:
        kept = _DRAWN.get(key)
        if kept is not None:
            _DRAWN.move_to_end(key)
            return kept
    rendered = Rendered.of(
        draw_table(view, names, scores, lang), describe_table(view, names, scores, lang), palette=table_palette()
    )
    with _DRAWN_LOCK:
        _DRAWN[key] = rendered
        while len(_DRAWN) > DRAWN_KEPT:
            _DRAWN.popitem(last=False)
    return rendered


DRAWN_KEPT = 256
_DRAWN: OrderedDict[Hashable, Rendered] = OrderedDict()
_DRAWN_LOCK = threading.Lock()


def _shown(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang) -> Hashable:
    """Everything ``draw_table`` and ``describe_table`` read: equal keys, equal pictures."""
    seats = tuple(
        (
            public.seat,
            public.wind,
            public.discards,
            public.melds,
            public.bonus,
            public.concealed if public.seat != view.seat else None,
            public.calling,
        )
        for public in view.seats
    )
    dice = view.wall.dice if view.wall is not None else None
    return (view.seat, view.dealer, view.round_wind, dice, view.last_discard, seats, tuple(names), tuple(scores), lang)


def draw_table(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang = "en") -> Image.Image:
    """The table as an opaque RGB picture, before encoding.

    It is redrawn after every game event, so only what an event can change is drawn here: the felt,
    its frame, the centre square and the line of marks come from ``_background``, and each tile is
    pasted straight onto the picture, its sprite already turned to its seat (cached)."""
    viewer = view.seat if view.seat is not None else 0
    image = _background(lang).copy()
    draw = ImageDraw.Draw(image)
    _centre(draw, view, lang)
    for public in view.seats:
        place = _place(public.seat, viewer)
        _discards(image, draw, public, view, lang, place)
        _row(image, public, view, lang, place)
        _plate(draw, public, view, names, scores, place, lang)
    return image


@lru_cache(maxsize=len(LANGS))
def _background(lang: Lang) -> Image.Image:
    """What every table in ``lang`` shares, drawn once (callers copy it and never draw on it): the felt
    and its frame, the centre square, the prevailing wind's disc and the line of marks below."""
    image = felt_canvas(SIZE, HEIGHT).convert("RGB")
    draw = ImageDraw.Draw(image)
    draw.line((6, SIZE, SIZE - 7, SIZE), fill=FELT_DARK, width=2)
    draw.rectangle(_turn_box((-INNER, -INNER, INNER, INNER), 0), fill=FELT_DARK, outline=FELT_LINE, width=2)
    cy = CENTRE - DISC_LIFT
    draw.ellipse((CENTRE - DISC, cy - DISC, CENTRE + DISC, cy + DISC), fill=IVORY, outline=RED, width=3)
    _legend(draw, lang)
    return image


def _legend(draw: ImageDraw.ImageDraw, lang: Lang) -> None:
    """What the marks mean, each beside a sample: a greyed tile, a framed one, a lit edge."""
    discard = metrics(DISCARD_WIDTH)
    scale = 0.42
    width, height = round(discard.face_width * scale), round(discard.face_height * scale)
    x, middle = 18, SIZE + LEGEND_HEIGHT // 2
    for key in ("greyed", "framed"):
        box = (x, middle - height // 2, x + width, middle - height // 2 + height)
        draw.rounded_rectangle(box, radius=3, fill=IVORY)
        if key == "greyed":
            draw.rounded_rectangle(box, radius=3, fill=_blend(IVORY, (40, 50, 45), 120 / 255))
        else:
            outline(draw, box, LAST_DISCARD, 2, 3)
        x += width + 6
        meaning = phrase(f"table.{key}", lang)
        text(draw, (x, middle), meaning, 13, TEXT_DIM_ON_FELT, anchor="lm")
        x += text_width(meaning, 13) + 22


def _blend(under: RGB, over: RGB, alpha: float) -> RGB:
    r, g, b = (round(u + (o - u) * alpha) for u, o in zip(under, over, strict=True))
    return (r, g, b)


def _place(seat: int, viewer: int) -> int:
    """Where a seat sits from the viewer: 0 bottom, 1 right, 2 top, 3 left (turn order runs counter-clockwise)."""
    return (seat - viewer) % 4


def _turn_box(box: tuple[float, float, float, float], place: int) -> tuple[int, int, int, int]:
    """A box given for the bottom seat, in pixels from the centre (corners included), turned a quarter
    turn counter-clockwise ``place`` times about the centre and made absolute. Pixel (x, y) spans
    [x, x + 1) × [y, y + 1), so a quarter turn sends it to pixel (y, -x - 1), as ``Image.rotate`` does."""
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y1)]
    for _ in range(place):
        corners = [(y, -x - 1) for x, y in corners]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return (round(CENTRE + min(xs)), round(CENTRE + min(ys)), round(CENTRE + max(xs)), round(CENTRE + max(ys)))


def _put(image: Image.Image, sprite: Image.Image, x: int, y: int, place: int) -> None:
    """Paste a sprite already turned to ``place`` whose unturned top-left corner is (x, y) from the
    centre, in the bottom seat's layout."""
    width, height = (sprite.width, sprite.height) if place % 2 == 0 else (sprite.height, sprite.width)
    left, top, _, _ = _turn_box((x, y, x + width - 1, y + height - 1), place)
    put(image, sprite, (left, top))


def _discards(
    image: Image.Image, draw: ImageDraw.ImageDraw, public: SeatPublic, view: SeatView, lang: Lang, place: int
) -> None:
    """A seat's discards in rows of six from the corner of the centre square, in order."""
    discard = metrics(DISCARD_WIDTH)
    rows = max(DISCARD_ROWS, math.ceil(len(public.discards) / DISCARDS_PER_ROW))
    row_pitch = min(ROW_PITCH, ((DISCARD_ROWS - 1) * ROW_PITCH) // (rows - 1))
    last = view.last_discard
    for index, item in enumerate(public.discards):
        x = -INNER + (index % DISCARDS_PER_ROW) * (discard.face_width + 1)
        y = DISCARD_TOP + (index // DISCARDS_PER_ROW) * row_pitch
        _put(image, _sprite(item.tile, DISCARD_WIDTH, lang, False, place), x, y, place)
        if item.claimed:
            # A discard someone took stays in its place, greyed.
            _put(image, _veil(discard.face_width, discard.face_height, place), x, y, place)
        is_last = last is not None and last[0] == public.seat and index == len(public.discards) - 1 and not item.claimed
        if is_last:
            outline(draw, _turn_box((x, y, x + discard.face_width, y + discard.face_height), place), LAST_DISCARD, 4, 5)


def _row(image: Image.Image, public: SeatPublic, view: SeatView, lang: Lang, place: int) -> None:
    """The seat's sets, then its bonus tiles, then (open tables only) its hidden tiles, in one row beside
    its name card: at the sets' full size when they fit, narrower when they do not."""
    hidden: list[Tile] = list(public.concealed) if public.concealed is not None else []
    if public.seat == view.seat:
        hidden = []  # the viewer's own tiles are in the private hand image, never on the public table
    for width in MELD_WIDTHS:
        small = round(width * SMALL_RATIO)
        pitch = metrics(small).face_width + 1
        sets = sum(meld_width(laid, public.seat, width) + SET_GAP for laid in public.melds)
        extras = (len(public.bonus) * pitch + SET_GAP if public.bonus else 0) + len(hidden) * pitch
        if sets + extras <= ROW_RIGHT - ROW_LEFT or width == MELD_WIDTHS[-1]:
            break
    x = ROW_LEFT
    for laid in public.melds:
        for placed in placed_tiles(laid, public.seat):
            geometry = metrics(width, rotated=placed.turned)
            sprite = _sprite(placed.tile, width, lang, placed.turned, place)
            _put(image, sprite, x, ROW_BOTTOM - geometry.face_height, place)
            x += geometry.face_width + 1
        x += SET_GAP
    top = ROW_BOTTOM - metrics(small).face_height
    for group in (public.bonus, hidden):
        for tile in group:
            _put(image, _sprite(tile, small, lang, False, place), x, top, place)
            x += pitch
        x += SET_GAP if group else 0


# A quarter turn counter-clockwise per place, as the seat's area turns.
_TURNS = {1: Image.Transpose.ROTATE_90, 2: Image.Transpose.ROTATE_180, 3: Image.Transpose.ROTATE_270}


def _sprite(tile: Tile | None, width: int, lang: Lang, rotated: bool, place: int) -> Image.Image:
    """``tile_image`` turned to the seat at ``place`` (do not modify it)."""
    return _turned(tile, width, art_lang(tile, lang), rotated, place)


# Bounded by what a table shows: 43 faces and the back, at a few widths and turned sideways in a set,
# for four places, and the winds once more for each letter another language gives them (``art_lang``):
# about 1400 sprites of a few kilobytes each.
@lru_cache(maxsize=2048)
def _turned(tile: Tile | None, width: int, lang: Lang, rotated: bool, place: int) -> Image.Image:
    sprite = tile_image(tile, width, lang=lang, rotated=rotated)
    return sprite if place == 0 else sprite.transpose(_TURNS[place])


@lru_cache(maxsize=8)
def _veil(width: int, height: int, place: int) -> Image.Image:
    """The grey film over a discard that someone took, turned to the seat at ``place``."""
    veil = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(veil).rounded_rectangle((0, 0, width - 1, height - 1), radius=5, fill=(40, 50, 45, 120))
    return veil if place == 0 else veil.transpose(_TURNS[place])


def _centre(draw: ImageDraw.ImageDraw, view: SeatView, lang: Lang) -> None:
    """The prevailing wind's letter on its disc and the dice."""
    wind = view.round_wind if view.round_wind in WINDS else WINDS[0]
    cy = CENTRE - DISC_LIFT
    # The wind's short sign: its letter (E, S, W or O, N), or 東 南 西 北.
    text(draw, (CENTRE, cy), tile_label(wind, lang), 26, RED, bold=True, anchor="mm")
    if view.wall is not None:
        for offset, value in zip((-13, 13), view.wall.dice, strict=True):
            _die(draw, CENTRE + offset, cy + DISC + 26, value)


def _die(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int) -> None:
    size = 9
    draw.rounded_rectangle((cx - size, cy - size, cx + size, cy + size), radius=3, fill=IVORY, outline=INK)
    pips = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    for px, py in pips:
        x, y = cx + px * 4.5, cy + py * 4.5
        draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=RED if value in (1, 4) else INK)


def _plate(
    draw: ImageDraw.ImageDraw,
    public: SeatPublic,
    view: SeatView,
    names: Sequence[str],
    scores: Sequence[int],
    place: int,
    lang: Lang,
) -> None:
    """The seat's name card, upright, in the corner beside its row of sets: wind, name, score and
    badges (you, dealer, calling). Whose turn it is and the tiles in the wall and in each hand change
    with every tile drawn: the table message says them beside the picture, which then changes only
    when a tile is discarded or claimed, and is kept as it was, not sent again, in between.

    A card changes far less often than the table is drawn: it is drawn once on a see-through sprite
    (``_plate_card``) and pasted, its opaque card with hard edges giving the pixels drawing it would."""
    x, y, _, _ = _turn_box(PLATE_BOX, place)
    wind = public.wind if public.wind in WINDS else WINDS[0]
    name = names[public.seat] if public.seat < len(names) else f"#{public.seat + 1}"
    score = scores[public.seat] if public.seat < len(scores) else 0
    marks = (public.seat == view.seat, public.seat == view.dealer, public.calling)
    shift_x, shift_y = even_shift(x, y)
    paste_sprite(draw, _plate_card(wind, name, score, marks, lang, x - shift_x, y - shift_y), (shift_x, shift_y))


@lru_cache(maxsize=512)
def _plate_card(
    wind: Tile, name: str, score: int, marks: tuple[bool, bool, bool], lang: Lang, x: int, y: int
) -> Image.Image:
    """A name card at (``x``, ``y``) on a see-through sprite: ``marks`` says which of you, dealer and
    calling it shows."""
    # Room below and beside the card: a long word's badges wrap and may hang past its edge.
    card = Image.new("RGBA", (x + PLATE + CARD_OVERHANG, y + PLATE + CARD_OVERHANG), (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((x, y, x + PLATE, y + PLATE), radius=12, fill=PAPER, outline=FELT_DARK, width=2)
    text(draw, (x + 10, y + 8), _wind_name(wind, lang), 14, RED, bold=True)
    text(draw, (x + 10, y + 25), fit_text(name, 18, PLATE - 20, bold=True), 18, INK, bold=True)
    text(draw, (x + 10, y + 48), phrase("table.score", lang, score=score), 14, INK)
    shown: list[tuple[str, RGB, RGB]] = []
    you, dealer, calling = marks
    if you:
        shown.append((phrase("table.you", lang), INK, IVORY))
    if dealer:
        shown.append((phrase("table.dealer", lang), RED, IVORY))
    if calling:
        shown.append((phrase("table.calling", lang), HIGHLIGHT, INK))
    bx, by = x + 10, y + PLATE - 40
    for label, fill, ink in shown:
        width = text_width(label, 11, bold=True) + 11
        if bx + width > x + PLATE - 6:
            bx, by = x + 10, by + 18
        badge(draw, (bx + width / 2, by), label, 11, fill, ink)
        bx += width + 4
    return card


def describe_table(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang = "en") -> str:
    """The picture's alt text: what it shows and no more (whose turn it is and the tiles left are in the
    message, which a kept picture's alt text would otherwise tell out of date)."""
    round_wind = view.round_wind if view.round_wind in WINDS else WINDS[0]
    parts = [phrase("table.alt.round", lang, wind=_wind_name(round_wind, lang))]
    if view.last_discard is not None:
        seat, tile = view.last_discard
        player = _name(names, seat)
        parts.append(phrase("table.alt.last", lang, code=tile.code, name=tile_name(tile, lang), player=player))
    none = phrase("list.empty", lang)
    for public in view.seats:
        details = [_wind_name(public.wind if public.wind in WINDS else WINDS[0], lang)]
        if public.seat == view.dealer:
            details.append(phrase("table.dealer", lang))
        if public.calling:
            details.append(phrase("table.calling", lang))
        details.append(phrase("table.score", lang, score=scores[public.seat] if public.seat < len(scores) else 0))
        seat_words = {
            "player": _name(names, public.seat),
            "details": listed(details, lang),
            "discards": format_tiles(item.tile for item in public.discards) or none,
            "sets": listed((meld_words(meld, lang) for meld in public.melds), lang, long=True) or none,
        }
        if public.bonus:
            parts.append(phrase("table.alt.seat_bonus", lang, bonus=tiles_in_words(public.bonus, lang), **seat_words))
        else:
            parts.append(phrase("table.alt.seat", lang, **seat_words))
    return " ".join(parts)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"#{seat + 1}"


# The table's PNG carries this many colours: enough for the anti-aliased edges of the tiles and the
# text (a picture within a level and a half of the one drawn, on average; 64 colours came to 1.8 on
# this table, whose tiles cover more of it than on the 1080-pixel one), few enough to encode a table in
# a few milliseconds and some 40 KB.
PALETTE_COLOURS = 96
NEAR = 3  # levels per channel within which a found colour counts as a theme colour


@cache
def table_palette(colours: int = PALETTE_COLOURS) -> Image.Image:
    """The colours of every table picture, as a "P" image for ``Rendered.of(palette=...)``: every colour
    of ``render.theme`` exactly (the flat felt, paper and ink stay as drawn), the rest found once by
    Pillow's fast octree from a swatch of what a table shows. A fixed palette makes encoding a table a
    nearest-colour lookup instead of a search for colours, and depends on the code only, so the same
    table always gives the same bytes. A found colour within a few levels of a theme's colour is left
    out: Pillow's nearest-colour lookup is approximate and could map the flat felt onto it. The hand
    takes fewer ``colours`` (``render.hand.HAND_COLOURS``): its tiles cover less of the picture."""
    exact = list(dict.fromkeys(_theme_colours()))
    found = _swatch().quantize(colours - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    channels = (found.getpalette() or [])[: 3 * (colours - len(exact))]
    found_colours = [tuple(channels[i : i + 3]) for i in range(0, len(channels), 3)]
    apart = [
        colour
        for colour in found_colours
        if all(max(abs(a - b) for a, b in zip(colour, kept, strict=True)) > NEAR for kept in exact)
    ]
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in [*exact, *apart] for channel in colour])
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

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
from functools import lru_cache

from PIL import Image, ImageDraw

from game.tiles import WINDS, Lang, Tile, format_tiles, tile_name
from game.view import SeatPublic, SeatView
from game.wall import WallGeometry
from render.describe import colon, meld_words, tiles_in_words
from render.draw import badge, felt_canvas, fit_text, outline, text, text_width
from render.melds import meld_width, paste_meld
from render.rendered import Rendered
from render.theme import (
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

_WORDS: dict[Lang, dict[str, str]] = {
    "en": {"wall": "Wall", "dealer": "Dealer", "calling": "Calling", "turn": "to play", "tiles": "tiles",
           "round": "Prevailing wind", "discards": "discards", "sets": "sets", "bonus": "bonus",
           "last": "Last discard", "by": "by", "none": "none", "you": "You", "score": "score",
           "claimed": "taken"},
    "fr": {"wall": "Mur", "dealer": "Donneur", "calling": "Annonce", "turn": "à jouer", "tiles": "tuiles",
           "round": "Vent dominant", "discards": "défausses", "sets": "combinaisons", "bonus": "bonus",
           "last": "Dernière défausse", "by": "de", "none": "aucune", "you": "Vous", "score": "score",
           "claimed": "prise"},
}
_WIND_NAMES: dict[Lang, tuple[str, ...]] = {"en": ("East", "South", "West", "North"),
                                            "fr": ("Est", "Sud", "Ouest", "Nord")}


def render_table(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: Lang = "en") -> Rendered:
    """The table seen by ``view.seat`` (a spectator sees it from seat 0). ``names`` and ``scores`` by seat."""
    viewer = view.seat if view.seat is not None else 0
    image = felt_canvas(SIZE, SIZE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((CENTRE - INNER, CENTRE - INNER, CENTRE + INNER, CENTRE + INNER), fill=FELT_DARK,
                   outline=FELT_LINE, width=2)
    if view.wall is not None:
        _wall(draw, view.wall, view.dealer, viewer)
    _centre(draw, view, lang)
    for public in view.seats:
        place = _place(public.seat, viewer)
        strip = _strip(public, view, lang)
        turned = strip.rotate(90 * place, expand=True)
        image.alpha_composite(turned, _strip_origin(place))
    for public in view.seats:
        _plate(draw, public, view, names, scores, viewer, lang)
    return Rendered.of(image, describe_table(view, names, scores, lang))


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


def _strip(public: SeatPublic, view: SeatView, lang: Lang) -> Image.Image:
    """One seat's discards, sets and hidden tiles, drawn as if the seat sat at the bottom."""
    strip = Image.new("RGBA", (STRIP_WIDTH, STRIP_DEPTH), (0, 0, 0, 0))
    draw = ImageDraw.Draw(strip)
    discard = metrics(DISCARD_WIDTH)
    per_row = DISCARDS_PER_ROW
    rows = max(DISCARD_ROWS, math.ceil(len(public.discards) / per_row))
    row_pitch = min(discard.face_height + discard.offset_y + 1, (DISCARD_ROWS * ROW_PITCH) // rows)
    left = (STRIP_WIDTH - per_row * (discard.face_width + 1)) // 2
    last = view.last_discard
    for index, item in enumerate(public.discards):
        x = left + (index % per_row) * (discard.face_width + 1)
        y = 8 + (index // per_row) * row_pitch
        strip.alpha_composite(tile_image(item.tile, DISCARD_WIDTH, lang=lang), (x, y))
        if item.claimed:
            # A discard someone took stays in its place, greyed.
            strip.alpha_composite(_veil(discard.face_width, discard.face_height), (x, y))
        is_last = (last is not None and last[0] == public.seat and index == len(public.discards) - 1
                   and not item.claimed)
        if is_last:
            outline(draw, (x, y, x + discard.face_width, y + discard.face_height), LAST_DISCARD, 4, 5)

    meld = metrics(MELD_WIDTH)
    sets_bottom = 8 + DISCARD_ROWS * ROW_PITCH + 6 + meld.face_height
    total = sum(meld_width(laid, public.seat, MELD_WIDTH) + 10 for laid in public.melds) - 10
    x = (STRIP_WIDTH - total) // 2
    for laid in public.melds:
        x = paste_meld(strip, laid, public.seat, x, sets_bottom, MELD_WIDTH, lang) + 10

    hidden = metrics(HIDDEN_WIDTH)
    hidden_top = sets_bottom + meld.offset_y + 8
    shown: list[Tile | None] = list(public.concealed) if public.concealed is not None else (
        [None] * public.concealed_count)
    if public.seat == view.seat and view.concealed is not None:
        shown = [None] * public.concealed_count  # the viewer's own tiles are in the private hand image
    bonus_width = len(public.bonus) * (hidden.face_width + 1) + (12 if public.bonus else 0)
    x = (STRIP_WIDTH - len(shown) * (hidden.face_width + 1) - bonus_width) // 2
    for tile in shown:
        strip.alpha_composite(tile_image(tile, HIDDEN_WIDTH, lang=lang), (x, hidden_top))
        x += hidden.face_width + 1
    x += 12
    for tile in public.bonus:
        strip.alpha_composite(tile_image(tile, HIDDEN_WIDTH, lang=lang), (x, hidden_top))
        x += hidden.face_width + 1
    return strip


@lru_cache(maxsize=8)
def _veil(width: int, height: int) -> Image.Image:
    """The grey film over a discard that someone took."""
    veil = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(veil).rounded_rectangle((0, 0, width - 1, height - 1), radius=5, fill=(40, 50, 45, 120))
    return veil


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
    words = _WORDS[lang]
    wind_index = WINDS.index(view.round_wind) if view.round_wind in WINDS else 0
    radius = 44
    cy = CENTRE - 30
    draw.ellipse((CENTRE - radius, cy - radius, CENTRE + radius, cy + radius), fill=IVORY, outline=RED, width=5)
    text(draw, (CENTRE, cy), "ESWN"[wind_index] if lang == "en" else "ESON"[wind_index], 44, RED, bold=True,
         anchor="mm")
    text(draw, (CENTRE, cy + radius + 16), f"{words['round']}", 15, TEXT_DIM_ON_FELT, anchor="mm")
    text(draw, (CENTRE, cy + radius + 36), f"{words['wall']} {view.wall_left}", 22, TEXT_ON_FELT, bold=True,
         anchor="mm")
    if view.wall is not None:
        for offset, value in zip((-20, 20), view.wall.dice, strict=True):
            _die(draw, CENTRE + offset, cy + radius + 70, value)


def _die(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int) -> None:
    size = 14
    draw.rounded_rectangle((cx - size, cy - size, cx + size, cy + size), radius=5, fill=IVORY, outline=INK)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    for px, py in pips:
        x, y = cx + px * 7, cy + py * 7
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=RED if value in (1, 4) else INK)


def _plate(draw: ImageDraw.ImageDraw, public: SeatPublic, view: SeatView, names: Sequence[str],
           scores: Sequence[int], viewer: int, lang: Lang) -> None:
    words = _WORDS[lang]
    place = _place(public.seat, viewer)
    margin = 12
    x = margin if place in (0, 3) else SIZE - margin - PLATE
    y = margin if place in (2, 3) else SIZE - margin - PLATE
    on_turn = view.turn == public.seat and view.result is None
    draw.rounded_rectangle((x, y, x + PLATE, y + PLATE), radius=14, fill=PAPER,
                           outline=HIGHLIGHT if on_turn else FELT_DARK, width=6 if on_turn else 2)
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
    parts = [f"{words['round']}{c} {_WIND_NAMES[lang][wind_index]}. {words['wall']}{c} {view.wall_left} "
             f"{words['tiles']}."]
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

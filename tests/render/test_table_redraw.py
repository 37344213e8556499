"""The table's fast redraw: the same picture as the layered drawing it replaced, a palette that keeps
it, and caches that neither leak one table into the next nor mind threads."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops

from game.tiles import Tile
from render.positions import played_round
from render.table import (
    CENTRE,
    PALETTE_COLOURS,
    SIZE,
    _put,
    _sprite,
    draw_table,
    render_table,
)
from render.theme import FELT, PAPER

NAMES = ["Alice", "Bob", "Chen", "Dmitri"]
SCORES = [10, 20, 30, 40]


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    histogram = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).histogram()
    total = sum(
        value * count
        for channel in range(3)
        for value, count in enumerate(histogram[256 * channel : 256 * channel + 256])
    )
    return total / (3 * a.width * a.height)


@pytest.mark.parametrize("place", [0, 1, 2, 3])
def test_a_tile_pasted_turned_lands_where_the_turned_layout_put_it(place):
    """Each tile goes straight onto the table already turned: it must end where laying it out for the
    bottom seat and turning the whole table about its centre with ``Image.rotate`` would have put it."""
    sprite = _sprite(Tile.S1, 38, "en", True, 0)  # a set's tile lying sideways: not square, not symmetric
    x, y = -123, 201
    layered = Image.new("RGBA", (SIZE, SIZE), (*FELT, 255))
    layered.alpha_composite(sprite, (CENTRE + x, CENTRE + y))
    turned = layered.rotate(90 * place)
    direct = Image.new("RGB", (SIZE, SIZE), FELT)
    _put(direct, _sprite(Tile.S1, 38, "en", True, place), x, y, place)
    assert ImageChops.difference(turned.convert("RGB"), direct).getbbox() is None


@pytest.mark.parametrize(("seed", "seat"), [(2, None), (5, 1), (9, 3)])
def test_the_palette_keeps_the_table_as_drawn(seed, seat):
    view = played_round(seed, actions=80).view(seat)
    drawn = draw_table(view, NAMES, SCORES, "fr")
    encoded = Image.open(io.BytesIO(render_table(view, NAMES, SCORES, "fr").image_png))
    assert encoded.mode == "P" and len(encoded.getcolors() or []) <= PALETTE_COLOURS
    # Adaptive 256 colours, the encoding before, come to 1.0 on these tables.
    assert _mean_difference(encoded, drawn) < 1.5
    rgb = encoded.convert("RGB")
    # The theme's colours are in the palette exactly: the felt and the name plates keep their colour.
    assert rgb.getpixel((10, 360)) == FELT == drawn.getpixel((10, 360))
    assert rgb.getpixel((120, 600)) == PAPER == drawn.getpixel((120, 600))  # the bottom seat's name card


def test_a_table_does_not_depend_on_what_was_drawn_before():
    """The cached background and sprites are only ever copied or pasted, never drawn on."""
    first, second = played_round(3).view(None), played_round(4, actions=20).view(None)
    alone = render_table(first, NAMES, SCORES, "en").image_png
    render_table(second, ["Zoë", "Yann", "Xu", "Wanda"], [0, 0, 0, 0], "fr")
    render_table(second, NAMES, SCORES, "en")
    assert render_table(first, NAMES, SCORES, "en").image_png == alone


def test_tables_drawn_in_worker_threads_are_those_drawn_one_by_one():
    views = [played_round(seed, actions=actions).view(None) for seed in (1, 2) for actions in (10, 40, 70)]
    expected = [render_table(view, NAMES, SCORES, lang).image_png for view in views for lang in ("en", "fr")]
    with ThreadPoolExecutor(4) as pool:
        results = list(
            pool.map(
                lambda job: render_table(job[0], NAMES, SCORES, job[1]).image_png,
                [(view, lang) for view in views for lang in ("en", "fr")],
            )
        )
    assert results == expected


def test_a_fixed_palette_takes_only_an_opaque_picture():
    from render.rendered import to_png
    from render.table import table_palette

    with pytest.raises(ValueError, match="RGB"):
        to_png(Image.new("RGBA", (4, 4)), table_palette())

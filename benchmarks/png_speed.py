"""Deflating the pictures: zlib through Pillow (the encoding before) against libdeflate (``render.png``).

    .venv/bin/python benchmarks/png_speed.py

The same palette pictures (a table, a hand, a solitaire board and its small channel post, mapped onto
their fixed palettes as the drawing does) encoded both ways, interleaved, best of several runs: the
time of the encoding alone and the file's size, and their ratios.
"""

from __future__ import annotations

import functools
import io
import time
from collections.abc import Callable

from PIL import Image

from game.solitaire.deal import deal_for_seed
from render.hand import HAND_COLOURS, HandPicture, draw_hand
from render.png import indexed_png
from render.positions import played_round
from render.pyramid import pyramid_palette, render_pyramid
from render.rendered import LEVEL
from render.table import render_table, table_palette
from render.tiles import preload

RUNS = 25


def pillow_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=LEVEL)
    return buffer.getvalue()


def best(action: Callable[[], bytes]) -> tuple[float, int]:
    timings, size = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        size = len(action())
        timings.append(time.perf_counter() - start)
    return min(timings), size


def on_palette(png: bytes, palette: Image.Image) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)


def main() -> None:
    preload(("en",))
    hand = played_round(2)
    board = deal_for_seed(2).board()
    pictures = {
        "table": on_palette(
            render_table(hand.view(0), ["Alice", "Bérénice", "Chen", "Dmitri"], [14, 67, 120, -27], "en").image_png,
            table_palette(),
        ),
        "hand": on_palette(draw_hand(HandPicture.of(hand.view(0))).image_png, table_palette(HAND_COLOURS)),
        "pyramid": on_palette(render_pyramid(board, selected=board.free_ids()[0]).image_png, pyramid_palette()),
        "pyramid (small)": on_palette(render_pyramid(board, small=True).image_png, pyramid_palette()),
    }
    print(f"deflate level {LEVEL}, best of {RUNS}")
    for name, picture in pictures.items():
        zlib_time, zlib_size = best(functools.partial(pillow_png, picture))
        ours_time, ours_size = best(functools.partial(indexed_png, picture, LEVEL))
        print(
            f"{name:<16} {picture.width}×{picture.height:<4} zlib (Pillow) {zlib_time * 1000:5.2f} ms "
            f"{zlib_size / 1024:5.1f} KB | libdeflate {ours_time * 1000:5.2f} ms {ours_size / 1024:5.1f} KB | "
            f"time {ours_time / zlib_time:4.2f}× size {ours_size / zlib_size:4.2f}×"
        )


if __name__ == "__main__":
    main()

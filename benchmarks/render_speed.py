"""How long the pictures take, against the plain PNG encoding of an image of the same size.

    .venv/bin/python benchmarks/render_speed.py

For the table and the pyramid: the whole ``render_*`` call (drawing with warm sprite caches, palette
conversion and PNG encoding), the part of it that is our encoding, and Pillow's default PNG encoding
of the same picture in full colour. The target is a whole call within twice the plain encoding
(drawing costs at most as much again as encoding) and files under 300 KB. Best of several runs.
``benchmarks/table_redraw.py`` follows the table event by event against the drawing before.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable

from PIL import Image

from game.solitaire.deal import deal_for_seed
from render.positions import played_round
from render.pyramid import render_pyramid
from render.rendered import Rendered, to_png
from render.table import render_table, table_palette
from render.tiles import preload

RUNS = 15


def best(action: Callable[[], object]) -> float:
    timings = []
    for _ in range(RUNS):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


def plain_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def measure(name: str, render: Callable[[], Rendered], palette: Image.Image | None = None) -> None:
    """``palette``: the fixed palette the picture is encoded with (the table's), else none."""
    rendered = render()
    picture = Image.open(io.BytesIO(rendered.image_png)).convert("RGBA" if palette is None else "RGB")
    full_colour = picture.convert("RGB")
    whole = best(render)
    ours = best(lambda: to_png(picture, palette))
    plain = best(lambda: plain_png(full_colour))
    print(
        f"{name:<16} {rendered.width}×{rendered.height:<5} whole call {whole * 1000:6.1f} ms | "
        f"our encoding {ours * 1000:5.1f} ms | plain PNG {plain * 1000:5.1f} ms "
        f"({len(plain_png(full_colour)) // 1024} KB) | ratio whole/plain {whole / plain:4.2f} | "
        f"file {len(rendered.image_png) // 1024} KB"
    )


def main() -> None:
    start = time.perf_counter()
    preload(("en",))
    print(f"preload of the standard sprites: {time.perf_counter() - start:.2f} s")
    view = played_round(2).view(0)
    names, scores = ["Alice", "Bérénice", "Chen", "Dmitri"], [14, 67, 120, -27]
    board = deal_for_seed(2).board()
    selected = board.free_ids()[0]
    measure("table", lambda: render_table(view, names, scores, "en"), table_palette())
    measure("pyramid", lambda: render_pyramid(board, selected=selected))
    measure("pyramid (small)", lambda: render_pyramid(board, small=True))


if __name__ == "__main__":
    main()

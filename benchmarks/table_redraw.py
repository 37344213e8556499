"""The table picture redrawn after each event of seeded hands: today's full render against the new path.

    .venv/bin/python benchmarks/table_redraw.py [--seeds 3] [--actions 90]

Each seeded hand is played on as in ``render.positions.played_round`` and the spectator's table (what
the bot posts) is drawn after every action, in order, through both paths in one run:

- "baseline": ``render/table.py`` and ``render/rendered.py`` as they were at ``BASELINE`` (read from
  git): each seat's strip drawn on its own layer, turned and composited, then an adaptive 256-colour
  palette and PNG level 6;
- "new": ``render.table.render_table`` (the static background drawn once, each tile pasted turned
  straight onto the picture, the table's fixed 64-colour palette and PNG level 1).

It prints event → PNG bytes (median, p99), the drawing alone, the encodings of the same pictures at
each setting with their file sizes, and checks that both paths draw the same picture.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import time
import types
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageChops

from game.view import SeatView
from render.positions import played_round
from render.rendered import to_png
from render.table import draw_table, render_table, table_palette
from render.tiles import preload

# The commit before the redraw work: today's table path is loaded from it.
BASELINE = "83fcfaf"
ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Alice", "Bérénice", "Chen", "Dmitri"]
SCORES = [14, 67, 120, -27]


def baseline_module() -> types.ModuleType:
    """``render/table.py`` at ``BASELINE`` as a module of its own, its encoding included: it calls
    ``Rendered.of`` without a palette, which is still the old encoding, unchanged in ``to_png``."""
    source = subprocess.run(
        ["git", "show", f"{BASELINE}:render/table.py"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    module = types.ModuleType("baseline_table")
    exec(compile(source, "baseline_table.py", "exec"), module.__dict__)
    return module


def baseline_drawing(baseline: types.ModuleType, view: SeatView) -> Image.Image:
    """The baseline's picture before encoding: its ``Rendered.of`` swapped for one that keeps the image."""
    drawn: list[Image.Image] = []

    class Keep:
        @staticmethod
        def of(image: Image.Image, description: str) -> None:
            drawn.append(image.convert("RGB"))

    kept = baseline.Rendered
    baseline.Rendered = Keep
    try:
        baseline.render_table(view, NAMES, SCORES, "en")
    finally:
        baseline.Rendered = kept
    return drawn[0]


def events(seed: int, actions: int) -> list[SeatView]:
    """The spectator's view after each action of the seeded hand (consecutive duplicates dropped)."""
    views: list[SeatView] = []
    for count in range(actions + 1):
        view = played_round(seed, actions=count).view(None)
        if not views or view != views[-1]:
            views.append(view)
    return views


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def summary(timings: list[float]) -> str:
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):5.1f} ms  p99 {p99:5.1f} ms"


def save(image: Image.Image, level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=level)
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--actions", type=int, default=90)
    args = parser.parse_args()
    baseline = baseline_module()
    start = time.perf_counter()
    preload(("en",))
    print(f"preload of the standard sprites: {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    table_palette()
    print(f"the table's palette, found once: {(time.perf_counter() - start) * 1000:.0f} ms")
    views = [view for seed in range(1, args.seeds + 1) for view in events(seed, args.actions)]
    # One pass to warm every sprite both paths use, then the measured pass, event after event.
    for view in views:
        baseline.render_table(view, NAMES, SCORES, "en")
        render_table(view, NAMES, SCORES, "en")
    old: list[float] = []
    new: list[float] = []
    drawing: list[float] = []
    for view in views:
        old.append(timed(lambda view=view: baseline.render_table(view, NAMES, SCORES, "en")))
        new.append(timed(lambda view=view: render_table(view, NAMES, SCORES, "en")))
        drawing.append(timed(lambda view=view: draw_table(view, NAMES, SCORES, "en")))
    print(f"{len(views)} consecutive events of {args.seeds} seeded hands, event → PNG bytes:")
    print(f"  baseline (full render)      {summary(old)}")
    print(
        f"  new path                    {summary(new)}   (ratio of medians "
        f"{statistics.median(new) / statistics.median(old):.2f})"
    )
    print(f"  new path, drawing alone     {summary(drawing)}")

    # Both paths must draw the same picture (compositing rounds a channel by at most one).
    worst = 0
    for view in views:
        difference = ImageChops.difference(baseline_drawing(baseline, view), draw_table(view, NAMES, SCORES, "en"))
        worst = max(worst, *(high for _, high in difference.getextrema()))
    print(f"  largest difference of a channel between the two drawings: {worst}")

    pictures = [draw_table(view, NAMES, SCORES, "en") for view in views]
    # The baseline drew on an RGBA canvas, and its encoding starts from one.
    rgba = [picture.convert("RGBA") for picture in pictures]
    palette = table_palette()
    settings: list[tuple[str, list[Image.Image], Callable[[Image.Image], bytes]]] = [
        ("RGB, level 6 (Pillow's default)", pictures, lambda image: save(image, 6)),
        ("RGB, level 1", pictures, lambda image: save(image, 1)),
        ("adaptive 256 colours, level 6 (baseline)", rgba, to_png),
        (
            "fixed 64 colours, level 6",
            pictures,
            lambda image: save(image.quantize(palette=palette, dither=Image.Dither.NONE), 6),
        ),
        ("fixed 64 colours, level 1 (new)", pictures, lambda image: to_png(image, palette)),
    ]
    print("encoding alone, the same pictures:")
    for label, images, encode in settings:
        timings = [timed(lambda image=image, encode=encode: encode(image)) for image in images]
        sizes = [len(encode(image)) / 1024 for image in images]
        print(
            f"  {label:<42} {summary(timings)}   file median {statistics.median(sizes):4.0f} KB, "
            f"largest {max(sizes):4.0f} KB"
        )


if __name__ == "__main__":
    main()

"""The solitaire pyramid redrawn after each pick of seeded games: the drawing it replaced against the new path.

    .venv/bin/python benchmarks/pyramid_redraw.py [--games 2] [--repeat 2] [--fresh 30]

Each seeded deal is played along its solution (``Deal.solution``, ``Board.remove``) and the board is
drawn after every pick, a tile selected after every other one (the member's first click), the games
in English and French in turn, in both paths in one run:

- "before": a copy, kept below, of ``render/pyramid.py`` and of the encoding it went through
  (``render/rendered.py:to_png`` without a palette) before this work: 144 ``alpha_composite`` of RGBA
  sprites on an RGBA felt, then RGB, Pillow's fast octree to 256 colours and PNG level 6;
- "after": ``render.pyramid.render_pyramid`` (tiles pasted as cut, cached patches onto an RGB felt,
  leaving out the pieces later tiles cover, then the pyramid's fixed palette of up to 256 colours and
  PNG level 1).

It prints, for full-size and small pictures, board → PNG bytes (median, p99) with drawing and encoding
apart, for the fresh deal and along the games (every sprite already drawn, as in a running bot), and
for the new path along a game it has not seen (the placements of its tiles' states worked out as
they come); the sizes of the files; whether both paths describe each board alike and the new one
gives the same bytes twice; and how far the new picture is from the old one (mean, 99th percentile
and largest absolute difference per channel of the decoded pictures), next to the loss the old PNG
already had against its own drawing and the new PNG's against that same drawing.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image, ImageChops, ImageDraw, ImageFilter
from table_redraw import summary, timed  # run as a script: benchmarks/ is on the path

from game.solitaire.board import Board
from game.solitaire.deal import deal_for_seed
from game.tiles import Tile
from render.describe import colon
from render.draw import badge, felt_canvas, outline, text
from render.pyramid import draw_pyramid, free_tile_labels, pyramid_palette, render_pyramid
from render.rendered import fit_description, to_png
from render.theme import HIGHLIGHT, INK, PAPER, SELECTED, TEXT_DIM_ON_FELT, TEXT_ON_FELT
from render.tiles import metrics, tile_image
from words import Lang
from words.tiles import tile_name

# --- The path before: render/pyramid.py's drawing and render/rendered.py's encoding, as they were. ---

FULL_WIDTH = 96
SMALL_WIDTH = 52
_WORDS: dict[Lang, dict[str, str]] = {
    "en": {"left": "tiles left", "free": "free", "title": "Mahjong solitaire"},
    "fr": {"left": "tuiles restantes", "free": "libres", "title": "Mahjong solitaire"},
}


def old_draw(board: Board, *, selected: int | None = None, small: bool = False, lang: Lang = "en") -> Image.Image:
    """The RGBA picture ``render_pyramid`` drew before (default title and labels)."""
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
    shown = {} if small else free_tile_labels(board)
    remaining = board.remaining_count
    text(draw, (margin, header // 2), words["title"], 16 if small else 28, TEXT_ON_FELT, bold=True, anchor="lm")
    text(
        draw,
        (canvas_w - margin, header // 2),
        f"{remaining} {words['left']} · {len(free)} {words['free']}",
        13 if small else 20,
        TEXT_DIM_ON_FELT,
        anchor="rm",
    )
    places: dict[int, tuple[int, int]] = {}
    for level in range(levels + 1):
        ids = sorted(
            (i for i in board.remaining if layout.positions[i].z == level),
            key=lambda i: (layout.positions[i].y, layout.positions[i].x),
        )
        for tile_id in ids:
            position = layout.positions[tile_id]
            places[tile_id] = (
                left + position.x * tile.face_width // 2 - level * lift,
                top + position.y * tile.face_height // 2 - level * lift,
            )
        for tile_id in ids:
            x, y = places[tile_id]
            is_free = tile_id in free
            sprite = _old_sprite(board.face(tile_id), width, lang, dimmed=not is_free, lift=lift if level else 0)
            image.alpha_composite(sprite, (x, y))
            box = (x, y, x + tile.face_width, y + tile.face_height)
            if tile_id == selected:
                outline(draw, box, SELECTED, 4 if small else 6, 6)
            elif is_free:
                outline(draw, box, HIGHLIGHT, 2 if small else 3, 6)
    for tile_id in free:
        x, y = places[tile_id]
        label = shown.get(tile_id)
        if label is not None:
            badge(
                draw,
                (x + tile.face_width - 22, y + tile.face_height - 15),
                label,
                15,
                SELECTED if tile_id == selected else PAPER,
                PAPER if tile_id == selected else INK,
            )
    return image


@lru_cache(maxsize=8)
def _old_shadow(width: int, height: int, lift: int) -> Image.Image:
    blur = max(2, lift // 2)
    shadow = Image.new("RGBA", (width + 2 * lift + 2 * blur, height + 2 * lift + 2 * blur), (0, 0, 0, 0))
    ImageDraw.Draw(shadow).rounded_rectangle(
        (2 * lift, 2 * lift, 2 * lift + width, 2 * lift + height), radius=max(3, width // 9), fill=(0, 0, 0, 110)
    )
    return shadow.filter(ImageFilter.GaussianBlur(blur))


@lru_cache(maxsize=256)
def _old_sprite(face: Tile, width: int, lang: Lang, *, dimmed: bool, lift: int) -> Image.Image:
    sprite = tile_image(face, width, lift="down_right", lang=lang)
    geometry = metrics(width, lift="down_right")
    if dimmed:
        veil = Image.new("RGBA", sprite.size, (0, 0, 0, 0))
        ImageDraw.Draw(veil).rounded_rectangle(
            (0, 0, geometry.face_width - 1, geometry.face_height - 1), radius=max(3, width // 9), fill=(20, 30, 25, 70)
        )
        sprite = Image.alpha_composite(sprite, veil)
    if not lift:
        return sprite
    shadow = _old_shadow(geometry.face_width, geometry.face_height, lift)
    canvas = Image.new("RGBA", (max(shadow.width, sprite.width), max(shadow.height, sprite.height)), (0, 0, 0, 0))
    canvas.alpha_composite(shadow)
    canvas.alpha_composite(sprite)
    return canvas


def old_describe(board: Board, *, selected: int | None, labels: Mapping[int, str], lang: Lang, title: str) -> str:
    """``describe_pyramid`` as it was, called as ``render_pyramid`` called it."""
    words = {
        "en": {"left": "tiles left", "free": "free", "selected": "selected", "pairs": "pairs possible", "none": "none"},
        "fr": {
            "left": "tuiles restantes",
            "free": "libres",
            "selected": "sélectionnée",
            "pairs": "paires possibles",
            "none": "aucune",
        },
    }[lang]
    c = colon(lang)
    free = board.free_ids()
    named = labels or free_tile_labels(board)
    listed = ", ".join(f"{named.get(i, str(i))} {board.face(i).code} ({tile_name(board.face(i), lang)})" for i in free)
    parts = [
        f"{title}{c} {board.remaining_count} {words['left']}, {len(free)} {words['free']}{c} {listed or words['none']}."
    ]
    if selected is not None:
        parts.append(
            f"{words['selected'].capitalize()}{c} {named.get(selected, str(selected))} "
            f"{board.face(selected).code} ({tile_name(board.face(selected), lang)})."
        )
    parts.append(f"{len(board.matching_free_pairs())} {words['pairs']}.")
    return fit_description(" ".join(parts))


def old_encode(image: Image.Image) -> bytes:
    """``to_png`` without a palette, as the pyramid used it."""
    alpha = image.getextrema()[-1] if image.mode == "RGBA" else None
    if isinstance(alpha, tuple) and alpha[0] == 255:
        image = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


# --- The measurements. ---


@dataclass(frozen=True)
class Case:
    board: Board
    selected: int | None
    lang: Lang
    name: str


def along_games(games: int) -> Iterator[Case]:
    """Every board of each seeded game from the deal to the last pair, a tile selected every other time."""
    for seed in range(1, games + 1):
        deal = deal_for_seed(seed)
        board = deal.board()
        lang: Lang = "en" if seed % 2 else "fr"
        for pick, (first, second) in enumerate(deal.solution):
            free = board.free_ids()
            yield Case(board, free[pick % len(free)] if pick % 2 else None, lang, f"seed {seed} pick {pick}")
            board = board.remove(first, second)


def difference(a: Image.Image, b: Image.Image) -> tuple[float, int, int]:
    """Mean, 99th percentile and largest absolute difference per channel (0–255)."""
    histogram = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).histogram()
    counts = [sum(histogram[256 * channel + value] for channel in range(3)) for value in range(256)]
    total = sum(counts)
    mean = sum(value * count for value, count in enumerate(counts)) / total
    seen, p99 = 0, 0
    for value, count in enumerate(counts):
        seen += count
        if seen >= 0.99 * total:
            p99 = value
            break
    return mean, p99, max(value for value, count in enumerate(counts) if count)


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def drawn_and_encoded(draw: Callable[[], Image.Image]) -> bytes:
    """The path before, from board to PNG bytes."""
    return old_encode(draw())


def measure(cases: list[Case], small: bool, repeat: int) -> None:
    palette = pyramid_palette()
    old_total: list[float] = []
    old_drawing: list[float] = []
    old_encoding: list[float] = []
    new_total: list[float] = []
    new_drawing: list[float] = []
    new_encoding: list[float] = []
    old_sizes: list[float] = []
    new_sizes: list[float] = []
    for _ in range(repeat):
        for case in cases:
            old_draws = partial(old_draw, case.board, selected=case.selected, small=small, lang=case.lang)
            new_draws = partial(draw_pyramid, case.board, selected=case.selected, small=small, lang=case.lang)
            old_total.append(timed(partial(drawn_and_encoded, old_draws)))
            new_total.append(
                timed(partial(render_pyramid, case.board, selected=case.selected, small=small, lang=case.lang))
            )
            old_drawing.append(timed(old_draws))
            new_drawing.append(timed(new_draws))
            old_encoding.append(timed(partial(old_encode, old_draws())))
            new_encoding.append(timed(partial(to_png, new_draws(), palette)))
    for case in cases:
        old_sizes.append(
            len(old_encode(old_draw(case.board, selected=case.selected, small=small, lang=case.lang))) / 1024
        )
        new_sizes.append(
            len(render_pyramid(case.board, selected=case.selected, small=small, lang=case.lang).image_png) / 1024
        )
    ratio = statistics.median(new_total) / statistics.median(old_total)
    print(
        f"    before  board → PNG  {summary(old_total)}   drawing {summary(old_drawing)}   "
        f"encoding {summary(old_encoding)}"
    )
    print(
        f"    after   board → PNG  {summary(new_total)}   drawing {summary(new_drawing)}   "
        f"encoding {summary(new_encoding)}   (ratio of medians {ratio:.2f})"
    )
    print(
        f"    PNG size  before median {statistics.median(old_sizes):4.0f} KB, largest {max(old_sizes):4.0f} KB;"
        f"  after median {statistics.median(new_sizes):4.0f} KB, largest {max(new_sizes):4.0f} KB"
    )


def quality(cases: list[Case]) -> None:
    """How far the new pictures are from the old, per case."""
    print("quality (mean / p99 / largest absolute difference per channel, 0–255):")
    print(f"  {'board':<34} {'after vs before':>17} {'before vs its drawing':>22} {'after vs old drawing':>21}")
    worst_mean, worst_p99 = 0.0, 0
    for case in cases:
        for small in (False, True):
            drawn = old_draw(case.board, selected=case.selected, small=small, lang=case.lang)
            before = decoded(old_encode(drawn))
            after = decoded(render_pyramid(case.board, selected=case.selected, small=small, lang=case.lang).image_png)
            versus = difference(after, before)
            loss = difference(before, drawn)
            against = difference(after, drawn)
            worst_mean, worst_p99 = max(worst_mean, versus[0]), max(worst_p99, versus[1])
            label = f"{case.name}{' small' if small else ''}"
            print(f"  {label:<34} {fmt(versus):>17} {fmt(loss):>22} {fmt(against):>21}")
    print(f"  worst after vs before: mean {worst_mean:.2f}, p99 {worst_p99}")


def fmt(figures: tuple[float, int, int]) -> str:
    return f"{figures[0]:.2f} / {figures[1]} / {figures[2]}"


def checks(cases: list[Case]) -> None:
    mismatched = 0
    unstable = 0
    for case in cases:
        for small in (False, True):
            new = render_pyramid(case.board, selected=case.selected, small=small, lang=case.lang)
            again = render_pyramid(case.board, selected=case.selected, small=small, lang=case.lang)
            unstable += new.image_png != again.image_png
            old_description = _old_description(case, small)
            mismatched += new.description != old_description
    print(
        f"checks over {2 * len(cases)} pictures: {mismatched} descriptions differ from before, "
        f"{unstable} pictures differ when drawn twice"
    )


def _old_description(case: Case, small: bool) -> str:
    shown: Mapping[int, str] = {} if small else free_tile_labels(case.board)
    return old_describe(
        case.board, selected=case.selected, labels=shown, lang=case.lang, title=_WORDS[case.lang]["title"]
    )


def named_cases() -> list[Case]:
    """The boards the quality figures are read on: fresh, mid-game, nearly empty, selected, both languages."""
    deal = deal_for_seed(5)
    boards = [deal.board()]
    for first, second in deal.solution:
        boards.append(boards[-1].remove(first, second))
    mid, late = boards[36], boards[66]
    return [
        Case(boards[0], None, "en", "fresh (seed 5), en"),
        Case(boards[0], boards[0].free_ids()[3], "fr", "fresh, selected, fr"),
        Case(mid, None, "fr", "mid-game (36 picks), fr"),
        Case(mid, mid.free_ids()[0], "en", "mid-game, selected, en"),
        Case(late, late.free_ids()[-1], "en", "nearly empty (66 picks), selected"),
        Case(boards[71], None, "fr", "last pair, fr"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="seeded games played along (72 boards each)")
    parser.add_argument("--repeat", type=int, default=2, help="measured passes over the games' boards")
    parser.add_argument("--fresh", type=int, default=30, help="renders of the fresh deal")
    args = parser.parse_args()

    # Other work on the machine moves these timings: its load is printed with them.
    print(f"load average (1, 5, 15 min): {', '.join(f'{load:.2f}' for load in os.getloadavg())}")
    start = time.perf_counter()
    pyramid_palette()
    print(f"the pyramid's palette, found once (every face's sprite drawn): {time.perf_counter() - start:.2f} s")
    fresh = Case(deal_for_seed(5).board(), None, "en", "fresh deal")
    cases = list(along_games(args.games))
    # A pass to draw every sprite and work out every placement both paths use, out of the timings.
    start = time.perf_counter()
    for case in cases:
        for small in (False, True):
            old_draw(case.board, selected=case.selected, small=small, lang=case.lang)
            render_pyramid(case.board, selected=case.selected, small=small, lang=case.lang)
    print(f"first pass over the games (sprites, placements), both paths: {time.perf_counter() - start:.1f} s")

    for small in (False, True):
        size = "small (channel post)" if small else "full size"
        print(f"{size}:")
        print(f"  the fresh deal (deal_for_seed(5).board()), {args.fresh} renders:")
        measure([fresh], small, args.fresh)
        # The same, the new path alone: with no picture of the old path drawn in between.
        alone = [timed(partial(render_pyramid, fresh.board, small=small)) for _ in range(args.fresh)]
        print(f"    after, one render after the other: {summary(alone)}")
        print(f"  {len(cases)} boards along {args.games} seeded games, {args.repeat} passes:")
        measure(cases, small, args.repeat)
        unseen = [case for case in along_games(args.games + 1) if case.name.startswith(f"seed {args.games + 1} ")]
        first = [
            timed(partial(render_pyramid, case.board, selected=case.selected, small=small, lang=case.lang))
            for case in unseen
        ]
        print(f"    after, along a game not seen before (seed {args.games + 1}), each board once: {summary(first)}")
    checks(cases[::6] + named_cases())
    quality(named_cases())
    print(f"load average (1, 5, 15 min): {', '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()

"""Export the tile faces ``render/`` draws as the web page's sprite sheet: ``python -m web.build_sprites``.

The page draws the pyramid from the very sprites of the Discord pictures (``render.tiles.tile_image``,
lit from the top left like ``render.pyramid``), so both show one set of tiles. Each cell of the sheet is
one whole sprite: the face at its top-left corner, the tile's thickness and its own shadow to the right
and below; the page lays the cells out by their faces and adds the levels' offsets and shadows in CSS.
A face whose art differs by language (the West wind's letter, ``render.faces.art_lang``) has one cell
per distinct art. Writes ``web/static/tiles.webp`` and ``web/frontend/src/sprites.ts`` (the cells'
geometry and the map of face code → cell, read by the page's script; commit both). ``--check`` writes
nothing and exits 1 when the committed map is not the one the current art gives.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from PIL import Image

from game.tiles import BONUS_TILES, PLAYING_TILES, Tile
from render.faces import art_lang
from render.tiles import metrics, tile_image
from words import DEFAULT_LANG, LANGS, Lang

HERE = Path(__file__).resolve().parent
SHEET = HERE / "static" / "tiles.webp"
SPRITE_MAP = HERE / "frontend" / "src" / "sprites.ts"

# 96 pixels of face for a tile that shows some 44 CSS pixels wide on a phone held upright at 3 device
# pixels per CSS pixel, or 90 on a desktop: sharp enough at both, in some 100 KB of lossy WebP.
FACE_WIDTH = 96
COLUMNS = 8
# Lossy WebP at this quality keeps the inks' edges clean; lossless is 1.8 times the bytes, PNG 2.9 times.
WEBP_QUALITY = 88


def sprite_keys() -> list[tuple[str, Tile, Lang]]:
    """The sheet's cells in order: (key, tile, art language); the key is the face code for the art
    every language shares, ``code/lang`` for the art of a language that draws that face differently."""
    cells: list[tuple[str, Tile, Lang]] = []
    for tile in (*PLAYING_TILES, *BONUS_TILES):
        cells.append((tile.code, tile, DEFAULT_LANG))
        for art in sorted({art_lang(tile, lang) for lang in LANGS} - {DEFAULT_LANG}):
            cells.append((f"{tile.code}/{art}", tile, art))
    return cells


def sheet() -> Image.Image:
    """Every cell of ``sprite_keys`` pasted on a grid ``COLUMNS`` wide."""
    cells = sprite_keys()
    cell_width, cell_height = metrics(FACE_WIDTH, lift="down_right").sprite_size
    rows = -(-len(cells) // COLUMNS)
    picture = Image.new("RGBA", (COLUMNS * cell_width, rows * cell_height), (0, 0, 0, 0))
    for index, (_, tile, art) in enumerate(cells):
        sprite = tile_image(tile, FACE_WIDTH, lang=art, lift="down_right")
        picture.alpha_composite(sprite, ((index % COLUMNS) * cell_width, (index // COLUMNS) * cell_height))
    return picture


def sprite_map_source() -> str:
    """The TypeScript module the page imports: the sheet's grid, the face's size inside a cell, and
    the index of each key's cell."""
    geometry = metrics(FACE_WIDTH, lift="down_right")
    cell_width, cell_height = geometry.sprite_size
    cells = sprite_keys()
    index = {key: number for number, (key, _, _) in enumerate(cells)}
    return (
        "// Written by `python -m web.build_sprites` from render/: do not edit.\n"
        "export const SPRITE_SHEET = {\n"
        f"  columns: {COLUMNS},\n"
        f"  rows: {-(-len(cells) // COLUMNS)},\n"
        f"  cellWidth: {cell_width},\n"
        f"  cellHeight: {cell_height},\n"
        f"  faceWidth: {geometry.face_width},\n"
        f"  faceHeight: {geometry.face_height},\n"
        "} as const;\n\n"
        f"export const SPRITE_CELLS: Readonly<Record<string, number>> = {json.dumps(index, indent=2)};\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.build_sprites", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed sprite map is stale")
    args = parser.parse_args(argv)
    source = sprite_map_source()
    if args.check:
        if not SPRITE_MAP.exists() or SPRITE_MAP.read_text(encoding="utf-8") != source:
            print(f"{SPRITE_MAP} is stale: run python -m web.build_sprites", file=sys.stderr)
            return 1
        return 0
    sheet().save(SHEET, "WEBP", quality=WEBP_QUALITY, method=6)
    SPRITE_MAP.write_text(source, encoding="utf-8")
    print(f"{SHEET.name}: {SHEET.stat().st_size // 1024} KB, {len(sprite_keys())} sprites")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

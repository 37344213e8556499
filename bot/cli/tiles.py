"""``mahjong-bot tiles TEXT``: read tile notation back as names, in French or English."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.errors import GameError, InvalidHand
from game.hand import is_winning_hand, shanten
from game.tiles import Tile, format_tiles, full_set, parse_tiles
from words import LANGS
from words.tiles import tile_label, tile_name

# How many of each tile the box holds (four of each playing tile and of the joker, one of each bonus tile).
_BOX = {tile: full_set(jokers=True).count(tile) for tile in Tile}


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tiles", help="name the tiles of a notation, and say how far 13 or 14 tiles are from winning"
    )
    parser.add_argument("text", help="tiles in compact notation, e.g. '123m 456p 77z'")
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        tiles = parse_tiles(args.text)
        _check_copies(tiles)
    except GameError as error:
        print(json.dumps({"valid": False, "error": str(error)}, ensure_ascii=False))
        return 1
    report: dict[str, Any] = {
        "valid": True,
        "tiles": format_tiles(tiles),
        "names": [tile_name(tile, args.lang) for tile in tiles],
        "labels": [tile_label(tile, args.lang) for tile in tiles],
    }
    playing = [tile for tile in tiles if tile < 34]
    if len(playing) == len(tiles) and len(tiles) in (13, 14):
        report["shanten"] = shanten(tiles)
        if len(tiles) == 14:
            report["winning"] = is_winning_hand(tiles)
    json.dump(report, sys.stdout, ensure_ascii=False)
    print()
    return 0


def _check_copies(tiles: list[Tile]) -> None:
    """No more copies of a tile than the box holds: ``11111m`` names five 1m, which no hand can hold."""
    for tile in dict.fromkeys(tiles):
        copies = tiles.count(tile)
        if copies > _BOX[tile]:
            box = "four" if _BOX[tile] == 4 else "one"
            raise InvalidHand(f"{copies} copies of {tile.code}: the box holds {box}")

"""``mahjong-bot tiles TEXT``: read tile notation back as names, in French or English."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.errors import GameError
from game.hand import is_winning_hand, shanten
from game.tiles import LANGS, format_tiles, parse_tiles, tile_label, tile_name


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

"""``mahjong-bot tiles TEXT``: read tile notation back as names, in French or English, and say how far
13 or 14 playing tiles are from winning under a rule set (the special hands it allows counted)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.errors import GameError, InvalidHand
from game.rules import RULE_NAMES, ruleset
from game.tiles import Tile, counts34, format_tiles, full_set, parse_tiles
from game.winning import shanten
from words import LANGS
from words.tiles import tile_label, tile_name

# How many of each tile the box holds (four of each playing tile and of the joker, one of each bonus tile).
_BOX = {tile: full_set(jokers=True).count(tile) for tile in Tile}


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tiles",
        help="name the tiles of a notation, and say how far 13 or 14 tiles are from winning",
        description="Name the tiles of a notation and, for 13 or 14 playing tiles, give the shanten (-1 a winning"
        " hand, 0 one tile from winning, ...) under the rules' winning shapes, the special hands included.",
    )
    parser.add_argument("text", help="tiles in compact notation, e.g. '123m 456p 77z'")
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of the names and labels (default en)")
    parser.add_argument(
        "--rules",
        choices=RULE_NAMES,
        default="hongkong",
        help="the rule set whose winning shapes count (default hongkong: thirteen orphans, not seven pairs)",
    )
    parser.add_argument(
        "--seven-pairs",
        action=argparse.BooleanOptionalAction,
        help="count seven pairs as a winning hand, or not (default: as the rule set does)",
    )
    parser.add_argument(
        "--thirteen-orphans",
        action=argparse.BooleanOptionalAction,
        help="count thirteen orphans as a winning hand, or not (default: as the rule set does)",
    )
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
    why_not = _no_shanten(tiles)
    if why_not is None:
        options = {name: getattr(args, name) for name in ("seven_pairs", "thirteen_orphans")}
        rules = ruleset(args.rules, **{name: on for name, on in options.items() if on is not None})
        distance = shanten(counts34(tiles), rules)
        report["shanten"] = distance
        if len(tiles) == 14:
            report["winning"] = distance == -1
        report["rules"] = rules.name
        report["special_hands"] = [name for name in ("seven_pairs", "thirteen_orphans") if getattr(rules, name)]
    else:
        # said rather than left out: a missing key reads as a hand the command forgot to count
        report["shanten"] = None
        report["no_shanten"] = why_not
    json.dump(report, sys.stdout, ensure_ascii=False)
    print()
    return 0


def _no_shanten(tiles: list[Tile]) -> str | None:
    """Why the tiles have no shanten, or None when they have one."""
    set_apart = [tile for tile in tiles if tile >= 34]
    if set_apart:
        return (
            f"shanten is counted on playing tiles only, not on flowers, seasons or jokers ({format_tiles(set_apart)}):"
            " leave them out"
        )
    if len(tiles) not in (13, 14):
        return f"shanten is counted on a whole hand, 13 tiles (between turns) or 14 (after a draw), not {len(tiles)}"
    return None


def _check_copies(tiles: list[Tile]) -> None:
    """No more copies of a tile than the box holds: ``11111m`` names five 1m, which no hand can hold."""
    for tile in dict.fromkeys(tiles):
        copies = tiles.count(tile)
        if copies > _BOX[tile]:
            box = "four" if _BOX[tile] == 4 else "one"
            raise InvalidHand(f"{copies} copies of {tile.code}: the box holds {box}")

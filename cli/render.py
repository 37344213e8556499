"""``mahjong-bot render table|hand|pyramid|result|solitaire-result --seed N --out FILE.png``: draw a
seeded position (previews, documentation, checks); ``render emojis --out DIR`` writes the tile emojis.

Prints one JSON object: ``{"out": ..., "width": ..., "height": ..., "bytes": ..., "description": ...}``
(for ``emojis``: ``{"out": DIR, "files": [...]}``). Bad input prints ``{"valid": false, "error": ...}``
and exits with status 1.
"""

from __future__ import annotations

import argparse
import itertools
import json
import pathlib
from typing import Any

from cli.inputs import whole_number
from game.errors import GameError
from game.rules import rule_name
from game.tiles import Tile
from words import LANGS

KINDS = ("table", "hand", "pyramid", "result", "solitaire-result", "emojis")
NAMES = ("Alice", "Bérénice", "Chen", "Dmitri")


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "render",
        help="draw a seeded table, hand, pyramid or result card as PNG (or write the tile emojis)",
        description="Draw a seeded position as the bot shows it, into a PNG file, and print its size and"
        " description as JSON; or write the tile emojis into a folder.",
    )
    parser.add_argument(
        "kind",
        choices=KINDS,
        help="table: a table seen from a seat; hand: a seat's hand; pyramid: a solitaire board; result: a"
        " winning hand's score card; solitaire-result: a solitaire game's card; emojis: one PNG per tile",
    )
    parser.add_argument("--seed", type=whole_number, default=1, help="the position's seed (default 1)")
    parser.add_argument("--out", required=True, help="the PNG file to write (a folder for emojis)")
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of the words drawn (default en)")
    parser.add_argument(
        "--rules",
        choices=("classic", "hongkong"),
        default="classic",
        help="table, hand, result: the rule set played and scored (default classic)",
    )
    parser.add_argument(
        "--seat",
        type=int,
        choices=range(4),
        help="the seat that looks, 0–3 (default: the seat on turn for a hand, 0 for the table)",
    )
    parser.add_argument("--small", action="store_true", help="pyramid: the small channel-post variant")
    parser.add_argument(
        "--hints",
        action="store_true",
        help="hand: show the discard hints (useful tiles per discard, the suggestion and why)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.kind == "emojis":
            report = _emojis(pathlib.Path(args.out), args.lang)
        else:
            rendered = _draw(args)
            out = pathlib.Path(args.out)
            out.write_bytes(rendered.image_png)
            report = {
                "out": str(out),
                "width": rendered.width,
                "height": rendered.height,
                "bytes": len(rendered.image_png),
                "description": rendered.description,
            }
    except (GameError, ValueError, OSError) as error:
        print(json.dumps({"valid": False, "error": str(error)}, ensure_ascii=False))
        return 1
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _draw(args: argparse.Namespace) -> Any:
    # Imported here: Pillow and the engine load only for this subcommand.
    from render.positions import played_round

    if args.seed < 0:
        raise ValueError(f"the seed must be 0 or more, not {args.seed}")
    if args.kind in ("table", "hand"):
        game = played_round(args.seed, rules=rule_name(args.rules))
        seat = args.seat if args.seat is not None else (game.view(None).turn if args.kind == "hand" else 0)
        view = game.view(seat)
        if args.kind == "hand":
            from game.hints import discard_hints
            from render.hand import render_hand

            return render_hand(view, args.lang, discard_hints(view) if args.hints else ())
        from render.table import render_table

        scores = [(args.seed * 37 + seat * 53) % 200 - 60 for seat in range(4)]
        return render_table(view, NAMES, scores, args.lang)
    if args.kind == "pyramid":
        return _pyramid(args)
    if args.kind == "solitaire-result":
        return _solitaire_result(args)
    return _result(args)


def _pyramid(args: argparse.Namespace) -> Any:
    from game.solitaire.deal import deal_for_seed
    from render.pyramid import render_pyramid

    deal = deal_for_seed(args.seed)
    board = deal.board()
    for first, second in deal.solution[: 6 + args.seed % 10]:
        board = board.remove(first, second)
    free = board.free_ids()
    return render_pyramid(
        board, selected=free[args.seed % len(free)], title=f"Seed {args.seed}", small=args.small, lang=args.lang
    )


def _solitaire_result(args: argparse.Namespace) -> Any:
    from game.solitaire.deal import deal_for_seed
    from render.result import SolitaireSummary, render_solitaire_result

    deal = deal_for_seed(args.seed)
    pairs = len(deal.solution) - args.seed % 3 * 11
    cleared = pairs == len(deal.solution)
    undos, seconds = args.seed % 4, 300 + args.seed % 400
    score = max(0, pairs * 100 + (2800 if cleared else 0) - 20 * undos - seconds)
    return render_solitaire_result(
        SolitaireSummary(f"Seed {args.seed}", pairs, cleared, undos, seconds, score), args.lang
    )


def _result(args: argparse.Namespace) -> Any:
    from game.scoring.classic import score_classic
    from game.scoring.hongkong import score_hongkong
    from game.scoring.payments import hongkong_payments
    from game.scoring.settings import HongKongSettings
    from render.positions import winning_hand
    from render.result import render_result

    classic = rule_name(args.rules) == "classic"
    # a card shows a win: in Hong Kong, the first seeded hand from the seed on that reaches the minimum fan
    win = next(
        hand for hand in map(winning_hand, itertools.count(args.seed)) if classic or score_hongkong(hand).meets_minimum
    )
    winner = NAMES[win.seat]
    discarder = None if win.self_drawn else (win.seat + 1 + args.seed % 3) % 4
    discarder_name = None if discarder is None else NAMES[discarder]
    if classic:
        return render_result(win, score_classic(win), winner_name=winner, discarder_name=discarder_name, lang=args.lang)
    scored = score_hongkong(win)
    payments = hongkong_payments(scored.base_points, win.seat, discarder, HongKongSettings())
    return render_result(
        win,
        scored,
        winner_name=winner,
        discarder_name=discarder_name,
        payments=list(zip(NAMES, payments, strict=True)),
        lang=args.lang,
    )


def _emojis(folder: pathlib.Path, lang: Any) -> dict[str, Any]:
    from render.tiles import emoji_name, emoji_png

    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for tile in [*Tile, None]:
        path = folder / f"{emoji_name(tile, lang)}.png"
        path.write_bytes(emoji_png(tile, lang))
        files.append(path.name)
    return {"out": str(folder), "files": files}

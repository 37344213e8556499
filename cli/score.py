"""``mahjong-bot score``: score one winning hand under classic or Hong Kong rules (SPEC §5).

The hand comes as JSON on stdin (the stable interface) or, for people at a physical table, as one
line of notation: ``mahjong-bot score "123m 456m 789m 234p 55p" --win 5p --self-drawn --seat E``.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from cli.inputs import parse_json, read_stdin, whole_number
from game.errors import GameError, InvalidNotation
from game.rules import rule_name
from game.scoring import (
    HOUSE_RULES,
    ClassicSettings,
    HongKongSettings,
    PaymentConvention,
    Spicy,
    UnscorableHand,
    score_classic,
    score_hongkong,
)
from game.scoring.notation import NotationError, read_hand, read_meld, read_tile, read_tiles, read_wind
from game.strict import short
from game.tiles import WINDS
from game.win import WinContext
from words import LANGS, Lang
from words.phrases import show

COMPACT_HELP = """\
One-line form: HAND lists the concealed tiles (winning tile included) and the declared sets, separated
by spaces: a set in square brackets is exposed (claimed), e.g. [777z] or [345p]; a kong in round
brackets is a concealed kong, e.g. (1111m). Example:
  mahjong-bot score --rules classic "123m [777z] (2222s) 456p 99s" --win 9s --seat E --round S --bonus 1f6f
Without HAND, the hand is read as JSON on stdin (the same hand):
  {"concealed": "123m456p99s",
   "melds": [{"tiles": "777z", "exposed": true}, {"tiles": "2222s", "exposed": false}],
   "winning_tile": "9s", "self_drawn": false, "seat_wind": "E", "round_wind": "S", "bonus": ["1f", "6f"]}
with the optional flags last_tile, kong_replacement, double_kong_replacement, robbing_kong, heavenly,
earthly (true/false). Winds are E S W N (O for Ouest too). Invalid hands print
{"valid": false, "error": ...} and exit with status 1."""

# How the winning tile came, beyond --self-drawn: each flag with its help text.
_FLAGS = {
    "last_tile": "the winning tile was the wall's last tile, or the discard after it",
    "kong_replacement": "the winning tile was the replacement drawn after a kong",
    "double_kong_replacement": "the winning tile was the replacement drawn after a second kong in a row",
    "robbing_kong": "the winning tile was robbed from another player's added kong",
    "heavenly": "East won on the tiles dealt (heavenly hand)",
    "earthly": "a player other than East won on East's first discard (earthly hand)",
}


def register(subparsers: Any) -> None:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "score",
        help="score a winning hand (classic points and doubles, or Hong Kong fan)",
        description="Score one winning hand and print the breakdown as JSON.",
        epilog=COMPACT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hand", nargs="?", help="the hand in one line (see below); JSON on stdin when absent")
    parser.add_argument(
        "--rules", choices=("classic", "hongkong"), required=True, help="classic points and doubles, or Hong Kong fan"
    )
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of labels and errors")
    hand = parser.add_argument_group("one-line form")
    hand.add_argument("--win", help="the winning tile (default: the last concealed tile written)")
    hand.add_argument("--self-drawn", action="store_true", help="the winning tile was drawn, not claimed")
    hand.add_argument("--seat", default="E", help="the winner's wind: E, S, W or N (default E)")
    hand.add_argument("--round", default="E", help="the prevailing wind (default E)")
    hand.add_argument("--bonus", default="", help="flowers and seasons held, e.g. 1f6f")
    for flag, explained in _FLAGS.items():
        hand.add_argument(f"--{flag.replace('_', '-')}", action="store_true", help=explained)
    classic = parser.add_argument_group("classic options")
    classic.add_argument("--jokers", action="store_true", help="jokers (0j) are in play")
    classic.add_argument("--limit", type=whole_number, help="the score limit (none by default)")
    classic.add_argument("--house", default="", help=f"house rules, comma-separated: {', '.join(HOUSE_RULES)}")
    hongkong = parser.add_argument_group("hongkong options")
    hongkong.add_argument(
        "--min-fan", type=whole_number, default=3, help="the fewest fan a win needs, bonus fan aside (default 3)"
    )
    hongkong.add_argument(
        "--cap", type=whole_number, default=13, help="the most fan a hand scores, a limit hand's (default 13)"
    )
    hongkong.add_argument("--full-spicy", action="store_true", help="base points 2^fan instead of half-spicy")
    hongkong.add_argument("--seven-pairs", action="store_true", help="allow seven pairs (4 fan)")
    hongkong.add_argument("--no-thirteen-orphans", action="store_true", help="thirteen orphans is not a winning hand")
    hongkong.add_argument(
        "--small-four-winds-fan", type=whole_number, help="small four winds worth N fan (default: limit)"
    )
    hongkong.add_argument("--no-bonus-tiles", action="store_true", help="the table plays without flowers/seasons")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    lang: Lang = args.lang
    try:
        win = _compact_win(args) if args.hand is not None else _json_win(read_stdin())
        rules = rule_name(args.rules)
        report = _classic_report(win, args, lang) if rules == "classic" else _hongkong_report(win, args, lang)
    except GameError as error:
        message = show(error.reason, lang) if isinstance(error, UnscorableHand | NotationError) else str(error)
        print(json.dumps({"valid": False, "error": message}, ensure_ascii=False))
        return 1
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _classic_report(win: WinContext, args: argparse.Namespace, lang: Lang) -> dict[str, Any]:
    house = frozenset(key.strip() for key in args.house.split(",") if key.strip())
    result = score_classic(win, ClassicSettings(jokers=args.jokers, limit=args.limit, house_rules=house))
    return {
        "valid": True,
        "points": result.points,
        "doubles": result.doubles,
        "score": result.score,
        "breakdown": [
            {
                "key": item.key,
                "label": show(item.label, lang),
                "points": item.points,
                "doubles": item.doubles,
                "limit": item.key.startswith("house_") and HOUSE_RULES[item.key.removeprefix("house_")].limit,
            }
            for item in result.items
        ],
    }


def _hongkong_report(win: WinContext, args: argparse.Namespace, lang: Lang) -> dict[str, Any]:
    settings = HongKongSettings(
        min_fan=args.min_fan,
        cap=args.cap,
        spicy=Spicy.FULL if args.full_spicy else Spicy.HALF,
        payment=PaymentConvention.DISCARDER_PAYS,
        seven_pairs=args.seven_pairs,
        thirteen_orphans=not args.no_thirteen_orphans,
        small_four_winds_fan=args.small_four_winds_fan,
        bonus_tiles=not args.no_bonus_tiles,
        stake=Fraction(1),
    )
    result = score_hongkong(win, settings)
    return {
        "valid": True,
        "fan": result.fan,
        "patterns": [
            {
                "key": item.key,
                "label": show(item.label, lang),
                "fan": item.fan,
                "bonus": item.bonus,
                "limit": item.limit,
            }
            for item in result.patterns
        ],
        "meets_minimum": result.meets_minimum,
        "base_points": result.base_points,
    }


def _compact_win(args: argparse.Namespace) -> WinContext:
    return read_hand(
        args.hand,
        win=args.win,
        self_drawn=args.self_drawn,
        seat=args.seat,
        round_wind=args.round,
        bonus=args.bonus,
        **{flag: getattr(args, flag) for flag in _FLAGS},
    )


def _json_win(text: str) -> WinContext:
    document = parse_json(text)
    if not isinstance(document, dict):
        raise InvalidNotation("the input must be one JSON object describing the hand")
    concealed = read_tiles(_field(document, "concealed", str))
    melds = []
    for position, entry in enumerate(_field(document, "melds", list, [])):
        if not isinstance(entry, dict) or not isinstance(entry.get("tiles"), str):
            raise InvalidNotation(f'melds[{position}] must be an object with "tiles" (and "exposed")')
        exposed = entry.get("exposed", True)
        if not isinstance(exposed, bool):
            raise InvalidNotation(f"melds[{position}].exposed must be true or false")
        melds.append(read_meld(entry["tiles"], exposed=exposed))
    bonus_field = _field(document, "bonus", (list, str), [])
    bonus_text = bonus_field if isinstance(bonus_field, str) else "".join(_bonus_entry(b) for b in bonus_field)
    flags = {flag: _field(document, flag, bool, False) for flag in _FLAGS}
    return WinContext(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=read_tile(_field(document, "winning_tile", str), "winning_tile"),
        self_drawn=_field(document, "self_drawn", bool, False),
        seat=read_wind(_field(document, "seat_wind", str, "E"), "seat_wind"),
        round_wind=WINDS[read_wind(_field(document, "round_wind", str, "E"), "round_wind")],
        bonus=tuple(read_tiles(bonus_text)),
        **flags,
    )


_MISSING = object()


def _field(document: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
    value = document.get(name, default)
    if value is _MISSING:
        raise InvalidNotation(f"the hand needs the field {name!r}")
    if not isinstance(value, kind):
        raise InvalidNotation(f"the field {name!r} has the wrong type: {short(value)}")
    return value


def _bonus_entry(entry: Any) -> str:
    if not isinstance(entry, str):
        raise InvalidNotation(f'bonus tiles are written like "1f", not {short(entry)}')
    return entry

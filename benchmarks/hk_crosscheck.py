"""Cross-check of the Hong Kong fan count against hk-mahjong 3.2.0 (npm, MIT), run as an external tool.

Generates random winning hands, scores them with ``game.scoring.score_hongkong`` and with hk-mahjong
(``hk_crosscheck/oracle.js``), and prints the agreement rate before and after mapping the known
configuration differences of reference/scoring.md §4, with one example of each disagreement.

Setup (once): ``npm install --prefix benchmarks/hk_crosscheck`` (node_modules is not committed).
Run: ``.venv/bin/python benchmarks/hk_crosscheck.py --hands 2000 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import shutil
import subprocess
import sys
from collections import Counter
from typing import Any

from game.hand import SetKind
from game.melds import Meld
from game.scoring import HongKongSettings, score_hongkong
from game.scoring.reading import Reading, readings
from game.tiles import BONUS_TILES, WINDS, Tile, format_tiles
from game.win import WinContext

ORACLE_DIR = pathlib.Path(__file__).resolve().parent / "hk_crosscheck"
CAP = 13
SETTINGS = HongKongSettings(min_fan=0, cap=CAP)
WIND_NAMES = ("east", "south", "west", "north")
BONUS_NAMES = {
    34: "plum",
    35: "lily",
    36: "chrysanthemum",
    37: "bamboo",
    38: "spring",
    39: "summer",
    40: "autumn",
    41: "winter",
}


def oracle_available() -> bool:
    return shutil.which("node") is not None and (ORACLE_DIR / "node_modules" / "hk-mahjong").is_dir()


def random_win(rng: random.Random) -> WinContext:
    """A random winning hand, biased towards few suits and many honours so that patterns show up."""
    while True:
        suits = rng.sample(range(3), rng.choice((1, 1, 2, 3)))
        kinds = [Tile(s * 9 + r) for s in suits for r in range(9)]
        if rng.random() < 0.6:
            kinds += [Tile(i) for i in range(27, 34)]
        sets = []
        for _ in range(4):
            kind = rng.choice((SetKind.CHOW, SetKind.PUNG, SetKind.PUNG, SetKind.KONG))
            tile = rng.choice(kinds)
            if kind is SetKind.CHOW and (tile >= 27 or tile % 9 > 6):
                kind = SetKind.PUNG
            sets.append((kind, tile))
        pair = rng.choice(kinds)
        tiles = [pair, pair] + [t for kind, tile in sets for t in Meld(kind, tile).natural_tiles]
        if max(Counter(tiles).values()) <= 4:
            break
    concealed, melds = [pair, pair], []
    for kind, tile in sets:
        if kind is SetKind.KONG or rng.random() < 0.4:
            melds.append(Meld(kind, tile, exposed=kind is not SetKind.KONG or rng.random() < 0.5))
        else:
            concealed += Meld(kind, tile).natural_tiles
    self_drawn = rng.random() < 0.5
    kongs = sum(1 for meld in melds if meld.kind is SetKind.KONG)
    replacement = self_drawn and kongs >= 1 and rng.random() < 0.3
    last_tile = rng.random() < 0.1
    # Seven bonus tiles are an immediate win in hk-mahjong (flower hand): not generated.
    bonus = rng.sample(BONUS_TILES, rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4, 5)) if rng.random() < 0.97 else 8)
    return WinContext(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=rng.choice(concealed),
        self_drawn=self_drawn,
        seat=rng.randrange(4),
        round_wind=rng.choice(WINDS),
        bonus=tuple(bonus),
        last_tile=last_tile,
        kong_replacement=replacement,
        double_kong_replacement=replacement and kongs >= 2 and rng.random() < 0.3,
        # hk-mahjong refuses robbing a kong on the last tile (no kong can follow the last draw).
        robbing_kong=not self_drawn and not last_tile and rng.random() < 0.1,
    )


def oracle_input(win: WinContext) -> dict[str, Any]:
    shapes = {_shape(reading) for reading in readings(win, seven_pairs=False, thirteen_orphans=True)}
    return {
        "arrangements": [[[t.code for t in group] for group in shape] for shape in sorted(shapes)],
        "config": {
            "selfPick": win.self_drawn,
            "fullyConcealedHand": win.is_concealed,
            "robbingKong": win.robbing_kong,
            "winByLastCatch": win.last_tile,
            "winByKong": win.kong_replacement and not win.double_kong_replacement,
            "winByDoubleKong": win.double_kong_replacement,
            "seatWind": WIND_NAMES[win.seat],
            "roundWind": WIND_NAMES[WINDS.index(win.round_wind)],
            "extraTiles": {name: Tile(index) in win.bonus for index, name in BONUS_NAMES.items()},
            "enableBonusFaanDueToZeroExtraTile": True,
        },
    }


def _shape(reading: Reading) -> tuple[tuple[Tile, ...], ...]:
    assert reading.pair is not None
    return (*sorted(s.tiles for s in reading.sets), (reading.pair, reading.pair))


def explain(win: WinContext, ours: Any, theirs: dict[str, Any]) -> str:
    """Name the known configuration difference (reference/scoring.md §4) behind a disagreement, if any."""
    keys = {item.key for item in ours.patterns}
    names = {name for name, _value in theirs["details"]}
    if "great_three_dragons" in keys and theirs["value"] == "limit":
        return "known: great three dragons 8 here, limit in hk-mahjong"
    if "double_kong_replacement" in keys and theirs["value"] == "limit":
        return "known: win after two kongs 8 here, limit in hk-mahjong"
    if "four_concealed_pungs" in keys and ("self-pick" not in names or any(not m.exposed for m in win.melds)):
        return (
            "known: four concealed pungs: a discard may complete the pair (WP/REG, reference §1.5) and a concealed "
            "kong counts as a concealed pung here; hk-mahjong needs a self-draw and no kong"
        )
    if "common hand" in names and "all_chows" not in keys:
        return (
            "known: all chows with a scoring pair (dragon, seat or prevailing wind): no fan here (reference §1.5 "
            "default, after ANS and POMAX-CN), 1 fan in hk-mahjong (like REG)"
        )
    if "nine gates" in names and win.melds:
        return "known: nine gates with a claimed set: not a limit here (concealed only, reference §1.5), limit there"
    if "eight_bonus_tiles" in keys:
        return "known: all eight bonus tiles is a separate immediate-win call in hk-mahjong, not a hand fan"
    return "unexplained"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=1, help="examples shown per kind of disagreement")
    args = parser.parse_args()
    if not oracle_available():
        print("hk-mahjong not installed: run `npm install --prefix benchmarks/hk_crosscheck` (needs node)")
        return 1
    rng = random.Random(args.seed)
    wins = [random_win(rng) for _ in range(args.hands)]
    lines = "".join(json.dumps(oracle_input(win)) + "\n" for win in wins)
    output = subprocess.run(
        ["node", str(ORACLE_DIR / "oracle.js")], input=lines, capture_output=True, text=True, check=True, cwd=ORACLE_DIR
    ).stdout.splitlines()
    agree, reasons, examples = 0, Counter[str](), {}
    for win, line in zip(wins, output, strict=True):
        theirs = json.loads(line)
        ours = score_hongkong(win, SETTINGS)
        mine = "limit" if ours.limit_hand else ours.fan
        other = theirs["value"] if theirs["value"] == "limit" else min(theirs["value"], CAP)
        if mine == other:
            agree += 1
            continue
        reason = explain(win, ours, theirs)
        reasons[reason] += 1
        examples.setdefault(reason, []).append((win, ours, theirs))
    known = sum(count for reason, count in reasons.items() if reason.startswith("known"))
    print(f"hands: {args.hands} (seed {args.seed})")
    print(f"same fan: {agree} ({100 * agree / args.hands:.1f} %)")
    print(f"same fan once known differences are mapped: {agree + known} ({100 * (agree + known) / args.hands:.1f} %)")
    for reason, count in reasons.most_common():
        print(f"\n{count} × {reason}")
        for win, ours, theirs in examples[reason][: args.examples]:
            hand = " ".join(
                [format_tiles(sorted(win.concealed))]
                + [("[" if m.exposed else "(") + m.notation() + ("]" if m.exposed else ")") for m in win.melds]
            )
            print(
                f"  hand {hand} win {win.winning_tile.code} self_drawn={win.self_drawn} "
                f"seat={win.seat} round={win.round_wind.code} bonus={format_tiles(win.bonus)} flags="
                f"{[f for f in ('last_tile', 'kong_replacement', 'robbing_kong') if getattr(win, f)]}"
            )
            print(f"    ours: {ours.fan} {[(i.key, i.fan) for i in ours.patterns]}")
            print(f"    hk-mahjong: {theirs['value']} {theirs['details']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Cross-check of the classic points-and-doubles scorer against Kajongg (KDE, GPL-2.0), run as an external tool.

Generates random winning hands (seeded), scores them with ``game.scoring.score_classic`` (boxed-set
rules, no house rule, no limit) and with Kajongg's "Classical Chinese DMJL" or "BMJA" ruleset
(``classic_crosscheck/kajongg_oracle.py`` under the system python3), and compares what the two rule
sets share: the points of each set, pair and bonus tile, the 20 for mahjong, and the boxed set's
doubles (dragon sets, own wind, prevailing wind, fully concealed, one suit). Kajongg's own extras are
mapped out item by item (``MAPPED`` and ``EXCLUDED`` list every rule name), and its limit rules are
removed from the ruleset so that every hand is scored item by item.

Every reading of a hand that ``game.scoring.reading.readings`` finds is given to Kajongg as fixed
melds (a set completed by the winning discard written as exposed, as Kajongg's own game records it);
Kajongg's best mapped reading is compared with our best. Each disagreement is put in a category
with the source that decides it.

Setup (once, not in CI): ``apt-get install -y kajongg`` (Debian 12: 4:22.12.3-1; pulls PyQt5, qtpy,
twisted). Run: ``.venv/bin/python benchmarks/classic_crosscheck.py --hands 3000 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.hand import SetKind
from game.melds import Meld
from game.scoring import ClassicScore, ClassicSettings, score_classic
from game.scoring.reading import Reading, ReadSet, readings
from game.tiles import BONUS_TILES, WINDS, Tile, format_tiles
from game.win import WinContext

ORACLE = pathlib.Path(__file__).resolve().parent / "classic_crosscheck" / "kajongg_oracle.py"
SYSTEM_PYTHON = pathlib.Path("/usr/bin/python3")
KAJONGG_DIR = pathlib.Path(os.environ.get("KAJONGG_DIR", "/usr/share/kajongg"))
RULESET_NAMES = {"dmjl": "Classical Chinese DMJL", "bmja": "Classical Chinese BMJA"}

# Kajongg rule name -> ("points" or "doubles", our breakdown key, the value in the boxed set, or None
# when it is Kajongg's value).
MAPPED: dict[str, tuple[str, str, int | None]] = {
    "Standard Mah Jongg": ("points", "mahjong", None),
    "Exposed Pung": ("points", "exposed_pung", None),
    "Exposed Pung of Terminals": ("points", "exposed_pung", None),
    "Exposed Pung of Honors": ("points", "exposed_pung", None),
    "Concealed Pung": ("points", "concealed_pung", None),
    "Concealed Pung of Terminals": ("points", "concealed_pung", None),
    "Concealed Pung of Honors": ("points", "concealed_pung", None),
    "Exposed Kong": ("points", "exposed_kong", None),
    "Exposed Kong of Terminals": ("points", "exposed_kong", None),
    "Exposed Kong of Honors": ("points", "exposed_kong", None),
    "Concealed Kong": ("points", "concealed_kong", None),
    "Concealed Kong of Terminals": ("points", "concealed_kong", None),
    "Concealed Kong of Honors": ("points", "concealed_kong", None),
    "Pair of Dragons": ("points", "dragon_pair", None),
    "Pair of Own Wind": ("points", "own_wind_pair", None),
    "Pair of Round Wind": ("points", "prevailing_wind_pair", None),
    "Flower": ("points", "flower", None),
    "Season": ("points", "season", None),
    "Pung/Kong of Dragons": ("doubles", "dragon_set", None),
    "Pung/Kong of Own Wind": ("doubles", "own_wind_set", None),
    "Pung/Kong of Round Wind": ("doubles", "prevailing_wind_set", None),
    "Only Concealed Melds": ("doubles", "concealed_hand", None),
    # Kajongg's pure one suit is worth 3 doubles; the boxed set's one-suit double is 1 (seed 000).
    "True Color Game": ("doubles", "one_suit", 1),
    # BMJA's only one-suit double: one suit, no honours and no chow, 3 doubles.
    "Purity": ("doubles", "one_suit", 1),
}

# Kajongg rules the boxed set does not have (seed 000 table; reference/scoring.md §3.2-3.3), left out.
EXCLUDED: dict[str, str] = {
    "Last Tile Completes Pair of 2..8": "2 points for a pair completed by the last tile (DMJL/BMJA only)",
    "Last Tile Completes Pair of Terminals or Honors": "4 points for a major pair completed by the last tile",
    "Last Tile is Only Possible Tile": "2 points for a single wait ('only possible tile')",
    "Won with Last Tile Taken from Wall": "2 points for a self-drawn win",
    "Zero Point Hand": "1 double for a hand without set points (DMJL 'chicken')",
    "No Chow": "1 double for no chow (house rule no_chows here)",
    "False Color Game": "1 double for one suit with honours (house rule mixed_one_suit here)",
    "Only Terminals and Honors": "1 double (house rule terminals_and_honours here)",
    "Three Concealed Pongs": "1 double (house rule three_concealed_pungs here)",
    "Own Flower and Own Season": "1 double (house rule own_flower_and_season here)",
    "Own Flower": "BMJA: 1 double for the own flower",
    "Own Season": "BMJA: 1 double for the own season",
    "All Flowers": "1 double (house rule four_flowers_or_seasons here)",
    "All Seasons": "1 double (house rule four_flowers_or_seasons here)",
    "Little Three Dragons": "DMJL: 1 double (house rule little_three_dragons here)",
    "Big Three Dragons": "DMJL: 2 doubles (house rule big_three_dragons here)",
    "Little Four Joys": "DMJL: 1 double (house rule little_four_winds here)",
    "Big Four Joys": "DMJL: 2 doubles (house rule big_four_winds here)",
}

# With --house, the house doubles of our written catalogue (game/scoring/house.py) that DMJL has with
# the same value are switched on here and compared too, instead of being left out.
HOUSE_MAPPED: dict[str, tuple[str, str, int | None]] = {
    "No Chow": ("doubles", "house_no_chows", None),
    "False Color Game": ("doubles", "house_mixed_one_suit", None),
    "Only Terminals and Honors": ("doubles", "house_terminals_and_honours", None),
    "Three Concealed Pongs": ("doubles", "house_three_concealed_pungs", None),
    "Own Flower and Own Season": ("doubles", "house_own_flower_and_season", None),
    "All Flowers": ("doubles", "house_four_flowers_or_seasons", None),
    "All Seasons": ("doubles", "house_four_flowers_or_seasons", None),
    "Little Three Dragons": ("doubles", "house_little_three_dragons", None),
    "Big Three Dragons": ("doubles", "house_big_three_dragons", None),
    "Little Four Joys": ("doubles", "house_little_four_winds", None),
    "Big Four Joys": ("doubles", "house_big_four_winds", None),
}


@dataclass(frozen=True, slots=True)
class Scope:
    """What is compared: the Kajongg ruleset, its rules mapped and left out, and our settings."""

    ruleset: str
    mapped: dict[str, tuple[str, str, int | None]]
    excluded: dict[str, str]
    settings: ClassicSettings

    @property
    def our_keys(self) -> set[str]:
        """Our breakdown keys that are components of the shared table (chows score 0 and are left out)."""
        return {key for _kind, key, _value in self.mapped.values()}


def scope_for(ruleset: str, house: bool = False) -> Scope:
    if not house:
        return Scope(ruleset, MAPPED, EXCLUDED, ClassicSettings())
    if ruleset != "dmjl":
        raise ValueError("--house compares the house doubles with DMJL's, which have the same values")
    excluded = {name: why for name, why in EXCLUDED.items() if name not in HOUSE_MAPPED}
    keys = frozenset(key.removeprefix("house_") for _kind, key, _value in HOUSE_MAPPED.values())
    return Scope(ruleset, {**MAPPED, **HOUSE_MAPPED}, excluded, ClassicSettings(house_rules=keys))


_SUITS = {"m": "c", "p": "s", "s": "b"}
_HONOURS = {
    Tile.EAST: "we",
    Tile.SOUTH: "ws",
    Tile.WEST: "ww",
    Tile.NORTH: "wn",
    Tile.WHITE: "db",
    Tile.GREEN: "dg",
    Tile.RED: "dr",
}
_BONUS = {**{Tile(34 + i): "f" + "eswn"[i] for i in range(4)}, **{Tile(38 + i): "y" + "eswn"[i] for i in range(4)}}


def oracle_available() -> bool:
    return SYSTEM_PYTHON.is_file() and (KAJONGG_DIR / "predefined.py").is_file()


# ---------------------------------------------------------------- hand generation


def random_win(rng: random.Random, max_chows: int = 4) -> WinContext:
    """A random winning hand: four sets and a pair, biased towards few suits and many honours.

    Some sets are declared (exposed pungs, chows and kongs, claimed or added; concealed kongs), the
    winning tile is any concealed tile, self-drawn or from a discard; random seat, prevailing wind and
    bonus tiles.
    """
    # One hand in four takes its sets from five neighbouring ranks of one suit, mostly chows, and keeps
    # them concealed: such hands read in several ways (111222333 is also three chows), which exercises
    # the choice of the best reading and of the set the winning discard completes.
    narrow = rng.random() < 0.25
    shapes = (
        (SetKind.CHOW, SetKind.CHOW, SetKind.PUNG)
        if narrow
        else (SetKind.CHOW, SetKind.PUNG, SetKind.PUNG, SetKind.KONG)
    )
    while True:
        suits = rng.sample(range(3), rng.choice((1, 1, 2, 3)))
        if narrow:
            low = suits[0] * 9 + rng.randrange(5)
            kinds = [Tile(low + r) for r in range(5)]
        else:
            kinds = [Tile(s * 9 + r) for s in suits for r in range(9)]
            if rng.random() < 0.6:
                kinds += [Tile(i) for i in range(27, 34)]
        sets: list[tuple[SetKind, Tile]] = []
        for _ in range(4):
            kind = rng.choice(shapes)
            tile = rng.choice(kinds)
            chows = sum(1 for k, _t in sets if k is SetKind.CHOW)
            if kind is SetKind.CHOW and (tile >= 27 or tile % 9 > 6 or chows >= max_chows):
                kind = SetKind.PUNG
            sets.append((kind, tile))
        pair = rng.choice(kinds)
        tiles = [pair, pair] + [t for kind, tile in sets for t in Meld(kind, tile).natural_tiles]
        if max(Counter(tiles).values()) <= 4:
            break
    seat = rng.randrange(4)
    concealed: list[Tile] = [pair, pair]
    melds: list[Meld] = []
    for kind, tile in sets:
        if kind is SetKind.KONG and rng.random() < 0.4:
            melds.append(Meld(kind, tile, exposed=False))
        elif kind is SetKind.KONG or rng.random() < (0.1 if narrow else 0.4):
            # A chow is claimed from the player on the left; a pung or kong from anyone; a kong may
            # also be added to one's own exposed pung.
            added = kind is SetKind.KONG and rng.random() < 0.5
            source = (seat - 1) % 4 if kind is SetKind.CHOW else rng.choice([s for s in range(4) if s != seat])
            melds.append(Meld(kind, tile, exposed=True, claimed_from=source, added=added))
        else:
            concealed += Meld(kind, tile).natural_tiles
    count = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4, 5)) if rng.random() < 0.95 else rng.choice((6, 7, 8))
    return WinContext(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=rng.choice(concealed),
        self_drawn=rng.random() < 0.5,
        seat=seat,
        round_wind=rng.choice(WINDS),
        bonus=tuple(rng.sample(BONUS_TILES, count)),
    )


# ---------------------------------------------------------------- Kajongg notation


def kajongg_tile(tile: Tile, concealed: bool) -> str:
    code = _BONUS.get(tile) or _HONOURS.get(tile) or _SUITS[tile.code[1]] + tile.code[0]
    # Kajongg writes a concealed tile with its group letter in upper case: "C7", "Dg", "We".
    return code[0].upper() + code[1] if concealed and not tile.is_bonus else code


def kajongg_meld(tiles: tuple[Tile, ...], case: str) -> str:
    """``case`` gives each tile's case as Kajongg does: 'aaa' exposed, 'AAA' concealed, 'aAAa' concealed
    kong, 'aaaA' a kong claimed from a discard, 'aaaa' a kong added to an exposed pung."""
    return "".join(kajongg_tile(tile, letter == "A") for tile, letter in zip(tiles, case, strict=True))


def _declared_meld(meld: Meld) -> str:
    if meld.kind is not SetKind.KONG:
        return kajongg_meld(meld.natural_tiles, "aaa")
    return kajongg_meld(meld.natural_tiles, "aAAa" if not meld.exposed else "aaaa" if meld.added else "aaaA")


def kajongg_hands(win: WinContext) -> list[tuple[Reading, str]]:
    """Every reading of the hand as a Kajongg hand string with fixed melds.

    On a discard, the set the winning tile completes is written exposed (lower case), as is the pair
    when the tile completes the pair; the last tile is upper case when self-drawn.
    """
    declared = [_declared_meld(meld) for meld in win.melds]
    bonus = [kajongg_tile(tile, False) for tile in win.bonus]
    found = []
    for reading in readings(win, seven_pairs=False, thirteen_orphans=False):
        assert reading.pair is not None
        hand_sets = _hand_sets(reading, win)
        parts = list(declared)
        last_meld = ""
        for item in hand_sets:
            text = kajongg_meld(item.tiles, "AAA" if item.concealed else "aaa")
            parts.append(text)
            if not item.concealed:
                last_meld = text
        pair_claimed = not win.self_drawn and not last_meld
        pair = kajongg_meld((reading.pair, reading.pair), "aa" if pair_claimed else "AA")
        parts.append(pair)
        if pair_claimed:
            last_meld = pair
        last = kajongg_tile(win.winning_tile, win.self_drawn)
        found.append((reading, " ".join([*parts, *bonus, f"L{last}{last_meld}"])))
    return found


def _hand_sets(reading: Reading, win: WinContext) -> list[ReadSet]:
    """The sets of the reading that were not declared (declared ones come from ``win.melds``)."""
    hand_sets = [item for item in reading.sets if not item.declared]
    assert len(hand_sets) == 4 - len(win.melds)
    return hand_sets


def kajongg_free_hand(win: WinContext) -> str | None:
    """A self-drawn hand with its concealed tiles left for Kajongg to arrange (``R``), or None on a discard.

    Kajongg 22.12 arranges a discard win with the claimed set still concealed (its ``md`` source only
    changes the trial hands), so only self-drawn hands are given free.
    """
    if not win.self_drawn:
        return None
    rest = "".join(kajongg_tile(tile, True) for tile in sorted(win.concealed))
    parts = [_declared_meld(meld) for meld in win.melds] + [kajongg_tile(tile, False) for tile in win.bonus]
    return " ".join([*parts, f"R{rest}", f"L{kajongg_tile(win.winning_tile, True)}"])


# ---------------------------------------------------------------- comparison


@dataclass(frozen=True, slots=True)
class Tally:
    """A hand's score restricted to the shared table: components, points, doubles, score."""

    components: Counter[tuple[str, int]]
    points: int
    doubles: int

    @property
    def score(self) -> int:
        return self.points * (1 << self.doubles)

    def rank(self) -> tuple[int, int, int]:
        return (self.score, self.points, self.doubles)


def _tally(parts: list[tuple[str, str, int]]) -> Tally:
    """Points components stay one per set, pair or tile (their values are compared one by one); doubles
    are summed per key (one item of 2 doubles here may be two rules of 1 there)."""
    components: Counter[tuple[str, int]] = Counter()
    doubled: Counter[str] = Counter()
    for kind, key, value in parts:
        if kind == "points":
            components[key, value] += 1
        else:
            doubled[key] += value
    components.update((key, total) for key, total in doubled.items())
    points = sum(value for kind, _key, value in parts if kind == "points")
    return Tally(components, points, sum(doubled.values()))


def our_tally(ours: ClassicScore, scope: Scope) -> Tally:
    parts = [
        ("points" if item.points else "doubles", item.key, item.points or item.doubles)
        for item in ours.items
        if item.key in scope.our_keys and (item.points or item.doubles)
    ]
    tally = _tally(parts)
    if (tally.points, tally.doubles) != (ours.points, ours.doubles):
        raise RuntimeError(f"our breakdown has items outside the shared table: {ours.items}")
    return tally


def kajongg_tally(rules: list[list[Any]], scope: Scope) -> tuple[Tally, Counter[str]]:
    """Kajongg's applied rules mapped onto the shared table, and the excluded ones by name."""
    parts: list[tuple[str, str, int]] = []
    excluded: Counter[str] = Counter()
    for name, _meld, rule_points, rule_doubles, limits in rules:
        if limits:
            raise RuntimeError(f"Kajongg applied the limit rule {name!r}: the oracle should have removed it")
        if name in scope.excluded:
            excluded[name] += 1
            continue
        if name not in scope.mapped:
            raise RuntimeError(f"Kajongg rule {name!r} is neither mapped nor excluded: add it to the tables")
        kind, key, value = scope.mapped[name]
        kajongg_value = rule_points if kind == "points" else rule_doubles
        parts.append((kind, key, value if value is not None else kajongg_value))
    return _tally(parts), excluded


@dataclass(frozen=True, slots=True)
class Candidate:
    """One hand Kajongg scored: a reading of ours as fixed melds, or (reading None) its own arrangement."""

    reading: Reading | None
    string: str
    tally: Tally
    excluded: Counter[str]


KNOWN_DISCARD_CONCEALED = (
    "known: concealed hand won on a discard. Ours gives the fully-concealed double (SPEC §2 classic: 'no "
    "claimed set before the win'; seed 000 only says 'la main entièrement cachée du gagnant'); Kajongg exposes "
    "the set or pair the discard completes, so no 'Only Concealed Melds' (like BMJA, reference/scoring.md §3.3: "
    "the concealed double needs a self-drawn last tile)"
)
KNOWN_CLAIMED_KONG = (
    "known: kong claimed from a discard. Kajongg counts its claimed kong (aaaA) as concealed for 'Only Concealed "
    "Melds' and 'Three Concealed Pongs'; ours counts it as a claimed set (SPEC §2 classic: 'no claimed set before "
    "the win; concealed kongs allowed'; house.py three_concealed_pungs: pungs made without a claim)"
)
KNOWN_BMJA_PURITY = (
    "known: one suit with a chow. The boxed set doubles any one-suit hand (seed 000 'la main d'une seule "
    "famille'; SPEC §2); BMJA's only one-suit double is Purity, pungs only (reference/scoring.md §3.3)"
)


@dataclass(frozen=True, slots=True)
class Outcome:
    win: WinContext
    scope: Scope
    ours: Tally
    compared: Candidate | None  # Kajongg's best reading, or the one closest to ours; None: no reading wins
    best_fixed: Tally | None
    free: Candidate | None  # Kajongg's own arrangement (self-drawn hands only)
    free_won: bool

    def differences(self) -> list[tuple[str, str]]:
        """What differs from our score, each with the source that decides it ("known: …" or "unexplained")."""
        if self.compared is None:
            return [("Kajongg finds no winning reading", "unexplained")]
        theirs = self.compared.tally
        found = [
            (f"Kajongg +{n}×{key}={value}", self._decide(key, ours_has=False))
            for (key, value), n in sorted((theirs.components - self.ours.components).items())
        ]
        found += [
            (f"ours +{n}×{key}={value}", self._decide(key, ours_has=True))
            for (key, value), n in sorted((self.ours.components - theirs.components).items())
        ]
        if not found and theirs.rank() != self.ours.rank():
            found.append(("same components, different totals", "unexplained"))
        if not self.free_won:
            found.append(("Kajongg's own arrangement is not a win", "unexplained"))
        elif self.free is not None and self.best_fixed is not None and self.free.tally.rank() > self.best_fixed.rank():
            found.append(
                ("Kajongg's own arrangement beats every reading of ours", "unexplained: a reading the scorer misses")
            )
        return found

    def _decide(self, key: str, *, ours_has: bool) -> str:
        win = self.win
        if key == "concealed_hand" and ours_has and not win.self_drawn and win.is_concealed:
            return KNOWN_DISCARD_CONCEALED
        claimed_kongs = [m for m in win.melds if m.kind is SetKind.KONG and m.exposed and not m.added]
        if (
            key == "concealed_hand"
            and not ours_has
            and claimed_kongs
            and all(not m.exposed or m in claimed_kongs for m in win.melds)
        ):
            return KNOWN_CLAIMED_KONG
        if key == "house_three_concealed_pungs" and not ours_has and claimed_kongs:
            return KNOWN_CLAIMED_KONG
        reading = self.compared.reading if self.compared else None
        if (
            key == "one_suit"
            and ours_has
            and self.scope.ruleset == "bmja"
            and reading is not None
            and any(s.kind is SetKind.CHOW for s in reading.sets)
        ):
            return KNOWN_BMJA_PURITY
        return "unexplained"


def compare(
    win: WinContext, scope: Scope, fixed: list[tuple[Reading, str]], free: str | None, results: list[dict[str, Any]]
) -> Outcome:
    """Our best score against Kajongg's best mapped reading (or, if none agrees, the closest one)."""
    ours = our_tally(score_classic(win, scope.settings), scope)
    candidates = []
    for (reading, string), result in zip(fixed, results, strict=False):
        if result["won"]:
            candidates.append(Candidate(reading, string, *kajongg_tally(result["rules"], scope)))
    free_result = results[len(fixed)] if free is not None else None
    free_candidate = None
    if free is not None and free_result is not None and free_result["won"]:
        free_candidate = Candidate(None, free, *kajongg_tally(free_result["rules"], scope))
    free_won = free_result is None or bool(free_result["won"])
    if not candidates:
        return Outcome(win, scope, ours, None, None, free_candidate, free_won)
    best = max(candidates, key=lambda c: c.tally.rank())
    compared = best
    if not (best.tally.rank() == ours.rank() and best.tally.components == ours.components):
        # Show the reading whose components differ least from ours: it names the disagreement.
        compared = min(
            candidates,
            key=lambda c: sum(
                ((c.tally.components - ours.components) + (ours.components - c.tally.components)).values()
            ),
        )
    return Outcome(win, scope, ours, compared, best.tally, free_candidate, free_won)


# ---------------------------------------------------------------- running Kajongg


def run_oracle(ruleset: str, requests: list[dict[str, Any]], *options: str) -> list[Any]:
    """One answer per request (see ``kajongg_oracle.py``), from one run of the system python3."""
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(KAJONGG_DIR),
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": os.environ.get("HOME", "/tmp"),
    }
    lines = "".join(json.dumps(request) + "\n" for request in requests)
    done = subprocess.run(
        [str(SYSTEM_PYTHON), str(ORACLE), ruleset, *options], input=lines, capture_output=True, text=True, env=env
    )
    if done.returncode != 0:
        raise RuntimeError(f"the Kajongg oracle failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return [json.loads(line) for line in done.stdout.splitlines()]


def crosscheck(wins: list[WinContext], scope: Scope) -> Iterator[Outcome]:
    """Score every hand with Kajongg (one subprocess for all) and compare it with ours."""
    fixed = [kajongg_hands(win) for win in wins]
    free = [kajongg_free_hand(win) for win in wins]
    requests = [
        {
            "seat": win.seat,
            "round": WINDS.index(win.round_wind),
            "hands": [s for _r, s in hand] + ([own] if own else []),
        }
        for win, hand, own in zip(wins, fixed, free, strict=True)
    ]
    for win, hand, own, answer in zip(wins, fixed, free, run_oracle(scope.ruleset, requests), strict=True):
        yield compare(win, scope, hand, own, answer["results"])


def published_limits(outcomes: list[Outcome], ruleset: str) -> Counter[str]:
    """Which limit rule Kajongg's ruleset as published gives the compared readings, by name."""
    compared = [o for o in outcomes if o.compared is not None]
    requests = [
        {"seat": o.win.seat, "round": WINDS.index(o.win.round_wind), "hands": [o.compared.string]}
        for o in compared
        if o.compared is not None
    ]
    found: Counter[str] = Counter()
    for answer in run_oracle(ruleset, requests, "--keep-limits"):
        (result,) = answer["results"]
        found.update(name for name, _meld, _points, _doubles, limits in result["rules"] if limits)
    return found


def describe(win: WinContext) -> str:
    melds = " ".join(
        ("[" if m.exposed else "(") + m.notation() + ("]" if m.exposed else ")") + ("+" if m.added else "")
        for m in win.melds
    )
    return (
        f"concealed {format_tiles(sorted(win.concealed))} declared {melds or '-'} win {win.winning_tile.code} "
        f"{'self-drawn' if win.self_drawn else 'discard'} seat {'ESWN'[win.seat]} round "
        f"{'ESWN'[WINDS.index(win.round_wind)]} bonus {format_tiles(win.bonus) or '-'}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", choices=sorted(RULESET_NAMES), default="dmjl")
    parser.add_argument("--examples", type=int, default=2, help="examples shown per category")
    parser.add_argument(
        "--house", action="store_true", help="also compare the house doubles DMJL has (HOUSE_MAPPED), switched on here"
    )
    parser.add_argument("--mapping", action="store_true", help="also print the rule mapping")
    args = parser.parse_args()
    scope = scope_for(args.ruleset, args.house)
    if not oracle_available():
        print(f"Kajongg not found ({KAJONGG_DIR}/predefined.py, {SYSTEM_PYTHON}): apt-get install -y kajongg")
        return 1
    rng = random.Random(args.seed)
    # BMJA allows one chow per hand (reference/scoring.md §3.4): generate no more.
    wins = [random_win(rng, max_chows=1 if args.ruleset == "bmja" else 4) for _ in range(args.hands)]
    start = time.perf_counter()
    outcomes = list(crosscheck(wins, scope))
    elapsed = time.perf_counter() - start

    categories: Counter[tuple[str, ...]] = Counter()
    examples: dict[tuple[str, ...], list[Outcome]] = {}
    sources: dict[str, str] = {}
    coverage: Counter[str] = Counter()
    excluded: Counter[str] = Counter()
    agree = known = 0
    for outcome in outcomes:
        coverage.update({name for name, _value in outcome.ours.components})
        if outcome.compared is not None:
            excluded.update(outcome.compared.excluded)
        differences = outcome.differences()
        if not differences:
            agree += 1
            continue
        known += all(source.startswith("known") for _what, source in differences)
        key = tuple(what for what, _source in differences)
        sources.update(differences)
        categories[key] += 1
        examples.setdefault(key, []).append(outcome)

    print(
        f"Kajongg ruleset {RULESET_NAMES[args.ruleset]!r} (limit rules removed), {args.hands} hands, seed "
        f"{args.seed}, house doubles {'compared' if args.house else 'off'}: {elapsed:.1f} s for both scorers"
    )
    print(f"same shared components, points and doubles: {agree} ({100 * agree / args.hands:.1f} %)")
    print(
        f"same once the known, sourced differences are set aside: {agree + known} "
        f"({100 * (agree + known) / args.hands:.1f} %); unexplained: {args.hands - agree - known}"
    )
    print(
        "hands where our score has each component: "
        + ", ".join(f"{key} {count}" for key, count in sorted(coverage.items()))
    )
    for key, count in categories.most_common():
        print(f"\n{count} × " + "; ".join(key))
        for what in key:
            print(f"  {what}: {sources[what]}")
        for outcome in examples[key][: args.examples]:
            print(f"  hand: {describe(outcome.win)}")
            if outcome.compared is None:
                print("    Kajongg: no reading wins")
                continue
            theirs = outcome.compared.tally
            print(f"    Kajongg: {outcome.compared.string}")
            if outcome.free is not None:
                print(f"    Kajongg's own arrangement: {outcome.free.string}")
            print(
                f"    ours {outcome.ours.points} pts × 2^{outcome.ours.doubles} = {outcome.ours.score}; Kajongg "
                f"mapped {theirs.points} pts × 2^{theirs.doubles} = {theirs.score}"
            )
    limits = published_limits(outcomes, args.ruleset)
    print(
        f"\nKajongg's published ruleset (limits kept) scores {sum(limits.values())} of the compared readings as "
        "a limit hand (the boxed set has none): "
        + (", ".join(f"{name} {count}" for name, count in limits.most_common()) or "none")
    )
    print("\nKajongg rules left out (not in the boxed set), times applied to the compared readings:")
    for name, count in excluded.most_common():
        print(f"  {count:5d} × {name}: {scope.excluded[name]}")
    if args.mapping:
        (removed,) = run_oracle(args.ruleset, [], "--removed")
        print("\nKajongg limit rules removed from the ruleset: " + ", ".join(removed))
        print("\nKajongg rule -> boxed-set component:")
        for name, (kind, component, value) in scope.mapped.items():
            print(f"  {name} -> {component} ({kind}{f', counted as {value}' if value is not None else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

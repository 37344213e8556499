"""An outside opponent at our tables: the AI of the PyPI package hk-mahjong 0.1.0, seated through an adapter.

hk-mahjong ("Hong Kong style mahjong in the terminal — play against 3 AI opponents", MIT licence, by
aidancorrell on GitHub; not the npm package of the same name that ``benchmarks/hk_crosscheck.py`` scores
with) ships a greedy shanten AI, ``hk_mahjong.ai.basic_ai.BasicAI``. ``HkMahjongPlayer`` is our
``game.players.base.Player``: it rebuilds the seat's view in hk-mahjong's own objects (its ``Player``,
``Hand``, ``Meld`` and ``Tile``, every seat's discards), asks ``BasicAI`` what its own game asks it, and
maps the answer back to one of ``view.legal``. Nothing of hk-mahjong is copied here: it is imported, and
only by the benchmarks (``pip install --require-hashes -r requirements/build.lock -r
requirements/bench.lock``, or ``make install-bench``; the bot never depends on it).

What is asked, as hk-mahjong's game loop asks it (``hk_mahjong/ui/app.py``):

- on turn (14 tiles, or 11 after a claimed set…): ``choose_action_after_draw``; its win becomes
  ``DeclareWin``, its kong the first tile of ``Hand.can_self_kong()`` (four held: ``ConcealedKong``,
  else ``AddedKong``), anything else ``choose_discard``'s tile as ``Discard``;
- on a discard (or a kong that may be robbed): ``choose_claim`` with the claims our engine offers the seat
  (mahjong → WIN, pung → PONG, kong → KONG, chow → CHOW); its chow's companions name our chow's base.

Fallbacks, each counted in ``HkMahjongPlayer.fallbacks`` by reason (the sum is ``fallback_count``):

- ``win_refused``: it declares a win our table does not offer (hk-mahjong never checks its own 3-faan
  minimum; ours refuses hands below the table's minimum): it discards what ``choose_discard`` says, as
  its own game does when a declared win is refused;
- ``kong_refused``: a kong we do not offer (none when the wall is empty): ``choose_discard`` instead;
- ``discard_refused``: a tile it may not discard here: the first legal discard (lowest tile);
- ``claim_refused``: a claim we do not offer (a chow of other tiles): ``Pass``;
- ``call``: the calling rule (not a Hong Kong rule: it knows nothing of it): it calls as soon as it may;
- ``untranslatable`` (a joker: not a Hong Kong tile) and ``outside_error`` (the AI raised; the last
  error is kept in ``last_error``): ``Pass`` in a claim window, else the first legal discard.

Flowers and seasons are replaced by our engine without a choice; the adapter hands them to hk-mahjong's
``Hand.bonus``, which its AI does not read. Its AI uses no randomness: ``rng`` is not needed. One thing
would still make it differ from run to run: ``choose_discard`` breaks ties by the order of a ``set`` of
its tiles, and its ``Tile`` hashes ``None`` and enum names, which Python hashes differently in every
process. The adapter gives hk-mahjong's ``Tile`` a hash of its own ``sort_key`` (integers) once, on first
use: equal tiles still hash alike, and the same view gives the same choice in every process.

The runner measures one of our players against it in Hong Kong rules, on the same walls for both seatings::

    .venv/bin/python benchmarks/outside_hk_mahjong.py --walls 300 --seed 1 --player strong

For each wall (the first hand of ``game.match.Match(rules, wall_seed)``) and each chair, it plays the hand
with our player alone in that chair against three hk-mahjong AIs, then hk-mahjong alone in that chair
against three of ours: 8 hands per wall. Per seating and player it prints the win rate, the deal-in
rate, the mean net payment (``game.scoring.table.settle_hand``) and the mean placement (rank of the
hand's payments among the four chairs, ties averaged: a drawn hand is 2.5 for all) with 95 % intervals
over walls (a wall's four chairs averaged first), the difference between the two lone players on the
same walls and chairs, and the adapter's fallbacks.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from multiprocessing import Pool
from types import SimpleNamespace
from typing import Any, Protocol

from game.actions import Action, AddedKong, Call, Claim, ClaimKind, ConcealedKong, DeclareWin, Discard, Pass
from game.hand import SetKind
from game.melds import Meld
from game.tiles import Tile
from game.view import SeatView

OUTSIDE = "hk-mahjong"
OUTSIDE_VERSION = "0.1.0"
INSTALL = (
    "pip install --require-hashes -r requirements/build.lock -r requirements/bench.lock "
    "(or make install-bench): hk-mahjong is a benchmark-only dependency"
)


class OutsideMissing(ImportError):
    """hk-mahjong is not installed (or not the version the adapter speaks to)."""


class _Untranslatable(Exception):
    """The view holds something hk-mahjong has no notion of (a joker)."""


# --- hk-mahjong's objects, as far as the adapter reads them --------------------------------------------
# hk-mahjong ships no type hints: these protocols are the narrow boundary mypy checks.


class _Named(Protocol):
    """An enum member of hk-mahjong (its ActionType, ClaimType)."""

    @property
    def name(self) -> str: ...


class _HkClaim(Protocol):
    @property
    def claim_type(self) -> _Named: ...

    @property
    def companions(self) -> tuple[Hashable, ...]: ...


class _HkHand(Protocol):
    def can_self_kong(self) -> list[Hashable]: ...


class _HkPlayer(Protocol):
    @property
    def hand(self) -> _HkHand: ...


class _HkStrategy(Protocol):
    def choose_discard(self, player: _HkPlayer, game: object) -> Hashable: ...

    def choose_claim(self, player: _HkPlayer, tile: Hashable, valid_claims: list[object], game: object) -> _HkClaim: ...

    def choose_action_after_draw(self, player: _HkPlayer, game: object) -> _Named: ...


@dataclass(frozen=True)
class _Outside:
    """What the adapter uses of hk-mahjong, loaded once."""

    ai: _HkStrategy
    make_player: Callable[..., _HkPlayer]
    make_hand: Callable[..., _HkHand]
    melds: dict[SetKind, Callable[..., object]]
    concealed_kong: Callable[[Hashable], object]
    tiles: dict[Tile, Hashable]  # ours → theirs (every tile but the joker)
    ours: dict[Hashable, Tile]  # theirs → ours
    sort_key: dict[Tile, tuple[int, ...]]  # their display order, for the hand they are shown
    winds: dict[Tile, object]  # wind tile → their Wind
    claim_types: dict[ClaimKind, object]  # our claim kind → their ClaimType


def _stable_hash(tile: Any) -> int:
    """A hash for hk-mahjong's ``Tile`` that is the same in every process (see the module docstring)."""
    key: tuple[int, ...] = tile.sort_key
    return hash(key)


@cache
def _outside() -> _Outside:
    try:
        version = metadata.version(OUTSIDE)
        tiles = importlib.import_module("hk_mahjong.core.tiles")
        meld = importlib.import_module("hk_mahjong.core.meld")
        hand = importlib.import_module("hk_mahjong.core.hand")
        player = importlib.import_module("hk_mahjong.core.player")
        rules = importlib.import_module("hk_mahjong.core.rules")
        basic_ai = importlib.import_module("hk_mahjong.ai.basic_ai")
    except ImportError as error:  # metadata's PackageNotFoundError is one too
        raise OutsideMissing(f"the outside player needs {OUTSIDE}=={OUTSIDE_VERSION}: {INSTALL}") from error
    if version != OUTSIDE_VERSION:
        raise OutsideMissing(f"the adapter speaks to {OUTSIDE} {OUTSIDE_VERSION}, not {version}: {INSTALL}")
    tiles.Tile.__hash__ = _stable_hash
    suits = {"m": tiles.Suit.CHARACTERS, "p": tiles.Suit.DOTS, "s": tiles.Suit.BAMBOO}
    wind_members = (tiles.Wind.EAST, tiles.Wind.SOUTH, tiles.Wind.WEST, tiles.Wind.NORTH)
    dragon_members = {Tile.WHITE: tiles.Dragon.WHITE, Tile.GREEN: tiles.Dragon.GREEN, Tile.RED: tiles.Dragon.RED}
    theirs: dict[Tile, Hashable] = {}
    sort_key: dict[Tile, tuple[int, ...]] = {}
    for tile in Tile:
        if tile.is_suited:
            their = tiles.make_suited(suits[tile.suit.value], tile.number)
        elif tile.is_wind:
            their = tiles.make_wind(wind_members[tile - Tile.EAST])
        elif tile.is_dragon:
            their = tiles.make_dragon(dragon_members[tile])
        elif tile.is_bonus:
            kind = tiles.BonusType.FLOWER if tile.is_flower else tiles.BonusType.SEASON
            their = tiles.make_bonus(kind, (tile - Tile.PLUM) % 4 + 1)
        else:
            continue  # the joker: no Hong Kong tile
        theirs[tile] = their
        sort_key[tile] = their.sort_key
    kinds = rules.ClaimType
    return _Outside(
        ai=basic_ai.BasicAI(),
        make_player=player.Player,
        make_hand=hand.Hand,
        melds={
            SetKind.CHOW: lambda *three: meld.make_chow(*three),
            SetKind.PUNG: meld.make_pong,
            SetKind.KONG: meld.make_kong,
        },
        concealed_kong=lambda tile: meld.make_kong(tile, concealed=True),
        tiles=theirs,
        ours={their: our for our, their in theirs.items()},
        sort_key=sort_key,
        winds=dict(zip(_WINDS, wind_members, strict=True)),
        claim_types={
            ClaimKind.MAHJONG: kinds.WIN,
            ClaimKind.KONG: kinds.KONG,
            ClaimKind.PUNG: kinds.PONG,
            ClaimKind.CHOW: kinds.CHOW,
        },
    )


_WINDS = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
_CLAIM_ORDER = (ClaimKind.MAHJONG, ClaimKind.KONG, ClaimKind.PUNG, ClaimKind.CHOW)  # as its game lists them
_CLAIMED = {"WIN": ClaimKind.MAHJONG, "PONG": ClaimKind.PUNG, "KONG": ClaimKind.KONG, "CHOW": ClaimKind.CHOW}


class HkMahjongPlayer:
    """hk-mahjong 0.1.0's ``BasicAI`` in one of our seats. Built with no argument (benchmarks load it as
    ``benchmarks.outside_hk_mahjong:HkMahjongPlayer``); raises ``OutsideMissing`` (an ``ImportError``
    saying how to install it) when hk-mahjong is not installed."""

    name = "hk-mahjong"

    def __init__(self) -> None:
        self._outside = _outside()
        self.decisions = 0
        self.fallbacks: Counter[str] = Counter()
        self.last_error: str | None = None

    @property
    def fallback_count(self) -> int:
        """How many decisions were not hk-mahjong's own choice mapped as is (``fallbacks`` says why)."""
        return sum(self.fallbacks.values())

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """hk-mahjong's choice among ``view.legal``; ``rng`` is unused (its AI draws no random numbers)."""
        self.decisions += 1
        try:
            if view.claim is not None:
                return self._answer(view)
            return self._turn(view)
        except _Untranslatable:
            return self._fallback(view, "untranslatable")
        except Exception as error:  # whatever the outside code raises must not reach our engine
            self.last_error = f"{type(error).__name__}: {error}"
            return self._fallback(view, "outside_error")

    # --- decisions ------------------------------------------------------------------------------------

    def _turn(self, view: SeatView) -> Action:
        seat = _seat(view)
        legal = view.legal
        call = Call(seat)
        if call in legal:
            self.fallbacks["call"] += 1
            return call
        outside = self._outside
        player, table = self._translate(view)
        wanted = outside.ai.choose_action_after_draw(player, table).name
        if wanted == "DECLARE_WIN":
            if DeclareWin(seat) in legal:
                return DeclareWin(seat)
            self.fallbacks["win_refused"] += 1
        elif wanted in ("DECLARE_CONCEALED_KONG", "DECLARE_PROMOTE_KONG"):
            candidates = player.hand.can_self_kong()
            if candidates:
                tile = outside.ours[candidates[0]]
                held = (view.concealed or ()).count(tile)
                kong: Action = ConcealedKong(seat, tile) if held >= 4 else AddedKong(seat, tile)
                if kong in legal:
                    return kong
            self.fallbacks["kong_refused"] += 1
        discard = Discard(seat, outside.ours[outside.ai.choose_discard(player, table)])
        if discard in legal:
            return discard
        self.fallbacks["discard_refused"] += 1
        return _first_discard(view)

    def _answer(self, view: SeatView) -> Action:
        assert view.claim is not None
        seat = _seat(view)
        outside = self._outside
        offered = {claim.kind for claim in view.claim.options}
        valid = [outside.claim_types[kind] for kind in _CLAIM_ORDER if kind in offered]
        player, table = self._translate(view)
        tile = view.claim.tile
        answer = outside.ai.choose_claim(player, outside.tiles[tile], valid, table)
        kind = _CLAIMED.get(answer.claim_type.name)
        if kind is None:
            return Pass(seat)
        if kind is ClaimKind.CHOW:
            chosen = Claim(seat, kind, min(tile, *(outside.ours[their] for their in answer.companions)))
        else:
            chosen = Claim(seat, kind)
        if chosen in view.legal:
            return chosen
        self.fallbacks["claim_refused"] += 1
        return Pass(seat)

    def _fallback(self, view: SeatView, reason: str) -> Action:
        self.fallbacks[reason] += 1
        seat = _seat(view)
        if view.claim is not None and Pass(seat) in view.legal:
            return Pass(seat)
        return _first_discard(view)

    # --- the view in hk-mahjong's objects ------------------------------------------------------------

    def _translate(self, view: SeatView) -> tuple[_HkPlayer, object]:
        """The seat as hk-mahjong's ``Player`` (its hand sorted in its own order, the drawn tile last, as
        its game holds it), and a stand-in for its ``GameState`` with what its AI reads: every seat's
        discards (claimed ones too: its game keeps them in the discarder's list)."""
        outside = self._outside
        seat = _seat(view)
        me = view.seats[seat]
        concealed = list(view.concealed or ())
        if Tile.JOKER in concealed or any(meld.jokers for meld in me.melds):
            raise _Untranslatable("a joker")
        drawn = view.drawn if view.claim is None and view.drawn in concealed else None
        if drawn is not None:
            concealed.remove(drawn)
        concealed.sort(key=outside.sort_key.__getitem__)
        if drawn is not None:
            concealed.append(drawn)
        players = [
            outside.make_player(
                seat=public.seat,
                seat_wind=outside.winds[public.wind],
                discards=[outside.tiles[discarded.tile] for discarded in public.discards],
            )
            for public in view.seats
        ]
        player = outside.make_player(
            seat=seat,
            seat_wind=outside.winds[me.wind],
            hand=outside.make_hand(
                concealed=[outside.tiles[tile] for tile in concealed],
                melds=[self._meld(meld) for meld in me.melds],
                bonus=[outside.tiles[tile] for tile in me.bonus],
            ),
            discards=[outside.tiles[discarded.tile] for discarded in me.discards],
        )
        players[seat] = player
        return player, SimpleNamespace(players=players)

    def _meld(self, meld: Meld) -> object:
        outside = self._outside
        if meld.kind is SetKind.KONG and not meld.exposed:
            return outside.concealed_kong(outside.tiles[meld.base])
        if meld.kind is SetKind.CHOW:
            return outside.melds[SetKind.CHOW](*(outside.tiles[tile] for tile in meld.natural_tiles))
        return outside.melds[meld.kind](outside.tiles[meld.base])


def _seat(view: SeatView) -> int:
    if view.seat is None:
        raise ValueError("a spectator's view has no choice to make")
    return view.seat


def _first_discard(view: SeatView) -> Action:
    """The first legal discard (the lowest tile), or the first legal action if there is none."""
    return next((action for action in view.legal if isinstance(action, Discard)), view.legal[0])


# --- the runner ---------------------------------------------------------------------------------------

SEATINGS = ("ours alone", "hk-mahjong alone")


@dataclass
class Sample:
    """Per wall, per seating: the lone player's and the trio's figures, each averaged over the four chairs
    (the trio's over its three chairs first)."""

    wins: list[float] = field(default_factory=list)
    deal_ins: list[float] = field(default_factory=list)
    net: list[float] = field(default_factory=list)
    place: list[float] = field(default_factory=list)


@dataclass
class Part:
    """What one process played: per seating, the lone player's and the trio's samples."""

    lone: dict[str, Sample] = field(default_factory=lambda: {seating: Sample() for seating in SEATINGS})
    trio: dict[str, Sample] = field(default_factory=lambda: {seating: Sample() for seating in SEATINGS})
    drawn: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    decisions: int = 0
    fallbacks: Counter[str] = field(default_factory=Counter)
    outside_ms: list[float] = field(default_factory=list)


def averaged_places(payments: Sequence[float]) -> list[float]:
    """Each chair's rank by its payment (1 = most), tied chairs sharing the mean of the ranks they cover."""
    return [
        1 + sum(1 for other in payments if other > paid) + (sum(1 for other in payments if other == paid) - 1) / 2
        for paid in payments
    ]


def wall_seed(seed: int, wall: int) -> int:
    return random.Random(f"outside-hk-mahjong:{seed}:{wall}").getrandbits(48)


def play_walls(job: tuple[str, int, Sequence[int]]) -> Part:
    """Every wall of ``walls``: our player ``ours`` alone in each chair, then hk-mahjong alone in each chair."""
    from game.match import Match
    from game.players import make_player
    from game.rules import ruleset
    from game.scoring.table import judge_for_table, settle_hand

    ours, seed, walls = job
    rules = ruleset("hongkong")
    judge = judge_for_table(rules)
    outside = HkMahjongPlayer()
    mine = make_player(ours)  # our players keep no state between choices: one serves every chair
    part = Part()
    for wall in walls:
        figures = {seating: {side: [[0.0] * 4 for _ in range(4)] for side in ("lone", "trio")} for seating in SEATINGS}
        for seating in SEATINGS:
            for chair in range(4):
                hand = Match(rules, wall_seed(seed, wall), judge=judge).next_round()
                lone, others = (mine, outside) if seating == SEATINGS[0] else (outside, mine)
                players = [lone if seat == chair else others for seat in range(4)]
                rng = random.Random(f"outside-hk-mahjong:{seed}:{wall}:{chair}")
                while hand.result is None:
                    seat = hand.awaiting()[0]
                    view = hand.view(seat)
                    started = time.perf_counter()
                    action = players[seat].choose(view, rng)
                    if players[seat] is outside and len(view.legal) > 1:
                        part.outside_ms.append(1000 * (time.perf_counter() - started))
                    hand.apply(action)
                result = hand.result
                payments = [float(paid) for paid in settle_hand(rules, result).payments]
                places = averaged_places(payments)
                part.hands += 1
                part.drawn[seating] += result.winner is None
                for seat in range(4):
                    side = "lone" if seat == chair else "trio"
                    weight = 1.0 if side == "lone" else 1 / 3
                    values = (
                        float(result.winner == seat),
                        float(result.winner is not None and result.winner != seat and result.discarder == seat),
                        payments[seat],
                        places[seat],
                    )
                    for index, value in enumerate(values):
                        figures[seating][side][index][chair] += weight * value
        for seating in SEATINGS:
            for side, samples in (("lone", part.lone), ("trio", part.trio)):
                sample = samples[seating]
                wins, deal_ins, net, place = (statistics.fmean(chairs) for chairs in figures[seating][side])
                sample.wins.append(wins)
                sample.deal_ins.append(deal_ins)
                sample.net.append(net)
                sample.place.append(place)
    part.decisions = outside.decisions
    part.fallbacks = outside.fallbacks
    return part


def merge(parts: Sequence[Part]) -> Part:
    total = Part()
    for part in parts:
        for samples, merged in ((part.lone, total.lone), (part.trio, total.trio)):
            for seating in SEATINGS:
                for name in ("wins", "deal_ins", "net", "place"):
                    getattr(merged[seating], name).extend(getattr(samples[seating], name))
        total.drawn.update(part.drawn)
        total.hands += part.hands
        total.decisions += part.decisions
        total.fallbacks.update(part.fallbacks)
        total.outside_ms.extend(part.outside_ms)
    return total


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (normal approximation over walls)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def report(ours: str, walls: int, total: Part) -> tuple[list[str], dict[str, Any]]:
    names = {SEATINGS[0]: (ours, OUTSIDE), SEATINGS[1]: (OUTSIDE, ours)}
    lines = [
        f"Hong Kong, minimum 3 fan: {walls} walls, {total.hands} hands "
        f"({ours} alone then {OUTSIDE} alone, each in the four chairs of every wall); 95 % intervals over walls",
        "",
        "| seating | player | chairs | win rate | deal-in rate | net per hand | mean placement |",
        "|---|---|---|---|---|---|---|",
    ]
    figures: dict[str, Any] = {"walls": walls, "hands": total.hands, "player": ours, "seatings": {}}
    for seating in SEATINGS:
        lone_name, trio_name = names[seating]
        label = f"{lone_name} vs 3 {trio_name}"
        figures["seatings"][label] = {"drawn": total.drawn[seating] / (total.hands / 2)}
        for side, name, chairs in (("lone", lone_name, 1), ("trio", trio_name, 3)):
            sample = (total.lone if side == "lone" else total.trio)[seating]
            row = {key: interval(getattr(sample, key)) for key in ("wins", "deal_ins", "net", "place")}
            figures["seatings"][label][name] = row
            lines.append(
                f"| {label} | {name} | {chairs} "
                f"| {100 * row['wins'][0]:.1f} ± {100 * row['wins'][1]:.1f} % "
                f"| {100 * row['deal_ins'][0]:.1f} ± {100 * row['deal_ins'][1]:.1f} % "
                f"| {row['net'][0]:+.2f} ± {row['net'][1]:.2f} "
                f"| {row['place'][0]:.2f} ± {row['place'][1]:.2f} |"
            )
    drawn = {seating: 100 * total.drawn[seating] / (total.hands / 2) for seating in SEATINGS}
    paired = [
        alone - other for alone, other in zip(total.lone[SEATINGS[0]].net, total.lone[SEATINGS[1]].net, strict=True)
    ]
    difference = interval(paired)
    figures["lone_net_difference"] = difference
    lines += [
        "",
        f"Drawn hands: {drawn[SEATINGS[0]]:.1f} % ({ours} alone), {drawn[SEATINGS[1]]:.1f} % ({OUTSIDE} alone).",
        f"{ours} alone minus {OUTSIDE} alone, net per hand on the same walls and chairs: "
        f"{difference[0]:+.2f} ± {difference[1]:.2f}.",
    ]
    fallbacks = sum(total.fallbacks.values())
    reasons = ", ".join(f"{reason} {count}" for reason, count in total.fallbacks.most_common()) or "none"
    share = 100 * fallbacks / max(total.decisions, 1)
    times = sorted(total.outside_ms)
    median = statistics.median(times) if times else 0.0
    lines.append(
        f"Adapter: {total.decisions} {OUTSIDE} decisions, {fallbacks} fallbacks ({share:.2f} %: {reasons}); "
        f"median {median:.2f} ms per decision with a choice."
    )
    figures["decisions"] = total.decisions
    figures["fallbacks"] = dict(total.fallbacks)
    figures["outside_median_ms"] = median
    return lines, figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--walls", type=int, default=300, help="walls (8 hands each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", default="strong", help="our player measured against hk-mahjong")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    try:
        _outside()
    except OutsideMissing as error:
        print(error, file=sys.stderr)
        return 2
    jobs = max(1, args.jobs)
    chunks = [(args.player, args.seed, range(start, args.walls, jobs)) for start in range(jobs)]
    started = time.perf_counter()
    if jobs == 1:
        parts = [play_walls(chunks[0])]
    else:
        with Pool(jobs) as pool:
            parts = pool.map(play_walls, chunks)
    lines, figures = report(args.player, args.walls, merge(parts))
    lines.append(f"({time.perf_counter() - started:.0f} s on {jobs} processes)")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

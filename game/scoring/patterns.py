"""Hand patterns both rule families recognise, as plain predicates on a reading.

The rule families differ in what each pattern is worth, not in what it is, so the tests of shape
(one suit, dragons, winds, nine gates, …) live here once.
"""

from __future__ import annotations

from game.hand import SetKind
from game.scoring.reading import Reading, Shape
from game.tiles import DRAGONS, WINDS, Tile
from game.win import WinContext

_GREEN_TILES = frozenset({Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN})
_NINE_GATES_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def suits_of(reading: Reading) -> set[int]:
    """The suits (0 characters, 1 circles, 2 bamboo) present in the hand."""
    return {tile // 9 for tile in reading.tiles if tile.is_suited}


def has_honours(reading: Reading) -> bool:
    return any(tile.is_honour for tile in reading.tiles)


def pure_one_suit(reading: Reading) -> bool:
    """Every tile of one suit, no honours."""
    return len(suits_of(reading)) == 1 and not has_honours(reading)


def mixed_one_suit(reading: Reading) -> bool:
    """One suit and honours, both present."""
    return len(suits_of(reading)) == 1 and has_honours(reading)


def terminals_and_honours_only(reading: Reading) -> bool:
    return all(tile.is_terminal_or_honour for tile in reading.tiles)


def mixed_orphans(reading: Reading) -> bool:
    """Only terminals and honours, with some of each (all of one kind are limit hands)."""
    return terminals_and_honours_only(reading) and has_honours(reading) and bool(suits_of(reading))


def all_honours(reading: Reading) -> bool:
    return all(tile.is_honour for tile in reading.tiles)


def all_terminals(reading: Reading) -> bool:
    return all(tile.is_terminal for tile in reading.tiles)


def all_green(reading: Reading) -> bool:
    return all(tile in _GREEN_TILES for tile in reading.tiles)


def is_regular(reading: Reading) -> bool:
    return reading.shape is Shape.REGULAR


def all_chows(reading: Reading) -> bool:
    return is_regular(reading) and all(s.kind is SetKind.CHOW for s in reading.sets)


def all_pungs(reading: Reading) -> bool:
    return is_regular(reading) and all(s.is_pung_or_kong for s in reading.sets)


def pungs_of(reading: Reading, tiles: tuple[Tile, ...]) -> int:
    return sum(1 for s in reading.pungs if s.tile in tiles)


def dragon_pungs(reading: Reading) -> int:
    return pungs_of(reading, DRAGONS)


def wind_pungs(reading: Reading) -> int:
    return pungs_of(reading, WINDS)


def little_three_dragons(reading: Reading) -> bool:
    return dragon_pungs(reading) == 2 and reading.pair in DRAGONS


def big_three_dragons(reading: Reading) -> bool:
    return dragon_pungs(reading) == 3


def little_four_winds(reading: Reading) -> bool:
    return wind_pungs(reading) == 3 and reading.pair in WINDS


def big_four_winds(reading: Reading) -> bool:
    return wind_pungs(reading) == 4


def kongs(reading: Reading) -> int:
    return sum(1 for s in reading.sets if s.kind is SetKind.KONG)


def concealed_pungs(reading: Reading) -> int:
    """Pungs and kongs made without a claim (a set completed by the winning discard is claimed)."""
    return sum(1 for s in reading.pungs if s.concealed)


def nine_gates(reading: Reading, win: WinContext) -> bool:
    """1112345678999 of one suit plus any tile of that suit, all concealed."""
    if win.melds or not pure_one_suit(reading) or len(reading.tiles) != 14:
        return False
    start = min(reading.tiles) - min(reading.tiles) % 9
    extra = [sum(1 for t in reading.tiles if t == start + rank) - _NINE_GATES_BASE[rank] for rank in range(9)]
    return min(extra) >= 0 and sum(extra) == 1


def own_bonus_tiles(win: WinContext) -> list[Tile]:
    """The winner's own flower and own season, among those held."""
    return sorted(tile for tile in win.bonus if tile.is_bonus and tile.bonus_seat == win.seat)


def complete_bonus_sets(win: WinContext) -> tuple[bool, bool]:
    """Whether all four flowers, and all four seasons, are held."""
    return (sum(1 for t in win.bonus if t.is_flower) == 4, sum(1 for t in win.bonus if t.is_season) == 4)

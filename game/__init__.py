"""The pure mahjong engine: tiles, hands, the four-player game, scoring, solitaire, computer players.

Nothing here does I/O, reads a clock or uses global randomness: every state is data, every game
replays from its seed and its actions.
"""

from game.errors import GameError, IllegalAction, InvalidHand, InvalidNotation, NotYourTurn
from game.hand import is_winning_hand, shanten
from game.tiles import Tile, format_tiles, parse_tiles

__all__ = [
    "GameError",
    "IllegalAction",
    "InvalidHand",
    "InvalidNotation",
    "NotYourTurn",
    "Tile",
    "format_tiles",
    "is_winning_hand",
    "parse_tiles",
    "shanten",
]

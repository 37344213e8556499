"""Where a hand stands (``Phase``) and how the seat on turn came by its last tile (``Source``).

Apart from ``game.round`` so that views, players and renderers can name a phase without importing
the state machine (``game.round`` re-exports both).

Phases::

    DISCARD  the seat on turn holds 3n + 2 tiles: it discards, or declares mahjong, a kong, a call
    CLAIM    a discard lies on the table; the seats that may claim it answer (claim or pass)
    ROB      a tile was added to a pung; the seats that win on it may rob the kong
    OVER     someone won, or the wall ran out
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    DISCARD = "discard"
    CLAIM = "claim"
    ROB = "rob"
    OVER = "over"


class Source(enum.Enum):
    """How the seat on turn came by its last tile: it decides which wins and flags are possible."""

    DEAL = "deal"
    DRAW = "draw"
    KONG = "kong"
    CLAIM = "claim"

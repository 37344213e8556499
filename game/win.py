"""What a win is made of: the description both the engine and the scorers work from.

The engine builds a ``WinContext`` when a seat may declare mahjong and asks the table's rule set
whether the win is legal (``WinJudge``); the ``mahjong-bot score`` command builds one from JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.melds import Meld
from game.phrases import Phrase
from game.tiles import WINDS, Tile


@dataclass(frozen=True, slots=True)
class WinContext:
    """A complete hand at the moment of the win.

    ``concealed`` holds the tiles not in declared sets, the winning tile included. ``seat`` is the
    winner's seat (0 = East … 3 = North), which fixes the own wind and own flowers; ``round_wind``
    is the prevailing wind. The flags say how the winning tile came.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    winning_tile: Tile
    self_drawn: bool
    seat: int
    round_wind: Tile
    bonus: tuple[Tile, ...] = ()
    last_tile: bool = False
    kong_replacement: bool = False
    double_kong_replacement: bool = False
    robbing_kong: bool = False
    heavenly: bool = False
    earthly: bool = False

    @property
    def seat_wind(self) -> Tile:
        return WINDS[self.seat]

    @property
    def is_concealed(self) -> bool:
        """No claimed set: only concealed kongs were declared (the winning discard does not count)."""
        return all(not meld.exposed for meld in self.melds)


@dataclass(frozen=True, slots=True)
class WinVerdict:
    """Whether a win may be declared, and if not, why (a phrase the display layer says)."""

    legal: bool
    reason: Phrase | None = None


class WinJudge(Protocol):
    """A rule set's say on wins: e.g. the Hong Kong minimum of 3 fan."""

    def judge(self, win: WinContext) -> WinVerdict: ...

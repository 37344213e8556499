"""How a hand ended, apart from the round that played it (the scorers read it without the engine)."""

from __future__ import annotations

from dataclasses import dataclass

from game.win import WinContext


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: ``winner`` is None for a drawn hand; ``discarder`` is the seat that dealt in
    (the konger when a kong was robbed); ``win`` describes the winning hand."""

    winner: int | None
    discarder: int | None
    self_drawn: bool
    win: WinContext | None
    wall_left: int
    actions: int

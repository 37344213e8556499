"""What a member asks of their solitaire game, in no surface's words: a Discord menu and buttons, a tap in a
web page and the tests all say it this way, and the game's transitions (``core.solitaire.play``) take
nothing else. ``game`` and ``step`` are the game and the decision point the member saw: a move made
from an older state is refused as no longer current. A pair names two tile ids of the layout."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

GameVerb = Literal["pair", "undo", "pause", "resume", "finish"]


@dataclass(frozen=True, slots=True)
class GameMove:
    game: str
    step: int
    verb: GameVerb
    pair: tuple[int, int] | None = None

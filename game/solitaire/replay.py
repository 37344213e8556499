"""Replay a move log on the rebuilt deal and recompute the score: the bot never takes a score on trust.

A move log is a list of moves, each a pair of tile ids ``(a, b)`` or ``"undo"`` (SPEC §5). Replaying
refuses a tile that is not on the board or already gone, a blocked tile, a pair that does not match,
an undo with nothing to undo, and any move after the game ended (board cleared, or no pair left).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from game.errors import IllegalAction, InvalidNotation
from game.solitaire.board import Board
from game.solitaire.score import solitaire_score

UNDO: Literal["undo"] = "undo"
Move = tuple[int, int] | Literal["undo"]


class MoveRefused(IllegalAction):
    """A move of a log that the rules refuse; ``index`` is its position in the log."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"move {index}: {reason}")
        self.index = index
        self.reason = reason


class MalformedMove(InvalidNotation):
    """A move of a JSON log that is neither ``[id, id]`` nor ``"undo"``; ``index`` is its position."""

    def __init__(self, index: int, item: object) -> None:
        super().__init__(f'move {index} is {item!r}: a move is [id, id] or "undo"')
        self.index = index


@dataclass(frozen=True, slots=True)
class ReplayOutcome:
    """The board after the log, the pairs off it (in removal order) and the number of undos."""

    board: Board
    removed: tuple[tuple[int, int], ...]
    undos: int

    @property
    def pairs(self) -> int:
        return len(self.removed)

    @property
    def cleared(self) -> bool:
        return self.board.cleared

    @property
    def over(self) -> bool:
        """Cleared, or stuck with no pair left: no move may follow."""
        return self.board.cleared or self.board.stuck

    def score(self, seconds: int) -> int:
        return solitaire_score(self.pairs, self.cleared, self.undos, seconds)


def apply_move(outcome: ReplayOutcome, move: Move) -> ReplayOutcome:
    """One move on top of ``outcome``; raises ``IllegalAction`` with the reason when the rules refuse it."""
    if outcome.over:
        raise IllegalAction(
            "the game is over: the board is cleared" if outcome.cleared else "the game is over: no pair was left"
        )
    if move == UNDO:
        if not outcome.removed:
            raise IllegalAction("there is no pair to undo")
        *kept, last = outcome.removed
        return ReplayOutcome(outcome.board.restore(*last), tuple(kept), outcome.undos + 1)
    a, b = move
    return ReplayOutcome(outcome.board.remove(a, b), (*outcome.removed, (a, b)), outcome.undos)


def replay(board: Board, moves: Sequence[Move]) -> ReplayOutcome:
    """Replay ``moves`` from ``board``; raises ``MoveRefused`` naming the first refused move."""
    outcome = ReplayOutcome(board, (), 0)
    for index, move in enumerate(moves):
        try:
            outcome = apply_move(outcome, move)
        except IllegalAction as error:
            raise MoveRefused(index, str(error)) from None
    return outcome


def parse_moves(document: object) -> list[Move]:
    """Read a JSON move list (``[[a, b], "undo", ...]``); raises ``InvalidNotation`` (``MalformedMove``
    for a bad item) on any other shape."""
    if not isinstance(document, list):
        raise InvalidNotation('"moves" must be a list of [id, id] pairs and "undo"')
    moves: list[Move] = []
    for index, item in enumerate(document):
        if item == UNDO:
            moves.append(UNDO)
        elif (
            isinstance(item, list)
            and len(item) == 2
            and all(isinstance(tile_id, int) and not isinstance(tile_id, bool) for tile_id in item)
        ):
            moves.append((item[0], item[1]))
        else:
            raise MalformedMove(index, item)
    return moves


def format_moves(moves: Sequence[Move]) -> list[object]:
    """The JSON form of a move list (pairs as two-element lists)."""
    return [UNDO if move == UNDO else [move[0], move[1]] for move in moves]

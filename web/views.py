"""What the page is told: a game, a leaderboard, as JSON-ready dictionaries (the contract's shapes).

Only what a player at the table could see: the tiles still on the board, whether they are free, and
the face of each tile some part of which can be seen. A face never leaves the server while its tile is
wholly covered by higher tiles, nor any face while the game is paused (SPEC §6): with every face of the
day's deal, a script would solve it from the first answer. The deal's solution and the faces of removed
tiles are never sent either (an undone pair shows its faces again when it is back on the board).
"""

from __future__ import annotations

from typing import Any, Literal

from core.solitaire.state import SolitaireState
from data.solitaire_ledger import Standing
from game.solitaire.game import Ending, Game

GameState = Literal["playing", "paused", "cleared", "stuck", "finished"]
_ENDED: dict[Ending, GameState] = {Ending.CLEARED: "cleared", Ending.STUCK: "stuck", Ending.FINISHED: "finished"}


def state_of(game: Game, now: float) -> GameState:
    """The board's ``data-state``: how it ended, else paused (by the player or by itself) or playing."""
    if game.ending is not None:
        return _ENDED[game.ending]
    return "paused" if game.is_paused(now) else "playing"


def tiles_of(game: Game, paused: bool) -> list[dict[str, Any]]:
    """The tiles on the board; ``face`` is None for a hidden tile, and for every tile when ``paused``."""
    board = game.board
    positions = board.layout.positions
    return [
        {
            "id": tile_id,
            "x": positions[tile_id].x,
            "y": positions[tile_id].y,
            "z": positions[tile_id].z,
            "face": None if paused or board.is_hidden(tile_id) else board.face(tile_id).code,
            "free": board.is_free(tile_id),
        }
        for tile_id in board.remaining
    ]


def game_json(
    state: SolitaireState,
    now: float,
    *,
    removed: tuple[int, int] | None = None,
    hint: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The game as the page draws it at ``now`` (the server's clock): ``removed`` the pair this answer
    took, ``hint`` the pair a hint suggests (only in an answer to the hint)."""
    game = state.game
    # the engine never sees time go backwards, nor does the page: a clock a little behind the last move
    # reads that move's time
    at = max(now, game.clock.last_activity)
    shown_state = state_of(game, at)
    return {
        "mode": state.kind,
        "game": state.id,
        "step": state.step,
        "seed": game.seed,
        "day": None if state.day is None else state.day.isoformat(),
        "state": shown_state,
        "tiles": tiles_of(game, paused=shown_state == "paused"),
        "pairs": game.pairs,
        "score": game.score(at),
        "seconds": game.seconds(at),
        "undos": game.undos,
        "hint": None if hint is None else list(hint),
        "removed": None if removed is None else list(removed),
    }


def standing_json(standing: Standing, name: str) -> dict[str, Any]:
    return {"rank": standing.rank, "name": name, "score": standing.score}

"""What a solitaire game does, as pure functions from a ``SolitaireState`` (and the time) to the next one.

Nothing here does I/O or reads a clock: ``core.solitaire.service`` loads the state, calls these, and
writes the result with compare-and-set. A request the game cannot take raises ``Refusal`` with a
message key (``words.messages``) and its parameters, and nothing changes; every check is made before the
engine is called, so the member hears the reason in their language (a blocked tile: what covers it,
or its two neighbours).

A pair chosen from the menu is two presses of the engine (``Game.select`` on each tile), applied in
one step: the engine's log stays the one its replay and the ledger read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from core.refusal import Refusal
from core.solitaire.moves import GameMove
from core.solitaire.state import SolitaireState
from data.solitaire_ledger import Kind
from game.errors import IllegalAction
from game.solitaire.board import Board, tiles_match
from game.solitaire.deal import Deal, deal_for_seed
from game.solitaire.game import Game
from game.solitaire.layout import ids_of
from game.solitaire.solver import SolverResult, Verdict, solve

HINT_NODE_BUDGET = 10_000
"""The hint's solver budget: about half a second on the slowest position measured, twice that budget
a second and a half (``benchmarks/solitaire_latency.py``); past it the hint says "unknown"."""
CHECK_NODE_BUDGET = 2_000
"""The budget of the check after each move that tells a board that can no longer be cleared."""
# A removal order that clears a board, pair by pair.
Clearing = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an action did, for the note above the board (the state itself shows the rest)."""

    removed: tuple[int, int] | None = None
    undone: bool = False
    continued: bool = False


def start(
    game_id: str,
    guild_id: int,
    member_id: int,
    name: str,
    kind: Kind,
    day: date | None,
    deal: Deal,
    now: float,
    idle_pause: float,
) -> SolitaireState:
    """A new game of ``deal``; its clock starts now (when the deal is shown)."""
    return SolitaireState(game_id, guild_id, member_id, name[:100] or "?", kind, day, Game.start(deal, now, idle_pause))


def label(board: Board, tile_id: int) -> str:
    return board.layout.positions[tile_id].label


def blocked_reason(board: Board, tile_id: int) -> tuple[str, dict[str, Any]]:
    """Why a present tile is not free, as a message key and its parameters."""
    layout, present = board.layout, board.present
    covering = [label(board, other) for other in ids_of(layout.above[tile_id] & present)]
    if covering:
        return "sol_covered", {"tile": label(board, tile_id), "by": ", ".join(sorted(set(covering)))}
    sides = [label(board, other) for other in ids_of((layout.left[tile_id] | layout.right[tile_id]) & present)]
    return "sol_hemmed", {"tile": label(board, tile_id), "by": ", ".join(sides)}


def check_pair(board: Board, a: int, b: int) -> None:
    """``Refusal`` with the reason unless ``a`` and ``b`` can be removed together now."""
    size = len(board.faces)
    for tile_id in (a, b):
        if not 0 <= tile_id < size:
            raise Refusal("sol_no_tile", tile=tile_id, last=size - 1)
    if a == b:
        raise Refusal("sol_same_tile", tile=label(board, a))
    for tile_id in (a, b):
        if not board.is_present(tile_id):
            raise Refusal("sol_gone", tile=label(board, tile_id))
    for tile_id in (a, b):
        if not board.is_free(tile_id):
            key, params = blocked_reason(board, tile_id)
            raise Refusal(key, **params)
    if not tiles_match(board.face(a), board.face(b)):
        raise Refusal("sol_no_match", a=label(board, a), b=label(board, b))


def act(state: SolitaireState, move: GameMove, now: float) -> tuple[SolitaireState, Outcome]:
    """Apply one move to the game; ``Refusal`` (and nothing changed) when it cannot be."""
    if move.game != state.id:
        raise Refusal("sol_other_game")
    if move.step != state.step:
        raise Refusal("sol_stale")
    game = state.game
    if game.over:
        raise Refusal("sol_over")
    # Several processes' clocks may disagree by a little: the engine never sees time go backwards.
    now = max(now, game.clock.last_activity)
    verb = move.verb
    if verb in ("pair", "undo") and game.is_paused(now):
        raise Refusal("sol_paused")
    try:
        if verb == "pair":
            game, outcome = _pair(game, move.pair, now)
        elif verb == "undo":
            if not game.removed:
                raise Refusal("sol_nothing_to_undo")
            game, outcome = game.undo(now), Outcome(undone=True)
        elif verb == "pause":
            if game.is_paused(now):
                raise Refusal("sol_already_paused")
            game, outcome = game.pause(now), Outcome()
        elif verb == "resume":
            if not game.is_paused(now):
                raise Refusal("sol_not_paused")
            game, outcome = game.resume(now), Outcome()
        else:
            game, outcome = game.finish(now), Outcome()
    except IllegalAction:  # every case is checked above; the engine's own words are English, not the member's
        raise Refusal("sol_not_legal") from None
    return replace(state, game=game, step=state.step + 1), outcome


def _pair(game: Game, pair: tuple[int, int] | None, now: float) -> tuple[Game, Outcome]:
    if pair is None:
        raise Refusal("sol_bad_value")
    a, b = pair
    check_pair(game.board, a, b)
    if game.selected is not None:  # never left by the menu, but a stored game may hold one
        game = game.select(game.selected, now)
    return game.select(a, now).select(b, now), Outcome(removed=(a, b))


def hint(board: Board, node_budget: int = HINT_NODE_BUDGET) -> SolverResult:
    """The solver's answer for ``board``: a pair of a winning order, "can no longer be cleared", or unknown.
    A winning order found is kept, as ``lost_cause`` keeps its own: the check after the hinted pick
    needs no search."""
    result = solve(board, node_budget)
    if result.verdict is Verdict.SOLVABLE:
        _remember(board, result.order)
    return result


def lost_cause(
    board: Board,
    node_budget: int = CHECK_NODE_BUDGET,
    *,
    removed: tuple[int, int] | None = None,
    seed: int | None = None,
    found: Clearing | None = None,
) -> bool:
    """Whether the solver proved, within a small budget, that ``board`` can no longer be cleared.
    ``removed``: the pair whose removal made it, so that a clearing order already found for the board
    before serves again (``_CLEARING``); ``seed``: the game's deal, whose own removal order clears the
    full board (a game just dealt, and its first pick, need no search either); ``found``: a clearing
    order another process found (``clearing_order`` there), of the board or of the board before, used
    once checked: a game's checks land on any of the drawing processes, and each keeps its own orders."""
    if board.cleared or board.stuck:
        return False
    board_before = (
        None if removed is None else replace(board, present=board.present | 1 << removed[0] | 1 << removed[1])
    )
    with _CLEARING_LOCK:  # the bot draws in threads when it has no drawing process
        known = _CLEARING.get(board)
        before = None if board_before is None else _CLEARING.get(board_before)
    if known is None and found is not None:
        if _clears(board, found):
            known = found
        elif before is None and board_before is not None and _clears(board_before, found):
            before = found
    if known is None and removed is None and seed is not None:
        known = _dealt_order(board, None, seed)
    if known is None and removed is not None:
        if before is None and seed is not None:
            before = _dealt_order(board, removed, seed)
        if before is not None:
            known = _without(before, removed, board)
    if known is None:
        result = solve(board, node_budget)
        if result.verdict is not Verdict.SOLVABLE:
            return result.verdict is Verdict.UNSOLVABLE
        known = result.order
    _remember(board, known)
    return False


def clearing_order(board: Board) -> Clearing | None:
    """The clearing order of ``board`` this process knows (``lost_cause`` found or was given it)."""
    with _CLEARING_LOCK:
        return _CLEARING.get(board)


def _dealt_order(board: Board, removed: tuple[int, int] | None, seed: int) -> Clearing | None:
    """The deal's removal order, when the board before ``removed`` (or the board itself, when nothing was
    removed: a game just dealt) is the deal's full board."""
    before = board.present if removed is None else board.present | 1 << removed[0] | 1 << removed[1]
    if before != board.layout.full:
        return None
    deal = deal_for_seed(seed)
    return deal.solution if deal.faces == board.faces else None


# Clearing orders found, by board, in this process. Removing any pair of a clearing order leaves the
# rest of it a clearing order (removing tiles never blocks another), so a member who picks one of its
# pairs gets the next check without a search; undoing comes back to a board already known.
_CLEARING: OrderedDict[Board, Clearing] = OrderedDict()
_CLEARING_KEPT = 4096
_CLEARING_LOCK = threading.Lock()


def _without(order: Clearing, removed: tuple[int, int], board: Board) -> Clearing | None:
    """A clearing order of ``board`` made from ``order``, one of the board before ``removed`` left it.

    A pair of ``order`` leaves the rest of it a clearing order: removing tiles never blocks another. A
    pair ``order`` does not hold (a member rarely follows the solver's order) left each of its tiles'
    partners ``x`` and ``y`` without theirs; they match each other (matching is by group), so ``order``
    with ``x`` and ``y`` paired is tried where the later of the two was taken, then later, then earlier,
    and the first that clears ``board`` is kept. None when none does (one lies on the other, say): the
    solver then searches."""
    a, b = removed
    first = next((index for index, step in enumerate(order) if a in step), None)
    second = next((index for index, step in enumerate(order) if b in step), None)
    if first is None or second is None:
        return None
    if first == second:
        return order[:first] + order[first + 1 :]
    x = next(tile for tile in order[first] if tile != a)
    y = next(tile for tile in order[second] if tile != b)
    kept = tuple(step for index, step in enumerate(order) if index not in (first, second))
    pair = ((min(x, y), max(x, y)),)
    later = max(first, second) - 1
    for at in (*range(later, len(kept) + 1), *range(later - 1, -1, -1)):
        candidate = kept[:at] + pair + kept[at:]
        if _clears(board, candidate):
            return candidate
    return None


def _clears(board: Board, order: Clearing) -> bool:
    layout, present = board.layout, board.present
    for a, b in order:
        if not (
            present >> a & 1
            and present >> b & 1
            and layout.is_free(a, present)
            and layout.is_free(b, present)
            and tiles_match(board.faces[a], board.faces[b])
        ):
            return False
        present &= ~(1 << a | 1 << b)
    return present == 0


def _remember(board: Board, order: Clearing) -> None:
    with _CLEARING_LOCK:
        _CLEARING[board] = order
        _CLEARING.move_to_end(board)
        if len(_CLEARING) > _CLEARING_KEPT:
            _CLEARING.popitem(last=False)

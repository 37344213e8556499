"""The game: selection, undo, the clock and its pauses, two-press finish, automatic end, score, documents, replay."""

import json

import pytest

from game.errors import IllegalAction, InvalidNotation
from game.solitaire.board import tiles_match
from game.solitaire.deal import deal_for_seed
from game.solitaire.game import Ending, Game
from game.solitaire.prng import Xoshiro128
from game.solitaire.replay import MoveRefused, parse_moves, replay
from game.solitaire.score import solitaire_score

DEAL = deal_for_seed(2024)
T0 = 1_700_000_000.0


def play(game, pairs, at, step=1.0):
    for a, b in pairs:
        game = game.select(a, at).select(b, at)
        at += step
    return game, at


def test_the_seed_examples_score_9520_and_4340():
    assert solitaire_score(pairs=72, cleared=True, undos=0, seconds=8 * 60) == 9520
    assert solitaire_score(pairs=50, cleared=False, undos=3, seconds=10 * 60) == 4340
    assert solitaire_score(pairs=1, cleared=False, undos=9, seconds=900) == 0


def test_clearing_the_board_in_eight_minutes_scores_9520():
    game = Game.start(DEAL, T0, idle_pause=60)
    at = T0
    for a, b in DEAL.solution:
        at += 480 / 72
        game = game.select(a, at).select(b, at)
    assert game.ending is Ending.CLEARED and game.board.cleared
    assert game.seconds(at + 1000) == 480
    assert game.score(at + 1000) == 9520
    with pytest.raises(IllegalAction, match="over"):
        game.undo(at + 1)


def test_select_deselect_switch_and_refusals():
    game = Game.start(DEAL, T0)
    board = game.board
    free = board.free_ids()
    a, b = board.matching_free_pairs()[0]
    assert game.select(a, T0).selected == a
    assert game.select(a, T0).select(a, T0).selected is None
    other = next(i for i in free if not tiles_match(board.face(i), board.face(a)))
    assert game.select(a, T0).select(other, T0).selected == other
    blocked = next(i for i in board.remaining if not board.is_free(i))
    with pytest.raises(IllegalAction, match="not free"):
        game.select(blocked, T0)
    removed = game.select(a, T0).select(b, T0)
    assert removed.pairs == 1 and not removed.board.is_present(a)
    with pytest.raises(IllegalAction, match="no tile"):
        removed.select(a, T0)
    assert game.pairs == 0 and game.board == board  # refused or not, the original never changes


def test_undo_puts_the_last_pair_back_and_costs_20():
    game, at = play(Game.start(DEAL, T0), DEAL.solution[:3], T0)
    undone = game.undo(at)
    assert undone.pairs == 2 and undone.undos == 1
    assert undone.board == play(Game.start(DEAL, T0), DEAL.solution[:2], T0)[0].board
    assert undone.score(at) == solitaire_score(2, False, 1, int(at - T0))
    with pytest.raises(IllegalAction, match="no pair to undo"):
        Game.start(DEAL, T0).undo(T0)


def test_clock_pauses_itself_after_idling_and_on_request():
    game = Game.start(DEAL, T0, idle_pause=120)
    a, b = DEAL.solution[0]
    game = game.select(a, T0 + 30)
    assert game.seconds(T0 + 100) == 100
    assert game.seconds(T0 + 10_000) == 150  # paused itself 120 s after the last action
    assert game.is_paused(T0 + 151)
    with pytest.raises(IllegalAction, match="paused"):
        game.select(b, T0 + 500)
    game = game.resume(T0 + 1000).select(b, T0 + 1010)
    assert game.pairs == 1 and game.seconds(T0 + 1010) == 160
    game = game.pause(T0 + 1020)
    assert game.seconds(T0 + 5000) == 170
    with pytest.raises(IllegalAction, match="already paused"):
        game.pause(T0 + 5000)
    game = game.resume(T0 + 5000)
    assert game.seconds(T0 + 5005) == 175
    with pytest.raises(IllegalAction, match="not paused"):
        game.resume(T0 + 5006)
    with pytest.raises(IllegalAction, match="backwards"):
        game.select(DEAL.solution[1][0], T0 + 4000)


def test_finish_needs_two_presses_in_a_row():
    game = Game.start(DEAL, T0)
    armed = game.finish(T0 + 5)
    assert not armed.over and armed.finish_pressed
    disarmed = armed.select(DEAL.solution[0][0], T0 + 6)
    assert not disarmed.finish(T0 + 7).over
    done = armed.finish(T0 + 8)
    assert done.ending is Ending.FINISHED
    assert done.seconds(T0 + 999) == 8
    with pytest.raises(IllegalAction):
        done.select(DEAL.solution[0][0], T0 + 9)


def stuck_moves(seed):
    """A move list from DEAL that ends with no pair left, found by a seeded random player."""
    for attempt in range(50):
        rng = Xoshiro128.from_seed(b"stuck-%d-%d" % (seed, attempt))
        board, moves = DEAL.board(), []
        while pairs := board.matching_free_pairs():
            pair = pairs[rng.below(len(pairs))]
            board = board.remove(*pair)
            moves.append(pair)
        if not board.cleared:
            return moves
    raise AssertionError("every random game cleared the board")


def test_a_stuck_board_ends_the_game():
    moves = stuck_moves(1)
    game, at = play(Game.start(DEAL, T0), moves, T0)
    assert game.ending is Ending.STUCK
    assert game.score(at + 50) == solitaire_score(len(moves), False, 0, int(at - 1 - T0))
    assert game.board.stuck and game.board.remaining_count > 0


def test_document_round_trip_replays_the_log():
    game, at = play(Game.start(DEAL, T0, idle_pause=90), DEAL.solution[:4], T0 + 0.5)
    game = game.undo(at).select(DEAL.solution[3][0], at + 1).pause(at + 2).resume(at + 50).finish(at + 51)
    document = json.loads(json.dumps(game.to_document()))
    assert Game.from_document(document) == game
    assert Game.from_document(document).score(at + 60) == game.score(at + 60)


def test_a_tampered_document_is_refused():
    game, _ = play(Game.start(DEAL, T0), DEAL.solution[:2], T0)
    document = game.to_document()
    blocked = next(i for i in game.board.remaining if not game.board.is_free(i))
    document["events"].append(["select", T0 + 10, blocked])
    with pytest.raises(InvalidNotation, match="event 4"):
        Game.from_document(document)
    for broken in (
        {},
        {"version": 9},
        {**game.to_document(), "events": [["fly", 1.0]]},
        {**game.to_document(), "seed": -1},
    ):
        with pytest.raises(InvalidNotation):
            Game.from_document(broken)


def test_replay_refuses_every_illegal_move():
    board = DEAL.board()
    (a, b), (c, d) = DEAL.solution[:2]
    blocked = next(i for i in board.remaining if not board.is_free(i))
    free = board.free_ids()
    mismatched = next((x, y) for x in free for y in free if x != y and not tiles_match(board.face(x), board.face(y)))
    partner = next(i for i in board.remaining if i != blocked and tiles_match(board.face(i), board.face(blocked)))
    cases = {
        "not free": [(blocked, partner)],
        "do not match": [mismatched],
        "already been removed": [(a, b), (a, b)],
        "itself": [(a, a)],
        "no tile 144": [(a, 144)],
        "no pair to undo": ["undo"],
    }
    for reason, moves in cases.items():
        with pytest.raises(MoveRefused, match=reason) as refused:
            replay(board, moves)
        assert refused.value.index == len(moves) - 1
    outcome = replay(board, [(a, b), "undo", (a, b), (c, d)])
    assert (outcome.pairs, outcome.undos) == (2, 1)
    with pytest.raises(MoveRefused, match="over"):
        replay(board, [*DEAL.solution, "undo"])
    moves = stuck_moves(2)
    with pytest.raises(MoveRefused, match="no pair was left"):
        replay(board, [*moves, "undo"])


def test_move_lists_parse_and_refuse_other_shapes():
    assert parse_moves([[1, 2], "undo"]) == [(1, 2), "undo"]
    for bad in ("undo", [[1]], [[1, "2"]], [[True, 2]], ["redo"], [None]):
        with pytest.raises(InvalidNotation):
            parse_moves(bad)

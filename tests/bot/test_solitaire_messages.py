"""The solitaire's pure parts: custom ids and select values (parsed as untrusted, round trips), the live
state's codec, the transitions with their refusals (nothing changes, the reason is said), and what the
presenter offers (legal pairs only, grouped into selects of 25, pages beyond four selects; the daily
post's turnout and streak; the share, which gives nothing of the deal away)."""

from __future__ import annotations

import dataclasses
import pathlib
import re
from collections import OrderedDict
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.solitaire import presenter
from bot.solitaire.custom_ids import (
    BadCustomId,
    BoardPage,
    Control,
    Play,
    Share,
    pair_value,
    parse_custom_id,
    parse_pair,
)
from core.refusal import Refusal
from core.solitaire import play
from core.solitaire.state import SolitaireDocumentError, SolitaireState
from data.solitaire_ledger import Board as Leaderboard
from data.solitaire_ledger import DailyGame, SolitaireStats, Standing
from game.solitaire.board import Board
from game.solitaire.deal import deal_for_seed
from game.solitaire.game import Ending
from game.solitaire.layout import PYRAMID, ids_of
from game.tiles import Tile
from tests.words.catalogs import texts
from words.messages import say
from words.tiles import tile_name

START = 1_741_910_400.0
GAME = "abcd1234"


def new_state(seed: int = 7, kind: str = "free", idle_pause: float = 120.0) -> SolitaireState:
    day = date(2025, 3, 14) if kind == "daily" else None
    return play.start(GAME, 501, 1, "Alice", kind, day, deal_for_seed(seed), START, idle_pause)  # type: ignore[arg-type]


def control(state: SolitaireState, verb: str, number: int | None = None) -> Control:
    return Control(state.kind, state.id, state.step, verb, number)  # type: ignore[arg-type]


# --- custom ids ---------------------------------------------------------------------------------


@given(
    st.sampled_from(["daily", "free"]),
    st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=8, max_size=8),
    st.integers(0, 9_999_999),
    st.sampled_from(["undo", "pause", "resume", "finish", "hint", "again"]),
)
def test_controls_round_trip(kind, game, step, verb):
    button = Control(kind, game, step, verb)
    assert parse_custom_id(button.text()) == button
    assert len(button.text()) <= 100


@given(st.sampled_from(["pair", "page"]), st.integers(0, 99))
def test_numbered_controls_round_trip(verb, number):
    button = Control("daily", GAME, 3, verb, number)
    assert parse_custom_id(button.text()) == button


def test_play_and_board_pages_round_trip():
    assert parse_custom_id("mjs1:play") == Play()
    for page in (BoardPage("daily", date(2025, 3, 14), 2), BoardPage("free", None, 1)):
        assert parse_custom_id(page.text()) == page
    assert BoardPage("daily", date(2025, 3, 14), 2).text() == "mjs1:lb:d:20250314:2"
    assert Share(date(2025, 3, 14)).text() == "mjs1:share:20250314"
    assert parse_custom_id("mjs1:share:20250314") == Share(date(2025, 3, 14))


@pytest.mark.parametrize(
    "forged",
    [
        "",
        "mjs1:",
        "mjs1:x:abcd1234:0:undo",
        "mjs1:d:ABCD1234:0:undo",
        "mjs1:d:abcd1234:01:undo",
        "mjs1:d:abcd1234:0:fly",
        "mjs1:d:abcd1234:0:undo:1",
        "mjs1:d:abcd1234:0:pair",
        "mjs1:lb:d:all:1",
        "mjs1:lb:f:20250314:1",
        "mjs1:lb:d:20251341:1",
        "mjs1:lb:d:20250314:0",
        "mjs1:play:x",
        "mjs1:share:",
        "mjs1:share:20250230",
        "mjs1:share:2025031",
        "mjs1:share:20250314:1",
        "mjs1:share:all",
        "mj1:abcd1234:0:join",
        "mjs1:d:abcd1234:0:undo" + "x" * 100,
        "mjs1:d:abcd1234:٣:undo",
    ],
)
def test_forged_custom_ids_are_refused(forged):
    with pytest.raises(BadCustomId):
        parse_custom_id(forged)


def test_pair_values():
    assert parse_pair(pair_value(12, 143)) == (12, 143)
    for forged in ("12", "12-", "-1-3", "1-2-3", "01-2", "1000-2", " 1-2", "a-b"):
        with pytest.raises(BadCustomId):
            parse_pair(forged)


# --- the live state -----------------------------------------------------------------------------


def test_state_round_trips_through_its_document():
    state = new_state(kind="daily")
    a, b = deal_for_seed(7).solution[0]
    state, _ = play.act(state, control(state, "pair", 0).move((pair_value(a, b),)), START + 5)
    assert SolitaireState.from_document(state.to_document()) == state


@pytest.mark.parametrize(
    "change",
    [
        {"version": 2},
        {"kind": "weekly"},
        {"day": "2025-02-30"},
        {"day": None},
        {"id": "short"},
        {"step": -1},
        {"recorded": "yes"},
        {"guild": True},
        {"extra": 1},
        {"game": {"version": 1}},
    ],
)
def test_malformed_documents_are_refused(change):
    document = {**new_state(kind="daily").to_document(), **change}
    with pytest.raises(SolitaireDocumentError):
        SolitaireState.from_document(document)


def test_a_stored_game_with_an_illegal_move_is_refused():
    document = new_state().to_document()
    blocked = next(i for i in range(len(PYRAMID)) if not deal_for_seed(7).board().is_free(i))
    document["game"]["events"] = [["select", START + 1, blocked]]
    with pytest.raises(SolitaireDocumentError):
        SolitaireState.from_document(document)


# --- transitions ----------------------------------------------------------------------------------


def test_a_pair_is_removed_in_one_step():
    state = new_state()
    a, b = deal_for_seed(7).solution[0]
    after, outcome = play.act(state, control(state, "pair", 0).move((pair_value(a, b),)), START + 3)
    assert outcome.removed == (a, b)
    assert after.step == 1 and after.game.pairs == 1 and not after.game.board.is_present(a)


def refused(state, verb, values=(), at=START + 1, number=None) -> Refusal:
    with pytest.raises(Refusal) as caught:
        play.act(state, control(state, verb, number if verb != "pair" else 0).move(values), at)
    return caught.value


def test_blocked_tiles_are_refused_with_the_reason():
    state = new_state()
    board = state.game.board
    covered = next(i for i in ids_of(board.present) if board.layout.above[i] and not board.is_free(i))
    free = board.free_ids()[0]
    refusal = refused(state, "pair", (pair_value(free, covered),))
    assert refusal.key == "sol_covered" and refusal.params["tile"] == play.label(board, covered)
    hemmed = next(
        i for i in ids_of(board.present) if not board.layout.above[i] & board.present and not board.is_free(i)
    )
    refusal = refused(state, "pair", (pair_value(free, hemmed),))
    assert refusal.key == "sol_hemmed" and "," in refusal.params["by"]
    assert "on both sides" in say(refusal.key, "en", **refusal.params)


def test_every_other_bad_pair_is_refused_and_changes_nothing():
    state = new_state()
    board = state.game.board
    free = board.free_ids()
    unmatched = next((a, b) for a in free for b in free if a < b and (a, b) not in board.matching_free_pairs())
    cases = {
        "sol_no_tile": (pair_value(free[0], 144),),
        "sol_same_tile": (pair_value(free[0], free[0]),),
        "sol_no_match": (pair_value(*unmatched),),
        "sol_bad_value": ("12",),
    }
    for key, values in cases.items():
        assert refused(state, "pair", values).key == key
    assert refused(state, "pair", ("1-2", "3-4")).key == "sol_bad_value"
    a, b = deal_for_seed(7).solution[0]
    gone, _ = play.act(state, control(state, "pair", 0).move((pair_value(a, b),)), START + 1)
    c, d = deal_for_seed(7).solution[1]
    assert refused(gone, "pair", (pair_value(a, c if c != a else d),)).key == "sol_gone"


def test_stale_and_foreign_controls_are_refused():
    state = new_state()
    a, b = deal_for_seed(7).solution[0]
    moved, _ = play.act(state, control(state, "pair", 0).move((pair_value(a, b),)), START + 1)
    with pytest.raises(Refusal, match="sol_stale"):
        play.act(moved, control(state, "undo").move(()), START + 2)  # the step of before
    with pytest.raises(Refusal, match="sol_other_game"):
        play.act(moved, dataclasses.replace(control(moved, "undo"), game="zzzz9999").move(()), START + 2)


def test_undo_pause_resume_and_the_idle_pause():
    state = new_state()
    assert refused(state, "undo").key == "sol_nothing_to_undo"
    assert refused(state, "resume").key == "sol_not_paused"
    paused, _ = play.act(state, control(state, "pause").move(()), START + 30)
    assert paused.game.is_paused(START + 1000) and paused.game.seconds(START + 1000) == 30
    assert refused(paused, "pair", ("0-1",), START + 40).key == "sol_paused"
    assert refused(paused, "pause", at=START + 40).key == "sol_already_paused"
    resumed, _ = play.act(paused, control(paused, "resume").move(()), START + 500)
    assert resumed.game.seconds(START + 510) == 40
    # nobody plays for longer than the idle pause: the clock counts up to it, then stops by itself
    assert resumed.game.is_paused(START + 500 + 121) and resumed.game.seconds(START + 2000) == 30 + 120
    assert refused(resumed, "undo", at=START + 2000).key == "sol_paused"


def test_finish_takes_two_presses_and_anything_between_disarms_it():
    state = new_state()
    armed, _ = play.act(state, control(state, "finish").move(()), START + 10)
    assert armed.game.finish_pressed and not armed.game.over
    paused, _ = play.act(armed, control(armed, "pause").move(()), START + 11)
    assert not paused.game.finish_pressed
    again, _ = play.act(paused, control(paused, "finish").move(()), START + 12)
    assert again.game.finish_pressed and not again.game.over
    over, _ = play.act(again, control(again, "finish").move(()), START + 13)
    assert over.game.ending is Ending.FINISHED and over.pending
    assert refused(over, "undo").key == "sol_over"


def test_the_last_pair_clears_the_board():
    state = new_state()
    for index, (a, b) in enumerate(deal_for_seed(7).solution):
        state, _ = play.act(state, control(state, "pair", 0).move((pair_value(a, b),)), START + index)
    assert state.game.ending is Ending.CLEARED and state.game.board.cleared


def test_the_solver_knows_a_lost_cause_and_gives_hints():
    deal = deal_for_seed(7)
    assert not play.lost_cause(deal.board())
    hint = play.hint(deal.board())
    assert hint.hint is not None and hint.hint in deal.board().matching_free_pairs()
    board = _lost_board()
    assert not board.stuck and len(board.matching_free_pairs()) == 1
    assert play.lost_cause(board)
    assert "can no longer be cleared" in presenter.hint_text(board, play.hint(board), "en")


def test_a_pick_from_a_clearing_order_already_found_needs_no_search(monkeypatch):
    """Once the check after a pick has found a clearing order, picks of its pairs, in another order than
    its own, and undos are answered without searching again; a board no order covers is searched."""
    board = deal_for_seed(23).board()
    assert not play.lost_cause(board)
    searched = []
    real_solve = play.solve
    monkeypatch.setattr(play, "solve", lambda *args: searched.append(args) or real_solve(*args))
    boards = [board]
    for _ in range(6):
        known = play._CLEARING[boards[-1]]
        free = set(boards[-1].free_ids())
        a, b = [pair for pair in known if set(pair) <= free][-1]  # the last one free: not the order's next
        boards.append(boards[-1].remove(a, b))
        assert not play.lost_cause(boards[-1], removed=(a, b))
    assert not play.lost_cause(boards[2])  # an undo back to a board already seen
    assert searched == []
    assert play.lost_cause(_lost_board(), removed=(0, 1)) and searched


def test_a_game_just_dealt_is_checked_without_a_search(monkeypatch):
    """The deal's own removal order clears its full board: the first message of a game searches nothing,
    and a board that is not its deal's is still searched."""
    monkeypatch.setattr(play, "_CLEARING", OrderedDict())  # nothing found before, by any other test
    searched = []
    real_solve = play.solve
    monkeypatch.setattr(play, "solve", lambda *args: searched.append(args) or real_solve(*args))
    deal = deal_for_seed(41)
    assert not play.lost_cause(deal.board(), seed=41)
    assert searched == [] and play._CLEARING[deal.board()] == deal.solution
    other = deal_for_seed(42).board()
    assert not play.lost_cause(other, seed=41) and searched


def test_an_order_found_in_another_process_serves_once_checked(monkeypatch):
    """The drawing processes keep their own orders: the order the game's message before came with
    answers the check in a process that never saw the game, and an order that does not clear the
    board (a stale one) is not trusted: the board is searched."""
    deal = deal_for_seed(43)
    a, b = deal.solution[0]
    after = deal.board().remove(a, b)
    monkeypatch.setattr(play, "_CLEARING", OrderedDict())  # this process has seen nothing
    searched = []
    real_solve = play.solve
    monkeypatch.setattr(play, "solve", lambda *args: searched.append(args) or real_solve(*args))
    assert not play.lost_cause(after, removed=(a, b), found=deal.solution)
    assert searched == [] and play.clearing_order(after) == deal.solution[1:]
    monkeypatch.setattr(play, "_CLEARING", OrderedDict())
    stale = deal.solution[1:][::-1]  # the right pairs in an order that does not clear the board
    assert not play._clears(after, stale)
    assert not play.lost_cause(after, removed=(a, b), found=stale) and searched
    assert play._clears(after, play.clearing_order(after))


def _crossing_pair(board: Board, order) -> tuple[int, int] | None:
    """A free matching pair of ``board`` that is not a step of ``order``: each tile taken from a step."""
    steps = {frozenset(step) for step in order}
    return next((pair for pair in board.matching_free_pairs() if frozenset(pair) not in steps), None)


def test_a_pick_across_two_pairs_of_a_known_order_is_answered_from_it(monkeypatch):
    """Members do not follow the solver's order: a pair made of one tile of each of two of its steps
    leaves those steps' other tiles to pair with each other, which the check tries before searching;
    every order it keeps really clears its board."""
    searched = []
    real_solve = play.solve
    monkeypatch.setattr(play, "solve", lambda *args: searched.append(args) or real_solve(*args))
    repaired = 0
    for seed in range(30, 60):
        board = deal_for_seed(seed).board()
        play.lost_cause(board)
        order = play._CLEARING.get(board)
        pair = _crossing_pair(board, order) if order else None
        if pair is None:
            continue
        searched.clear()
        after = board.remove(*pair)
        assert not play.lost_cause(after, removed=pair)
        kept = play._CLEARING[after]
        assert play._clears(after, kept) and len(kept) == len(order) - 1
        repaired += searched == []
    assert repaired >= 10


def test_the_first_pick_of_a_game_is_checked_against_the_deals_own_order(monkeypatch):
    searched = []
    real_solve = play.solve
    monkeypatch.setattr(play, "solve", lambda *args: searched.append(args) or real_solve(*args))
    deal = deal_for_seed(4321)
    a, b = deal.solution[0]
    after = deal.board().remove(a, b)
    assert not play.lost_cause(after, removed=(a, b), seed=deal.seed)
    assert searched == [] and play._clears(after, play._CLEARING[after])
    play._CLEARING.pop(after)
    assert not play.lost_cause(after, removed=(a, b), seed=deal.seed + 1)  # not this board's deal
    assert searched


def _lost_board() -> Board:
    """A free pair of 1m is left, and two 2m, one lying on the other: not stuck yet, but lost."""
    at = {(p.x, p.y, p.z): p.id for p in PYRAMID.positions}
    below, above, left, right = at[6, 8, 0], at[6, 8, 1], at[0, 0, 0], at[14, 16, 0]
    faces = [Tile(0)] * len(PYRAMID)
    faces[below] = faces[above] = Tile(1)
    return Board(tuple(faces), sum(1 << i for i in (below, above, left, right)))


# --- the presenter --------------------------------------------------------------------------------


def test_the_menu_lists_exactly_the_legal_pairs_grouped_by_face():
    state = new_state()
    board = state.game.board
    message = presenter.game_message(state, START + 1, "en")
    offered = [parse_pair(option.value) for select in message.selects for option in select.options]
    assert sorted(offered) == sorted(board.matching_free_pairs())
    assert all(len(select.options) <= 25 for select in message.selects) and len(message.selects) <= 4
    faces = [board.face(a) for a, _ in offered]
    assert faces == sorted(faces, key=lambda face: int(face) if not face.is_bonus else int(Tile.PLUM))
    assert {button.label for button in message.buttons} == {"Undo", "Pause", "Finish", "Hint"}
    assert message.pictures and message.pictures[0].rendered.description


def test_a_daily_board_has_no_hint_and_a_paused_one_hides_the_board():
    state = new_state(kind="daily")
    message = presenter.game_message(state, START + 1, "fr")
    assert "Conseil" not in {button.label for button in message.buttons}
    paused, _ = play.act(state, control(state, "pause").move(()), START + 5)
    hidden = presenter.game_message(paused, START + 6, "fr")
    assert not hidden.pictures and not hidden.selects
    assert [button.label for button in hidden.buttons] == ["Reprendre", "Terminer"]


# A hidden tile (wholly covered by higher tiles) keeps its face on the server (issue 37): what the bot
# shows of a game is the same whatever faces its hidden tiles have, and a paused game shows no face.
# Seed 9 after 6 pairs and seed 2 after 24: hidden faces once showed in the drawing of these boards
# (tests/render/test_pyramid_hidden_faces.py).
LEAK_CASES = [(7, 0, "daily", "en"), (9, 6, "daily", "fr"), (2, 24, "free", "en"), (7, 40, "free", "zh_TW")]


def played(seed: int, pairs: int, kind: str = "free") -> SolitaireState:
    """A game of ``seed`` after the first ``pairs`` pairs of its deal's solution, one a second."""
    state = new_state(seed, kind)
    for index, (a, b) in enumerate(deal_for_seed(seed).solution[:pairs]):
        state, _ = play.act(state, control(state, "pair", 0).move((pair_value(a, b),)), START + index + 1)
    return state


def with_faces_moved(state: SolitaireState, ids: list[int]) -> SolitaireState:
    """The game with the faces of the tiles ``ids`` moved on by one among themselves."""
    board = state.game.board
    faces = list(board.faces)
    moved = [faces[tile_id] for tile_id in ids]
    for tile_id, face in zip(ids, moved[1:] + moved[:1], strict=True):
        faces[tile_id] = face
    game = dataclasses.replace(state.game, board=Board(tuple(faces), board.present, board.layout))
    return dataclasses.replace(state, game=game)


def hidden_ids(board: Board) -> list[int]:
    return [tile_id for tile_id in board.remaining if board.is_hidden(tile_id)]


@pytest.mark.parametrize(("seed", "pairs", "kind", "lang"), LEAK_CASES)
def test_what_a_game_shows_is_the_same_whatever_its_hidden_tiles_are(seed, pairs, kind, lang):
    state = played(seed, pairs, kind)
    board = state.game.board
    hidden = hidden_ids(board)
    swapped = with_faces_moved(state, hidden)
    assert len(hidden) >= 2 and any(board.face(i) != swapped.game.board.face(i) for i in hidden)
    at = START + pairs + 2
    # The picture (its bytes, hence the digest in its file name), its alt text, the text, the menus.
    shown = presenter.game_message(state, at, lang)
    assert shown.pictures and shown.selects
    assert presenter.game_message(swapped, at, lang) == shown
    # A hint names a pair of free tiles (never hidden); given the same hint, the message is the same.
    hint = play.hint(board)
    assert hint.hint is not None and not any(board.is_hidden(tile_id) for tile_id in hint.hint)
    assert all(board.is_free(tile_id) for tile_id in hint.hint)
    hinted = presenter.game_message(state, at, lang, hint=hint)
    assert presenter.game_message(swapped, at, lang, hint=hint) == hinted
    assert hinted.pictures[0].rendered.description != shown.pictures[0].rendered.description  # the hint's tile
    # The board left when the game ends, and the daily post of a fresh deal.
    finished, _ = play.act(state, control(state, "finish").move(()), at)
    finished, _ = play.act(finished, control(finished, "finish").move(()), at)
    assert finished.game.over
    ended = with_faces_moved(finished, hidden)
    assert presenter.over_message(ended, lang) == presenter.over_message(finished, lang)
    day, yesterday = date(2025, 3, 15), date(2025, 3, 14)
    fresh = deal_for_seed(seed).board()
    moved_fresh = with_faces_moved(new_state(seed), hidden_ids(fresh)).game.board
    post = presenter.daily_post(day, fresh, [], yesterday, lang, players=3, streak=2)
    assert presenter.daily_post(day, moved_fresh, [], yesterday, lang, players=3, streak=2) == post


@pytest.mark.parametrize(("seed", "pairs", "kind", "lang"), LEAK_CASES)
def test_the_menus_offer_only_free_tiles_and_name_only_their_faces(seed, pairs, kind, lang):
    board = played(seed, pairs, kind).game.board
    free = set(board.free_ids())
    names = {tile_name(board.face(tile_id), lang) for tile_id in free}
    for page in presenter.pair_pages(board, lang):
        for option in page:
            a, b = parse_pair(option.value)
            assert {a, b} <= free and option.tile == board.face(a)
            assert set(option.description.split(" + ")) <= names


@pytest.mark.parametrize(("seed", "pairs", "kind", "lang"), LEAK_CASES)
def test_a_paused_game_shows_no_face_at_all(seed, pairs, kind, lang):
    """Paused by the member or by itself after its idle pause: no picture, no menu, and nothing that
    depends on any face of the board (every face moved gives the same message)."""
    state = played(seed, pairs, kind)
    everyone = with_faces_moved(state, list(state.game.board.remaining))
    at = START + pairs + 2
    paused, _ = play.act(state, control(state, "pause").move(()), at)
    moved_paused = dataclasses.replace(paused, game=dataclasses.replace(paused.game, board=everyone.game.board))
    idle = at + state.game.clock.idle_pause + 60
    assert not state.game.is_paused(at) and state.game.is_paused(idle)
    for game, other, now in ((paused, moved_paused, at + 1), (state, everyone, idle)):
        message = presenter.game_message(game, now, lang)
        assert not message.pictures and not message.selects
        assert say("sol_paused_view", lang) in message.content
        assert presenter.game_message(other, now, lang) == message


def test_more_pairs_than_four_selects_turn_into_pages():
    board = Board.full(tuple([Tile(0)] * 144))  # every free tile matches every other
    pages = presenter.pair_pages(board, "en")
    free = len(board.free_ids())
    assert sum(map(len, pages)) == free * (free - 1) // 2 and len(pages) > 1
    assert all(len(page) <= 100 for page in pages)


# --- words ----------------------------------------------------------------------------------------


def test_every_message_the_solitaire_names_is_in_the_catalog():
    sources = [*pathlib.Path("bot/solitaire").glob("*.py"), pathlib.Path("bot/commands/solitaire.py")]
    named = {key for source in sources for key in re.findall(r'"(sol_[a-z_]+)"', source.read_text())}
    messages = texts("messages")
    assert len(named) > 60 and named <= set(messages), sorted(named - set(messages))


def test_the_daily_post_and_boards_in_french():
    podium = [Standing(1, 11, "Zoé_*", 9520, 480, True), Standing(2, 12, "Bob", 4340, 600, False)]
    post = presenter.daily_post(
        date(2025, 3, 15), deal_for_seed(3).board(), podium, date(2025, 3, 14), "fr", players=2, streak=0
    )
    assert "Solitaire du jour 2025-03-15" in post.content and "Podium du 2025-03-14" in post.content
    assert "1. Zoé\\_\\* — 9\u202f520 (8:00) ✓" in post.content  # markdown in a name is shown, not applied
    assert [button.label for button in post.buttons] == ["Jouer"] and post.pictures
    nobody = presenter.daily_post(
        date(2025, 3, 15), deal_for_seed(3).board(), [], date(2025, 3, 14), "en", players=1, streak=1
    )
    assert "Nobody scored on the deal of 2025-03-14" in nobody.content
    board = presenter.leaderboard_message(Leaderboard("daily", date(2025, 3, 14)), 1, 1, 2, podium, None, "Ana", "fr")
    assert "Classement du solitaire du jour, 2025-03-14" in board.content and "Ana : pas encore classé" in board.content
    assert board.buttons == ()  # one page: no page buttons
    stats = presenter.stats_text("Ana", SolitaireStats(4, 1, 9520, None, 480.0, 3), "fr")
    assert "4 parties · 1 plateau vidé · temps moyen d'un plateau vidé 8:00" in stats
    assert "meilleur libre : —" in stats and "Série : 3 jours d'affilée" in stats


# --- the daily post's turnout and streak; the share ----------------------------------------------

POSTED, EVE = date(2025, 3, 15), date(2025, 3, 14)
PODIUM = [Standing(1, 11, "Zoé", 9520, 480, True), Standing(2, 12, "Bob", 4340, 600, False)]


@pytest.mark.parametrize(
    ("lang", "played", "streak"),
    [
        (
            "en",
            "3 members played the deal of 2025-03-14.",
            "🔥 Server streak: 2 days in a row with the daily cleared by at least one member"
            " (counted up to yesterday; today counts once someone clears it).",
        ),
        (
            "fr",
            "3 membres ont joué la donne du 2025-03-14.",
            "🔥 Série du serveur : 2 jours d'affilée où au moins un membre a vidé le plateau du jour"
            " (comptée jusqu'à hier ; aujourd'hui compte dès que quelqu'un le vide).",
        ),
        (
            "zh_TW",
            "2025-03-14 的牌局有 3 位成員玩過。",
            "🔥 本伺服器紀錄：連續 2 日都有成員清空每日牌局（計至昨日；今日一有人清空亦會計入）。",
        ),
    ],
)
def test_the_daily_post_says_how_many_played_yesterday_and_the_servers_streak(lang, played, streak):
    post = presenter.daily_post(POSTED, deal_for_seed(3).board(), PODIUM, EVE, lang, players=3, streak=2)
    lines = post.content.splitlines()
    podium = [presenter.standing_line(standing, lang) for standing in PODIUM]
    assert lines[2:] == [played, say("sol_post_podium", lang, day="2025-03-14"), *podium, streak]


@pytest.mark.parametrize(
    ("lang", "played", "nobody", "streak"),
    [
        (
            "en",
            ["1 member played the deal of 2025-03-14.", "Nobody scored on the deal of 2025-03-14."],
            ["Nobody played the deal of 2025-03-14."],
            "🔥 Server streak: none — nobody cleared the deal of 2025-03-14. Clear today's to start one.",
        ),
        (
            "fr",
            ["1 membre a joué la donne du 2025-03-14.", "Personne n'a marqué sur la donne du 2025-03-14."],
            ["Personne n'a joué la donne du 2025-03-14."],
            "🔥 Série du serveur : aucune — personne n'a vidé le plateau du 2025-03-14."
            " Videz celui d'aujourd'hui pour en lancer une.",
        ),
        (
            "zh_TW",
            ["2025-03-14 的牌局有 1 位成員玩過。", "2025-03-14 的牌局沒有人得分。"],
            ["2025-03-14 的牌局沒有人玩過。"],
            "🔥 本伺服器紀錄：暫無 — 2025-03-14 沒有人清空牌局。清空今日的牌局，就可以開始新紀錄。",
        ),
    ],
)
def test_a_post_after_a_day_without_a_score_or_without_a_player(lang, played, nobody, streak):
    board = deal_for_seed(3).board()
    scoreless = presenter.daily_post(POSTED, board, [], EVE, lang, players=1, streak=0)
    assert scoreless.content.splitlines()[2:] == [*played, streak]
    empty = presenter.daily_post(POSTED, board, [], EVE, lang, players=0, streak=0)
    assert empty.content.splitlines()[2:] == [*nobody, streak]


SHARES = {
    "en": (
        "Mahjong solitaire 2025-03-14\n🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩 72/72\nCleared ✅ · 9\u202f520 points · 8:00",
        "Mahjong solitaire 2025-03-14\n🟩🟩🟩🟩🟩🟩🟩🟩🟩⬜ 71/72\nNot cleared · 6\u202f500 points · 10:00",
        "Mahjong solitaire 2025-03-14\n⬜⬜⬜⬜⬜⬜⬜⬜⬜⬜ 0/72\nNot cleared · 0 points · 0:06",
    ),
    "fr": (
        "Solitaire mahjong 2025-03-14\n🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩 72/72\nPlateau vidé ✅ · 9\u202f520 points · 8:00",
        "Solitaire mahjong 2025-03-14\n🟩🟩🟩🟩🟩🟩🟩🟩🟩⬜ 71/72\nPlateau non vidé · 6\u202f500 points · 10:00",
        "Solitaire mahjong 2025-03-14\n⬜⬜⬜⬜⬜⬜⬜⬜⬜⬜ 0/72\nPlateau non vidé · 0 point · 0:06",
    ),
    "zh_TW": (
        "麻雀接龍 2025-03-14\n🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩 72/72\n已清空 ✅ · 9,520 分 · 8:00",
        "麻雀接龍 2025-03-14\n🟩🟩🟩🟩🟩🟩🟩🟩🟩⬜ 71/72\n未清空 · 6,500 分 · 10:00",
        "麻雀接龍 2025-03-14\n⬜⬜⬜⬜⬜⬜⬜⬜⬜⬜ 0/72\n未清空 · 0 分 · 0:06",
    ),
}


@pytest.mark.parametrize("lang", sorted(SHARES))
def test_the_share_is_the_day_the_bar_cleared_or_not_the_score_and_the_time(lang):
    games = (
        DailyGame(EVE, 9520, 480, 72, True),
        DailyGame(EVE, 6500, 600, 71, False),  # a pair short: the bar is never full unless cleared
        DailyGame(EVE, 0, 6, 0, False),
    )
    assert tuple(presenter.share_text(game, lang) for game in games) == SHARES[lang]


@pytest.mark.parametrize("lang", sorted(SHARES))
def test_the_stats_show_the_share_to_copy_and_its_button_for_ones_own_daily(lang):
    stats = SolitaireStats(4, 1, 9520, None, 480.0, 3)
    share = DailyGame(EVE, 9520, 480, 72, True)
    message = presenter.stats_message("Ana", stats, share, lang)
    intro = say("sol_share_intro", lang, day="2025-03-14")
    block = f"{intro}\n```\n{SHARES[lang][0]}\n```"
    assert message.content == presenter.stats_text("Ana", stats, lang) + "\n\n" + block
    assert [(b.custom_id, b.label, b.style) for b in message.buttons] == [
        ("mjs1:share:20250314", say("sol_btn_share", lang), "primary")
    ]
    assert parse_custom_id(message.buttons[0].custom_id) == Share(EVE)
    bare = presenter.stats_message("Ana", stats, None, lang)  # another member's, or no daily played
    assert bare.content == presenter.stats_text("Ana", stats, lang) and bare.buttons == ()


TILE_GLYPHS = re.compile("[\U0001f000-\U0001f02f]")  # Unicode's mahjong tiles, 🀄 among them


@given(
    st.integers(0, 72),
    st.integers(0, 100_000),
    st.integers(0, 99_999),
    st.sampled_from(["en", "fr", "zh_TW"]),
)
def test_the_share_names_no_tile_and_no_position(pairs, score, seconds, lang):
    shared = presenter.share_text(DailyGame(EVE, score, seconds, pairs, pairs == 72), lang)
    names = {tile_name(tile, lang) for tile in Tile}
    assert not any(name in shared for name in names)
    assert not TILE_GLYPHS.search(shared)
    assert not re.search(r"\b[A-Z][0-9]", shared)  # no board label (C4)
    assert not re.search(r"[0-9][mpszf]\b", shared)  # no tile code (5p)

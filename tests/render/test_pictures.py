"""The pictures: what they show, what they must not show, their size and their descriptions."""

from __future__ import annotations

import dataclasses
import io
import json

from PIL import Image

from cli import main
from game.actions import Discard
from game.hints import DiscardHint, discard_hints
from game.phrases import phrase
from game.solitaire.deal import deal_for_seed
from game.tiles import Tile, parse_tiles
from render import DESCRIPTION_LIMIT
from render.hand import HandPicture, _framed_slot, render_hand, slot_labels
from render.positions import played_round
from render.pyramid import free_tile_labels, render_pyramid
from render.result import SolitaireSummary, render_solitaire_result
from render.table import DISCARD_WIDTH, HEIGHT, SIZE, describe_table, draw_table, render_table
from words.phrases import show

NAMES = ["Alice", "Bob", "Chen", "Dmitri"]
SCORES = [10, 20, 30, 40]
MAX_BYTES = 300 * 1024


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_the_table_does_not_change_with_the_viewers_own_concealed_tiles(view):
    """The table goes to the channel: the viewer's hand shows as backs, like everyone else's."""
    other = dataclasses.replace(view, concealed=tuple(parse_tiles("112z")), drawn=Tile.EAST)
    assert render_table(view, NAMES, SCORES).image_png == render_table(other, NAMES, SCORES).image_png


def test_the_table_shows_other_hands_only_when_the_view_holds_them(view_of):
    hidden, shown = view_of(), view_of(others_open=True)
    assert render_table(hidden, NAMES, SCORES).image_png != render_table(shown, NAMES, SCORES).image_png


def test_a_real_view_of_another_seat_carries_no_concealed_tiles_into_the_table():
    game = played_round(5, actions=30)
    for seat in range(4):
        view = game.view(seat)
        assert all(public.concealed is None for public in view.seats)
        blind = dataclasses.replace(view, concealed=(), drawn=None)
        assert render_table(view, NAMES, SCORES).image_png == render_table(blind, NAMES, SCORES).image_png


def test_the_table_fits_a_phone_under_the_size_cap(view):
    rendered = render_table(view, NAMES, SCORES, "fr")
    assert (rendered.width, rendered.height) == (SIZE, HEIGHT) == (720, 754)
    assert len(rendered.image_png) < MAX_BYTES
    assert _image(rendered.image_png).size == (720, 754)
    assert "Dernière défausse" in rendered.description and "6s" in rendered.description


def test_the_discards_show_half_as_large_again_on_a_phone_as_on_the_1080_pixel_table():
    """Shown 390 pixels wide, a discard was 40 / 1080 of the width; it must be 1.5 times that."""
    assert DISCARD_WIDTH / SIZE >= 1.5 * 40 / 1080


def test_the_picture_changes_with_the_tiles_not_with_the_turn_or_the_wall():
    """Between a discard and the next, the picture (and its alt text) stays as it was, so the message
    keeps it instead of uploading it again: the claim window closing and the next tile drawn change
    only the message's text. Drawn afresh each time, not taken from the cache of drawn tables."""
    seen: dict[tuple, tuple[bytes, str]] = {}
    for step in range(1, 60):
        view = played_round(3, actions=step).view(None)
        drawn = draw_table(view, NAMES, SCORES).tobytes(), describe_table(view, NAMES, SCORES)
        tiles = tuple((tuple(p.discards), tuple(p.melds), tuple(p.bonus)) for p in view.seats), view.last_discard
        if tiles in seen:
            assert drawn == seen[tiles]
        seen[tiles] = drawn
        assert render_table(view, NAMES, SCORES).image_png == render_table(view, NAMES, SCORES).image_png
    assert len(seen) < 59  # some steps only drew a tile or closed a window


def test_the_hand_numbers_its_tiles_like_the_buttons_and_keeps_the_drawn_tile_last(view):
    hand = HandPicture.of(view)
    assert hand.slots[-1] == Tile.SOUTH and sorted(hand.slots[:-1]) == list(hand.slots[:-1])
    assert len(hand.slots) == len(view.concealed)
    labels = slot_labels(hand.slots, "en")
    assert labels[0] == "1 · 1 Char" and labels[-1] == f"{len(labels)} · S"
    rendered = render_hand(view, "en")
    assert "14: South Wind" in rendered.description
    assert len(rendered.image_png) < MAX_BYTES


def test_a_spectator_has_no_hand(view_of):
    try:
        render_hand(view_of(None))
    except ValueError as error:
        assert "spectator" in str(error)
    else:
        raise AssertionError("a spectator's hand was drawn")


def test_free_tile_labels_are_distinct_all_the_way_through_a_deal():
    deal = deal_for_seed(11)
    board = deal.board()
    for first, second in deal.solution:
        labels = free_tile_labels(board)
        assert set(labels) == set(board.free_ids())
        assert len(set(labels.values())) == len(labels)
        board = board.remove(first, second)


def test_the_pyramid_marks_the_selected_tile_and_fits_a_phone():
    board = deal_for_seed(3).board()
    free = board.free_ids()
    plain = render_pyramid(board)
    chosen = render_pyramid(board, selected=free[0])
    assert plain.image_png != chosen.image_png
    # wider than a phone shows it (390), so nothing is lost there, and no wider than it needs
    assert 390 < plain.width <= 720 and plain.height > plain.width
    assert len(plain.image_png) < MAX_BYTES
    small = render_pyramid(board, small=True)
    assert small.width < 520
    label = free_tile_labels(board)[free[0]]
    assert f"Selected: {label}" in chosen.description


def test_descriptions_stay_within_discords_limit(view):
    crowded = view
    seats = tuple(dataclasses.replace(public, discards=public.discards * 12) for public in crowded.seats)
    crowded = dataclasses.replace(crowded, seats=seats)
    assert len(render_table(crowded, NAMES, SCORES).description) <= DESCRIPTION_LIMIT
    assert len(render_pyramid(deal_for_seed(2).board()).description) <= DESCRIPTION_LIMIT


def test_the_solitaire_card_shows_each_part_of_the_score():
    rendered = render_solitaire_result(SolitaireSummary("Daily", 50, False, 3, 600, 4340), "en")
    for part in ("+5000", "−60", "−600", "Total 4340"):
        assert part in rendered.description


def _with_discards(view):
    """The view with every discard its hand allows, as on the seat's turn (the hints need them)."""
    options = tuple(Discard(view.seat, tile) for tile in sorted(set(view.concealed)))
    return dataclasses.replace(view, legal=options)


def test_the_hand_with_hints_frames_the_suggested_discard_and_counts_the_useful_tiles(view):
    view = _with_discards(view)
    hints = discard_hints(view)
    best = hints[0]
    plain = render_hand(view, "en")
    hinted = render_hand(view, "en", hints)
    assert best.best and hinted.height > plain.height and hinted.width == plain.width
    assert f"Hint: {show(best.reason, 'en')}" in hinted.description
    assert f"{best.tile.code} {best.useful}" in hinted.description
    assert "Hint" not in plain.description
    french = render_hand(view, "fr", hints)
    assert f"Conseil\u00a0: {show(best.reason, 'fr')}" in french.description
    assert len(hinted.image_png) < MAX_BYTES and len(hinted.description) <= DESCRIPTION_LIMIT


def test_the_hint_frames_the_last_copy_of_its_kind_the_drawn_tile_when_it_is_that_kind():
    slots = tuple(parse_tiles("1m5p5p9s5p"))  # the drawn 5p last
    best = DiscardHint(Tile.P5, 1, 8, (), 0.0, True, phrase("exposed_pung"))
    assert _framed_slot(slots, best) == 5
    assert _framed_slot(slots[:-1], best) == 3
    assert _framed_slot(slots, None) is None


def test_the_render_command_draws_a_hand_with_its_hints(tmp_path, capsys):
    out = tmp_path / "hand.png"
    assert main(["render", "hand", "--seed", "3", "--hints", "--lang", "fr", "--out", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Conseil" in report["description"]
    assert "–" in report["description"]  # in this position some discards set the hand back
    assert main(["render", "hand", "--seed", "3", "--out", str(out)]) == 0
    assert "Hint" not in json.loads(capsys.readouterr().out)["description"]


def test_a_result_card_draws_every_set_and_bonus_tile_of_a_crowded_hand():
    """Four kongs and all eight bonus tiles: too wide at full size, so the row is drawn narrower, and
    every tile is in it (the row's last pixels, at the right end, are a bonus tile's, not the card's)."""
    from game.hand import SetKind
    from game.melds import Meld
    from game.scoring.hongkong import score_hongkong
    from game.scoring.settings import HongKongSettings
    from game.win import WinContext
    from render.result import MARGIN, TILE_WIDTH, WIDTH, _fitting_width, _row_width, render_result

    kongs = tuple(Meld(SetKind.KONG, tile, claimed_from=1) for tile in (Tile.M1, Tile.P9, Tile.S5, Tile.EAST))
    win = WinContext(
        concealed=tuple(parse_tiles("22z")),
        melds=kongs,
        winning_tile=Tile.SOUTH,
        self_drawn=True,
        seat=0,
        round_wind=Tile.EAST,
        bonus=tuple(parse_tiles("12345678f")),
    )
    width = _fitting_width(win)
    assert _row_width(win, TILE_WIDTH) > WIDTH - 2 * MARGIN and _row_width(win, width) <= WIDTH - 2 * MARGIN
    card = render_result(win, score_hongkong(win, HongKongSettings()), winner_name="Alice", lang="en")
    image = _image(card.image_png).convert("RGB")
    row = image.crop((MARGIN, 96, WIDTH - MARGIN, 150))
    # every bonus tile drawn: the paper of the card shows no more than the gaps right of the last one
    right = _row_width(win, width)
    assert row.crop((right - 20, 0, right - 2, row.height)).getcolors(4096) is not None
    assert len(row.crop((right - 20, 0, right - 2, row.height)).getcolors(4096) or []) > 3

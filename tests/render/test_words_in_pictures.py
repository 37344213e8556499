"""The words the pictures draw, in every language: every character in the face that draws it, the
Chinese text on one baseline with the Latin, and the labels within their boxes."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from PIL import Image, ImageDraw, ImageFont

from game.actions import Discard
from game.hand import SetKind
from game.hints import discard_hints
from game.melds import Meld
from game.scoring.classic import score_classic
from game.scoring.hongkong import score_hongkong
from game.scoring.settings import HongKongSettings
from game.solitaire.deal import deal_for_seed
from game.tiles import WINDS, Tile, parse_tiles
from game.win import WinContext
from render import fonts
from render.draw import text, text_width, wrap_text
from render.faces import wind_letter
from render.fonts import CHINESE_SIGNS, PICTURE_DOMAINS
from render.hand import HAND_WIDTH, render_hand
from render.pyramid import FULL_WIDTH, SMALL_WIDTH, _frame, render_pyramid
from render.result import MARGIN, WIDTH, SolitaireSummary, breakdown_lines, render_result, render_solitaire_result
from render.table import PLATE, SIZE, render_table
from render.tiles import metrics
from tests.words.catalogs import texts
from words import LANGS, plural
from words.catalog import DOMAINS
from words.catalog import text as catalog_text
from words.tiles import tile_label

DRAWN_DOMAINS = [domain for domain in PICTURE_DOMAINS if domain in DOMAINS]


@cache
def _missing_glyph(font: ImageFont.FreeTypeFont) -> bytes:
    # A private-use code point no face has: FreeType draws the face's missing glyph for it.
    return bytes(font.getmask("\U0010fffd"))


def _has(font: ImageFont.FreeTypeFont, char: str) -> bool:
    """Whether ``font`` draws ``char``: a mask of its own, neither empty nor the missing glyph's box."""
    mask = bytes(font.getmask(char))
    return any(mask) and mask != _missing_glyph(font)


def _catalog_texts(lang: str) -> list[tuple[str, str]]:
    return [
        (f"{domain}:{key}", form)
        for domain in DRAWN_DOMAINS
        for key, forms in texts(domain, lang).items()
        for form in forms
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_character_the_pictures_draw_is_in_the_face_that_draws_it(lang):
    missing = set()
    for where, content in _catalog_texts(lang):
        for is_chinese, piece in fonts.runs(content):
            faces = [fonts.chinese_text(20)] if is_chinese else [fonts.latin(20), fonts.latin(20, bold=True)]
            missing |= {(where, char) for char in piece if not char.isspace() for face in faces if not _has(face, char)}
    assert not missing, sorted(missing)[:20]


def test_the_tiles_signs_are_in_the_brush_face_and_the_text_face():
    assert all(_has(fonts.chinese(40), char) and _has(fonts.chinese_text(20), char) for char in CHINESE_SIGNS)
    assert not _has(fonts.chinese_text(20), "\u9f98")  # a character of no catalog: the check can fail


def test_members_names_written_in_chinese_are_drawn_not_boxed():
    """Hong Kong members are often named in Chinese, and their names are on every table picture."""
    for name in ("陳大文", "李小龍", "黃麗珍", "張國榮", "梁朝偉", "周潤發"):
        assert all(_has(fonts.chinese_text(20), char) for char in name), name


def test_a_chinese_line_draws_each_piece_in_its_face_on_one_baseline():
    latin, chinese = fonts.latin(20), fonts.chinese_text(20)
    assert fonts.runs("分數 12") == ((True, "分數"), (False, " 12"))
    mine = Image.new("L", (200, 60), 0)
    text(ImageDraw.Draw(mine), (10, 40), "分數 12", 20, 255, anchor="ls")
    theirs = Image.new("L", (200, 60), 0)
    draw = ImageDraw.Draw(theirs)
    draw.text((10, 40), "分數", font=chinese, fill=255, anchor="ls")
    draw.text((10 + chinese.getlength("分數"), 40), " 12", font=latin, fill=255, anchor="ls")
    assert mine.tobytes() == theirs.tobytes()
    assert text_width("分數 12", 20) == round(chinese.getlength("分數") + latin.getlength(" 12"))


def test_a_chinese_text_breaks_between_characters_and_keeps_its_punctuation_with_them():
    lines = wrap_text("提示：打一萬，手牌已叫糊，場上還有八張可以食糊。", 17, 120)
    assert len(lines) > 1 and "".join(lines) == "提示：打一萬，手牌已叫糊，場上還有八張可以食糊。"
    assert all(text_width(line, 17) <= 120 for line in lines)
    assert not any(line[0] in "，。：" for line in lines)
    assert wrap_text("Under each tile: the useful tiles", 14, 120) == ["Under each tile:", "the useful tiles"]


def _win() -> WinContext:
    sets = (
        Meld(SetKind.KONG, Tile.M1, claimed_from=1),
        Meld(SetKind.KONG, Tile.P9, exposed=False),
        Meld(SetKind.CHOW, Tile.S3, claimed_from=3),
        Meld(SetKind.PUNG, Tile.EAST, claimed_from=2),
    )
    return WinContext(
        concealed=tuple(parse_tiles("22z")),
        melds=sets,
        winning_tile=Tile.SOUTH,
        self_drawn=False,
        seat=0,
        round_wind=Tile.EAST,
        bonus=tuple(parse_tiles("15f")),
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_picture_draws_in_every_language(lang, view):
    on_turn = dataclasses.replace(view, legal=tuple(Discard(view.seat, tile) for tile in sorted(set(view.concealed))))
    board = deal_for_seed(4).board()
    win = _win()
    pictures = [
        render_table(view, ["Alice", "Bob", "陳大文", "Dmitri"], [12, -4, 30, 0], lang),
        render_hand(on_turn, lang, discard_hints(on_turn)),
        render_pyramid(board, selected=board.free_ids()[0], lang=lang),
        render_pyramid(board, small=True, lang=lang),
        render_result(
            win, score_hongkong(win, HongKongSettings()), winner_name="Alice", discarder_name="Bob", lang=lang
        ),
        render_result(win, score_classic(win), winner_name="Alice", lang=lang),
        render_solitaire_result(SolitaireSummary("Daily", 72, True, 1, 480, 9500), lang),
    ]
    for picture in pictures:
        assert picture.image_png and picture.description


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_labels_fit_their_boxes(lang):
    words = [catalog_text("pictures", f"table.{key}", lang) for key in ("greyed", "framed")]
    # The legend: two samples and their meanings in one line under the table.
    assert sum(text_width(meaning, 13) + 22 + 20 for meaning in words) + 18 <= SIZE
    plate = PLATE - 20
    for wind in WINDS:
        assert text_width(catalog_text("names", f"wind.{wind.code}", lang), 14, bold=True) <= plate
        assert text_width(tile_label(wind, lang), 26, bold=True) <= 2 * 21  # the round wind's disc
    assert text_width(catalog_text("pictures", "table.score", lang, score=-99999), 14) <= plate
    marks = [catalog_text("pictures", f"table.{key}", lang) for key in ("you", "dealer", "calling")]
    # Each badge fits the card; the three take at most two rows (the card has room for two).
    widths = [text_width(mark, 11, bold=True) + 11 for mark in marks]
    assert max(widths) <= PLATE - 16 and sum(widths) + 8 <= 2 * (PLATE - 16)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_labels_fit_under_their_tiles(lang):
    face = metrics(HAND_WIDTH).face_width
    for tile in Tile:
        assert text_width(tile_label(tile, lang), 14) <= face + 4, tile  # the gap between two tiles
        if tile.is_wind:
            assert len(wind_letter(tile, lang)) == 1 and fonts.runs(wind_letter(tile, lang))[0][0] is False
    assert text_width(catalog_text("pictures", "hand.drawn", lang), 15, bold=True) <= face + 30
    for key in ("hand.sets", "hand.bonus"):
        assert text_width(catalog_text("pictures", key, lang), 17, bold=True) <= 720 // 2 - 24


@pytest.mark.parametrize("lang", LANGS)
def test_the_pyramid_header_leaves_room_between_its_title_and_its_counts(lang):
    board = deal_for_seed(4).board()
    for small, width, (title_size, count_size) in ((False, FULL_WIDTH, (28, 20)), (True, SMALL_WIDTH, (16, 13))):
        frame = _frame(board.layout, small)
        assert metrics(width, lift="down_right").face_width == frame.tile.face_width
        title = text_width(catalog_text("pictures", "solitaire", lang), title_size, bold=True)
        left, free = (plural("pictures", key, 144, lang) for key in ("pyramid.header_left", "pyramid.free"))
        counts = text_width(catalog_text("pictures", "pyramid.header", lang, left=left, free=free), count_size)
        assert title + counts + 2 * frame.margin + 20 <= frame.size[0], (small, title, counts)


@pytest.mark.parametrize("lang", LANGS)
def test_the_result_cards_lines_are_not_cut(lang):
    win = _win()
    label_room = WIDTH - 2 * MARGIN - 240
    for score in (score_hongkong(win, HongKongSettings()), score_classic(win)):
        for label, value in breakdown_lines(score, lang):
            assert text_width(label, 19) <= label_room and text_width(value, 19, bold=True) <= 220, label
    title = catalog_text("pictures", "result.title", lang, name="Alice", wind=catalog_text("names", "wind.1z", lang))
    assert text_width(title, 30, bold=True) <= WIDTH - 2 * MARGIN
    for key in ("solitaire.cleared", "solitaire.stuck", "result.minimum"):
        assert text_width(catalog_text("pictures", key, lang), 19, bold=True) <= label_room
    for key, params in (
        ("solitaire.pairs", {"pairs": 72, "points": 100}),
        ("solitaire.undos", {"undos": 99, "cost": 20}),
    ):
        assert text_width(catalog_text("pictures", key, lang, **params), 19) <= label_room
    assert text_width(catalog_text("pictures", "solitaire.time", lang, clock="59:59", seconds=3599), 19) <= label_room

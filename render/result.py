"""Result cards: a won hand with its score breakdown (classic points and doubles, or Hong Kong fan and
payments), and the end of a solitaire game (score lines, time, undos), in any language of the catalogs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from PIL import Image, ImageDraw

from game.scoring.classic import ClassicScore
from game.scoring.common import FanItem
from game.scoring.hongkong import HongKongScore
from game.tiles import format_tiles
from game.win import WinContext
from render.describe import listed, meld_words, phrase, sentence, tiles_in_words
from render.draw import fit_text, outline, text
from render.melds import meld_width, paste_meld
from render.rendered import Rendered
from render.theme import FELT, GREEN, HIGHLIGHT, INK, PAPER, PAPER_LINE, RED
from render.tiles import metrics, tile_image
from words import Lang
from words.catalog import text as text_of
from words.phrases import show
from words.tiles import tile_name

WIDTH = 900
MARGIN = 32
TILE_WIDTH = 52
MIN_TILE_WIDTH = 30
SET_RATIO = 0.8  # the declared sets' tiles, against the hand's
BONUS_RATIO = 0.6
LINE = 36


def render_result(
    win: WinContext,
    score: ClassicScore | HongKongScore,
    *,
    winner_name: str,
    discarder_name: str | None = None,
    payments: Sequence[tuple[str, Fraction | int]] = (),
    lang: Lang = "en",
) -> Rendered:
    """The winning hand and its breakdown; ``payments`` lists (name, gain) for the Hong Kong card."""
    lines = breakdown_lines(score, lang)
    totals = total_lines(score, lang)
    width = _fitting_width(win)
    tile = metrics(width)
    hand_top = 96
    hand_bottom = hand_top + tile.face_height
    lines_top = hand_bottom + tile.offset_y + 36
    payment_rows = len(payments)
    height = lines_top + LINE * (len(lines) + len(totals) + (payment_rows + 1 if payments else 0)) + MARGIN + 20
    image, draw = _card(height)

    wind = text_of("names", f"wind.{win.seat_wind.code}", lang)
    how = (
        phrase("result.self", lang)
        if win.self_drawn or discarder_name is None
        else phrase("result.from", lang, name=discarder_name)
    )
    title = phrase("result.title", lang, name=winner_name, wind=wind)
    text(draw, (MARGIN, 30), fit_text(title, 30, WIDTH - 2 * MARGIN, bold=True), 30, RED, bold=True)
    text(draw, (MARGIN, 68), how, 18, INK)

    x = MARGIN
    rest = list(win.concealed)
    rest.remove(win.winning_tile)
    for shown in sorted(rest):
        image.alpha_composite(tile_image(shown, width, lang=lang), (x, hand_top))
        x += tile.face_width + 2
    x += 14
    outline(draw, (x, hand_top, x + tile.face_width, hand_bottom), HIGHLIGHT, 4, 7)
    image.alpha_composite(tile_image(win.winning_tile, width, lang=lang), (x, hand_top))
    x += tile.face_width + 18
    for meld in win.melds:
        x = paste_meld(image, meld, win.seat, x, hand_bottom, round(width * SET_RATIO), lang) + 10
    bonus_width = round(width * BONUS_RATIO)
    for bonus in win.bonus:
        sprite = tile_image(bonus, bonus_width, lang=lang)
        image.alpha_composite(sprite, (x, hand_bottom - metrics(bonus_width).face_height))
        x += sprite.width

    y = lines_top
    for label, value in lines:
        _row(draw, y, label, value, bold=False)
        y += LINE
    draw.line((MARGIN, y - 6, WIDTH - MARGIN, y - 6), fill=PAPER_LINE, width=2)
    for label, value in totals:
        _row(draw, y, label, value, bold=True)
        y += LINE
    if payments:
        y += 6
        text(draw, (MARGIN, y), phrase("result.payments", lang), 18, INK, bold=True)
        y += LINE
        for name, amount in payments:
            _row(draw, y - 6, name, _signed(amount), bold=False, colour=GREEN if amount > 0 else RED)
            y += LINE - 6
    description = _describe_result(win, score, winner_name, how, lines, totals, payments, lang)
    return Rendered.of(image, description)


def _fitting_width(win: WinContext) -> int:
    """The widest tiles (at most ``TILE_WIDTH``) at which the hand, its sets and its bonus tiles fit
    the card in one row: every tile is drawn, narrower when the hand holds many sets and flowers."""
    width = TILE_WIDTH
    while width > MIN_TILE_WIDTH and _row_width(win, width) > WIDTH - 2 * MARGIN:
        width -= 2
    return width


def _row_width(win: WinContext, width: int) -> int:
    """The pixels the hand's row takes at tiles ``width`` wide (as ``render_result`` lays it out)."""
    face = metrics(width).face_width
    concealed = (len(win.concealed) - 1) * (face + 2) + 14 + face + 18
    sets = sum(meld_width(meld, win.seat, round(width * SET_RATIO)) + 10 for meld in win.melds)
    bonus = len(win.bonus) * tile_image(win.bonus[0], round(width * BONUS_RATIO)).width if win.bonus else 0
    return concealed + sets + bonus


def breakdown_lines(score: ClassicScore | HongKongScore, lang: Lang) -> list[tuple[str, str]]:
    """The breakdown as (label, value) rows in ``lang``: the card's lines, also for text messages."""
    if isinstance(score, ClassicScore):
        rows = []
        for item in score.items:
            parts = []
            if item.points:
                parts.append(f"+{item.points}")
            if item.doubles:
                parts.append(f"×{2**item.doubles}")
            rows.append((show(item.label, lang), "  ".join(parts) or "0"))
        return rows
    return [_fan_line(item, lang) for item in score.patterns]


def _fan_line(item: FanItem, lang: Lang) -> tuple[str, str]:
    label = show(item.label, lang)
    return (
        # A bonus tile's line is marked: its fan does not count towards the minimum.
        phrase("result.bonus_item", lang, label=label) if item.bonus else label,
        phrase("result.limit", lang) if item.limit else phrase("result.fan", lang, fan=item.fan),
    )


def total_lines(score: ClassicScore | HongKongScore, lang: Lang) -> list[tuple[str, str]]:
    if isinstance(score, ClassicScore):
        formula = f"{score.points} × 2^{score.doubles}" if not score.limit_hand else phrase("result.limit", lang)
        return [
            (
                phrase("result.classic.total", lang, points=score.points, doubles=score.doubles),
                f"{formula} = {score.score}",
            )
        ]
    totals = [
        (
            phrase("result.hongkong.total", lang),
            phrase("result.hongkong.base", lang, fan=score.fan, base=score.base_points),
        )
    ]
    if not score.meets_minimum:
        totals.append((phrase("result.minimum", lang), ""))
    return totals


def _signed(amount: Fraction | int) -> str:
    value = Fraction(amount)
    shown = str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"
    return f"+{shown}" if value > 0 else shown


def _card(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (WIDTH, height), (*FELT, 255))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((8, 8, WIDTH - 9, height - 9), radius=22, fill=PAPER, outline=PAPER_LINE, width=3)
    return image, draw


def _row(
    draw: ImageDraw.ImageDraw, y: int, label: str, value: str, *, bold: bool, colour: tuple[int, int, int] = INK
) -> None:
    text(draw, (MARGIN, y), fit_text(label, 19, WIDTH - 2 * MARGIN - 240, bold=bold), 19, INK, bold=bold)
    text(draw, (WIDTH - MARGIN, y), value, 19, colour, bold=True, anchor="ra")


def _describe_result(
    win: WinContext,
    score: ClassicScore | HongKongScore,
    winner: str,
    how: str,
    lines: list[tuple[str, str]],
    totals: list[tuple[str, str]],
    payments: Sequence[tuple[str, Fraction | int]],
    lang: Lang,
) -> str:
    parts = [
        phrase("result.alt.win", lang, name=winner, how=how),
        phrase(
            "result.alt.hand",
            lang,
            concealed=format_tiles(sorted(win.concealed)),
            code=win.winning_tile.code,
            name=tile_name(win.winning_tile, lang),
        ),
    ]
    if win.melds:
        parts.append(sentence(listed((meld_words(meld, lang) for meld in win.melds), lang, long=True), lang))
    if win.bonus:
        parts.append(phrase("result.alt.bonus", lang, tiles=tiles_in_words(win.bonus, lang)))
    parts.append(sentence(listed((f"{label} {value}" for label, value in lines), lang, long=True), lang))
    total = (phrase("result.alt.total", lang, label=label, value=value) for label, value in totals)
    parts.append(sentence(listed(total, lang, long=True), lang))
    if payments:
        paid = listed((f"{name} {_signed(amount)}" for name, amount in payments), lang)
        parts.append(phrase("result.alt.payments", lang, payments=paid))
    return " ".join(parts)


# --- solitaire ------------------------------------------------------------------------------------

PAIR_POINTS = 100
CLEAR_BONUS = 2800
UNDO_COST = 20
SECOND_COST = 1


@dataclass(frozen=True, slots=True)
class SolitaireSummary:
    """A finished solitaire game, as recomputed by the bot from its move log (SPEC §3)."""

    title: str
    pairs: int
    cleared: bool
    undos: int
    seconds: int
    score: int


def render_solitaire_result(summary: SolitaireSummary, lang: Lang = "en") -> Rendered:
    """The end-of-game card: one line per part of the score, then the total."""
    minutes, seconds = divmod(summary.seconds, 60)
    clock = f"{minutes}:{seconds:02d}"
    lines = [
        (phrase("solitaire.pairs", lang, pairs=summary.pairs, points=PAIR_POINTS), f"+{summary.pairs * PAIR_POINTS}"),
        (
            phrase("solitaire.cleared" if summary.cleared else "solitaire.stuck", lang),
            f"+{CLEAR_BONUS}" if summary.cleared else "0",
        ),
        (phrase("solitaire.undos", lang, undos=summary.undos, cost=UNDO_COST), f"−{summary.undos * UNDO_COST}"),
        (
            phrase("solitaire.time", lang, clock=clock, seconds=summary.seconds),
            f"−{summary.seconds * SECOND_COST}",
        ),
    ]
    height = 120 + LINE * (len(lines) + 1) + MARGIN + 30
    image, draw = _card(height)
    text(draw, (MARGIN, 30), fit_text(summary.title, 30, WIDTH - 2 * MARGIN, bold=True), 30, RED, bold=True)
    text(draw, (MARGIN, 72), phrase("solitaire", lang), 18, INK)
    y = 120
    for label, value in lines:
        _row(draw, y, label, value, bold=False)
        y += LINE
    draw.line((MARGIN, y - 6, WIDTH - MARGIN, y - 6), fill=PAPER_LINE, width=2)
    _row(draw, y + 4, phrase("solitaire.total", lang), str(summary.score), bold=True, colour=GREEN)
    shown = listed((f"{label} {value}" for label, value in lines), lang, long=True)
    description = phrase("solitaire.alt", lang, title=summary.title, lines=shown, score=summary.score)
    return Rendered.of(image, description)

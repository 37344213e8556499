"""Result cards: a won hand with its score breakdown (classic points and doubles, or Hong Kong fan and
payments), and the end of a solitaire game (score lines, time, undos). French or English."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from PIL import Image, ImageDraw

from game.scoring.classic import ClassicScore
from game.scoring.hongkong import HongKongScore
from game.tiles import WINDS, format_tiles
from game.win import WinContext
from render.describe import colon, meld_words, tiles_in_words
from render.draw import fit_text, outline, text
from render.melds import meld_width, paste_meld
from render.rendered import Rendered
from render.theme import FELT, GREEN, HIGHLIGHT, INK, PAPER, PAPER_LINE, RED
from render.tiles import metrics, tile_image
from words import Lang
from words.tiles import tile_name

WIDTH = 900
MARGIN = 32
TILE_WIDTH = 52
MIN_TILE_WIDTH = 30
SET_RATIO = 0.8  # the declared sets' tiles, against the hand's
BONUS_RATIO = 0.6
LINE = 36

_WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "wins": "Mahjong! {name} wins",
        "self": "self-drawn",
        "from": "on a discard from {name}",
        "points": "points",
        "doubles": "doubles",
        "score": "Score",
        "fan": "fan",
        "base": "base points",
        "limit": "limit hand",
        "minimum": "below the minimum",
        "payments": "Payments",
        "bonus": "bonus",
        "winning": "winning tile",
        "solitaire": "Mahjong solitaire",
        "pairs": "Pairs removed",
        "cleared": "Board cleared",
        "undos": "Undos",
        "time": "Time",
        "total": "Total",
        "stuck": "No pair left",
    },
    "fr": {
        "wins": "Mah-Jong ! {name} gagne",
        "self": "tuile piochée",
        "from": "sur une défausse de {name}",
        "points": "points",
        "doubles": "doublements",
        "score": "Score",
        "fan": "fan",
        "base": "points de base",
        "limit": "main limite",
        "minimum": "sous le minimum",
        "payments": "Paiements",
        "bonus": "bonus",
        "winning": "tuile gagnante",
        "solitaire": "Mahjong solitaire",
        "pairs": "Paires retirées",
        "cleared": "Plateau vidé",
        "undos": "Annulations",
        "time": "Temps",
        "total": "Total",
        "stuck": "Plus aucune paire",
    },
}
_WIND_NAMES: dict[Lang, tuple[str, ...]] = {
    "en": ("East", "South", "West", "North"),
    "fr": ("Est", "Sud", "Ouest", "Nord"),
}


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
    words = _WORDS[lang]
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

    wind = _WIND_NAMES[lang][WINDS.index(win.seat_wind)]
    how = words["self"] if win.self_drawn or discarder_name is None else words["from"].format(name=discarder_name)
    title = f"{words['wins'].format(name=winner_name)} ({wind})"
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
        text(draw, (MARGIN, y), words["payments"], 18, INK, bold=True)
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
    words = _WORDS[lang]
    if isinstance(score, ClassicScore):
        rows = []
        for item in score.items:
            parts = []
            if item.points:
                parts.append(f"+{item.points}")
            if item.doubles:
                parts.append(f"×{2**item.doubles}")
            rows.append((item.label.text(lang), "  ".join(parts) or "0"))
        return rows
    return [
        (
            item.label.text(lang) + (f" ({words['bonus']})" if item.bonus else ""),
            words["limit"] if item.limit else f"{item.fan} {words['fan']}",
        )
        for item in score.patterns
    ]


def total_lines(score: ClassicScore | HongKongScore, lang: Lang) -> list[tuple[str, str]]:
    words = _WORDS[lang]
    if isinstance(score, ClassicScore):
        formula = f"{score.points} × 2^{score.doubles}" if not score.limit_hand else words["limit"]
        return [
            (
                f"{words['score']} ({score.points} {words['points']}, {score.doubles} {words['doubles']})",
                f"{formula} = {score.score}",
            )
        ]
    totals = [(f"{words['score']}", f"{score.fan} {words['fan']} → {score.base_points} {words['base']}")]
    if not score.meets_minimum:
        totals.append((words["minimum"], ""))
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
    words = _WORDS[lang]
    c = colon(lang)
    parts = [
        f"{words['wins'].format(name=winner)}, {how}.",
        f"{format_tiles(sorted(win.concealed))}, {words['winning']} {win.winning_tile.code} "
        f"({tile_name(win.winning_tile, lang)}).",
    ]
    if win.melds:
        parts.append("; ".join(meld_words(meld, lang) for meld in win.melds) + ".")
    if win.bonus:
        parts.append(f"{words['bonus'].capitalize()}{c} {tiles_in_words(win.bonus, lang)}.")
    parts.append("; ".join(f"{label} {value}" for label, value in lines) + ".")
    parts.append("; ".join(f"{label}{c} {value}" for label, value in totals) + ".")
    if payments:
        parts.append(
            f"{words['payments']}{c} " + ", ".join(f"{name} {_signed(amount)}" for name, amount in payments) + "."
        )
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
    words = _WORDS[lang]
    minutes, seconds = divmod(summary.seconds, 60)
    clock = f"{minutes}:{seconds:02d}"
    lines = [
        (f"{words['pairs']}  {summary.pairs} × {PAIR_POINTS}", f"+{summary.pairs * PAIR_POINTS}"),
        (words["cleared"] if summary.cleared else words["stuck"], f"+{CLEAR_BONUS}" if summary.cleared else "0"),
        (f"{words['undos']}  {summary.undos} × {UNDO_COST}", f"−{summary.undos * UNDO_COST}"),
        (f"{words['time']}  {clock} ({summary.seconds} s)", f"−{summary.seconds * SECOND_COST}"),
    ]
    height = 120 + LINE * (len(lines) + 1) + MARGIN + 30
    image, draw = _card(height)
    text(draw, (MARGIN, 30), fit_text(summary.title, 30, WIDTH - 2 * MARGIN, bold=True), 30, RED, bold=True)
    text(draw, (MARGIN, 72), words["solitaire"], 18, INK)
    y = 120
    for label, value in lines:
        _row(draw, y, label, value, bold=False)
        y += LINE
    draw.line((MARGIN, y - 6, WIDTH - MARGIN, y - 6), fill=PAPER_LINE, width=2)
    _row(draw, y + 4, words["total"], str(summary.score), bold=True, colour=GREEN)
    c = colon(lang)
    description = (
        f"{summary.title}{c} "
        + "; ".join(f"{label} {value}" for label, value in lines)
        + f"; {words['total']} {summary.score}."
    )
    return Rendered.of(image, description)

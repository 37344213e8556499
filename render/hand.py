"""A player's own hand, for their private message: concealed tiles sorted and numbered like the buttons
that act on them, the drawn tile apart, the declared sets and bonus tiles below.

With discard hints (``game.hints.discard_hints``, where the table allows them), each tile also shows
how many useful tiles would be left after discarding it, the suggested discard is framed, and the
reason is written under the tiles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from game.hints import DiscardHint
from game.melds import Meld
from game.tiles import Tile, format_tiles
from game.view import SeatView
from render.describe import listed, meld_words, phrase, sentence, tiles_in_words
from render.draw import badge, felt_canvas, outline, text, wrap_text
from render.melds import meld_width, paste_meld, put
from render.rendered import Rendered
from render.table import table_palette
from render.theme import HIGHLIGHT, HINT, INK, PAPER, TEXT_DIM_ON_FELT, TEXT_ON_FELT
from render.tiles import HAND_WIDTH, metrics, tile_image
from words import Lang
from words.phrases import show
from words.tiles import tile_label, tile_name

# The colours of the hand's PNG: 64, as many as the tables had on the 1080-pixel table; files 0.9 times
# those of the table's 96, for pictures within a level of the one drawn.
HAND_COLOURS = 64
MARGIN = 24
GAP = 4
DRAWN_GAP = 30
SMALL_WIDTH = 44
MIN_WIDTH = 720

HINT_LINE = 22
LEGEND_LINE = 18


@dataclass(frozen=True, slots=True)
class HandPicture:
    """What the hand image shows: ``concealed`` without the drawn tile, which ``drawn`` holds."""

    seat: int
    concealed: tuple[Tile, ...]
    drawn: Tile | None
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]

    @classmethod
    def of(cls, view: SeatView) -> HandPicture:
        if view.seat is None or view.concealed is None:
            raise ValueError("a spectator has no hand to draw")
        rest = list(view.concealed)
        if view.drawn is not None:
            rest.remove(view.drawn)
        me = view.seats[view.seat]
        return cls(view.seat, tuple(sorted(rest)), view.drawn, me.melds, me.bonus)

    @property
    def slots(self) -> tuple[Tile, ...]:
        """The concealed tiles in the order shown and numbered: sorted, then the drawn tile."""
        return self.concealed + ((self.drawn,) if self.drawn is not None else ())


def slot_labels(tiles: Sequence[Tile], lang: Lang = "en") -> list[str]:
    """The label of each numbered tile, the same on the image and on the buttons: ``3 · 5 Circ``."""
    return [f"{number} · {tile_label(tile, lang)}" for number, tile in enumerate(tiles, start=1)]


def render_hand(view: SeatView, lang: Lang = "en", hints: Sequence[DiscardHint] = ()) -> Rendered:
    """The viewer's own hand (``view.seat`` must be a player, not a spectator), with ``hints`` if given."""
    return _drawn(HandPicture.of(view), lang, tuple(hints))


# A hand is shown again after every change of its table, and most changes leave it as it was (a claim
# window opens or closes, another seat discards): only its buttons change then, not its picture. A
# picture is some 20 KB; a thousand of them hold the hands of a few hundred tables played at once.
@lru_cache(maxsize=1024)
def _drawn(hand: HandPicture, lang: Lang, hints: tuple[DiscardHint, ...]) -> Rendered:
    return draw_hand(hand, lang, hints)


def draw_hand(hand: HandPicture, lang: Lang = "en", hints: Sequence[DiscardHint] = ()) -> Rendered:
    tile = metrics(HAND_WIDTH)
    small = metrics(SMALL_WIDTH)
    row_width = len(hand.concealed) * (tile.face_width + GAP) + (
        DRAWN_GAP + tile.face_width if hand.drawn is not None else 0
    )
    sets_width = sum(meld_width(meld, hand.seat, SMALL_WIDTH) + 14 for meld in hand.melds)
    bonus_width = len(hand.bonus) * (small.face_width + 2)
    width = max(MIN_WIDTH, row_width + 2 * MARGIN, sets_width + bonus_width + 2 * MARGIN + 40)
    tiles_top = 64
    labels_top = tiles_top + tile.face_height + tile.offset_y + 8
    by_kind = {hint.tile: hint for hint in hints}
    closest = min((hint.shanten for hint in hints), default=0)
    best = next((hint for hint in hints if hint.best), None)
    advice: list[str] = []
    legend: list[str] = []
    if best is not None:
        advice = wrap_text(phrase("hand.hint", lang, reason=show(best.reason, lang)), 17, width - 2 * MARGIN, bold=True)
        legend = wrap_text(phrase("hand.legend", lang), 14, width - 2 * MARGIN)
    advice_top = labels_top + 88
    lower = advice_top + len(advice) * HINT_LINE + len(legend) * LEGEND_LINE + 8 if best else labels_top + 58
    height = lower + 26 + small.face_height + small.offset_y + MARGIN
    # Opaque, and encoded on the table's fixed palette: a hand is redrawn after every change as the table is.
    image = felt_canvas(width, height, "RGB")
    draw = ImageDraw.Draw(image)
    count = len(hand.slots)
    text(draw, (MARGIN, 20), phrase("hand.title", lang, count=count), 26, TEXT_ON_FELT, bold=True)

    framed = _framed_slot(hand.slots, best)
    x = MARGIN
    for number, shown in enumerate(hand.slots, start=1):
        is_drawn = hand.drawn is not None and number == count
        if is_drawn:
            x += DRAWN_GAP - GAP
            outline(draw, (x, tiles_top, x + tile.face_width, tiles_top + tile.face_height), HIGHLIGHT, 4, 8)
            text(
                draw,
                (x + tile.face_width / 2, tiles_top - 8),
                phrase("hand.drawn", lang),
                15,
                HIGHLIGHT,
                bold=True,
                anchor="mb",
            )
        if number == framed:
            gap = 5 if is_drawn else 0
            outline(
                draw,
                (x - gap, tiles_top - gap, x + tile.face_width + gap, tiles_top + tile.face_height + gap),
                HINT,
                4,
                8,
            )
        put(image, tile_image(shown, HAND_WIDTH, lang=lang), (x, tiles_top))
        centre = x + tile.face_width / 2
        badge(draw, (centre, labels_top + 12), str(number), 17, HIGHLIGHT if is_drawn else PAPER, INK)
        text(draw, (centre, labels_top + 40), tile_label(shown, lang), 14, TEXT_ON_FELT, anchor="mm")
        _draw_useful(draw, (centre, labels_top + 66), by_kind.get(shown), closest, number == framed)
        x += tile.face_width + GAP

    y = advice_top
    for line in advice:
        text(draw, (MARGIN, y), line, 17, HINT, bold=True)
        y += HINT_LINE
    for line in legend:
        text(draw, (MARGIN, y), line, 14, TEXT_DIM_ON_FELT)
        y += LEGEND_LINE

    text(draw, (MARGIN, lower), phrase("hand.sets", lang), 17, TEXT_DIM_ON_FELT, bold=True)
    bottom = lower + 26 + small.face_height
    x = MARGIN
    if not hand.melds:
        text(draw, (MARGIN, lower + 30), phrase("list.empty", lang), 17, TEXT_DIM_ON_FELT)
    for meld in hand.melds:
        x = paste_meld(image, meld, hand.seat, x, bottom, SMALL_WIDTH, lang) + 14
    if hand.bonus:
        x = max(x + 26, width - MARGIN - bonus_width)
        text(draw, (width - MARGIN, lower), phrase("hand.bonus", lang), 17, TEXT_DIM_ON_FELT, bold=True, anchor="ra")
        for bonus in hand.bonus:
            put(image, tile_image(bonus, SMALL_WIDTH, lang=lang), (x, bottom - small.face_height))
            x += small.face_width + 2
    return Rendered.of(image, describe_hand(hand, lang, hints), palette=table_palette(HAND_COLOURS))


def _framed_slot(slots: Sequence[Tile], best: DiscardHint | None) -> int | None:
    """The number of the tile the hint suggests: the last copy of its kind (the drawn one, if it is)."""
    if best is None:
        return None
    numbers = [number for number, shown in enumerate(slots, start=1) if shown == best.tile]
    return numbers[-1] if numbers else None


def _draw_useful(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], hint: DiscardHint | None, closest: int, framed: bool
) -> None:
    """Under a tile, the useful tiles left once it is discarded: in a pill on the suggested discard, a
    dash where the discard leaves the hand further from ready than ``closest`` (its count would not
    compare)."""
    if hint is None:
        return
    if framed:
        badge(draw, centre, str(hint.useful), 16, HINT, INK)
    elif hint.shanten > closest:
        text(draw, centre, "–", 16, TEXT_DIM_ON_FELT, anchor="mm")
    else:
        text(draw, centre, str(hint.useful), 16, TEXT_ON_FELT, bold=True, anchor="mm")


def describe_hand(hand: HandPicture, lang: Lang = "en", hints: Sequence[DiscardHint] = ()) -> str:
    count, concealed = len(hand.slots), format_tiles(hand.concealed)
    parts = [
        phrase("hand.alt.hand", lang, count=count, concealed=concealed)
        if hand.drawn is None
        else phrase("hand.alt.hand_drawn", lang, count=count, concealed=concealed, drawn=hand.drawn.code)
    ]
    numbered = (
        phrase("hand.alt.slot", lang, number=number, name=tile_name(tile, lang))
        for number, tile in enumerate(hand.slots, 1)
    )
    parts.append(sentence(listed(numbered, lang), lang))
    sets = listed((meld_words(meld, lang) for meld in hand.melds), lang, long=True) or phrase("list.empty", lang)
    parts.append(phrase("hand.alt.sets", lang, sets=sets))
    if hand.bonus:
        parts.append(phrase("hand.alt.bonus", lang, tiles=tiles_in_words(hand.bonus, lang)))
    best = next((hint for hint in hints if hint.best), None)
    if best is not None:
        parts.append(phrase("hand.hint", lang, reason=show(best.reason, lang)))
        closest = min(hint.shanten for hint in hints)
        each = listed((f"{hint.tile.code} {hint.useful if hint.shanten == closest else '–'}" for hint in hints), lang)
        parts.append(phrase("hand.alt.per_discard", lang, each=each))
    return " ".join(parts)

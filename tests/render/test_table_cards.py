"""The seats' name cards on the table are drawn once and pasted after: each must give exactly the
pixels of drawing the card in place, in every place around the table, with every badge it can show."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageDraw

from render.describe import phrase
from render.draw import badge, fit_text, text, text_width
from render.table import PLATE, PLATE_BOX, SIZE, _plate, _plate_card, _turn_box, _wind_name
from render.theme import FELT, FELT_DARK, HIGHLIGHT, INK, IVORY, PAPER, RED
from tests.render.conftest import make_view


def _card_in_place(draw: ImageDraw.ImageDraw, x: int, y: int, wind, name: str, score: int, marks, lang) -> None:
    draw.rounded_rectangle((x, y, x + PLATE, y + PLATE), radius=12, fill=PAPER, outline=FELT_DARK, width=2)
    text(draw, (x + 10, y + 8), _wind_name(wind, lang), 14, RED, bold=True)
    text(draw, (x + 10, y + 25), fit_text(name, 18, PLATE - 20, bold=True), 18, INK, bold=True)
    text(draw, (x + 10, y + 48), phrase("table.score", lang, score=score), 14, INK)
    labels = [("table.you", INK, IVORY), ("table.dealer", RED, IVORY), ("table.calling", HIGHLIGHT, INK)]
    bx, by = x + 10, y + PLATE - 40
    for (key, fill, ink), shown in zip(labels, marks, strict=True):
        if not shown:
            continue
        label = phrase(key, lang)
        width = text_width(label, 11, bold=True) + 11
        if bx + width > x + PLATE - 6:
            bx, by = x + 10, by + 18
        badge(draw, (bx + width / 2, by), label, 11, fill, ink)
        bx += width + 4


@pytest.mark.parametrize("lang", ["en", "fr", "zh-TW"])
def test_a_pasted_name_card_is_the_card_drawn_in_place(lang):
    """Long words wrap the badges, past the card's edge in French: pasted, they hang there as drawn."""
    _plate_card.cache_clear()
    view = make_view(0)
    names, scores = ["Alice", "Bérénice Delacroix-Montfort", "陳大文", "Dmitri"], [12, -480, 30, 0]
    for _ in ("drawn", "pasted from the cache"):
        for calling in (False, True):
            for seat, public in enumerate(view.seats):
                public = dataclasses.replace(public, calling=calling)
                for place in range(4):
                    mine = Image.new("RGB", (SIZE, SIZE), FELT)
                    theirs = mine.copy()
                    _plate(ImageDraw.Draw(mine), public, view, names, scores, place, lang)
                    x, y, _, _ = _turn_box(PLATE_BOX, place)
                    marks = (seat == view.seat, seat == view.dealer, calling)
                    _card_in_place(ImageDraw.Draw(theirs), x, y, public.wind, names[seat], scores[seat], marks, lang)
                    assert mine.tobytes() == theirs.tobytes(), (seat, place, calling, lang)
    assert _plate_card.cache_info().hits >= 32

"""Tile art: every face distinct, emojis the size Discord wants, sprites cached."""

from __future__ import annotations

from PIL import Image, ImageChops

from game.tiles import Tile
from render.tiles import EMOJI_SIZE, emoji_image, emoji_name, emoji_png, metrics, tile_image
from words import LANGS

FACES: list[Tile | None] = [*Tile, None]


def _difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0–255."""
    histogram = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).histogram()
    total = sum(
        value * count
        for channel in range(3)
        for value, count in enumerate(histogram[256 * channel : 256 * channel + 256])
    )
    return total / (a.width * a.height * 3)


def test_every_face_is_distinct_at_emoji_size():
    for lang in LANGS:
        images = [emoji_image(tile, lang) for tile in FACES]
        for i, first in enumerate(images):
            for j in range(i + 1, len(images)):
                assert _difference(first, images[j]) > 1.0, (FACES[i], FACES[j], lang)


def test_emojis_are_128_square_pngs_under_discords_cap():
    for tile in FACES:
        data = emoji_png(tile)
        assert len(data) < 256 * 1024
        with Image.open(__import__("io").BytesIO(data)) as image:
            assert image.size == (EMOJI_SIZE, EMOJI_SIZE)
            assert image.mode == "RGBA"


def test_emoji_names_are_unique_and_only_the_west_wind_differs_by_language():
    names = {lang: [emoji_name(tile, lang) for tile in FACES] for lang in LANGS}
    for lang in LANGS:
        assert len(set(names[lang])) == len(FACES)
        assert all(name.replace("_", "").isalnum() and len(name) <= 32 for name in names[lang])
    differing = [tile for tile, en, fr in zip(FACES, names["en"], names["fr"], strict=True) if en != fr]
    assert differing == [Tile.WEST]


def test_sprite_size_follows_its_metrics_and_turning_swaps_the_sides():
    upright, turned = metrics(40), metrics(40, rotated=True)
    assert tile_image(Tile.P5, 40).size == upright.sprite_size
    assert tile_image(Tile.P5, 40, rotated=True).size == turned.sprite_size
    assert (turned.face_width, turned.face_height) == (upright.face_height, upright.face_width)


def test_sprites_are_cached():
    assert tile_image(Tile.S1, 50) is tile_image(Tile.S1, 50)

"""The indexed PNG writer: the file Pillow reads back is the picture, its palette and its size."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

from render.png import SIGNATURE, indexed_png


def indexed(width: int, height: int, colours: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("P", (width, height))
    image.putpalette([rng.randrange(256) for _ in range(3 * colours)])
    image.putdata([rng.randrange(colours) for _ in range(width * height)])
    return image


@pytest.mark.parametrize(("width", "height", "colours"), [(1, 1, 1), (7, 3, 5), (64, 40, 200), (301, 17, 256)])
def test_pillow_reads_back_every_index_and_colour(width: int, height: int, colours: int) -> None:
    image = indexed(width, height, colours, seed=width * height)
    decoded = Image.open(io.BytesIO(indexed_png(image, 6)))
    decoded.load()
    assert (decoded.mode, decoded.size) == ("P", (width, height))
    assert decoded.tobytes() == image.tobytes()
    assert (decoded.getpalette() or [])[: 3 * colours] == (image.getpalette() or [])[: 3 * colours]
    assert decoded.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_the_file_is_one_idat_of_unfiltered_rows_with_good_crcs() -> None:
    image = indexed(20, 6, 16, seed=3)
    data = indexed_png(image, 12)
    assert data.startswith(SIGNATURE)
    chunks, offset = [], len(SIGNATURE)
    while offset < len(data):
        length = int.from_bytes(data[offset : offset + 4], "big")
        kind, body = data[offset + 4 : offset + 8], data[offset + 8 : offset + 8 + length]
        crc = int.from_bytes(data[offset + 8 + length : offset + 12 + length], "big")
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        offset += 12 + length
    assert [kind for kind, _ in chunks] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    rows = zlib.decompress(chunks[2][1])
    assert [rows[row * 21] for row in range(6)] == [0] * 6


def test_refuses_what_it_cannot_write_as_an_opaque_indexed_file() -> None:
    with pytest.raises(ValueError, match="P image"):
        indexed_png(Image.new("RGB", (2, 2)), 6)
    see_through = indexed(2, 2, 4, seed=1)
    see_through.info["transparency"] = 0
    with pytest.raises(ValueError, match="transparent"):
        indexed_png(see_through, 6)

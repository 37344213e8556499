"""What every drawing function returns: the PNG bytes and the text that describes them."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field

from PIL import Image

from render.png import indexed_png

# Discord caps an attachment's description (its alt text) at 1024 characters.
DESCRIPTION_LIMIT = 1024
# Deflate's level (libdeflate's): 6 makes files 0.79 times those of level 1 for 0.4 ms more on a table,
# and a member downloads every picture (level 1 was the choice while every change drew and uploaded its
# picture, with zlib, which took 2.4 times as long at 6).
LEVEL = 6


@dataclass(frozen=True, slots=True)
class Rendered:
    """A finished image: ``image_png`` for the attachment, ``description`` for its alt text; ``digest``
    names its bytes (the same digest, the same bytes), made where the picture is, in a drawing process:
    the bot's own loop has the clicks to answer."""

    image_png: bytes
    description: str
    width: int
    height: int
    digest: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "digest", hashlib.blake2b(self.image_png, digest_size=8).hexdigest())

    @classmethod
    def of(cls, image: Image.Image, description: str, *, palette: Image.Image | None = None) -> Rendered:
        return cls(to_png(image, palette), fit_description(description), image.width, image.height)


def to_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Encode as PNG. Opaque pictures go to a 256-colour palette first: a third of the size (the art
    is flat colour), and quicker to encode than the full-colour image.

    With ``palette`` (a "P" image whose colours fit the picture, e.g. ``render.table.table_palette``)
    the picture must be "RGB" (opaque by construction, so no check of its alpha) and is mapped onto
    those colours instead of finding its own: a nearest-colour lookup costs a tenth of building a
    palette. This is the path of the table, the hands and the pyramid, redrawn after every change.
    Both palette paths are deflated by ``render.png``."""
    if palette is not None:
        if image.mode != "RGB":
            raise ValueError(f"a picture with a fixed palette must be RGB, not {image.mode}")
        return indexed_png(image.quantize(palette=palette, dither=Image.Dither.NONE), LEVEL)
    alpha = image.getextrema()[-1] if image.mode == "RGBA" else None
    if isinstance(alpha, tuple) and alpha[0] == 255:
        quantized = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        return indexed_png(quantized, LEVEL)
    buffer = io.BytesIO()  # full colour or see-through: Pillow's own encoder
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def fit_description(text: str) -> str:
    """Cut a description to Discord's limit, at a word, with an ellipsis."""
    if len(text) <= DESCRIPTION_LIMIT:
        return text
    cut = text[: DESCRIPTION_LIMIT - 1]
    space = cut.rfind(" ")
    if space > DESCRIPTION_LIMIT // 2:
        cut = cut[:space]
    return cut + "…"

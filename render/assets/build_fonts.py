"""Regenerate the font subsets shipped in this folder (run by hand; needs ``fonttools``, ``babel`` and
the Debian packages ``fonts-arphic-ukai``, ``fonts-arphic-uming`` and ``fonts-dejavu-core``).

The tiles need only a few dozen Chinese signs, the labels Latin text and the Chinese words of the
catalogs, so shipping subsets keeps the package small and makes every machine draw the same glyphs
(golden images stay comparable). Run it again after adding Chinese words to a catalog: the Chinese
text face holds only the characters the zh catalogs of the pictures use (``tests/render/test_words_in_pictures.py``
fails until it is rebuilt). Licences: ``ARPHICPL.TXT`` (AR PL UKai and UMing) and
``DEJAVU-LICENSE.txt`` (DejaVu), both allow modified copies such as these subsets.

    .venv/bin/python render/assets/build_fonts.py
"""

from __future__ import annotations

import pathlib
import sys

from babel.messages.pofile import read_po
from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from render.fonts import CHINESE_SIGNS, PICTURE_DOMAINS, is_chinese  # noqa: E402  (run from its own folder)
from words.catalog import LOCALES  # noqa: E402

LATIN = "".join(chr(c) for c in range(0x20, 0x7F)) + "".join(chr(c) for c in range(0xA0, 0x180)) + "×−–—’‘“”…•·→←↑↓★✓"


# The Arphic Public License asks every modified file to say how and when it was changed.
SUBSET_NOTICE = (
    "Modified by the mahjong-bot project on 2026-11-29 (render/assets/build_fonts.py): subset to the "
    "glyphs {glyphs}. Distributed under the same licence as the original."
)
DESCRIPTION_NAME_ID = 10


# The text face holds the characters of PICTURE_DOMAINS (the bot's messages are Discord's to draw) and
# Big5's common characters for the members' names: some 4 MB (about 780 bytes a character).


def common_chinese() -> str:
    """Big5's 5,401 frequently used characters (its level 1, lead bytes A4–C6): what names written in
    Chinese mostly use, so a member called 陳大文 is drawn on the table, not as empty boxes."""
    found = []
    for lead in range(0xA4, 0xC7):
        for trail in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            try:
                found.append(bytes((lead, trail)).decode("big5"))
            except UnicodeDecodeError:
                continue
    return "".join(char for char in found if is_chinese(char))


def catalog_chinese() -> str:
    """Every Chinese character of the zh catalogs the pictures draw from, the tiles' signs, and the
    common characters of names."""
    found = set(CHINESE_SIGNS) | set(common_chinese())
    for po in sorted(po for domain in PICTURE_DOMAINS for po in LOCALES.glob(f"zh*/LC_MESSAGES/{domain}.po")):
        with po.open("rb") as source:
            for message in read_po(source):
                forms = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
                found.update(char for form in forms for char in form if is_chinese(char))
    return "".join(sorted(found))


def _subset(font: TTFont, text: str, glyphs: str, out: pathlib.Path, *, bitmaps: bool = True) -> None:
    options = subset.Options()
    options.layout_features = ["kern"]
    options.name_IDs = ["*"]
    options.hinting = True
    if not bitmaps:
        # UMing's embedded 12–16 pixel bitmaps are one-bit: drawn from its outlines, its text is
        # anti-aliased like the rest of the picture.
        options.drop_tables += ["EBDT", "EBLC", "EBSC"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font["name"].setName(SUBSET_NOTICE.format(glyphs=glyphs), DESCRIPTION_NAME_ID, 3, 1, 0x409)
    font.save(out)


def main() -> None:
    ukai = TTCollection("/usr/share/fonts/truetype/arphic/ukai.ttc").fonts[0]
    _subset(ukai, CHINESE_SIGNS, CHINESE_SIGNS, HERE / "ukai-tiles.ttf")
    # The collection's second font is AR PL UMing HK: the characters' Hong Kong forms.
    uming = TTCollection("/usr/share/fonts/truetype/arphic/uming.ttc").fonts[1]
    _subset(
        uming,
        catalog_chinese(),
        "of the Chinese words of the catalogs and Big5's frequently used characters",
        HERE / "uming-text.ttf",
        bitmaps=False,
    )
    for name in ("DejaVuSans", "DejaVuSans-Bold"):
        font = TTFont(f"/usr/share/fonts/truetype/dejavu/{name}.ttf")
        _subset(font, LATIN, "of Latin-1, Latin Extended-A and a few symbols", HERE / f"{name}-latin.ttf")


if __name__ == "__main__":
    main()

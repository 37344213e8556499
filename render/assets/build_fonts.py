"""Regenerate the font subsets shipped in this folder (run by hand; needs ``fonttools`` and the Debian
packages ``fonts-arphic-ukai`` and ``fonts-dejavu-core``).

The tiles need only a few dozen Chinese signs and the labels only Latin text, so shipping subsets keeps
the package small and makes every machine draw the same glyphs (golden images stay comparable).
Licences: ``ARPHICPL.TXT`` (AR PL UKai) and ``DEJAVU-LICENSE.txt`` (DejaVu), both allow
modified copies such as these subsets.

    .venv/bin/python render/assets/build_fonts.py
"""

from __future__ import annotations

import pathlib

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = pathlib.Path(__file__).resolve().parent
CHINESE_SIGNS = "一二三四五六七八九萬東南西北中發梅蘭菊竹春夏秋冬百搭"
LATIN = "".join(chr(c) for c in range(0x20, 0x7F)) + "".join(chr(c) for c in range(0xA0, 0x180)) + "×−–—’‘“”…•·→←↑↓★✓"


# The Arphic Public License asks every modified file to say how and when it was changed.
SUBSET_NOTICE = (
    "Modified by the mahjong-bot project on 2026-11-29 (render/assets/build_fonts.py): subset to the "
    "glyphs {glyphs}. Distributed under the same licence as the original."
)
DESCRIPTION_NAME_ID = 10


def _subset(font: TTFont, text: str, glyphs: str, out: pathlib.Path) -> None:
    options = subset.Options()
    options.layout_features = ["kern"]
    options.name_IDs = ["*"]
    options.hinting = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font["name"].setName(SUBSET_NOTICE.format(glyphs=glyphs), DESCRIPTION_NAME_ID, 3, 1, 0x409)
    font.save(out)


def main() -> None:
    ukai = TTCollection("/usr/share/fonts/truetype/arphic/ukai.ttc").fonts[0]
    _subset(ukai, CHINESE_SIGNS, CHINESE_SIGNS, HERE / "ukai-tiles.ttf")
    for name in ("DejaVuSans", "DejaVuSans-Bold"):
        font = TTFont(f"/usr/share/fonts/truetype/dejavu/{name}.ttf")
        _subset(font, LATIN, "of Latin-1, Latin Extended-A and a few symbols", HERE / f"{name}-latin.ttf")


if __name__ == "__main__":
    main()

"""Names that pass for one another (Unicode Technical Standard #39, section 4, confusable detection).

``skeleton(X)``, as TR39 defines it: X in NFD, its default-ignorable code points removed, each character
replaced by its prototype in ``confusables.txt``, then NFD again. Two texts with the same skeleton are
confusable: ``аdmin`` (a Cyrillic а) and ``admin``, ``𝐚𝐝𝐦𝐢𝐧`` and ``admin``, ``rn`` and ``m`` (the
prototype of ``m`` is ``rn``), ``I`` and ``l``. Accents stay (``Hélène`` is not ``Helene``) and so do
ideographs (``李明`` is not ``李朋``).

TR39's skeleton keeps case (``ADMIN`` is not ``admin``), so ``confusable`` also compares the names
case-folded: the skeleton of the name's NFKC case fold, folded and mapped once more. The fold before
the mapping joins ``ADMIN`` and ``𝐀𝐃𝐌𝐈𝐍`` to ``admin``; the one after joins the capitals that the mapping
itself gives (Cherokee ``Ꭺ`` → ``A``, whose own case fold is itself).

Why no library: ``confusable-homoglyphs`` (3.3.1) tells whether a text mixes scripts with homoglyphs,
but has no skeleton, and its data keeps each pair both ways, so a character's prototype cannot be read
back from it; ``confusables`` (1.2.0) compares greedily over a two-way map with additions of its own
(``a`` → ``@``, ``e`` → ``3``) on Unicode 13's data, and finds ``Hélène`` confusable with ``Helene``;
PyICU's ``SpoofChecker.getSkeleton`` is ICU's own TR39 but comes as source only, built against libicu's
headers, which the image has neither to build with nor, in its runtime stage, to run with.

So the data is Unicode's: ``words/unicode/confusables.txt`` is ``confusables.txt`` of the Unicode
Security Mechanisms for UTS #39, version 17.0.0 (2025-07-22), as Unicode publishes it, unmodified, under
the Unicode License v3 (``words/unicode/LICENSE.txt``); a newer version replaces it whole. The
default-ignorable code points (DerivedCoreProperties.txt, the same from Unicode 15.0 to 17.0) are
written out below: Python's ``unicodedata`` does not know the property.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from importlib import resources

# Default_Ignorable_Code_Point: invisible in text, so a name with one is the name without it (the Hangul
# fillers U+115F, U+1160, U+3164 and U+FFA0 are letters, which a pseudonym may hold).
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_DROPPED: dict[int, None] = {code: None for low, high in _IGNORABLE for code in range(low, high + 1)}


@cache
def prototypes() -> dict[int, str]:
    """Each character of ``confusables.txt`` that has a prototype, by code point, with its prototype
    (one character or several). Read once, at the first name compared."""
    table: dict[int, str] = {}
    text = resources.files("words").joinpath("unicode", "confusables.txt").read_text(encoding="utf-8-sig")
    for line in text.splitlines():
        data = line.split("#", 1)[0].strip()
        if data:
            source, prototype, _kind = (field.strip() for field in data.split(";"))
            table[int(source, 16)] = "".join(chr(int(code, 16)) for code in prototype.split())
    return table


def skeleton(text: str) -> str:
    """TR39's skeleton of ``text``: for comparing only, never to be shown (it mixes scripts at will)."""
    decomposed = unicodedata.normalize("NFD", text).translate(_DROPPED)
    return unicodedata.normalize("NFD", decomposed.translate(prototypes()))


def _fold(text: str) -> str:
    """The NFKC case fold (NFKC_Casefold, bar the ignorables, which the skeleton drops anyway)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


@lru_cache(maxsize=4096)  # a server's names are compared again with each new one
def _keys(name: str) -> tuple[str, str]:
    """What ``name`` is compared by: its skeleton, and the skeleton of its case fold, folded and mapped again."""
    return skeleton(name), skeleton(_fold(skeleton(_fold(name))))


def confusable(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` could be read one for the other: the same skeleton, or the same once
    case-folded (``ADMIN`` and ``admin``)."""
    exact_a, folded_a = _keys(a)
    exact_b, folded_b = _keys(b)
    return exact_a == exact_b or folded_a == folded_b

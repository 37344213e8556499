"""TR39's skeleton and the names it says could pass for one another: homoglyphs of other scripts,
mathematical letters, case, ``rn`` for ``m``, invisible letters; never two names that only accents or
ideographs tell apart."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from words.skeleton import confusable, prototypes, skeleton


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("admin", "adrnin"),  # TR39's prototype of m is rn
        ("аdmin", "adrnin"),  # a Cyrillic а
        ("𝐚𝐝𝐦𝐢𝐧", "adrnin"),  # mathematical bold letters
        ("ADMIN", "ADMlN"),  # the skeleton keeps case, and I is l
        ("Zoé", "Zoe\u0301"),  # in NFD, the accent kept
        ("李明", "李明"),
    ],
)
def test_the_skeleton_is_tr39s(name, expected):
    assert skeleton(name) == expected


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("аdmin", "admin"),
        ("𝐚𝐝𝐦𝐢𝐧", "admin"),
        ("ADMIN", "admin"),
        ("𝐀𝐃𝐌𝐈𝐍", "admin"),
        ("Ꭺdmin", "admin"),  # the Cherokee capital maps to A, folded after the mapping
        ("rn", "m"),
        ("modern", "modem"),
        ("Ian", "lan"),
        ("Ian", "ian"),
        ("ad\u3164min", "admin"),  # a Hangul filler, a letter nobody sees
        ("Mei\u200bLin", "MeiLin"),
        ("Zoe\u0301", "Zoé"),  # decomposed or not, the same letters
        ("匿名玩家", "匿名玩家"),
    ],
)
def test_lookalikes_are_confusable(name, other):
    assert confusable(name, other) and confusable(other, name)


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Hélène", "Helene"),
        ("Hélène", "Hèlene"),
        ("Léa", "Lea"),
        ("Noël", "Noel"),
        ("Joueur anonyme", "Joueur anonymé"),
        ("李明", "李朋"),
        ("王小明", "王小朋"),
        ("陳大文", "陳大丈"),
        ("張偉", "张伟"),  # traditional and simplified: two different characters each
        ("Mei", "Mai"),
    ],
)
def test_names_that_differ_to_the_eye_are_not(name, other):
    assert not confusable(name, other) and not confusable(other, name)


def test_the_table_is_the_whole_of_unicodes_file():
    """Every mapping of the vendored file is read (its last line counts them), and no prototype maps on:
    one pass of the mapping is the whole skeleton."""
    text = resources.files("words").joinpath("unicode", "confusables.txt").read_text(encoding="utf-8-sig")
    total = re.search(r"^# total: (\d+)$", text, re.MULTILINE)
    table = prototypes()
    assert total is not None and len(table) == int(total[1]) > 6000
    assert all(ord(char) not in table for prototype in table.values() for char in prototype)

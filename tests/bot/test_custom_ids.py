"""Custom ids: every button's id round-trips, and the parser refuses everything else without raising
anything but ``BadCustomId``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tables.custom_ids import VERBS, BadCustomId, ButtonId, parse_custom_id

_NUMBERED = {"d", "kong", "c", "first", "auto"}


@given(
    st.from_regex(r"[a-z0-9]{8}", fullmatch=True),
    st.integers(0, 9_999_999),
    st.sampled_from(sorted(VERBS)),
    st.integers(0, 99),
)
def test_every_button_id_round_trips_within_discords_limit(table, step, verb, number):
    button = ButtonId(table, step, verb, number if verb in _NUMBERED else None)
    text = button.text()
    assert len(text) <= 100 and parse_custom_id(text) == button


@given(st.text(max_size=120))
def test_any_text_is_a_button_or_refused_as_one(text):
    try:
        button = parse_custom_id(text)
    except BadCustomId:
        return
    assert button.text() == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "mj1",
        "mj1:",
        "mj1:abcdefgh",
        "mj1:abcdefgh:1",
        "mj1:abcdefgh:1:",
        "mj1:ABCDEFGH:1:join",
        "mj1:abcdefgh:01:join",
        "mj1:abcdefgh:-1:join",
        "mj1:abcdefgh:1:d",
        "mj1:abcdefgh:1:join:3",
        "mj1:abcdefgh:1:d:100",
        "mj1:abcdefgh:1:d:07",
        "mj1:abcdefgh:12345678:join",
        "mj1:abcdefgh:1:explode",
        "mj1:abcdefgh:١:join",
        "mj1:abcdefgh:1:d:²",
        "mj2:abcdefgh:1:join",
        "mj1:abcdefgh:1:join\n",
        "mj1:abcdefgh:1:join" + "x" * 90,
        "mj1:abcdefgh:1:d:5p",
    ],
)
def test_malformed_ids_are_refused(text):
    with pytest.raises(BadCustomId):
        parse_custom_id(text)


def test_no_id_names_a_tile():
    """Hand buttons name a slot, never a tile: no tile code can appear in an id."""
    with pytest.raises(BadCustomId):
        ButtonId("abcdefgh", 3, "d")
    assert ButtonId("abcdefgh", 3, "d", 4).text() == "mj1:abcdefgh:3:d:4"

"""Custom ids: every button's id round-trips, and the parser refuses everything else without raising
anything but ``BadCustomId``; each feature's components take its ids and no other feature's."""

from __future__ import annotations

from datetime import date

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.commands.replay import ReplayButton
from bot.commands.reports import LeaderboardButton
from bot.replay import parse_replay_id, replay_id
from bot.reports import board_id, parse_board_id
from bot.solitaire.custom_ids import BoardPage
from bot.solitaire.custom_ids import Play as SolitairePlay
from bot.solitaire.custom_ids import Share as SolitaireShare
from bot.solitaire.discord_views import SolitaireItem
from bot.tables.custom_ids import VERBS, BadCustomId, ButtonId, parse_custom_id
from bot.tables.discord_views import TableButton
from game.rules import RULE_NAMES

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


# Every component the bot registers: each takes the ids of its own feature (its prefix is written once,
# where those ids are made) and no other's.
COMPONENTS = (TableButton, SolitaireItem, ReplayButton, LeaderboardButton)


@pytest.mark.parametrize(
    ("owner", "custom_id"),
    [
        (TableButton, ButtonId("abcdefgh", 3, "join").text()),
        (TableButton, ButtonId("abcdefgh", 3, "d", 4).text()),
        (SolitaireItem, SolitairePlay().text()),
        (SolitaireItem, BoardPage("free", None, 2).text()),
        (SolitaireItem, SolitaireShare(date(2025, 3, 14)).text()),
        (ReplayButton, replay_id("abcdefgh:1", 2)),
        (LeaderboardButton, board_id("classic", "all", 2)),
    ],
)
def test_an_id_is_taken_by_the_component_of_its_feature_alone(owner, custom_id):
    taking = []
    for component in COMPONENTS:
        try:
            component(discord.ui.Button(custom_id=custom_id))
        except ValueError:  # discord.py's word for an id its template does not match
            continue
        taking.append(component)
    assert taking == [owner]


@given(st.text(min_size=1, max_size=90).filter(lambda hand: not any(c.isspace() for c in hand)), st.integers(0, 99_999))
def test_a_replay_button_names_its_hand_and_step_back(hand_id, step):
    assert parse_replay_id(replay_id(hand_id, step)) == (hand_id, step)


@given(st.sampled_from(sorted(RULE_NAMES)), st.sampled_from(["all", "202612"]), st.integers(1, 9999))
def test_a_board_button_names_its_rules_period_and_page_back(rules, period, page):
    assert parse_board_id(board_id(rules, period, page)) == (rules, period, page)


@pytest.mark.parametrize(
    "text", ["mjp1:", "mjp1:x:hand", "mjp1:2:", "mjp1:123456:hand", "mjp1:2:a b", "mjr1:2:hand", "mjp2:2:hand"]
)
def test_a_forged_replay_id_names_nothing(text):
    assert parse_replay_id(text) is None


@pytest.mark.parametrize(
    "text",
    ["mjr1:lb:chess:all:1", "mjr1:lb:classic:2026:1", "mjr1:lb:classic:all:", "mjr1:lb:classic:all:12345", "mjp1:lb"],
)
def test_a_forged_board_id_names_nothing(text):
    assert parse_board_id(text) is None

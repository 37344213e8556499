"""A tournament's settings as an organiser asks for them (``TournamentSettings.asked``, the one constructor
behind Discord's ``/mahjong tournament create`` and the page's ``/tournament/new``): minutes from now, a
title tidied of its runs of white space, each value held to its bounds, the first out of them named."""

from __future__ import annotations

from typing import Any

import pytest

from core.tournaments.tournament import BadSettings, TournamentSettings
from words import LANGS
from words.messages import say

NOW = 1_000.0
ASKED: dict[str, Any] = {
    "rules": "classic",
    "rounds": 4,
    "length": "one_wind",
    "signup_minutes": 60,
    "checkin_minutes": 15,
    "title": "",
    "now": NOW,
}


def asked(**changed: Any) -> TournamentSettings:
    return TournamentSettings.asked(**{**ASKED, **changed})


def refused(**changed: Any) -> str:
    """The field ``asked`` names when ``changed`` makes no tournament."""
    with pytest.raises(BadSettings) as caught:
        asked(**changed)
    return caught.value.field


def test_the_settings_asked_for_are_the_tournaments() -> None:
    made = asked(
        rules="hongkong", rounds=2, length="one_hand", signup_minutes=30, checkin_minutes=5, speed="async", lang="fr"
    )
    assert made == TournamentSettings(
        rules="hongkong",
        rounds=2,
        length="one_hand",
        signup_closes=NOW + 30 * 60,
        checkin=300.0,
        speed="async",
        lang="fr",
    )
    assert (asked().speed, asked().lang) == ("live", "en")


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("  Winter   cup ", "Winter cup"),
        ("Winter\tcup\n", "Winter cup"),
        ("Winter\u3000cup", "Winter cup"),  # an ideographic space is white space too
        ("   ", ""),
        ("", ""),
        ("x" * 60, "x" * 60),
        (" " + "x" * 58 + " ", "x" * 58),
    ],
)
def test_a_title_is_tidied_to_single_spaces(title: str, name: str) -> None:
    assert asked(title=title).name == name


@pytest.mark.parametrize(
    "title",
    [
        "x" * 61,
        " " + "x" * 59 + " ",  # 59 once tidied, but 61 as typed: the form's maxlength counts them so too
        "\u96c0" * 61,
    ],
)
def test_a_title_over_60_characters_as_typed_is_refused(title: str) -> None:
    assert refused(title=title) == "title"


@pytest.mark.parametrize(
    ("field", "low", "high"),
    [("signup_minutes", 1, 20160), ("checkin_minutes", 0, 1440), ("rounds", 1, 12)],
)
def test_each_number_is_taken_at_its_bounds_and_refused_one_past_them(field: str, low: int, high: int) -> None:
    for taken in (low, high):
        asked(**{field: taken})
    assert refused(**{field: low - 1}) == field
    assert refused(**{field: high + 1}) == field


def test_the_minutes_are_counted_from_now() -> None:
    made = asked(signup_minutes=20160, checkin_minutes=0)
    assert (made.signup_closes, made.checkin, made.starts_at) == (NOW + 20160 * 60, 0.0, NOW + 20160 * 60)
    made = asked(signup_minutes=1, checkin_minutes=1440)
    assert (made.signup_closes, made.checkin, made.starts_at) == (NOW + 60, 86400.0, NOW + 60 + 86400)


@pytest.mark.parametrize(
    ("field", "value"),
    [("rules", "family"), ("rules", ""), ("length", "forever"), ("length", "rules"), ("speed", "slow"), ("lang", "de")],
)
def test_a_value_no_choice_offers_is_refused_and_named(field: str, value: str) -> None:
    assert refused(**{field: value}) == field


def test_one_error_names_the_first_field_refused_and_says_why_in_every_language() -> None:
    with pytest.raises(BadSettings) as caught:
        asked(title="x" * 61, signup_minutes=0, rounds=13)
    assert caught.value.field == "title" and isinstance(caught.value, ValueError)
    assert str(caught.value) == "a tournament's name is at most 60 characters"
    for lang in LANGS:  # Discord says it in the catalog's words around the reason
        said = say("tournament_bad_settings", lang, detail=str(caught.value))
        assert str(caught.value) in said and "tournament_bad_settings" not in said

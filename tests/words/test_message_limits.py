"""Discord's limits in every language, each text filled with long but plausible values: a message under
2000 characters, a button label at most 80, a thread name and a select option's label or description at
most 100, a select's placeholder at most 150. A text over a limit makes Discord refuse the whole message."""

from __future__ import annotations

import string

import pytest

from core.tables.state import STANDING
from game.tiles import Tile
from tests.words.catalogs import texts
from words import LANGS, Lang, text
from words.tiles import tile_label, tile_name

MESSAGE_LIMIT = 2000
BUTTON_LIMIT = 80
THREAD_NAME_LIMIT = 100
OPTION_LIMIT = 100
PLACEHOLDER_LIMIT = 150

# A member's name as the bot shows it: 32 characters (Discord's most), each one escaped markdown.
NAME = "\\_" * 32
# What a list placeholder holds at most: four seats' names and totals, a server's channels, the patterns.
LIST = ", ".join([f"{NAME} +12 345"] * 4)
# Placeholders whose value is one short thing; any other is filled with LIST, the longest kind of value.
SHORT = {
    "n": "12 345",
    "number": "999",
    "page": "999",
    "pages": "999",
    "step": "999",
    "steps": "999",
    "first": "999",
    "last": "999",
    "count": "9 999",
    "players": "4",
    "filled": "4",
    "seconds": "9 999",
    "minutes": "60",
    "when": "<t:1767225600:R>",
    "day": "2026-12-31",
    "seed": "999999999",
    "score": "9\u202f856 points",
    "digest": "f" * 64,
    "member": "<@123456789012345678>",
}


def _longest(values: list[str]) -> str:
    return max(values, key=len)


def _values(lang: Lang) -> dict[str, str]:
    """The long values of one language: its longest tile label and tile name, its longest rules name."""
    label = _longest([tile_label(tile, lang) for tile in Tile])
    return {
        "name": NAME,
        "host": NAME,
        "winner": NAME,
        "by": NAME,
        "tile": label,
        "a": label,
        "b": label,
        "tiles": f"789 {label}",
        "face": _longest([tile_name(tile, lang) for tile in Tile]),
        "faces": f"{label} … {label}",
        "rules": _longest([text("names", f"rules.{rules}", lang) for rules in ("classic", "hongkong", "family")]),
    }


def _filled(template: str, lang: Lang) -> str:
    values = _values(lang)
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return template.format(**{field: values.get(field) or SHORT.get(field) or LIST for field in fields})


def _messages(lang: Lang) -> dict[str, str]:
    return {key: forms[0] for key, forms in texts("messages", lang).items()}


def _button_keys(lang: Lang) -> list[str]:
    return [key for key in _messages(lang) if key.startswith(("btn_", "sol_btn_"))]


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_filled_with_long_values_fits_in_one_discord_message(lang: Lang) -> None:
    too_long = {key: len(_filled(t, lang)) for key, t in _messages(lang).items() if len(_filled(t, lang)) >= 2000}
    assert too_long == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_button_label_fits_on_a_button(lang: Lang) -> None:
    keys = _button_keys(lang)
    assert {"btn_join", "btn_chow", "btn_auto_win", "sol_btn_more"} <= set(keys)
    # a standing choice's button is ticked when it is on (bot/tables/presenter.py, _standing_buttons)
    labels = {key: _filled(_messages(lang)[key], lang) for key in keys}
    labels |= {f"✓ btn_{choice}": "✓ " + labels[f"btn_{choice}"] for choice in STANDING}
    assert {key: len(label) for key, label in labels.items() if len(label) > BUTTON_LIMIT} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_thread_name_fits_in_discords_thread_names(lang: Lang) -> None:
    name = _filled(_messages(lang)["thread_name"], lang).replace(NAME, "W" * 32)  # Discord's raw name, unescaped
    assert len(name) <= THREAD_NAME_LIMIT, name


@pytest.mark.parametrize("lang", LANGS)
def test_a_solitaire_pair_fits_in_a_select_option_and_its_menu_in_a_placeholder(lang: Lang) -> None:
    # an option is "C4 + F2" over the faces' names (bot/solitaire/presenter.py, pair_pages)
    longest = _longest([tile_name(tile, lang) for tile in Tile])
    assert len(f"{longest} + {longest}") <= OPTION_LIMIT
    assert len(_filled(_messages(lang)["sol_pick"], lang)) <= PLACEHOLDER_LIMIT


def test_the_long_values_are_long_enough_to_catch_a_label_over_the_limit() -> None:
    assert len(_filled("{name} starts", "en")) > 64 and len(_filled("{names}", "en")) > 250

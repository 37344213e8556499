"""``bot.guild_config``: what a server's settings mean for a new table, changes checked before they are
stored, and the settings shown back in both languages."""

from __future__ import annotations

import dataclasses

import pytest

from bot.guild_config import (
    LANG_CHOICES,
    LENGTH_CHOICES,
    ConfigChange,
    ConfigRefused,
    allowed_channel,
    changed,
    channels_text,
    computers_allowed,
    settings_text,
    table_defaults,
    table_lang,
)
from core.tables.state import SPEEDS, Timing
from data.ledger import GuildSettings
from game.players import PLAYERS
from game.rules import MATCH_LENGTHS, RULE_NAMES
from words import LANGS
from words.messages import say

TIMINGS = {"live": Timing.for_speed("live"), "async": Timing.for_speed("async")}


def test_a_server_that_set_nothing_gets_todays_defaults():
    defaults = table_defaults(GuildSettings(), TIMINGS)
    assert (defaults.rules, defaults.speed, defaults.timing) == ("classic", "live", TIMINGS["live"])


def test_the_members_choice_beats_the_servers_default():
    server = GuildSettings(default_rules="hongkong", default_speed="async")
    assert table_defaults(server, TIMINGS).rules == "hongkong"
    assert table_defaults(server, TIMINGS).speed == "async"
    chosen = table_defaults(server, TIMINGS, rules="family", speed="live")
    assert (chosen.rules, chosen.speed, chosen.timing) == ("family", "live", TIMINGS["live"])


def test_the_servers_deadlines_replace_only_the_turn_and_claim():
    server = GuildSettings(turn_seconds=600.0, claim_seconds=30.0)
    timing = table_defaults(server, TIMINGS, speed="async").timing
    assert timing == Timing(
        turn=600.0,
        claim=30.0,
        computer_pause=TIMINGS["async"].computer_pause,
        next_hand=TIMINGS["async"].next_hand,
        idle=TIMINGS["async"].idle,
    )
    only_claim = table_defaults(GuildSettings(claim_seconds=20.0), TIMINGS).timing
    assert (only_claim.turn, only_claim.claim) == (TIMINGS["live"].turn, 20.0)


def test_the_servers_idle_limit_replaces_the_speeds():
    assert table_defaults(GuildSettings(), TIMINGS, speed="async").timing.idle == 7 * 24 * 3600.0
    assert table_defaults(GuildSettings(), TIMINGS).timing.idle == 2 * 3600.0
    assert table_defaults(GuildSettings(idle_hours=48), TIMINGS, speed="live").timing.idle == 48 * 3600.0


def test_the_servers_table_options_fill_what_the_member_left_out():
    server = GuildSettings(
        default_length="one_hand",
        default_level="basic",
        default_hints=False,
        default_hide_claims=True,
        default_seven_pairs=True,
        default_minimum_fan=1,
    )
    chosen = table_defaults(server, TIMINGS, rules="hongkong")
    assert (chosen.length, chosen.level, chosen.hints, chosen.hide_claims, chosen.seven_pairs, chosen.minimum_fan) == (
        "one_hand",
        "basic",
        False,
        True,
        True,
        1,
    )
    mine = table_defaults(
        server,
        TIMINGS,
        rules="hongkong",
        length="four_winds",
        level="teacher",
        hints=True,
        hide_claims=False,
        seven_pairs=False,
        minimum_fan=5,
    )
    assert (mine.length, mine.level, mine.hints, mine.hide_claims, mine.seven_pairs, mine.minimum_fan) == (
        "four_winds",
        "teacher",
        True,
        False,
        False,
        5,
    )
    # the minimum is a Hong Kong rule: a classic table does not get the server's
    assert table_defaults(server, TIMINGS, rules="classic").minimum_fan is None
    untouched = table_defaults(GuildSettings(), TIMINGS)
    assert (
        untouched.length,
        untouched.level,
        untouched.hints,
        untouched.hide_claims,
        untouched.seven_pairs,
        untouched.minimum_fan,
    ) == (None, "strong", True, False, False, None)


def test_table_option_changes_are_checked_and_rules_restores_the_length():
    new = changed(
        GuildSettings(),
        ConfigChange(
            length="one_wind",
            level="teacher",
            hints=False,
            hide_claims=True,
            seven_pairs=True,
            minimum_fan=0,
            idle_hours=72,
        ),
    )
    assert new == GuildSettings(
        default_length="one_wind",
        default_level="teacher",
        default_hints=False,
        default_hide_claims=True,
        default_seven_pairs=True,
        default_minimum_fan=0,
        idle_hours=72,
    )
    assert changed(new, ConfigChange(length="rules")).default_length is None
    for options, key in (
        ({"length": "two_winds"}, "config_bad_choice"),
        ({"level": "genius"}, "config_bad_choice"),
        ({"minimum_fan": 14}, "config_out_of_range"),
        ({"idle_hours": 0}, "config_out_of_range"),
        ({"idle_hours": 24 * 31}, "config_out_of_range"),
    ):
        with pytest.raises(ConfigRefused) as refused:
            changed(new, ConfigChange(**options))
        assert refused.value.key == key


def test_channels_anywhere_a_listed_one_or_a_thread_of_one():
    assert allowed_channel(GuildSettings(), 5, None)
    server = GuildSettings(table_channels=(10, 11))
    assert allowed_channel(server, 10, None) and allowed_channel(server, 11)
    assert not allowed_channel(server, 12, None)
    assert allowed_channel(server, 99, 11)  # a thread of #11
    assert not allowed_channel(server, 99, 12)


def test_computers_none_is_always_fine():
    forbidden = GuildSettings(computers_allowed=False)
    assert computers_allowed(forbidden, 0) and not computers_allowed(forbidden, 1)
    assert computers_allowed(GuildSettings(), 3)


def test_the_servers_language_else_its_locales():
    assert table_lang(GuildSettings(), "fr") == "fr"
    assert table_lang(GuildSettings(lang="en"), "fr") == "en"
    assert table_lang(GuildSettings(lang="fr"), "en") == "fr"
    assert table_lang(GuildSettings(lang="zh_TW"), "fr") == "zh_TW"
    assert table_lang(GuildSettings(), "zh_TW") == "zh_TW"


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_language_can_be_chosen_and_is_shown_back(lang: str) -> None:
    new = changed(GuildSettings(lang="fr"), ConfigChange(lang=lang))
    assert new.lang == lang and table_lang(new, "en") == lang
    named = {"en": "English", "fr": "French", "zh_TW": "Traditional Chinese"}[lang]
    assert settings_text(new, "en").endswith(f"Language of public messages: {named}")
    assert set(LANG_CHOICES) == {*LANGS, "auto"}


def test_changes_are_applied_and_validated():
    new = changed(
        GuildSettings(),
        ConfigChange(
            rules="hongkong",
            speed="async",
            turn_minutes=120,
            claim_seconds=60,
            channel=7,
            computers=False,
            mentions=False,
            lang="fr",
        ),
    )
    assert new == GuildSettings(
        default_rules="hongkong",
        default_speed="async",
        turn_seconds=7200.0,
        claim_seconds=60.0,
        table_channels=(7,),
        computers_allowed=False,
        mentions=False,
        lang="fr",
    )
    assert changed(new, ConfigChange(channel=8)).table_channels == (7, 8)
    assert changed(new, ConfigChange(channel=7)).table_channels == (7,)
    assert changed(new, ConfigChange(clear_channels=True)).table_channels == ()
    assert changed(new, ConfigChange(clear_channels=True, channel=9)).table_channels == (9,)
    assert changed(new, ConfigChange(lang="auto")).lang is None
    assert changed(new, ConfigChange()) == new


@pytest.mark.parametrize(
    ("options", "key", "option"),
    [
        ({"turn_minutes": 0}, "config_out_of_range", "turn_minutes"),
        ({"turn_minutes": 7 * 24 * 60 + 1}, "config_out_of_range", "turn_minutes"),
        ({"claim_seconds": 4}, "config_out_of_range", "claim_seconds"),
        ({"claim_seconds": 86401}, "config_out_of_range", "claim_seconds"),
        ({"rules": "riichi"}, "config_bad_choice", "rules"),
        ({"speed": "blitz"}, "config_bad_choice", "speed"),
        ({"lang": "de"}, "config_bad_choice", "lang"),
        ({"lang": "zh-TW"}, "config_bad_choice", "lang"),  # Discord's spelling, not a catalog's
    ],
)
def test_a_value_out_of_range_is_refused_with_its_range(options, key, option):
    with pytest.raises(ConfigRefused) as refused:
        changed(GuildSettings(), ConfigChange(**options))
    assert refused.value.key == key and refused.value.params["option"] == option
    for lang in ("en", "fr"):
        message = say(refused.value.key, lang, **refused.value.params)
        assert option in message and "{" not in message
        assert ("Nothing was changed" if lang == "en" else "Rien n'a été changé") in message


def test_the_ledgers_own_check_still_applies():
    with pytest.raises(ConfigRefused) as refused:
        changed(GuildSettings(), ConfigChange(channel=-3))
    assert (refused.value.key, refused.value.params) == ("config_invalid", {"option": "channel"})
    for lang, unchanged in (("en", "Nothing was changed"), ("fr", "Rien n'a été changé"), ("zh_TW", "甚麼都沒有更改")):
        message = say("config_invalid", lang, **refused.value.params)
        assert message.startswith("channel ") and unchanged in message and "table_channels" not in message


@pytest.mark.parametrize("field", [field.name for field in dataclasses.fields(GuildSettings)])
def test_a_refusal_by_the_ledger_names_an_option_the_command_has(field):
    """Settings the ledger's own check refuses (set behind the command's checks, as a stored document
    from another release could be) are refused naming the option an admin would type."""
    broken = dataclasses.replace(GuildSettings(), **{field: (-1,) if field == "table_channels" else object()})
    with pytest.raises(ConfigRefused) as refused:
        changed(broken, ConfigChange())
    assert refused.value.key == "config_invalid"
    assert refused.value.params["option"] in {option.name for option in dataclasses.fields(ConfigChange)}


def test_the_channel_list_has_a_limit():
    full = GuildSettings(table_channels=tuple(range(1, 26)))
    with pytest.raises(ConfigRefused) as refused:
        changed(full, ConfigChange(channel=99))
    assert refused.value.key == "config_too_many_channels"
    assert changed(full, ConfigChange(channel=3)) == full  # already listed: nothing to add


def test_settings_shown_back_in_both_languages():
    server = GuildSettings(
        default_rules="family",
        default_speed="async",
        turn_seconds=3600.0,
        claim_seconds=None,
        table_channels=(4, 5),
        computers_allowed=False,
        mentions=False,
        lang="fr",
    )
    english = settings_text(server, "en")
    assert "Family" in english and "asynchronous" in english and "1 h" in english and "the speed's own" in english
    assert "<#4>, <#5>" in english and "not allowed" in english and "Turn mentions: off" in english
    assert "French" in english
    french = settings_text(server, "fr")
    assert "Familiale" in french and "asynchrone" in french and "interdites" in french and "français" in french
    assert english != french
    defaults = settings_text(GuildSettings(), "en")
    assert "any channel" in defaults and "Computer seats: allowed" in defaults and "server's locale" in defaults
    assert channels_text(GuildSettings(), "fr") == "n'importe quel salon"


def test_the_leaderboard_minimum_is_a_setting_with_its_range():
    from bot.guild_config import ConfigChange, ConfigRefused, changed, settings_text
    from data.ledger import GuildSettings

    assert GuildSettings().ranked_after == 5
    assert GuildSettings.from_document({}).ranked_after == 5  # stored by a release without it
    new = changed(GuildSettings(), ConfigChange(ranked_after=12))
    assert new.ranked_after == 12 and GuildSettings.from_document(new.to_document()) == new
    assert "ranked after 12 hands" in settings_text(new, "en") and "12 mains" in settings_text(new, "fr")
    for wrong in (0, 101):
        with pytest.raises(ConfigRefused):
            changed(GuildSettings(), ConfigChange(ranked_after=wrong))


def test_the_commands_options_are_the_fields_of_a_change():
    """Discord reads ``/mahjong config``'s options from its callback: they are ``ConfigChange``'s fields,
    one for one and each described, and every choice they offer is one ``changed`` takes."""
    from bot.commands.config import config

    options = {parameter.name: parameter for parameter in config.parameters}
    assert list(options) == [field.name for field in dataclasses.fields(ConfigChange)]
    assert all(parameter.description != "…" for parameter in options.values())  # discord.py's "none given"
    for option, taken in (
        ("rules", RULE_NAMES),
        ("speed", SPEEDS),
        ("lang", LANG_CHOICES),
        ("length", LENGTH_CHOICES),
        ("level", PLAYERS),
    ):
        assert {choice.value for choice in options[option].choices} == set(taken)


def test_a_new_table_offers_the_speeds_and_lengths_a_server_may_choose_from():
    from bot.commands.tables import new

    options = {parameter.name: parameter for parameter in new.parameters}
    assert [choice.value for choice in options["speed"].choices] == list(SPEEDS)
    assert [choice.value for choice in options["length"].choices] == list(MATCH_LENGTHS)
    assert set(MATCH_LENGTHS) < set(LENGTH_CHOICES)

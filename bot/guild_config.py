"""A server's ``/mahjong config`` settings, applied: what a new table gets, and the settings shown back.

What a new table gets from them is the core's (``core.tables.options``: the page opens tables too).
Pure (no Discord import), so the rules an admin sets are tested without a client: the slash commands
only read the ledger, call these functions and send what they return. The ledger's
``GuildSettings.validate()`` is the last word on what can be stored; ``changed`` checks the command's
own units first (minutes, seconds) so that an admin is told the range of the option they typed,
not of a field they never saw.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from core.ratings.seasons import SEASON_MODES, Season
from core.refusal import Refusal
from core.tables.options import TableDefaults as TableDefaults  # moved to the core: both surfaces open tables
from core.tables.options import table_defaults as table_defaults
from core.tables.state import SPEEDS
from data.ledger import IDLE_HOURS, MINIMUM_FAN, RANKED_AFTER, GuildSettings, LedgerValueError
from game.players import PLAYERS
from game.rules import MATCH_LENGTHS
from game.rules import RULE_NAMES as RULE_KEYS
from words import LANGS, Lang
from words.messages import count, duration, name_of, say

# The ranges the command offers (Discord's client enforces them too, but a forged or stale client
# can send anything, so they are checked here again).
TURN_MINUTES = (1, 7 * 24 * 60)  # a minute to a week: live tables to the slowest asynchronous one
CLAIM_SECONDS = (5, 24 * 3600)  # long enough to click, at most a day
MAX_CHANNELS = 25  # a short list an admin can read back; more is a server that wants "anywhere"
LANG_CHOICES = (*LANGS, "auto")  # "auto": the language of the server's own locale
LENGTH_CHOICES = (*MATCH_LENGTHS, "rules")  # "rules": back to the rule set's own length


class ConfigRefused(Refusal):
    """A change the server cannot take: ``key`` is an ``words.messages`` message, ``params`` fill it. Nothing
    of the change is applied (the settings are computed whole, then stored in one write)."""


@dataclass(frozen=True, slots=True)
class ConfigChange:
    """What one ``/mahjong config`` asks: a field for each of the command's options, by its name, None
    (or False) where the admin left it out. The command's options are these fields."""

    rules: str | None = None
    speed: str | None = None
    turn_minutes: int | None = None
    claim_seconds: int | None = None
    channel: int | None = None
    clear_channels: bool = False
    computers: bool | None = None
    mentions: bool | None = None
    lang: str | None = None
    length: str | None = None
    level: str | None = None
    hints: bool | None = None
    hide_claims: bool | None = None
    seven_pairs: bool | None = None
    minimum_fan: int | None = None
    idle_hours: int | None = None
    ranked_after: int | None = None
    season: str | None = None  # stored apart, in the ledger's history of season modes (``Ledger.set_season_mode``)

    @property
    def asks_nothing(self) -> bool:
        """No option given: the command shows the settings instead of changing them."""
        return self == ConfigChange()


def allowed_channel(settings: GuildSettings, channel_id: int, parent_id: int | None = None) -> bool:
    """Whether a table may open here: anywhere when the server listed no channel, else in a listed
    channel or in a thread of one (a table opened from a thread lives under the thread's channel)."""
    if not settings.table_channels:
        return True
    return channel_id in settings.table_channels or (parent_id is not None and parent_id in settings.table_channels)


def computers_allowed(settings: GuildSettings, computers: int) -> bool:
    """Whether a table may start with ``computers`` computer seats (none is always fine)."""
    return computers == 0 or settings.computers_allowed


def table_lang(settings: GuildSettings, guild_lang: Lang) -> Lang:
    """The language of a table's public messages: the server's choice when it made one, else the
    language of the server's own locale (what tables used before the setting existed)."""
    return settings.lang if settings.lang in LANGS else guild_lang


def channels_text(settings: GuildSettings, lang: Lang) -> str:
    """The channels tables may open in, as mentions Discord renders (or "anywhere")."""
    if not settings.table_channels:
        return say("config_anywhere", lang)
    return ", ".join(f"<#{channel}>" for channel in settings.table_channels)


def settings_text(settings: GuildSettings, lang: Lang, season: Season | None = None) -> str:
    """The settings shown back to the admin after each change (and by ``/mahjong config`` alone), with the
    server's rating seasons when ``season`` (the current one) is given."""
    own = say("config_speed_own", lang)
    turn = duration(settings.turn_seconds, lang) if settings.turn_seconds is not None else own
    claim = duration(settings.claim_seconds, lang) if settings.claim_seconds is not None else own
    idle = duration(settings.idle_hours * 3600.0, lang) if settings.idle_hours is not None else own
    language = say("config_lang_" + (settings.lang or "auto"), lang)
    length = (
        name_of("length", settings.default_length, lang)
        if settings.default_length is not None
        else say("config_rules_own", lang)
    )
    minimum = (
        str(settings.default_minimum_fan) if settings.default_minimum_fan is not None else say("config_rules_own", lang)
    )
    return "\n".join(
        (
            say("config_title", lang),
            say(
                "config_rules",
                lang,
                rules=name_of("rules", settings.default_rules, lang),
                speed=name_of("speed", settings.default_speed, lang),
            ),
            say(
                "config_options",
                lang,
                length=length,
                level=settings.default_level,
                minimum=minimum,
                hints=_on_off(settings.default_hints, lang),
                hide_claims=_on_off(settings.default_hide_claims, lang),
                seven_pairs=_on_off(settings.default_seven_pairs, lang),
            ),
            say("config_deadlines", lang, turn=turn, claim=claim),
            say("config_idle", lang, idle=idle),
            say("config_ranked_after", lang, hands=count("hands", settings.ranked_after, lang)),
            *(() if season is None else (say(f"config_season_{season.mode}", lang, number=season.number),)),
            say("config_channels", lang, channels=channels_text(settings, lang)),
            say("config_computers_" + ("on" if settings.computers_allowed else "off"), lang),
            say("config_mentions_" + ("on" if settings.mentions else "off"), lang),
            say("config_lang", lang, language=language),
        )
    )


def _on_off(value: bool, lang: Lang) -> str:
    return say("config_on" if value else "config_off", lang)


def changed(settings: GuildSettings, change: ConfigChange) -> GuildSettings:
    """The settings with the options ``change`` gives changed; ``ConfigRefused`` naming the first value
    out of range, so the command answers with it and stores nothing. ``clear_channels`` empties the
    list before ``channel`` is added, so both together mean "only this channel"."""
    updates: dict[str, object] = {}
    if change.rules is not None:
        updates["default_rules"] = _require_choice("rules", change.rules, RULE_KEYS)
    if change.speed is not None:
        updates["default_speed"] = _require_choice("speed", change.speed, SPEEDS)
    if change.turn_minutes is not None:
        _require_range("turn_minutes", change.turn_minutes, TURN_MINUTES)
        updates["turn_seconds"] = float(change.turn_minutes * 60)
    if change.claim_seconds is not None:
        _require_range("claim_seconds", change.claim_seconds, CLAIM_SECONDS)
        updates["claim_seconds"] = float(change.claim_seconds)
    channels = () if change.clear_channels else settings.table_channels
    if change.channel is not None and change.channel not in channels:
        if len(channels) >= MAX_CHANNELS:
            raise ConfigRefused("config_too_many_channels", limit=MAX_CHANNELS)
        channels = (*channels, change.channel)
    updates["table_channels"] = channels
    if change.computers is not None:
        updates["computers_allowed"] = change.computers
    if change.mentions is not None:
        updates["mentions"] = change.mentions
    if change.lang is not None:
        lang = _require_choice("lang", change.lang, LANG_CHOICES)
        updates["lang"] = None if lang == "auto" else lang
    if change.length is not None:
        length = _require_choice("length", change.length, LENGTH_CHOICES)
        updates["default_length"] = None if length == "rules" else length
    if change.level is not None:
        updates["default_level"] = _require_choice("level", change.level, PLAYERS)
    for name, value in (
        ("default_hints", change.hints),
        ("default_hide_claims", change.hide_claims),
        ("default_seven_pairs", change.seven_pairs),
    ):
        if value is not None:
            updates[name] = value
    if change.minimum_fan is not None:
        _require_range("minimum_fan", change.minimum_fan, MINIMUM_FAN)
        updates["default_minimum_fan"] = change.minimum_fan
    if change.idle_hours is not None:
        _require_range("idle_hours", change.idle_hours, IDLE_HOURS)
        updates["idle_hours"] = change.idle_hours
    if change.ranked_after is not None:
        _require_range("ranked_after", change.ranked_after, RANKED_AFTER)
        updates["ranked_after"] = change.ranked_after
    if change.season is not None:  # checked here with the rest, so nothing is written if it is wrong
        _require_choice("season", change.season, SEASON_MODES)
    new = replace(settings, **updates)  # type: ignore[arg-type]
    try:
        new.validate()
    except LedgerValueError as error:  # the ledger's text is English: name the command's option instead
        raise ConfigRefused("config_invalid", option=_OPTION_OF_FIELD.get(error.field or "", error.field)) from error
    return new


# The stored settings' fields named otherwise by /mahjong config's options (the others share their name).
_OPTION_OF_FIELD = {
    "default_rules": "rules",
    "default_speed": "speed",
    "turn_seconds": "turn_minutes",
    "table_channels": "channel",
    "computers_allowed": "computers",
    "default_length": "length",
    "default_level": "level",
    "default_hints": "hints",
    "default_hide_claims": "hide_claims",
    "default_seven_pairs": "seven_pairs",
    "default_minimum_fan": "minimum_fan",
}


def _require_choice(option: str, value: str, choices: Collection[str]) -> str:
    if value not in choices:
        raise ConfigRefused("config_bad_choice", option=option, value=value, choices=", ".join(choices))
    return value


def _require_range(option: str, value: int, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigRefused("config_out_of_range", option=option, value=value, low=low, high=high)

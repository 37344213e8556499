"""A server's ``/mahjong config`` settings, applied: what a new table gets, and the settings shown back.

Pure (no Discord import), so the rules an admin sets are tested without a client: the slash commands
only read the ledger, call these functions and send what they return. The ledger's
``GuildSettings.validate()`` is the last word on what can be stored; ``changed`` checks the command's
own units first (minutes, seconds) so that an admin is told the range of the option they typed,
not of a field they never saw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.i18n import RULE_NAMES, SPEED_NAMES, duration, pick, say
from bot.tables.state import SPEEDS, Speed, Timing
from data.ledger import GuildSettings, LedgerValueError
from game.rules import RULE_NAMES as RULE_KEYS
from game.tiles import Lang

# The ranges the command offers (Discord's client enforces them too, but a forged or stale client
# can send anything, so they are checked here again).
TURN_MINUTES = (1, 7 * 24 * 60)  # a minute to a week: live tables to the slowest asynchronous one
CLAIM_SECONDS = (5, 24 * 3600)  # long enough to click, at most a day
MAX_CHANNELS = 25  # a short list an admin can read back; more is a server that wants "anywhere"
LANG_CHOICES = ("en", "fr", "auto")


class ConfigRefused(Exception):
    """A change the server cannot take: ``key`` is an ``bot.i18n`` message, ``params`` fill it. Nothing
    of the change is applied (the settings are computed whole, then stored in one write)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class TableDefaults:
    """What ``/mahjong new`` uses for the options the member left out."""

    rules: str
    speed: Speed
    timing: Timing


def table_defaults(
    settings: GuildSettings, timings: Mapping[Speed, Timing], *, rules: str | None = None, speed: str | None = None,
) -> TableDefaults:
    """The member's choice where they made one, else the server's default; the deadlines are the speed's
    own timing with the server's turn and claim window in place of the speed's when it set them (a
    server that set nothing gets exactly what tables had before ``/mahjong config`` existed)."""
    chosen_rules = rules if rules is not None else settings.default_rules
    wanted = speed if speed is not None else settings.default_speed
    chosen_speed: Speed = "async" if wanted == "async" else "live"
    timing = timings[chosen_speed]
    if settings.turn_seconds is not None:
        timing = replace(timing, turn=settings.turn_seconds)
    if settings.claim_seconds is not None:
        timing = replace(timing, claim=settings.claim_seconds)
    return TableDefaults(chosen_rules, chosen_speed, timing)


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
    return "fr" if settings.lang == "fr" else "en" if settings.lang == "en" else guild_lang


def channels_text(settings: GuildSettings, lang: Lang) -> str:
    """The channels tables may open in, as mentions Discord renders (or "anywhere")."""
    if not settings.table_channels:
        return say("config_anywhere", lang)
    return ", ".join(f"<#{channel}>" for channel in settings.table_channels)


def settings_text(settings: GuildSettings, lang: Lang) -> str:
    """The settings shown back to the admin after each change (and by ``/mahjong config`` alone)."""
    own = say("config_speed_own", lang)
    turn = duration(settings.turn_seconds) if settings.turn_seconds is not None else own
    claim = duration(settings.claim_seconds) if settings.claim_seconds is not None else own
    language = say("config_lang_" + (settings.lang or "auto"), lang)
    return "\n".join((
        say("config_title", lang),
        say("config_rules", lang, rules=pick(RULE_NAMES[settings.default_rules], lang),
            speed=pick(SPEED_NAMES[settings.default_speed], lang)),
        say("config_deadlines", lang, turn=turn, claim=claim),
        say("config_channels", lang, channels=channels_text(settings, lang)),
        say("config_computers_" + ("on" if settings.computers_allowed else "off"), lang),
        say("config_mentions_" + ("on" if settings.mentions else "off"), lang),
        say("config_lang", lang, language=language),
    ))


def changed(
    settings: GuildSettings, *, rules: str | None = None, speed: str | None = None, turn_minutes: int | None = None,
    claim_seconds: int | None = None, channel: int | None = None, clear_channels: bool = False,
    computers: bool | None = None, mentions: bool | None = None, lang: str | None = None,
) -> GuildSettings:
    """The settings with the given options changed (None = unchanged); ``ConfigRefused`` naming the
    first value out of range, so the command answers with it and stores nothing. ``clear_channels``
    empties the list before ``channel`` is added, so both together mean "only this channel"."""
    updates: dict[str, object] = {}
    if rules is not None:
        if rules not in RULE_KEYS:
            raise ConfigRefused("config_bad_choice", option="rules", value=rules, choices=", ".join(RULE_KEYS))
        updates["default_rules"] = rules
    if speed is not None:
        if speed not in SPEEDS:
            raise ConfigRefused("config_bad_choice", option="speed", value=speed, choices=", ".join(SPEEDS))
        updates["default_speed"] = speed
    if turn_minutes is not None:
        _require_range("turn_minutes", turn_minutes, TURN_MINUTES)
        updates["turn_seconds"] = float(turn_minutes * 60)
    if claim_seconds is not None:
        _require_range("claim_seconds", claim_seconds, CLAIM_SECONDS)
        updates["claim_seconds"] = float(claim_seconds)
    channels = () if clear_channels else settings.table_channels
    if channel is not None and channel not in channels:
        if len(channels) >= MAX_CHANNELS:
            raise ConfigRefused("config_too_many_channels", limit=MAX_CHANNELS)
        channels = (*channels, channel)
    updates["table_channels"] = channels
    if computers is not None:
        updates["computers_allowed"] = computers
    if mentions is not None:
        updates["mentions"] = mentions
    if lang is not None:
        if lang not in LANG_CHOICES:
            raise ConfigRefused("config_bad_choice", option="lang", value=lang, choices=", ".join(LANG_CHOICES))
        updates["lang"] = None if lang == "auto" else lang
    new = replace(settings, **updates)  # type: ignore[arg-type]
    try:
        new.validate()
    except LedgerValueError as error:
        raise ConfigRefused("config_invalid", detail=str(error)) from error
    return new


def _require_range(option: str, value: int, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigRefused("config_out_of_range", option=option, value=value, low=low, high=high)

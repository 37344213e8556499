"""What a new table gets, from what its opener chose and the server's defaults: one path for every surface.

``/mahjong new`` (Discord) and ``/table/new`` (the page) both open a table with these: ``table_defaults``
fills what the member left out from the server's ``/mahjong config`` settings (the page's tables, in the
web's server, get a server's defaults: ``GuildSettings()``), ``option_refusal`` names an option the
chosen rules do not have, ``table_rules`` builds the rule set (``GameError`` for a choice the engine does
not take) and ``table_settings`` the table's settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from core.tables.state import SPEEDS, Speed, TableSettings, Timing
from data.ledger import GuildSettings
from game.errors import GameError
from game.rules import MATCH_LENGTHS, RULE_NAMES, Ruleset, ruleset
from words import Lang

_T = TypeVar("_T")

SPEED_TIMINGS: Mapping[Speed, Timing] = {speed: Timing.for_speed(speed) for speed in SPEEDS}
"""Each speed's own deadlines (a deployment's may differ: the bot takes its own, the tests faster ones)."""


@dataclass(frozen=True, slots=True)
class TableDefaults:
    """What ``/mahjong new`` uses for the options the member left out (``length`` and ``minimum_fan``
    None: the rule set's own)."""

    rules: str
    speed: Speed
    timing: Timing
    length: str | None = None
    level: str = "strong"
    hints: bool = True
    hide_claims: bool = False
    seven_pairs: bool = False
    minimum_fan: int | None = None


def table_defaults(
    settings: GuildSettings,
    timings: Mapping[Speed, Timing],
    *,
    rules: str | None = None,
    speed: str | None = None,
    length: str | None = None,
    level: str | None = None,
    hints: bool | None = None,
    hide_claims: bool | None = None,
    seven_pairs: bool | None = None,
    minimum_fan: int | None = None,
) -> TableDefaults:
    """The member's choice where they made one, else the server's default; the deadlines are the speed's
    own timing with the server's turn, claim window and idle limit in place of the speed's when it set
    them (a server that set nothing gets exactly what tables had before ``/mahjong config`` existed).
    The server's minimum fan is a Hong Kong rule: other rule sets do not get it."""
    chosen_rules = rules if rules is not None else settings.default_rules
    wanted = speed if speed is not None else settings.default_speed
    chosen_speed: Speed = "async" if wanted == "async" else "live"
    timing = timings[chosen_speed]
    if settings.turn_seconds is not None:
        timing = replace(timing, turn=settings.turn_seconds)
    if settings.claim_seconds is not None:
        timing = replace(timing, claim=settings.claim_seconds)
    if settings.idle_hours is not None:
        timing = replace(timing, idle=settings.idle_hours * 3600.0)
    server_minimum = settings.default_minimum_fan if chosen_rules == "hongkong" else None
    return TableDefaults(
        chosen_rules,
        chosen_speed,
        timing,
        length=_either(length, settings.default_length),
        level=_either(level, settings.default_level),
        hints=_either(hints, settings.default_hints),
        hide_claims=_either(hide_claims, settings.default_hide_claims),
        seven_pairs=_either(seven_pairs, settings.default_seven_pairs),
        minimum_fan=_either(minimum_fan, server_minimum),
    )


def _either(chosen: _T | None, default: _T) -> _T:
    return default if chosen is None else chosen


def option_refusal(rules: str, jokers: bool, calling_rule: bool, minimum_fan: int | None) -> str | None:
    """The message for an option that the chosen rules do not have (the engine would refuse it too)."""
    if jokers and rules != "classic":
        return "option_jokers"
    if calling_rule and rules == "family":
        return "option_calling"
    if minimum_fan is not None and rules != "hongkong":
        return "option_minimum"
    return None


def table_rules(
    rules: str,
    length: str | None,
    players: int = 4,
    open_hands: bool = False,
    jokers: bool = False,
    calling_rule: bool = False,
    seven_pairs: bool = False,
    minimum_fan: int | None = None,
) -> Ruleset:
    """The rule set ``rules`` with these options; ``GameError`` for one the engine does not take."""
    if rules not in RULE_NAMES:
        raise GameError(f"unknown rules {rules!r}")
    options: dict[str, Any] = {
        "players": players,
        "open_hands": open_hands,
        "calling_rule": calling_rule,
        "seven_pairs": seven_pairs,
    }
    if minimum_fan is not None:
        options["minimum_fan"] = minimum_fan
    if length is not None:
        if length not in MATCH_LENGTHS:
            raise GameError(f"unknown length {length!r}")
        options["length"] = length
    if jokers:
        options["jokers"] = True
    return ruleset(rules, **options)


def table_settings(defaults: TableDefaults, rules: Ruleset, lang: Lang, *, learners: bool = False) -> TableSettings:
    """A new table's settings: ``rules`` (``table_rules``) with the rest of ``defaults``, its public
    messages in ``lang``; a learners' table hides no claims (the member's choice beats the server's
    default)."""
    return TableSettings(
        rules=rules,
        speed=defaults.speed,
        timing=defaults.timing,
        computer_level=defaults.level,
        hints=defaults.hints,
        lang=lang,
        hide_claims=defaults.hide_claims and not learners,
        learners=learners,
    )

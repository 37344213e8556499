"""The sign-up post's buttons: ``mjt1:{tournament}:{verb}``, parsed as untrusted input (SPEC §4.3). They
name no state version: joining, checking in and leaving are each right or refused whenever pressed."""

from __future__ import annotations

import re
from typing import Literal, cast

PREFIX = "mjt1:"  # written here only: the bot routes a click by it (bot.app)
Verb = Literal["join", "checkin", "leave"]
VERBS: tuple[Verb, ...] = ("join", "checkin", "leave")
_PATTERN = re.compile(re.escape(PREFIX) + r"([a-z0-9]{8}):(join|checkin|leave)")


def button_id(tournament_id: str, verb: Verb) -> str:
    return f"{PREFIX}{tournament_id}:{verb}"


def parse_button_id(custom_id: str) -> tuple[str, Verb] | None:
    """The tournament and the verb a button names, or None for anything this bot did not write."""
    found = _PATTERN.fullmatch(custom_id)
    return None if found is None else (found.group(1), cast(Verb, found.group(2)))

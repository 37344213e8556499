"""Errors in one place: what a member is told when their command or click did not go through, and the log.

The command tree's error handler and every component's callback (``bot.components``) come here. A
refusal (``Refusal``: the request was understood and not taken, nothing changed) is an answer, not a
failure: the member reads why, in their language. Everything else is a failure, logged at ERROR with
the command or component it happened in (a store that cannot be reached in one line, anything else
with its traceback), and the member is told privately that nothing was done. A click acknowledged too
late for Discord is one warning line: its member cannot be told, and its traceback says nothing.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.answers import tell
from bot.interaction import Interaction
from bot.replay import REPLAY_PREFIX
from bot.reports import REPORTS_PREFIX
from bot.solitaire.custom_ids import PREFIX as SOLITAIRE_PREFIX
from core.refusal import Refusal
from data.live import StoreError, StoreUnavailable
from words.messages import lang_of, say

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062
"""Discord's code for an interaction answered after its 3 s (or one it does not know)."""

# What a failure is called, by the feature it happened in: (a store could not be used, anything else).
_SOLITAIRE = ("sol_store_down", "sol_internal")
_SETTINGS = ("config_store_down", "command_failed")
_REPORTS = ("reports_unavailable", "command_failed")
_TABLES = ("store_down", "internal_error")
_FEATURES = {
    "solitaire": _SOLITAIRE,
    SOLITAIRE_PREFIX: _SOLITAIRE,
    "mahjong config": _SETTINGS,
    "mahjong mentions": _SETTINGS,
    "mahjong leaderboard": _REPORTS,
    "mahjong stats": _REPORTS,
    "mahjong history": _REPORTS,
    "mahjong replay": _REPORTS,
    REPORTS_PREFIX: _REPORTS,
    REPLAY_PREFIX: _REPORTS,
}


async def answer_failure(interaction: Interaction, error: BaseException, where: str) -> None:
    """Tell the member why ``where`` (a command's name, or a component's custom id) did nothing."""
    try:
        await _answer(interaction, error, where)
    except Exception as telling:  # the bot closing under an answer: the failure itself is logged above
        log.warning("%s: the member could not be told (%s)", where, telling)


async def _answer(interaction: Interaction, error: BaseException, where: str) -> None:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    lang = lang_of(interaction.locale)
    store_down, internal = _words(where)
    metrics, kind = interaction.client.metrics, interaction.type.name
    outcome = "refused" if isinstance(error, Refusal | app_commands.TransformerError) else "failed"
    metrics.unanswered.labels(kind, outcome).inc()
    if isinstance(error, StoreError):
        metrics.store_errors.labels("unavailable" if isinstance(error, StoreUnavailable) else "failed").inc()
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        # the click was not acknowledged within Discord's 3 s: the member saw "interaction failed", and
        # nothing can reach them through it any more; what an admin can act on is the host's load
        log.warning("%s: acknowledged too late for Discord (the process was busy for over 3 s)", where)
    elif isinstance(error, Refusal):
        log.debug("%s refused: %s", where, error.key)
        await tell(interaction, say(error.key, lang, **error.params))
    elif isinstance(error, app_commands.TransformerError):
        log.debug("%s: an option Discord resolved could not be used (%s)", where, error)
        await tell(interaction, say("stats_not_member", lang))
    elif isinstance(error, StoreError):
        log.error("%s failed: %s", where, error)
        await tell(interaction, say(store_down, lang))
    else:
        log.error("%s failed", where, exc_info=error)
        await tell(interaction, say(internal, lang))


def _words(where: str) -> tuple[str, str]:
    for prefix, words in _FEATURES.items():
        if where.startswith(prefix):
            return words
    return _TABLES

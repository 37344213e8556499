"""``/mahjong rules``, ``/mahjong help`` and ``/mahjong score``: the information commands.

They touch no table and no store: each answer is text from ``bot.info`` in the member's language
(their Discord locale), sent privately so a channel is not flooded, one Components V2 card per page
of blocks. Building it takes well under a millisecond, so the answer comes at once, inside Discord's
3 seconds, with no defer.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _

from bot.commands.group import RULE_CHOICES, mahjong
from bot.discord_messages import text_card
from bot.info import Card, help_cards, rules_cards, score_reply
from bot.interaction import Interaction
from game.errors import GameError
from game.rules import rule_name
from words.messages import lang_of, say

# Typed text is echoed in the answers: it never pings anyone.
_NO_MENTIONS = discord.AllowedMentions.none()

_WINDS = [
    Choice(name=_("East"), value="E"),
    Choice(name=_("South"), value="S"),
    Choice(name=_("West"), value="W"),
    Choice(name=_("North"), value="N"),
]


@mahjong.command(name="rules", description=_("The rules and scoring of classic, Hong Kong or family mahjong"))
@app_commands.describe(rules=_("The rules: classic, Hong Kong or the quick family game"))
@app_commands.choices(
    rules=RULE_CHOICES,
)
async def show_rules(interaction: Interaction, rules: str = "classic") -> None:
    lang = lang_of(interaction.locale)
    try:
        cards = rules_cards(rule_name(rules), lang)
    except GameError as error:
        cards = [(say("bad_option", lang, detail=str(error)),)]
    await _send(interaction, cards)


@mahjong.command(name="help", description=_("How to play with the bot, and six strategy tips"))
async def show_help(interaction: Interaction) -> None:
    await _send(interaction, help_cards(lang_of(interaction.locale)))


@mahjong.command(name="score", description=_("Score a winning hand: classic points or Hong Kong fan"))
@app_commands.rename(round_wind="round")
@app_commands.describe(
    hand=_("Concealed tiles with the winning tile, [exposed set], (concealed kong): 234m [777z] 456p 99s"),
    win=_("The winning tile, e.g. 9s (default: the last concealed tile written)"),
    rules=_("Classic points or Hong Kong fan"),
    seat=_("The winner's wind"),
    round_wind=_("The prevailing wind"),
    self_drawn=_("The winning tile was drawn from the wall, not taken from a discard"),
    bonus=_("Flowers and seasons held, e.g. 1f6f"),
)
@app_commands.choices(
    rules=[Choice(name=_("Classic"), value="classic"), Choice(name=_("Hong Kong"), value="hongkong")],
    seat=_WINDS,
    round_wind=_WINDS,
)
async def score(
    interaction: Interaction,
    hand: app_commands.Range[str, 1, 200],
    win: app_commands.Range[str, 1, 20] | None = None,
    rules: str = "classic",
    seat: str = "E",
    round_wind: str = "E",
    self_drawn: bool = False,
    bonus: app_commands.Range[str, 0, 40] = "",
) -> None:
    lang = lang_of(interaction.locale)
    try:
        reply = score_reply(hand, win, rule_name(rules), seat, round_wind, self_drawn, bonus, lang)
    except GameError as error:
        reply = say("bad_option", lang, detail=str(error))
    await _send(interaction, [(reply,)])


async def _send(interaction: Interaction, cards: Sequence[Card]) -> None:
    """The first card answers the interaction, the others follow; all of them private."""
    first, *others = cards
    await interaction.response.send_message(view=text_card(first), ephemeral=True, allowed_mentions=_NO_MENTIONS)
    for card in others:
        await interaction.followup.send(view=text_card(card), ephemeral=True, allowed_mentions=_NO_MENTIONS)

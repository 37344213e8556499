"""``/mahjong replay hand:<id>``: a past hand of this server, step by step, answered privately.

The answer shows one step's picture (its alt text the picture's description) with Previous / Next, and,
when the page is served publicly (``PUBLIC_URL``), a link to that step on the replay page (SPEC §7.2).
Their ids (``bot.replay.replay_id``) name the step and the hand, so a button works after a restart
(``ReplayButton`` is a ``DynamicItem``). A click edits the private message in place. The ids
come from Discord as untrusted text: a step or hand that is not one, or a hand of another server, is
answered privately and nothing is changed.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.commands.group import mahjong
from bot.components import PrefixedItem, prefix_template
from bot.interaction import Interaction
from bot.replay import REPLAY_PREFIX, parse_replay_id, replay_address, replay_frame, replay_frames, replay_id
from core.refusal import Refusal
from data.ledger import HandEntry
from render.rendered import Rendered
from words import Lang
from words.messages import lang_of, say

CUSTOM_ID_LIMIT = 100


def _frame(entry: HandEntry, step: int, lang: Lang) -> tuple[str, Rendered, int]:
    content, rendered = replay_frame(entry, step, lang)
    return content, rendered, replay_frames(entry.record)


def _view(lang: Lang, hand_id: str, step: int, steps: int, page: str | None) -> discord.ui.View | None:
    """Previous and Next (when their ids fit Discord's), and the link to the step on the replay page
    (``page``, when the page is served publicly)."""
    view = discord.ui.View(timeout=None)
    if len(replay_id(hand_id, steps)) <= CUSTOM_ID_LIMIT:
        for label, target, disabled in (
            ("btn_previous", step - 1, step <= 1),
            ("btn_next_page", step + 1, step >= steps),
        ):
            button: discord.ui.Button[Any] = discord.ui.Button(
                label=say(label, lang),
                custom_id=replay_id(hand_id, max(1, min(target, steps))),
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
            )
            view.add_item(ReplayButton(button))
    if page is not None:
        view.add_item(discord.ui.Button(label=say("btn_replay_page", lang), url=page))
    return view if view.children else None


async def show_step(interaction: Interaction, hand_id: str, step: int, *, edit: bool) -> None:
    """Answer with (or, from a button, edit the private message to) one step of the hand; a hand of
    another server is refused as if unknown."""
    lang = lang_of(interaction.locale)
    services = await interaction.client.acknowledged(interaction, "update" if edit else "private")
    entry = await services.ledger.hand(hand_id)
    if entry is None or interaction.guild_id is None or entry.guild_id != interaction.guild_id:
        raise Refusal("replay_unknown", hand=discord.utils.escape_markdown(hand_id[:90]))
    content, rendered, steps = await asyncio.to_thread(_frame, entry, step, lang)
    picture = discord.File(
        io.BytesIO(rendered.image_png), filename=f"replay-{step}.png", description=rendered.description
    )
    public_url = interaction.client.settings.public_url
    page = None if public_url is None else replay_address(public_url, entry, step, interaction.user.id)
    view = _view(lang, entry.hand_id, step, steps, page)
    if view is None:
        await interaction.edit_original_response(content=content, attachments=[picture])
    else:
        await interaction.edit_original_response(content=content, attachments=[picture], view=view)


@mahjong.command(name="replay", description=_("Replay a past hand step by step, privately"))
@app_commands.describe(hand=_("The hand's id, as /mahjong history shows it"))
async def replay(interaction: Interaction, hand: app_commands.Range[str, 1, 90]) -> None:
    await show_step(interaction, hand.strip().strip("`"), 1, edit=False)


class ReplayButton(PrefixedItem, template=prefix_template(REPLAY_PREFIX)):
    """Every replay button: ``on_component`` parses the id, so a forged one gets a private answer."""

    async def on_component(self, interaction: Interaction, custom_id: str) -> None:
        found = parse_replay_id(custom_id)
        if found is None:
            raise Refusal("replay_bad_button")
        hand_id, step = found
        await show_step(interaction, hand_id, step, edit=True)

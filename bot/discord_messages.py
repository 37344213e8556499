"""From a presenter's plain ``Message`` to discord.py: its pictures as files with their alt text, its
selects and buttons as a view whose every component is wrapped in the caller's dynamic item (so the
components work after a restart and a forged id still reaches its desk)."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import discord

from bot.message_specs import Message
from game.tiles import Tile

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
Wrap = Callable[[Any], discord.ui.Item[Any]]


def files_of(message: Message) -> list[discord.File]:
    return [
        discord.File(
            io.BytesIO(picture.rendered.image_png), filename=picture.filename, description=picture.rendered.description
        )
        for picture in message.pictures
    ]


def view_of(message: Message, emojis: Mapping[Tile, discord.PartialEmoji], wrap: Wrap) -> discord.ui.View:
    """The selects one to a row, then the buttons (on the row below the selects when there are any)."""
    view = discord.ui.View(timeout=None)
    for row, spec in enumerate(message.selects):
        options = [
            discord.SelectOption(
                label=option.label,
                value=option.value,
                description=option.description,
                emoji=None if option.tile is None else emojis.get(option.tile),
            )
            for option in spec.options
        ]
        view.add_item(
            wrap(discord.ui.Select(custom_id=spec.custom_id, placeholder=spec.placeholder, options=options, row=row))
        )
    below = len(message.selects) if message.selects else None
    for button in message.buttons:
        view.add_item(
            wrap(
                discord.ui.Button(
                    style=STYLES[button.style],
                    label=button.label,
                    custom_id=button.custom_id,
                    row=button.row if button.row is not None else below,
                    disabled=button.disabled,
                    emoji=None if button.tile is None else emojis.get(button.tile),
                )
            )
        )
    return view

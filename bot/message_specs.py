"""A message as plain data, for every presenter of the bot: text, pictures with their alt text, selects
and buttons. Nothing here knows Discord (``bot.discord_messages`` turns a ``Message`` into discord.py's
files and view), so presenters and their tests stay pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.tiles import Tile
from render.rendered import Rendered

Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """A button; ``row`` None lets Discord lay the buttons out (below the selects when there are any),
    ``tile`` shows that tile's emoji beside the label. ``shows``: the tiles the button acts on (a chow's
    run), drawn on a line of their own with the button beside them."""

    custom_id: str
    label: str
    style: Style = "secondary"
    row: int | None = None
    disabled: bool = False
    tile: Tile | None = None
    shows: tuple[Tile, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionSpec:
    label: str
    value: str
    description: str
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]


@dataclass(frozen=True, slots=True)
class Picture:
    filename: str
    rendered: Rendered


@dataclass(frozen=True, slots=True)
class Message:
    """A message: the selects (one row each) come first, then the buttons."""

    content: str
    pictures: tuple[Picture, ...] = ()
    buttons: tuple[ButtonSpec, ...] = ()
    selects: tuple[SelectSpec, ...] = ()

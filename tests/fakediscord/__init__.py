"""A fake Discord on loopback for end-to-end tests of the bot through unmodified discord.py.

See ``fake.py`` for the API; ``server.py`` (HTTP + websocket), ``gateway.py``, ``rest.py`` (routes and
Discord's rules), ``payloads.py`` (documented wire shapes), ``messages.py``, ``commands.py``, ``state.py``.
"""

from .commands import CommandInputError
from .fake import FakeDiscord
from .gateway import SentEvent
from .messages import ButtonInfo, FakeAttachment, FakeFile, FakeMessage
from .rest import DiscordError
from .server import Fault
from .state import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    Call,
    FakeActivityInstance,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeRole,
    FakeUser,
)

__all__ = [
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_MEMBER_PERMISSIONS",
    "ButtonInfo",
    "Call",
    "CommandInputError",
    "DiscordError",
    "FakeActivityInstance",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeEmoji",
    "FakeFile",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "Fault",
    "SentEvent",
]

"""``mahjong-bot run`` exactly as README's first command runs it, pointed at a fake Discord on loopback.

The only change from the installed command: discord.py's two class attributes that name Discord's
addresses (``Route.BASE`` and the gateway URL) are set from ``FAKE_DISCORD_API`` and
``FAKE_DISCORD_GATEWAY`` first. Everything else — the environment, ``.env``, the embedded store, the
bot — is the product's own path.
"""

from __future__ import annotations

import os
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.cli import main

if __name__ == "__main__":
    Route.BASE = os.environ["FAKE_DISCORD_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
    sys.exit(main(["run"]))

"""``mahjong-bot run`` exactly as README's first command runs it, pointed at a fake Discord on loopback.

The only changes from the installed command: discord.py's two class attributes that name Discord's
addresses (``Route.BASE`` and the gateway URL) are set from ``FAKE_DISCORD_API`` and
``FAKE_DISCORD_GATEWAY``; with ``FAST_TABLES=1`` tables use timings of a fraction of a second and the
clock looks every 20 ms; and with
``KILL_AT=before-ledger`` or ``after-ledger`` the process kills itself (SIGKILL, as ``kill -9``) around
its first ledger write of a hand. Everything else — the environment, ``.env``, the stores, the bot —
is the product's own path.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

import bot.app
from bot.cli import main
from bot.tables.state import SPEEDS, Timing


def _kill_around_the_first_hand(point: str) -> None:
    from data.ledger_sqlite import SqliteLedger

    original = SqliteLedger.record_hand

    @functools.wraps(original)
    async def record_hand(self: Any, entry: Any) -> bool:
        if point == "before-ledger":
            os.kill(os.getpid(), signal.SIGKILL)
        written = await original(self, entry)
        os.kill(os.getpid(), signal.SIGKILL)
        return written

    SqliteLedger.record_hand = record_hand  # type: ignore[method-assign]


if __name__ == "__main__":
    Route.BASE = os.environ["FAKE_DISCORD_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
    if os.environ.get("FAST_TABLES") == "1":
        fast = Timing(turn=0.2, claim=0.2, computer_pause=0.0, next_hand=0.2)
        bot.app.DEFAULT_TIMINGS.update({speed: fast for speed in SPEEDS})
        bot.app.CLOCK_TICK = 0.02
    if os.environ.get("KILL_AT"):
        _kill_around_the_first_hand(os.environ["KILL_AT"])
    sys.exit(main(["run"]))

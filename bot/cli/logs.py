"""The log of ``mahjong-bot run`` and ``mahjong-bot web``: one format for both (discord.py's,
``[time] [LEVEL   ] logger: message``) on stderr, coloured only on a terminal, without the lines an
admin can do nothing about."""

from __future__ import annotations

import logging
from typing import TextIO

FORMAT = "[{asctime}] [{levelname:<8}] {name}: {message}"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
VOICE_WARNINGS = frozenset(
    {
        "PyNaCl is not installed, voice will NOT be supported",
        "davey is not installed, voice will NOT be supported",
    }
)
"""What discord.py's client warns at every start without its voice libraries: the bot has no voice."""


def _not_about_voice(record: logging.LogRecord) -> bool:
    return record.getMessage() not in VOICE_WARNINGS


def setup_logging(level: int, stream: TextIO | None = None) -> None:
    """Log ``level`` and above from every logger to ``stream`` (stderr)."""
    import discord

    handler = logging.StreamHandler(stream)
    if handler.stream.isatty():
        discord.utils.setup_logging(handler=handler, level=level, root=True)  # its coloured formatter
    else:
        # discord.py takes any stream in a Docker container (/.dockerenv) for a terminal, and a log file
        # then carries its colour codes: off a terminal, its format is given uncoloured
        plain = logging.Formatter(FORMAT, DATE_FORMAT, style="{")
        discord.utils.setup_logging(handler=handler, formatter=plain, level=level, root=True)
    logging.getLogger("discord.client").addFilter(_not_about_voice)  # the same filter once, however often called

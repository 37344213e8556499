"""The log of ``mahjong-bot run`` and ``mahjong-bot web``: one format for both (discord.py's,
``[time] [LEVEL   ] logger: message``) on stderr, coloured only on a terminal, without the lines an
admin can do nothing about. Set up without importing discord.py, which ``mahjong-bot web`` never loads
(discord.py's own ``setup_logging`` takes any stream in a Docker container for a terminal, and a log file
then carries its colour codes: here only a real terminal is coloured)."""

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


_LEVEL_COLOURS = {
    logging.DEBUG: "\x1b[40;1m",
    logging.INFO: "\x1b[34;1m",
    logging.WARNING: "\x1b[33;1m",
    logging.ERROR: "\x1b[31m",
    logging.CRITICAL: "\x1b[41m",
}


class _Coloured(logging.Formatter):
    """The format in colour, as discord.py colours it on a terminal: the time grey, the level by its
    severity, the logger magenta."""

    def format(self, record: logging.LogRecord) -> str:
        colour = _LEVEL_COLOURS.get(record.levelno, _LEVEL_COLOURS[logging.CRITICAL])
        template = (
            f"\x1b[30;1m[{{asctime}}]\x1b[0m {colour}[{{levelname:<8}}]\x1b[0m \x1b[35m{{name}}\x1b[0m: {{message}}"
        )
        return logging.Formatter(template, DATE_FORMAT, style="{").format(record)


def setup_logging(level: int, stream: TextIO | None = None) -> None:
    """Log ``level`` and above from every logger to ``stream`` (stderr)."""
    handler = logging.StreamHandler(stream)
    plain = logging.Formatter(FORMAT, DATE_FORMAT, style="{")
    handler.setFormatter(_Coloured() if handler.stream.isatty() else plain)
    root = logging.getLogger()
    root.setLevel(level)
    root.addHandler(handler)
    logging.getLogger("discord.client").addFilter(_not_about_voice)  # the same filter once, however often called

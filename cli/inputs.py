"""Reading untrusted command-line input: JSON on stdin and whole numbers in flags.

``read_json_stdin`` turns everything that can go wrong while reading (not JSON, nested 100 000 deep,
a number longer than Python's int-string limit, bytes that are not UTF-8) into ``InvalidNotation``,
which the subcommands print as their JSON error. ``whole_number`` is the argparse type of numeric
flags: ASCII digits only (``int()`` would take ``١``, ``５``, `` 7 `` and ``1_0``) and a bounded
length, so a bad number is argparse's usage error (status 2), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from game.errors import InvalidNotation

MAX_DIGITS = 40
_NUMBER = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")


def read_stdin() -> str:
    """All of stdin as text; ``InvalidNotation`` if it is not UTF-8."""
    try:
        return sys.stdin.read()
    except UnicodeDecodeError:
        raise InvalidNotation("the input is not UTF-8 text") from None


def read_json_stdin() -> Any:
    """The JSON document on stdin; ``InvalidNotation`` (with a short reason) if there is none."""
    return parse_json(read_stdin())


def parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidNotation(f"the input is not JSON: {error}") from None
    except RecursionError:
        raise InvalidNotation("the input is JSON nested too deep to read") from None
    except ValueError:  # an integer beyond Python's int-string conversion limit
        raise InvalidNotation("the input holds a number too long to read") from None


def whole_number(text: str) -> int:
    """argparse type: an integer written with ASCII digits (a leading minus allowed), at most 40 digits."""
    if not _NUMBER.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number (ASCII digits, at most {MAX_DIGITS})")
    return int(text)


def _shown(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:39] + "…"

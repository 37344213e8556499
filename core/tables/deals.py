"""Duplicate deals (SPEC §8): a short code members share, which deals the same walls at every table.

``/mahjong new deal:<code>`` opens a practice table (never rated) whose seed is the code's: a club plays
one deal at several tables and compares the results (``/mahjong leaderboard deal:<code>``). A code is a
word or a number, written as members like (``Spring 24``, ``spring-24``: the same code once ``deal_code``
has put it in its one form); a code of digits alone is the seed itself, the page's ``seed`` (``/table/new
?seed=N``), so a deal played there and one opened here from the same number are the same deal.
"""

from __future__ import annotations

import hashlib
import unicodedata

from data.ledger import DEAL_LENGTH  # characters of a code, at most: the ledger keeps it with the match

SEED_LIMIT = 1 << 48  # a table's seeds (``core.tables.service.new_seed``), the page's ``seed`` too


def deal_code(text: str) -> str | None:
    """The one form of a code: its letters lower-case (NFKC), its runs of spaces, dashes and
    underscores one dash, a number without its leading zeros; None for a text that is no code (empty,
    longer than ``DEAL_LENGTH``, or with a character other than a letter, a digit, a space, a dash or an
    underscore, or a number the seeds do not reach)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    words = "".join(" " if char in "-_" else char for char in folded).split()
    code = "-".join(words)
    if not code or len(code) > DEAL_LENGTH or not all(char.isalnum() or char == "-" for char in code):
        return None
    if code.isascii() and code.isdigit():
        if int(code) >= SEED_LIMIT:
            return None
        return str(int(code))
    return code


def deal_seed(code: str) -> int:
    """The seed a code (``deal_code``'s form) deals: the number itself, else its SHA-256's first six bytes."""
    if code.isascii() and code.isdigit():
        return int(code)
    return int.from_bytes(hashlib.sha256(f"deal:{code}".encode()).digest()[:6], "big")

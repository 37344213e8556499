"""Custom ids of the solitaire's components (SPEC §4.3), all under the versioned prefix ``mjs1``:

- ``mjs1:{d|f}:{game}:{step}:{verb}[:{n}]`` — a control of one game (``d`` daily, ``f`` free): the game's
  id, the step it was drawn for, what it does, and a small number (the chunk of pairs a select holds,
  or the page of pairs a button shows);
- ``mjs1:play`` — the Play button of a daily post: today's deal, for whoever presses it;
- ``mjs1:lb:{d|f}:{YYYYMMDD|all}:{page}`` — a page of a leaderboard;
- ``mjs1:share:{YYYYMMDD}`` — ``/solitaire stats``' button that sends the clicker's share of that day's
  daily alone (read from the ledger for whoever clicks: the id names only the day).

No custom id names a tile; a select's values are ``{a}-{b}``, the ids of a pair. All of it comes from
Discord as untrusted text: ``parse_custom_id`` accepts exactly these shapes (``BadCustomId`` for
anything else), and ``parse_pair`` a value that is two tile ids; whether they are a legal pair is the
game's business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Literal, get_args

from core.refusal import Refusal
from core.solitaire.moves import GameMove, GameVerb
from data.solitaire_ledger import Kind

PREFIX = "mjs1:"  # written here only: the bot routes a click by it (bot.app, bot.solitaire.discord_views)
Verb = Literal["pair", "undo", "pause", "resume", "finish", "hint", "page", "again"]
VERBS: frozenset[str] = frozenset(get_args(Verb))
_MOVES: dict[str, GameVerb] = {verb: verb for verb in get_args(GameVerb)}
_NUMBERED = frozenset({"pair", "page"})
_KIND_LETTERS: dict[Kind, str] = {"daily": "d", "free": "f"}
_LETTER_KINDS: dict[str, Kind] = {letter: kind for kind, letter in _KIND_LETTERS.items()}
_CONTROL = re.compile(re.escape(PREFIX) + r"([df]):([a-z0-9]{8}):(0|[1-9][0-9]{0,6}):([a-z]{1,6})(?::(0|[1-9][0-9]?))?")
_BOARD = re.compile(re.escape(PREFIX) + r"lb:([df]):(all|[0-9]{8}):([1-9][0-9]{0,3})")
_SHARE = re.compile(re.escape(PREFIX) + r"share:([0-9]{8})")
_PAIR = re.compile(r"(0|[1-9][0-9]{0,2})-(0|[1-9][0-9]{0,2})")


class BadCustomId(ValueError):
    """A custom id, or a select value, that is not one of the solitaire's."""


@dataclass(frozen=True, slots=True)
class Control:
    """A component of one game's private message."""

    kind: Kind
    game: str
    step: int
    verb: Verb
    number: int | None = None

    def __post_init__(self) -> None:
        if self.verb not in VERBS or (self.number is not None) != (self.verb in _NUMBERED):
            raise BadCustomId(f"not a solitaire control: {self.verb!r} {self.number!r}")

    def text(self) -> str:
        tail = "" if self.number is None else f":{self.number}"
        return f"{PREFIX}{_KIND_LETTERS[self.kind]}:{self.game}:{self.step}:{self.verb}{tail}"

    def move(self, values: tuple[str, ...] = ()) -> GameMove:
        """The move this control makes in its game, with the values its menu sent (a pair control takes
        exactly one: a pair of tile ids); ``Refusal`` for a control that makes none, or a value that is
        no pair."""
        verb = _MOVES.get(self.verb)
        if verb is None:
            raise Refusal("sol_not_here")
        pair = None
        if verb == "pair":
            if len(values) != 1:
                raise Refusal("sol_bad_value")
            try:
                pair = parse_pair(values[0])
            except BadCustomId:
                raise Refusal("sol_bad_value") from None
        return GameMove(self.game, self.step, verb, pair)


@dataclass(frozen=True, slots=True)
class Play:
    """The daily post's Play button."""

    def text(self) -> str:
        return f"{PREFIX}play"


@dataclass(frozen=True, slots=True)
class BoardPage:
    """A leaderboard page: ``day`` for a daily board, None for the free one."""

    kind: Kind
    day: date | None
    page: int

    def text(self) -> str:
        day = "all" if self.day is None else self.day.strftime("%Y%m%d")
        return f"{PREFIX}lb:{_KIND_LETTERS[self.kind]}:{day}:{self.page}"


@dataclass(frozen=True, slots=True)
class Share:
    """The stats' button that sends a member's share of the daily of ``day`` as a message of its own."""

    day: date

    def text(self) -> str:
        return f"{PREFIX}share:{self.day.strftime('%Y%m%d')}"


ComponentId = Control | Play | BoardPage | Share


def _date(digits: str) -> date:
    """``YYYYMMDD`` as a date; ``BadCustomId`` for no such day."""
    try:
        return date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        raise BadCustomId(f"not a date: {digits}") from None


def parse_custom_id(text: str) -> ComponentId:
    if not isinstance(text, str) or len(text) > 100 or not text.isascii():
        raise BadCustomId("not a solitaire component")
    if text == Play().text():
        return Play()
    board = _BOARD.fullmatch(text)
    if board is not None:
        letter, day, page = board.groups()
        kind = _LETTER_KINDS[letter]
        if (kind == "daily") != (day != "all"):
            raise BadCustomId("a daily board names its day, the free one none")
        return BoardPage(kind, None if day == "all" else _date(day), int(page))
    share = _SHARE.fullmatch(text)
    if share is not None:
        return Share(_date(share[1]))
    control = _CONTROL.fullmatch(text)
    if control is None:
        raise BadCustomId("not a solitaire component")
    letter, game, step, verb, number = control.groups()
    if verb not in VERBS:
        raise BadCustomId(f"unknown solitaire control {verb!r}")
    return Control(_LETTER_KINDS[letter], game, int(step), verb, None if number is None else int(number))  # type: ignore[arg-type]


def pair_value(a: int, b: int) -> str:
    return f"{a}-{b}"


def parse_pair(value: str) -> tuple[int, int]:
    """The two tile ids of a select value; ``BadCustomId`` for anything else."""
    found = _PAIR.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        raise BadCustomId("not a pair of tiles")
    return int(found[1]), int(found[2])

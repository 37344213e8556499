"""The solitaire ledger (SPEC §3, §4.4): finished games with their move logs, leaderboards, pseudonyms and
where a server's daily post goes.

A result is never taken on trust: a ``SolitaireResult`` holds the engine's document of the game (its
seed, start and timed event log) and, when built, replays it on the rebuilt deal; its pairs, undos,
seconds and score are what the replay gives, so a stored score is always a recomputed one. A result is
written once under its id (the live game's), whoever writes it and however often, as for hands.

Leaderboards are per server. Daily: each member's best score of one UTC day; free: each member's best
over every free deal. A member's best is their highest score, the first recorded of equal ones, and
members with the same best are ranked in the order those were recorded (ties go to the score recorded
first). Zero scores are not listed. A member is shown by the pseudonym they set, else by their server
display name as their latest result recorded it. No pseudonym may pass for another member's on the same
boards, nor for the neutral name the boards show for a player without one (``refuse_lookalike``).

Apart from ``data.ledger``'s ``GuildSettings`` on purpose: a server's daily-post channel is the
solitaire's own setting, in a table of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any, Literal, Protocol

from data.ledger import LedgerValueError, require_text
from game.errors import InvalidNotation
from game.solitaire.game import Game
from game.solitaire.replay import Move
from words import LANGS, text
from words.skeleton import confusable

Kind = Literal["daily", "free"]
KINDS: tuple[Kind, ...] = ("daily", "free")
NAME_LENGTH = (2, 32)
_RESULT_ID = re.compile(r"[a-z0-9]{8,40}")
# Letters of any script, digits, spaces and a few marks: nothing that Discord reads as markdown or a mention.
_PSEUDONYM = re.compile(r"[^\W_]+(?:[ '._-][^\W_]+)*")


def check_pseudonym(name: str) -> str:
    """The pseudonym with outer spaces trimmed; ``LedgerValueError`` (field ``name``) unless it is 2 to 32
    letters or digits, words joined by one space, apostrophe, dot, dash or underscore."""
    trimmed = name.strip() if isinstance(name, str) else name
    low, high = NAME_LENGTH
    if not isinstance(trimmed, str) or not low <= len(trimmed) <= high or not _PSEUDONYM.fullmatch(trimmed):
        raise LedgerValueError(f"a pseudonym is {low} to {high} letters or digits, not {name!r}", "name")
    return trimmed


class PseudonymRefused(LedgerValueError):
    """A well-formed pseudonym that would pass for someone else's name: ``reason`` ``taken`` (confusable
    with another member's pseudonym on the same boards) or ``default`` (with the neutral name); ``key`` is
    the ``messages`` catalog's word for it, which every surface shows."""

    def __init__(self, name: str, reason: Literal["taken", "default"]) -> None:
        said = "another member's pseudonym" if reason == "taken" else "the name of a player without one"
        super().__init__(f"the pseudonym {name!r} could be read as {said}", "name")
        self.reason = reason
        self.key = "sol_name_taken" if reason == "taken" else "sol_name_default"


@cache
def default_names() -> tuple[str, ...]:
    """The name the boards show for a player without a pseudonym, in every language (the web's; on Discord
    such a player is shown by their display name, and the bot has no such name of its own)."""
    return tuple(text("web", "player.unnamed", lang) for lang in LANGS)


def refuse_lookalike(name: str, taken: Iterable[str]) -> None:
    """``PseudonymRefused`` if ``name`` is confusable (``words.skeleton``) with the neutral name in any
    language, or with one of ``taken``, the pseudonyms of the other members of the same boards."""
    if any(confusable(name, default) for default in default_names()):
        raise PseudonymRefused(name, "default")
    if any(confusable(name, other) for other in taken):
        raise PseudonymRefused(name, "taken")


@dataclass(frozen=True, slots=True)
class SolitaireResult:
    """A game over, as the ledger keeps it. Build it with ``SolitaireResult.of``: the constructor replays
    ``game`` and refuses (``LedgerValueError``) a result whose figures are not the replay's."""

    result_id: str
    guild_id: int
    member_id: int
    name: str
    kind: Kind
    day: date | None
    game: dict[str, Any]
    seed: int
    moves: tuple[Move, ...]
    seconds: int
    pairs: int
    cleared: bool
    undos: int
    score: int
    finished_at: float

    @classmethod
    def of(
        cls,
        result_id: str,
        guild_id: int,
        member_id: int,
        name: str,
        kind: Kind,
        day: date | None,
        game: Game,
        finished_at: float,
    ) -> SolitaireResult:
        """The result of an ended ``game``, its figures read from the game itself."""
        seconds = game.seconds(game.clock.last_activity)
        return cls(
            result_id,
            guild_id,
            member_id,
            name,
            kind,
            day,
            game.to_document(),
            game.seed,
            game.moves,
            seconds,
            game.pairs,
            game.board.cleared,
            game.undos,
            game.score(game.clock.last_activity),
            finished_at,
        )

    def __post_init__(self) -> None:
        if not isinstance(self.result_id, str) or not _RESULT_ID.fullmatch(self.result_id):
            raise LedgerValueError(
                f"a result id is 8 to 40 lower-case letters or digits, not {self.result_id!r}", "result_id"
            )
        if self.kind not in KINDS or (self.kind == "daily") != (self.day is not None):
            raise LedgerValueError("a daily result has its day, a free one has none", "day")
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= 100:
            raise LedgerValueError(f"a member's name is 1 to 100 characters, not {self.name!r}", "name")
        require_text((self.name,), "name")
        try:
            game = Game.from_document(self.game)
        except InvalidNotation as error:
            raise LedgerValueError(f"result {self.result_id}: the game does not replay ({error})", "game") from None
        if not game.over:
            raise LedgerValueError(f"result {self.result_id}: the game is not over", "game")
        at = game.clock.last_activity
        replayed = (game.seed, game.moves, game.seconds(at), game.pairs, game.board.cleared, game.undos, game.score(at))
        given = (self.seed, tuple(self.moves), self.seconds, self.pairs, self.cleared, self.undos, self.score)
        if replayed != given:
            raise LedgerValueError(
                f"result {self.result_id}: its figures are not what its move log replays to", "score"
            )


@dataclass(frozen=True, slots=True)
class Board:
    """Which leaderboard: ``daily`` of one UTC ``day``, or ``free`` (``day`` None)."""

    kind: Kind
    day: date | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS or (self.kind == "daily") != (self.day is not None):
            raise LedgerValueError("a daily leaderboard names its day, the free one none", "day")


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a leaderboard: the rank (1 first), who, and their best game."""

    rank: int
    member_id: int
    name: str
    score: int
    seconds: int
    cleared: bool


@dataclass(frozen=True, slots=True)
class SolitaireStats:
    """A member's games on one server: how many, cleared, the best daily and free scores, the average time
    of the cleared games, the days in a row with a daily game (up to today or yesterday)."""

    games: int
    clears: int
    best_daily: int | None
    best_free: int | None
    average_clear_seconds: float | None
    streak: int


@dataclass(frozen=True, slots=True)
class DailyGame:
    """A member's best game of one daily deal (the one its board ranks: highest score, the first recorded of
    equal ones): its day and figures, nothing of the deal."""

    day: date
    score: int
    seconds: int
    pairs: int
    cleared: bool


class SolitaireLedger(Protocol):
    async def record(self, result: SolitaireResult) -> bool:
        """Keep ``result``: True if new; False if this very result is already kept (nothing changes);
        ``LedgerConflict`` if its id is kept with other contents."""
        ...

    async def result(self, result_id: str) -> SolitaireResult | None: ...

    async def leaderboard(self, guild_id: int, board: Board, limit: int = 10, offset: int = 0) -> list[Standing]:
        """One page of the board, best first."""
        ...

    async def count_ranked(self, guild_id: int, board: Board) -> int:
        """How many members the board lists."""
        ...

    async def rank_of(self, guild_id: int, member_id: int, board: Board) -> Standing | None:
        """The member's own line, or None when they are not listed."""
        ...

    async def place_of(self, guild_id: int, member_id: int, board: Board, score: int) -> int | None:
        """The rank ``score`` takes on the board beside the other members' best (ties go to those recorded
        first, so ahead of it): where a game of that score placed. None for a zero score (not listed)."""
        ...

    async def member_stats(self, guild_id: int, member_id: int, today: date) -> SolitaireStats: ...

    async def latest_daily(self, guild_id: int, member_id: int, until: date) -> DailyGame | None:
        """The member's best game of the latest daily deal they finished a game of, up to ``until``
        (that day included); None when they have none."""
        ...

    async def daily_players(self, guild_id: int, day: date) -> int:
        """How many members of the server finished a game of ``day``'s daily deal, whatever they scored."""
        ...

    async def clear_streak(self, guild_id: int, today: date) -> int:
        """The server's streak: the days in a row on which at least one of its members cleared the daily,
        counted back from ``today`` when someone has cleared today's already, else from yesterday (today is
        not over: not clearing it yet breaks nothing). A day played but not cleared, or not played, breaks it."""
        ...

    async def set_pseudonym(self, guild_id: int, member_id: int, name: str | None, *, copied: bool = False) -> None:
        """Show the member by ``name`` on this server's boards (checked by ``check_pseudonym``, then
        ``refuse_lookalike`` against the server's other pseudonyms, in one transaction: of two members
        taking lookalikes at once, one is refused or, on PostgreSQL, told to try again by
        ``StoreUnavailable``); None: by their display name again. ``copied``: a name another ledger kept
        (``data.ledger_copy``), set without ``refuse_lookalike``, which may be newer than it."""
        ...

    async def pseudonym(self, guild_id: int, member_id: int) -> str | None: ...

    async def set_post_channel(self, guild_id: int, channel_id: int | None) -> None:
        """Where the server's daily post goes; None: no daily post."""
        ...

    async def post_channel(self, guild_id: int) -> int | None: ...

    async def post_channels(self) -> list[tuple[int, int]]:
        """Every server with a daily-post channel, as ``(guild_id, channel_id)``, by server id."""
        ...

    async def close(self) -> None: ...

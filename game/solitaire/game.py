"""A solitaire game: selection, pairs, undo, pause, two-press finish, automatic end, the clock, the score.

A ``Game`` is an immutable value; every action returns a new one, or raises ``IllegalAction`` and
changes nothing. The caller passes the time of each action (``at``, seconds); the engine never reads
a clock. Every accepted action is logged, and the serialised game is only the deal's seed, the start
and the log: ``Game.from_document`` rebuilds the deal and replays the log, so a stored game can only
hold what the rules allowed.

Selecting: press a free tile to select it; press it again to deselect; press a matching free tile to
remove the pair; press a free tile that does not match to move the selection to it. A blocked or
missing tile is refused (the bot shakes it). Undo puts the last pair back (−20). Finish needs two
presses in a row (any other action in between cancels the first). The game ends by itself when the
board is cleared or when no pair is left.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from game.errors import GameError, IllegalAction, InvalidNotation
from game.solitaire.board import Board, tiles_match
from game.solitaire.clock import DEFAULT_IDLE_PAUSE, Clock
from game.solitaire.deal import SEED_LIMIT, Deal, deal_for_seed
from game.solitaire.replay import UNDO, Move
from game.solitaire.score import solitaire_score
from game.strict import MALFORMED, canonical, fields, integer, listed, short

DOCUMENT_VERSION = 1


class Action(enum.Enum):
    SELECT = "select"
    UNDO = "undo"
    PAUSE = "pause"
    RESUME = "resume"
    FINISH = "finish"


class Ending(enum.Enum):
    CLEARED = "cleared"
    STUCK = "stuck"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Event:
    """One accepted action of the log: what, when, and the tile for a selection."""

    action: Action
    at: float
    tile: int | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """The state of one solitaire game; build it with ``Game.start`` or ``Game.from_document``."""

    seed: int
    board: Board
    clock: Clock
    started_at: float
    events: tuple[Event, ...] = ()
    moves: tuple[Move, ...] = ()
    removed: tuple[tuple[int, int], ...] = ()
    undos: int = 0
    selected: int | None = None
    finish_pressed: bool = False
    ending: Ending | None = None

    @classmethod
    def start(cls, deal: Deal, at: float, idle_pause: float = DEFAULT_IDLE_PAUSE) -> Game:
        """A new game of ``deal`` shown at time ``at``; the clock starts now."""
        return cls(deal.seed, deal.board(), Clock.start(at, idle_pause), at)

    def shown(self, at: float) -> Game:
        """The game as if started at ``at``, when its board reached the player: a game is created before
        its board is drawn and sent, which may take seconds that are not the player's. Only before the
        first action (after it, the player has seen the board and the clock counts from its start)."""
        _seconds(at)
        if self.events or self.over or at <= self.started_at:
            return self
        return replace(self, clock=Clock.start(at, self.clock.idle_pause), started_at=at)

    # --- reading ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.ending is not None

    @property
    def pairs(self) -> int:
        """Pairs off the board (undone pairs are back on it)."""
        return len(self.removed)

    def is_paused(self, at: float) -> bool:
        _seconds(at)
        return not self.over and not self.clock.is_running(at)

    def seconds(self, at: float) -> int:
        """Whole seconds of play counted at ``at`` (frozen once the game is over)."""
        _seconds(at)
        return int(self.clock.elapsed(at))

    def score(self, at: float) -> int:
        return solitaire_score(self.pairs, self.board.cleared, self.undos, self.seconds(at))

    # --- actions ------------------------------------------------------------------------------

    def _active(self, at: float) -> Clock:
        _seconds(at)
        if self.over:
            raise IllegalAction("the game is over")
        return self.clock.touch(at)

    def select(self, tile: int, at: float) -> Game:
        """Press tile ``tile``: select, deselect, move the selection, or remove a matching pair."""
        if type(tile) is not int:
            raise InvalidNotation(f"a tile id is a whole number, not {short(tile)}")
        clock = self._active(at)
        if not self.board.is_present(tile):
            raise IllegalAction(f"there is no tile {tile} on the board")
        if not self.board.is_free(tile):
            raise IllegalAction(f"tile {tile} is not free")
        logged = self._log(Event(Action.SELECT, at, tile), clock)
        if self.selected is None or (self.selected != tile and not self._match(self.selected, tile)):
            return replace(logged, selected=tile)
        if self.selected == tile:
            return replace(logged, selected=None)
        pair = (self.selected, tile)
        board = self.board.remove(*pair)
        game = replace(logged, board=board, selected=None, moves=(*self.moves, pair), removed=(*self.removed, pair))
        if board.cleared:
            return game._end(Ending.CLEARED, at)
        if board.stuck:
            return game._end(Ending.STUCK, at)
        return game

    def undo(self, at: float) -> Game:
        """Put the last pair back (costs ``UNDO_COST``)."""
        clock = self._active(at)
        if not self.removed:
            raise IllegalAction("there is no pair to undo")
        *kept, last = self.removed
        return replace(
            self._log(Event(Action.UNDO, at), clock),
            board=self.board.restore(*last),
            removed=tuple(kept),
            moves=(*self.moves, UNDO),
            undos=self.undos + 1,
            selected=None,
        )

    def pause(self, at: float) -> Game:
        """The player pauses (the bot hides the board)."""
        _seconds(at)
        if self.over:
            raise IllegalAction("the game is over")
        return self._log(Event(Action.PAUSE, at), self.clock.pause(at))

    def resume(self, at: float) -> Game:
        """Resume after a pause by the player or an automatic one."""
        _seconds(at)
        if self.over:
            raise IllegalAction("the game is over")
        return self._log(Event(Action.RESUME, at), self.clock.resume(at))

    def finish(self, at: float) -> Game:
        """First press arms, second press in a row ends the game (allowed while paused)."""
        _seconds(at)
        if self.over:
            raise IllegalAction("the game is over")
        if not self.is_paused(at):
            clock = self.clock.touch(at)
        elif at < self.clock.last_activity:
            raise IllegalAction(f"time went backwards: {at} is before the last action")
        else:
            clock = self.clock
        if not self.finish_pressed:
            return replace(self._log(Event(Action.FINISH, at), clock), finish_pressed=True)
        return replace(self, events=(*self.events, Event(Action.FINISH, at)))._end(Ending.FINISHED, at)

    def _match(self, a: int, b: int) -> bool:
        return tiles_match(self.board.face(a), self.board.face(b))

    def _log(self, event: Event, clock: Clock) -> Game:
        return replace(self, events=(*self.events, event), clock=clock, finish_pressed=False)

    def _end(self, ending: Ending, at: float) -> Game:
        return replace(self, ending=ending, clock=self.clock.stop(at), selected=None, finish_pressed=False)

    # --- documents ----------------------------------------------------------------------------

    def to_document(self) -> dict[str, Any]:
        """A JSON-ready document: the seed, the start, the idle pause and the event log."""
        return {
            "version": DOCUMENT_VERSION,
            "seed": self.seed,
            "started_at": self.started_at,
            "idle_pause": self.clock.idle_pause,
            "events": [
                [event.action.value, event.at] + ([] if event.tile is None else [event.tile]) for event in self.events
            ],
        }

    @classmethod
    def from_document(cls, document: Any) -> Game:
        """Rebuild the deal and replay the log; the document is accepted only if the replayed game writes
        it back exactly. Raises ``InvalidNotation`` (never another error) for anything else."""
        try:
            return cls._from_document(document)
        except InvalidNotation:
            raise
        except MALFORMED as error:
            raise InvalidNotation(f"not a solitaire game document ({type(error).__name__})") from None

    @classmethod
    def _from_document(cls, document: Any) -> Game:
        if not isinstance(document, dict) or type(document.get("version")) is not int:
            raise InvalidNotation(f"not a solitaire game document of version {DOCUMENT_VERSION}")
        if document["version"] != DOCUMENT_VERSION:
            raise InvalidNotation(f"unknown solitaire game document version {short(document['version'])}")
        document = fields(document, "a solitaire game document", _DOCUMENT_KEYS)
        seed = integer(document["seed"], "the deal's seed", 0, SEED_LIMIT - 1)
        idle_pause = _seconds(document["idle_pause"], "the idle pause")
        if idle_pause <= 0:
            raise InvalidNotation(f"the idle pause is a positive number of seconds, not {short(idle_pause)}")
        game = cls.start(deal_for_seed(seed), _seconds(document["started_at"], "the start"), idle_pause)
        for index, item in enumerate(listed(document["events"], '"events"')):
            try:
                game = game._apply(item)
            except GameError as error:
                raise InvalidNotation(f"event {index} ({short(item)}) is refused: {error}") from None
        if canonical(game.to_document()) != canonical(document):
            raise InvalidNotation("the document is not the game its events replay")
        return game

    def _apply(self, item: Any) -> Game:
        item = listed(item, "an event")
        action = _ACTIONS.get(item[0]) if item and isinstance(item[0], str) else None
        if action is None or len(item) < 2:
            raise InvalidNotation('an event is [action, at] or ["select", at, tile]')
        at = _seconds(item[1], "an event's time")
        if action is Action.SELECT:
            if len(item) != 3:
                raise InvalidNotation('a select event is ["select", at, tile]')
            return self.select(integer(item[2], "a tile id"), at)
        if len(item) != 2:
            raise InvalidNotation(f'a {action.value} event is ["{action.value}", at]')
        if action is Action.UNDO:
            return self.undo(at)
        if action is Action.PAUSE:
            return self.pause(at)
        if action is Action.RESUME:
            return self.resume(at)
        return self.finish(at)


_DOCUMENT_KEYS = ("version", "seed", "started_at", "idle_pause", "events")
_ACTIONS = {action.value: action for action in Action}
# Times are seconds on the caller's clock (UNIX time, say): anything beyond this is not a time.
_LATEST = 1e12


def _seconds(value: object, what: str = "a time") -> float:
    """A time or a duration in seconds, as given (an int stays an int, so the document writes back the
    same); a bool, a string, NaN, an infinity or a number beyond ``_LATEST`` is refused."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not -_LATEST <= value <= _LATEST:
        raise InvalidNotation(f"{what} is a number of seconds, not {short(value)}")
    return value

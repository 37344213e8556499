"""Committed changes as events, and where they go: everything that follows a change is a subscriber.

A service publishes one event after each compare-and-set that changed a table or a solitaire game
(``TableChanged``, ``SolitaireChanged``): which one, its new version, what happened, whom it now waits
for, the hand or match that ended. What follows is not the service's business, nor the surface's that
made the change: the ledger writer, the table message, the result post, the mentions, the private hands
and (later) the web pages each subscribe.

Two kinds of subscriber:

- **where the change was made** (``everywhere=False``): what must happen once per change, whatever the
  number of processes: the ledger, the public table message, the result post, the mentions. The
  process that made the change does it. A process that dies before it leaves the table due on the
  clock (pending entries, an unposted result), and the clock's next look publishes it again.
- **everywhere** (``everywhere=True``): what only some process can do, the one holding a resource: a
  member's private hand, editable only through the interaction token of the process that answered
  it (and a web page's socket). Through a ``Broadcast`` (Redis pub/sub when the bot runs in several
  processes) every other process hears the event, without its state; a subscriber there reads the
  stored state when it needs it, so it always shows the newest version, and after a gap in what it
  heard (``on_gap``) it reads again whatever it shows.

Subscribers run in tasks of their own: ``publish`` returns once they are scheduled, so a click's own
answer is never held behind a table edit. A subscriber's failure is logged and stops nothing else.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast, get_args

from bot.solitaire.state import SolitaireState
from bot.tables.finished import FinishedHand, entry_document, entry_from_document
from bot.tables.state import TableState
from bot.tables.transitions import Happened
from data.broadcast import Broadcast
from data.ledger import MatchEntry
from data.live import StoreUnavailable
from data.solitaire_ledger import KINDS, Kind

log = logging.getLogger(__name__)

_HAPPENED: frozenset[str] = frozenset(get_args(Happened))
PUBLISH_PATIENCE = 5.0  # seconds ``drain`` waits for the subscribers still running at a stop


@dataclass(frozen=True, slots=True)
class TableChanged:
    """A table's committed change. ``happened`` (``bot.tables.transitions.Happened``) says what it did,
    ``awaited`` the seats it newly waits for, ``waiting`` every seat it waits for (None: no hand in
    play to ask), ``answered_by`` the member whose own click shows them this change (their hand needs
    no other refresh), ``pending`` that the state holds work another process left undone (entries for
    the ledger, a result to post). ``state`` is the committed state, in the process that made the
    change only: it does not cross processes."""

    table_id: str
    guild_id: int
    version: int
    step: int
    happened: Happened
    is_open: bool
    awaited: tuple[int, ...] = ()
    waiting: tuple[int, ...] | None = None
    claim_window: bool = False
    finished_hand: FinishedHand | None = None
    match_entry: MatchEntry | None = None
    answered_by: int | None = None
    pending: bool = False
    state: TableState | None = field(default=None, compare=False, repr=False)

    def to_document(self) -> dict[str, Any]:
        return {
            "kind": "table",
            "table": self.table_id,
            "guild": self.guild_id,
            "version": self.version,
            "step": self.step,
            "happened": self.happened,
            "open": self.is_open,
            "awaited": list(self.awaited),
            "waiting": None if self.waiting is None else list(self.waiting),
            "claim_window": self.claim_window,
            "finished_hand": None if self.finished_hand is None else self.finished_hand.to_document(),
            "match_entry": None if self.match_entry is None else entry_document(self.match_entry),
            "answered_by": self.answered_by,
            "pending": self.pending,
        }

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> TableChanged:
        happened = document["happened"]
        if happened not in _HAPPENED:
            raise ValueError(f"not a change: {happened!r}")
        entry = None if document["match_entry"] is None else entry_from_document(document["match_entry"])
        if entry is not None and not isinstance(entry, MatchEntry):
            raise ValueError("a match entry is a match's")
        waiting = document["waiting"]
        return cls(
            table_id=str(document["table"]),
            guild_id=int(document["guild"]),
            version=int(document["version"]),
            step=int(document["step"]),
            happened=happened,
            is_open=bool(document["open"]),
            awaited=tuple(int(seat) for seat in document["awaited"]),
            waiting=None if waiting is None else tuple(int(seat) for seat in waiting),
            claim_window=bool(document["claim_window"]),
            finished_hand=None
            if document["finished_hand"] is None
            else FinishedHand.from_document(document["finished_hand"]),
            match_entry=entry,
            answered_by=None if document["answered_by"] is None else int(document["answered_by"]),
            pending=bool(document["pending"]),
        )


@dataclass(frozen=True, slots=True)
class SolitaireChanged:
    """A member's solitaire game, changed: its slot (server, member, kind), the game and its new version
    and step, whether it is over. ``state`` as in ``TableChanged``: in the process that made it only."""

    guild_id: int
    member_id: int
    kind: Kind
    game_id: str
    version: int
    step: int
    over: bool
    state: SolitaireState | None = field(default=None, compare=False, repr=False)

    def to_document(self) -> dict[str, Any]:
        return {
            "kind": "solitaire",
            "guild": self.guild_id,
            "member": self.member_id,
            "slot": self.kind,
            "game": self.game_id,
            "version": self.version,
            "step": self.step,
            "over": self.over,
        }

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> SolitaireChanged:
        kind = document["slot"]
        if kind not in KINDS:
            raise ValueError(f"not a solitaire kind: {kind!r}")
        return cls(
            guild_id=int(document["guild"]),
            member_id=int(document["member"]),
            kind=kind,
            game_id=str(document["game"]),
            version=int(document["version"]),
            step=int(document["step"]),
            over=bool(document["over"]),
        )


Event = TableChanged | SolitaireChanged
E = TypeVar("E", TableChanged, SolitaireChanged)
Subscriber = Callable[[E], Awaitable[None]]


def event_from_document(document: dict[str, Any]) -> Event:
    if document.get("kind") == "table":
        return TableChanged.from_document(document)
    if document.get("kind") == "solitaire":
        return SolitaireChanged.from_document(document)
    raise ValueError(f"not an event: {document.get('kind')!r}")


class Events:
    """The subscribers of this process, and the broadcast that joins it to the others."""

    def __init__(self, broadcast: Broadcast) -> None:
        self._broadcast = broadcast
        self._here: dict[type[Event], list[Callable[[Any], Awaitable[None]]]] = {}
        self._everywhere: dict[type[Event], list[Callable[[Any], Awaitable[None]]]] = {}
        self._gap: list[Callable[[], Awaitable[None]]] = []
        self._running: set[asyncio.Task[None]] = set()

    def subscribe(self, kind: type[E], subscriber: Subscriber[E], *, everywhere: bool = False) -> None:
        chosen = self._everywhere if everywhere else self._here
        chosen.setdefault(kind, []).append(cast(Callable[[Any], Awaitable[None]], subscriber))

    def on_gap(self, catch_up: Callable[[], Awaitable[None]]) -> None:
        """``catch_up`` runs when this process may have missed other processes' events."""
        self._gap.append(catch_up)

    async def publish(self, event: Event) -> asyncio.Future[list[None]]:
        """Start this process's subscribers on ``event``, send it to the other processes, and return what
        finishes when this process's subscribers are done (the clock waits for it before it moves the
        same table again; a click does not)."""
        kind = type(event)
        started = [
            self._start(subscriber, event)
            for subscriber in (*self._here.get(kind, ()), *self._everywhere.get(kind, ()))
        ]
        try:
            await self._broadcast.publish(event.to_document())
        except StoreUnavailable as error:
            # the other processes catch up at the next event they hear, or when they hear again
            log.warning("a change could not be told to the other processes: %s", error)
        return asyncio.gather(*started)

    async def run(self) -> None:
        """Hear the other processes' events, for this process's subscribers ``everywhere``."""
        async for document in self._broadcast.listen():
            if document is None:
                for catch_up in self._gap:
                    self._start_gap(catch_up)
                continue
            try:
                event = event_from_document(document)
            except (KeyError, TypeError, ValueError) as error:
                log.warning("an event from another process could not be read (%s): ignored", error)
                continue
            for subscriber in self._everywhere.get(type(event), ()):
                self._start(subscriber, event)

    async def drain(self, patience: float = PUBLISH_PATIENCE) -> None:
        """Wait (up to ``patience`` seconds) for the subscribers still running."""
        if self._running:
            await asyncio.wait(set(self._running), timeout=patience)

    def _start(self, subscriber: Callable[[Any], Awaitable[None]], event: Event) -> asyncio.Task[None]:
        task = asyncio.create_task(_logged(subscriber, event), name=f"event-{type(event).__name__}")
        self._track(task)
        return task

    def _start_gap(self, catch_up: Callable[[], Awaitable[None]]) -> None:
        self._track(asyncio.create_task(_logged_gap(catch_up), name="events-catch-up"))

    def _track(self, task: asyncio.Task[None]) -> None:
        self._running.add(task)
        task.add_done_callback(self._running.discard)


async def _logged(subscriber: Callable[[Any], Awaitable[None]], event: Event) -> None:
    try:
        await subscriber(event)
    except StoreUnavailable as error:
        log.warning("%s could not follow a change (%s): it catches up at the next one", _name(subscriber), error)
    except Exception:
        log.exception("%s failed on %r", _name(subscriber), event)


async def _logged_gap(catch_up: Callable[[], Awaitable[None]]) -> None:
    try:
        await catch_up()
    except Exception:
        log.exception("%s failed to catch up", _name(catch_up))


def _name(subscriber: object) -> str:
    return getattr(subscriber, "__qualname__", repr(subscriber))

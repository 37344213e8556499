"""Committed changes as events, and where they go: everything that follows a change is a subscriber.

A service publishes one event after each compare-and-set that changed a table or a solitaire game
(``core.tables.events.TableChanged``, ``core.solitaire.events.SolitaireChanged``: each feature defines
its own, and the bus knows none of them): which one, its new version, what happened, whom it now waits
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
from typing import Any, ClassVar, Protocol, TypeVar, cast

from data.broadcast import Broadcast
from data.live import StoreUnavailable

log = logging.getLogger(__name__)

PUBLISH_PATIENCE = 5.0  # seconds ``drain`` waits for the subscribers still running at a stop


class Event(Protocol):
    """A committed change, as each feature defines its own (``core.tables.events``,
    ``core.solitaire.events``): its ``KIND`` names it on the wire between processes."""

    KIND: ClassVar[str]

    def to_document(self) -> dict[str, Any]: ...


E = TypeVar("E", bound=Event)
Subscriber = Callable[[E], Awaitable[None]]


E_co = TypeVar("E_co", bound=Event, covariant=True)


class EventKind(Protocol[E_co]):
    """An event's class: what the bus needs to read one back from another process."""

    KIND: ClassVar[str]

    def from_document(self, document: dict[str, Any]) -> E_co: ...


class Events:
    """The subscribers of this process, and the broadcast that joins it to the others."""

    def __init__(self, broadcast: Broadcast) -> None:
        self._broadcast = broadcast
        self._here: dict[type[Any], list[Callable[[Any], Awaitable[None]]]] = {}
        self._everywhere: dict[type[Any], list[Callable[[Any], Awaitable[None]]]] = {}
        self._kinds: dict[str, Callable[[dict[str, Any]], Any]] = {}
        self._gap: list[Callable[[], Awaitable[None]]] = []
        self._running: set[asyncio.Task[None]] = set()

    def subscribe(self, kind: type[E], subscriber: Subscriber[E], *, everywhere: bool = False) -> Callable[[], None]:
        """``subscriber`` runs on every ``kind`` of event published here, and, ``everywhere``, on those
        other processes publish too (the bus learns to read ``kind`` back from their documents). What it
        returns takes the subscriber off again (a surface that closes takes its followers with it)."""
        chosen = self._everywhere if everywhere else self._here
        followers = chosen.setdefault(kind, [])
        follower = cast(Callable[[Any], Awaitable[None]], subscriber)
        followers.append(follower)
        if everywhere:
            self._kinds[kind.KIND] = cast(EventKind[E], kind).from_document
        return lambda: followers.remove(follower) if follower in followers else None

    def on_gap(self, catch_up: Callable[[], Awaitable[None]]) -> Callable[[], None]:
        """``catch_up`` runs when this process may have missed other processes' events; what it returns
        takes it off again."""
        self._gap.append(catch_up)
        return lambda: self._gap.remove(catch_up) if catch_up in self._gap else None

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
            read = self._kinds.get(document.get("kind"))  # type: ignore[arg-type]
            if read is None:  # an event no subscriber here follows from afar
                continue
            try:
                event = read(document)
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

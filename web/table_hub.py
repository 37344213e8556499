"""The table page's sockets and what keeps each showing its table (SPEC §7): the hub.

One subscription per application, to every table's change wherever it was made
(``events.subscribe(TableChanged, …, everywhere=True)``): on a change of a table some socket here
shows, each of its viewers is sent their whole view (``core.tables.frame.frame``) of the newest state
(the event's own in the process that made the change, else one read shared by every subscriber that
heard it, ``TableService.read_heard``). Each distinct view is built once per change: a seat's for its
member's sockets, one for every spectator. A socket is never sent a frame older than one it was sent
(changes are followed in tasks of their own, which may finish out of order); a frame is a whole view,
so one skipped is harmless. A table removed (``removed``) closes its sockets; the hub's ``close``
closes them all.

Each socket sends through its own ``Outbox``: the newest frame waiting replaces an older one not yet
sent, and a socket whose page does not read within ``SEND_PATIENCE`` is closed, so a slow phone
holds up nobody else's frames.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec
from aiohttp import WSCloseCode, web

from core.events import Events
from core.tables.events import TableChanged
from core.tables.frame import frame_of, shared_frame
from core.tables.moves import Actor
from core.tables.rounds import lent_round, shown_round
from core.tables.service import TableService
from core.tables.state import TableState
from core.tournaments.fair_play import Place, behind, one_hand_behind, place_of_table
from game.round import Round
from words import Lang
from words.levels import computer_name
from words.patterns import pattern_name

log = logging.getLogger(__name__)

SEND_PATIENCE = 10.0
"""Seconds a page has to take one message before its socket is closed."""
CLOSE_PATIENCE = 2.0
"""Seconds the hub's close waits for the sockets' closing handshakes, all at once."""
OUTBOX_LIMIT = 16
"""Refusals waiting to be sent on one socket past which it is closed (a page that sends and never reads)."""
SPECTATOR = None
"""The view every viewer without a seat shares (``frame``'s viewer None)."""

_ENCODER = msgspec.json.Encoder()


def _json_text(value: Any) -> str:
    """``value`` as compact JSON text, UTF-8 as it is: msgspec's encoder, a seventh of ``json.dumps``'s
    time on a frame (the page's every change writes several)."""
    return _ENCODER.encode(value).decode()


@dataclass(eq=False)
class Viewer:
    """One socket showing one table: who it plays (``actor``; None: a spectator nobody can name), the
    language of its words, the address it counts against until its Activity session is said, and the
    newest frame version it was offered, with the view it was built for."""

    socket: web.WebSocketResponse
    table_id: str
    actor: Actor | None
    lang: Lang
    address: str | None
    shown: tuple[int, int | None] | None = None  # (version, view) of the newest frame offered
    behind: str | None = None  # the last frame one hand behind offered, less its version and step
    outbox: Outbox = field(init=False)

    def __post_init__(self) -> None:
        self.outbox = Outbox(self.socket)

    @property
    def member(self) -> int | None:
        return None if self.actor is None else self.actor.member_id

    def view_in(self, state: TableState) -> int | None:
        """Whose view this viewer gets of ``state``: its member's while seated, else a spectator's."""
        member = self.member
        return member if member is not None and state.seat_of(member) is not None else SPECTATOR

    def offer(self, version: int, view: int | None, text: str) -> bool:
        """Send the frame ``text`` (``view``'s, at ``version``) unless a newer one was offered, or this one
        was built for a view the viewer no longer has (its identity changed meanwhile); whether it was."""
        if self.shown is not None and (version < self.shown[0] or (version, view) == self.shown):
            return False
        self.shown = (version, view)
        self.outbox.frame(text)
        return True

    def offer_behind(self, version: int, text: str, unchanged: str) -> None:
        """Send the frame one hand behind ``text`` unless what it shows (``unchanged``: the frame less its
        version and step) is what was sent last: the moves of a hand under way send nothing, so not even
        their pace reaches a watcher one hand behind."""
        if unchanged != self.behind and self.offer(version, SPECTATOR, text):
            self.behind = unchanged

    def became(self, actor: Actor) -> None:
        """The socket plays ``actor`` from now on (the Activity's hello): any view may come next."""
        self.actor = actor
        self.shown = None
        self.behind = None
        self.address = None


class Outbox:
    """What one socket has yet to send: its words (refusals) in order, and the newest frame only."""

    def __init__(self, socket: web.WebSocketResponse) -> None:
        self._socket = socket
        self._said: deque[str] = deque()
        self._frame: str | None = None
        self._sending: asyncio.Task[None] | None = None

    def frame(self, text: str) -> None:
        self._frame = text
        self._start()

    def say(self, message: dict[str, Any]) -> None:
        if len(self._said) >= OUTBOX_LIMIT:
            self._start_close(WSCloseCode.POLICY_VIOLATION)
            return
        self._said.append(_json_text(message))
        self._start()

    async def flushed(self) -> None:
        """Wait until everything offered so far is sent (or the socket closed)."""
        while self._sending is not None and not self._sending.done():
            await asyncio.shield(self._sending)

    def _start(self) -> None:
        if self._sending is None or self._sending.done():
            self._sending = asyncio.create_task(self._send(), name="table-socket-send")

    async def _send(self) -> None:
        while not self._socket.closed:
            if self._said:
                text = self._said.popleft()
            elif self._frame is not None:
                text, self._frame = self._frame, None
            else:
                return
            try:
                async with asyncio.timeout(SEND_PATIENCE):
                    await self._socket.send_str(text)
            except TimeoutError:
                log.info("a table page did not read its frames for %.0f s: its socket is closed", SEND_PATIENCE)
                await _close(self._socket, WSCloseCode.POLICY_VIOLATION)
                return
            except (ConnectionError, RuntimeError):  # closed meanwhile (RuntimeError: aiohttp's "closing")
                return

    def _start_close(self, code: int) -> None:
        if self._sending is not None and not self._sending.done():
            self._sending.cancel()
        self._sending = asyncio.create_task(_close(self._socket, code), name="table-socket-close")


async def _close(socket: web.WebSocketResponse, code: int, message: bytes = b"") -> None:
    with contextlib.suppress(ConnectionError, RuntimeError, TimeoutError):
        async with asyncio.timeout(CLOSE_PATIENCE):
            await socket.close(code=code, message=message)


class TableHub:
    """The sockets of this process by table, following every table's changes while ``start``ed."""

    def __init__(self, tables: TableService, events: Events, clock: Callable[[], float]) -> None:
        self.tables = tables
        self.events = events
        self.clock = clock
        self._watching: dict[str, set[Viewer]] = {}
        self._newest: dict[str, int] = {}  # the newest version shown to each watched table's sockets
        # the open sockets by address and by player, kept as they open, close and change hands: the
        # limits ask at every handshake, and counting over every socket would grow with the site
        self._per_address: Counter[str] = Counter()
        self._per_player: Counter[tuple[int, int | None]] = Counter()
        self._unsubscribe: Callable[[], None] | None = None
        self._closing = False

    # --- the application's life ------------------------------------------------------------------

    def start(self) -> None:
        if self._unsubscribe is None:
            self._closing = False
            self._unsubscribe = self.events.subscribe(TableChanged, self.changed, everywhere=True)

    async def close(self) -> None:
        """Stop following the tables and close every socket (their handshakes waited for together, for
        ``CLOSE_PATIENCE`` at most): what the application's shutdown calls before it waits for its
        requests to end."""
        self._closing = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        viewers = [viewer for watching in self._watching.values() for viewer in watching]
        self._watching.clear()
        self._newest.clear()
        self._per_address.clear()
        self._per_player.clear()
        await asyncio.gather(*(_close(viewer.socket, WSCloseCode.GOING_AWAY) for viewer in viewers))

    # --- sockets -------------------------------------------------------------------------------

    def watch(self, viewer: Viewer) -> bool:
        """Show ``viewer`` its table's changes from now on; False once the hub is closing."""
        if self._closing:
            return False
        watching = self._watching.setdefault(viewer.table_id, set())
        if viewer not in watching:
            watching.add(viewer)
            self._count(viewer, 1)
        return True

    def unwatch(self, viewer: Viewer) -> None:
        watching = self._watching.get(viewer.table_id)
        if watching is None or viewer not in watching:
            return
        watching.discard(viewer)
        self._count(viewer, -1)
        if not watching:
            del self._watching[viewer.table_id]
            self._newest.pop(viewer.table_id, None)

    def became(self, viewer: Viewer, actor: Actor) -> None:
        """``viewer`` plays ``actor`` from now on (``Viewer.became``), counted as theirs."""
        watched = viewer in self._watching.get(viewer.table_id, ())
        if watched:
            self._count(viewer, -1)
        viewer.became(actor)
        if watched:
            self._count(viewer, 1)

    def open_at(self, address: str) -> int:
        """How many sockets here count against ``address``."""
        return self._per_address[address]

    def open_for(self, actor: Actor) -> int:
        """How many sockets here play ``actor`` (a player, or a member in a server)."""
        return self._per_player[(actor.member_id, actor.guild_id)]

    def _count(self, viewer: Viewer, step: int) -> None:
        if viewer.address is not None:
            self._per_address[viewer.address] += step
            if self._per_address[viewer.address] <= 0:
                del self._per_address[viewer.address]
        if viewer.actor is not None:
            player = (viewer.actor.member_id, viewer.actor.guild_id)
            self._per_player[player] += step
            if self._per_player[player] <= 0:
                del self._per_player[player]

    def viewers(self) -> Iterable[Viewer]:
        """Every socket open here."""
        return (viewer for watching in self._watching.values() for viewer in watching)

    def watched(self, table_id: str) -> int:
        return len(self._watching.get(table_id, ()))

    # --- frames -------------------------------------------------------------------------------

    async def changed(self, event: TableChanged) -> None:
        """A table changed (here or in another process): its sockets here are shown the newest state."""
        if event.table_id not in self._watching or event.version < self._newest.get(event.table_id, -1):
            return
        if event.happened == "removed":
            await self._close_table(event.table_id)
            return
        if event.state is not None:
            state, version = event.state, event.version
        else:
            found = await self.tables.read_heard(event)
            if found is None:
                await self._close_table(event.table_id)
                return
            state, version = found.state, found.version
        self.show(state, version)

    def show(self, state: TableState, version: int, viewers: Iterable[Viewer] | None = None) -> None:
        """Offer ``viewers`` (every socket of the table by default) their view of ``state`` at
        ``version``, each distinct view built once (and written once per language where a hand's result
        names its patterns)."""
        if viewers is None:
            if version < self._newest.get(state.id, -1):
                return
            self._newest[state.id] = version
            viewers = list(self._watching.get(state.id, ()))
        with lent_round(state) as played:
            self._show(state, version, viewers, played)

    def _show(self, state: TableState, version: int, viewers: Iterable[Viewer], played: Round | None) -> None:
        """``show``'s frames, from ``played`` (the round a move made here left at this very state) when
        there is one."""
        # words in the viewer's language: a result's pattern names, the computer seats' names
        named = (state.last_hand is not None and state.status in ("between", "over")) or any(
            seat.computer is not None for seat in state.seats
        )
        views: dict[tuple[int | None, Lang | None], list[Viewer]] = {}
        for viewer in viewers:
            views.setdefault((viewer.view_in(state), viewer.lang if named else None), []).append(viewer)
        hand = played if played is not None or state.hand is None else shown_round(state)  # once for every view
        shared = shared_frame(state, version, self.clock(), hand)  # what every view holds alike
        place = place_of_table(state)
        built: dict[int | None, dict[str, Any]] = {}
        log: str | None = None  # the hand's log, alike in every view of a version: written once
        for (view, lang), group in views.items():
            shown = built.get(view)
            if shown is None:
                shown = built[view] = _in_tournament(frame_of(shared, view), place)
            if view is SPECTATOR and hand is not None and behind(state):
                # a tournament table's watchers, one hand behind (SPEC §9): its own frame, no log spliced
                behind_frame = _in_tournament(one_hand_behind(shown, state, hand.dealer), place)
                said = behind_frame if lang is None else _named(behind_frame, lang)
                unchanged = _json_text({key: value for key, value in said.items() if key not in ("version", "step")})
                for viewer in group:
                    viewer.offer_behind(version, _json_text(said), unchanged)
                continue
            if log is None:
                log = _json_text(shown["log"])
            text = _with_log(shown if lang is None else _named(shown, lang), log)
            for viewer in group:
                viewer.offer(version, view, text)

    async def _close_table(self, table_id: str) -> None:
        viewers = self._watching.pop(table_id, set())
        self._newest.pop(table_id, None)
        await asyncio.gather(*(_close(viewer.socket, WSCloseCode.GOING_AWAY) for viewer in viewers))


def _in_tournament(shown: dict[str, Any], place: Place | None) -> dict[str, Any]:
    """A tournament table's frame names its tournament (``tournament``: its id), for the page's way back
    to it; any other table's frame is left as it is."""
    return shown if place is None else {**shown, "tournament": place.tournament_id}


def _with_log(shown: dict[str, Any], log: str) -> str:
    """``shown`` as JSON, its ``log`` spliced in as ``log`` writes it: the longest field of a frame late
    in a hand, the same for every viewer, so its text is made once per change rather than once a view."""
    text = _json_text({key: value for key, value in shown.items() if key != "log"})
    return f'{text[:-1]},"log":{log}}}'


def _named(shown: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """``shown`` with its words in ``lang``: the computer seats' names (in ``seats`` and the ``sheet``)
    and its result's patterns (``result.names``)."""
    renamed = {
        seat["name"]: computer_name(seat["name"], seat["level"], lang)
        for seat in shown["seats"]
        if seat["kind"] == "computer" and seat["level"] is not None
    }
    said = dict(shown)
    if renamed:
        said["seats"] = [
            {**seat, "name": renamed[seat["name"]]} if seat["kind"] == "computer" and seat["name"] in renamed else seat
            for seat in shown["seats"]
        ]
        said["sheet"] = [
            {**row, "names": {wind: renamed.get(name, name) for wind, name in row["names"].items()}}
            for row in shown["sheet"]
        ]
    result = shown["result"]
    if result is not None:
        names = {key: pattern_name(key, lang) for key in result["patterns"]}
        said["result"] = {**result, "names": names}
    return said

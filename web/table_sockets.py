"""A table page's socket (``GET /table/<id>/socket?lang=xx``, SPEC §7): who it plays, what it may say.

The handshake is refused (nothing opened) for a foreign ``Origin`` (403), an address that opens sockets
faster than it may send requests (429), a player or an address already at its bound of open sockets
(429, ``RateLimits.sockets_per_player`` and ``sockets_per_address``), a table that does not exist (404),
and a handshake asking for a subprotocol (400: the page speaks none). A player of a tournament's round
watching another table of it (SPEC §9's fair play, ``core.tournaments.fair_play``) is refused on the
socket itself, ``{"type": "refused", "error": "fair_play", …}`` then closed (1008), so the page can say why.
Standalone, the socket plays the
``mj_player`` cookie's player on the web's tables (a socket with no valid cookie watches, and its moves
are refused); in the Activity its first message may be ``{"type": "hello", "session": …}``, and it plays
that session's member in that server from then on (a session forged, expired or of another instance:
refused, and the socket closed). It is sent its view of the table at once, then at every change
(``web.table_hub``); after its first frame (and after a hello), ``{"type": "name", …}``: the name its
player sits under and whether the page's form may change it.

Each message is read as untrusted input (``web.table_messages``) and limited per socket
(``RateLimits.socket_message``), a hint per socket and per player too (``RateLimits.table_hint``: an
extra one is refused ``too_fast``): a move goes through ``core.tables.frame.move_of`` to
``TableService.act`` (read against the very state it changes), a refusal is answered
``{"type": "refused", "error": key, "message": words}`` in the socket's language and changes nothing.
A flood, or ``GARBAGE_LIMIT`` messages that are none of the page's, close the socket (1008); so does a
message over ``MESSAGE_LIMIT`` bytes (1009; one of exactly ``MESSAGE_LIMIT`` bytes is taken).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections.abc import Callable
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, hdrs, web
from aiohttp.compression_utils import ZLibCompressor

from core.refusal import Refusal
from core.tables.frame import hint_of, move_of
from core.tables.moves import Actor, Lobby, Move
from core.tables.service import TableService
from core.tables.state import TableState
from core.tournaments.fair_play import may_watch, place_of_table
from core.tournaments.service import TournamentService
from data.ledger import LedgerValueError
from data.live import StoreError
from data.solitaire_ledger import PseudonymRefused, SolitaireLedger
from web import words
from web.activity import ActivityBackend
from web.errors import ApiError, Said, bad_request, too_many
from web.guard import WEB_GUILD, Guard
from web.identity import COOKIE
from web.limits import RateLimits, TokenBuckets
from web.table_hub import TableHub, Viewer
from web.table_messages import MESSAGE_LIMIT, Garbled, Hello, HintMessage, NameMessage, Ping, read
from words.catalog import MissingWord

log = logging.getLogger(__name__)

HEARTBEAT = 20.0
"""Seconds between the server's pings: a page that stops answering them is closed (a phone gone)."""
GARBAGE_LIMIT = 3
"""Messages that are none of the page's after which its socket is closed."""
SEND_WINDOW_BITS = 14
"""The window (2**14: 16 KiB, the frame before and more) and memory level of the compressor a socket sends
its frames through with permessage-deflate (``light_deflate``)."""
SEND_MEMORY_LEVEL = 4
FAIR_PLAY = "fair_play"
"""The refusal of a socket to a player of a tournament's round watching another table of it (SPEC §9)."""


class TableSockets:
    """The socket route, over the hub that shows each socket its table."""

    def __init__(
        self,
        hub: TableHub,
        tables: TableService,
        tournaments: TournamentService,
        ledger: SolitaireLedger,
        guard: Guard,
        activity: ActivityBackend | None,
        clock: Callable[[], float],
        limits: RateLimits,
    ) -> None:
        self.hub = hub
        self.tables = tables
        self.tournaments = tournaments
        self.ledger = ledger
        self.guard = guard
        self.activity = activity
        self.clock = clock
        self.limits = limits
        self._opening = TokenBuckets(limits.address, clock)
        self._hints = TokenBuckets(limits.table_hint, clock)  # per player, whichever socket asks

    async def socket(self, request: web.Request) -> web.StreamResponse:
        lang = words.requested_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        table_id = request.match_info["table"]
        try:
            actor, address = self._admitted(request)
            committed = await self.tables.read(table_id)
        except ApiError as error:
            return refused_page(error, lang)
        except StoreError as error:
            log.warning("a table socket found a store unavailable: %s", error)
            return refused_page(ApiError(503, "store_unavailable", Said("web", "error.store_down")), lang)
        if committed is None:
            return refused_page(ApiError(404, "not_found", Said("web", "error.not_found")), lang)
        if hdrs.SEC_WEBSOCKET_PROTOCOL in request.headers:
            # the page speaks no subprotocol, and a browser that asked for one fails a socket that names
            # none; refused here, before aiohttp's handshake logs the client's text at WARNING
            return refused_page(bad_request("bad_field", hdrs.SEC_WEBSOCKET_PROTOCOL), lang)
        # aiohttp refuses a message of max_msg_size bytes itself: the page may send MESSAGE_LIMIT bytes
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MESSAGE_LIMIT + 1, timeout=2.0)
        if not socket.can_prepare(request).ok:
            return refused_page(ApiError(400, "not_a_socket", Said("web", "error.not_found")), lang)
        await socket.prepare(request)
        light_deflate(socket)
        viewer = Viewer(socket, table_id, actor, lang, address)
        if not await self.fair(viewer, committed.state, viewer.member):
            return socket
        if not self.hub.watch(viewer):  # the server is stopping
            await socket.close(code=WSCloseCode.GOING_AWAY)
            return socket
        try:
            await self.show(viewer)
            await self.tell_name(viewer)
            await Conversation(self, viewer).run()
        finally:
            self.hub.unwatch(viewer)
        return socket

    def _admitted(self, request: web.Request) -> tuple[Actor | None, str]:
        """Who the socket plays (None: a watcher with no valid cookie) and its address, once its origin,
        its address's pace and the bounds on open sockets are checked (``ApiError`` if not)."""
        if not self.guard.same_origin(request):
            raise ApiError(403, "foreign_origin", Said("web", "error.foreign_origin"))
        address = self.guard.address(request)
        if not self._opening.take(address):
            raise too_many()
        if self.hub.open_at(address) >= self.limits.sockets_per_address:
            raise too_many()
        player_id = self.guard.ids.verified(request.cookies.get(COOKIE))
        actor = None if player_id is None else Actor(player_id, WEB_GUILD)
        if actor is not None and self.hub.open_for(actor) >= self.limits.sockets_per_player:
            raise too_many()
        return actor, address

    async def fair(self, viewer: Viewer, state: TableState, member: int | None) -> bool:
        """Whether ``viewer``, playing ``member``, may watch its table under SPEC §9's fair play: a player
        of a tournament's round is refused another table of it until their own has finished. Asked before
        the socket is shown anything as that member. The refusal is said on the socket (a browser cannot
        read a refused handshake's words), which is then closed, and the page stops there; anyone else
        not seated watches one hand behind (``web.table_hub``)."""
        place = place_of_table(state)
        if place is None or member is None or state.seat_of(member) is not None:
            return True
        stored = await self.tournaments.read(place.tournament_id)
        if stored is None or may_watch(stored.tournament, place, member):
            return True
        message = Said("web", "error.fair_play").text(viewer.lang)
        viewer.outbox.say({"type": "refused", "error": FAIR_PLAY, "message": message})
        await viewer.outbox.flushed()
        await viewer.socket.close(code=WSCloseCode.POLICY_VIOLATION)
        return False

    def may_hint(self, actor: Actor) -> bool:
        """Whether ``actor`` may have a hint searched now (``RateLimits.table_hint``): their sockets (their
        tabs) share one pace, so more sockets are no more searches."""
        return self._hints.take(_who(actor))

    async def show(self, viewer: Viewer) -> None:
        """Send ``viewer`` its view of the table as it stands (read after the socket is watched: a change
        made meanwhile reaches it either way, and never an older frame after a newer one)."""
        try:
            committed = await self.tables.read(viewer.table_id)
        except StoreError as error:  # the page connects again later
            log.warning("a table socket found a store unavailable: %s", error)
            await viewer.socket.close(code=WSCloseCode.TRY_AGAIN_LATER)
            return
        if committed is None:
            await viewer.socket.close(code=WSCloseCode.GOING_AWAY)
            return
        self.hub.show(committed.state, committed.version, [viewer])

    async def tell_name(self, viewer: Viewer) -> None:
        """Tell ``viewer``'s socket alone, after the frame it was just offered, the name its player sits
        under (SPEC §7.1) and whether the page may change it: a web player's pseudonym (null: none yet);
        in the Activity the member's display name, which only Discord changes; no player, no name."""
        actor = viewer.actor
        if actor is None:
            name, editable = None, False
        elif _in_activity(actor):
            name, editable = actor.name, False
        else:
            name, editable = await self.ledger.pseudonym(WEB_GUILD, actor.member_id), True
        await viewer.outbox.flushed()  # the frame first
        viewer.outbox.say({"type": "name", "name": name, "editable": editable})

    async def name_of(self, actor: Actor, lang: str) -> str:
        """The name a web player takes a seat under: their pseudonym, or the neutral one."""
        if actor.name:
            return actor.name
        pseudonym = await self.ledger.pseudonym(WEB_GUILD, actor.member_id)
        return pseudonym or words.say("player.unnamed", lang)


class Conversation:
    """One socket's messages, read in order until it closes."""

    def __init__(self, sockets: TableSockets, viewer: Viewer) -> None:
        self.sockets = sockets
        self.viewer = viewer
        self.pace = TokenBuckets(sockets.limits.socket_message, sockets.clock, kept=1)
        self.hint_pace = TokenBuckets(sockets.limits.table_hint, sockets.clock, kept=1)
        self.garbage = 0
        self.heard = 0

    async def run(self) -> None:
        socket = self.viewer.socket
        async for message in socket:
            if message.type is WSMsgType.ERROR:  # one over the size limit: aiohttp closes the socket (1009)
                return
            self.heard += 1
            if _size(message.data) > MESSAGE_LIMIT:  # inflated past it (permessage-deflate): as aiohttp would
                await socket.close(code=WSCloseCode.MESSAGE_TOO_BIG)
                return
            if not self.pace.take(None):
                log.info("a table socket sent messages faster than %s a second: closed", self.pace_rate)
                await self.viewer.outbox.flushed()
                await socket.close(code=WSCloseCode.POLICY_VIOLATION)
                return
            try:
                if message.type is not WSMsgType.TEXT:
                    raise Garbled("bad_json", Said("web", "error.bad_json"))
                await self.answer(read(message.data))
            except Garbled as garbled:
                self.refuse(garbled.error, garbled.said)
                self.garbage += 1
                if self.garbage >= GARBAGE_LIMIT:
                    await self.viewer.outbox.flushed()
                    await socket.close(code=WSCloseCode.POLICY_VIOLATION)
                    return

    @property
    def pace_rate(self) -> float:
        return self.sockets.limits.socket_message.per_second

    async def answer(self, message: Any) -> None:
        if isinstance(message, Hello):
            await self.hello(message)
            return
        if isinstance(message, Ping):
            self.viewer.outbox.say({"type": "pong"})
            return
        actor = self.viewer.actor
        if actor is None:
            self.refuse("not_seated", Said("messages", "not_seated"))
            return
        try:
            if isinstance(message, HintMessage):
                # each hint runs the strong player's search in a worker thread: an extra one is refused
                # before anything is read, and the socket stays open (a page's double tap is no flood)
                if not (self.hint_pace.take(None) and self.sockets.may_hint(actor)):
                    self.refuse("too_fast", Said("web", "error.hint_too_fast"))
                    return
                await self.hint(actor, message.step)
                return
            if isinstance(message, NameMessage):
                await self.rename(actor, message.name)
                return
            await self.move(actor, message.fields())
        except Refusal as refusal:
            self.refuse(refusal.key, Said("messages", refusal.key, refusal.params))
        except StoreError as error:
            log.warning("a table move found a store unavailable: %s", error)
            self.refuse("store_unavailable", Said("web", "error.store_down"))
        except Exception:  # a damaged table, a bug: the move is refused, the socket stays
            log.exception("a move on table %s failed", self.viewer.table_id)
            self.refuse("internal", Said("web", "error.internal"))

    async def move(self, actor: Actor, fields: dict[str, Any]) -> None:
        """The move ``fields`` name, read against the state it changes (``move_of``, in the transition's
        thread); a web player joins under their pseudonym."""
        if fields["action"] == "join" and not actor.name:
            actor = Actor(actor.member_id, actor.guild_id, await self.sockets.name_of(actor, self.viewer.lang))
        member = actor.member_id

        def chosen(state: TableState, now: float) -> Move:
            return move_of(state, member, fields, now)

        await self.sockets.tables.act(self.viewer.table_id, actor, chosen)

    async def rename(self, actor: Actor, name: str | None) -> None:
        """The player's pseudonym set as ``POST /api/name`` sets it (the same rules, lookalikes refused in
        the same words); then, while their table is in its lobby, their seat takes it there (a lobby
        move through the table service: a new version every viewer sees). In the Activity the name is
        the member's display name: refused."""
        if _in_activity(actor):
            raise Refusal("name_in_activity")
        sockets = self.sockets
        try:
            await sockets.ledger.set_pseudonym(WEB_GUILD, actor.member_id, name)
        except PseudonymRefused as refused:
            raise Refusal(refused.key) from None
        except LedgerValueError:
            raise Refusal("sol_name_bad") from None
        stored = await sockets.ledger.pseudonym(WEB_GUILD, actor.member_id)
        committed = await sockets.tables.read(self.viewer.table_id)
        state = None if committed is None else committed.state
        if state is not None and state.status == "lobby" and state.seat_of(actor.member_id) is not None:
            seated = Actor(actor.member_id, actor.guild_id, stored or words.say("player.unnamed", self.viewer.lang))
            with contextlib.suppress(Refusal):  # the match began meanwhile: the seat keeps its name
                await sockets.tables.act(self.viewer.table_id, seated, Lobby("rename"))
        self.viewer.outbox.say({"type": "name", "name": stored, "editable": True})

    async def hint(self, actor: Actor, step: int) -> None:
        """The table's suggested discard for the member at ``step``, searched in a worker thread (the
        strong player's search), sent to this socket alone; refused when there is none to give (not
        their turn, a step gone, a table without hints)."""
        committed = await self.sockets.tables.read(self.viewer.table_id)
        if committed is None:
            raise Refusal("no_table")
        member = actor.member_id
        tiles = await asyncio.to_thread(hint_of, committed.state, member, step)
        if tiles is None:
            raise Refusal("stale" if step != committed.state.step else "not_your_turn")
        self.viewer.outbox.say({"type": "hint", "step": step, "tiles": tiles})

    async def hello(self, hello: Hello) -> None:
        """The Activity's session: the socket plays its member in its server from now on. Only as the
        first message; a session this deployment did not sign, expired, or of another instance is
        refused and the socket closed."""
        activity = self.sockets.activity
        instance = hello.instance if isinstance(hello.instance, str) else None
        session = None if activity is None or self.heard != 1 else activity.session_of(hello.session, instance)
        if session is None:
            self.refuse("bad_session", Said("web", "error.bad_session"))
            await self.viewer.outbox.flushed()
            await self.viewer.socket.close(code=WSCloseCode.POLICY_VIOLATION)
            return
        actor = Actor(session.member_id, session.guild_id, session.name)
        if self.sockets.hub.open_for(actor) >= self.sockets.limits.sockets_per_player:
            self.refuse("too_many_requests", Said("web", "error.too_many"))
            await self.viewer.outbox.flushed()
            await self.viewer.socket.close(code=WSCloseCode.POLICY_VIOLATION)
            return
        committed = await self.sockets.tables.read(self.viewer.table_id)
        if committed is not None and not await self.sockets.fair(self.viewer, committed.state, actor.member_id):
            return
        self.sockets.hub.became(self.viewer, actor)
        await self.sockets.show(self.viewer)
        await self.sockets.tell_name(self.viewer)

    def refuse(self, error: str, said: Said) -> None:
        self.viewer.outbox.say({"type": "refused", "error": error, "message": _words(said, self.viewer.lang)})


def _size(data: object) -> int:
    """A message's size in bytes, as the page sent it: aiohttp checks a compressed message's size only
    once inflated, and one byte past its own limit."""
    if isinstance(data, str):
        return len(data) if len(data) * 4 <= MESSAGE_LIMIT else len(data.encode())
    return len(data) if isinstance(data, bytes) else 0


def _in_activity(actor: Actor) -> bool:
    """The socket plays a Discord member in the Activity (a session's server), not a web player."""
    return actor.guild_id != WEB_GUILD


def _who(actor: Actor) -> tuple[int, int | None]:
    return actor.member_id, actor.guild_id


def _words(said: Said, lang: str) -> str:
    """``said`` in ``lang``; a refusal no catalog words (a bug) is said as an internal error, never as its key."""
    try:
        return said.text(lang)
    except (MissingWord, KeyError, ValueError):
        log.exception("a table refusal has no words: %r", said)
        return words.say("error.internal", lang)


def refused_page(error: ApiError, lang: str) -> web.Response:
    """A refusal of one of the table page's routes, as a browser shows it: its words, in plain text."""
    return web.Response(
        status=error.status,
        text=error.said.text(lang) + "\n",
        headers={"Cache-Control": "no-store"},
    )


class LightDeflate(ZLibCompressor):
    """What a socket's frames are compressed with under permessage-deflate: zlib at aiohttp's level (the
    fastest) with a 16 KiB window and memory level 4, about 72 KiB of buffers, where aiohttp's (the
    32 KiB window the browser allows, memory level 8) takes 256 KiB once its frames have gone through
    them: 160 against 284 KiB of the page's RSS a socket after a minute of play, 48.7 against 35.9 KB
    a classic hand on the wire (docs/measurements.md, 2026-12-06). A frame (6 KB by a hand's end, its
    log included) differs from the one before in a few fields, which deflate finds only within its
    window: a 4 KiB window sent 122 KB a hand, 8 KiB 82 KB (the goal is 60), 32 KiB at memory level 4
    38.4 KB for 223 KiB a socket. A window smaller than the one negotiated needs no word to the browser:
    its inflater reads any stream made with a window up to the one it allowed (RFC 7692 §7.1.2.1)."""

    def __init__(self) -> None:
        # a frame is compressed on the loop, as aiohttp's own are below 16 KiB (a thread would cost more)
        super().__init__(level=zlib.Z_BEST_SPEED, wbits=-SEND_WINDOW_BITS, max_sync_chunk_size=16 * 1024)
        self._compressor = zlib.compressobj(zlib.Z_BEST_SPEED, zlib.DEFLATED, -SEND_WINDOW_BITS, SEND_MEMORY_LEVEL)


def light_deflate(socket: web.WebSocketResponse) -> None:
    """``socket``'s frames compressed by ``LightDeflate`` when it took permessage-deflate: set in its
    writer before anything is sent, where aiohttp makes its own at the first frame (aiohttp gives no
    setting for the server's window or memory level; an aiohttp whose writer differs keeps its own)."""
    writer = getattr(socket, "_writer", None)
    if socket.compress and writer is not None and getattr(writer, "_compressobj", False) is None:
        writer._compressobj = LightDeflate()

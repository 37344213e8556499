"""The gateway websocket: HELLO, IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME with replay, member chunks.

https://discord.com/developers/docs/events/gateway -- one session per IDENTIFY; a session outlives its
socket so that a RESUME replays what was dispatched meanwhile. Frames are JSON text, or a zlib stream
(``compress=zlib-stream``, each message ending in a Z_SYNC_FLUSH) or a zstd stream, as the client asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import traceback
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .state import World

# Opcodes.
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE, RESUME, RECONNECT = 0, 1, 2, 3, 4, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

# Intents (https://discord.com/developers/docs/events/gateway#gateway-intents).
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
GUILD_MESSAGE_REACTIONS = 1 << 10
DIRECT_MESSAGES = 1 << 12
DIRECT_MESSAGE_REACTIONS = 1 << 13
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
ALL_INTENTS = (1 << 26) - 1

HEARTBEAT_INTERVAL_MS = 41250


def _compressor(kind: str | None) -> Callable[[bytes], bytes] | None:
    if kind == "zlib-stream":
        z = zlib.compressobj()
        return lambda raw: z.compress(raw) + z.flush(zlib.Z_SYNC_FLUSH)
    if kind == "zstd-stream":
        try:
            import zstandard  # type: ignore[import-not-found]

            zobj = zstandard.ZstdCompressor().compressobj()
            return lambda raw: zobj.compress(raw) + zobj.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
        except ImportError:
            pass
        try:
            from compression.zstd import ZstdCompressor  # type: ignore[import-not-found]
        except ImportError:
            return None  # no zstd here: text frames, which discord.py reads without decompressing
        zc = ZstdCompressor()
        return lambda raw: bytes(zc.compress(raw, mode=ZstdCompressor.FLUSH_BLOCK))
    return None


@dataclass(eq=False)
class Connection:
    """One websocket, authenticated or not."""

    ws: web.WebSocketResponse
    compression: str | None
    compress: Callable[[bytes], bytes] | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    session: Session | None = None
    closed_by_us: int | None = None

    @property
    def open(self) -> bool:
        return not self.ws.closed

    async def close(self, code: int, reason: str = "") -> None:
        self.closed_by_us = code
        await self.ws.close(code=code, message=reason.encode())

    async def send(self, frame: dict[str, Any]) -> None:
        raw = json.dumps(frame, separators=(",", ":")).encode()
        async with self.lock:
            if self.ws.closed:
                return
            # a socket closing under this send (its client went away) is a dropped connection: the
            # session keeps the frame in its buffer for a RESUME, like one sent after the drop
            with contextlib.suppress(ConnectionResetError):
                if self.compress is None:
                    await self.ws.send_str(raw.decode())
                else:
                    await self.ws.send_bytes(self.compress(raw))


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: tuple[int, int] | None
    seq: int = 0
    buffer: list[dict[str, Any]] = field(default_factory=list)
    conn: Connection | None = None
    ready: bool = False
    ready_at: float = 0.0
    invalid: bool = False
    presence: dict[str, Any] | None = None

    def sees_guild(self, guild_id: int) -> bool:
        return self.shard is None or (guild_id >> 22) % self.shard[1] == self.shard[0]


@dataclass
class SentEvent:
    session_id: str
    name: str
    data: dict[str, Any]
    seq: int


class Gateway:
    def __init__(
        self, world: World, *, allowed_intents: int, application_flags: Callable[[], int], resume_url: Callable[[], str]
    ) -> None:
        self.world = world
        self.allowed_intents = allowed_intents
        self.application_flags = application_flags
        self.resume_url = resume_url
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.received: list[dict[str, Any]] = []  # every frame the bot sent (heartbeats included)
        self.sent: list[SentEvent] = []  # every dispatch delivered to a session
        self.changed = asyncio.Condition()

    # --- state the test API waits on --------------------------------------------------------------------

    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if not s.invalid and s.conn is not None and s.conn.open]

    def ready_session(self) -> Session | None:
        ready = [s for s in self.live_sessions() if s.ready]
        return ready[-1] if ready else None

    async def _notify(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    # --- the websocket --------------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compression = request.query.get("compress")
        if request.query.get("encoding", "json") != "json":
            await ws.close(code=4002, message=b"Only json encoding.")
            return ws
        conn = Connection(ws, compression, _compressor(compression))
        self.connections.append(conn)
        try:
            await conn.send(
                {
                    "op": HELLO,
                    "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake"]},
                    "s": None,
                    "t": None,
                }
            )
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    frame = json.loads(msg.data)
                elif msg.type == WSMsgType.BINARY:
                    frame = json.loads(bytes(msg.data).decode())
                else:
                    break
                self.received.append(frame)
                try:
                    await self._on_frame(conn, frame)
                except Exception as e:  # a bug in the fake
                    self.world.internal_errors.append(
                        f"gateway op {frame.get('op')}: {''.join(traceback.format_exception(e))}"
                    )
        finally:
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                if conn.closed_by_us is None and ws.close_code in (1000, 1001):
                    session.invalid = True  # a clean close by the client ends the session
            if conn in self.connections:
                self.connections.remove(conn)
            await self._notify()
        return ws

    async def _on_frame(self, conn: Connection, frame: dict[str, Any]) -> None:
        op, d = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(conn, d or {})
        elif op == RESUME:
            await self._resume(conn, d or {})
        elif op == REQUEST_MEMBERS:
            if conn.session is None:
                await conn.close(4003, "Not authenticated.")
                return
            await self._members(conn.session, d or {})
        elif op == PRESENCE:
            if conn.session is not None:
                conn.session.presence = d
        elif op == VOICE_STATE:
            pass
        else:
            await conn.close(4001, "Unknown opcode.")

    async def _identify(self, conn: Connection, d: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.close(4005, "Already authenticated.")
            return
        if d.get("token") != self.world.token:
            await conn.close(4004, "Authentication failed.")
            return
        intents = d.get("intents")
        if not isinstance(intents, int) or intents < 0 or intents & ~ALL_INTENTS:
            await conn.close(4013, "Invalid intent(s).")
            return
        if intents & PRIVILEGED & ~self.allowed_intents:
            await conn.close(4014, "Disallowed intent(s).")
            return
        shard = d.get("shard")
        session = Session(secrets.token_hex(16), intents, (int(shard[0]), int(shard[1])) if shard else None)
        self.sessions[session.id] = session
        session.conn = conn
        conn.session = session
        guilds = [g for g in self.world.guilds if session.sees_guild(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.current_user(self.world.bot),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_url(),
            "application": {"id": str(self.world.application_id), "flags": self.application_flags()},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["fake"],
            "user_settings": {},
            "_trace": ['["fake-gateway",{}]'],
        }
        if shard:
            ready["shard"] = [int(shard[0]), int(shard[1])]
        await self._send_event(session, "READY", ready)
        if intents & GUILDS:
            for g in guilds:
                await self._send_event(session, "GUILD_CREATE", payloads.guild_create(g, self.world))
        session.ready = True
        session.ready_at = asyncio.get_running_loop().time()
        await self._notify()

    async def _resume(self, conn: Connection, d: dict[str, Any]) -> None:
        session = self.sessions.get(str(d.get("session_id")))
        if session is None or session.invalid or d.get("token") != self.world.token:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        old = session.conn
        session.conn = conn
        conn.session = session
        if old is not None and old is not conn and old.open:
            await old.close(4000)
        seq = int(d.get("seq") or 0)
        for frame in session.buffer:
            if frame["s"] > seq:
                await conn.send(frame)
        await self._send_event(session, "RESUMED", {"_trace": ["fake-gateway"]})
        await self._notify()

    async def _members(self, session: Session, d: dict[str, Any]) -> None:
        guild = self.world.guild(int(d.get("guild_id", 0)))
        if guild is None:
            return
        query = d.get("query")
        user_ids = d.get("user_ids")
        limit = int(d.get("limit") or 0)
        members = list(guild.members.values())
        not_found: list[str] = []
        if user_ids is not None:
            wanted = [int(u) for u in (user_ids if isinstance(user_ids, list) else [user_ids])]
            members = [m for m in members if m.user_id in wanted]
            not_found = [str(u) for u in wanted if u not in guild.members]
        elif query:
            q = str(query).lower()
            members = [m for m in members if m.name.lower().startswith(q) or (m.nick or "").lower().startswith(q)]
        elif not session.intents & GUILD_MEMBERS:
            members = []  # the whole list needs the GUILD_MEMBERS intent
        if limit:
            members = members[:limit]
        chunks = [members[i : i + 1000] for i in range(0, len(members), 1000)] or [[]]
        for index, chunk in enumerate(chunks):
            data: dict[str, Any] = {
                "guild_id": str(guild.id),
                "members": [payloads.member(m) for m in chunk],
                "chunk_index": index,
                "chunk_count": len(chunks),
            }
            if not_found:
                data["not_found"] = not_found
            if d.get("presences"):
                data["presences"] = []
            if d.get("nonce") is not None:
                data["nonce"] = d["nonce"]
            await self._send_event(session, "GUILD_MEMBERS_CHUNK", data)

    # --- sending ----------------------------------------------------------------------------------------------

    async def _send_event(self, session: Session, name: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": name, "s": session.seq, "d": data}
        session.buffer.append(frame)
        self.sent.append(SentEvent(session.id, name, data, session.seq))
        if session.conn is not None and session.conn.open:
            await session.conn.send(frame)

    async def dispatch(
        self,
        name: str,
        data: dict[str, Any],
        *,
        intent: int | None = None,
        guild_id: int | None = None,
        gate_content: Callable[[Session], dict[str, Any]] | None = None,
    ) -> int:
        """Sends an event to every session that may receive it; returns how many did.

        ``intent``: the intent a session needs; ``gate_content``: the payload for sessions without the
        MESSAGE_CONTENT intent. Sessions momentarily without a socket buffer the event for a RESUME.
        """
        count = 0
        for session in list(self.sessions.values()):
            if session.invalid or not session.ready:
                continue
            if intent is not None and not session.intents & intent:
                continue
            if guild_id is not None and not session.sees_guild(guild_id):
                continue
            payload = data
            if gate_content is not None and not session.intents & MESSAGE_CONTENT:
                payload = gate_content(session)
            await self._send_event(session, name, payload)
            count += 1
        return count

    async def send_op(self, op: int, d: Any) -> None:
        """An opcode to every live connection (RECONNECT, INVALID_SESSION, HEARTBEAT)."""
        for s in self.live_sessions():
            assert s.conn is not None
            await s.conn.send({"op": op, "d": d, "s": None, "t": None})

    async def close_connections(self, code: int) -> None:
        for conn in list(self.connections):
            if conn.open:
                await conn.close(code)

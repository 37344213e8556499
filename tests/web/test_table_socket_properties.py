"""Whatever a stranger sends on a table's socket, the server answers it without failing, logs no
traceback, changes nothing when it refuses, and never shows a tile outside SPEC §7's fields (issue 48;
``test_api_properties.py`` holds the same of the API). Hypothesis draws any JSON, messages shaped as the
page's with any values (and with values a frame offered), any text and any bytes (as text frames, UTF-8
or not, and as binary ones), in sequences, sent on the socket of the seated player of a Hong Kong table
being played (three computers, the clock held still) by the server the socket tests use
(``open_table_site``), in an event loop of the module's own. Each message is answered by a refusal, a
hint, a newer frame (a move the table took) or the socket's close; every frame is held to
``tests.frame_rule`` (``Socket.receive``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import pathlib
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.test_api_properties import Records
from tests.web.test_table_api import Browser, Socket, TableSite, open_table_site
from web.limits import Rate
from web.table_messages import ACTIONS

UNLIMITED = Rate(1e9, 1e9)
EXAMPLES = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FIELDS = ("type", "action", "step", "tiles", "seat", "choice", "session", "instance")
FACES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + [f"{rank}z" for rank in range(1, 8)]

any_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)  # what a page can send as text
any_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text | st.sampled_from(FIELDS), inner, max_size=4),
    max_leaves=12,
)
near_values = (
    st.sampled_from(["move", "hint", "standing", "hello", "frame"])
    | st.sampled_from(sorted(ACTIONS))
    | st.sampled_from(FACES)
    | st.sampled_from(["E", "S", "W", "N", "auto_win", "no_calls", "auto_discard"])
    | st.integers(min_value=-2, max_value=40)
    | st.just("current")  # the step of the frame shown
    | any_json
)
shaped = st.fixed_dictionaries(
    {"type": st.sampled_from(["move", "hint", "standing", "hello"])},
    optional={name: near_values for name in FIELDS[1:]},
)
Sent = tuple[str, Any]  # ("json" | "text" | "bytes" | "binary" | "offered", what)
one_message = (
    st.tuples(st.just("json"), any_json | shaped)
    | st.tuples(st.just("text"), any_text)
    | st.tuples(st.just("bytes"), st.binary(max_size=1100))
    | st.tuples(st.just("binary"), st.binary(max_size=64))
)


@dataclass
class Harness:
    loop: asyncio.AbstractEventLoop
    site: TableSite
    player: Browser
    table_id: str
    records: Records

    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(work)

    async def version(self) -> int:
        return (await self.site.table(self.table_id))[1]

    async def conversation(self, messages: list[Sent]) -> None:
        """``messages`` sent in turn on a new socket of the seated player, each answered before the next."""
        socket = await self.player.socket(self.table_id)
        try:
            await socket.frame()
            await self.until_offered(socket)
            for kind, what in messages:
                await self.site.settle()  # what follows a move taken (its ledger entries, its result) is done
                before = await self.version()
                await send(socket, kind, what, socket.last)
                answer = await answer_to(socket, before)
                if answer is None or answer["type"] == "refused":  # refused, or closed: nothing changed
                    assert await self.version() == before, (kind, what, answer)
                if answer is not None and answer["type"] == "refused":
                    assert answer["error"] not in ("internal", "store_unavailable"), answer
                if answer is None:
                    break
        finally:
            await socket.close()
            await self.site.settle()

    async def until_offered(self, socket: Socket) -> None:
        """The table's clock woken by hand (the computers' pauses, claim windows, deadlines) until the
        player is offered a move and none of these is due: from then on only the messages sent move the
        table, so a refused one is seen to change nothing. (Its bookkeeping wake, a result no Discord
        message has posted, is left alone: it changes no move.)"""
        for tries in range(60):
            await self.site.settle()
            state, _ = await self.site.table(self.table_id)
            timers = (state.deadline, state.computer_at, state.hold_until)
            if any(moment is not None and moment <= self.site.clock.now for moment in timers):
                await self.site.application.table_clock.wake(self.table_id)
                continue
            await quiet(socket)
            if tries >= 30 or any(action["action"] != "hint" for action in socket.last["actions"]):
                return  # offered a move, or the table plays for them (their standing choices)
            self.site.clock.now += 2.0
        raise AssertionError("the table's timers stay due")

    def check(self, messages: list[Sent]) -> None:
        self.run(self.conversation(messages))
        assert self.records.bad == [], [record.getMessage() for record in self.records.bad]


async def send(socket: Socket, kind: str, what: Any, shown: dict[str, Any]) -> None:
    """``what`` sent as ``kind`` says; ``"current"`` as a step is the step of the frame ``shown``, and an
    ``offered`` move is that frame's action of index ``what`` (modulo their number)."""
    connection = socket.connection
    if kind == "offered":
        offered = [action for action in shown["actions"] if action["action"] != "hint"] or [{"action": "pass"}]
        what = {"type": "move", **offered[what % len(offered)], "step": "current"}
        kind = "json"
    if kind == "json":
        if isinstance(what, dict) and what.get("step") == "current":
            what = {**what, "step": shown["step"]}
        await connection.send_str(json.dumps(what))  # NaN and lone surrogates as json writes them
    elif kind == "text":
        await connection.send_str(what)
    elif kind == "bytes":  # a text frame of any bytes: UTF-8 or not, any length
        await connection.send_frame(what, aiohttp.WSMsgType.TEXT)
    else:
        await connection.send_bytes(what)


async def quiet(socket: Socket) -> None:
    """The frames sent to ``socket`` read until none comes for a moment (a change that shows nothing new,
    its bookkeeping, sends none)."""
    with contextlib.suppress(TimeoutError):
        while await socket.receive(0.01) is not None:
            pass


async def answer_to(socket: Socket, before: int) -> dict[str, Any] | None:
    """The answer to the message just sent: a refusal or a hint, a frame newer than version ``before``
    (a move taken), or None when the socket was closed."""
    async with asyncio.timeout(5):
        while True:
            said = await socket.receive()
            if said is None or said["type"] in ("refused", "hint"):
                return said
            if said["type"] == "frame" and said["version"] > before:  # (a late name or pong is no answer)
                return said


async def _seated(folder: pathlib.Path) -> Harness:
    site = await open_table_site(
        folder,
        tick=3600.0,  # the clock is woken by hand (``Harness.until_offered``), never while a message is read
        address=UNLIMITED,
        player=UNLIMITED,
        socket_message=UNLIMITED,
        new_table=UNLIMITED,
        sockets_per_player=10_000,
        sockets_per_address=10_000,
    )
    player = await site.browser()
    table_id = await player.new_table("rules=hongkong&computers=3")
    socket = await player.socket(table_id)
    await socket.frame()
    await socket.move("start")
    assert (await socket.frame(2))["state"] == "playing"
    await socket.close()
    await site.settle()
    return Harness(asyncio.get_running_loop(), site, player, table_id, Records())


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    loop = asyncio.new_event_loop()
    with tempfile.TemporaryDirectory() as folder:
        opened = loop.run_until_complete(_seated(pathlib.Path(folder)))
        logging.getLogger().addHandler(opened.records)
        try:
            yield opened
        finally:
            logging.getLogger().removeHandler(opened.records)
            loop.run_until_complete(opened.site.close())
            loop.close()


@EXAMPLES
@given(message=one_message)
def test_any_message(harness: Harness, message: Sent) -> None:
    harness.check([message])


@EXAMPLES
@given(
    messages=st.lists(
        st.tuples(st.just("offered"), st.integers(min_value=0, max_value=20))
        | st.tuples(
            st.just("json"),
            st.fixed_dictionaries(
                {"type": st.just("move"), "action": st.sampled_from(sorted(ACTIONS)), "step": st.just("current")},
                optional={"tiles": st.sampled_from(FACES), "seat": st.sampled_from(["E", "S", "W", "N"])},
            ),
        )
        | one_message,
        min_size=1,
        max_size=6,
    )
)
def test_any_sequence_of_messages(harness: Harness, messages: list[Sent]) -> None:
    """Moves the frame offers, moves of the page's actions at the current step, and anything else, in
    any order: the table takes some (the hands go on, and the frames keep the rule), refuses the rest."""
    harness.check(messages)
